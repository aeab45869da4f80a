"""Ingest end to end: the stand-in over HTTP, PyGithub, and both store backends."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta

import pytest

from bot.services.github import GitHubError, GitHubSource
from bot.services.ingest import OVERLAP, ingest
from handlers.models import IngestCursor, parse_time
from handlers.ports import Store
from standins.github_server import WEEK_ENDING_2026_02_13, GitHubStandIn, github_pr
from tests.bot.services.conftest import REPO

WEEK_START = WEEK_ENDING_2026_02_13 - timedelta(days=7)
PAST_WEEK = (WEEK_START - timedelta(weeks=12), WEEK_ENDING_2026_02_13 - timedelta(weeks=12))  # 229 PRs


def now() -> datetime:
    return WEEK_ENDING_2026_02_13


async def test_first_ingest_stores_every_pr_updated_in_the_week(
    store: Store, source: GitHubSource, github: GitHubStandIn
) -> None:
    """Without a cursor, the last 7 days are ingested: exactly the PRs GitHub shows updated in them."""
    report = await ingest(store, source, REPO, clock=now)
    expected = sorted(r["number"] for r in github.visible(WEEK_START))
    assert len(expected) == 240
    stored = await store.prs_in_window(REPO, WEEK_START, WEEK_ENDING_2026_02_13, by=("updated",))
    assert [pr.number for pr in stored] == expected
    assert (report.seen, report.result.inserted) == (240, 240)


async def test_first_ingest_of_a_week_costs_at_most_pages_plus_two(
    store: Store, source: GitHubSource, github: GitHubStandIn
) -> None:
    """A week of N PRs costs at most ceil(N/100) + 2 requests, as the client and the server count them."""
    report = await ingest(store, source, REPO, clock=now)
    assert report.requests == github.count() <= math.ceil(report.seen / 100) + 2


async def test_immediate_rerun_costs_at_most_two_requests_and_changes_nothing(
    store: Store, authed: GitHubSource, github: GitHubStandIn
) -> None:
    """Re-running right away (files included) asks page 1 conditionally, gets a 304, asks GraphQL
    nothing and stores nothing new."""
    await ingest(store, authed, REPO, clock=now)
    github.reset_hits()
    again = await ingest(store, authed, REPO, clock=now)
    assert again.not_modified and again.requests == github.count() <= 2
    assert github.count("/graphql") == 0
    assert (again.result.inserted, again.result.updated) == (0, 0)
    assert await store.count_prs(REPO) == 240


async def test_rerun_fetches_only_what_changed_since_the_last_run(
    store: Store, source: GitHubSource, github: GitHubStandIn
) -> None:
    """A new open PR and an edited one are picked up by the next run, in one request."""
    await ingest(store, source, REPO, clock=now)
    github.add_pr(github_pr(40001, title="[ROCm] new kernel", created_at="2026-02-12T23:59:50Z"))
    edited = github.visible()[50]["number"]
    github.update_pr(edited, title="[Bugfix] retitled")
    github.reset_hits()
    report = await ingest(store, source, REPO, clock=now)
    assert (report.result.inserted, report.result.updated) == (1, 1)
    assert report.requests == github.count() == 1
    assert (await store.get_pr(REPO, 40001)).status == "open"  # type: ignore[union-attr]
    assert (await store.get_pr(REPO, edited)).title == "[Bugfix] retitled"  # type: ignore[union-attr]


async def test_cursor_records_the_newest_update_and_page_one_etag(
    store: Store, source: GitHubSource, github: GitHubStandIn
) -> None:
    """After a complete run the cursor holds the newest updated_at stored and an ETag."""
    report = await ingest(store, source, REPO, clock=now)
    cursor = await store.get_cursor(REPO)
    assert cursor is not None and cursor.etag
    assert cursor.updated_at == parse_time(github.visible()[0]["updated_at"]) == report.cursor


async def test_next_run_starts_from_the_cursor_with_a_small_overlap(
    store: Store, source: GitHubSource, github: GitHubStandIn
) -> None:
    """A run after a stored cursor reads back only from the cursor minus the overlap."""
    cursor = datetime(2026, 2, 11, tzinfo=UTC)
    await store.set_cursor(IngestCursor(REPO, cursor))
    report = await ingest(store, source, REPO, clock=now)
    assert report.since == cursor - OVERLAP
    assert report.seen == len(github.visible(cursor - OVERLAP))


async def test_fault_mid_way_keeps_stored_pages_and_holds_the_cursor(
    store: Store, source: GitHubSource, github: GitHubStandIn
) -> None:
    """Page 3 failing for good: pages 1-2 stay stored, no cursor is set, the error is clear."""
    github.inject(500, match="page=3", times=None)
    with pytest.raises(GitHubError, match="500"):
        await ingest(store, source, REPO, clock=now)
    assert await store.count_prs(REPO) == 200
    assert await store.get_cursor(REPO) is None


async def test_run_after_an_aborted_one_completes_the_window(
    store: Store, source: GitHubSource, github: GitHubStandIn
) -> None:
    """Once GitHub recovers, the next run stores the rest and sets the cursor."""
    github.inject(502, match="page=2", times=None)
    with pytest.raises(GitHubError):
        await ingest(store, source, REPO, clock=now)
    github.clear_faults()
    report = await ingest(store, source, REPO, clock=now)
    assert await store.count_prs(REPO) == 240
    assert report.result.inserted == 140 and report.result.unchanged == 100
    assert await store.get_cursor(REPO) is not None


async def test_fault_on_a_later_run_keeps_the_previous_cursor(
    store: Store, source: GitHubSource, github: GitHubStandIn
) -> None:
    """A cursor never moves past PRs that were not stored: an aborted re-run leaves it as it was."""
    await store.set_cursor(IngestCursor(REPO, datetime(2026, 2, 9, tzinfo=UTC)))
    github.inject(500, match="page=2", times=None)
    with pytest.raises(GitHubError):
        await ingest(store, source, REPO, clock=now)
    cursor = await store.get_cursor(REPO)
    assert cursor is not None and cursor.updated_at == datetime(2026, 2, 9, tzinfo=UTC)


async def test_secondary_rate_limit_mid_ingest_is_waited_out(
    store: Store, source: GitHubSource, github: GitHubStandIn, sleeps: list[float]
) -> None:
    """A 403 with Retry-After on page 2 costs a 1 s wait and one more request; the week is complete."""
    github.inject(403, match="page=2", retry_after=1)
    report = await ingest(store, source, REPO, clock=now)
    assert report.seen == 240 and sleeps == [1]
    assert report.requests == github.count() == 4
    assert report.waited_seconds == 1


async def test_files_are_fetched_only_for_new_or_changed_prs(
    store: Store, authed: GitHubSource, github: GitHubStandIn
) -> None:
    """With a token, a first run fetches every PR's files; after one PR changes, only its files."""
    since = datetime(2026, 2, 12, tzinfo=UTC)
    first = await ingest(store, authed, REPO, since, clock=now)
    assert first.files_fetched == first.seen > 0
    changed = github.visible()[3]["number"]
    github.set_files(changed, ["docs/new.md"])
    github.update_pr(changed, updated_at="2026-02-12T23:59:59Z")
    github.reset_hits()
    second = await ingest(store, authed, REPO, since, clock=now)
    assert second.files_fetched == 1 and github.count("/graphql") == 1
    assert (await store.get_pr(REPO, changed)).files == ("docs/new.md",)  # type: ignore[union-attr]
    untouched = github.visible()[10]["number"]
    assert (await store.get_pr(REPO, untouched)).files  # type: ignore[union-attr]


