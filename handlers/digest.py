"""Weekly digests: a window of a repository -> a platform-neutral Digest (built, never sent).

`build_digest` reads the window's PRs and classifications, computes every count
(handlers/digest_facts.py), then writes the prose with the LLM when one is given
(handlers/digest_llm.py) or offline (handlers/digest_offline.py); when the LLM fails the
offline digest comes back with a one-line note. Also here: the default window (the last full
calendar week in the repo's timezone), Digest <-> dict for the store, and the thread seed.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from datetime import date, timedelta, tzinfo
from typing import TYPE_CHECKING, Any

from handlers import calendar
from handlers.digest_facts import SCOPES, AreaFacts, DigestFacts, compute_facts
from handlers.digest_llm import AI_NOTE, DigestPrompt, write_with_llm
from handlers.digest_offline import offline_takeaway_trend, write_area
from handlers.errors import BotError, LLMError
from handlers.models import (
    Code,
    Digest,
    DigestCounts,
    DigestPoint,
    DigestSection,
    Inline,
    PRRef,
    TableRow,
    Taxonomy,
    Text,
    ThreadSeed,
    Window,
    format_time,
    parse_time,
)
from handlers.ports import LLM, ClassificationSource, Store

if TYPE_CHECKING:
    from handlers.models import RepoSettings

log = logging.getLogger(__name__)

__all__ = [
    "DigestPrompt",
    "build_digest",
    "count_line",
    "digest_from_dict",
    "digest_seed",
    "digest_to_dict",
    "last_full_week",
    "uncited_count",
    "window_for_dates",
    "window_key",
]

FORMAT = 1
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
    offline = write_offline(facts, settings.taxonomy, settings.digest_scope)
    if llm is None or prompt is None or not facts.prose:
        return offline
    try:
        prose = await write_with_llm(
            facts,
            llm,
            prompt,
            max_tokens=max_tokens,
            offline_area=lambda area: _offline_area(facts, settings.taxonomy, area),
        )
    except LLMError as exc:
        log.warning(
            "digest of %s %s: LLM failed (%s); offline digest instead", settings.name, window.label, exc
        )
        reason = " ".join(str(exc).split())[:120] or "no answer"
        note = f"The AI writer was unavailable ({reason}), so this digest was built offline from PR titles."
        return replace(offline, notes=(note, *offline.notes))
    log.info(
        "digest of %s %s: LLM used %d input / %d output tokens; %d invented citation(s) removed",
        settings.name,
        window.label,
        prose.input_tokens,
        prose.output_tokens,
        prose.removed,
    )
    trend = prose.trend or tuple(offline_trend_spans(facts, settings.taxonomy))
    return Digest(
        repo=facts.repo,
        window=window,
        title=digest_title(facts.repo, window),
        takeaways=takeaways(trend, facts, settings.digest_scope),
        sections=prose.sections,
        table=prose.table,
        counts=facts.counts,
        mode="llm",
        notes=(AI_NOTE,),
    )


def _offline_area(facts: DigestFacts, taxonomy: Taxonomy, area: AreaFacts) -> tuple[DigestSection, TableRow]:
    written = write_area(facts, taxonomy, area)
    return written.section, written.row


def offline_trend_spans(facts: DigestFacts, taxonomy: Taxonomy) -> tuple[Inline, ...]:
    trend = offline_takeaway_trend([write_area(facts, taxonomy, a) for a in facts.areas])
    return (Text(trend),) if trend else ()


def write_offline(facts: DigestFacts, taxonomy: Taxonomy, scope: str) -> Digest:
    """The deterministic digest: grouped points per area, counts and table from code."""
    areas = [write_area(facts, taxonomy, a) for a in facts.areas]
    trend = offline_takeaway_trend(areas)
    return Digest(
        repo=facts.repo,
        window=facts.window,
        title=digest_title(facts.repo, facts.window),
        takeaways=takeaways((Text(trend),) if trend else (), facts, scope),
        sections=tuple(a.section for a in areas),
        table=tuple(a.row for a in areas),
        counts=facts.counts,
        mode="offline",
    )


def digest_title(repo: str, window: Window) -> str:
    label = window.label or day_range_label(window.since.date(), (window.until - timedelta(seconds=1)).date())
    return f"PR digest for {repo} · {label}"


def takeaways(trend: tuple[Inline, ...], facts: DigestFacts, scope: str) -> tuple[Inline, ...]:
    """The trend sentence, then the total and the top areas numbered inline, counted in code."""
    c = facts.counts
    if not c.total:
        return (Text(f"No PRs were {_SCOPE_WORDS.get(scope, 'opened or merged')} in this window."),)
    states = [f"{c.merged} merged"]
    if c.still_open:
        states.append(f"{c.still_open} still open")
    if c.closed_unmerged:
        states.append(f"{c.closed_unmerged} closed without merging")
    total = f"{c.total} PRs were {_SCOPE_WORDS.get(scope, 'opened or merged')} ({', '.join(states)})"
    named = [a for a in facts.areas if a.key != "other"][:3]
    if named:
        parts = [f"({i}) {a.name} ({len(a.prs)} PRs)" for i, a in enumerate(named, 1)]
        listed = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
        total += f"; the most active areas were {listed}."
    else:
        total += "."
    if c.bot_prs and facts.prose != facts.prs:
        total += f" {c.bot_prs} bot PRs are counted but not described."
    out: list[Inline] = list(trend)
    if out:
        out.append(Text(" "))
    out.append(Text(total))
    return tuple(out)


def uncited_count(section: DigestSection) -> int:
    """How many of a section's PRs its points do not cite (renderers say "…and N more")."""
    cited = {n for point in section.points for n in point.cited}
    return max(0, section.pr_count - len(cited))


