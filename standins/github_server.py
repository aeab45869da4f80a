"""A GitHub REST stand-in: a real HTTP server on 127.0.0.1 that PyGithub talks to via `base_url`.

It serves what ingestion needs, the way api.github.com does:

- `GET /repos/{o}/{r}/pulls` with `state`, `sort`, `direction`, `per_page` (max 100), `page`,
  a `Link` header (next/last/first/prev), an `ETag`, and `304 Not Modified` for `If-None-Match`;
- `GET /repos/{o}/{r}/pulls/{n}`, `GET /repos/{o}/{r}/pulls/{n}/files` (paginated), `GET /repos/{o}/{r}`,
  `GET /rate_limit`;
- `GET /search/issues` with `q` (`repo:`, `is:pr`, `updated:` ranges of dates or datetimes),
  `sort=updated`, `order`, `per_page`, `page`: issue-shaped items (`pull_request.merged_at`, no
  `base`), `total_count`, the 1000-result cap (422 beyond it), its own `search` budget (30 a minute);
- `POST /graphql` (standins/github_graphql.py): `repository { pullRequest(number:) { files(first:,
  after:) } }` under aliases, `rateLimit`; it demands a token (401 otherwise), validates `first` (1-100)
  and the 500,000-node limit, answers `RATE_LIMITED` (status 200, `X-RateLimit-Remaining: 0`) when
  its `graphql` budget is spent, and `NOT_FOUND` with partial data for a missing PR;
- `X-RateLimit-*` headers on every answer, per resource (core, search, graphql); a 304 does not use
  up the budget, as on GitHub.

The PRs come from records in GitHub's JSON shape (e.g. `/work/shared/data/vllm/merged-pulls.jsonl`).
The server has its own "now": a record is visible once its `updated_at` has passed, so a test can say
"ingest the week ending 2026-02-13". Tests change the world with `add_pr` / `update_pr` / `set_now`,
break it with `inject` (401, 403 secondary rate limit, 404, 429, 5xx, dropped connections), and read
`hits` to count the requests made. Use it as a context manager; it runs in its own daemon thread.
"""

from __future__ import annotations

import contextlib
import copy
import functools
import hashlib
import json
import re
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

from standins import github_graphql as gql

WEEK_ENDING_2026_02_13 = datetime(2026, 2, 13, tzinfo=UTC)

SECONDARY_MESSAGE = (
    "You have exceeded a secondary rate limit. Please wait a few minutes before you try again."
)
_DEFAULT_MESSAGES = {
    401: "Bad credentials",
    403: SECONDARY_MESSAGE,
    404: "Not Found",
    429: SECONDARY_MESSAGE,
    500: "Server Error",
    502: "Bad Gateway",
    503: "Service Unavailable",
}
_REPO_PATH = re.compile(r"^/repos/(?P<owner>[^/]+)/(?P<name>[^/]+)(?P<rest>/.*)?$")


@functools.lru_cache(maxsize=4)
def _load(path: str) -> tuple[dict[str, Any], ...]:
    with open(path, encoding="utf-8") as fh:
        return tuple(json.loads(line) for line in fh if line.strip())


def load_records(path: str | Path) -> list[dict[str, Any]]:
    """The records of a JSONL file, parsed once per process and shared: the stand-in never
    changes a record in place (`update_pr` replaces it), so they are not copied."""
    return list(_load(str(path)))


