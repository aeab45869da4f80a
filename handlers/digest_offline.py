"""The offline digest writer: DigestFacts -> the points of a Digest, deterministic, no model.

Within each area, related PRs are grouped into one point by a shared key term (a title tag
like `[Model Runner V2]`, a model family like Qwen3.5 / Qwen3-VL -> "Qwen", a product or symbol
like FP8, MLA or `ModelState`, or a topic of the area such as ROCm), greedily taking the term
most PRs share. Points are ranked by weight (the classifier's impact plus the signals of
handlers/digest_signals.py: quantified claims, new model/hardware support, severe fixes,
reverts and regression fixes, breaking changes, large refactors) and chosen across areas
until the digest proper's budget (characters and cited PRs) is spent: every area first gets
its best point, then the heaviest points win. Points state no counts (a group is not a
total); every PR they do not cite is listed in the "All PRs by area" continuation.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from handlers.digest_facts import AreaFacts, DigestFacts, clean_title, spans, title_tags
from handlers.digest_signals import ARCHITECTURE_HEAD, Signals
from handlers.models import (
    Code,
    DigestPoint,
    DigestSection,
    Inline,
    PRRef,
    PullRequest,
    Taxonomy,
    Text,
    Topic,
)
from handlers.terms import per_taxonomy, term_index

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
_VERSION = re.compile(r"^v\d+(?:\.\d+)*$", re.IGNORECASE)  # v2, v0.7: a version names nothing
_NUMBERED = re.compile(r"^\d+\s*/\s*(?:\d+|n)$", re.IGNORECASE)
_TOKEN = re.compile(r"[A-Za-z][A-Za-z0-9.+_]*[A-Za-z0-9+]|[A-Za-z]")
_CAMEL = re.compile(r"(?:[A-Z][a-z0-9]+){2,}")
_HUMP = re.compile(r"[A-Z][a-z0-9]+")
# a family name and its version: Qwen3.5 -> Qwen, DeepseekV2 -> Deepseek (the V is the version's)
_FAMILY = re.compile(r"^([A-Za-z]{3,}?)[-_]?[vV]?\d")
# a model architecture's class (`Dots1ForCausalLM`, `Qwen3VLForConditionalGeneration`): as a lead it
# repeats the title, and the week's added or removed architectures are one point
_ARCHITECTURE = re.compile(rf"^[A-Za-z0-9]+{ARCHITECTURE_HEAD}$")
_FIX = re.compile(r"\b(fix|fixes|fixed|bug|crash|hang|regression|revert|broken|error)\b", re.IGNORECASE)
_PERF = re.compile(r"\b(perf|speed ?up|faster|optimi[sz]e\w*|throughput|latency|\d+(\.\d+)?\s*(x|%))", re.I)
_FEATURE = re.compile(
    r"\b(add|adds|added|support|supports|introduce[sd]?|enable[sd]?|implement(?:s|ed)?|new)\b", re.IGNORECASE
)


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
    if token.lower() in _STOP_TOKENS or len(token) < 2 or _VERSION.match(token):
        return False
    inner_upper = any(c.isupper() for c in token[1:])
    has_digit = any(c.isdigit() for c in token) and any(c.isalpha() for c in token)
    return inner_upper or has_digit or "_" in token.strip("_")


@per_taxonomy
def _tag_topics(taxonomy: Taxonomy) -> dict[str, Topic]:
    """Tag word -> topic (`[AMD]` and `[ROCm]` are both ROCm)."""
    return {word: t for t in taxonomy.topics for word in (*t.evidence.get("tags", ()), *t.words)}


def _terms(pr: PullRequest, facts: DigestFacts, taxonomy: Taxonomy, area: AreaFacts) -> dict[str, Term]:
    found: dict[str, Term] = {}
    tag_topics = _tag_topics(taxonomy)
    for tag in title_tags(pr.title):
        low = tag.lower()
        if low in _GENERIC_TAGS or _NUMBERED.match(low) or len(low) < 2:
            continue
        topic = tag_topics.get(low)
        if topic is not None:  # `[AMD]` and `[ROCm]` are both the ROCm topic
            found.setdefault(f"topic:{topic.key}", Term(f"topic:{topic.key}", topic.name, 0))
        else:
            found.setdefault(f"tag:{low}", Term(f"tag:{low}", tag, 0))
    own = {part.lower() for part in facts.repo.split("/")}  # every PR is vLLM's: its name names nothing
    for raw in _TOKEN.findall(clean_title(pr.title)):
        token = raw.rstrip(".")
        if not _is_candidate(token) or token.lower() in own:
            continue
        if _ARCHITECTURE.match(token):  # `BambaForCausalLM`: one of the model architectures
            found.setdefault("word:architectures", Term("word:architectures", "Model architectures", 1))
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
    if len({form.lower() for form in forms}) == 1:  # `nvfp4` and `NVFP4`: one word, best cased
        return max(forms, key=lambda form: (sum(c.isupper() for c in form), forms[form]))
    if len(forms) > 1 and term_key.startswith("word:"):
        family = _FAMILY.match(best)
        if family and len(family.group(1)) >= 4:
            return family.group(1)
        if family:  # "INT" or "FP" alone names nothing: "INT4 / INT8"
            return " / ".join(form for form, _ in forms.most_common(2))
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
                # The key's best rank over every PR that carries it: a `[ROCm]` tag (0) must not be
                # overwritten by the last PR's classification (2), whatever the PR order.
                rank[key] = min(rank.get(key, term.rank), term.rank)
        usable = [k for k, n in share.items() if n >= 2 and k not in broad]
        if not usable:
            break
        best = min(usable, key=lambda k: (rank[k], -share[k], k))
        members = [pr for pr in remaining if best in terms[pr.number]]
        lead = _display(best, forms[best])
        groups.append(Group(_as_lead(lead), members, "topic" if rank[best] == 2 else "term"))
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
        group.prs.sort(key=lambda pr: (-facts.weight(pr.number), -pr.number))
        top = facts.weight(group.prs[0].number)
        group.score = top + 0.05 * min(len(group.prs) - 1, 4)
    groups.sort(key=lambda g: (-g.score, -len(g.prs), -g.prs[0].number))
    return groups


def _merge_same_lead(groups: list[Group]) -> list[Group]:
    """A `[LoRA]` tag group and the LoRA topic group are one point; so are lone PRs sharing a lead."""
    merged: dict[str, Group] = {}
    for group in groups:
        key = group.lead.lower() if group.source != "kind" else f"kind:{id(group)}"
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
            return _as_lead(term.display)
    title = clean_title(pr.title)
    for term in ordered:
        if re.search(r"[_()./]", term.display):  # symbols read badly as a lead; they stay in the text
            continue
        # A part of a longer name ("MaxText01" of `MiniMaxText01`) groups PRs but is no lead.
        if not re.search(rf"(?<![\w-]){re.escape(term.display)}(?![\w-])", title):
            continue
        return _as_lead(term.display)
    return _KIND_LEAD[_kind(pr, facts)]


def _as_lead(name: str) -> str:
    """A lead opens with a capital, unless the name is written as code or spelled with its own
    casing: `torch.compile`, `gpt-oss`, `cache_salt` and `vLLM` stay as the PRs write them."""
    if re.search(r"[._/-]", name) or (name[:1].islower() and any(c.isupper() for c in name[1:])):
        return name
    return name[:1].upper() + name[1:]


def _kind(pr: PullRequest, facts: DigestFacts) -> str:
    title = pr.title or ""
    topics = set(_topics(facts, pr))
    if "bugfix" in topics or _FIX.search(title):
        return "fix"
    if "performance" in topics or _PERF.search(title):
        return "performance"
    signals = facts.signals.get(pr.number)
    if topics & {"new-model", "feature"} or (signals is not None and (signals.feature or signals.new_model)):
        return "feature"
    if _FEATURE.search(title):
        return "feature"
    return "maintenance"


_KIND_LEAD = {"fix": "Fix", "performance": "Performance", "feature": "Feature", "maintenance": "Maintenance"}


# -- points and the digest proper -----------------------------------------------------------------

MAX_TITLE = 80  # characters of a PR title quoted in a point (the full title is one click away)
MAX_AREA_PRS = 10
MAX_GROUP_PRS = 4  # sub-bullets of one point
MIN_WEIGHT = 0.5  # below this weight a PR is no point of the digest proper, whatever room is left
MAX_CITED = 40
PROPER_BUDGET = 6000  # Markdown characters of the digest proper
# What the estimate below cannot see exactly (a whitespace run collapsed, a URL in a title shown
# as code). Over the 54 weeks of the 12k history the estimate never fell short; with this margin
# they render at 5,840-5,989 characters (mean 5,946) citing 35-40 PRs.
_MARGIN = 10

# Markdown that the renderer escapes with one backslash (or, for "@", follows with a zero-width space).
_ESCAPED = re.compile(r"[\\`*_\[\]<>~@]|&(?=#?\w+;)")


def markdown_chars(spans_: Sequence[Inline], repo: str) -> int:
    """The Markdown length of inline spans as bot/adapters/markdown_render.py writes them: a PR
    as `[PR#N](https://github.com/OWNER/NAME/pull/N)`, code in a backtick fence, text escaped."""
    total = 0
    for span in spans_:
        if isinstance(span, PRRef):
            total += len(f"[PR#{span.number}](https://github.com/{repo}/pull/{span.number})")
        elif isinstance(span, Code):
            total += len(span.text) + 2 * (1 + max((len(r) for r in re.findall("`+", span.text)), default=0))
        else:
            total += len(span.text) + len(_ESCAPED.findall(span.text))
    return total


def area_chars(number: int, name: str, headline: str) -> int:
    """`### N. Name`, the topic totals line and the blank lines around them and after the points."""
    return len(f"### {number}. {name}") + 2 + (len(headline) + 4 if headline else 0) + 1


def lead_chars(lead: str) -> int:
    """`*   **Lead**: ` before a point's text and the line's end."""
    return 5 + (len(lead) + len(_ESCAPED.findall(lead)) + 6 if lead.strip() else 0)


_CHILD_CHARS = 9  # `    *   ` and the line's end: a sub-bullet's frame


def _ref(facts: DigestFacts, number: int) -> PRRef:
    known = facts.by_number().get(number)
    return PRRef(number, known.url if known else f"https://github.com/{facts.repo}/pull/{number}")


# A title tag naming a specific thing (a model, a GPU generation): letters and a digit, one word.
_SUBJECT_TAG = re.compile(r"^(?=[^\d]*[A-Za-z])(?=\D*\d)[A-Za-z0-9][\w.+-]{1,19}$")


def subject(pr: PullRequest, lead: str, taxonomy: Taxonomy) -> str:
    """The tag that says what a PR is about when its title, once the tags are cut, no longer does:
    `[Model][MiniMax-M3] Add pipeline parallelism support` is "MiniMax-M3". Empty when the title
    or the point's lead already names the same thing (`[DSv4] ... for DeepSeek V4` under DeepSeek)."""
    title = clean_title(pr.title)
    for tag in title_tags(pr.title):
        low = tag.lower()
        if not _SUBJECT_TAG.match(tag) or _VERSION.match(tag) or _NUMBERED.match(low) or low in _GENERIC_TAGS:
            continue
        topic = _tag_topics(taxonomy).get(low)
        if (
            low in title.lower()
            or low in lead.lower()
            or (topic is not None and topic.name.lower() == lead.lower())
        ):
            continue
        index = term_index(taxonomy)
        if set(index.in_text(tag)) & (set(index.in_text(title)) | set(index.in_text(lead))):
            continue
        return tag
    return ""


