"""What makes a PR worth a maintainer's attention, read from its title and (when present) body.

General rules, no per-week tables:

- quantified claims: "13.9% E2E throughput", "~3x TTFT", "1.07x otps", "2x faster", quoted as
  written (a number with a unit, plus the metric words next to it);
- reverts and regression fixes linked to the PR they revert or fix ("Revert #N",
  `Revert "<title>"` matched against the window's titles, "fixes regression from #N",
  "broken by #N");
- breaking changes: removed or renamed flags and environment variables, changed defaults,
  deprecations that remove something, an explicit "breaking";
- new model or hardware support; severe fixes (crash, hang, deadlock, illegal memory access,
  wrong output, NaN, accuracy, OOM); large refactors (migrate, rewrite, restructure, decouple).

`score` turns these into one 0..1-ish weight the digest ranks by (with the classifier's impact).
PR bodies are untrusted: only short matched phrases leave this module, never whole sentences.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from handlers.models import PullRequest

_UNIT = r"(?:x|×|%|ms|s|tok/s|tokens/s|t/s|gb|mb)"
_NUM = r"(?:~|≈|up to |upto |over |about |around )?\d+(?:\.\d+)?"
_METRIC = (
    r"(?:e2e|end-to-end|throughput|ttft|tpot|itl|otps|tps|latency|speed ?up|faster|lower|higher|"
    r"less|more|reduction|improvement|memory|overhead|prefill|decode|output|input|token|tokens|"
    r"perf|performance|acceptance|accuracy|gsm8k|startup|compile|time|slower|smaller|gain)"
)
# A number with a unit, and up to three metric words before or after it.
_CLAIM = re.compile(
    rf"(?:(?:{_METRIC})[\s-]+(?:\w+[\s-]+){{0,2}}?(?:by |of |is |to )?)?"
    rf"(?<![\w.#/-])({_NUM}\s?{_UNIT})(?![\w/])"
    rf"((?:[\s-]+(?:e2e |end-to-end |the )?(?:{_METRIC}|in \w+|on \w+|for \w+)\b){{0,3}})",
    re.IGNORECASE,
)
_CLAIM_NEEDS_METRIC = re.compile(_METRIC, re.IGNORECASE)
_VERSIONISH = re.compile(r"^\d+(?:\.\d+)?\s?(?:s|ms|gb|mb)$", re.IGNORECASE)

_REVERT_NUMBER = re.compile(r"\brevert(?:s|ed|ing)?\b[^#\n]{0,80}?#(\d{2,7})\b", re.IGNORECASE)
_REVERT_TITLE = re.compile(r"^\s*(?:\[[^\]]*\]\s*)*revert\s+[\"“'](.+?)[\"”']?\s*(?:\(#\d+\))?\s*$", re.I)
_REVERT_WORD = re.compile(r"^\s*(?:\[[^\]]*\]\s*)*revert\b", re.IGNORECASE)
_REGRESSION_OF = re.compile(
    r"\b(?:regression|regressed|broken|broke|breakage|bug|issue|failure)s?\s+"
    r"(?:\w+\s+){0,4}?(?:from|by|in|since|after|introduced (?:by|in)|caused by|due to)\s+"
    r"(?:pr\s*)?#(\d{2,7})\b",
    re.IGNORECASE,
)
_FIXES_AFTER = re.compile(
    r"\bfix(?:es|ed)?\b[^#\n]{0,60}?\b(?:after|from|of|in|introduced in)\s+#(\d{2,7})\b", re.I
)
# "regression test" names a test, not a regression.
_REGRESSION = re.compile(r"\bregress(?:ion|ions|ed)?\b(?![\s-]+tests?\b)", re.IGNORECASE)

_BREAKING = re.compile(
    r"\bbreaking\b(?! (?:ci|test|tests|the build))"
    r"|\b(?:remove[sd]?|removing|drop(?:s|ped)?|rename[sd]?|renaming|deprecate[sd]?)\b"
    r"(?! (?:the )?(?:requirement|need|restriction|limitation|workaround|hack)s?\b)[^.\n]{0,40}?"
    r"(?:--[a-z][\w-]+|\bvllm_[a-z0-9_]+\b|\benv(?:ironment)? var(?:iable)?s?\b|\bflags?\b|\bcli\b|"
    r"\bargs?\b|\bargument\b|\boption\b|\bsupport for\b|\bbackend\b|\bfallback\b)"
    r"|\b(?:change[sd]?|switch(?:es|ed)?|flip(?:s|ped)?)\b[^.\n]{0,30}?\bdefaults?\b"
    r"|\bdefault\b[^.\n]{0,20}?\b(?:to|from)\b[^.\n]{0,20}?\b(?:true|false|on|off|enabled|disabled)\b"
    r"|\[deprecation\]",
    re.IGNORECASE,
)
_SEVERE = re.compile(
    r"\b(?:crash(?:es|ed|ing)?|hang(?:s|ing)?|deadlocks?|illegal memory|ima|segfaults?|segmentation fault|"
    r"wrong (?:output|result|answer|token)s?|incorrect (?:output|result|answer|token)s?|garbage output|"
    r"gibberish|nan|nans|accuracy (?:drop|issue|bug|regression)|silent(?:ly)? (?:wrong|corrupt)\w*|"
    r"corrupt(?:ion|ed|s)?|oom|out of memory|memory leak|leaks?|race condition|infinite loop|"
    r"(?:initiali[sz]ation|runtime|startup|loading|load) (?:error|failure)|\w+error|"
    r"fails? to (?:start|load|launch)|accuracy)\b",
    re.IGNORECASE,
)
_FIX = re.compile(r"\b(?:fix|fixes|fixed|bugfix|hotfix|resolve[sd]?|avoid|prevent)\b|\[bug", re.IGNORECASE)
_SUPPORT = re.compile(
    r"\b(?:add(?:s|ed)?|support(?:s|ed)?|enable[sd]?|introduce[sd]?|implement(?:s|ed)?|new)\b", re.IGNORECASE
)
_HARDWARE = re.compile(
    r"\b(?:sm\d{2,3}\w*|mi\d{3}\w*|gfx\d+\w*|blackwell|hopper|b200|b300|gb200|gb300|h100|h200|h20|"
    r"rtx ?\d+|dgx|gaudi\s?\d?|ppc64le|s390x|aarch64|arm64|risc-?v|apple silicon|"
    r"metal|rocm\s?\d[\d.]*|cuda\s?1\d(?:\.\d)?)\b",
    re.IGNORECASE,
)
_REFACTOR = re.compile(
    r"\b(?:refactor(?:s|ed|ing)?|rewrite|rewrote|restructure[sd]?|migrat(?:e|es|ed|ion)|decouple[sd]?|"
    r"unif(?:y|ies|ied)|consolidate[sd]?|overhaul|redesign(?:ed)?|move \w+ (?:logic )?to)\b",
    re.IGNORECASE,
)
_CHORE = re.compile(
    r"\b(?:typo|nit|nits|minor|bump|pin|flaky|skip|lint|format|formatting|docstring|comment|readme|"
    r"ci|test|tests|unit test|pre-commit|mypy|cleanup|clean up|log(?:ging)?)\b",
    re.IGNORECASE,
)
_NEW_MODEL = re.compile(
    r"\bnew models?\b|\[new model\]|\b(?:add|adds|added|adding|onboard)(?:ing)? (?:support (?:for|to) )?"
    r"(?:the )?[\w.'-]+(?: [\w.'-]+)? (?:moe )?models?\b"
    r"|^\s*\[models?\]\s*(?:add(?:ing)?|support)?\s*[\w.-]+(?:\s+[\w.-]+)?\s*$",
    re.I,
)
_PERF = re.compile(
    r"^\s*(?:\[[^\]]*\]\s*)*\[(?:perf|performance|optimization)\]|\b(?:faster|speed ?up|optimi[sz]e[sd]?|"
    r"reduce[sd]? (?:latency|overhead|memory)|throughput)\b",
    re.I,
)
_SECURITY = re.compile(r"\b(?:cve-?\d*|security|vulnerab\w*|injection|sandbox escape)\b", re.I)
# A whole platform (XPU, TPU, ...) counts only with the word "support": "Add GPUDirect RDMA support
# for XPU" is new hardware support, "add wna16 xpu kernel" is kernel work.
_PLATFORM_SUPPORT = re.compile(
    r"\bsupport\b.{0,40}\b(?:xpu|tpu|npu|hpu|intel gpus?|arm|apple)\b|\b(?:xpu|tpu|npu|hpu)\b.{0,40}\bsupport\b",
    re.I,
)
_MAINTENANCE_TAG = re.compile(
    r"^\s*(?:\[[^\]]*\]\s*)*\[(?:ci|ci/build|ci/cd|build|test|tests|testing|doc|docs|documentation|misc|chore)\]"
    r"|^\s*(?:docs|test|tests|ci|chore)(?:\([^)]*\))?:",
    re.IGNORECASE,
)
_SERIES = re.compile(r"\[\d+\s*/\s*(?:\d+|n)\]|\(\d+\s*/\s*(?:\d+|n)\)|\bpart \d+\b", re.IGNORECASE)
_HTML_COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.DOTALL)
_TEMPLATE = re.compile(r"essential elements|PLEASE FILL IN|BEFORE SUBMITTING|^\s*-\s*\[[ xX]\]", re.I | re.M)
_URL_PR = re.compile(r"https?://github\.com/[\w.-]+/[\w.-]+/(?:pull|issues)/(\d+)")


@dataclass(frozen=True, slots=True)
class Signals:
    """What the rules found in one PR."""

    claims: tuple[str, ...] = ()  # quoted as written: "~3x TTFT", "13.9% E2E throughput"
    reverts: tuple[int, ...] = ()  # PRs this one reverts
    fixes_regression_of: tuple[int, ...] = ()  # PRs whose regression this one fixes
    revert: bool = False  # a revert, whether or not the reverted PR is known
    regression_fix: bool = False
    breaking: bool = False
    severe_fix: bool = False  # crash, hang, IMA, wrong output, ...
    new_model: bool = False
    new_hardware: bool = False
    refactor: bool = False
    performance: bool = False  # a performance change without a measured number
    maintenance: bool = False  # tagged CI, test, doc or build work: rarely what a digest singles out
    series: bool = False  # part k of a numbered series ([3/N]): a larger effort
    security: bool = False
    chore: bool = False

    @property
    def links(self) -> tuple[int, ...]:
        return tuple(dict.fromkeys((*self.reverts, *self.fixes_regression_of)))

    def words(self) -> tuple[str, ...]:
        """Short labels for prompts and JSON: ("claim", "revert", "breaking", ...)."""
        named = [
            ("revert", self.revert),
            ("regression-fix", self.regression_fix),
            ("breaking", self.breaking),
            ("severe-fix", self.severe_fix),
            ("new-model", self.new_model),
            ("new-hardware", self.new_hardware),
            ("large-refactor", self.refactor),
            ("performance", self.performance),
            ("security", self.security),
            ("chore", self.chore),
        ]
        return (("claim",) if self.claims else ()) + tuple(name for name, on in named if on)


def body_text(body: str | None, limit: int = 6000) -> str:
    """The part of a PR body worth reading: no HTML comments, no template checklist lines."""
    text = _HTML_COMMENT.sub(" ", (body or "")[:limit])
    return "\n".join(line for line in text.splitlines() if not _TEMPLATE.search(line))


def quantified_claims(text: str, limit: int = 2) -> tuple[str, ...]:
    """Measured gains as written ("~3x TTFT", "13.9% E2E throughput"); numbers alone without a
    metric word nearby ("Qwen3 2.5x", "0.5s timeout") are left out."""
    found: list[str] = []
    for match in _CLAIM.finditer(text or ""):
        phrase = " ".join(match.group(0).split()).strip(" -,.;:()")
        number = match.group(1)
        if not _CLAIM_NEEDS_METRIC.search(phrase.replace(number, " ")):
            continue
        if _VERSIONISH.match(number.strip()) and not re.search(
            r"faster|lower|less|reduc|speed", phrase, re.I
        ):
            continue
        if re.match(r"^\d+(\.\d+)?\s?%$", number.strip()) and float(re.sub(r"[^\d.]", "", number)) >= 1000:
            continue
        if phrase.lower() not in (f.lower() for f in found):
            found.append(phrase[:60])
        if len(found) >= limit:
            break
    return tuple(found)


def _numbers(pattern: re.Pattern[str], text: str) -> list[int]:
    return [int(m.group(1)) for m in pattern.finditer(text or "")]


def read_signals(
    pr: PullRequest, topics: Iterable[str] = (), titles: Mapping[str, int] | None = None
) -> Signals:
    """The signals of one PR. `titles` maps lower-cased titles of other PRs to their numbers, so
    `Revert "<title>"` finds the PR it reverts when that PR is in the window."""
    title = " ".join((pr.title or "").split())
    body = body_text(pr.body)
    topic_set = set(topics)
    claims = (
        quantified_claims(title)
        or tuple(c for c in quantified_claims(body, limit=4) if re.search(r"\d\s?(?:x|×|%)", c))[:2]
    )
    revert = bool(_REVERT_WORD.search(title))
    reverts = _numbers(_REVERT_NUMBER, title) + (_numbers(_REVERT_NUMBER, body[:400]) if revert else [])
    if revert and titles:
        quoted = _REVERT_TITLE.match(title)
        if quoted:
            target = titles.get(re.sub(r"\s*\(#\d+\)\s*$", "", quoted.group(1)).strip().lower())
            if target is not None:
                reverts.append(target)
    regress = _numbers(_REGRESSION_OF, title) + _numbers(_REGRESSION_OF, body)
    if _REGRESSION.search(title):
        regress += _numbers(_FIXES_AFTER, title)
        regress += [int(n) for n in _URL_PR.findall(body)[:1]] if not regress else []
    own = pr.number
    reverts = [n for n in dict.fromkeys(reverts) if n != own]
    regress = [n for n in dict.fromkeys(regress) if n != own and n not in reverts]
    fix = bool(_FIX.search(title)) or "bugfix" in topic_set
    severe = fix and bool(_SEVERE.search(title) or (_SEVERE.search(body[:1500]) and _FIX.search(body[:1500])))
    new_model = "new-model" in topic_set or bool(_NEW_MODEL.search(title))
    new_hardware = not fix and not re.search(r"\bconfigs?\b", title, re.I)
    new_hardware = new_hardware and bool(
        (_SUPPORT.search(title) and _HARDWARE.search(title)) or _PLATFORM_SUPPORT.search(title)
    )
    return Signals(
        claims=claims,
        reverts=tuple(reverts),
        fixes_regression_of=tuple(regress),
        revert=revert,
        regression_fix=bool(regress) or (fix and bool(_REGRESSION.search(title))),
        breaking=not fix
        and bool(_BREAKING.search(title) or re.search(r"\bbreaking change\b", body[:2000], re.I)),
        severe_fix=severe,
        new_model=new_model,
        new_hardware=new_hardware,
        refactor=bool(_REFACTOR.search(title)) and not fix,
        performance=bool(_PERF.search(title)) and not claims,
        security=bool(_SECURITY.search(title)),
        chore=bool(_CHORE.search(title)) and not (claims or severe or new_model),
        maintenance=bool(_MAINTENANCE_TAG.search(title)),
        series=bool(_SERIES.search(title)),
    )


def score(signals: Signals, impact: float, *, merged: bool) -> float:
    """One ranking weight: the classifier's impact plus what the rules found. Merged work ranks
    above open or closed PRs of the same weight."""
    value = impact
    value += 0.45 if signals.claims else 0.0
    value += 0.3 if signals.new_model or signals.new_hardware else 0.0
    value += 0.3 if signals.severe_fix else 0.0
    value += 0.3 if signals.breaking else 0.0
    value += 0.25 if signals.revert or signals.regression_fix else 0.0
    value += 0.15 if signals.refactor else 0.0
    value += 0.2 if signals.performance else 0.0
    value += 0.3 if signals.security else 0.0
    value -= 0.3 if signals.chore else 0.0
    value -= 0.3 if signals.maintenance else 0.0
    value += 0.1 if signals.series else 0.0
    value += 0.15 if merged else 0.0
    return round(value, 4)


def read_all(prs: Sequence[PullRequest], topics: Mapping[int, Sequence[str]]) -> dict[int, Signals]:
    """Signals for a window's PRs; reverts by quoted title resolve within the window."""
    titles = {" ".join(pr.title.split()).lower(): pr.number for pr in prs if pr.title}
    return {pr.number: read_signals(pr, topics.get(pr.number, ()), titles) for pr in prs}