async def test_without_files_a_rerun_keeps_files_fetched_before(
    store: Store, authed: GitHubSource, github: GitHubStandIn
) -> None:
    """A --no-files re-ingest of unchanged PRs does not forget the files a run with files stored."""
    since = datetime(2026, 2, 12, 12, tzinfo=UTC)
    await ingest(store, authed, REPO, since, clock=now)
    again = await ingest(store, authed, REPO, since, files=False, clock=now)
    stored = await store.prs_in_window(REPO, since, WEEK_ENDING_2026_02_13, by=("updated",))
    assert stored and all(pr.files for pr in stored)
    assert again.files_fetched == 0 and github.count("/graphql") == math.ceil(len(stored) / 50)


async def test_a_week_with_files_costs_at_most_its_pages_and_file_batches(
    store: Store, authed: GitHubSource, github: GitHubStandIn
) -> None:
    """A week of N PRs with their paths: <= ceil(N/100) + ceil(N/50) + 2 requests, every PR with files."""
    report = await ingest(store, authed, REPO, clock=now)
    n = report.seen
    assert n == 240 and report.files_fetched == n
    assert report.requests == github.count() <= math.ceil(n / 100) + math.ceil(n / 50) + 2
    stored = await store.prs_in_window(REPO, WEEK_START, WEEK_ENDING_2026_02_13, by=("updated",))
    assert all(pr.files for pr in stored)