def pr_phrase(
    pr: PullRequest, facts: DigestFacts, *, why: bool = True, about: str = ""
) -> tuple[Inline, ...]:
    """`Clean title, yielding a reported ~3x TTFT (open) [PR#N] (reverts PR#M)` as spans: the
    title (after `about`, the thing a cut tag named: "MiniMax-M3: Add pipeline parallelism"), the
    measured claim when the title does not already carry it, links to the PR it reverts or whose
    regression it fixes, a breaking-change mark; the state when not merged."""
    status = facts.status.get(pr.number, pr.status)
    signals = facts.signals.get(pr.number, Signals())
    title = clean_title(pr.title)
    if about:
        title = f"{about}: {title}"
    # A point is a line on a phone, not the whole title; a measured gain the title states is the
    # point's reason and is never cut off.
    stated = [title.lower().find(c.lower()) + len(c) for c in signals.claims if c.lower() in title.lower()]
    limit = max([MAX_TITLE, *stated])
    if why and len(title) > limit:
        cut = title[:limit]
        if re.match(r"\w\w", title[limit - 1 : limit + 1]):  # the limit falls inside a word: not that word
            cut = cut.rsplit(" ", 1)[0]
        cut = cut.rstrip(" ,;:-(")
        title = cut + "…" if cut.count("`") % 2 == 0 else title
    out: list[Inline] = list(spans(title))
    if why:
        claim = next((c for c in signals.claims if c.lower() not in title.lower()), None)
        if claim:
            out.append(Text(f", with a reported {claim}"))
        mark = next((_MARKS[lead] for name, lead in _MARKED_LEADS if getattr(signals, name)), "")
        if mark:
            out.append(Text(mark))
    suffix = {"open": " (open)", "draft": " (draft)", "closed": " (closed without merging)"}.get(status, "")
    out += [Text(suffix + " "), PRRef(pr.number, pr.url)]
    if why:
        for word, numbers in (
            ("reverts", signals.reverts),
            ("fixes a regression from", signals.fixes_regression_of),
        ):
            for i, number in enumerate(numbers[:2]):
                out += [Text(f" ({word} " if i == 0 else ", "), _ref(facts, number)]
            if numbers:
                out.append(Text(")"))
    return tuple(out)


