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
from dataclasses import dataclass, replace

from handlers.models import PullRequest, Taxonomy
from handlers.terms import per_taxonomy, term_index

# Work reverted within its window: over 21 expert weeks 1 of 17 such PRs was picked (their reverts'
# points name them), so it yields its place in the digest proper.
REVERTED_PENALTY = 0.6
_UNIT = r"(?:x|×|%|ms|s|tok/s|tokens/s|t/s|gb|mb)"
# (a range is one figure: "1.5~3x", "1.1-1.4x", "55%~65%" quoted whole, not its upper end)
_NUM = r"(?:~|≈|up to |upto |over |about |around )?\d+(?:\.\d+)?(?:%?\s?[~\-–]\s?\d+(?:\.\d+)?)?"
_METRIC = (
    r"(?:e2e|end-to-end|throughput|ttft|tpot|itl|otps|tps|latency|speed ?up|faster|lower|higher|"
    r"less|more|reduction|improvement|memory|overhead|prefill|decode|output|input|token|tokens|"
    r"perf|performance|acceptance|accuracy|gsm8k|startup|compile|time|slower|smaller|gain)"
)
# A number with a unit, and up to three metric words before or after it.
_CLAIM = re.compile(
    rf"(?:(?:{_METRIC})[\s-]+(?:\w+[\s-]+){{0,2}}?(?:by |of |is |to )?)?"
    rf"(?<![\w.#/-])({_NUM}\s?{_UNIT})(?![\w/])"
    # ("1.1~1.4x kernel performance improvement", "97.9% kernel level latency reduction": a
    # measured level before the metric)
    rf"((?:[\s-]+(?:e2e |end-to-end |the |(?:kernel|op|operator)(?:[\s-]level)? )?"
    rf"(?:{_METRIC}|in \w+|on \w+|for \w+)\b){{0,3}})",
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
# "... without perf regression" promises none; it fixes none.
_NO_REGRESSION = re.compile(r"\b(?:without|no)\s+(?:[\w-]+\s+)?regress\w*", re.IGNORECASE)


def _names_regression(title: str) -> bool:
    return bool(_REGRESSION.search(_NO_REGRESSION.sub(" ", title)))


_BREAKING = re.compile(
    r"\bbreaking\b(?! (?:ci|test|tests|the build))"
    r"|\b(?:remove[sd]?|removing|drop(?:s|ped)?|rename[sd]?|renaming|deprecate[sd]?)\b"
    r"(?! (?:the )?(?:requirement|need|restriction|limitation|workaround|hack)s?\b)[^.\n]{0,40}?"
    r"(?:--[a-z][\w-]+|\bvllm_[a-z0-9_]+\b|\benv(?:ironment)? var(?:iable)?s?\b|\bflags?\b|\bcli\b|"
    r"\bargs?\b|\bargument\b|\boption\b|\bsupport for\b|\bbackend\b|\bfallback\b|"
    # "Remove LoRA bias support", "Deprecate Transformers v4 support.", "... support in V0"
    r"\bsupport\b(?=\s+(?:in|on)\b|\s*\.?\s*$))"
    r"|\b(?:change[sd]?|switch(?:es|ed)?|flip(?:s|ped)?)\b[^.\n]{0,30}?\bdefaults?\b"
    r"|\bdefault\b[^.\n]{0,20}?\b(?:to|from)\b[^.\n]{0,20}?\b(?:true|false|on|off|enabled|disabled)\b"
    r"|\[deprecation\]",
    re.IGNORECASE,
)
# Fixes a maintainer singles out first: the ones where a user silently got wrong results.
_CORRECTNESS = re.compile(
    r"\b(?:illegal memory|ima|out[- ]of[- ]bounds|oob|wrong (?:output|result|answer|token|value)s?|"
    r"incorrect (?:output|result|answer|token|value)s?|garbage|gibberish|nan|nans|inf|accuracy|numerical|"
    r"numerics|precision (?:loss|issue|bug)|correctness|silent(?:ly)?|corrupt\w*|contamination|"
    r"overflow|double[- ]reduce|race condition|races?|racy|memory leak|leaks?|(?:output|accuracy|logprobs?) mismatch|inconsisten\w+|"
    r"stripping|disambiguate|stale)\b",
    re.IGNORECASE,
)
# Then the ones where it stopped: a crash, a hang, a failed start.
_SEVERE = re.compile(
    r"\b(?:crash(?:es|ed|ing)?|hang(?:s|ing)?|deadlocks?|stalls?|stuck|segfaults?|segmentation fault|"
    r"infinite loop|unbounded|oom|out of memory|(?:initiali[sz]ation|runtime|startup|loading|load) (?:error|failure)|"
    r"fails? to (?:start|load|launch))\b",
    re.IGNORECASE,
)
# A fix named after the exception it stops ("Fix AttributeError in X") is a small local fix.
_EXCEPTION_ONLY = re.compile(r"\b\w+(?:error|exception)\b|\bassert(?:ion)?\b", re.IGNORECASE)
_FIX = re.compile(
    r"\b(?:fix|fixes|fixed|fixing|bugfix|hotfix|resolve[sd]?|avoid|prevent)\b|\[bug", re.IGNORECASE
)
_SUPPORT = re.compile(
    r"\b(?:add(?:s|ed)?|support(?:s|ed)?|enable[sd]?|introduce[sd]?|implement(?:s|ed)?|new)\b", re.IGNORECASE
)
_HARDWARE = re.compile(
    r"\b(?:sm_?\d{2,3}\w*|mi\d{3}\w*|gfx\d+\w*|blackwell|hopper|rubin|b200|b300|gb200|gb300|h100|h200|h20|"
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
    r"\b(?:typo|nit|nits|minor|bump|pin|flaky|skip(?:ped|s)? (?:\w+ )?tests?|lint|formatting|reformat|docstring|comment|readme|"
    r"ci|test|tests|unit test|pre-commit|mypy|cleanup|clean up|log(?:ging)?|docs?|documentation|(?:dead|broken) links?)\b",
    re.IGNORECASE,
)
_NEW_MODEL = re.compile(
    r"\bnew models?\b|\[new model\]|\b(?:add|adds|added|adding|onboard)(?:ing)? (?:support (?:for|to) )?"
    r"(?:the )?[\w.'-]+(?: (?!for\b|to\b|in\b|on\b|with\b|of\b|by\b)[\w.'-]+)? (?:moe )?models?\b"
    r"|^\s*\[models?\]\s*(?:add(?:ing)?|support)?\s*[\w.-]+(?:\s+[\w.-]+)?\s*$",
    re.I,
)
_PERF = re.compile(
    r"^\s*(?:\[[^\]]*\]\s*)*\[(?:perf|performance|optimization)\]|\b(?:faster|speed ?up|optimi[sz]e[sd]?|"
    r"perf|boost|reduce[sd]? (?:latency|overhead|memory)|lower (?:ttft|tpot|itl|latency|overhead)|throughput|"
    r"non-blocking|eliminat\w+ [^.\n]{0,30}\b(?:syncs?|copy|copies|overhead|padding))\b",
    re.I,
)
_SECURITY = re.compile(
    r"\b(?:cve-?\d*|security|vulnerab\w*|injection|sandbox escape|dos|denial of service|ssrf|"
    # an attacker's moves: getting round a check, or timing it ("validate API tokens in constant time")
    r"path traversal|constant[- ]time|timing attacks?)\b"
    r"|\bbypass(?:es|ed|ing)?\s+(?:[\w-]+\s+){0,3}?(?:restrictions?|guards?|checks?|limits?|validation|auth\w*|allowlists?)\b"
    r"|\b(?:restriction|guard|check|limit|validation|auth\w*|allowlist)\s+bypass\b|\b(?:limit|cap|bound|restrict)s?\b[^.\n]{0,30}\b(?:header|request|payload|upload|"
    r"input)s?\b[^.\n]{0,20}\b(?:count|size|length)s?\b"
    r"|\b(?:reject|bound|sanitiz)\w*\b[^.\n]{0,30}\b(?:nul|null byte|inputs?|payloads?|untrusted)\b",
    re.I,
)
# New capability a user can reach: a `[Feature]` tag, or a verb of adding with a user-facing object.
_FEATURE_TAG = re.compile(r"^\s*(?:\[[^\]]*\]\s*)*\[(?:feature|feat|features|rfc)\]", re.I)
_FEATURE = re.compile(
    r"\b(?:add(?:s|ed|ing)?|support(?:s|ed|ing)?|introduce[sd]?|implement(?:s|ed)?|enable[sd]?|allow(?:s|ed)?|"
    r"expose[sd]?|integrat(?:e|es|ed|ing))\b[^.\n]{0,60}?\b(?:api|apis|endpoints?|parameters?|params?|"
    r"options?|flags?|cli|--[a-z][\w-]+|connectors?|backends?|framework|kernels?|quantization|"
    r"offload(?:ing)?|disaggregat\w+|parallelism|cuda ?graphs?|full cudagraph|batching|caching|"
    r"scheduling|support for|extensibility|plugins?|interface)\b"
    r"|\bsupport(?:s|ed)? for\b|\b\w+ support\b|\bextensibility\b|\bin-tree\b|\bre-?add\b|\brestore[sd]?\b"
    # Bringing in another project's work, or making two features work together, is new capability.
    r"|\bintegrat(?:e|es|ed|ing|ion)\b|\bcompatib(?:ility|le)\b[^.\n]{0,20}$|\w \+ \w[^.\n]{0,40}\bcompatib\w*"
    # "<Thing> supports <capability>": a statement of a new capability.
    r"|\b(?:api|server|engine|backend|scheduler|runner)\s+supports\b",
    re.I,
)
# Kernel work: a new or fused kernel is what hardware-minded readers look for.
_KERNEL = re.compile(
    r"^\s*(?:\[[^\]]*\]\s*)*\[kernels?\]|(?<!wsl2 )(?<!wsl )(?<!linux )\b(?:kernels?|fuse[sd]?|fusion|gemm|triton|cutlass|mfma)\b",
    re.I,
)
# A changed default reaches every user who did not set the option.
_DEFAULT = re.compile(
    r"\bby default\b|\bas (?:the )?default\b|\bdefault (?:backend|value|to|on|off)\b|"
    r"\b(?:make|makes|made|set|sets|use|uses)\b[^.\n]{0,40}\bthe default\b|\balways enable[sd]?\b|"
    r"\b(?:change[sd]?|switch(?:es|ed)?|flip(?:s|ped)?|update[sd]?|increase[sd]?|raise[sd]?|lower(?:s|ed)?)\b"
    r"[^.\n]{0,30}?\bdefaults?\b",
    re.I,
)
# The class of a model architecture ends in its head: `Dots1ForCausalLM`, `Qwen3VLForConditionalGeneration`
ARCHITECTURE_HEAD = r"For(?:CausalLM|ConditionalGeneration|SequenceClassification|MaskedLM)"
# Removing something users could select (a backend, a format, a field) breaks whoever used it;
# removing dead code, logs or a sync does not.
_REMOVAL = re.compile(
    r"\b(?:remove[sd]?|removing|drop(?:s|ped)?|delete[sd]?|deprecate[sd]?)\b(?! (?:the )?(?:unused|dead|"
    r"redundant|duplicate[d]?|unnecessary|obsolete|stale|debug|extra|useless|leftover|outdated)\b)"
    r"\s+(?:the\s+)?(?:\S+\s+){0,3}?(?:backends?|attention|formats?|fields?|support|models?|quantization|method|"
    r"api|apis|endpoints?|features?|v0|aqlm|qqq|ipex|deprecated|metrics?)\b"
    r"|^\s*(?:\[[^\]]*\]\s*)*\[(?:v0 deprecation|deprecation)\]"
    # The noun says it as the verb does: "Scheduled removal of `guided_*` config fields", "Finish
    # deprecation of --endpoint-type" (not "Delay deprecation of").
    r"|(?<!delay )(?<!postpone )\b(?:removal|deprecation) of\b"
    # Removing a model architecture (`[Model] Remove BaichuanForCausalLM`) drops it for its users.
    r"|^\s*(?:\[[^\]]*\]\s*)*\[models?\]\s*(?:remove|drop|delete|deprecate)"
    rf"|\b(?:remove[sd]?|drop(?:s|ped)?|deprecate[sd]?)\b[^.\n]{{0,40}}\w+{ARCHITECTURE_HEAD}\b"
    # Deprecation windows and stopped behaviour change what users get without asking.
    r"|\bdeprecation (?:window|period|warning)\b|^\s*(?:\[[^\]]*\]\s*)*stop \w+ing\b"
    # A title that opens with deprecating something announces its end to its users ("Deprecate
    # `xformers`", "Deprecate support for Transformers v4": 5 of 8 such picked by experts), and
    # requiring a flag for what worked without one changes what users must pass.
    r"|^\s*(?:\[[^\]]*\]\s*)*deprecate[sd]?\b|\brequires? (?:a |an )?(?:flag|opt-in|--[a-z])",
    re.I,
)
# The stack every install runs on moves: a new PyTorch, CUDA, Python or Transformers version for
# the default build (not a CI pin, not one platform's image). Over fourteen expert weeks 5 of the 6
# such PRs were picked, 4 of them among the week's ten most important.
_STACK_UPGRADE = re.compile(
    r"^(?!.*\b(?:ci|tests?|docs?|cpu|xpu|rocm|hpu|tpu)\b)(?:\[[^\]]*\]\s*)*"
    r"(?:update|bump|upgrade|move|add)\s+(?:to\s+|the\s+)?(?:pytorch|torch|cuda|transformers|python)\b"
    r"(?:\s+version)?(?:\s+to)?\s+v?\d",
    re.I,
)
# A dependency's version moved: "Bump flashinfer to v0.6.12", "Update PyTorch to 2.8.0", "[ROCm] Pin
# apache-tvm-ffi version to 0.1.10", "Bump actions/stale from 9.1.0 to 10.0.0", "[Deps] ...", "Bump
# FlashMLA" - but not "Bump ... timeout to 150 min" (a setting, not a dependency)
_DEPENDENCY = re.compile(
    r"\b(?:bump|bumps|bumped|upgrade|upgrades|upgraded|update|updates|updated|pin|pins|pinned|unpin)\b"
    r"(?:\s+(?!to\b)[\w./+`-]+){0,3}?\s+(?:to|from\s+\S+\s+to|version(?:\s+to)?|==|>=)\s*[`'\"]?v?\d+(?:\.\d+)+"
    r"|\b(?:upgrade|update|bump|move|migrate)\s+to\s+[\w./+-]+\s+v?\d+(?:\.\d+)*\b"
    # "Update DeepGEMM pin to ...", "Update X tag to point to ...", "update to latest deepgemm",
    # "Update deepgemm to newer version", "Pin helion version", "Pin `openai<1.100`" (not "pin the
    # metadata tensors", "pinned memory")
    r"|\b(?:update|upgrade|bump|move)\b(?:\s+[\w./+`-]+){0,3}?\s+(?:pin|tag|commit|to\s+(?:the\s+)?(?:latest|newer|newest))\b"
    r"|\b(?:pin|pins|pinned|pinning|unpin|repin)\b(?:\s+[\w./+`:-]+){0,5}?\s+(?:versions?|tags?|commits?|revision"
    r"|wheels?|binary|images?|dependency|dependencies|v?\d+(?:\.\d+)+)\b"
    r"|\b(?:pin|pins|pinned|unpin|repin)\s+\S*(?:==|>=|<=|<|>)\s*v?\d"
    r"|^\s*(?:\[[^\]]*\]\s*)*\[(?:deps?|dependencies|dependency)\]"
    r"|\b(?:bump|bumps|bumped)\b",
    re.I,
)
_NOT_DEPENDENCY = re.compile(r"\b(?:timeouts?|thresholds?|tolerances?|limits?|retries)\b", re.I)
_DEAD_CODE = re.compile(r"\b(?:dead|unused|redundant|duplicate[d]?|unnecessary)\b", re.I)
# Words that say the change is small, whatever else it is, or is tooling around the engine
# (profilers, benchmarks, tracing: 1 of 52 such PRs was an expert's pick over fourteen weeks;
# metrics are what operators watch, 8 of 37 picked, so they are no sign of a small change).
_MINOR = re.compile(
    r"\b(?:small|minor|tiny|nit|nits|simplif(?:y|ies|ied)|cleanup|clean up|clean-up|tidy|rename[sd]?|"
    r"renaming|typo|typos|comment|comments|docstring|log(?:s|ging)?|warning|(?:error|log|warning) messages?|"
    r"type hints?|typing|profil(?:e|er|ers|ing)|benchmarks?|tracing)\b"
    # Tuned kernel configs for one model or GPU: routine, however many land in a week.
    r"|\b(?:tuned?|tuning|optimal)\b[^.\n]{0,40}\bconfigs?\b",
    re.I,
)
# A whole platform (XPU, TPU, ...) counts only with the word "support": "Add GPUDirect RDMA support
# for XPU" is new hardware support, "add wna16 xpu kernel" is kernel work.
_PLATFORM_SUPPORT = re.compile(
    r"\bsupport\b.{0,40}\b(?:xpu|tpu|npu|hpu|intel gpus?|arm|apple)\b|\b(?:xpu|tpu|npu|hpu)\b.{0,40}\bsupport\b",
    re.I,
)
_MAINTENANCE_TAG = re.compile(
    r"^\s*(?:\[[^\]]*\]\s*)*\[(?:ci|ci/build|ci/cd|build|test|tests|testing|doc|docs|documentation|misc|chore)\]"
    r"|^\s*(?:docs|test|tests|ci|chore)(?:\([^)]*\))?:"
    # Ownership changes say who reviews an area, not what it does.
    r"|\bcode ?owners?\b|\b(?:add|adds|added|adding|remove|removes)\b[^.\n]{0,30}\bas (?:a )?(?:code ?owner|reviewer|maintainer)s?\b",
    re.IGNORECASE,
)
# Linters and type checkers: their "errors" and settings ("follow-imports=silent") are the code's,
# not what users get.
_TOOLING = re.compile(
    r"\b(?:mypy|pyright|ruff|pre-commit|precommit|linters?|lint(?:ing)?|type[- ]check\w*)\b", re.I
)
# Removing something from the tests or CI ("Remove Quantization test parallelism") breaks no user.
_TEST_ONLY = re.compile(r"\b(?:tests?|testing|ci)\b", re.I)
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
    correctness_fix: bool = False  # wrong results: IMA, NaN, gibberish, accuracy, overflow, ...
    default_change: bool = False  # a default users get without asking
    feature: bool = False  # a new capability a user can reach (API, option, backend, kernel, ...)
    kernel: bool = False  # kernel work: new, fused or tuned kernels
    minor: bool = False  # says it is small: "small optimizations", "simplify", "rename", a log line
    new_model: bool = False
    new_hardware: bool = False
    refactor: bool = False
    performance: bool = False  # a performance change without a measured number
    maintenance: bool = False  # tagged CI, test, doc or build work: rarely what a digest singles out
    series: bool = False  # part k of a numbered series ([3/N]): a larger effort
    security: bool = False
    stack_upgrade: bool = False  # a new PyTorch, CUDA, Python or Transformers for every install
    dependency: bool = False  # a dependency's version moved (bumped, upgraded, pinned)
    chore: bool = False
    reach: int = 0  # +1 names a broad-reach model family or topic, -1 a narrow-reach platform
    reverted: bool = False  # a PR of the same window reverts this one: its change is gone

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
            ("correctness-fix", self.correctness_fix),
            ("default-change", self.default_change),
            ("feature", self.feature),
            ("kernel", self.kernel),
            ("minor", self.minor),
            ("new-model", self.new_model),
            ("new-hardware", self.new_hardware),
            ("large-refactor", self.refactor),
            ("performance", self.performance),
            ("security", self.security),
            ("stack-upgrade", self.stack_upgrade),
            ("chore", self.chore),
            ("reverted", self.reverted),
        ]
        reach = {1: ("broad-reach",), -1: ("narrow-reach",)}.get(self.reach, ())
        return (("claim",) if self.claims else ()) + tuple(name for name, on in named if on) + reach


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
    pr: PullRequest,
    topics: Iterable[str] = (),
    titles: Mapping[str, Sequence[int]] | None = None,
    reach: int = 0,
) -> Signals:
    """The signals of one PR. `titles` maps lower-cased titles of other PRs to their numbers, so
    `Revert "<title>"` finds the PR it reverts when that PR is in the window; `reach` is what the
    taxonomy says of the things the PR names (see `read_all`)."""
    title = " ".join((pr.title or "").split())
    body = body_text(pr.body)
    topic_set = set(topics)
    claims = (
        quantified_claims(title)
        or tuple(c for c in quantified_claims(body, limit=4) if re.search(r"\d\s?(?:x|×|%)", c))[:2]
    )
    revert = bool(_REVERT_WORD.search(title))
    named, quoted = revert_names(title, pr.body)
    reverts = list(named)
    if quoted and titles:
        # the latest PR of that title opened before the revert: a later one of the same title is
        # the work landing again ("Revert "X"" #45999, then "X" again as #46006 the same week)
        earlier = [n for n in titles.get(quoted, ()) if n < pr.number]
        reverts.extend(earlier[-1:])
    regress = _numbers(_REGRESSION_OF, title) + _numbers(_REGRESSION_OF, body)
    if _names_regression(title):
        regress += _numbers(_FIXES_AFTER, title)
        regress += [int(n) for n in _URL_PR.findall(body)[:1]] if not regress else []
    own = pr.number
    reverts = [n for n in dict.fromkeys(reverts) if n != own]
    regress = [n for n in dict.fromkeys(regress) if n != own and n not in reverts]
    fix = bool(_FIX.search(title)) or "bugfix" in topic_set
    head = body[:1500]
    body_fix = bool(_FIX.search(head))
    correct = (
        fix
        and not _TOOLING.search(title)
        and bool(_CORRECTNESS.search(title) or (body_fix and _CORRECTNESS.search(head)))
    )
    severe = fix and not correct and bool(_SEVERE.search(title) or (body_fix and _SEVERE.search(head)))
    # "Fix AttributeError in X" names the exception, not a consequence a user would notice.
    severe = severe and not (
        _EXCEPTION_ONLY.search(title) and not _SEVERE.search(_EXCEPTION_ONLY.sub(" ", title))
    )
    removal = bool(_REMOVAL.search(title)) and not fix and not _DEAD_CODE.search(title)
    removal = removal and not _TEST_ONLY.search(title)
    default = bool(_DEFAULT.search(title)) and not fix
    stack = bool(_STACK_UPGRADE.search(title))
    maintenance = bool(_MAINTENANCE_TAG.search(title) or _TOOLING.search(title)) and not stack
    # "[Doc] Add Qwen2.5 models to the tested models" documents models; it adds none.
    new_model = not maintenance and ("new-model" in topic_set or bool(_NEW_MODEL.search(title)))
    new_hardware = not fix and not re.search(r"\bconfigs?\b", title, re.I)
    new_hardware = new_hardware and bool(
        (_SUPPORT.search(title) and _HARDWARE.search(title)) or _PLATFORM_SUPPORT.search(title)
    )
    return Signals(
        claims=claims,
        reverts=tuple(reverts),
        fixes_regression_of=tuple(regress),
        revert=revert,
        # a fix that names a regression; "[Test] Add ... regression" adds a test, whatever its topics
        regression_fix=bool(regress) or (bool(_FIX.search(title)) and _names_regression(title)),
        breaking=not fix
        and (
            removal or bool(_BREAKING.search(title) or re.search(r"\bbreaking change\b", body[:2000], re.I))
        ),
        severe_fix=severe,
        correctness_fix=correct,
        default_change=default,
        feature=not fix and not maintenance and bool(_FEATURE_TAG.search(title) or _FEATURE.search(title)),
        kernel=not maintenance and bool(_KERNEL.search(title)),
        minor=bool(_MINOR.search(title)) and not removal,
        new_model=new_model,
        new_hardware=new_hardware,
        refactor=bool(_REFACTOR.search(title)) and not fix,
        performance=bool(_PERF.search(title)) and not claims,
        security=bool(_SECURITY.search(title)) and not maintenance,
        stack_upgrade=stack,
        dependency=stack or bool(_DEPENDENCY.search(title) and not _NOT_DEPENDENCY.search(title)),
        chore=bool(_CHORE.search(title))
        and not (claims or severe or correct or new_model or removal or stack),
        maintenance=maintenance,
        series=bool(_SERIES.search(title)),
        reach=reach,
    )


