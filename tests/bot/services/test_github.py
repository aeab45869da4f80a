"""The PyGithub source against the GitHub stand-in: paging, counting, retries, waits, errors."""

from __future__ import annotations

import math
import socket
import time
from datetime import UTC, datetime, timedelta

import pytest
from github import Auth, Github
from github.GithubException import GithubException

from bot.services.github import GitHubError, GitHubSource
from standins.github_server import GitHubStandIn, github_pr
from tests.bot.services.conftest import REPO


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_pages_come_newest_updated_first_a_hundred_at_a_time(
    source: GitHubSource, github: GitHubStandIn
) -> None:
    """Page 1 holds the 100 most recently updated PRs, page 2 the next 100, as GitHub lists them."""
    pages = source.pull_pages(REPO)
    first, second = next(pages), next(pages)
    expected = [r["number"] for r in github.visible()[:200]]
    assert [pr.number for pr in first.prs + second.prs] == expected
    assert len(first.prs) == len(second.prs) == 100


def test_a_page_is_requested_only_when_the_previous_one_is_consumed(
    source: GitHubSource, github: GitHubStandIn
) -> None:
    """Stopping after page 1 costs exactly one request (no per-PR or repository lookups)."""
    pages = source.pull_pages(REPO)
    next(pages)
    pages.close()
    assert github.count() == 1
    assert source.requests == 1


def test_prs_are_built_from_the_list_json(source: GitHubSource, github: GitHubStandIn) -> None:
    """Each PR carries GitHub's fields (title, author, times, URL) straight from the list page."""
    pr = next(source.pull_pages(REPO)).prs[0]
    raw = github.visible()[0]
    assert (pr.number, pr.title, pr.author) == (raw["number"], raw["title"], raw["user"]["login"])
    assert pr.merged_at == datetime.fromisoformat(raw["merged_at"].replace("Z", "+00:00"))
    assert pr.url == raw["html_url"] and pr.status == "merged"


def test_unchanged_first_page_answers_not_modified(source: GitHubSource, github: GitHubStandIn) -> None:
    """Sending page 1's ETag back gets a 304 and a single not-modified page."""
    etag = next(source.pull_pages(REPO)).etag
    assert etag
    pages = list(source.pull_pages(REPO, etag=etag))
    assert [p.not_modified for p in pages] == [True]
    assert github.count(status=304) == 1


def test_a_changed_first_page_is_served_in_full_despite_an_old_etag(
    source: GitHubSource, github: GitHubStandIn
) -> None:
    """After a PR changes, the old ETag no longer matches and the new page comes back."""
    etag = next(source.pull_pages(REPO)).etag
    github.add_pr(github_pr(99999, created_at="2026-02-12T23:59:59Z"))
    page = next(source.pull_pages(REPO, etag=etag))
    assert not page.not_modified and page.prs[0].number == 99999


def test_server_errors_are_retried_with_backoff(
    source: GitHubSource, github: GitHubStandIn, sleeps: list[float]
) -> None:
    """Two 502s then success: the page arrives, after backing off through the injected sleep."""
    github.inject(502, times=2)
    page = next(source.pull_pages(REPO))
    assert len(page.prs) == 100
    assert [h.status for h in github.hits] == [502, 502, 200]
    assert sum(sleeps) > 0


def test_every_attempt_is_counted_including_retries(source: GitHubSource, github: GitHubStandIn) -> None:
    """The source's request count equals what the server saw, retries included."""
    github.inject(500, times=1)
    github.inject(0, times=1)  # a dropped connection
    next(source.pull_pages(REPO))
    assert source.requests == github.count() == 3


def test_dropped_connection_is_retried(source: GitHubSource, github: GitHubStandIn) -> None:
    """A connection closed mid-request is retried and the page still arrives."""
    github.inject(0, times=1)
    assert len(next(source.pull_pages(REPO)).prs) == 100


def test_secondary_rate_limit_waits_as_github_asks(
    source: GitHubSource, github: GitHubStandIn, sleeps: list[float]
) -> None:
    """A 403 secondary rate limit with Retry-After: 1 is waited out (1 s) and retried."""
    github.inject(403, retry_after=1)
    assert len(next(source.pull_pages(REPO)).prs) == 100
    assert sleeps == [1]


