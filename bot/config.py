"""Configuration: a TOML file (optional) plus secrets from the environment, validated at start.

With no file the bot runs offline on defaults: SQLite store under the data directory, no LLM,
one repo (vllm-project/vllm). Every error names the file and the key and is raised as
ConfigError with a one-line message; no pydantic or TOML traceback reaches a user.
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from handlers.errors import BotError

DEFAULT_REPO = "vllm-project/vllm"
SECRET_ENV = (
    "GITHUB_TOKEN",
    "ANTHROPIC_API_KEY",
    "SLACK_BOT_TOKEN",
    "SLACK_SIGNING_SECRET",
    "SLACK_APP_TOKEN",
    "DISCORD_TOKEN",
)
PLATFORMS = ("slack", "discord")
# Keys whose name says "secret", and values that look like one, are refused in the file.
_SECRET_KEY = re.compile(r"(token|secret|api_?key|password|passwd)$", re.IGNORECASE)
_SECRET_VALUE = re.compile(r"^(xox[abposr]-|xapp-|ghp_|gho_|ghs_|github_pat_|sk-ant-)")
_REPO_NAME = re.compile(r"^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$")
_COMMAND = re.compile(r"^[a-z0-9_-]{1,32}$")


class ConfigError(BotError):
    """Invalid configuration; the message names the file and the key."""


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _no_credentials(value: str | None) -> str | None:
    """A URL in the config file must not carry a user, password or token (`http://TOKEN@host`):
    secrets come only from environment variables. The message never repeats the URL."""
    if value and "@" in value.partition("://")[2].split("/", 1)[0]:
        raise ValueError(
            "the URL holds credentials (a user, password or token before '@'); remove them: "
            "secrets are read only from environment variables"
        )
    return value


class StoreConfig(_Section):
    url: str = ""  # empty: sqlite:///<data_dir>/prbot.db; a Redis password goes in REDIS_URL
    redis_prefix: str = "prbot:"

    _url = field_validator("url")(_no_credentials)


class GitHubConfig(_Section):
    base_url: str = "https://api.github.com"
    timeout_seconds: float = Field(15.0, gt=0)
    max_retries: int = Field(4, ge=0, le=10)
    min_remaining: int = Field(50, ge=0)  # wait for the reset below this many requests left
    max_wait_seconds: float = Field(900.0, ge=0)  # never sleep longer than this for a reset

    _url = field_validator("base_url")(_no_credentials)


class LLMConfig(_Section):
    provider: Literal["anthropic", "none"] = "none"
    model: str = "claude-sonnet-5"
    base_url: str | None = None
    timeout_seconds: float = Field(60.0, gt=0)
    max_retries: int = Field(3, ge=0, le=10)
    max_concurrency: int = Field(4, ge=1, le=64)
    batch_size: int = Field(20, ge=1, le=100)
    # Bulk classification (`classify`, the scheduler's refresh/weekly jobs) as one Message Batch.
    use_batches_api: bool = False
    batch_poll_seconds: float = Field(30.0, gt=0)  # between status checks of a pending batch
    batch_max_wait_seconds: float = Field(86400.0, gt=0)  # then cancel; its PRs use the heuristic
    # PR-body characters sent per PR when classifying (after clean_body); bench/classify_llm.py
    classify_body_chars: int = Field(1500, ge=0, le=20000)
    digest_max_tokens: int = Field(4000, ge=256)
    answer_max_tokens: int = Field(800, ge=64)

    _url = field_validator("base_url")(_no_credentials)


class SlackConfig(_Section):
    mode: Literal["socket", "http"] = "socket"
    host: str = "0.0.0.0"
    port: int = Field(3000, ge=0, le=65535)
    api_base_url: str = "https://slack.com/api/"
    ephemeral_answers: bool = False
    # Slack allows about one message per second per channel, with short bursts.
    channel_posts_per_second: float = Field(1.0, ge=0)  # 0: no pacing (tests)
    channel_burst: int = Field(3, ge=1, le=50)

    _url = field_validator("api_base_url")(_no_credentials)


class DiscordConfig(_Section):
    guild_ids: tuple[int, ...] = ()  # empty: commands synced globally
    api_base_url: str | None = None  # None: Discord's own; set for stand-ins
    message_content_intent: bool = True

    _url = field_validator("api_base_url")(_no_credentials)


class HealthConfig(_Section):
    host: str = "127.0.0.1"
    port: int = Field(8080, ge=0, le=65535)


class RunConfig(_Section):
    """`python -m bot run`: exactly-once posting and shutdown (added by the run helper)."""

    # How long a digest post's claim blocks other processes; must exceed post_timeout_seconds.
    claim_ttl_seconds: float = Field(600.0, gt=0)
    # A post not answered within this is treated as "maybe posted": not retried before the claim lapses.
    post_timeout_seconds: float = Field(120.0, gt=0)
    # On SIGTERM/SIGINT, how long in-flight posts and jobs may take to finish before being cancelled.
    shutdown_seconds: float = Field(20.0, ge=0)

    @model_validator(mode="after")
    def _ttl(self) -> RunConfig:
        if self.claim_ttl_seconds <= self.post_timeout_seconds:
            raise ValueError(
                "claim_ttl_seconds must be larger than post_timeout_seconds, or a slow post could be repeated"
            )
        return self


class QueryConfig(_Section):
    default_days: int = Field(7, ge=1, le=366)
    max_items: int = Field(10, ge=1, le=50)


class FollowupConfig(_Section):
    thread_ttl_days: float = Field(14, gt=0)
    llm_per_user_per_hour: int = Field(20, ge=0)
    llm_per_channel_per_hour: int = Field(60, ge=0)
    max_turns: int = Field(6, ge=0, le=50)
    # Commands and follow-ups answered per person / per channel per minute (0: no limit).
    per_user_per_minute: int = Field(10, ge=0)
    per_channel_per_minute: int = Field(30, ge=0)


class SubscriptionsConfig(_Section):
    """`/vllm subscribe`: who may change channel subscriptions, and how many there may be."""

    # Platform user IDs (Slack U…, Discord numeric) allowed to change channel subscriptions; empty:
    # any Slack channel member, Discord members with Manage Channels.
    admins: tuple[str, ...] = ()
    max_per_channel: int = Field(20, ge=1)
    max_per_user: int = Field(10, ge=1)
    warn_per_week: int = Field(25, ge=1)  # creation warns when last week's volume is above this
    lookback_days: int = Field(14, ge=1, le=90)  # a PR matching later is still delivered this long


class DigestConfig(_Section):
    schedule: str = "0 9 * * mon"  # cron, in the repo's timezone; 6 fields put seconds first (tests)
    scope: Literal["opened_or_merged", "opened", "merged"] = "opened_or_merged"
    slack_channels: tuple[str, ...] = ()
    discord_channels: tuple[int, ...] = ()
    include_bots: bool = False
    grace_hours: float = Field(24, ge=0)
    refresh_minutes: int = Field(60, ge=1)

    @field_validator("schedule")
    @classmethod
    def _cron(cls, value: str) -> str:
        from bot.cron import parse_cron

        try:
            parse_cron(value)
        except ValueError as exc:
            raise ValueError(f"invalid cron expression {value!r}: {exc}") from None
        return value


class RepoConfig(_Section):
    name: str
    command: str = ""  # slash command without "/", default: the repo's short name
    timezone: str = "UTC"
    week_start: Literal["monday", "sunday"] = "monday"
    taxonomy: str = ""  # a shipped taxonomy name ("vllm", "generic") or a path; "" picks by repo
    digest: DigestConfig = DigestConfig()

    @field_validator("name")
    @classmethod
    def _name(cls, value: str) -> str:
        if not _REPO_NAME.match(value):
            raise ValueError(f"repository must look like OWNER/NAME, got {value!r}")
        return value

    @field_validator("timezone")
    @classmethod
    def _tz(cls, value: str) -> str:
        try:
            ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError):
            raise ValueError(f"unknown timezone {value!r} (use an IANA name like 'Europe/Berlin')") from None
        return value

    @model_validator(mode="after")
    def _default_command(self) -> RepoConfig:
        if not self.command:
            object.__setattr__(self, "command", self.name.split("/", 1)[1].lower().replace(".", "-")[:32])
        if not _COMMAND.match(self.command):
            raise ValueError(f"command {self.command!r} must be 1-32 lower-case letters, digits, - or _")
        return self

    @property
    def tz(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)


class FileConfig(_Section):
    data_dir: str = ""
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"
    store: StoreConfig = StoreConfig()
    github: GitHubConfig = GitHubConfig()
    llm: LLMConfig = LLMConfig()
    slack: SlackConfig = SlackConfig()
    discord: DiscordConfig = DiscordConfig()
    health: HealthConfig = HealthConfig()
    run: RunConfig = RunConfig()
    query: QueryConfig = QueryConfig()
    followup: FollowupConfig = FollowupConfig()
    subscriptions: SubscriptionsConfig = SubscriptionsConfig()
    repos: tuple[RepoConfig, ...] = (RepoConfig(name=DEFAULT_REPO),)

    @model_validator(mode="after")
    def _unique(self) -> FileConfig:
        if not self.repos:
            raise ValueError("at least one [[repos]] table is needed")
        names = [r.name.lower() for r in self.repos]
        commands = [r.command for r in self.repos]
        for label, values in (("name", names), ("command", commands)):
            dupes = sorted({v for v in values if values.count(v) > 1})
            if dupes:
                raise ValueError(f"repos: duplicate {label} {', '.join(dupes)}")
        return self


def platform_secrets(slack_mode: str) -> dict[str, tuple[str, ...]]:
    """The one statement of which environment variables each chat platform needs (Slack: the bot
    token, and the app token in Socket Mode or the signing secret in HTTP mode)."""
    slack_second = "SLACK_APP_TOKEN" if slack_mode == "socket" else "SLACK_SIGNING_SECRET"
    return {"slack": ("SLACK_BOT_TOKEN", slack_second), "discord": ("DISCORD_TOKEN",)}


@dataclass(frozen=True)
class Secrets:
    """Secrets, only ever from the environment. `present()` names them without values."""

    github_token: str | None = None
    anthropic_api_key: str | None = None
    slack_bot_token: str | None = None
    slack_signing_secret: str | None = None
    slack_app_token: str | None = None
    discord_token: str | None = None

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> Secrets:
        env = dict(os.environ) if env is None else env
        return cls(*(env.get(name) or None for name in SECRET_ENV))

    def present(self) -> dict[str, bool]:
        return {name: bool(value) for name, value in zip(SECRET_ENV, self.values(), strict=True)}

    def missing(self, names: tuple[str, ...]) -> tuple[str, ...]:
        """Those of the environment variables `names` that are not set."""
        present = self.present()
        return tuple(name for name in names if not present[name])

    def values(self) -> tuple[str | None, ...]:
        return (
            self.github_token,
            self.anthropic_api_key,
            self.slack_bot_token,
            self.slack_signing_secret,
            self.slack_app_token,
            self.discord_token,
        )

    def __repr__(self) -> str:  # never print a secret by accident
        return (
            "Secrets(" + ", ".join(f"{k}={'set' if v else 'unset'}" for k, v in self.present().items()) + ")"
        )


@dataclass(frozen=True)
class Config:
    """The validated file settings, the resolved store URL, secrets, and where they came from."""

    settings: FileConfig
    secrets: Secrets
    store_url: str
    source: str  # the file path, or "defaults"

    def repo(self, name: str | None) -> RepoConfig:
        """The configured repo by name (case-insensitive); an unconfigured name gets defaults."""
        if name is None:
            return self.settings.repos[0]
        for repo in self.settings.repos:
            if repo.name.lower() == name.lower():
                return repo
        try:
            return RepoConfig(name=name)
        except ValidationError as exc:
            raise ConfigError(f"--repo: {exc.errors()[0]['msg'].removeprefix('Value error, ')}") from None

    @property
    def data_dir(self) -> Path:
        return _data_dir(self.settings.data_dir)

    def needed_secrets(self, platform: str) -> tuple[str, ...]:
        """The environment variables `platform` needs in the configured Slack mode."""
        return platform_secrets(self.settings.slack.mode)[platform]

    def platform_needs(self, platform: str) -> str:
        """The environment variables `platform` needs, as text (`SLACK_BOT_TOKEN and ...`)."""
        text = " and ".join(self.needed_secrets(platform))
        return f"{text} ({self.settings.slack.mode} mode)" if platform == "slack" else text

    def enabled_platforms(self) -> tuple[list[str], str]:
        """Which chat platforms the secrets enable, and a hint naming the variables that would
        enable the rest ("" when all are enabled)."""
        enabled = [name for name in PLATFORMS if not self.secrets.missing(self.needed_secrets(name))]
        hints = [
            f"{self.platform_needs(name)} for {name.capitalize()}"
            for name in PLATFORMS
            if name not in enabled
        ]
        return enabled, " or ".join(hints)


def _data_dir(configured: str) -> Path:
    if configured:
        return Path(configured).expanduser()
    if os.environ.get("PRBOT_DATA_DIR"):
        return Path(os.environ["PRBOT_DATA_DIR"]).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "prbot"


def _find_secrets(data: Any, path: str = "") -> list[str]:
    found: list[str] = []
    if isinstance(data, dict):
        for key, value in data.items():
            where = f"{path}.{key}" if path else str(key)
            if _SECRET_KEY.search(str(key)) and value not in (None, ""):
                found.append(where)
            else:
                found += _find_secrets(value, where)
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += _find_secrets(value, f"{path}[{index}]")
    elif isinstance(data, str) and _SECRET_VALUE.match(data):
        found.append(path)
    return found


def _where(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(top level)"


def _describe(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = _where(tuple(err["loc"]))
    if err["type"] == "extra_forbidden":
        return f"unknown key {where}"
    msg = str(err["msg"]).removeprefix("Value error, ")
    return f"{where}: {msg}"


def load_config(
    path: str | os.PathLike[str] | None = None,
    *,
    store_url: str | None = None,
    env: dict[str, str] | None = None,
) -> Config:
    """Read, validate and resolve the configuration.

    `path` None looks at $PRBOT_CONFIG, then ./config.toml; neither present means defaults.
    `store_url` (the CLI's --store) beats REDIS_URL, which beats [store].url.
    """
    env = dict(os.environ) if env is None else env
    source = "defaults"
    data: dict[str, Any] = {}
    chosen = path or env.get("PRBOT_CONFIG") or ("config.toml" if Path("config.toml").is_file() else None)
    if chosen:
        file = Path(chosen).expanduser()
        source = str(file)
        try:
            data = tomllib.loads(file.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise ConfigError(f"{file}: config file not found") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise ConfigError(f"{file}: cannot read config file: {exc}") from None
        except tomllib.TOMLDecodeError as exc:
            raise ConfigError(f"{file}: not valid TOML: {exc}") from None
        leaked = _find_secrets(data)
        if leaked:
            raise ConfigError(
                f"{file}: {leaked[0]} holds a secret; secrets are read only from environment variables "
                f"({', '.join(SECRET_ENV)}): remove it from the file"
            )
    try:
        settings = FileConfig.model_validate(data)
    except ValidationError as exc:
        raise ConfigError(f"{source}: {_describe(exc)}") from None
    url = store_url or env.get("REDIS_URL") or settings.store.url
    if not url:
        url = f"sqlite:///{_data_dir(settings.data_dir) / 'prbot.db'}"
    return Config(settings=settings, secrets=Secrets.from_env(env), store_url=url, source=source)