def revert_names(title: str, body: str | None = None) -> tuple[tuple[int, ...], str]:
    """What a PR names as the PR it undoes: numbers ("Revert #123"; a revert's body's first lines
    too) and a revert's quoted title ("Revert "[ROCm] Dual-stream decode"", lower-cased, or "")."""
    title = " ".join((title or "").split())
    numbers = _numbers(_REVERT_NUMBER, title)
    if not _REVERT_WORD.search(title):
        return tuple(numbers), ""  # "[Bugfix] Fix X (reverts #123)": the number alone
    numbers += _numbers(_REVERT_NUMBER, body_text(body)[:400])
    quoted = _REVERT_TITLE.match(title)
    said = re.sub(r"\s*\(#\d+\)\s*$", "", quoted.group(1)).strip().lower() if quoted else ""
    return tuple(dict.fromkeys(numbers)), said


def score(signals: Signals, impact: float, *, merged: bool) -> float:
    """One ranking weight: the classifier's impact plus what the rules found. Merged work ranks
    above open or closed PRs of the same weight.

    The order is a maintainer's: measured gains, a new PyTorch/CUDA/Python/Transformers for every
    install, and changed defaults; security fixes and new models; fixes of silently wrong results
    and breaking changes (over eight expert weeks both were picked about half the time);
    user-facing features, hardware; crash and hang fixes; kernel work; reverts. Over fourteen
    expert weeks security fixes were picked 8 of 10 times and stack upgrades 5 of 6. Work on the
    model families most deployments serve reaches more readers, work for a platform few run
    reaches fewer. Refactors and unmeasured tuning add little; work that says it is small, and CI,
    test and doc work, take away."""
    value = impact
    value += 0.6 if signals.claims else 0.0
    value += 0.5 if signals.default_change else 0.0
    value += 0.45 if signals.correctness_fix else 0.0
    value += 0.4 if signals.new_model else 0.0
    value += 0.3 if signals.feature else 0.0
    value += 0.5 if signals.security else 0.0
    value += 0.6 if signals.stack_upgrade else 0.0
    value += 0.45 if signals.breaking and not signals.default_change else 0.0  # one change, counted once
    value += 0.35 if signals.new_hardware else 0.0
    value += 0.15 if signals.kernel else 0.0
    value += 0.15 if signals.severe_fix else 0.0
    value += 0.15 if signals.series else 0.0
    value += 0.1 if signals.performance else 0.0
    value += 0.1 if signals.reverts or signals.fixes_regression_of else 0.0
    value += 0.2 * signals.reach
    value -= 0.1 if signals.refactor else 0.0
    value -= 0.3 if signals.chore else 0.0
    value -= 0.3 if signals.minor else 0.0
    value -= 0.3 if signals.maintenance else 0.0
    value -= REVERTED_PENALTY if signals.reverted else 0.0
    value += 0.15 if merged else 0.0
    return round(value, 4)