def test_429_waits_as_github_asks(source: GitHubSource, github: GitHubStandIn, sleeps: list[float]) -> None:
    """A 429 with Retry-After: 2 is waited out (2 s) and retried."""
    github.inject(429, retry_after=2)
    assert len(next(source.pull_pages(REPO)).prs) == 100
    assert sleeps == [2]


def test_persistent_server_errors_fail_clearly_after_max_retries(
    source: GitHubSource, github: GitHubStandIn
) -> None:
    """Five 500s (1 try + 4 retries) end in one GitHubError naming the status and the retries."""
    github.inject(500, times=None)
    with pytest.raises(GitHubError, match=r"kept failing \(500 .*after 4 retries"):
        next(source.pull_pages(REPO))
    assert github.count() == 5


def test_persistent_secondary_rate_limit_fails_clearly(source: GitHubSource, github: GitHubStandIn) -> None:
    """A rate limit that never lifts ends in one GitHubError saying so."""
    github.inject(403, retry_after=1, times=None)
    with pytest.raises(GitHubError, match="rate limit"):
        next(source.pull_pages(REPO))


def test_low_budget_waits_for_the_reset(
    source: GitHubSource, github: GitHubStandIn, sleeps: list[float]
) -> None:
    """With fewer requests left than min_remaining, the source waits until the reset before going on."""
    github.rate_remaining = 20
    github.rate_reset = int(time.time()) + 30
    pages = source.pull_pages(REPO)
    next(pages)
    next(pages)
    assert len(sleeps) == 1 and 25 <= sleeps[0] <= 32


def test_wait_for_the_reset_is_capped_by_max_wait_seconds(github: GitHubStandIn, sleeps: list[float]) -> None:
    """A reset an hour away is waited for at most github.max_wait_seconds."""
    github.rate_remaining = 5
    src = GitHubSource(base_url=github.base_url, sleep=sleeps.append, max_wait_seconds=120)
    pages = src.pull_pages(REPO)
    next(pages)
    next(pages)
    assert sleeps == [120]


def test_exhausted_budget_with_a_far_reset_fails_clearly(source: GitHubSource, github: GitHubStandIn) -> None:
    """A primary rate-limit 403 whose reset is beyond max_wait_seconds is one clear error, no sleeping."""
    github.inject(403, message="API rate limit exceeded for 127.0.0.1.", rate_remaining=0)
    with pytest.raises(GitHubError, match="max_wait_seconds"):
        next(source.pull_pages(REPO))


def test_bad_token_is_one_clear_error(github: GitHubStandIn) -> None:
    """A token GitHub rejects (401) says to check GITHUB_TOKEN."""
    github.token = "the-right-one"
    src = GitHubSource(base_url=github.base_url, token="a-wrong-one")
    with pytest.raises(GitHubError, match="rejected the token .*GITHUB_TOKEN"):
        next(src.pull_pages(REPO))
    assert github.count() == 1


def test_token_is_sent_when_set(github: GitHubStandIn) -> None:
    """With the right token the stand-in, which demands it, serves the PRs."""
    github.token = "the-right-one"
    src = GitHubSource(base_url=github.base_url, token="the-right-one")
    assert len(next(src.pull_pages(REPO)).prs) == 100


def test_unknown_repository_is_one_clear_error(source: GitHubSource, github: GitHubStandIn) -> None:
    """A 404 names the repository, with no retrying."""
    with pytest.raises(GitHubError, match="repository nobody/nothing not found"):
        next(source.pull_pages("nobody/nothing"))
    assert github.count() == 1


def test_unreachable_server_is_one_clear_error(sleeps: list[float]) -> None:
    """Nothing listening at base_url: retried a bounded number of times, then 'cannot reach'."""
    src = GitHubSource(base_url=f"http://127.0.0.1:{_closed_port()}", sleep=sleeps.append, max_retries=2)
    with pytest.raises(GitHubError, match="cannot reach GitHub at .*connection refused"):
        next(src.pull_pages(REPO))
    assert src.requests == 3


def test_changed_files_of_fifty_prs_cost_one_graphql_request(
    authed: GitHubSource, github: GitHubStandIn
) -> None:
    """Fifty PRs' paths come back from a single GraphQL query, exactly as the stand-in lists them."""
    numbers = [r["number"] for r in github.visible()[:50]]
    github.set_files(numbers[7], ["csrc/moe/topk.cu", "vllm/model_executor/layers/fused_moe/layer.py"])
    github.reset_hits()
    found = authed.changed_files(REPO, numbers)
    assert github.count("/graphql") == github.count() == authed.requests == 1
    assert found[numbers[7]] == ("csrc/moe/topk.cu", "vllm/model_executor/layers/fused_moe/layer.py")
    assert all(found[n] for n in numbers)


