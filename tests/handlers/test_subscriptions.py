"""Subscriptions' neutral core: grammar, cadences, rules, limits, volume and delivery contents.

Runs on both store backends (SQLite file, real Redis) with the real heuristic classifier.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.services.classify import ClassificationService
from bot.services.heuristic import HeuristicClassifier
from bot.services.taxonomy import load_taxonomy
from handlers.app import RepoSettings
from handlers.models import PullRequest
from handlers.ports import Store
from handlers.query import QueryHandler
from handlers.subscriptions import (
    Cadence,
    CommandContext,
    SubscriptionError,
    SubscriptionHandler,
    SubscriptionLimits,
    is_subscription_command,
    parse_cadence,
    receipt_key,
    split_options,
)

REPO = "vllm-project/vllm"
TAX = load_taxonomy("vllm")
SETTINGS = RepoSettings(name=REPO, command="vllm", tz=UTC, tz_name="UTC", week_start="monday", taxonomy=TAX)
NOW = datetime(2026, 3, 2, 9, tzinfo=UTC)
CHANNEL = CommandContext(platform="slack", channel="C1", user="U1", can_manage=True)


def merged(number: int, title: str, at: datetime, labels: tuple[str, ...] = ()) -> PullRequest:
    return PullRequest(
        repo=REPO,
        number=number,
        title=title,
        author="dev",
        state="closed",
        created_at=at - timedelta(days=1),
        updated_at=at,
        merged_at=at,
        closed_at=at,
        labels=labels,
        url=f"https://github.com/{REPO}/pull/{number}",
    )


def handler(
    store: Store, clock: list[datetime], limits: SubscriptionLimits | None = None
) -> SubscriptionHandler:
    heuristic = HeuristicClassifier(TAX)
    query = QueryHandler(
        store=store, classifications={REPO: ClassificationService(store, heuristic, heuristic)}
    )
    return SubscriptionHandler(store=store, query=query, clock=lambda: clock[0], limits=limits)


def test_subcommand_words_are_recognised_only_at_the_start() -> None:
    """`subscribe`, `subscriptions`, `unsubscribe`, `digest here|stop` route; other text is a question."""
    assert is_subscription_command("subscribe rocm -ci")
    assert is_subscription_command("Subscriptions")
    assert is_subscription_command("digest here")
    assert not is_subscription_command("digest of rocm last week")
    assert not is_subscription_command("rocm subscribe")


def test_cadences_parse_and_malformed_ones_name_the_problem() -> None:
    """realtime, daily HH:MM and weekly parse; a bad time or a missing one is one clear line."""
    assert parse_cadence("realtime") == Cadence("realtime")
    assert parse_cadence("daily 9:30") == Cadence("daily", "09:30")
    assert parse_cadence("weekly") == Cadence("weekly")
    for bad, needle in (("daily 25:00", "00:00 to 23:59"), ("daily", "HH:MM"), ("hourly", "realtime")):
        with pytest.raises(SubscriptionError, match=needle):
            parse_cadence(bad)
    with pytest.raises(SubscriptionError, match="HH:MM"):
        split_options("rocm daily 9am")


def test_options_are_taken_out_of_the_question() -> None:
    """Cadence and `dm` may come anywhere; the rest is the question."""
    assert split_options("rocm -ci daily 07:05 dm") == ("rocm -ci", Cadence("daily", "07:05"), True)
    assert split_options("weekly @alice") == ("@alice", Cadence("weekly"), False)


async def test_subscribe_stores_it_and_states_last_weeks_volume(store: Store) -> None:
    """The reply names the id and how many PRs it would have posted last week and over four weeks."""
    await store.upsert_prs(
        [
            merged(1, "[ROCm] fix aiter", NOW - timedelta(days=2)),
            merged(2, "[ROCm] tune", NOW - timedelta(days=20)),
        ]
    )
    subs = handler(store, [NOW])
    reply = await subs.handle(SETTINGS, "subscribe rocm -ci", CHANNEL)
    [sub] = await store.list_subscriptions(REPO)
    assert reply.title == f"Subscribed: {sub.id}"
    assert (sub.question, sub.channel, sub.cadence, sub.created_at) == ("rocm -ci", "C1", "realtime", NOW)
    assert any("would have posted 1 PR last week (2 PRs over the last four weeks)" in n for n in reply.notes)


async def test_volume_above_the_threshold_warns(store: Store) -> None:
    """More PRs a week than `warn_per_week` adds a warning to the confirmation."""
    await store.upsert_prs([merged(n, f"[ROCm] fix {n}", NOW - timedelta(hours=n)) for n in range(1, 5)])
    reply = await handler(store, [NOW], SubscriptionLimits(warn_per_week=3)).handle(
        SETTINGS, "subscribe rocm", CHANNEL
    )
    assert any("That is a lot (more than 3 a week)" in n for n in reply.notes)


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("subscribe rcom -ci", "did you mean rocm?"),
        ("subscribe", "the question is empty"),
        ("subscribe #1234", "not single PRs"),
        ("subscribe rocm daily 24:00", "00:00 to 23:59"),
        ("unsubscribe nope", "no subscription 'nope' here"),
    ],
)
async def test_bad_input_is_refused_in_one_line_and_stores_nothing(
    store: Store, text: str, needle: str
) -> None:
    """Typos, an empty question, PR numbers and malformed cadences are refused; nothing is stored."""
    reply = await handler(store, [NOW]).handle(SETTINGS, text, CHANNEL)
    assert reply.kind == "error" and reply.ephemeral
    assert needle.lower() in reply.title.lower()
    assert "\n" not in reply.title
    assert await store.list_subscriptions() == []


async def test_limits_per_channel_and_per_user_are_named(store: Store) -> None:
    """Over the channel's or the user's limit is refused with the limit and its config key."""
    subs = handler(store, [NOW], SubscriptionLimits(max_per_channel=2, max_per_user=3))
    for question in ("rocm", "xpu"):
        await subs.handle(SETTINGS, f"subscribe {question}", CHANNEL)
    reply = await subs.handle(SETTINGS, "subscribe cpu", CHANNEL)
    assert "max_per_channel = 2" in reply.title
    other = CommandContext(platform="slack", channel="C2", user="U1", can_manage=True)
    assert (await subs.handle(SETTINGS, "subscribe cpu", other)).title.startswith("Subscribed")
    assert "max_per_user = 3" in (await subs.handle(SETTINGS, "subscribe tpu", other)).title
    assert len(await store.list_subscriptions()) == 3


async def test_permissions_admins_and_manage_channels(store: Store) -> None:
    """With admins set only they change channel subscriptions; Discord needs Manage Channels;
    anyone may subscribe themselves by DM."""
    subs = handler(store, [NOW], SubscriptionLimits(admins=("UADMIN",)))
    refused = await subs.handle(SETTINGS, "subscribe rocm", CHANNEL)
    assert "Only the bot's admins" in refused.title
    admin = CommandContext(platform="slack", channel="C1", user="UADMIN", can_manage=True)
    assert (await subs.handle(SETTINGS, "subscribe rocm", admin)).kind == "answer"
    assert (await subs.handle(SETTINGS, "subscribe xpu dm", CHANNEL)).kind == "answer"
    discord = handler(store, [NOW])
    member = CommandContext(platform="discord", channel="42", user="7", can_manage=False)
    assert "Manage Channels" in (await discord.handle(SETTINGS, "subscribe rocm", member)).title
    assert "Only the bot's admins" in (await subs.handle(SETTINGS, "unsubscribe rocm", CHANNEL)).title


async def test_pending_has_only_matching_prs_landed_after_creation_and_not_yet_delivered(
    store: Store,
) -> None:
    """A PR merged before the subscription, a CI-only one and a delivered one are left out."""
    subs = handler(store, [NOW])
    await subs.handle(SETTINGS, "subscribe rocm -ci", CHANNEL)
    [sub] = await store.list_subscriptions(REPO)
    await store.upsert_prs(
        [
            merged(1, "[ROCm] before the subscription", NOW - timedelta(hours=1)),
            merged(2, "[ROCm] fused moe for MI300", NOW + timedelta(hours=1)),
            merged(3, "[ROCm][CI] fix the AMD CI pipeline", NOW + timedelta(hours=1), labels=("ci/build",)),
            merged(4, "[Frontend] openai server tweak", NOW + timedelta(hours=1)),
            merged(5, "[ROCm] fix sleep mode on MI300", NOW + timedelta(hours=2)),
        ]
    )
    later = NOW + timedelta(hours=3)
    found, since = await subs.pending(SETTINGS, sub, later)
    assert since == NOW
    assert [m.pr.number for m in found] == [2, 5]
    await store.put_receipt(receipt_key(sub.id, 2), {"message_id": "x"})
    assert [m.pr.number for m in (await subs.pending(SETTINGS, sub, later))[0]] == [5]


async def test_a_delivery_shows_the_count_and_ten_prs_and_puts_the_rest_in_tens(store: Store) -> None:
    """23 PRs: one message with the count and 10 PRs; the thread gets 10 and 3."""
    subs = handler(store, [NOW])
    await subs.handle(SETTINGS, "subscribe rocm", CHANNEL)
    [sub] = await store.list_subscriptions(REPO)
    await store.upsert_prs([merged(n, f"[ROCm] fix {n}", NOW + timedelta(minutes=n)) for n in range(1, 24)])
    later = NOW + timedelta(hours=1)
    found, since = await subs.pending(SETTINGS, sub, later)
    delivery = subs.delivery(SETTINGS, sub, found, "realtime", since, later)
    assert delivery.prs == tuple(range(1, 24))
    assert delivery.head.title.startswith("23 PRs newly merged")
    assert len(delivery.head.items) == 10 and delivery.head.total == 23
    assert "13 more in this message's thread." in delivery.head.notes
    assert [len(r.items) for r in delivery.rest] == [10, 3]


async def test_listing_shows_ids_and_suspension_and_unsubscribe_by_question(store: Store) -> None:
    """`subscriptions` lists this channel's and the caller's; suspended ones say why."""
    from dataclasses import replace

    subs = handler(store, [NOW])
    await subs.handle(SETTINGS, "subscribe rocm", CHANNEL)
    await subs.handle(SETTINGS, "subscribe xpu daily 08:00 dm", CHANNEL)
    elsewhere = CommandContext(platform="slack", channel="C9", user="U9", can_manage=True)
    await subs.handle(SETTINGS, "subscribe tpu", elsewhere)
    by_question = {s.question: s for s in await store.list_subscriptions(REPO)}
    rocm, xpu = by_question["rocm"], by_question["xpu"]
    await store.put_subscription(replace(rocm, status="suspended", reason="channel_not_found"))
    listing = await subs.handle(SETTINGS, "subscriptions", CHANNEL)
    assert listing.title == "2 subscriptions"
    assert any(rocm.id in n and "SUSPENDED: channel_not_found" in n for n in listing.notes)
    assert any(xpu.id in n and "daily 08:00" in n and "your DMs" in n for n in listing.notes)
    again = await subs.handle(SETTINGS, "subscribe rocm", CHANNEL)
    assert again.title == f"Subscription {rocm.id} is active again"
    gone = await subs.handle(SETTINGS, "unsubscribe ROCm", CHANNEL)
    assert gone.title == f"Unsubscribed: {rocm.id}"
    assert sorted(s.question for s in await store.list_subscriptions(REPO)) == ["tpu", "xpu"]


async def test_daily_and_weekly_are_due_at_their_last_time_after_creation(store: Store) -> None:
    """A daily subscription is due at its last HH:MM; never before it was made."""
    subs = handler(store, [NOW])
    _, reply = await subs.subscribe(SETTINGS, "rocm daily 08:00", CHANNEL)
    [sub] = await store.list_subscriptions(REPO)
    assert subs.due_at(SETTINGS, sub, NOW + timedelta(hours=1), None) is None  # 08:00 today was before
    assert subs.due_at(SETTINGS, sub, NOW + timedelta(days=1), None) == datetime(2026, 3, 3, 8, tzinfo=UTC)


async def test_every_word_of_the_question_must_match_even_when_an_answer_would_set_it_aside(
    store: Store,
) -> None:
    """`rocm sleep`: ROCm PRs without "sleep" are not delivered (an answer would drop the word)."""
    subs = handler(store, [NOW])
    await subs.handle(SETTINGS, "subscribe rocm sleep", CHANNEL)
    [sub] = await store.list_subscriptions(REPO)
    later = NOW + timedelta(hours=2)
    await store.upsert_prs([merged(1, "[ROCm] tune the MI300 GEMMs", NOW + timedelta(hours=1))])
    assert (await subs.pending(SETTINGS, sub, later))[0] == []
    await store.upsert_prs([merged(2, "[ROCm] fix sleep mode on MI300", NOW + timedelta(hours=1))])
    assert [m.pr.number for m in (await subs.pending(SETTINGS, sub, later))[0]] == [2]


async def test_a_typo_looking_word_that_matches_prs_is_kept_with_a_note(store: Store) -> None:
    """`rocm neox` ('did you mean neon?'): recent PRs name NeoX, so it is followed as a word.
    `rocm mxfp6` is no typo at all: MXFP6 is another format than MXFP4 (digits only differ)."""
    await store.upsert_prs([merged(1, "[ROCm] faster neox rotary passes", NOW - timedelta(days=2))])
    await store.upsert_prs([merged(2, "[ROCm] faster MXFP6 MoE kernels", NOW - timedelta(days=2))])
    reply = await handler(store, [NOW]).handle(SETTINGS, "subscribe rocm neox", CHANNEL)
    assert reply.kind == "answer"
    assert any("Searched as words" in n and "did you mean neon?" in n for n in reply.notes), reply.notes
    other = await handler(store, [NOW]).handle(SETTINGS, "subscribe rocm mxfp6", CHANNEL)
    assert other.kind == "answer" and not any("did you mean" in n for n in other.notes), other.notes
    assert sorted(s.question for s in await store.list_subscriptions()) == ["rocm mxfp6", "rocm neox"]