def read_all(
    prs: Sequence[PullRequest], topics: Mapping[int, Sequence[str]], taxonomy: Taxonomy | None = None
) -> dict[int, Signals]:
    """Signals for a window's PRs; reverts by quoted title resolve within the window, and with a
    taxonomy each PR's reach comes from its topics and the terms its title names."""
    titles: dict[str, list[int]] = {}
    for pr in sorted(prs, key=lambda pr: pr.number):
        if pr.title:
            titles.setdefault(" ".join(pr.title.split()).lower(), []).append(pr.number)
    reach = _reach_table(taxonomy) if taxonomy is not None else None
    found = {
        pr.number: read_signals(
            pr,
            topics.get(pr.number, ()),
            titles,
            reach.of(topics.get(pr.number, ()), pr.title) if reach else 0,
        )
        for pr in prs
    }
    # Work reverted in the same window is no news of its own: the revert's point links to it.
    gone = {n for s in found.values() if s.revert for n in s.reverts if n in found}
    return {n: replace(s, reverted=True) if n in gone else s for n, s in found.items()}


def read_one(pr: PullRequest, topics: Sequence[str], taxonomy: Taxonomy) -> Signals:
    """One PR's signals as `read_all` reads them, without the links a window gives (a revert
    found by its quoted title, work reverted in the same window): what an answer ranks by."""
    return read_signals(pr, topics, None, _reach_table(taxonomy).of(topics, pr.title))