def test_a_pr_with_more_than_a_hundred_files_is_paged(authed: GitHubSource, github: GitHubStandIn) -> None:
    """PRs touching 250 and 101 files get every path, in order; the later pages share one query."""
    big, edge, small = (r["number"] for r in github.visible()[:3])
    github.set_files(big, [f"vllm/big_{i}.py" for i in range(250)])
    github.set_files(edge, [f"tests/edge_{i}.py" for i in range(101)])
    github.reset_hits()
    found = authed.changed_files(REPO, [big, edge, small])
    assert found[big] == tuple(f"vllm/big_{i}.py" for i in range(250))
    assert found[edge] == tuple(f"tests/edge_{i}.py" for i in range(101))
    assert github.count("/graphql") == 3  # all 3 PRs, then big+edge page 2, then big page 3


def test_no_graphql_query_asks_more_than_the_caps(authed: GitHubSource, github: GitHubStandIn) -> None:
    """120 PRs go in queries of at most 50 aliases, each asking files(first: 100) - GitHub's cap."""
    numbers = [r["number"] for r in github.visible()[:120]]
    authed.changed_files(REPO, numbers)
    assert len(github.graphql_queries) == 3
    for query in github.graphql_queries:
        assert query.count("pullRequest(number:") <= 50 and "first: 100" in query


def test_graphql_rate_limit_is_waited_out_until_the_reset(github: GitHubStandIn) -> None:
    """A RATE_LIMITED answer (status 200, remaining 0) makes the source wait for the reset, then retry."""
    github.budgets["graphql"] = [5000, 0, int(time.time()) + 30]
    numbers = [r["number"] for r in github.visible()[:5]]
    sleeps: list[float] = []

    def reset_then_sleep(seconds: float) -> None:  # the reset comes while the source sleeps
        sleeps.append(seconds)
        github.budgets["graphql"] = [5000, 5000, int(time.time()) + 3600]

    authed = GitHubSource(base_url=github.base_url, token="t", sleep=reset_then_sleep)
    found = authed.changed_files(REPO, numbers)
    assert all(found[n] for n in numbers)
    assert len(sleeps) == 1 and 25 <= sleeps[0] <= 32
    assert github.count("/graphql") == 2


def test_graphql_rate_limit_with_a_far_reset_is_one_clear_error(
    authed: GitHubSource, github: GitHubStandIn, sleeps: list[float]
) -> None:
    """Spent GraphQL points with the reset an hour away: one error naming max_wait_seconds, no sleep."""
    github.budgets["graphql"] = [5000, 0, int(time.time()) + 3600]
    with pytest.raises(GitHubError, match="max_wait_seconds"):
        authed.changed_files(REPO, [github.visible()[0]["number"]])
    assert sleeps == []


def test_a_pr_graphql_cannot_find_has_no_files_and_the_rest_do(
    authed: GitHubSource, github: GitHubStandIn
) -> None:
    """NOT_FOUND for one alias (partial data): that PR maps to None, the others keep their paths."""
    known = github.visible()[0]["number"]
    found = authed.changed_files(REPO, [known, 999999])
    assert found[999999] is None and found[known]


def test_changed_files_need_a_token(source: GitHubSource, github: GitHubStandIn) -> None:
    """Without GITHUB_TOKEN no GraphQL request is sent; the error says why."""
    with pytest.raises(GitHubError, match="GraphQL API, which needs GITHUB_TOKEN"):
        source.changed_files(REPO, [1])
    assert github.count() == 0


def test_graphql_server_errors_are_retried(authed: GitHubSource, github: GitHubStandIn) -> None:
    """A 502 on the GraphQL endpoint is retried like any other request, and counted."""
    github.inject(502, match="graphql", times=1)
    number = github.visible()[0]["number"]
    assert authed.changed_files(REPO, [number])[number]
    assert authed.requests == github.count() == 2