# Signals a point marks after its title, at most one, in this order, and the lead that says the same
_MARKED_LEADS = (("default_change", "New default"), ("breaking", "Breaking change"))
_MARKS = {"New default": " (changes a default)", "Breaking change": " (breaking change)"}
_SIGNAL_LEADS = (
    *_MARKED_LEADS,
    ("revert", "Revert"),
    ("regression_fix", "Regression fix"),
    ("correctness_fix", "Correctness fix"),
    ("severe_fix", "Critical fix"),
    ("new_model", "New model support"),
    ("new_hardware", "Hardware support"),
    ("claims", "Performance"),
    ("refactor", "Refactor"),
)


def _lead(group: Group, facts: DigestFacts) -> str:
    """A group's lead; a lone PR with only a kind for a lead ("Fix") says why it matters instead."""
    if group.source != "kind" or len(group.prs) != 1:
        return group.lead
    return _signal_lead(group.prs[0], facts, group.lead)


def _point_lead(group: Group, pr: PullRequest, facts: DigestFacts) -> str:
    """The lead of a point that cites one PR of `group`; a lead that is the whole title again
    ("**DFlash**: DFlash") says why the PR matters, or what kind of work it is, instead."""
    lead = _lead(group, facts) if len(group.prs) == 1 else group.lead
    if _plain(clean_title(pr.title)) != _plain(lead):
        return lead
    return _signal_lead(pr, facts, _KIND_LEAD[_kind(pr, facts)])