class _Reach:
    """What a taxonomy says of reach, looked up by key: -1 when a PR's topics or the terms its
    title names include a narrow-reach one (the audience is the platform's), else +1 when they
    include a broad-reach one, else 0."""

    def __init__(self, taxonomy: Taxonomy) -> None:
        self.topics = {t.key: t.reach for t in taxonomy.topics if t.reach}
        self.terms = {t.key: t.reach for t in taxonomy.terms if t.reach}
        self.index = term_index(taxonomy)

    def of(self, topics: Iterable[str], title: str) -> int:
        found = {self.topics.get(key, "") for key in topics}
        if self.terms:
            found |= {self.terms.get(key, "") for key in self.index.in_text(title)}
        return -1 if "narrow" in found else 1 if "broad" in found else 0


_reach_table = per_taxonomy(_Reach)


# -- kinds of change a question can ask for ("breaking changes last week", "any reverts?") ----------

CHANGE_PREFIX = "change:"
BREAKING = CHANGE_PREFIX + "breaking"  # removals and deprecations: "remove deprecated" asks for them
REMOVALS = CHANGE_PREFIX + "removal"  # the removals, deprecations and renames alone
DEFAULTS = CHANGE_PREFIX + "default"  # the changed defaults alone
MEASURED = (
    CHANGE_PREFIX + "measured"
)  # PRs quoting a measured gain ("perf prs with numbers", "how much faster")


