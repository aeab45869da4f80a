"""The GitHub pull source: PyGithub behind a small, economical, rate-limit aware interface.

- Economy: the repository is never fetched (lazy objects); PRs are listed newest-updated first,
  100 a page, page by page, so the caller stops at the first page older than it needs; page 1
  can be asked conditionally (ETag -> 304, which GitHub does not charge to the rate limit).
- A window in the past is read through the search API (`updated:A..B`, newest first), so it
  costs its own pages, not every newer PR's; windows of more than 1000 PRs (the search cap)
  are split in two.
- Changed paths come from the GraphQL API, 50 PRs a query (`pullRequest(number:)` under
  aliases, `files(first: 100)`), with further queries only for PRs touching over 100 files.
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
import contextlib
import dataclasses
import itertools
import json
import logging
import math
import threading
import time
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
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

from handlers.errors import BotError
from handlers.models import PullRequest, format_time

log = logging.getLogger(__name__)

PER_PAGE = 100  # GitHub's maximum for the pulls and files listings
FILES_BATCH = 50  # PRs per GraphQL files query: 50 x files(first: 100) = 5,000 nodes, 1 point
FILES_FIRST = 100  # GraphQL's cap on `first`
SEARCH_CAP = 1000  # the search API shows at most this many results of one query
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
        log.warning("GitHub %s %s %s; retrying (%s left)", method or "GET", _path(url), what, retry.total)
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
    total: int | None = None  # how many PRs the whole listing holds, when GitHub says (search)


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
        self._budgets: dict[str, tuple[int, int, int]] = {}  # resource -> (remaining, limit, reset)

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

    def search_pages(
        self, repo: str, since: datetime, until: datetime, etag: str | None = None
    ) -> Generator[PullsPage, None, None]:
        """Yield pages of `repo`'s PRs updated in [since, until), most recently updated first,
        through the search API. With `etag`, page 1 is asked conditionally: unchanged, a single
        not-modified page is yielded (a past window only loses PRs, which changes page 1's count).
        """
        try:
            yield from self._search_pages(repo, since, until, etag)
        except Exception as exc:
            raise _translate(self, repo, exc) from exc

    def _search_pages(
        self, repo: str, since: datetime, until: datetime, etag: str | None
    ) -> Generator[PullsPage, None, None]:
        last = until - timedelta(seconds=1)  # `A..B` is inclusive; GitHub times are whole seconds
        if last < since:
            return
        url = f"{self.base_url}/search/issues"
        params: dict[str, Any] = {
            "q": f"repo:{repo} is:pr updated:{_search_time(since)}..{_search_time(last)}",
            "sort": "updated",
            "order": "desc",
            "per_page": self.per_page,
        }
        seen = 0
        page_number = 1
        while True:
            self._pace("search")
            headers, data = self._gh.requester.requestJsonAndCheck(
                "GET",
                url,
                parameters={**params, "page": page_number},
                headers={"If-None-Match": etag} if etag and page_number == 1 else None,
            )
            self._note_budget(headers)
            if data is None:  # 304 Not Modified
                yield PullsPage([], etag=etag, not_modified=True)
                return
            if not isinstance(data, dict) or not isinstance(data.get("items"), list):
                raise GitHubError(
                    f"GitHub at {self.base_url} answered a search with something that is not a result"
                )
            total = int(data.get("total_count") or 0)
            if page_number == 1 and total > SEARCH_CAP and until - since > timedelta(seconds=2):
                # the search shows only the first 1000: read each half on its own, newest first
                middle = since + (until - since) / 2
                middle = middle.replace(microsecond=0)
                log.info(
                    "%s: %d PRs updated in the window, more than search shows: splitting it", repo, total
                )
                # Page 1 of the whole window stands for it: a past window only loses PRs, which
                # changes its total_count, so this ETag still answers 304 only when nothing changed.
                top_etag: str | None = _header(headers, "etag")
                halves = itertools.chain(
                    self._search_pages(repo, middle, until, None),
                    self._search_pages(repo, since, middle, None),
                )
                for part in halves:
                    yield dataclasses.replace(part, etag=top_etag, total=total)
                    top_etag = None
                return
            keep = page_number == 1
            if data.get("incomplete_results"):
                keep = False  # an ETag of a partial answer must not stand for the window next time
                log.warning("%s: GitHub's search timed out and says its results may be incomplete", repo)
            items = [_issue_as_pull(item) for item in data["items"]]
            page = self._page_of_json(repo, items, _header(headers, "etag") if keep else None)
            yield PullsPage(page.prs, page.etag, skipped=page.skipped, total=total)
            seen += len(items)
            if not items or seen >= min(total, SEARCH_CAP):
                return
            page_number += 1

    def changed_files(self, repo: str, numbers: Sequence[int]) -> dict[int, tuple[str, ...] | None]:
        """The paths each PR changes, from GraphQL: 50 PRs a query, further pages of 100 only
        for PRs touching more. A PR GitHub cannot find maps to None. Needs a token (GitHub's
        GraphQL API answers only authenticated requests)."""
        if not self.has_token:
            raise GitHubError("changed files come from GitHub's GraphQL API, which needs GITHUB_TOKEN")
        try:
            return self._changed_files(repo, list(dict.fromkeys(numbers)))
        except Exception as exc:
            raise _translate(self, repo, exc) from exc

    def _changed_files(self, repo: str, numbers: list[int]) -> dict[int, tuple[str, ...] | None]:
        found: dict[int, list[str] | None] = {n: [] for n in numbers}
        todo: list[tuple[int, str | None]] = [(n, None) for n in numbers]  # (PR, cursor after)
        while todo:
            batch, todo = todo[:FILES_BATCH], todo[FILES_BATCH:]
            answers = self._files_query(repo, batch)
            for number, after in batch:
                node = answers.get(number)
                if node is None:
                    found[number] = None
                    continue
                paths = found[number]
                assert paths is not None
                paths += [f["path"] for f in node["nodes"] if isinstance(f, dict) and f.get("path")]
                info = node.get("pageInfo") or {}
                if info.get("hasNextPage") and info.get("endCursor") and info["endCursor"] != after:
                    todo.append((number, info["endCursor"]))
        return {n: None if paths is None else tuple(paths) for n, paths in found.items()}

    def _files_query(
        self, repo: str, batch: list[tuple[int, str | None]]
    ) -> dict[int, dict[str, Any] | None]:
        """One GraphQL request for a batch of PRs' next page of files, waiting out RATE_LIMITED."""
        owner, name = repo.split("/", 1)
        parts = []
        for number, after in batch:
            args = f"first: {FILES_FIRST}" + (f", after: {json.dumps(after)}" if after else "")
            parts.append(
                f"pr{number}: pullRequest(number: {number}) {{ number files({args}) "
                "{ totalCount pageInfo { hasNextPage endCursor } nodes { path } } }"
            )
        query = (
            "query($owner: String!, $name: String!) { repository(owner: $owner, name: $name) { "
            + " ".join(parts)
            + " } rateLimit { cost remaining resetAt } }"
        )
        variables = {"owner": owner, "name": name}
        for attempt in range(self.max_retries + 1):
            self._pace("graphql")
            headers, data = self._gh.requester.requestJsonAndCheck(
                "POST", self._gh.requester.graphql_url, input={"query": query, "variables": variables}
            )
            self._note_budget(headers)
            if not isinstance(data, dict):
                raise GitHubError(
                    f"GitHub at {self.base_url} answered a GraphQL query with something that is not JSON"
                )
            errors = [e for e in data.get("errors") or [] if isinstance(e, dict)]
            if any(e.get("type") == "RATE_LIMITED" for e in errors):
                if attempt == self.max_retries:
                    break
                self._wait_for_reset(headers, "GraphQL")
                continue
            return self._files_answers(repo, batch, data, errors)
        raise GitHubError(
            f"GitHub at {self.base_url} kept refusing GraphQL queries with a rate limit "
            f"after {self.max_retries} retries: try again later"
        )

    def _files_answers(
        self,
        repo: str,
        batch: list[tuple[int, str | None]],
        data: dict[str, Any],
        errors: list[dict[str, Any]],
    ) -> dict[int, dict[str, Any] | None]:
        repository = (data.get("data") or {}).get("repository")
        missing: set[int] = set()
        for error in errors:
            path = error.get("path") or []
            if error.get("type") == "NOT_FOUND" and len(path) == 2 and str(path[1]).startswith("pr"):
                missing.add(int(str(path[1])[2:]))
                log.warning("%s: GitHub could not find PR %s for its files", repo, str(path[1])[2:])
            elif error.get("type") == "NOT_FOUND" and path == ["repository"]:
                raise UnknownObjectException(404, data, None, error.get("message"))
            else:
                raise GitHubError(
                    f"GitHub at {self.base_url} refused the files query: {error.get('message') or error}"
                )
        if not isinstance(repository, dict):
            raise GitHubError(f"GitHub at {self.base_url} answered the files query without the repository")
        out: dict[int, dict[str, Any] | None] = {}
        for number, _ in batch:
            pull = repository.get(f"pr{number}")
            files = pull.get("files") if isinstance(pull, dict) else None
            if number in missing or not isinstance(files, dict) or not isinstance(files.get("nodes"), list):
                out[number] = None
                continue
            out[number] = files
        return out

    def _wait_for_reset(self, headers: dict[str, Any] | None, what: str) -> None:
        reset = int(_header(headers, "x-ratelimit-reset") or 0)
        wait = max(1.0, reset - time.time() + 1)
        if wait > self.max_wait_seconds:
            raise RateLimitExceededExceedsMaxWait(
                200, {"message": f"{what} rate limit exceeded"}, headers, wait=wait
            )
        at = format_time(datetime.fromtimestamp(reset, UTC)) if reset else "?"
        self._waited_for_reset = reset  # `_pace` must not wait for this reset a second time
        log.warning("GitHub %s rate limit exhausted: waiting %.0f s for the reset at %s", what, wait, at)
        self.meter.sleep(wait)

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
        return self._page_of_json(repo, [_list_json(item) for item in items], etag)

    def _page_of_json(self, repo: str, items: list[dict[str, Any]], etag: str | None) -> PullsPage:
        prs: list[PullRequest] = []
        skipped = 0
        for raw in items:
            try:
                prs.append(PullRequest.from_github(repo, raw))
            except ValueError as exc:
                skipped += 1
                log.warning("%s: skipped a PR record GitHub sent (#%s): %s", repo, raw.get("number"), exc)
        return PullsPage(prs, etag=etag, skipped=skipped)

    def _note_budget(self, headers: dict[str, Any] | None) -> None:
        """Remember a response's budget (GitHub keeps core, search and graphql apart)."""
        resource = _header(headers, "x-ratelimit-resource")
        remaining, limit = _header(headers, "x-ratelimit-remaining"), _header(headers, "x-ratelimit-limit")
        reset = _header(headers, "x-ratelimit-reset")
        if resource and remaining and limit and reset:
            with contextlib.suppress(ValueError):
                self._budgets[resource] = (int(remaining), int(limit), int(reset))

    def _pace(self, resource: str = "core") -> None:
        """Wait for the rate-limit reset when few requests are left (at most max_wait_seconds).

        core: below `min_remaining`; search (30 a minute) and graphql: below a tenth of the limit
        when that is smaller."""
        if resource == "core":
            remaining, limit = self._gh.requester.rate_limiting
            reset = self._gh.requester.rate_limiting_resettime
            floor = self.min_remaining
        elif resource in self._budgets:
            remaining, limit, reset = self._budgets[resource]
            floor = min(self.min_remaining, max(1, limit // 10))
        else:
            return
        if limit < 0 or remaining >= floor or reset == self._waited_for_reset:
            return
        wait = min(max(0.0, reset - time.time() + 1), self.max_wait_seconds)
        self._waited_for_reset = reset
        at = format_time(datetime.fromtimestamp(reset, UTC))
        log.warning(
            "GitHub %s rate limit low (%d of %d left): waiting %.0f s for the reset at %s",
            resource,
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


def _search_time(moment: datetime) -> str:
    """A moment as the search syntax takes it (ISO 8601 with an explicit offset)."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S+00:00")


def _issue_as_pull(item: Any) -> Any:
    """A search result (an issue) in the pulls JSON shape: `merged_at` lives under `pull_request`."""
    if not isinstance(item, dict):
        return item
    out = dict(item)
    link = item.get("pull_request")
    out["merged_at"] = link.get("merged_at") if isinstance(link, dict) else None
    return out


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
    if isinstance(exc, GithubException) and exc.status == 422 and "cannot be searched" in str(exc.data):
        hint = "check the name" + ("" if source.has_token else " (a private repo needs GITHUB_TOKEN)")
        return f"repository {repo} not found at {base} (search: 422): {hint}"
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
