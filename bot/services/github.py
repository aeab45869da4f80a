"""The GitHub pull source: PyGithub behind a small, economical, rate-limit aware interface.

- Economy: the repository is never fetched (lazy objects); PRs are listed newest-updated first,
  100 a page, page by page, so the caller stops at the first page older than it needs; page 1
  can be asked conditionally (ETag -> 304, which GitHub does not charge to the rate limit).
- Every HTTP attempt (retries included) is counted in `requests`.
- Faults: 5xx, dropped connections, and secondary rate limits (403/429, `Retry-After`) are
  retried by PyGithub's `GithubRetry` (urllib3) up to `github.max_retries` times; slow failures
  (timeouts) stop retrying after ~25 s so an unreachable server is reported quickly. When the
  primary budget runs low (`github.min_remaining`) the source waits for the reset, at most
  `github.max_wait_seconds`. All sleeping goes through the injected `sleep`.
- Every failure leaves as a `GitHubError` with one line naming the problem.

PyGithub is synchronous: call these methods from a worker thread (`asyncio.to_thread`).
"""

from __future__ import annotations

import asyncio
import logging
import math
import threading
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Self
from urllib.parse import urlsplit

import github
import requests
from github import Auth, GithubRetry
from github.GithubException import (
    BadCredentialsException,
    GithubException,
    RateLimitExceededExceedsMaxWait,
    RateLimitExceededException,
    UnknownObjectException,
)
from github.GithubObject import GithubObject
from github.PaginatedList import PaginatedList
from urllib3.exceptions import ConnectTimeoutError, MaxRetryError, NewConnectionError, ReadTimeoutError

from bot.services.pr_record import pull_request_from_record
from handlers.errors import BotError
from handlers.models import PullRequest, format_time

log = logging.getLogger(__name__)

PER_PAGE = 100  # GitHub's maximum for the pulls and files listings
FAIL_FAST_SECONDS = 25.0  # give up retrying slow failures (timeouts) after about this long
SECONDARY_WAIT_SECONDS = 60.0  # GitHub: "otherwise wait for at least one minute"


class GitHubError(BotError):
    """GitHub could not be read: bad token, unknown repo, unreachable, rate-limited, failing."""


Sleep = Callable[[float], None]


class RequestMeter:
    """Counts HTTP attempts and time slept; shared by every retry state of one source."""

    def __init__(self, sleep: Sleep) -> None:
        self._sleep = sleep
        self._lock = threading.Lock()
        self.requests = 0
        self.waited = 0.0

    def attempt(self) -> None:
        with self._lock:
            self.requests += 1

    def sleep(self, seconds: float) -> None:
        if seconds <= 0:
            return
        with self._lock:
            self.waited += seconds
        self._sleep(seconds)


