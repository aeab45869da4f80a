"""The LLM digest writer: DigestFacts + a model -> the prose of a Digest.

The prompt carries the cached classification records of the window (number, state, topics,
impact, title, one-line summary) with code's ranking signals (weight, quoted claims, revert and
regression links, breaking / severe-fix / new-model marks), heaviest first, never raw bodies, grouped by the areas code computed, inside
delimiting tags and framed as untrusted data. The model answers through a JSON schema with a
trend sentence and, per area, points (lead, text, cited PR numbers) and an impact phrase.

Afterwards a citation guard keeps only PR numbers that are in the window's records (unknown
ones are removed and logged); links are always rebuilt from stored URLs. Every count in the
digest is filled in by code. An area the model skipped gets its offline points.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from handlers.citations import Guard
from handlers.digest_facts import AreaFacts, DigestFacts, clean_title, spans
from handlers.errors import LLMError
from handlers.models import DigestPoint, DigestSection, Inline, Prompt, PRRef, PullRequest, TableRow, Text
from handlers.ports import LLM

log = logging.getLogger(__name__)

MAX_POINTS = 4
MAX_LEAD = 80
MAX_TEXT = 400
MAX_POINT_PRS = 4  # more would not read as one point; the rest stay in the continuation
MAX_IMPACT = 120
AI_NOTE = "AI-written from PR titles and descriptions; may contain mistakes."


DigestPrompt = Prompt
"""The digest prompt (bot/services/prompts/digest.toml); placeholders: $repo, $start, $end,
$areas, $records."""


def schema_for(area_keys: list[str]) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {
            "trend": {
                "type": "string",
                "description": "One sentence naming the window's dominant trend. No counts, no PR numbers.",
            },
            "areas": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "key": {"type": "string", "enum": area_keys},
                        "impact": {"type": "string", "description": "The area's primary impact, a phrase."},
                        "points": {
                            "type": "array",
                            "maxItems": MAX_POINTS,
                            "items": {
                                "type": "object",
                                "properties": {
                                    "lead": {"type": "string", "description": "2-5 word theme name"},
                                    "text": {
                                        "type": "string",
                                        "description": "One sentence; code symbols in backticks; no PR numbers",
                                    },
                                    "prs": {"type": "array", "items": {"type": "integer"}, "minItems": 1},
                                },
                                "required": ["lead", "text", "prs"],
                            },
                        },
                    },
                    "required": ["key", "impact", "points"],
                },
            },
        },
        "required": ["trend", "areas"],
    }


def _record(pr: PullRequest, facts: DigestFacts) -> str:
    found = facts.classes.get(pr.number)
    title = clean_title(pr.title)
    item: dict[str, Any] = {"n": pr.number, "state": facts.status.get(pr.number, pr.status), "title": title}
    if found is not None:
        item["topics"] = list(found.topics)
        item["impact"] = round(found.impact, 2)
        summary = " ".join((found.summary or "").split())
        if summary and summary.lower().strip(" .") != title.lower().strip(" ."):
            item["summary"] = summary[:240]
    item["weight"] = round(facts.weight(pr.number), 2)
    signals = facts.signals.get(pr.number)
    if signals is not None:
        if signals.claims:
            item["claims"] = list(signals.claims)
        if signals.words():
            item["signals"] = [w for w in signals.words() if w != "claim"]
        if signals.reverts:
            item["reverts"] = list(signals.reverts)
        if signals.fixes_regression_of:
            item["fixes_regression_of"] = list(signals.fixes_regression_of)
    # `<` is escaped so no title can close the data block early.
    return json.dumps(item, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def build_prompt(facts: DigestFacts, prompt: DigestPrompt) -> tuple[str, str]:
    """(system, user) for one window: areas with their computed counts, records as JSON lines."""
    blocks = []
    for area in facts.areas:
        blocks.append(f"## area {area.key}")
        ranked = sorted(area.prs, key=lambda pr: (-facts.weight(pr.number), -pr.number))
        blocks.extend(_record(pr, facts) for pr in ranked)
    areas = "\n".join(f"- {a.key}: {a.name} ({len(a.prs)} PRs)" for a in facts.areas)
    start, end = window_dates(facts)
    values = {"repo": facts.repo, "start": start, "end": end, "areas": areas, "records": "\n".join(blocks)}
    return prompt.render_system(**values), prompt.render_user(**values)


def window_dates(facts: DigestFacts) -> tuple[str, str]:
    label = facts.window.label
    if " – " in label:
        start, end = label.split(" – ", 1)
        return start, end
    return f"{facts.window.since:%Y-%m-%d}", f"{facts.window.until:%Y-%m-%d}"


def _refs(numbers: list[int], known: Mapping[int, PullRequest]) -> list[Inline]:
    out: list[Inline] = []
    for i, number in enumerate(numbers):
        if i:
            out.append(Text(", "))
        out.append(PRRef(number, known[number].url))
    return out


@dataclass(frozen=True)
class LLMProse:
    trend: tuple[Inline, ...]
    sections: tuple[DigestSection, ...]
    table: tuple[TableRow, ...]
    removed: int
    skipped_areas: tuple[str, ...]
    input_tokens: int
    output_tokens: int


async def write_with_llm(
    facts: DigestFacts,
    llm: LLM,
    prompt: DigestPrompt,
    *,
    max_tokens: int,
    offline_area: Any,
) -> LLMProse:
    """Ask the model for the prose; raise LLMError when it fails or answers out of shape.

    `offline_area(area) -> (DigestSection, TableRow)` fills any area the model left out.
    """
    system, user = build_prompt(facts, prompt)
    keys = [a.key for a in facts.areas]
    result = await llm.complete(
        system, user, max_tokens=max_tokens, schema=schema_for(keys), cache_system=True
    )
    data = result.data
    if data is None:
        try:
            data = json.loads(result.text)
        except (TypeError, ValueError):
            raise LLMError("the model's digest was not valid JSON") from None
    if not isinstance(data, dict) or not isinstance(data.get("areas"), list):
        raise LLMError("the model's digest did not follow the requested structure")
    known = {pr.number: pr for pr in facts.prose}
    guard = Guard(known)
    by_key: dict[str, dict[str, Any]] = {}
    for entry in data["areas"]:
        if isinstance(entry, dict) and isinstance(entry.get("key"), str):
            by_key.setdefault(entry["key"], entry)
    sections: list[DigestSection] = []
    table: list[TableRow] = []
    skipped: list[str] = []
    for area in facts.areas:
        entry = by_key.get(area.key)
        points = _points(entry, guard, known) if entry else []
        if not points:
            skipped.append(area.key)
            section, row = offline_area(area)
            sections.append(section)
            table.append(row)
            continue
        sections.append(DigestSection(area.name, tuple(points), pr_count=len(area.prs)))
        impact, _ = guard.text(entry.get("impact") if entry else "", MAX_IMPACT)
        table.append(TableRow(area.name, _key_prs(area, points, facts), impact or "—"))
    trend_text, _ = guard.text(data.get("trend"), MAX_TEXT)
    if skipped:
        log.warning("digest: the model wrote nothing usable for area(s) %s; offline points used", skipped)
    return LLMProse(
        trend=spans(trend_text, detect=False) if trend_text else (),
        sections=tuple(sections),
        table=tuple(table),
        removed=guard.removed,
        skipped_areas=tuple(skipped),
        input_tokens=result.input_tokens,
        output_tokens=result.output_tokens,
    )


def _points(entry: dict[str, Any], guard: Guard, known: Mapping[int, PullRequest]) -> list[DigestPoint]:
    points: list[DigestPoint] = []
    raw_points = entry.get("points")
    for raw in raw_points if isinstance(raw_points, list) else []:
        if not isinstance(raw, dict) or len(points) >= MAX_POINTS:
            continue
        lead, _ = guard.text(raw.get("lead"), MAX_LEAD)
        text, mentioned = guard.text(raw.get("text"), MAX_TEXT)
        cited = guard.numbers(raw.get("prs"))
        cited += [n for n in mentioned if n not in cited]
        cited = cited[:MAX_POINT_PRS]
        if not cited or not text:
            log.warning("digest: dropped a point with no valid citation (%r)", lead)
            continue
        body = (*spans(text, detect=False), Text(" "), *_refs(cited, known))
        points.append(DigestPoint(lead.strip("*_ :") or "Update", body))
    return points


def _key_prs(area: AreaFacts, points: list[DigestPoint], facts: DigestFacts) -> tuple[PRRef, ...]:
    mine = {pr.number: pr for pr in area.prs}
    cited = [n for p in points for n in p.cited if n in mine]
    ranked = sorted(dict.fromkeys(cited), key=lambda n: (-facts.impact(n), -n)) or [
        p.number for p in area.prs
    ]
    return tuple(PRRef(n, mine[n].url) for n in ranked[:3])