def _signal_lead(pr: PullRequest, facts: DigestFacts, otherwise: str) -> str:
    """The lead that says why `pr` matters (its strongest signal: "Revert", "New default"...)."""
    signals = facts.signals.get(pr.number, Signals())
    return next((lead for name, lead in _SIGNAL_LEADS if getattr(signals, name)), otherwise)


def _unrepeated(lead: str, phrase: tuple[Inline, ...]) -> tuple[Inline, ...]:
    """A point led by "Breaking change" does not say "(breaking change)" again."""
    mark = _MARKS.get(lead)
    return tuple(s for s in phrase if not (mark and isinstance(s, Text) and s.text == mark))


def _plain(text: str) -> str:
    return re.sub(r"[\W_]+", "", text).lower()


@dataclass(frozen=True)
class _Pick:
    area: int  # index in facts.areas
    group: Group
    pr: PullRequest
    phrase: tuple[Inline, ...]
    chars: int


def _pick_weight(facts: DigestFacts, pick: _Pick) -> float:
    """A PR's weight plus a little for the size of its group: a thread of work (18 ROCm PRs)
    deserves a point even when each of its PRs alone is modest."""
    return facts.weight(pick.pr.number) + 0.01 * min(len(pick.group.prs) - 1, 8)


def choose_points(facts: DigestFacts, taxonomy: Taxonomy, *, frame: int) -> dict[int, list[DigestPoint]]:
    """The points of the digest proper by area index; `frame` is the Markdown the digest proper
    has outside its areas (title, takeaways, counts line).

    PRs are picked one by one, heaviest first (weight, then the size of their group, merged
    first) wherever they are, while the Markdown budget and MAX_CITED last and their weight is at
    least MIN_WEIGHT. The picked PRs are then
    arranged by their groups: a group with one pick is one point, a group with several is a
    point with one sub-bullet per PR (as the examples group the `ModelState` work)."""
    picks_by_area: list[list[_Pick]] = []
    for index, area in enumerate(facts.areas):
        picks = []
        for group in _group_area(facts, taxonomy, area):
            for pr in group.prs:
                phrase = pr_phrase(pr, facts, about=subject(pr, group.lead, taxonomy))
                picks.append(_Pick(index, group, pr, phrase, markdown_chars(phrase, facts.repo)))
        picks.sort(key=lambda p: (-_pick_weight(facts, p), -p.pr.number))
        picks_by_area.append(picks)
    budget = PROPER_BUDGET - _MARGIN - frame
    chosen: dict[int, list[_Pick]] = {}
    digits = len(str(len(facts.areas)))

    def cost(pick: _Pick) -> int:
        """What citing one more PR adds to the Markdown: its text, and the point's lead and the
        area's heading when it is the first of either (a group's second PR turns the one-line
        point into a lead with sub-bullets)."""
        mine = chosen.get(pick.area, [])
        extra = 0
        if not mine:
            area = facts.areas[pick.area]
            extra += area_chars(10**digits - 1, area.name, area_headline(facts, area))
        members = [p for p in mine if p.group is pick.group]
        if not members:
            extra += lead_chars(_point_lead(pick.group, pick.pr, facts))
        else:
            extra += _CHILD_CHARS
            if len(members) == 1:  # the one-line point becomes the group's lead with sub-bullets
                first = lead_chars(_point_lead(pick.group, members[0].pr, facts))
                extra += _CHILD_CHARS - 1 + lead_chars(pick.group.lead) - first
        return pick.chars + extra

    def take(pick: _Pick) -> None:
        nonlocal budget
        mine = chosen.setdefault(pick.area, [])
        need = cost(pick)
        same_group = sum(1 for p in mine if p.group is pick.group)
        cited = {s.number for v in chosen.values() for p in v for s in p.phrase if isinstance(s, PRRef)}
        full = len(cited | {s.number for s in pick.phrase if isinstance(s, PRRef)}) > MAX_CITED
        if need > budget or full or len(mine) >= MAX_AREA_PRS or same_group >= MAX_GROUP_PRS:
            return
        budget -= need
        mine.append(pick)

    # No area is sure of a point: expert digests follow the week's work, not the taxonomy's areas
    # (guaranteeing each area its best PR named 1,108 of 2,093 expert picks leave-one-week-out over
    # 51 weeks, picking by weight alone 1,120)
    everything = [p for picks in picks_by_area for p in picks]
    for pick in sorted(everything, key=lambda p: (-_pick_weight(facts, p), -p.pr.number)):
        # Room left in the budget is no reason to cite a typo fix: below MIN_WEIGHT the digest
        # proper stops and the rest stays in "All PRs by area".
        if facts.weight(pick.pr.number) < MIN_WEIGHT:
            break
        take(pick)
    out: dict[int, list[DigestPoint]] = {}
    for index, picks in chosen.items():
        by_group: dict[int, list[_Pick]] = {}
        for pick in picks:
            by_group.setdefault(id(pick.group), []).append(pick)
        points = []
        for members in by_group.values():  # in pick order: the heaviest group first
            group = members[0].group
            if len(members) == 1:
                lead = _point_lead(group, members[0].pr, facts)
                points.append(DigestPoint(lead, _unrepeated(lead, members[0].phrase)))
            else:
                points.append(DigestPoint(group.lead, (), tuple(m.phrase for m in members)))
        if points:
            out[index] = points
    return out