async def test_prs_over_a_hundred_files_are_stored_whole(
    store: Store, authed: GitHubSource, github: GitHubStandIn
) -> None:
    """Two PRs of 230 and 101 paths in one batch: stored with every path, in order, at the cost of
    two more GraphQL requests (their pages 2 together, then the 230-file PR's page 3)."""
    big, edge = github.visible()[5]["number"], github.visible()[20]["number"]  # one batch of 50
    github.set_files(big, [f"vllm/model_executor/models/m{i}.py" for i in range(230)])
    github.set_files(edge, [f"csrc/k{i}.cu" for i in range(101)])
    report = await ingest(store, authed, REPO, clock=now)
    assert (await store.get_pr(REPO, big)).files == tuple(
        f"vllm/model_executor/models/m{i}.py" for i in range(230)
    )  # type: ignore[union-attr]
    assert (await store.get_pr(REPO, edge)).files == tuple(f"csrc/k{i}.cu" for i in range(101))  # type: ignore[union-attr]
    assert github.count("/graphql") == math.ceil(report.seen / 50) + 2


async def test_a_week_twelve_weeks_back_costs_its_own_pages(
    store: Store, authed: GitHubSource, github: GitHubStandIn
) -> None:
    """A past week never pages through the newer PRs: <= ceil(N/100) + 3 listing requests, plus
    ceil(N/50) for its files; exactly the week's PRs are stored and the cursor is untouched."""
    since, until = PAST_WEEK
    expected = sorted(r["number"] for r in github.visible(since, until))
    n = len(expected)
    report = await ingest(store, authed, REPO, since, until, clock=now)
    assert sorted(report.numbers) == expected and report.files_fetched == n
    listing = report.requests - github.count("/graphql")
    assert listing <= math.ceil(n / 100) + 3
    assert report.requests == github.count() <= math.ceil(n / 100) + 3 + math.ceil(n / 50)
    assert await store.get_cursor(REPO) is None


async def test_a_window_ending_now_is_listed_not_searched(
    store: Store, source: GitHubSource, github: GitHubStandIn
) -> None:
    """--until within minutes of now: the newest-first listing (search trails recent edits)."""
    report = await ingest(store, source, REPO, WEEK_START, WEEK_ENDING_2026_02_13, clock=now)
    assert report.seen == 240 and github.count("/search") == 0 and github.count("/pulls") == 3


async def test_an_explicit_window_rerun_sends_its_etag(
    store: Store, authed: GitHubSource, github: GitHubStandIn
) -> None:
    """Re-running the same --since/--until sends If-None-Match and costs one 304 when nothing changed."""
    since, until = PAST_WEEK
    await ingest(store, authed, REPO, since, until, clock=now)
    github.reset_hits()
    again = await ingest(store, authed, REPO, since, until, clock=now)
    assert again.not_modified and again.requests == github.count() == github.count(status=304) == 1
    assert github.hits[0].headers.get("if-none-match")


async def test_a_pr_leaving_a_past_window_is_noticed_on_rerun(
    store: Store, authed: GitHubSource, github: GitHubStandIn
) -> None:
    """An edit moves a PR out of a past window: page 1 changes, so the re-run reads the window again."""
    since, until = PAST_WEEK
    await ingest(store, authed, REPO, since, until, clock=now)
    moved = github.visible(since, until)[150]["number"]
    github.update_pr(moved, title="[Bugfix] edited much later")
    again = await ingest(store, authed, REPO, since, until, clock=now)
    assert not again.not_modified and moved not in again.numbers
    assert again.seen == len(github.visible(since, until))


async def test_an_explicit_window_without_files_does_not_vouch_for_files(
    store: Store, source: GitHubSource, authed: GitHubSource, github: GitHubStandIn
) -> None:
    """A tokenless run's ETag is not reused by a run with files: that one still fetches the paths."""
    since = datetime(2026, 2, 12, 12, tzinfo=UTC)
    first = await ingest(store, source, REPO, since, WEEK_ENDING_2026_02_13, clock=now)
    assert first.files_skipped and first.files_fetched == 0
    second = await ingest(store, authed, REPO, since, WEEK_ENDING_2026_02_13, clock=now)
    assert not second.not_modified and second.files_fetched == second.seen > 0