def test_a_past_window_is_searched_not_paged_from_the_present(
    source: GitHubSource, github: GitHubStandIn
) -> None:
    """A week 12 weeks back: exactly its PRs, newest first, in ceil(N/100) search requests."""
    until = datetime(2026, 2, 13, tzinfo=UTC) - timedelta(weeks=12)
    since = until - timedelta(weeks=1)
    prs = [pr for page in source.search_pages(REPO, since, until) for pr in page.prs]
    expected = github.visible(since, until)
    assert [pr.number for pr in prs] == [r["number"] for r in expected]
    assert github.count("/search/issues") == github.count() == math.ceil(len(expected) / 100)
    merged = next(r for r in expected if r.get("merged_at"))
    assert next(pr for pr in prs if pr.number == merged["number"]).status == "merged"


def test_a_window_over_the_search_cap_is_split(source: GitHubSource, github: GitHubStandIn) -> None:
    """A window of more than 1000 PRs is read in halves (search shows 1000 at most): none is lost."""
    until = datetime(2026, 1, 1, tzinfo=UTC)
    since = until - timedelta(weeks=6)
    expected = [r["number"] for r in github.visible(since, until)]
    assert len(expected) > 1000
    pages = list(source.search_pages(REPO, since, until))
    got = [pr.number for page in pages for pr in page.prs]
    assert sorted(got) == sorted(expected) and len(got) == len(set(got))
    assert all(h.status == 200 for h in github.hits)
    assert {page.total for page in pages} == {len(expected)} and pages[0].etag
    github.reset_hits()  # page 1 of the whole window stands for it: unchanged, one 304
    assert [p.not_modified for p in source.search_pages(REPO, since, until, etag=pages[0].etag)] == [True]
    assert github.count() == 1


def test_an_unchanged_search_answers_not_modified(source: GitHubSource, github: GitHubStandIn) -> None:
    """Sending a past window's page-1 ETag back costs one request answered 304."""
    until = datetime(2026, 1, 1, tzinfo=UTC)
    since = until - timedelta(days=3)
    etag = next(source.search_pages(REPO, since, until)).etag
    assert etag
    github.reset_hits()
    pages = list(source.search_pages(REPO, since, until, etag=etag))
    assert [p.not_modified for p in pages] == [True] and github.count(status=304) == 1


async def test_pulls_updated_since_returns_the_window(source: GitHubSource, github: GitHubStandIn) -> None:
    """The PullSource port returns every PR updated since the given time, and nothing older."""
    since = datetime(2026, 2, 10, tzinfo=UTC)
    prs = await source.pulls_updated_since(REPO, since)
    assert [pr.number for pr in prs] == [r["number"] for r in github.visible(since)]


# -- the stand-in's GraphQL is as strict as GitHub's documented limits ------------------------------
def _graphql_error(github: GitHubStandIn, query: str, token: str | None = "t") -> dict:
    client = Github(base_url=github.base_url, auth=Auth.Token(token) if token else None)
    with pytest.raises(GithubException) as caught:
        client.requester.graphql_query(query, {})
    return caught.value.data  # type: ignore[return-value]


@pytest.mark.parametrize(
    ("files_args", "kind"),
    [("first: 101", "EXCESSIVE_PAGINATION"), ("", "MISSING_PAGINATION_BOUNDARIES")],
)
def test_standin_refuses_connections_beyond_githubs_limits(
    github: GitHubStandIn, files_args: str, kind: str
) -> None:
    """`first` above 100, or no `first`/`last` at all, is a validation error with no data."""
    number = github.visible()[0]["number"]
    args = f"({files_args})" if files_args else ""
    query = f'{{ repository(owner: "vllm-project", name: "vllm") {{ pullRequest(number: {number}) {{ files{args} {{ nodes {{ path }} }} }} }} }}'
    data = _graphql_error(github, query)
    assert data["errors"][0]["type"] == kind and "data" not in data


def test_standin_refuses_unknown_fields(github: GitHubStandIn) -> None:
    """A field the schema does not have is GitHub's undefinedField error."""
    data = _graphql_error(github, '{ repository(owner: "vllm-project", name: "vllm") { stars } }')
    assert data["errors"][0]["extensions"]["code"] == "undefinedField"


def test_standin_graphql_demands_a_token(github: GitHubStandIn) -> None:
    """GraphQL without a token is 401, as on GitHub (REST would still answer)."""
    client = Github(base_url=github.base_url)
    with pytest.raises(GithubException) as caught:
        client.requester.graphql_query("{ rateLimit { remaining } }", {})
    assert caught.value.status == 401