def whole_change(groups: Iterable[Iterable[str]]) -> tuple[tuple[str, ...], ...]:
    """Query groups with a half of the breaking changes read as all of them (one group once):
    what "were any models dropped in october too" asks again under a thread of breaking changes."""
    whole = (tuple(dict.fromkeys(BREAKING if k in (REMOVALS, DEFAULTS) else k for k in g)) for g in groups)
    return tuple(dict.fromkeys(whole))


@dataclass(frozen=True, slots=True)
class ChangeKind:
    """A kind of change read from a PR's signals, askable in a question by its words."""

    key: str
    name: str
    words: frozenset[str]
    signals: tuple[str, ...]  # Signals fields; any of them set means the PR is this kind
    gate: re.Pattern[str]  # a word every such PR's title or body has: most PRs skip the full read
    fix: bool = False  # a kind of fix: "security fixes" is one thing, not security AND bug fixes
    topic: str = ""  # the topic every such change falls under: a version bump is CI & build work
    # titles that are this kind when a question asks for it, though the digest does not weigh them
    # as such ("Reject NUL byte in structured_outputs.regex" is hardening a security audit wants)
    also: re.Pattern[str] | None = None

    def test(self, signals: Signals) -> bool:
        return any(getattr(signals, field) for field in self.signals)