def fit_budget(sections: Sequence[DigestSection], repo: str, *, frame: int) -> tuple[DigestSection, ...]:
    """Written points (the LLM's) cut to the digest proper's budget: while the Markdown is over
    PROPER_BUDGET characters or MAX_CITED PRs, the last point of the area with most points goes
    (its PRs stay reachable in the continuation); when every area is down to one point, the least
    active areas give theirs up. `frame` is as for choose_points."""
    kept = [list(section.points) for section in sections]
    digits = len(str(len(sections)))

    def size() -> tuple[int, int]:
        chars = _MARGIN + frame
        cited: set[int] = set()
        for section, points in zip(sections, kept, strict=True):
            if points:
                chars += area_chars(10**digits - 1, section.title, section.headline)
            for point in points:
                chars += lead_chars(point.lead) + markdown_chars(point.body, repo)
                chars += sum(_CHILD_CHARS + markdown_chars(child, repo) for child in point.children)
                cited.update(point.cited)
        return chars, len(cited)

    chars, cited = size()
    while chars > PROPER_BUDGET or cited > MAX_CITED:
        longest = max(range(len(kept)), key=lambda i: (len(kept[i]), i))
        if len(kept[longest]) > 1:
            kept[longest].pop()
        else:  # one point each and still too long: the least active areas go to the continuation
            last = max((i for i, points in enumerate(kept) if points), default=None)
            if last is None:
                break
            kept[last].pop()
        chars, cited = size()
    return tuple(
        replace(section, points=tuple(points))
        for section, points in zip(sections, kept, strict=True)
        if points
    )