class MeteredRetry(GithubRetry):
    """PyGithub's retry policy, plus: every attempt counted, 429 retried like a secondary rate
    limit, sleeps through the meter (capped at `max_wait`), and a time budget for timeouts."""

    def __init__(
        self,
        *,
        meter: RequestMeter,
        timeout: float,
        max_wait: float,
        spent: float = 0.0,
        **kwargs: Any,
    ) -> None:
        self.meter = meter
        self.timeout = timeout
        self.max_wait = max_wait
        self.spent = spent  # estimated seconds this request has lost to slow failures and backoff
        super().__init__(**kwargs)

    def new(self, **kw: Any) -> Self:
        kw.update(meter=self.meter, timeout=self.timeout, max_wait=self.max_wait, spent=self.spent)
        return super().new(**kw)

    def is_retry(self, method: str, status_code: int, has_retry_after: bool = False) -> bool:
        # urllib3 asks this once for every response it receives: the natural place to count them.
        self.meter.attempt()
        return super().is_retry(method, status_code, has_retry_after)

    def increment(
        self,
        method: str | None = None,
        url: str | None = None,
        response: Any = None,
        error: Exception | None = None,
        _pool: Any = None,
        _stacktrace: Any = None,
    ) -> Any:
        if error is not None:
            self.meter.attempt()  # an attempt that got no response at all
        # (NewConnectionError subclasses ConnectTimeoutError, but a refusal is instant)
        slow = isinstance(error, ConnectTimeoutError | ReadTimeoutError) and not isinstance(
            error, NewConnectionError
        )
        retry: MeteredRetry = super().increment(method, url, response, error, _pool, _stacktrace)  # type: ignore[assignment]
        retry.spent = self.spent + (self.timeout if slow else 0.0) + retry.get_backoff_time()
        if slow and retry.spent + self.timeout > FAIL_FAST_SECONDS:
            raise MaxRetryError(_pool, url or "", error) from error
        what = f"answered {response.status}" if response is not None else f"failed ({type(error).__name__})"
        log.warning("GitHub GET %s %s; retrying (%s left)", _path(url), what, retry.total)
        return retry

    def sleep(self, response: Any = None) -> None:
        seconds: float | None = None
        if response is not None and self.respect_retry_after_header:
            seconds = self.get_retry_after(response)
        if seconds is None and response is not None and response.status == 429:
            seconds = max(self.get_backoff_time(), self.secondary_rate_wait)
        if seconds is None:
            seconds = self.get_backoff_time()
        seconds = min(seconds, self.max_wait)
        if seconds > 0:
            why = (
                "as GitHub asked (Retry-After)"
                if response is not None and "Retry-After" in response.headers
                else ""
            )
            log.warning("waiting %.0f s before retrying %s", seconds, why)
            self.meter.sleep(seconds)


def _path(url: str | None) -> str:
    return urlsplit(url or "").path or "/"


def _list_json(obj: GithubObject) -> dict[str, Any]:
    # `raw_data` of a list item "completes" it with one extra GET per PR; the list JSON holds
    # every field we keep, so read it without completing.
    return GithubObject.raw_data.__get__(obj)


@dataclass(frozen=True)
class PullsPage:
    """One page of PRs, newest-updated first. `not_modified`: page 1 matched the given ETag."""

    prs: list[PullRequest]
    etag: str | None = None  # page 1's ETag (to send next time); None on later pages
    not_modified: bool = False
    skipped: int = 0  # records that were not valid PR objects


