# prbot: the long-running bot (`python -m bot run`). Config at /config/config.toml, secrets from env.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PRBOT_CONFIG=/config/config.toml \
    PRBOT_DATA_DIR=/data \
    PRBOT_HEALTH_PORT=8080

RUN useradd --create-home --uid 10001 --shell /usr/sbin/nologin prbot \
    && mkdir -p /data /config && chown prbot:prbot /data

WORKDIR /app

# Dependencies first, in their own layer: it is rebuilt only when pyproject.toml changes.
COPY pyproject.toml README.md* ./
RUN python -c "import tomllib; print('\n'.join(tomllib.load(open('pyproject.toml','rb'))['project']['dependencies']))" \
        > /tmp/requirements.txt \
    && pip install -r /tmp/requirements.txt

COPY bot ./bot
COPY handlers ./handlers
RUN pip install --no-deps .

USER prbot
VOLUME ["/data"]
EXPOSE 8080

# [health] in the config must listen on 0.0.0.0:8080 (PRBOT_HEALTH_PORT) for this check and for scrapers.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD python -c "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/healthz' % os.environ.get('PRBOT_HEALTH_PORT', '8080'), timeout=4)"

# Exec form: the bot is PID 1's child-free process and receives SIGTERM from `docker stop` directly.
ENTRYPOINT ["python", "-m", "bot"]
CMD ["run"]