def _stamp(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass
class Fault:
    """An injected failure: answer `status` (0: drop the connection) to matching requests."""

    status: int
    times: int | None = 1  # None: forever
    match: str | None = None  # regex searched in "path?query"; None matches every request
    retry_after: int | None = None
    message: str | None = None
    rate_remaining: int | None = None  # e.g. 0 for a primary rate-limit 403

    def matches(self, target: str) -> bool:
        return self.match is None or re.search(self.match, target) is not None


@dataclass(frozen=True)
class Hit:
    """One request the stand-in received."""

    method: str
    path: str
    query: dict[str, str]
    status: int
    headers: dict[str, str] = field(default_factory=dict)


class GitHubStandIn:
    """The server and its world. `base_url` is what goes into PyGithub / `[github] base_url`."""

    def __init__(
        self,
        records: Iterable[dict[str, Any]] = (),
        *,
        repo: str = "vllm-project/vllm",
        now: datetime = WEEK_ENDING_2026_02_13,
        token: str | None = None,
        rate_limit: int = 5000,
    ) -> None:
        self.repo = repo
        self.now = now
        self.token = token  # when set, every request must carry it
        self.rate_limit = rate_limit
        self.rate_remaining = rate_limit
        self.rate_reset = int(time.time()) + 3600
        # the other budgets GitHub keeps apart from `core` (search: per minute; graphql: points per hour)
        self.budgets: dict[str, list[int]] = {
            "search": [30, 30, int(time.time()) + 60],
            "graphql": [5000, 5000, int(time.time()) + 3600],
        }
        self.graphql_queries: list[str] = []  # every GraphQL query text received, in order
        self.hits: list[Hit] = []
        self.faults: list[Fault] = []
        self._prs: dict[int, dict[str, Any]] = {}
        self._files: dict[int, list[str]] = {}
        self._lock = threading.RLock()
        self._sorted: dict[tuple[str, str, str], list[dict[str, Any]]] = {}
        for record in records:
            self._prs[int(record["number"])] = record
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        self._server.daemon_threads = True
        self._thread = threading.Thread(
            target=self._server.serve_forever,
            kwargs={"poll_interval": 0.02},
            name="github-standin",
            daemon=True,
        )

    # -- lifecycle ----------------------------------------------------------------------------
    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def start(self) -> GitHubStandIn:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def __enter__(self) -> GitHubStandIn:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- the world ------------------------------------------------------------------------------
    def set_now(self, now: datetime) -> None:
        with self._lock:
            self.now = now
            self._sorted.clear()

    def add_pr(self, record: dict[str, Any]) -> None:
        """Add (or replace) a PR in GitHub's JSON shape."""
        with self._lock:
            self._prs[int(record["number"])] = copy.deepcopy(record)
            self._sorted.clear()

    def update_pr(self, number: int, **changes: Any) -> dict[str, Any]:
        """Change fields of a PR; `updated_at` defaults to the stand-in's now (as an edit does)."""
        with self._lock:
            record = copy.deepcopy(self._prs[number])
            record.update(changes)
            if "updated_at" not in changes:
                record["updated_at"] = _stamp(self.now)
            self._prs[number] = record
            self._sorted.clear()
            return record

    def set_files(self, number: int, files: list[str]) -> None:
        with self._lock:
            self._files[number] = list(files)

    def pr(self, number: int) -> dict[str, Any]:
        with self._lock:
            return copy.deepcopy(self._prs[number])

    def visible(self, since: datetime | None = None, until: datetime | None = None) -> list[dict[str, Any]]:
        """The PRs the API shows now whose `updated_at` is in [since, until), newest first."""
        lo = _stamp(since) if since else ""
        hi = _stamp(until) if until else "9999"
        return [r for r in self._listing("all", "updated", "desc") if lo <= r["updated_at"] < hi]

    def inject(
        self,
        status: int,
        *,
        times: int | None = 1,
        match: str | None = None,
        retry_after: int | None = None,
        message: str | None = None,
        rate_remaining: int | None = None,
    ) -> Fault:
        """Answer the next `times` matching requests with `status` (0 drops the connection)."""
        fault = Fault(status, times, match, retry_after, message, rate_remaining)
        with self._lock:
            self.faults.append(fault)
        return fault

    def clear_faults(self) -> None:
        with self._lock:
            self.faults.clear()

    def count(self, path_contains: str = "", status: int | None = None) -> int:
        """How many requests hit a path containing `path_contains` (optionally with that status)."""
        with self._lock:
            return sum(
                1 for h in self.hits if path_contains in h.path and (status is None or h.status == status)
            )

    def reset_hits(self) -> None:
        with self._lock:
            self.hits.clear()

    # -- listing ----------------------------------------------------------------------------------
    def _listing(self, state: str, sort: str, direction: str) -> list[dict[str, Any]]:
        key = (state, sort, direction)
        with self._lock:
            cached = self._sorted.get(key)
            if cached is not None:
                return cached
            now = _stamp(self.now)
            rows = [r for r in self._prs.values() if (r.get("updated_at") or r["created_at"]) <= now]
            if state != "all":
                rows = [r for r in rows if r.get("state", "open") == state]
            field_name = {"updated": "updated_at", "created": "created_at"}.get(sort, "created_at")
            rows.sort(
                key=lambda r: (r.get(field_name) or r["created_at"], r["number"]), reverse=direction == "desc"
            )
            self._sorted[key] = rows
            return rows

    def _decorate(self, record: dict[str, Any]) -> dict[str, Any]:
        """Add the fields GitHub always sends that the shared data leaves out."""
        number = int(record["number"])
        out = dict(record)
        out.setdefault("id", 1_000_000 + number)
        out["url"] = f"{self.base_url}/repos/{self.repo}/pulls/{number}"
        out.setdefault("html_url", f"https://github.com/{self.repo}/pull/{number}")
        user = dict(out.get("user") or {"login": "ghost"})
        user.setdefault("type", "Bot" if str(user.get("login", "")).endswith("[bot]") else "User")
        out["user"] = user
        return out

    def _files_of(self, number: int) -> list[dict[str, Any]]:
        names = self._files.get(number)
        if names is None:
            title = str(self._prs[number].get("title", "")).lower()
            area = "docs" if "doc" in title else ("tests" if "test" in title else "vllm")
            names = [f"{area}/pr_{number}/file_{i}.py" for i in range(1 + number % 3)]
        return [
            {"filename": n, "status": "modified", "additions": 1, "deletions": 0, "changes": 1} for n in names
        ]

    # -- HTTP --------------------------------------------------------------------------------------
    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        standin = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = True  # headers and body go out in separate writes

            def log_message(self, format: str, *args: Any) -> None:  # keep test output quiet
                pass

            def do_GET(self) -> None:
                standin._serve(self)

            def do_POST(self) -> None:
                standin._serve(self)

        return Handler

    def _respond(
        self,
        handler: BaseHTTPRequestHandler,
        status: int,
        body: Any = None,
        headers: dict[str, str] | None = None,
        *,
        counts: bool = True,
        resource: str = "core",
        cost: int = 1,
    ) -> int:
        data = b"" if body is None else json.dumps(body).encode("utf-8")
        self._record(handler, status)
        with self._lock:
            if resource == "core":
                if counts and status != 304 and self.rate_remaining > 0:
                    self.rate_remaining -= 1
                limit, remaining, reset = self.rate_limit, self.rate_remaining, self.rate_reset
            else:
                budget = self.budgets[resource]
                if counts and status != 304:
                    budget[1] = max(0, budget[1] - cost)
                limit, remaining, reset = budget
            rate = {
                "X-RateLimit-Limit": str(limit),
                "X-RateLimit-Remaining": str(remaining),
                "X-RateLimit-Reset": str(reset),
                "X-RateLimit-Used": str(limit - remaining),
                "X-RateLimit-Resource": resource,
            }
        handler.send_response(status)
        for key, value in {**rate, **(headers or {})}.items():
            handler.send_header(key, value)
        if status != 304:
            handler.send_header("Content-Type", "application/json; charset=utf-8")
            handler.send_header("Content-Length", str(len(data)))
        handler.end_headers()
        if status != 304:
            handler.wfile.write(data)
        return status

    def _error(
        self,
        handler: BaseHTTPRequestHandler,
        status: int,
        message: str,
        resource: str = "core",
        **headers: str,
    ) -> int:
        body = {
            "message": message,
            "documentation_url": "https://docs.github.com/rest",
            "status": str(status),
        }
        return self._respond(handler, status, body, headers, resource=resource)

    def _serve(self, handler: BaseHTTPRequestHandler) -> None:
        parts = urlsplit(handler.path)
        query = {k: v[-1] for k, v in parse_qs(parts.query).items()}
        target = f"{parts.path}?{parts.query}"
        request_headers = {k.lower(): v for k, v in handler.headers.items()}
        with self._lock:
            fault = next((f for f in self.faults if f.matches(target)), None)
            if fault is not None and fault.times is not None:
                fault.times -= 1
                if fault.times <= 0:
                    self.faults.remove(fault)
        method = handler.command
        body = b""
        if method == "POST":
            length = int(request_headers.get("content-length") or 0)
            body = handler.rfile.read(length) if length else b""
        handler.hit = Hit(method, parts.path, query, 0, request_headers)  # type: ignore[attr-defined]
        if fault is not None:
            self._fault(handler, fault)
        elif method == "POST":
            if parts.path != "/graphql":
                self._error(handler, 404, "Not Found")
            else:
                self._graphql(handler, body, request_headers)
        else:
            self._route(handler, parts.path, query, request_headers)

    def _record(self, handler: BaseHTTPRequestHandler, status: int) -> None:
        """Count a request before it is answered, so a client never sees its answer before the count."""
        hit: Hit = handler.hit  # type: ignore[attr-defined]
        with self._lock:
            self.hits.append(Hit(hit.method, hit.path, hit.query, status, hit.headers))

    def _fault(self, handler: BaseHTTPRequestHandler, fault: Fault) -> int:
        if fault.status == 0:
            self._record(handler, 0)
            handler.close_connection = True
            with contextlib.suppress(OSError):
                handler.connection.shutdown(2)  # the client sees the connection drop mid-request
            return 0
        headers: dict[str, str] = {}
        if fault.retry_after is not None:
            headers["Retry-After"] = str(fault.retry_after)
        if fault.rate_remaining is not None:
            with self._lock:
                self.rate_remaining = fault.rate_remaining
        message = fault.message or _DEFAULT_MESSAGES.get(fault.status, "Error")
        return self._error(handler, fault.status, message, **headers)

    def _route(
        self, handler: BaseHTTPRequestHandler, path: str, query: dict[str, str], headers: dict[str, str]
    ) -> int:
        if self.token is not None:
            auth = headers.get("authorization", "")
            if auth not in (f"token {self.token}", f"Bearer {self.token}"):
                return self._error(handler, 401, "Bad credentials")
        if path == "/rate_limit":
            with self._lock:
                core = {
                    "limit": self.rate_limit,
                    "remaining": self.rate_remaining,
                    "reset": self.rate_reset,
                    "used": self.rate_limit - self.rate_remaining,
                }
                others = {
                    name: {"limit": b[0], "remaining": b[1], "reset": b[2], "used": b[0] - b[1]}
                    for name, b in self.budgets.items()
                }
            body = {"resources": {"core": core, **others}, "rate": core}
            return self._respond(handler, 200, body, counts=False)
        if path == "/search/issues":
            return self._search(handler, path, query, headers)
        found = _REPO_PATH.match(path)
        if not found or f"{found['owner']}/{found['name']}".lower() != self.repo.lower():
            return self._error(handler, 404, "Not Found")
        rest = found["rest"] or ""
        if rest in ("", "/"):
            owner, name = self.repo.split("/")
            body = {
                "id": 1,
                "name": name,
                "full_name": self.repo,
                "owner": {"login": owner, "type": "Organization"},
                "url": f"{self.base_url}/repos/{self.repo}",
                "html_url": f"https://github.com/{self.repo}",
                "default_branch": "main",
            }
            return self._respond(handler, 200, body)
        if rest == "/pulls":
            return self._pulls(handler, path, query, headers)
        single = re.fullmatch(r"/pulls/(\d+)(/files)?", rest)
        if single:
            number = int(single.group(1))
            with self._lock:
                record = self._prs.get(number)
                visible = record is not None and (record.get("updated_at") or "") <= _stamp(self.now)
            if not visible:
                return self._error(handler, 404, "Not Found")
            if single.group(2):
                return self._paged(handler, path, query, self._files_of(number), headers)
            return self._respond(handler, 200, self._decorate(record))  # type: ignore[arg-type]
        return self._error(handler, 404, "Not Found")

    def _refill(self, resource: str) -> list[int]:
        """A budget past its reset starts again full (search: a minute; graphql: an hour)."""
        budget = self.budgets[resource]
        if time.time() >= budget[2]:
            budget[1] = budget[0]
            budget[2] = int(time.time()) + (60 if resource == "search" else 3600)
        return budget

    # -- search -----------------------------------------------------------------------------------
    def _search(
        self, handler: BaseHTTPRequestHandler, path: str, query: dict[str, str], headers: dict[str, str]
    ) -> int:
        """`GET /search/issues`: the qualifiers the bot uses, GitHub's 1000-result cap, the search budget."""
        with self._lock:
            budget = self._refill("search")
            if budget[1] <= 0 and headers.get("if-none-match") is None:
                return self._error(
                    handler, 403, "API rate limit exceeded for 127.0.0.1. (search)", resource="search"
                )
        try:
            wanted = self._search_filter(query.get("q", ""))
        except ValueError as exc:
            return self._error(handler, 422, f"Validation Failed: {exc}", resource="search")
        sort, order = query.get("sort", ""), query.get("order", "desc")
        if sort not in ("", "updated", "created") or order not in ("asc", "desc"):
            return self._error(handler, 422, "Validation Failed", resource="search")
        rows = [r for r in self._listing("all", sort or "updated", order) if wanted(r)]
        per_page, page = self._page_params(query)
        if (page - 1) * per_page >= 1000:
            return self._error(
                handler, 422, "Only the first 1000 search results are available", resource="search"
            )
        items = [self._as_issue(r) for r in rows[(page - 1) * per_page : page * per_page]]
        body = {"total_count": len(rows), "incomplete_results": False, "items": items}
        visible = min(len(rows), 1000)
        return self._paged(
            handler,
            path,
            query,
            items,
            headers,
            already_paged=True,
            total=visible,
            body=body,
            resource="search",
        )

    def _search_filter(self, q: str) -> Any:
        """A predicate for the `q` of an issue search; raises ValueError for what it cannot read."""
        checks = []
        is_pr = False
        for term in q.split():
            key, _, value = term.partition(":")
            if key == "repo":
                if value.lower() != self.repo.lower():
                    raise ValueError(
                        "The listed users and repositories cannot be searched either because the resources "
                        "do not exist or you do not have permission to view them."
                    )
            elif (key, value) in (("is", "pr"), ("type", "pr"), ("is", "pull-request")):
                is_pr = True
            elif key == "updated":
                lo, hi = _search_range(value)
                checks.append(lambda r, lo=lo, hi=hi: lo <= (r.get("updated_at") or r["created_at"]) <= hi)
            else:
                raise ValueError(f"the stand-in does not know the search term {term!r}")
        if not is_pr:
            raise ValueError("the stand-in holds pull requests only: add is:pr")
        return lambda r: all(check(r) for check in checks)

    def _as_issue(self, record: dict[str, Any]) -> dict[str, Any]:
        """A PR as the issues and search APIs show it: `pull_request` links and `merged_at`, no `base`."""
        out = self._decorate(record)
        number = int(out["number"])
        for key in ("base", "head", "merged_at", "merge_commit_sha", "merged", "merged_by"):
            out.pop(key, None)
        out["url"] = f"{self.base_url}/repos/{self.repo}/issues/{number}"
        out["repository_url"] = f"{self.base_url}/repos/{self.repo}"
        out["pull_request"] = {
            "url": f"{self.base_url}/repos/{self.repo}/pulls/{number}",
            "html_url": f"https://github.com/{self.repo}/pull/{number}",
            "diff_url": f"https://github.com/{self.repo}/pull/{number}.diff",
            "patch_url": f"https://github.com/{self.repo}/pull/{number}.patch",
            "merged_at": record.get("merged_at"),
        }
        out["score"] = 1.0
        return out

    # -- GraphQL ------------------------------------------------------------------------------------
    def _graphql(self, handler: BaseHTTPRequestHandler, raw: bytes, headers: dict[str, str]) -> int:
        auth = headers.get("authorization", "")
        if not auth or (
            self.token is not None and auth not in (f"token {self.token}", f"Bearer {self.token}")
        ):
            message = "Bad credentials" if auth else "This endpoint requires you to be authenticated."
            body = {
                "message": message,
                "documentation_url": "https://docs.github.com/graphql/guides/forming-calls-with-graphql#authenticating-with-graphql",
                "status": "401",
            }
            return self._respond(handler, 401, body, resource="graphql", counts=False)
        try:
            request = json.loads(raw or b"null")
        except ValueError:
            body = {
                "message": "Problems parsing JSON",
                "documentation_url": "https://docs.github.com/graphql",
            }
            return self._respond(handler, 400, body, resource="graphql", counts=False)
        if not isinstance(request, dict):
            request = {}
        with self._lock:
            self.graphql_queries.append(str(request.get("query")))
        try:
            plan = gql.parse(request.get("query"), request.get("variables"))
        except gql.GraphQLError as exc:
            return self._respond(handler, 200, {"errors": [exc.entry]}, resource="graphql")
        with self._lock:
            budget = self._refill("graphql")
            if budget[1] < plan.cost:
                budget[1] = 0
                body = {
                    "errors": [{"type": "RATE_LIMITED", "message": "API rate limit exceeded for user ID 1."}]
                }
                return self._respond(handler, 200, body, resource="graphql", counts=False)
        data = gql.execute(
            plan, {"repository": self._gql_repository(plan), "rateLimit": self._gql_rate(plan)}
        )
        body = {"data": data, **({"errors": plan.errors} if plan.errors else {})}
        return self._respond(handler, 200, body, resource="graphql", cost=plan.cost)

    def _gql_rate(self, plan: gql.Plan) -> Any:
        def resolve(f: gql.Field, path: list[Any]) -> dict[str, Any]:
            limit, remaining, reset = self.budgets["graphql"]
            return {
                "cost": plan.cost,
                "limit": limit,
                "remaining": max(0, remaining - plan.cost),
                "used": limit - remaining + plan.cost,
                "resetAt": _stamp(datetime.fromtimestamp(reset, UTC)),
                "nodeCount": plan.nodes,
            }

        return resolve

    def _gql_repository(self, plan: gql.Plan) -> Any:
        def resolve(f: gql.Field, path: list[Any]) -> dict[str, Any] | None:
            wanted = f"{f.args.get('owner')}/{f.args.get('name')}"
            if wanted.lower() != self.repo.lower():
                _gql_error(
                    plan, "NOT_FOUND", f, path, f"Could not resolve to a Repository with the name '{wanted}'."
                )
                return None
            return {
                "nameWithOwner": self.repo,
                "name": self.repo.split("/")[1],
                "pullRequest": lambda sub, sub_path: self._gql_pull(plan, sub, sub_path),
            }

        return resolve

    def _gql_pull(self, plan: gql.Plan, f: gql.Field, path: list[Any]) -> dict[str, Any] | None:
        number = f.args.get("number")
        with self._lock:
            record = self._prs.get(number) if isinstance(number, int) else None
            if record is not None and (record.get("updated_at") or record["created_at"]) > _stamp(self.now):
                record = None
        if record is None:
            _gql_error(
                plan, "NOT_FOUND", f, path, f"Could not resolve to a PullRequest with the number of {number}."
            )
            return None
        files = [
            {"path": x["filename"], "additions": 1, "deletions": 0, "changeType": "MODIFIED"}
            for x in self._files_of(number)
        ]

        def connection(sub: gql.Field, sub_path: list[Any]) -> dict[str, Any] | None:
            start = gql.decode_cursor(sub.args.get("after"))
            if start is None:
                message = f"`{sub.args.get('after')}` does not appear to be a valid cursor."
                _gql_error(plan, "INVALID_CURSOR_ARGUMENTS", sub, sub_path, message)
                return None
            first = sub.args.get("first")
            chunk = files[start : start + first] if first is not None else files[start:][-sub.args["last"] :]
            end = start + len(chunk) - 1
            return {
                "totalCount": len(files),
                "pageInfo": {
                    "hasNextPage": start + len(chunk) < len(files),
                    "hasPreviousPage": start > 0,
                    "startCursor": gql.encode_cursor(start) if chunk else None,
                    "endCursor": gql.encode_cursor(end) if chunk else None,
                },
                "nodes": chunk,
                "edges": [{"cursor": gql.encode_cursor(start + i), "node": n} for i, n in enumerate(chunk)],
            }

        return {
            "number": number,
            "title": record.get("title"),
            "updatedAt": record.get("updated_at"),
            "changedFiles": len(files),
            "files": connection,
        }

    def _pulls(
        self, handler: BaseHTTPRequestHandler, path: str, query: dict[str, str], headers: dict[str, str]
    ) -> int:
        state = query.get("state", "open")
        sort = query.get("sort", "created")
        default_direction = "desc" if sort == "created" else "asc"
        direction = query.get("direction", default_direction)
        if state not in ("open", "closed", "all") or direction not in ("asc", "desc"):
            return self._error(handler, 422, "Validation Failed")
        listing = self._listing(state, sort, direction)
        rows = [self._decorate(r) for r in self._page_of(listing, query)]
        return self._paged(handler, path, query, rows, headers, already_paged=True, total=len(listing))

    @staticmethod
    def _page_params(query: dict[str, str]) -> tuple[int, int]:
        per_page = max(1, min(100, int(query.get("per_page", "30") or 30)))
        page = max(1, int(query.get("page", "1") or 1))
        return per_page, page

    def _page_of(self, rows: list[dict[str, Any]], query: dict[str, str]) -> list[dict[str, Any]]:
        per_page, page = self._page_params(query)
        return rows[(page - 1) * per_page : page * per_page]

    def _paged(
        self,
        handler: BaseHTTPRequestHandler,
        path: str,
        query: dict[str, str],
        rows: list[dict[str, Any]],
        headers: dict[str, str],
        *,
        already_paged: bool = False,
        total: int | None = None,
        body: Any = None,
        resource: str = "core",
    ) -> int:
        per_page, page = self._page_params(query)
        count = len(rows) if total is None else total
        page_rows = rows if already_paged else rows[(page - 1) * per_page : page * per_page]
        if body is None:
            body = page_rows
        last = max(1, -(-count // per_page))
        links = []

        def link(number: int, rel: str) -> str:
            params = {**query, "page": str(number)}
            return f'<{self.base_url}{path}?{urlencode(params)}>; rel="{rel}"'

        if page < last:
            links += [link(page + 1, "next"), link(last, "last")]
        if page > 1:
            links = [link(page - 1, "prev"), link(1, "first"), *links]
        etag = '"' + hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()[:32] + '"'
        out = {"ETag": etag}
        if links:
            out["Link"] = ", ".join(links)
        if headers.get("if-none-match") in (etag, f"W/{etag}"):
            return self._respond(handler, 304, None, out, resource=resource)
        return self._respond(handler, 200, body, out, resource=resource)


def _gql_error(plan: gql.Plan, kind: str, f: gql.Field, path: list[Any], message: str) -> None:
    """An execution error beside partial data: the field's value is null, its path is named."""
    plan.errors.append(
        {"type": kind, "path": path, "locations": [{"line": f.line, "column": f.column}], "message": message}
    )


def _search_range(value: str) -> tuple[str, str]:
    """`A..B`, `>=A`, `>A`, `<=B`, `<B` of dates or datetimes -> inclusive [lo, hi] as stamps."""

    def moment(text: str, end: bool) -> str:
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
            return text + ("T23:59:59Z" if end else "T00:00:00Z")
        try:
            parsed = datetime.fromisoformat(text.replace("Z", "+00:00"))
        except ValueError:
            raise ValueError(f"bad date {text!r}") from None
        if parsed.tzinfo is None:
            parsed = parsed.replace(tzinfo=UTC)
        return _stamp(parsed)

    if ".." in value:
        lo, hi = value.split("..", 1)
        return (moment(lo, False) if lo != "*" else "", moment(hi, True) if hi != "*" else "9999")
    for op in (">=", "<=", ">", "<"):
        if value.startswith(op):
            text = value[len(op) :]
            if op == ">=":
                return moment(text, False), "9999"
            if op == "<=":
                return "", moment(text, True)
            # strict bounds: one second past / before the stamp (GitHub times have whole seconds)
            edge = datetime.fromisoformat(moment(text, op == ">").replace("Z", "+00:00"))
            step = timedelta(seconds=1)
            return (_stamp(edge + step), "9999") if op == ">" else ("", _stamp(edge - step))
    return moment(value, False), moment(value, True)


def github_pr(
    number: int,
    *,
    title: str = "A pull request",
    login: str = "someone",
    user_type: str = "User",
    state: str = "open",
    created_at: str = "2026-02-12T10:00:00Z",
    updated_at: str | None = None,
    merged_at: str | None = None,
    body: str | None = None,
    draft: bool = False,
    labels: Iterable[str] = (),
) -> dict[str, Any]:
    """A PR record in GitHub's JSON shape, for tests that need open or bot PRs."""
    return {
        "number": number,
        "title": title,
        "user": {"login": login, "type": user_type},
        "state": state,
        "draft": draft,
        "labels": [{"name": n} for n in labels],
        "body": body,
        "created_at": created_at,
        "updated_at": updated_at or created_at,
        "closed_at": merged_at,
        "merged_at": merged_at,
        "html_url": f"https://github.com/vllm-project/vllm/pull/{number}",
        "base": {"ref": "main"},
    }


def standin_from(path: str | Path, **kwargs: Any) -> GitHubStandIn:
    """A stand-in serving the PRs of a JSONL file (not started)."""
    return GitHubStandIn(load_records(path), **kwargs)
