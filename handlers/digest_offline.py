"""The offline digest writer: DigestFacts -> Digest, deterministic, no model.

Within each area, related PRs are grouped into one point by a shared key term (a title tag
like `[Model Runner V2]`, a model family like Qwen3.5 / Qwen3-VL -> "Qwen", a product or symbol
like FP8, MLA or `ModelState`, or a topic of the area such as ROCm), greedily taking the term
most PRs share. Points are ranked by impact (measured gains, new models and features above
chores); each area shows at most MAX_POINTS points and counts the rest.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from handlers.digest_facts import AreaFacts, DigestFacts, clean_title, spans, title_tags
from handlers.models import (
    DigestPoint,
    DigestSection,
    Inline,
    PRRef,
    PullRequest,
    TableRow,
    Taxonomy,
    Text,
)

MAX_POINTS = 6
MAX_CHILDREN = 3  # titles shown under a grouped point; the rest are cited as bare links
MAX_EXTRA_REFS = 6
KEY_PRS = 3
# A term shared by nearly the whole area says nothing about it ("Quantization" in Quantization).
MAX_TERM_SHARE = 0.8

_GENERIC_TAGS = {
    "bugfix", "bug", "bug fix", "fix", "hotfix", "misc", "core", "perf", "performance", "kernel", "kernels",
    "ci", "ci/build", "build", "ci/cd", "doc", "docs", "documentation", "feature", "feat", "features",
    "model", "models", "new model", "frontend", "refactor", "refactoring", "test", "tests", "testing",
    "minor", "hardware", "chore", "ux", "benchmark", "benchmarks", "bench", "nfc", "wip", "rfc", "v1",
    "v0", "nit", "cleanup", "easy", "release", "deprecation", "bugfix][ci", "ci][bugfix", "misc][ci",
    "draft", "enhancement", "improvement", "quality", "dx", "api", "tools", "tool",
}  # fmt: skip
_STOP_TOKENS = {
    "pr",
    "ci",
    "api",
    "ux",
    "wip",
    "rfc",
    "v0",
    "v1",
    "todo",
    "ok",
    "e2e",
    "n/a",
    "tp",
    "pp",
    "dp",
}
_NUMBERED = re.compile(r"^\d+\s*/\s*(?:\d+|n)$", re.IGNORECASE)
_TOKEN = re.compile(r"[A-Za-z][A-Za-z0-9.+_]*[A-Za-z0-9+]|[A-Za-z]")
_CAMEL = re.compile(r"(?:[A-Z][a-z0-9]+){2,}")
_HUMP = re.compile(r"[A-Z][a-z0-9]+")
_FAMILY = re.compile(r"^([A-Za-z]{3,})[-_]?[vV]?\d")
_FIX = re.compile(r"\b(fix|fixes|fixed|bug|crash|hang|regression|revert|broken|error)\b", re.IGNORECASE)
_PERF = re.compile(r"\b(perf|speed ?up|faster|optimi[sz]e\w*|throughput|latency|\d+(\.\d+)?\s*(x|%))", re.I)
_FEATURE = re.compile(r"\b(add|adds|support|introduce|enable|implement|new)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Term:
    key: str  # what PRs must share
    display: str
    rank: int  # 0 tag, 1 named thing in the title, 2 topic: the most specific grouping wins first


@dataclass
class Group:
    lead: str
    prs: list[PullRequest]
    source: str = "term"  # "term" (shared tag or word), "topic", "crosscut" (bug fixes), "kind", "single"
    score: float = 0.0


def _is_candidate(token: str) -> bool:
    """Tokens that name something: FP8, MLA, Qwen3.5, ModelState, snake_case symbols."""
    if token.lower() in _STOP_TOKENS or len(token) < 2:
        return False
    inner_upper = any(c.isupper() for c in token[1:])
    has_digit = any(c.isdigit() for c in token) and any(c.isalpha() for c in token)
    return inner_upper or has_digit or "_" in token.strip("_")


def _terms(pr: PullRequest, facts: DigestFacts, taxonomy: Taxonomy, area: AreaFacts) -> dict[str, Term]:
    found: dict[str, Term] = {}
    tag_topics = {word: t for t in taxonomy.topics for word in (*t.evidence.get("tags", ()), *t.words)}
    for tag in title_tags(pr.title):
        low = tag.lower()
        if low in _GENERIC_TAGS or _NUMBERED.match(low) or len(low) < 2:
            continue
        topic = tag_topics.get(low)
        if topic is not None:  # `[AMD]` and `[ROCm]` are both the ROCm topic
            found.setdefault(f"topic:{topic.key}", Term(f"topic:{topic.key}", topic.name, 0))
        else:
            found.setdefault(f"tag:{low}", Term(f"tag:{low}", tag, 0))
    for raw in _TOKEN.findall(clean_title(pr.title)):
        token = raw.rstrip(".")
        if not _is_candidate(token):
            continue
        family = _FAMILY.match(token)
        key = f"word:{family.group(1).lower()}" if family else f"word:{token.lower()}"
        found.setdefault(key, Term(key, token, 1))
        # `WhisperModelState` and `ModelStateInterface` share "ModelState".
        humps = _HUMP.findall(token) if _CAMEL.fullmatch(token) else []
        for size in (2, 3):
            for i in range(len(humps) - size + 1):
                part = "".join(humps[i : i + size])
                if part != token:
                    found.setdefault(f"word:{part.lower()}", Term(f"word:{part.lower()}", part, 1))
    classification = facts.classes.get(pr.number)
    for key in classification.topics if classification else ():
        topic = taxonomy.topic(key)
        if topic is not None and topic.section == (area.key if area.key != "other" else None):
            found.setdefault(f"topic:{key}", Term(f"topic:{key}", topic.name, 2))
    return found


def _display(term_key: str, forms: Counter[str]) -> str:
    """The form most PRs wrote; a family of different forms (Qwen3.5, Qwen3-VL) shows its name."""
    best = forms.most_common(1)[0][0]
    if len(forms) > 1 and term_key.startswith("word:"):
        family = _FAMILY.match(best)
        if family:
            return family.group(1)
    return best


def _group_area(facts: DigestFacts, taxonomy: Taxonomy, area: AreaFacts) -> list[Group]:
    """Greedy grouping: shared tags first, then shared named things (Qwen, FP8, `ModelState`),
    then the area's topics, each time taking the term most remaining PRs share; then
    cross-cutting topics (bug fixes); the rest stand alone."""
    terms = {pr.number: _terms(pr, facts, taxonomy, area) for pr in area.prs}
    remaining = list(area.prs)
    limit = len(area.prs) * MAX_TERM_SHARE if len(area.prs) >= 5 else len(area.prs) + 1
    broad = {k for k, n in share_all(terms, area).items() if n >= limit}
    groups: list[Group] = []
    while True:
        share: Counter[str] = Counter()
        forms: dict[str, Counter[str]] = {}
        rank: dict[str, int] = {}
        for pr in remaining:
            for key, term in terms[pr.number].items():
                share[key] += 1
                forms.setdefault(key, Counter())[term.display] += 1
                rank[key] = term.rank
        usable = [k for k, n in share.items() if n >= 2 and k not in broad]
        if not usable:
            break
        best = min(usable, key=lambda k: (rank[k], -share[k], k))
        members = [pr for pr in remaining if best in terms[pr.number]]
        lead = _display(best, forms[best])
        groups.append(Group(lead[:1].upper() + lead[1:], members, "topic" if rank[best] == 2 else "term"))
        remaining = [pr for pr in remaining if best not in terms[pr.number]]
    # Cross-cutting topics (no section of their own, e.g. bug fixes) group what is left.
    crosscut = [t for t in taxonomy.topics if not t.section]
    for topic in crosscut:
        members = [pr for pr in remaining if topic.key in _topics(facts, pr)]
        if len(members) >= 2:
            groups.append(Group(topic.name, members, "crosscut"))
            remaining = [pr for pr in remaining if pr not in members]
    for pr in remaining:
        lead = _single_lead(pr, facts, {k: t for k, t in terms[pr.number].items() if k not in broad})
        groups.append(Group(lead, [pr], "kind" if lead in _KIND_LEAD.values() else "single"))
    groups = _merge_same_lead(groups)
    for group in groups:
        group.prs.sort(key=lambda pr: (-facts.impact(pr.number), -pr.number))
        top = facts.impact(group.prs[0].number)
        group.score = top + 0.08 * min(len(group.prs) - 1, 5)
    groups.sort(key=lambda g: (-g.score, -len(g.prs), -g.prs[0].number))
    return groups


def _merge_same_lead(groups: list[Group]) -> list[Group]:
    """A `[LoRA]` tag group and the LoRA topic group are one point; so are lone PRs sharing a lead."""
    merged: dict[str, Group] = {}
    for group in groups:
        key = group.lead.lower()
        if key in merged:
            first = merged[key]
            first.prs.extend(group.prs)
            if first.source in ("single", "kind"):
                first.source = "kind" if "kind" in (first.source, group.source) else "term"
        else:
            merged[key] = group
    return list(merged.values())


def share_all(terms: dict[int, dict[str, Term]], area: AreaFacts) -> Counter[str]:
    """How many of the area's PRs carry each term."""
    return Counter(k for pr in area.prs for k in terms[pr.number])


