"""Weekly digests: a window of a repository -> a platform-neutral Digest (built, never sent).

`build_digest` reads the window's PRs and classifications, computes every count
(handlers/digest_facts.py), then writes the prose with the LLM when one is given
(handlers/digest_llm.py) or offline (handlers/digest_offline.py); when the LLM fails the
offline digest comes back with a one-line note. Also here: the default window (the last full
calendar week in the repo's timezone), Digest <-> dict for the store, and the thread seed.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import asdict, replace
from datetime import date, timedelta, tzinfo
from typing import Any, Literal

from handlers import calendar
from handlers.codec import decode, encode
from handlers.digest_facts import SCOPES, AreaFacts, DigestFacts, clean_title, compute_facts, spans
from handlers.digest_llm import AI_NOTE, DigestPrompt, write_with_llm
from handlers.digest_offline import area_headline, choose_points, continuation, fit_budget, markdown_chars
from handlers.errors import BotError, LLMError
from handlers.models import (
    Digest,
    DigestCounts,
    DigestPoint,
    DigestSection,
    DigestTopic,
    Inline,
    ItemGroup,
    PRRef,
    PullRequest,
    Reply,
    ReplyItem,
    RepoSettings,
    TableRow,
    Taxonomy,
    Text,
    ThreadSeed,
    Window,
)
from handlers.ports import LLM, ClassificationSource, Store

log = logging.getLogger(__name__)

__all__ = [
    "DigestPrompt",
    "build_digest",
    "count_line",
    "digest_from_dict",
    "digest_seed",
    "digest_to_dict",
    "last_full_week",
    "digest_json",
    "MORE_NOTE",
    "MORE_TITLE",
    "topic_line",
    "window_for_dates",
    "window_key",
]

FORMAT = 2
MORE_TITLE = "All PRs by area"
MORE_NOTE = "Every other PR in scope, by area: the ones the points above do not cite."
_SCOPE_WORDS = {"opened_or_merged": "opened or merged", "opened": "opened", "merged": "merged"}


class DigestWindowError(BotError):
    """A digest window that cannot be built (end before start, too long)."""


# -- windows -------------------------------------------------------------------------------------------


def window_for_dates(first: date, last: date, tz: tzinfo) -> Window:
    """The local calendar days first..last (both included) as a UTC window with a date label."""
    if last < first:
        raise DigestWindowError(f"the window ends ({last}) before it starts ({first})")
    if (last - first).days > 366:
        raise DigestWindowError(f"a digest covers at most a year; {first} – {last} is longer")
    return calendar.window_for_dates(first, last, tz)


last_full_week = calendar.previous_week  # the digest's default week
week_ending = calendar.week_ending
window_key = calendar.window_key
day_range_label = calendar.day_range_label


# -- building ------------------------------------------------------------------------------------------


async def build_digest(
    settings: RepoSettings,
    window: Window,
    *,
    store: Store,
    classifications: ClassificationSource,
    llm: LLM | None = None,
    prompt: DigestPrompt | None = None,
    max_tokens: int = 4000,
) -> Digest:
    """The digest of `window` for one repository: LLM-written when `llm` and `prompt` are given
    (falling back to offline with a note), offline otherwise."""
    by = SCOPES.get(settings.digest_scope, SCOPES["opened_or_merged"])
    prs = await store.prs_in_window(settings.name, window.since, window.until, by=by)
    classes = await classifications.for_prs(settings.name, prs)
    first_seen = await store.first_seen(settings.name, {pr.author for pr in prs if not pr.is_bot})
    facts = compute_facts(
        settings.name,
        window,
        prs,
        classes,
        first_seen,
        settings.taxonomy,
        scope=settings.digest_scope,
        include_bots=settings.include_bots,
    )
    offline = write_offline(
        facts, settings.taxonomy, settings.digest_scope, include_bots=settings.include_bots
    )
    if llm is None or prompt is None or not facts.prose:
        return offline
    try:
        prose = await write_with_llm(
            facts,
            llm,
            prompt,
            max_tokens=max_tokens,
            offline_area=lambda area: _offline_area(facts, settings.taxonomy, settings.digest_scope, area),
        )
    except LLMError as exc:
        log.warning(
            "digest of %s %s: LLM failed (%s); offline digest instead", settings.name, window.label, exc
        )
        reason = " ".join(str(exc).split())[:120] or "no answer"
        note = f"The AI writer was unavailable ({reason}), so this digest was built offline from PR titles."
        return write_offline(
            facts, settings.taxonomy, settings.digest_scope, include_bots=settings.include_bots, notes=(note,)
        )
    log.info(
        "digest of %s %s: LLM used %d input / %d output tokens; %d invented citation(s) removed",
        settings.name,
        window.label,
        prose.input_tokens,
        prose.output_tokens,
        prose.removed,
    )
    sections = tuple(
        replace(
            section,
            key=area.key,
            prs=tuple(pr.number for pr in area.prs),
            headline=area_headline(facts, area),
        )
        for section, area in zip(prose.sections, facts.areas, strict=True)
        if section.points
    )
    sections = fit_budget(
        sections, facts.repo, frame=frame_chars(facts, settings.digest_scope, prose.trend, (AI_NOTE,))
    )
    return assemble(
        facts,
        sections,
        settings.digest_scope,
        mode="llm",
        trend=prose.trend,
        notes=(AI_NOTE,),
        include_bots=settings.include_bots,
    )


def _offline_area(
    facts: DigestFacts, taxonomy: Taxonomy, scope: str, area: AreaFacts
) -> tuple[DigestSection, TableRow]:
    """The offline points of one area (the LLM writer's stand-in for an area it skipped)."""
    index = facts.areas.index(area)
    points = choose_points(facts, taxonomy, frame=frame_chars(facts, scope)).get(index, [])
    return _section(facts, area, tuple(points)), TableRow(area.name, (), "")


def _section(facts: DigestFacts, area: AreaFacts, points: tuple[DigestPoint, ...]) -> DigestSection:
    return DigestSection(
        area.name,
        points,
        pr_count=len(area.prs),
        key=area.key,
        prs=tuple(pr.number for pr in area.prs),
        headline=area_headline(facts, area),
    )


def write_offline(
    facts: DigestFacts,
    taxonomy: Taxonomy,
    scope: str,
    *,
    include_bots: bool = False,
    notes: tuple[str, ...] = (),
) -> Digest:
    """The deterministic digest: the heaviest points per area within the budget, everything
    else in the continuation, every count from code; `notes` are shown under the counts."""
    chosen = choose_points(facts, taxonomy, frame=frame_chars(facts, scope, notes=notes))
    sections = tuple(
        _section(facts, area, tuple(chosen[i])) for i, area in enumerate(facts.areas) if chosen.get(i)
    )
    return assemble(facts, sections, scope, mode="offline", notes=notes, include_bots=include_bots)


def assemble(
    facts: DigestFacts,
    sections: tuple[DigestSection, ...],
    scope: str,
    *,
    mode: Literal["llm", "offline"],
    trend: tuple[Inline, ...] = (),
    notes: tuple[str, ...] = (),
    include_bots: bool = False,
) -> Digest:
    """A Digest from the chosen points: takeaways from topic totals, highlights from the heaviest
    cited PRs (offline), the continuation listing every PR the points do not cite."""
    cited = {n for section in sections for point in section.points for n in point.cited}
    return Digest(
        repo=facts.repo,
        window=facts.window,
        title=digest_title(facts.repo, facts.window),
        takeaways=takeaways(trend, facts, scope),
        highlights=() if trend else highlights(facts, cited),
        sections=sections,
        table=(),
        counts=facts.counts,
        mode=mode,
        notes=notes,
        topics=tuple(DigestTopic(t.key, t.name, t.total, t.merged, t.opened, t.closed) for t in facts.topics),
        more=continuation(facts, cited, include_bots=include_bots),
        scope=scope,
    )


def frame_chars(
    facts: DigestFacts, scope: str, trend: tuple[Inline, ...] = (), notes: tuple[str, ...] = ()
) -> int:
    """The Markdown of the digest proper outside its areas: the title, the takeaways, the counts
    line and the notes (as bot/adapters/markdown_render.py lays them out)."""
    return (
        len(f"# {digest_title(facts.repo, facts.window)}") + 2
        + len("**Key takeaways:** ") + markdown_chars(takeaways(trend, facts, scope), facts.repo) + 2
        + len("---") + 2 + len("**Counts:** ") + len(count_line(facts.counts)) + 2
        + sum(len(note) + 4 for note in notes)
    )  # fmt: skip


def digest_title(repo: str, window: Window) -> str:
    label = window.label or day_range_label(window.since.date(), (window.until - timedelta(seconds=1)).date())
    return f"PR digest for {repo} · {label}"


def _listed(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def takeaways(trend: tuple[Inline, ...], facts: DigestFacts, scope: str) -> tuple[Inline, ...]:
    """The trend (LLM, when there is one), the total and the busiest topics numbered inline, as
    the examples' one sentence; every number a total that `/vllm <topic> <window>` repeats."""
    c = facts.counts
    if not c.total:
        return (Text(f"No PRs were {_SCOPE_WORDS.get(scope, 'opened or merged')} in this window."),)
    states = [f"{c.merged} merged"]
    if c.still_open:
        states.append(f"{c.still_open} still open")
    if c.closed_unmerged:
        states.append(f"{c.closed_unmerged} closed without merging")
    total = f"{c.total} PRs were {_SCOPE_WORDS.get(scope, 'opened or merged')} ({', '.join(states)})"
    named = [t for t in facts.topics if t.section][:3]
    if named:
        listed = _listed([f"({i}) {t.name} ({t.total} PRs)" for i, t in enumerate(named, 1)])
        total += f"; the busiest topics were {listed}"
    crosscut = [t for t in facts.topics if not t.section][:2]
    if crosscut:
        total += "; " + _listed([f"{t.total} were {t.name.lower()}" for t in crosscut])
    total += "."
    if c.bot_prs and facts.prose != facts.prs:
        total += f" {c.bot_prs} bot PRs are counted but not described."
    out: list[Inline] = list(trend)
    if out:
        out.append(Text(" "))
    out.append(Text(total))
    return tuple(out)


def highlights(facts: DigestFacts, cited: set[int], limit: int = 3) -> tuple[Inline, ...]:
    """`<title> [PR#N]; ...`: the heaviest PRs the digest cites, for a channel message whose
    points are in its thread."""
    known = facts.by_number()
    top = [n for n in sorted(cited, key=lambda n: (-facts.weight(n), -n)) if n in known][:limit]
    if not top:
        return ()
    out: list[Inline] = []
    for i, number in enumerate(top):
        if i:
            out.append(Text("; "))
        pr = known[number]
        title = clean_title(pr.title)
        title = title if len(title) <= 90 else title[:89].rstrip() + "…"
        signals = facts.signals.get(number)
        claim = next((x for x in (signals.claims if signals else ()) if x.lower() not in title.lower()), "")
        out += [*spans(title), Text(f" ({claim}) " if claim else " "), PRRef(number, pr.url)]
    return tuple(out)


# -- storage and threads ---------------------------------------------------------------------------------


def digest_to_dict(digest: Digest) -> dict[str, Any]:
    """The stored form of the digest (handlers/codec.py), with its format version and the PR
    numbers it cites (for thread follow-ups); both extra keys are ignored when it is read."""
    return {"format": FORMAT, **encode(digest), "cited": list(digest.cited)}


def digest_from_dict(data: dict[str, Any]) -> Digest:
    """A digest from its stored form; records of earlier formats load, lacking keys taking the
    fields' defaults (format 1 had no topics, continuation, scope or area keys)."""
    return decode(Digest, data)


def in_scope_numbers(digest: Digest) -> tuple[int, ...]:
    """Every in-scope PR the digest knows, cited ones first (in reading order), then the
    continuation's, so a thread follow-up can narrow or page through all of them."""
    scope = {n for section in (*digest.sections, *digest.more) for n in section.prs}
    if not scope:  # a digest stored before areas listed their PRs: what it cites is all it knows
        return digest.cited
    seen = dict.fromkeys(n for n in digest.cited if n in scope)  # not a reverted PR of last month
    for section in (*digest.sections, *digest.more):
        seen.update(dict.fromkeys(section.prs))
    return tuple(seen)


def digest_seed(digest: Digest) -> ThreadSeed:
    """What a posted digest's thread is about: its window and EVERY in-scope PR (the cited ones
    first), so `more`, `rocm` or `all rocm` in the thread reach PRs the digest proper left out."""
    numbers = in_scope_numbers(digest)
    cited = set(digest.cited)
    return ThreadSeed(
        repo=digest.repo,
        kind="digest",
        since=digest.window.since,
        until=digest.window.until,
        query_text=digest.title,
        pr_numbers=numbers,
        shown=sum(1 for n in numbers if n in cited),
    )


def digest_reply(digest: Digest, prs: Mapping[int, PullRequest], command: str) -> Reply:
    """A digest as a slash command's answer: the takeaways, then each area's cited PRs under its
    headline (a point's lead beside its first PR), every number from the same facts as the posted
    digest. Its thread is the digest's thread: `more`, `rocm` or `only merged` reach the rest."""
    if not digest.sections:
        return Reply(
            kind="empty",
            title="No digest for this window",
            understood=f"{digest.window.label} · {count_line(digest.counts)}",
            notes=digest.notes,
            ephemeral=True,
        )
    groups = []
    for number, section in enumerate(digest.sections, 1):
        items: dict[int, ReplyItem] = {}
        for point in section.points:
            for at, cited in enumerate(dict.fromkeys(point.cited)):
                pr = prs.get(cited)
                if pr is None or cited in items:
                    continue
                items[cited] = ReplyItem(
                    number=pr.number,
                    title=pr.title,
                    url=pr.url,
                    author=pr.author,
                    status=pr.status,
                    summary=point.lead if at == 0 else "",
                    when=pr.merged_at or pr.created_at,
                )
        title = f"{number}. {section.title}" + (f" ({section.headline})" if section.headline else "")
        groups.append(ItemGroup(title=title, items=tuple(items.values())))
    shown = sum(len(g.items) for g in groups)
    seed = digest_seed(digest)
    # the thread's list in the order this answer shows it ("the first one" is the first PR on
    # screen; a posted digest's channel message leads with its highlights instead)
    on_screen = [s.number for s in digest.takeaways if isinstance(s, PRRef)]
    on_screen += [item.number for group in groups for item in group.items]
    seed = replace(seed, pr_numbers=tuple(dict.fromkeys((*on_screen, *seed.pr_numbers))))
    return Reply(
        kind="answer",
        title=digest.title,
        understood=f"{digest.window.label} · {count_line(digest.counts)}",
        groups=tuple(groups),
        total=shown,
        synthesis=digest.takeaways,
        notes=(
            *digest.notes,
            f"{len(seed.pr_numbers) - shown} more PRs in scope: reply `more`, or a topic (`rocm`), "
            f"in this thread. `/{command} digest here` posts the digest to a channel every week.",
        ),
        seed=seed,
        digest=digest,
    )


def count_line(counts: DigestCounts) -> str:
    """The digest's counts as one plain line, the same words in every renderer (no markup)."""
    c = counts
    parts = [
        f"{c.total} PRs in scope",
        f"{c.merged} merged",
        f"{c.opened} opened",
        f"{c.still_open} still open",
        f"{c.closed_unmerged} closed unmerged",
        f"{c.authors} authors ({c.first_time_authors} first-time)",
    ]
    if c.bot_prs:
        parts.append(f"{c.bot_prs} by bots")
    return " · ".join(parts)


def topic_line(digest: Digest, limit: int = 8) -> str:
    """`Topics: ROCm 47 · NVIDIA 30 · ...`: the largest topic totals, as `/vllm <topic>` counts them."""
    if not digest.topics:
        return ""
    return "Topics: " + " · ".join(f"{t.name} {t.total}" for t in digest.topics[:limit])


def digest_json(digest: Digest, tz: tzinfo) -> dict[str, Any]:
    """The digest's facts for tools and checks (`digest --format json`): the window with its
    inclusive last day, the counts, every topic's totals, the PRs of each area, and the PR
    numbers the prose names."""
    last = (digest.window.until - timedelta(microseconds=1)).astimezone(tz).date()
    areas: dict[str, dict[str, Any]] = {}
    for section in (*digest.sections, *digest.more):
        entry = areas.setdefault(
            section.key or section.title, {"key": section.key, "name": section.title, "prs": []}
        )
        entry["prs"] = sorted(set(entry["prs"]) | set(section.prs))
    return {
        "repo": digest.repo,
        "mode": digest.mode,
        "scope": digest.scope,
        "window": {
            "since": digest.window.since.astimezone(tz).date().isoformat(),
            "until": last.isoformat(),
            "label": digest.window.label,
        },
        "counts": asdict(digest.counts),
        "topics": {t.key: {k: v for k, v in asdict(t).items() if k != "key"} for t in digest.topics},
        "sections": list(areas.values()),
        "mentioned": sorted(digest.cited),
    }