# -- storage and threads ---------------------------------------------------------------------------------


def _span_to_dict(span: Inline) -> dict[str, Any]:
    if isinstance(span, PRRef):
        return {"pr": span.number, "url": span.url}
    if isinstance(span, Code):
        return {"code": span.text}
    return {"text": span.text}


def _span_from_dict(data: dict[str, Any]) -> Inline:
    if "pr" in data:
        return PRRef(int(data["pr"]), str(data["url"]))
    if "code" in data:
        return Code(str(data["code"]))
    return Text(str(data.get("text", "")))


def _spans_from(items: Any) -> tuple[Inline, ...]:
    return tuple(_span_from_dict(item) for item in items or ())


def digest_to_dict(digest: Digest) -> dict[str, Any]:
    """A JSON-ready dict of the digest, with the PR numbers it cites (for thread follow-ups)."""
    return {
        "format": FORMAT,
        "repo": digest.repo,
        "window": {
            "since": format_time(digest.window.since),
            "until": format_time(digest.window.until),
            "label": digest.window.label,
        },
        "title": digest.title,
        "mode": digest.mode,
        "takeaways": [_span_to_dict(s) for s in digest.takeaways],
        "sections": [
            {
                "title": section.title,
                "pr_count": section.pr_count,
                "points": [
                    {
                        "lead": point.lead,
                        "body": [_span_to_dict(s) for s in point.body],
                        "children": [[_span_to_dict(s) for s in child] for child in point.children],
                    }
                    for point in section.points
                ],
            }
            for section in digest.sections
        ],
        "table": [
            {"area": row.area, "key_prs": [_span_to_dict(r) for r in row.key_prs], "impact": row.impact}
            for row in digest.table
        ],
        "counts": {
            "total": digest.counts.total,
            "opened": digest.counts.opened,
            "merged": digest.counts.merged,
            "closed_unmerged": digest.counts.closed_unmerged,
            "still_open": digest.counts.still_open,
            "authors": digest.counts.authors,
            "first_time_authors": digest.counts.first_time_authors,
            "bot_prs": digest.counts.bot_prs,
        },
        "notes": list(digest.notes),
        "cited": list(digest.cited),
    }


def digest_from_dict(data: dict[str, Any]) -> Digest:
    since = parse_time(data["window"]["since"])
    until = parse_time(data["window"]["until"])
    assert since is not None and until is not None
    return Digest(
        repo=data["repo"],
        window=Window(since, until, data["window"].get("label", "")),
        title=data["title"],
        takeaways=_spans_from(data.get("takeaways")),
        sections=tuple(
            DigestSection(
                title=s["title"],
                pr_count=int(s.get("pr_count", 0)),
                points=tuple(
                    DigestPoint(
                        lead=p["lead"],
                        body=_spans_from(p.get("body")),
                        children=tuple(_spans_from(c) for c in p.get("children") or ()),
                    )
                    for p in s.get("points") or ()
                ),
            )
            for s in data.get("sections") or ()
        ),
        table=tuple(
            TableRow(
                area=r["area"],
                key_prs=tuple(PRRef(int(x["pr"]), str(x["url"])) for x in r.get("key_prs") or ()),
                impact=r.get("impact", ""),
            )
            for r in data.get("table") or ()
        ),
        counts=DigestCounts(**data["counts"]),
        mode=data.get("mode", "offline"),
        notes=tuple(data.get("notes") or ()),
    )


def digest_seed(digest: Digest) -> ThreadSeed:
    """What a posted digest's thread is about: its window and the PRs it cites."""
    cited = digest.cited
    return ThreadSeed(
        repo=digest.repo,
        kind="digest",
        since=digest.window.since,
        until=digest.window.until,
        query_text=digest.title,
        pr_numbers=cited,
        shown=len(cited),
    )


def count_line(digest: Digest) -> str:
    """The footer's counts as one plain line (every renderer shows it; no markup inside)."""
    c = digest.counts
    parts = [
        f"{c.total} PRs in scope",
        f"{c.opened} opened",
        f"{c.merged} merged",
        f"{c.closed_unmerged} closed unmerged",
        f"{c.still_open} still open",
        f"{c.authors} authors ({c.first_time_authors} first-time)",
    ]
    if c.bot_prs:
        parts.append(f"{c.bot_prs} by bots")
    return " · ".join(parts)