# Only kinds whose signals are read reliably from titles; "crash" or "hang" stay word searches.
CHANGE_KINDS = (
    ChangeKind(
        "breaking",
        "Breaking changes",
        # Renames and changed defaults break what users pass. "break" itself is left out: "does
        # this break my config" asks about a breaking change, "why did this break the build" about
        # a bug; "broke"/"broken" are the bugfix topic's words.
        frozenset(
            {"breaking", "deprecation", "deprecations", "deprecated", "deprecate", "removal", "removals"}
            | {"removed", "rename", "renames", "renamed", "default", "defaults", "default-value"}
            | {"default-values"}
        ),
        ("breaking", "default_change"),
        re.compile(r"breaking|remov|drop|renam|deprecat|delet|default|stop|always enable", re.I),
    ),
    # The two halves of a breaking change, for questions that name only one (handlers/parse.py
    # reads "what was removed" or "did a default change" after reading "breaking"): no word of
    # their own, so every question reaches them through Breaking changes.
    ChangeKind(
        "removal",
        "Removals and deprecations",
        frozenset(),
        ("breaking",),
        re.compile(r"breaking|remov|drop|renam|deprecat|delet|stop", re.I),
    ),
    ChangeKind(
        "default",
        "Changed defaults",
        frozenset(),
        ("default_change",),
        re.compile(r"default|always enable", re.I),
    ),
    ChangeKind(
        "dependency",
        "Dependency updates",
        # "any dependency bumps this month?", "what deps got bumped": a version moved; "upgrade" is
        # left out ("anything to know before we upgrade" is about vLLM itself)
        frozenset({"bump", "bumps", "bumped", "dependency", "dependencies", "deps", "dep"}),
        ("dependency",),
        re.compile(r"bump|upgrad|updat|pin|deps?\b|dependenc", re.I),
        topic="ci-build",
    ),
    ChangeKind(
        "feature",
        "New features",
        # "what new features landed for spec decode": new capabilities a user can reach (an API,
        # option, backend, kernel, integration), as the digest's feature signal reads them
        frozenset({"feature", "features"}),
        ("feature",),
        re.compile(
            r"add|support|introduc|implement|enabl|allow|expos|integrat|restor|extensib|in-tree|compatib",
            re.I,
        ),
    ),
    ChangeKind(
        "revert",
        "Reverts",
        frozenset({"revert", "reverts", "reverted", "rollback", "rollbacks"}),
        ("revert",),
        re.compile(r"revert", re.I),
    ),
    ChangeKind(
        "measured",
        "Measured gains",
        # "any measured speedups", "perf prs with numbers", "which have benchmark numbers": the
        # PRs whose title or body quotes a gain ("13.9% E2E throughput", "~3x TTFT"), as the digest
        # quotes them; "benchmark" alone names the benchmark scripts and stays a word search, and
        # "numbers" alone asks for counts ("the rocm numbers"), so it counts only in a pair below
        # or after "with" / "have" (handlers/parse.py)
        # ("benchmarked" is left out: a typo reading would turn every "benchmark" into it)
        frozenset({"measured", "quantified"}),
        ("claims",),
        re.compile(r"\d\s?(?:x|\u00d7|%|ms|s|tok/s|tokens/s|t/s|gb|mb)(?![a-z])", re.I),
    ),
    ChangeKind(
        "regression",
        "Regression fixes",
        # Asking for regressions asks what broke and was mended: the fixes that say so, or that
        # link the PR that caused it ("fixes regression from #N").
        frozenset({"regression", "regressions", "regressed"}),
        ("regression_fix",),
        re.compile(r"regress", re.I),
        fix=True,
    ),
    ChangeKind(
        "security",
        "Security fixes",
        frozenset({"security", "cve", "cves", "vulnerability", "vulnerabilities", "vuln", "vulns"})
        # "hardening fixes", "anything touching auth": what a security review asks for
        | {"hardening", "harden", "hardened", "auth", "authentication", "authorization"},
        ("security",),
        re.compile(
            r"cve|security|vulnerab|injection|sandbox|\bdos\b|denial|ssrf|traversal|limit|\bcap|bound|restrict"
            r"|reject|sanitiz",
            re.I,
        ),
        fix=True,
        also=re.compile(
            # untrusted input kept out, secrets kept in, the supply chain pinned
            r"\btrust_remote_code\b|\bharden\w*|\buntrusted\b|\bmalicious\b|\bredact\w*|\bsupply[- ]chain\b"
            r"|\bapi[_ -]?keys?\b[^.\n]{0,40}\b(?:logs?|logged|leak\w*|exposed?)\b"
            r"|\b(?:reject|guard|bound|validate)s?\b[^.\n]{0,40}\b(?:json|bod(?:y|ies)|inputs?|payloads?|requests?"
            r"|schemas?|token ids|nul)\b"
            r"|\b(?:return|raise)s? (?:a )?4xx\b",
            re.I,
        ),
    ),
)
_CHANGE_BY_WORD = {word: kind for kind in CHANGE_KINDS for word in kind.words}
CHANGE_WORDS = frozenset(w for w in _CHANGE_BY_WORD if len(w) >= 5)  # typo candidates ("regresions")
_CHANGE_BY_KEY = {CHANGE_PREFIX + kind.key: kind for kind in CHANGE_KINDS}
# two words that ask for a kind of change together (each alone asks for something else)
_CHANGE_BY_PAIR = {
    pair: _CHANGE_BY_KEY[CHANGE_PREFIX + "security"]
    for pair in (
        *(("input", "validation"), ("request", "validation"), ("api", "key")),
        *(("dos", "limit"), ("dos", "attack"), ("dos", "protection")),  # not Spanish "dos" (two)
    )
} | {
    pair: _CHANGE_BY_KEY[CHANGE_PREFIX + "measured"]
    for pair in (
        *(("benchmark", "number"), ("perf", "number"), ("performance", "number"), ("benchmark", "result")),
    )
}