def _topics(facts: DigestFacts, pr: PullRequest) -> tuple[str, ...]:
    found = facts.classes.get(pr.number)
    return found.topics if found else ()


def _single_lead(pr: PullRequest, facts: DigestFacts, terms: dict[str, Term]) -> str:
    """A lone PR's lead: its own tag or topic, else a named thing from its title, else its kind.
    Terms nearly the whole area shares are left out (six "Model Runner V2" leads say nothing)."""
    ordered = sorted(terms.values(), key=lambda t: (t.rank, not t.key.startswith("topic:"), t.key))
    for term in ordered:
        if term.key.startswith("tag:") or term.key.startswith("topic:"):
            return term.display[:1].upper() + term.display[1:]
    for term in ordered:
        if not re.search(r"[_()./]", term.display):  # symbols read badly as a lead; they stay in the text
            return term.display[:1].upper() + term.display[1:]
    return _KIND_LEAD[_kind(pr, facts)]


def _kind(pr: PullRequest, facts: DigestFacts) -> str:
    title = pr.title or ""
    topics = set(_topics(facts, pr))
    if "bugfix" in topics or _FIX.search(title):
        return "fix"
    if "performance" in topics or _PERF.search(title):
        return "performance"
    if topics & {"new-model", "feature"}:
        return "feature"
    if _FEATURE.search(title):
        return "feature"
    return "maintenance"