def area_headline(facts: DigestFacts, area: AreaFacts) -> str:
    """`ROCm 47 · NVIDIA 30 · Intel XPU 9 PRs this week`: the totals of the area's topics, each
    what `/vllm <topic> <window>` answers (a PR can carry several; each PR is placed in one area)."""
    mine = [t for t in facts.topics if t.section == area.key]
    if not mine:
        return ""
    return "Topic totals: " + " · ".join(f"{t.name} {t.total}" for t in mine[:6])


def continuation(facts: DigestFacts, cited: set[int], *, include_bots: bool) -> tuple[DigestSection, ...]:
    """ "All PRs by area": every in-scope PR the digest proper does not cite, by area, heaviest
    first; bot PRs (not described in the prose) last."""
    out = []
    for area in facts.areas:
        rest = sorted(
            (pr for pr in area.prs if pr.number not in cited),
            key=lambda pr: (-facts.weight(pr.number), -pr.number),
        )
        if rest:
            points = tuple(DigestPoint("", pr_phrase(pr, facts, why=False)) for pr in rest)
            out.append(
                DigestSection(area.name, points, len(area.prs), area.key, tuple(pr.number for pr in area.prs))
            )
    in_prose = {pr.number for pr in facts.prose}
    bots = [pr for pr in facts.prs if pr.number not in in_prose and pr.number not in cited]
    if bots and not include_bots:
        points = tuple(DigestPoint("", pr_phrase(pr, facts, why=False)) for pr in bots)
        out.append(DigestSection("Bot PRs", points, len(bots), "bots", tuple(pr.number for pr in bots)))
    return tuple(out)