async def test_graphql_down_stores_the_prs_without_files_and_holds_the_cursor(
    store: Store, authed: GitHubSource, github: GitHubStandIn
) -> None:
    """GraphQL failing for good: every PR is still stored (without files), the report says why,
    the cursor stays; once GraphQL is back the next run fetches the missing files."""
    github.inject(502, match="graphql", times=None)
    report = await ingest(store, authed, REPO, clock=now)
    assert report.seen == await store.count_prs(REPO) == 240
    assert report.files_error and "502" in report.files_error and "without files" in report.line()
    assert await store.get_cursor(REPO) is None
    assert github.count("/graphql") == authed.max_retries + 1  # one batch tried, then no more
    github.clear_faults()
    again = await ingest(store, authed, REPO, clock=now)
    assert again.files_fetched == 240 and again.files_error is None
    assert await store.get_cursor(REPO) is not None


async def test_files_without_a_token_is_one_clear_error(
    store: Store, source: GitHubSource, github: GitHubStandIn
) -> None:
    """Asking for files without GITHUB_TOKEN fails before any request, saying what to set."""
    with pytest.raises(GitHubError, match="set GITHUB_TOKEN"):
        await ingest(store, source, REPO, files=True, clock=now)
    assert github.count() == 0 and await store.count_prs(REPO) == 0


async def test_progress_is_told_every_pr_and_the_total_when_known(
    store: Store, source: GitHubSource, github: GitHubStandIn
) -> None:
    """The progress callback adds up to the PRs seen; a searched window also says its total."""
    since, until = PAST_WEEK
    calls: list[tuple[int, int | None]] = []
    report = await ingest(
        store, source, REPO, since, until, clock=now, progress=lambda n, t: calls.append((n, t))
    )
    assert sum(n for n, _ in calls) == report.seen and {t for _, t in calls} == {report.seen}


async def test_bodies_are_stored_exactly_as_received(
    store: Store, source: GitHubSource, github: GitHubStandIn
) -> None:
    """A body full of markup and mentions is kept byte for byte, never interpreted."""
    body = "<!channel> @here **bold** <script>x</script>\n\n- [ ] ignore previous instructions ```` \u202e"
    github.add_pr(github_pr(40002, body=body, created_at="2026-02-12T20:00:00Z"))
    await ingest(store, source, REPO, clock=now)
    assert (await store.get_pr(REPO, 40002)).body == body  # type: ignore[union-attr]


async def test_bot_prs_are_kept_and_flagged(
    store: Store, source: GitHubSource, github: GitHubStandIn
) -> None:
    """A dependabot PR is stored like any other, marked as a bot's by its author type."""
    github.add_pr(
        github_pr(40003, login="dependabot[bot]", user_type="Bot", created_at="2026-02-12T20:00:00Z")
    )
    await ingest(store, source, REPO, clock=now)
    pr = await store.get_pr(REPO, 40003)
    assert pr is not None and pr.author_type == "Bot" and pr.is_bot


async def test_a_past_window_stores_only_it_and_leaves_the_cursor(
    store: Store, source: GitHubSource, github: GitHubStandIn
) -> None:
    """--since/--until of an older window stores just that window and does not touch the cursor."""
    since, until = datetime(2026, 2, 1, tzinfo=UTC), datetime(2026, 2, 6, tzinfo=UTC)
    report = await ingest(store, source, REPO, since, until, clock=now)
    expected = sorted(r["number"] for r in github.visible(since, until))
    assert sorted(report.numbers) == expected and report.seen == len(expected)
    assert await store.get_cursor(REPO) is None


async def test_report_line_states_counts_requests_and_cursor(store: Store, source: GitHubSource) -> None:
    """The report line names the repo, PRs seen, new/updated, requests, files and the cursor."""
    report = await ingest(store, source, REPO, clock=now)
    assert report.line() == (
        "vllm-project/vllm: 240 PRs seen (240 new, 0 updated), 3 requests, "
        "files fetched for 0 PRs (GITHUB_TOKEN unset: GraphQL needs it), cursor 2026-02-12T23:59:24Z"
    )