_FIX_WORDS = frozenset(
    {"fix", "fixes", "fixed", "patch", "patches", "bugfix", "bugfixes", "remediation", "remediations"}
)


def _singular(word: str) -> str:
    return word[:-1] if word.endswith("s") and len(word) > 3 else word


def change_key(words: Sequence[str]) -> tuple[str | None, int]:
    """(`change:breaking`, words used) for words that ask for a kind of change, else (None, 0);
    a kind of fix takes the word "fixes" after it along ("security fixes")."""
    pair = _CHANGE_BY_PAIR.get((_singular(words[0]), _singular(words[1]))) if len(words) > 1 else None
    if pair is not None:  # "input validation fixes", "api keys"
        return CHANGE_PREFIX + pair.key, 3 if pair.fix and len(words) > 2 and words[2] in _FIX_WORDS else 2
    kind = _CHANGE_BY_WORD.get(words[0]) if words else None
    if kind is None:
        return None, 0
    return CHANGE_PREFIX + kind.key, 2 if kind.fix and len(words) > 1 and words[1] in _FIX_WORDS else 1


def change_words(key: str) -> frozenset[str]:
    """The words that ask for a kind of change (`change:breaking`: "deprecated", "removed", ...)."""
    kind = _CHANGE_BY_KEY.get(key)
    return kind.words if kind else frozenset()


def change_topic(key: str) -> str:
    """The topic a kind of change always falls under (`change:dependency`: "ci-build"), or ""."""
    kind = _CHANGE_BY_KEY.get(key)
    return kind.topic if kind else ""


def is_change(key: str) -> bool:
    return key.startswith(CHANGE_PREFIX)


def change_name(key: str) -> str:
    kind = _CHANGE_BY_KEY.get(key)
    return kind.name if kind else key.removeprefix(CHANGE_PREFIX)


def is_change_of(pr: PullRequest, topics: Iterable[str], key: str) -> bool:
    """Whether a PR is this kind of change, by the same signals the digest ranks with."""
    kind = _CHANGE_BY_KEY.get(key)
    if kind is None:
        return False
    title = pr.title or ""
    if kind.also is not None and kind.also.search(title) and not _MAINTENANCE_TAG.search(title):
        return True
    if not (kind.gate.search(title) or kind.gate.search((pr.body or "")[:6000])):
        return False
    return kind.test(read_signals(pr, topics))