class GitHubSource:
    """Reads pull requests of public or private repos through PyGithub."""

    def __init__(
        self,
        *,
        base_url: str = "https://api.github.com",
        token: str | None = None,
        timeout_seconds: float = 15.0,
        max_retries: int = 4,
        min_remaining: int = 50,
        max_wait_seconds: float = 900.0,
        sleep: Sleep = time.sleep,
        per_page: int = PER_PAGE,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.max_retries = max_retries
        self.min_remaining = min_remaining
        self.max_wait_seconds = max_wait_seconds
        self.per_page = per_page
        self.has_token = bool(token)
        self.meter = RequestMeter(sleep)
        timeout = max(1, math.ceil(timeout_seconds))  # PyGithub wants whole seconds
        retry = MeteredRetry(
            meter=self.meter,
            timeout=float(timeout),
            max_wait=max_wait_seconds,
            total=max_retries,
            backoff_factor=0.5,
            raise_on_status=False,  # the last 5xx reaches PyGithub, which names the status
            status_forcelist=[429, *range(500, 600)],
            secondary_rate_wait=min(SECONDARY_WAIT_SECONDS, max_wait_seconds),
            max_rate_limit_wait=max_wait_seconds,
        )
        self._gh = github.Github(
            auth=Auth.Token(token) if token else None,
            base_url=self.base_url,
            timeout=timeout,
            per_page=per_page,
            retry=retry,
            seconds_between_requests=None,  # requests are serial; rate limits are handled below
            seconds_between_writes=None,
            lazy=True,  # get_repo() costs no request
            user_agent="prbot (PyGithub)",
        )
        self._waited_for_reset: int | None = None

    # -- counters ------------------------------------------------------------------------------
    @property
    def requests(self) -> int:
        """HTTP requests made so far (every attempt, retries included)."""
        return self.meter.requests

    @property
    def waited_seconds(self) -> float:
        return self.meter.waited

    def close(self) -> None:
        self._gh.close()

    # -- reading -----------------------------------------------------------------------------------
    def pull_pages(self, repo: str, etag: str | None = None) -> Generator[PullsPage, None, None]:
        """Yield pages of `repo`'s PRs (every state), most recently updated first.

        A page is requested only when the previous one has been consumed, so stopping early
        costs nothing. With `etag`, page 1 is asked conditionally; if it is unchanged, a single
        `PullsPage(not_modified=True)` is yielded and nothing else is requested.
        """
        try:
            yield from self._pull_pages(repo, etag)
        except Exception as exc:
            raise _translate(self, repo, exc) from exc

    def _pull_pages(self, repo: str, etag: str | None) -> Generator[PullsPage, None, None]:
        requester = self._gh.requester
        url = f"{self._gh.get_repo(repo).url}/pulls"
        params = {"state": "all", "sort": "updated", "direction": "desc", "per_page": self.per_page}
        headers, data = requester.requestJsonAndCheck(
            "GET", url, parameters=params, headers={"If-None-Match": etag} if etag else None
        )
        first_etag = _header(headers, "etag")
        if data is None:  # 304 Not Modified (no body)
            yield PullsPage([], etag=etag, not_modified=True)
            return
        if not isinstance(data, list):
            raise GitHubError(f"GitHub at {self.base_url} answered something that is not a list of PRs")
        pulls = PaginatedList(
            github.PullRequest.PullRequest, requester, url, params, firstData=data, firstHeaders=headers
        )
        batch: list[Any] = []
        first = True
        for item in pulls:  # PaginatedList fetches the next page (Link: next) only when needed
            batch.append(item)
            if len(batch) == self.per_page:
                yield self._page(repo, batch, first_etag if first else None)
                batch, first = [], False
                self._pace()
        if batch or first:
            yield self._page(repo, batch, first_etag if first else None)

    def files(self, repo: str, pr: PullRequest) -> tuple[str, ...]:
        """The paths a PR changes (`/pulls/{n}/files`, paginated)."""
        try:
            self._pace()
            pull = self._gh.get_repo(repo).get_pull(pr.number)  # lazy: no request
            return tuple(f.filename for f in pull.get_files())
        except Exception as exc:
            raise _translate(self, repo, exc) from exc

    async def pulls_updated_since(self, repo: str, since: datetime) -> list[PullRequest]:
        """The `PullSource` port: every PR updated at or after `since` (newest first)."""

        def collect() -> list[PullRequest]:
            found: list[PullRequest] = []
            for page in self.pull_pages(repo):
                found += [pr for pr in page.prs if pr.updated_at >= since]
                if any(pr.updated_at < since for pr in page.prs):
                    break
            return found

        return await asyncio.to_thread(collect)

    # -- internals -------------------------------------------------------------------------------
    def _page(self, repo: str, items: list[Any], etag: str | None) -> PullsPage:
        prs: list[PullRequest] = []
        skipped = 0
        for item in items:
            raw = _list_json(item)
            try:
                prs.append(pull_request_from_record(repo, raw))
            except ValueError as exc:
                skipped += 1
                log.warning("%s: skipped a PR record GitHub sent (#%s): %s", repo, raw.get("number"), exc)
        return PullsPage(prs, etag=etag, skipped=skipped)

    def _pace(self) -> None:
        """Wait for the rate-limit reset when few requests are left (at most max_wait_seconds)."""
        remaining, limit = self._gh.requester.rate_limiting
        reset = self._gh.requester.rate_limiting_resettime
        if limit < 0 or remaining >= self.min_remaining or reset == self._waited_for_reset:
            return
        wait = min(max(0.0, reset - time.time() + 1), self.max_wait_seconds)
        self._waited_for_reset = reset
        at = format_time(datetime.fromtimestamp(reset, UTC))
        log.warning(
            "GitHub rate limit low (%d of %d left): waiting %.0f s for the reset at %s",
            remaining,
            limit,
            wait,
            at,
        )
        self.meter.sleep(wait)


def _header(headers: dict[str, Any] | None, name: str) -> str | None:
    if not headers:
        return None
    value = headers.get(name) or headers.get(name.lower())
    return str(value) if value else None


def _translate(source: GitHubSource, repo: str, exc: Exception) -> Exception:
    """The one-line GitHubError for a PyGithub, requests or urllib3 failure (others pass through)."""
    if isinstance(exc, GitHubError):
        return exc
    message = _describe(source, repo, exc)
    return exc if message is None else GitHubError(message)


def _describe(source: GitHubSource, repo: str, exc: Exception) -> str | None:
    base = source.base_url
    if isinstance(exc, BadCredentialsException) or (isinstance(exc, GithubException) and exc.status == 401):
        if source.has_token:
            return f"GitHub at {base} rejected the token (401 Bad credentials): check GITHUB_TOKEN"
        return f"GitHub at {base} asks for authentication (401): set GITHUB_TOKEN"
    if isinstance(exc, UnknownObjectException) or (isinstance(exc, GithubException) and exc.status == 404):
        hint = "check the name" + (
            " and that GITHUB_TOKEN can see it"
            if source.has_token
            else " (a private repo needs GITHUB_TOKEN)"
        )
        return f"repository {repo} not found at {base} (404): {hint}"
    if isinstance(exc, RateLimitExceededExceedsMaxWait):
        return (
            f"GitHub rate limit exhausted and the reset is {exc.wait or 0:.0f} s away, more than "
            f"github.max_wait_seconds ({source.max_wait_seconds:.0f}): try again later"
        )
    if isinstance(exc, RateLimitExceededException) or (
        isinstance(exc, GithubException) and (exc.status == 429 or (exc.status == 403 and _retry_after(exc)))
    ):
        return (
            f"GitHub at {base} kept refusing with a rate limit ({exc.status}) "
            f"after {source.max_retries} retries: try again later"
        )
    if isinstance(exc, GithubException) and exc.status >= 500:
        return (
            f"GitHub at {base} kept failing ({exc.status} {exc.message or 'server error'}) "
            f"after {source.max_retries} retries: try again later"
        )
    if isinstance(exc, GithubException):
        return f"GitHub at {base} refused the request ({exc.status}): {exc.message or 'no message'}"
    if isinstance(exc, requests.exceptions.RequestException | MaxRetryError | OSError):
        return f"cannot reach GitHub at {base}: {_reason(exc, base)}"
    return None


def _retry_after(exc: GithubException) -> bool:
    return bool(exc.headers and any(k.lower() == "retry-after" for k in exc.headers))


def _reason(exc: BaseException, base_url: str) -> str:
    """The innermost cause of a connection failure, in a few words."""
    seen = exc
    while True:
        inner = getattr(seen, "reason", None) or (seen.args[0] if seen.args else None)
        if isinstance(inner, BaseException) and inner is not seen:
            seen = inner
            continue
        break
    text = str(seen)
    lowered = text.lower()
    if "refused" in lowered:
        return "connection refused"
    if "resolve" in lowered or "name or service not known" in lowered or "nodename" in lowered:
        return f"cannot resolve the host name {urlsplit(base_url).hostname}"
    if "timed out" in lowered or isinstance(seen, TimeoutError | ReadTimeoutError):
        return "timed out"
    if "unreachable" in lowered:
        return "network unreachable"
    if "aborted" in lowered or "disconnected" in lowered or "reset" in lowered:
        return "the connection was dropped"
    return text.split(": ", 1)[-1][:200] or type(seen).__name__