_KIND_LEAD = {"fix": "Fix", "performance": "Performance", "feature": "Feature", "maintenance": "Maintenance"}
_KIND_LABEL = {
    "fix": "Mostly fixes",
    "performance": "Mostly performance work",
    "feature": "Mostly new features",
    "maintenance": "Mostly maintenance",
}


def pr_phrase(pr: PullRequest, facts: DigestFacts) -> tuple[Inline, ...]:
    """`Clean title (open) [PR#N]` as spans; the state shows only when it is not "merged"."""
    status = facts.status.get(pr.number, pr.status)
    suffix = {"open": " (open)", "draft": " (draft)", "closed": " (closed without merging)"}.get(status, "")
    return (*spans(clean_title(pr.title)), Text(suffix + " "), PRRef(pr.number, pr.url))


def _point(group: Group, facts: DigestFacts) -> DigestPoint:
    prs = group.prs
    if len(prs) == 1:
        return DigestPoint(group.lead, pr_phrase(prs[0], facts))
    if len(prs) == 2:
        return DigestPoint(group.lead, (*pr_phrase(prs[0], facts), Text("; "), *pr_phrase(prs[1], facts)))
    states = _states(prs, facts)
    children = [pr_phrase(pr, facts) for pr in prs[:MAX_CHILDREN]]
    rest = prs[MAX_CHILDREN:]
    if rest:
        extra: list[Inline] = [Text("Also ")]
        for i, pr in enumerate(rest[:MAX_EXTRA_REFS]):
            if i:
                extra.append(Text(", "))
            extra.append(PRRef(pr.number, pr.url))
        if len(rest) > MAX_EXTRA_REFS:
            extra.append(Text(f" and {len(rest) - MAX_EXTRA_REFS} more"))
        children.append(tuple(extra))
    return DigestPoint(group.lead, (Text(f"{len(prs)} PRs ({states})."),), tuple(children))


def _states(prs: Sequence[PullRequest], facts: DigestFacts) -> str:
    counts: Counter[str] = Counter(facts.status.get(pr.number, pr.status) for pr in prs)
    words = (("merged", "merged"), ("open", "open"), ("draft", "draft"), ("closed", "closed unmerged"))
    return ", ".join(f"{counts[key]} {word}" for key, word in words if counts[key])


@dataclass(frozen=True)
class OfflineArea:
    section: DigestSection
    row: TableRow
    biggest: tuple[tuple[str, int, bool], ...]  # (lead, size, named by a tag or word) of grouped points


def write_area(facts: DigestFacts, taxonomy: Taxonomy, area: AreaFacts) -> OfflineArea:
    groups = _group_area(facts, taxonomy, area)
    points = tuple(_point(g, facts) for g in groups[:MAX_POINTS])
    section = DigestSection(area.name, points, pr_count=len(area.prs))
    kinds = Counter(_kind(pr, facts) for pr in area.prs)
    named = [(n, k) for k, n in kinds.items() if k != "maintenance" and n * 4 >= len(area.prs)]
    kind = max(named)[1] if named else "maintenance"
    leads = ", ".join(list(dict.fromkeys(g.lead for g in groups))[:3])
    row = TableRow(
        area.name,
        tuple(PRRef(pr.number, pr.url) for pr in area.prs[:KEY_PRS]),
        f"{_KIND_LABEL[kind]}: {leads}",
    )
    biggest = tuple((g.lead, len(g.prs), g.source == "term") for g in groups if len(g.prs) >= 2)
    return OfflineArea(section, row, biggest)


def offline_takeaway_trend(areas: Sequence[OfflineArea]) -> str:
    """The dominant threads of work: the largest groups named by a shared tag or word (ROCm, Qwen,
    `ModelState`) across areas; topic groups (Multimodal) only when there are too few of those."""
    named = [(size, lead) for a in areas for lead, size, by_name in a.biggest if by_name]
    topical = [(size, lead) for a in areas for lead, size, by_name in a.biggest if not by_name]
    groups = sorted(named, key=lambda x: (-x[0], x[1])) + sorted(topical, key=lambda x: (-x[0], x[1]))
    seen: list[tuple[int, str]] = []
    for size, lead in groups:
        if lead not in (s[1] for s in seen):
            seen.append((size, lead))
        if len(seen) == 2:
            break
    if not seen:
        return ""
    if len(seen) > 1:
        return f"The largest threads of work were {seen[0][1]} ({seen[0][0]} PRs) and {seen[1][1]} ({seen[1][0]} PRs)."
    return f"The largest thread of work was {seen[0][1]} ({seen[0][0]} PRs)."
