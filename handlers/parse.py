"""Slash-command text -> Query: topics, time window, states, people, PR numbers, free text.

Pure and total: `parse_query` never raises, whatever it is given (unicode, control characters,
10 KB of text, injection-looking input); it reads at most MAX_CHARS characters and MAX_TOKENS
words, and always returns a window with since < until. Words may come in any order and case.

Calendar words (`today`, `this week`, `last month`, `feb`, `2026-W09`) use the repo's timezone
and week start; every window is a half-open UTC range [since, until) whose label shows the
inclusive first and last local day, e.g. "Feb 23 – Mar 1, 2026 (UTC)".
"""

from __future__ import annotations

import itertools
import logging
import re
import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, timedelta, tzinfo

from handlers.calendar import (
    MIN_YEAR,
    MONTHS,
    NUMBER_WORDS,
    SEASONS,
    TIME_VOCAB,
    UNITS,
    WEEKDAYS,
    Span,
    TimeReader,
    add_months,
    default_window,
    history_start,
    week_start_of,
    window_label,
)
from handlers.closed_class import closed_class_words, phrases_in_english
from handlers.cognates import Cognates
from handlers.digest_signals import (
    BREAKING,
    CHANGE_PREFIX,
    CHANGE_WORDS,
    DEFAULTS,
    MEASURED,
    REMOVALS,
    change_key,
    change_name,
    change_topic,
    change_words,
    is_change,
)
from handlers.language import (
    ACTION_NOTE,
    ACTION_REQUEST,
    ANYONE,
    BLAME,
    CYRILLIC,
    EMPHASIS,
    EMPLOYER,
    EMPLOYER_NOTE,
    HOW_NOT_TO_ANSWER,
    IMPORTANCE_WORDS,
    JUDGEMENT_WORDS,
    OWNING,
    PEOPLE_NOUNS,
    RANKING_WORDS,
    RECENCY_WORDS,
    RELEASES,
    SETTLING,
    SORT_KEYS,
    SORT_NEWEST,
    SORT_OLDEST,
    SORT_VERBS,
    SPEED_COMPARISON,
    THE_X_ONE,
    WHO_DOING_VERBS,
    WHO_OPENERS,
    WRITING_DOCS,
    asks_who,
    has_cjk,
    in_english,
    introduction,
    is_domain_word,
    is_english,
    is_foreign,
    is_quiet_frame,
    is_set_aside,
    lemmas,
    lists_setup,
    merged_phrase,
    open_phrase,
    out_of_scope,
    question_part,
    state_verb,
    turns_to,
    without_presentation,
)
from handlers.models import Taxonomy, Window
from handlers.terms import TERM_PREFIX, fold, is_term, per_taxonomy, term_index, term_key

log = logging.getLogger(__name__)

MAX_CHARS = 2000
MAX_TOKENS = 60

STATE_WORDS = {
    "merged": "merged",
    "merge": "merged",
    "merges": "merged",
    "merging": "merged",  # "what has njhill been merging": what got merged (was corrected to "serving")
    "open": "open",
    "still-open": "open",
    "closed": "closed",
    "unmerged": "not-merged",  # open, draft or closed: anything but merged
    "rejected": "closed",
    "abandoned": "closed",
    "draft": "draft",
    "drafts": "draft",
    "opened": "opened",
}
HELP_WORDS = {"help", "?", "-h", "--help", "usage", "examples"}
# "bumped every 2 weeks", "each month", "every monday": a frequency, not the window asked about;
# "how many each this month" points at a time ("this", "last", "the") and is one
_FREQUENCY_LEADS = frozenset({"every", "each"})
_POINTED = frozenset({"this", "that", "last", "past", "next", "previous", "coming", "the", "since", "from"})
# "does it work on radeon now?", "is X supported": a yes/no question about whether something works
_WORKS = frozenset({"works", "working", "run", "runs", "running", "supported"})
_WORK_AFTER = frozenset({"", "on", "with", "for", "now", "yet", "in", "out", "there"})  # "" : the end


_JOINING_OPENERS = frozenset(
    {"also", "and", "so", "ok", "okay", "btw", "but", "oh", "hey", "hmm", "then", "wait", "hm", "huh"}
)
# Verbs of something going away or changing for good: "did gguf get moved out", "was bnb deprecated"
_GONE = frozenset(
    {"removed", "dropped", "deprecated", "deleted", "moved", "reverted", "renamed", "replaced", "upstreamed",
     "migrated", "split", "retired", "killed"}
)  # fmt: skip


def asks_works(tokens: Sequence[str]) -> str:
    """The word by which a yes/no question asks whether something works ("does X work on Y now",
    "will it run on mi300x", "is X supported", "is it blackwell only"), or "". "is he on the nvfp4
    moe work?" names work, it asks nothing of it."""
    # "also is python 3.14 supported now?": a word that joins it to what came before goes first
    tokens = tokens[_after_openers(tokens) :]
    opener = tokens[0] if tokens else ""
    if opener not in ("does", "do", "is", "are", "will", "would", "can"):
        return ""
    for k, word in enumerate(tokens):
        after = tokens[k + 1] if k + 1 < len(tokens) else ""
        if word in _WORKS or (
            word in ("work", "support") and opener not in ("is", "are") and after in _WORK_AFTER
        ):
            return word
        if word == "only" and opener in ("is", "are") and 2 <= k <= 3:  # "is it blackwell only"
            return word
        if word == "default" and opener in ("is", "are"):  # "is flashinfer the default backend now"
            return word
        if word == "support" and tokens[1:2] == ["there"]:  # "is there gpt-oss support for rocm"
            return word
    return ""


# "is there X for Y", "was there ever a fix for X": whether something exists (not "are there any
# rocm prs", the recent ones)
_IS_THERE = re.compile(
    r"^((?:is|was) there)\b(?: ever)?(?: (?:any|a|an))?(?! (?:anything|something|stuff|news|new)\b)"
    r"(?: \S+){1,4}? (?:for|on|in|with)\b"
)


def _after_openers(tokens: Sequence[str]) -> int:
    """Where a message's own words start, after those joining it to what came before ("also",
    "wait", "hmm")."""
    return next((k for k, t in enumerate(tokens) if t not in _JOINING_OPENERS), len(tokens))


_STILL_ACTIVE = {
    ("still", "active"), ("still", "around"), ("still", "contributing"), ("still", "maintained"),
    ("still", "alive"), ("last", "active"), ("stopped", "contributing"), ("stop", "contributing"),
    ("gone", "quiet"), ("went", "quiet"), ("gone", "inactive"), ("still", "contribute"),
}  # fmt: skip
# "when did it go away", "when was that merged": asking for a moment in the past
_WHEN_PAST = frozenset(("when", aux) for aux in ("did", "was", "were", "had", "has", "have", "got"))
# Asking what the bot itself can do is asking for its help.
_CAPABILITIES = re.compile(
    r"^(?:(?:hi|hey|hello|yo|ok|so)\s+)*(?:bot\s+)?(?:what (?:else )?can (?:you|u|i|this bot|the bot|it|this thing) (?:(?:actually|really|even|exactly) )?(?:do|ask|answer)|what do (?:you|u) do"
    r"|what are (?:you|u)\b|how do i use (?:you|u|this|the bot|it)\b|what commands|what can i ask"
    # "what kind of stuff can i ask you?", "what sort of things can you do"
    r"|what (?:kinds?|sorts?|types?) of (?:\w+ )?(?:can|could|should|do) (?:i|you|u|we) "
    r"(?:(?:actually|really|even|exactly|possibly) )?(?:ask|do|answer|help)"
    # "what kind of questions I can ask to this bot?", "which questions can i ask"
    r"|what (?:kinds?|sorts?|types?) of (?:\w+ )?(?:i|we) (?:can|could|should) ask"
    r"|(?:which|what) questions (?:can|could|should|do) (?:i|we) ask"
    # "what data do u actually have?", "what do you actually know about?": what the bot can see
    r"|what (?:data|info|information|sources?) (?:do|does|can) (?:you|u|it|this bot|the bot) (?:\w+ )?(?:have|see|use|read|index|cover)"
    r"|what do (?:you|u) (?:\w+ )?(?:know about|have access to|index|cover)\b"
    r"|what can (?:i|we) ask (?:this|the) bot"
    # "how do i get u to filter by label?", "whats the syntax": how to ask the bot itself
    r"|how (?:do|can|would|should) (?:i|we) (?:(?:get|tell) (?:you|u|the bot|this bot|it) to"
    r"|(?:make|have|let) (?:you|u|the bot|this bot|it))\b"
    r"|what(?:'s|s| is)? the (?:command |query |search )?syntax\b|\bsyntax for\b)"
)
STOPWORDS = {
    "a", "about", "all", "an", "and", "any", "are", "at", "changes", "during", "for", "from",
    "happened", "in", "is", "list", "me", "new", "of", "on", "over", "please", "pr", "prs", "pull",
    "pulls", "request", "requests", "show", "that", "the", "to", "was", "were", "what", "what's",
    "whats", "which", "with", "recent", "latest", "get", "find", "give", "tell", "within",
    "this", "last", "past", "since", "by", "only", "just", "ones", "some", "my", "our", "it", "i",
    "you", "do", "did", "we", "us", "have", "has", "been", "there", "how", "many", "who", "when",
    "after", "between", "or", "etc", "etc.", "e.g.", "eg", "i.e.", "i.e", "ie",
    "inclusive", "inclusively",  # "nov 1-15 inclusive": both ends are always in
    "date", "dates",  # "(by merge date)": which date a window is read by (the state word says it)
}  # fmt: skip
# Words that leave a topic out, and the verbs of leaving out in a follow-up ("drop the ci ones").
# Negative auxiliaries count too, typed with or without the apostrophe ("aren't merged", "isnt
# merged yet", "never got merged"): `is_negator`.
NEGATORS = {
    "not", "no", "never", "nor", "without", "except", "excluding", "exclude", "excl", "minus", "w/o", "sans",
    "unrelated", "outside", "besides",
}  # fmt: skip
_BARE_NEGATIVES = {
    "arent", "isnt", "wasnt", "werent", "dont", "doesnt", "didnt", "havent", "hasnt", "hadnt", "wont",
    "cant", "aint",
}  # fmt: skip
# Verbs that leave a topic out when one follows ("drop the ci ones"); otherwise ordinary words.
NEGATING_VERBS = {
    "drop", "hide", "skip", "ignore", "remove", "omit", "filter", "lose", "forget", "exclude", "scrap", "ditch",
}  # fmt: skip
# "drop all the ci", "filter out docs", "exclude the ones that are just ci fixes"
_DETERMINERS = {
    "the", "all", "any", "those", "these", "of", "out", "ones", "that", "which", "are", "is", "just",
    "every", "each",  # "not every test fix": none of them
}  # fmt: skip
# Two-word verbs that leave something out: "leave out", "take out", "cut out", "get rid of"
_OUT_VERBS = {"leave": "out", "take": "out", "cut": "out", "weed": "out", "strip": "out", "rid": "of"}
# After "the ones", "those", "the prs": the words saying what they are about may follow a verb too
_PICKED = frozenset({"ones", "those", "prs", "them", "anything", "everything"})
# Negators that always leave out what follows (not "not"/"no": "not sure about rocm")
_LEAVING_OUT = frozenset(
    {"without", "except", "excluding", "exclude", "excl", "minus", "w/o", "sans", "besides"}
)


_CLAUSE_OPENERS = ("who", "what", "which", "how", "when", "where", "whats", "any", "anything", "list", "show")


def _past_own(tokens: Sequence[str], at: int) -> int:
    """`at`, or the word after it when it is "own" ("leave out hao-aaron's own ones": said for
    stress)."""
    return at + (tokens[at : at + 1] == ["own"])


def _leaves_out_words(tokens: list[str], i: int, gap: int, verb: bool) -> bool:
    """Whether a word that names no topic is left out by the negator before it: a content word
    that heads the thing ("without the typo fixes", "hide the lint stuff") or, after "without",
    "except" and such, ends the clause ("except mamba")."""
    if i + gap >= len(tokens):
        return False
    word = tokens[i + gap]
    after = tokens[_past_own(tokens, i + gap + 1) :][:1]
    # "no kernel internals", "no typo fixes": "no" before a word and the work's head noun
    plain_no = tokens[i] == "no" and gap == 1 and bool(after) and after[0] in _EXCLUDED_HEADS
    if not (verb or tokens[i] in _LEAVING_OUT or plain_no):
        return False
    if len(word) < 3 or not _MENTIONED_WORD.match(word) or word in STOPWORDS or word in STATE_WORDS:
        return False
    if verb:  # "hide the lint stuff", "skip the refactor prs"; "remove python" searches both words
        return gap > 1 and bool(after) and after[0] in _EXCLUDED_HEADS
    # "excluding mgoin, who's top?": a question word opens the next clause (commas are gone)
    return not after or after[0] in _EXCLUDED_HEADS or after[0] in (",", "pls", "please", *_CLAUSE_OPENERS)


# Between a negator and what it leaves out: auxiliaries ("not yet merged", "never got merged"),
# relations ("not related to mrv2", "nothing about docs"), and the asking verbs of "don't show me
# the ci ones". Only these: any other word ends the negation ("not sure about rocm" leaves rocm in).
_NEGATION_GAP = _DETERMINERS | {
    "yet", "be", "been", "being", "get", "got", "gotten", "getting", "related", "relating", "to", "about",
    "involving", "touching", "regarding", "mentioning", "for", "on", "in", "show", "include", "including",
    "want", "need", "care", "list", "see", "me", "us",
    "prs", "pr",  # "sem os PRs de CI" read in English: "without prs ci"
    "version", "versions",  # "besides the version bumps": what is bumped
    "interested", "into",  # "not interested in rocm", "not into the ci stuff"
    "a", "an",  # "anything that isn't a ci change"
    "counting", "count",  # "not counting ci/build-only prs", "dont count the ci ones"
    # "dont pad it with CI/test-only stuff", "don't inflate the numbers with docs"
    "pad", "padding", "inflate", "inflating", "it", "with", "numbers", "count's",
}  # fmt: skip
# Words that say the work left out is nothing but that ("skip the pure ci stuff", "minus the
# routine bumps"): they qualify what follows, so the negation reaches past them
_MERE = frozenset({"pure", "purely", "mere", "plain", "routine", "usual", "boring", "trivial", "typical"})
# ... and words that say which kind of the thing ("dont care about the datacenter B200 stuff")
_MERE |= {"datacenter", "data-center", "consumer", "enterprise", "legacy", "old", "whole"}
# What joins a list of things left out: "excluding deepseek and qwen", "ignore rocm / xpu / cpu"
_LIST_JOINERS = frozenset({"and", "or", "nor", "&", "+", "/"})
# Between a negator and a state verb, the asker's own intent: "don't want to ship", "no need to merge".
_ASKER_WANTS = frozenset({"want", "wanna", "need", "going", "gonna", "plan", "planning", "trying", "try"})
# A relative clause after the PRs a verb of leaving out picks: "drop the ones that only touch ci".
_RELATIVE = frozenset(
    {"that", "which", "only", "just", "touch", "touches", "mention", "mentions", "are", "is"}
)
_MAX_GAP = 6
_CONTRIBUTING = frozenset({"contribute", "contributed", "contributing", "contribution", "contributions"})
_MENTIONED_WORD = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")
# The noun after a topic left out names that topic's work, not something to search for: "just ci
# fixes", "skip the ci noise", "minus the docs churn".
_EXCLUDED_HEADS = frozenset({
    "fix", "fixes", "changes", "stuff", "work", "noise", "spam", "junk", "churn", "clutter", "fluff",
    "cruft", "chores", "prs", "ones", "things", "bits", "items", "bumps", "upgrades", "updates",
    "internals", "details", "plumbing",  # "no kernel internals"
})  # fmt: skip
# Nouns that name a topic alone ("models": new models) but are the head of the thing before them
# in "vision models", "qwen models", "moe models".
_HEAD_NOUNS = {"model", "models"}
# The parts of a model id after the model's name: parameter counts (120b, a3b, 1.5b), dates and
# revisions (0528, 2507, v0.1), and variant words (instruct, fp8, awq). "gpt-oss-120b",
# "Qwen/Qwen3-VL-8B-Instruct" and "deepseek-r1-0528" name the model; the rest filters nothing a
# title reliably says.
_SIZE = r"a?\d+(?:\.\d+)?[bmt]"  # a parameter count: "120b", "a3b", "1.5b"
_MODEL_SUFFIX = re.compile(
    rf"^(?:{_SIZE}|a?\d+(?:\.\d+)?k|\d{{3,8}}|v\d+(?:\.\d+)*|e\d+|instruct|chat|base|it|thinking|reasoning|"
    r"preview|hf|distill|dynamic|fp8|fp4|nvfp4|mxfp4|bf16|fp16|awq|gptq|int4|int8|w4a16|w8a8|gguf)$"
)
# A release ("v0.11.0", "0.12", "1.2.3"): the PR data does not say which PRs went into which
# release, so the word is explained rather than searched (model versions like "3.1" are not this).
# A version: "2.9", "v2.9", "0.6.14", "v5", "5.x" (of a library named before it: "torch 2.9")
VERSION_WORD = re.compile(r"v?\d+(?:\.\d+)*(?:\.x)?", re.I)
# "what fraction / % / share of prs": part of the window's PRs, said against all of them
_SHARE_WORDS = frozenset(
    {"fraction", "percentage", "percent", "%", "proportion", "share", "ratio", "portion"}
)
# a share asked of a count in a thread ("what percent is that", "as a percentage?"), without "of"
_SHARE_ASKING = frozenset({"percent", "percentage", "%", "fraction", "proportion"})
_FIGURE = re.compile(r"^[~≈]?\d[\d.,]*[~-]?\d*$")


def asks_share(tokens: Sequence[str]) -> bool:
    """ "what percent is that", "what % of these are merged", "what share of them": a share asked;
    a figure before the word quotes a gain ("the 3.9% one", "a 5 percent gain")."""
    words = " ".join(tokens).replace("per cent", "percent").split()
    return ("what", "share") in set(itertools.pairwise(words)) or any(
        t in _SHARE_ASKING and not (k and _FIGURE.match(words[k - 1])) for k, t in enumerate(words)
    )


# the kinds of named things that have versions of their own (libraries and kernel packages)
_VERSIONED_KINDS = frozenset({"library", "kernel"})
_RELEASE = re.compile(r"^(?:v\d+\.\d+(?:\.\d+)?|\d+\.\d+\.\d+|0\.\d+(?:\.\d+)?)(?:rc\d+)?$")
RELEASE_NOTE = (
    "Releases are not in the PR data, so I can't tell which PRs went into {word} or when the next "
    "release comes; ask for a time range instead (e.g. `past 30 days`, `since jul 1`)."
)
_RELEASE_REF = re.compile(
    r"(?:since|after|before|in) (the (?:last|latest|previous|most recent|current|next) (?:release|version|tag))\b"
    # "latest vllm release", "the newest release": the release itself ("next" asks when, a date)
    r"|((?:the )?(?:last|latest|previous|most recent|current|newest) (?:vllm )?(?:release|version|tag))\b"
    r"(?! notes?\b| candidate)"
)
_PARAMETER_COUNT = re.compile(rf"^{_SIZE}$")  # "70b", "a3b": a size, set aside beside a model
# A yes/no question about one definite thing asks for its state ("is the fp8 fix merged?");
# "are there merged ...", "did anything land ..." ask for PRs in that state.
_ASKS_STATE = {"is", "was", "has", "have", "had"}
_SUPERLATIVES = {"oldest", "newest", "latest", "earliest", "youngest"}
_LATELY = frozenset({"lately", "recently", "nowadays"})
_EXAMPLES = re.compile(
    r"(?<=\w)\s*\((?:(?:e\.?g\.?|such as|like|incl(?:uding|\.)?)[\s,:][^()]*|[^()]*\betc\.?\s*)\)"
)
# A list of three or more after a spaced dash or a colon, up to the sentence's end
_DASH_LIST = re.compile(r"(?:\s[-\u2013\u2014]+|\s?:)\s+(?P<items>[^,.;?!:]+(?:,[^,.;?!:]+){2,})(?=[.;?!]|$)")
# "..., things like new models and big perf wins —", "(such as fp8 and awq)": examples of what is asked
_LIKE_LIST = re.compile(
    r"[\s,(]+(?:(?:things|stuff|ones|changes|prs|work) like|such as|e\.g\.?|eg|for (?:example|instance))[\s,:]+"
    r"(?P<items>[^.;?!()\u2013\u2014]+?)(?=\s*(?:[.;?!()\u2013\u2014]|\s-\s|$))",
    re.I,
)
# the asker's own login: "login aoshen02", "my handle is mgoin", "i'm @njhill on github"
_OWN_LOGIN = re.compile(
    # (the login ends its clause: not "my login page is broken")
    r"\b(?:login|handle|username|github(?: login| handle| username)?)(?: is|:)?\s+@?([a-z0-9](?:[a-z0-9-]{0,38}))"
    r"(?=\s*(?:[.,;:!?)]|$|\s-\s))"
    r"|\bi'?m @([a-z0-9][a-z0-9-]{0,38}) on github\b",
    re.I,
)
# ("w46" only run together: "fp8 w 2 gpus" is no week)
_ISO_WEEK = re.compile(r"\b(?:wk|kw|cw)\s?(\d{1,2})\b|\bw(\d{1,2})\b|\biso week (\d{1,2})\b", re.I)
_TOP_N = re.compile(r"\btop(\d{1,2})\b")
_PICK_N = re.compile(
    r"\b(?:pick|choose|select|single out)\s+(?:out\s+)?(?:the\s+)?(?=(?:\d+|two|three|four|five|six|seven|eight|nine|ten)\b)"
)
_EXEC_SUMMARY = re.compile(r"\b(?:exec|executive|mgmt|management)[- ]summary\b")
# "a few bullet points for our sync": the shape of the answer (no PR is about bullets); one word
# so that "5 bullet points" is a count of five like "5 bullets"
_BULLET_POINTS = re.compile(r"\bbullet[- ]?points?\b")
# What the asker lets in, which narrows nothing: "docs prs, typo fixes included is fine",
# "including the small ones like typo fixes (ok)", "typo修正みたいな細かいのも含めてOK" (read in English
# "typo including ok"), "small stuff like typo fixes is ok too"
_THING = r"(?:[\w+/-]+(?:\.\w+)*\s+){0,4}?[\w+/-]+(?:\.\w+)*"  # (a sentence's full stop ends it)
_NO_STATE = r"(?!(?:the\s+)?(?:open|merged|closed|drafts?)\b)"  # ("open ones included": a state, kept)
_LET_IN = re.compile(
    r"(?<=\S)[\s,;]+(?:"
    rf"(?:incl\.?|including|inclusive of)\s+{_NO_STATE}{_THING}\s*"
    r"(?:(?:is|are)\s+)?(?:fine|ok|okay|welcome)\b(?:\s+too)?"
    rf"|{_NO_STATE}{_THING}\s+(?:including|included)(?:\s+(?:is|are))?\s+(?:fine|ok|okay|too)\b"
    rf"|{_NO_STATE}{_THING}\s+(?:is|are)\s+(?:fine|ok|okay)\s+too\b"
    # "(FP8/NVFP4/MXFP4 all count)": each of them counts, none is a filter
    rf"|\(\s*{_NO_STATE}{_THING}\s+(?:all|both|also)\s+counts?\s*\)"
    r")",
    re.I,
)
# "rocm prs with ci left out", "with the docs ones excluded": what follows "with" is left out
_WITH_LEFT_OUT = re.compile(
    r"\bwith ((?:the |any |all )?(?:[^\s,.;?!]+ ){0,2}?[^\s,.;?!]+) (?:left out|excluded|filtered out|taken out)\b"
    # "leaving the deepseek stuff aside", "setting ci aside": left out
    r"|\b(?:leaving|leave|setting|set|putting|put)\s+((?:the |any |all )?(?:[^\s,.;?!]+ ){0,2}?[^\s,.;?!]+)\s+aside\b"
)
# "break it down by area", "broken down by topic", "split out by area": the breakdown asked for,
# one word (the verb is no breakage: "broken" alone is a bug's word)
_BROKEN_DOWN = re.compile(
    r"\b(?:break|breaks|broke|broken|breaking|split|splitting)\s+"
    r"(?:(?:(?:it|that|this|them|those|these|things|everything|stuff|all)\s+)?(?:down|out)\b"
    r"(?=\s+(?:by|per|into|in)\b|\s*$|\s*[,.?!(])"
    # "break january down by area", "split last week's prs out per topic": an object between
    r"|(?P<what>(?:[\w'.-]+\s+){1,3}?)(?:down|out)\b(?=\s+(?:by|per|into)\b))"
    # "can you split that by method?", "split last month's prs between fp8 and awq": split, before
    # what it splits by (its object kept; a pronoun object is the thread's list either way)
    r"|\b(?:split|splits|splitting)\s+(?P<split>(?:[\w'.-]+\s+){0,4}?)(?=(?:by|per|between|across|among)\b)"
)
# "who did most of it overall, not just recent", "nvfp4 prs, not just this month": beyond that
# time, every PR there is
_NOT_JUST_NOW = re.compile(
    r"\bnot (?:just|only) (?:the )?(?:recent(?:ly)?|lately|the recent ones"
    r"|(?:this|last|past|the last|the past) (?:week|wk|month|mo|quarter|year|yr|few weeks|couple (?:of )?weeks))\b"
)
# A list that ends "anything else" / "etc" / "or whatever" gives examples: any of them
_EXAMPLE_LIST = re.compile(
    r"((?:[\w.+/-]+(?: [\w.+/-]+)?\s*,\s*)+[\w.+/-]+(?: [\w.+/-]+)?)\s*,?\s*"
    r"(?:or )?(?:anything else|anything|etc\.?|whatever|and so on|and such|and the like)\b"
    r"(?!\s+(?:that|that's|thats|which|who)\b)"  # ("drop anything that's only tests/CI": no examples)
)
# "top 10 contributors over that window", "same timeframe": the time already asked about (the
# thread's, or the question's own), no word to search
_THAT_WINDOW = re.compile(
    r"\b(that|this|the same|same|the) (?:window|timeframe|time frame|time period|period|span|time range|date range)\b"
)
# "everything on turboquant", "give me everything about mooncake": all there is on it, any time
_BULK_OF = re.compile(r"\b(?:the )?(?:bulk|lion's share|majority) of\b")
_HEDGE = re.compile(r"\b([a-z][a-z0-9.]*)-ish\b")  # only hyphenated: "british", "finish" are words
_BROKEN_CONTRACTS = {
    "compat", "compatibility", "api", "apis", "backward", "backwards", "bc", "clients", "client",
    "interface", "interfaces", "users", "config", "configs", "cli", "flags", "scripts", "integrations",
    "deployment", "deployments", "setup", "prod", "production", "workflow", "workflows", "pipeline",
    "us", "me", "anything", "stuff", "things", "everything", "fleet", "cluster", "service",
}  # fmt: skip
_BEHAVIOUR = {"behavior", "behaviour", "behaviors", "behaviours"}
_ALTERS = {"change", "changes", "changed", "alter", "alters", "affect", "affects"}
# the words around what breaks or changes for the asker ("could break us", "cld change behavior")
_BREAK_FRAME = {"break", "breaks", "broke", "cld", "could", "might", "may"} | _BEHAVIOUR | _ALTERS
_DONE_WORDS = {"fixed", "resolved", "solved", "patched"}  # a fix that happened: merged
_DEFINITE = {"the", "that", "this", "my", "our", "their", "his", "her", "your"}
# A state left out ("no drafts", "-merged") keeps the answer's other PRs: `not-draft` in states.
NOT_STATE = "not-"
NEGATABLE_STATES = ("merged", "open", "closed", "draft")
_LIST_NOUNS = {"bullets", "bullet", "points", "items", "things", "highlights", "lines", "prs"}
_PER = {"per", "by", "each", "every", "across"}  # "per topic", "by area": a breakdown
_TOPIC_NOUNS = {
    "topic", "topics", "area", "areas", "category", "categories", "platform", "platforms", "hardware", "hw",
    # "by connector", "by backend": kinds of thing the topics and terms sort PRs into, not logins
    "connector", "connectors", "backend", "backends", "vendor", "vendors", "subsystem", "subsystems",
    "component", "components",
    # "split that by method", "by type": kinds the PRs are sorted into
    "method", "methods", "type", "types", "kind", "kinds", "technique", "techniques", "family", "families",
}  # fmt: skip
# Nouns for a kind of named thing ("by format", "per gpu", "by model"): a breakdown over the named
# things of that kind the PRs name (taxonomy kinds), not a login nor a topic breakdown
KIND_NOUNS = {
    **dict.fromkeys(("model", "models", "architecture", "architectures"), "model"),
    **dict.fromkeys(("gpu", "gpus", "chip", "chips", "accelerator", "accelerators"), "hardware"),
    **dict.fromkeys(("format", "formats", "dtype", "dtypes", "precision", "precisions"), "quant"),
    **dict.fromkeys(("kernel", "kernels"), "kernel"),
    **dict.fromkeys(("library", "libraries", "dependency", "dependencies"), "library"),
    **dict.fromkeys(("connector", "connectors"), "connector"),  # ("kv connector prs by connector")
}
PRONOUNS = {"them", "him", "her", "they", "their", "theirs", "his", "hers", "same"}
# Words that say a window runs up to now, which every window the bot reads does already.
_UP_TO_NOW = (
    ("so", "far"),
    ("thus", "far"),
    ("to", "date"),
    ("till", "now"),
    ("until", "now"),
    ("up", "to", "now"),
    ("by", "now"),
)
_WEIGHT_WORDS = {
    "impactful",
    "important",
    "significant",
    "notable",
    "noteworthy",
    "interesting",
    "relevant",
    "biggest",
}
# "getting as much attention as", "pay attention to", "more attention than": the English word, not
# the attention topic (which the words after it name: "attention backend", "more attention fixes")
_ATTENTION_PAID = re.compile(
    r"\b((?:(?:get|gets|getting|got|receive[sd]?|receiving|pay|pays|paying|paid|draw|draws|drawing|drew|"
    r"deserves?|need|needs|needing)\s+(?:(?:as much|as little|a lot of|lots of|more|less|enough|any|some|"
    r"little|much|most|the most|equal|the same|no)\s+)?"
    r"|(?:as much|as little|the same|equal|more|less)\s+(?=attention\s+(?:as|than)\b)))attention\b"
    r"(?!\s+(?:backends?|kernels?|prs?|layers?|impl\w*|ops?|metadata|work|changes?|fix(?:es)?|bugs?|masks?|sinks?))",
    re.I,
)
# "any model", "all models", "whatever model": every model, so no model filter (not new models)
_ANY_MODEL = re.compile(
    r"\b(?:any|all|every|whatever|whichever)\s+(?:of\s+the\s+)?models?\b(?=\s*(?:[,.;:)!?]|$|\s(?:we|i|is fine|works)\b))",
    re.I,
)
_THINGS_LIKE = re.compile(r"\b(something|anything|stuff|things)\b([^()?]{0,40}?)\s*\(([^()]{3,80})\)", re.I)
_LIST_PARTS = re.compile(r"\s*(?:[,;/]|\bor\b|\band\b)\s*", re.I)
# Words in brackets right after a name: "frontend work (api server, tool calling - that sort of thing)"
_AFTER_A_NAME = re.compile(r"([^\s()][^()]{0,40}?)\s*[(（]([^()（）]{3,160})[)）]")
_EXAMPLE_PARTS = re.compile(
    r"\s*(?:[,;/、・]|\s[-\u2013\u2014]+\s|[\u2013\u2014]|\bor\b|\band\b|とか|や|\betc\.?|"
    r"(?:that|this) (?:sort|kind) of (?:thing|stuff)|and so on|あたり|のやつ|など)\s*",
    re.I,
)
_NAME_TAILS = frozenset(
    {"work", "stuff", "prs", "pr", "changes", "things", "support", "side", "related", "area", "path", "paths"}
    | {"backend", "backends", "kernel", "kernels", "code"}
)
# words that make a bracket a filter, not examples ("(fp8 only)", "(merged ones)", "(not ci)")
NARROW_WORDS = frozenset({"only", "just", "not", "no", "without", "except", "merged", "open", "closed"})


# A quoted phrase the question frames as words of a title ("prs with "sampler" in the title",
# "anything titled 'Fix typo'", "mentioning "cudagraph"") or a pasted title (it opens with a
# bracket tag: "who wrote "[Kernel] Gemma-4 FA4 FP8 Kernel""): searched as it is written, in titles,
# its words read as nothing else. A quote without such a frame keeps its usual reading ("dont count
# the 'fix docs build on main' ones", "what does 'spec scheduled token' mean").
def _quote(name: str) -> str:
    """A quoted span ("x", “x”, „x“, 'x'), its words in groups named `name` + a letter."""
    return (
        rf"(?:\"(?P<{name}a>[^\"\n]{{1,200}})\"|“(?P<{name}b>[^”\n]{{1,200}})”"
        rf"|„(?P<{name}c>[^“”\n]{{1,200}})[“”]|(?<![\w'])'(?P<{name}d>[^'\n]{{1,200}})'(?!\w))"
    )


_TITLE_FRAME = (
    r"\b(?:titled|entitled|called|named|mentioning|containing|matching"
    r"|(?:that|which|whose\s+titles?)\s+(?:says?|said|mentions?|mentioned|contains?|contained|has|have|includes?)"
    r"|titles?\s+(?:contains?|containing|has|have|having|includes?|including|mentions?|mentioning|says?"
    r"|saying|with|like|matching|reads?)|title\s*[:=]|with\s+the\s+(?:words?|phrase|text|string))\s*"
)
_IN_THE_TITLE = r"\s+in\s+(?:the\s+|their\s+|its\s+|a\s+|the\s+prs?\s+|pr\s+)?titles?\b"
_QUOTED_TITLE = re.compile(
    rf"(?:\bwith\s+)?{_quote('f')}{_IN_THE_TITLE}|{_TITLE_FRAME}{_quote('g')}(?:{_IN_THE_TITLE})?|{_quote('t')}",
    re.I,
)


def _quoted_titles(raw: str) -> tuple[str, list[str]]:
    """`raw` without its quoted title words, and those phrases (see `_QUOTED_TITLE`)."""
    phrases: list[str] = []

    def take(found: re.Match[str]) -> str:
        framed = next((v for k, v in found.groupdict().items() if v and not k.startswith("t")), None)
        bare = next((v for k, v in found.groupdict().items() if v and k.startswith("t")), None)
        if framed is None and not (bare and re.match(r"\s*\[[^\]]{1,40}\]", bare)):
            return found[0]  # a quote of another kind: read as usual
        phrase = " ".join((framed or bare or "").split())
        if phrase_words(phrase):
            phrases.append(phrase)
        return " "

    return _QUOTED_TITLE.sub(take, raw), phrases


def phrase_words(text: str) -> str:
    """A title or quoted phrase as lower-case words (punctuation and brackets are spaces), so
    "[Kernel] Gemma-4 FA4" is found in 'Revert "[Kernel] Gemma-4 FA4 FP8 Kernel"'."""
    return " ".join(re.sub(r"[\W_]+", " ", text.lower()).split())


_ARROW = re.compile(r"\s*(?:→|⟶|(?<![<-])->(?!>)|(?<![<=])=>|⇒|➜|➔)\s*")  # (not "gpu<->cpu")
_AUXILIARIES = frozenset({"did", "does", "do", "has", "have", "had", "will", "would", "can"})
_DOERS = frozenset(
    {"he", "she", "they", "we", "i", "you", "u", "people", "folks", "someone", "anyone", "everyone"}
)
_MEASURES = frozenset(
    {"number", "numbers", "count", "counts", "amount", "volume", "quantity", "num", "#", "total"}
)
_WISE = re.compile(r"(?<=\w)[- ]wise\b", re.I)
_SIDE_BY_SIDE = re.compile(r"\bside[- ]by[- ]side\b", re.I)
_SENTENCE_INSIDE = re.compile(r"[?？!！。]\s*\S")  # a sentence ends before the text does
_CAP_WORDS = {"max", "maximum", "tops"}  # "10 max", "max 10": at most that many
_PLEASE = {"please", "pls", "plz", "pl0x"}
_CAPS = {("at", "most"), ("no", "more")}
_SUMMARY_WORDS = {
    "summary", "summaries", "summarize", "summarise", "recap", "overview", "rundown", "roundup", "highlights",
    "tldr", "tl;dr", "nutshell", "gist", "stories", "headlines", "takeaways",
    "themes", "story",  # "just want the 3-4 big themes", "a summary of the spec decode story"
}  # fmt: skip
# how plainly to say it, wherever it is said: "plain english please", "in layman's terms"
_PLAIN_WORDS = [
    [a, b]
    for a in ("plain", "simple", "layman", "laymans", "everyday")
    for b in ("english", "terms", "words", "language")
]
# the shape asked of a summary, just before the word ("a short high level summary")
_SUMMARY_SHAPE = {"short", "shorter", "simple", "simpler", "high", "level", "low", "plain", "tl", "dr"}
OPEN_ANY_TIME = "No time given: every PR still open, whenever it was opened."
_SOMEONE = {"author", "person", "guy", "contributor", "dev", "developer"}
_DIGEST_WORDS = {"digest", "digests", "newsletter"}  # the weekly write-up itself
_DIGEST_VERBS = {"post", "posted", "send", "sent", "share", "paste", "repost", "drop", "run", "generate"}
# what the asker did with the digest: "missed last weeks digest, can u post it again?"
_DIGEST_VERBS |= {"missed", "miss", "skipped", "lost", "deleted", "saw", "seen", "read", "again", "resend"}
_STILL_OPEN = {"open", "draft"}  # states of now: whenever the PR was opened
_DIGITS = re.compile(r"[\d.]+")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]")
_SLACK_LINK = re.compile(r"<((?:https?://|mailto:)[^<>|\s]{1,500})(?:\|[^<>]{0,500})?>")
_SPLIT = re.compile(r"[\s,;]+")
_PR_REF = re.compile(r"^(?:pr|pull)?[-#:]?#(\d{1,9})$|^(?:pr|pull)#?(\d{1,9})$")
_PR_URL = re.compile(r"^(?:https?://)?(?:www\.)?github\.com/([\w.-]{1,100}/[\w.-]{1,100})/pulls?/(\d{1,9})\b")
_ISSUE_URL = re.compile(
    r"^(?:https?://)?(?:www\.)?github\.com/([\w.-]{1,100}/[\w.-]{1,100})/issues/(\d{1,9})\b"
)
ISSUE_NOTE = "I only know pull requests, so for issue #{number} I looked for the PRs that name it."
_LOGIN = re.compile(r"^[a-z0-9](?:[a-z0-9-]{0,38})(?:\[bot\])?$")
_MENTIONS = {"here", "channel", "everyone", "all"}


# Every bot account, as one login left out ("top contributors excluding bots", "not by bots")
BOTS = "[bot]"
_BOT_WORDS = frozenset({"bot", "bots", "bot's", "bots'"})


def is_bot(login: str) -> bool:
    """A bot account: GitHub's apps (`app/dependabot`, `dependabot[bot]`) and `-bot` logins."""
    name = login.lower()
    return name.startswith("app/") or name.endswith(("[bot]", "-bot"))


@dataclass(frozen=True)
class Query:
    """How a command was understood. `since`/`until` are UTC, half-open, and since < until."""

    since: datetime
    until: datetime
    window_label: str
    window_given: bool = False  # False: the repo's default window
    anytime_label: str = ""  # as a command, the question names one PR: asked over any time (this label)
    topics: tuple[str, ...] = ()  # every topic asked for
    any_of: tuple[tuple[str, ...], ...] = ()  # AND of OR-groups (`rocm or xpu`); one group per topic
    exclude: tuple[str, ...] = ()
    states: tuple[str, ...] = ()  # empty: opened or merged in the window
    authors: tuple[str, ...] = ()  # lower-case GitHub logins
    text: str = ""  # free words searched in titles, summaries and labels
    terms: tuple[str, ...] = ()  # named terms asked for (their keys; in any_of as `term:<key>`)
    ignored: tuple[str, ...] = ()  # words read as the question's frame ("changed", "updates")
    # of `ignored`, the words that name the topic of a thing asked for ("nixl connector"): read,
    # so no note calls them ignored
    restated: tuple[str, ...] = ()
    set_aside: tuple[str, ...] = ()  # free words dropped because they would empty the answer
    versions: tuple[str, ...] = ()  # of `text`, a library's version ("torch 2.9"): never set aside
    by_state: bool = False  # states set side by side ("merged vs opened"): each one counted
    share: bool = False  # "what fraction of prs are bug fixes": said against every PR of the window
    readings: tuple[str, ...] = ()  # how unusual words were read ("'specdecode' → Speculative decoding")
    exclude_text: tuple[str, ...] = ()
    # quoted words of titles ("prs with "sampler" in the title", a pasted "[Kernel] ..." title):
    # found in titles as written (see `phrase_words`), whenever no time is named
    phrases: tuple[str, ...] = ()
    pr_numbers: tuple[int, ...] = ()
    exclude_authors: tuple[str, ...] = ()  # "not by @x", "excluding x": lower-case logins left out
    pr_repo: str | None = None  # owner/name from a PR URL
    is_help: bool = False
    typos: tuple[tuple[str, str], ...] = ()  # (word, the known word it looks like): ("rcom", "rocm")
    corrected: str = ""  # the command text with typos fixed, when there were any
    notes: tuple[str, ...] = ()  # parts that were ignored, and why
    time_text: str = ""  # the words read as the time range
    without_time: str = ""  # the other words (to suggest the same question over another window)
    failed: bool = False  # an internal error: the default reading was used
    # A second time range ("rocm this week vs last week"): the same question there, for comparison.
    then_since: datetime | None = None
    then_until: datetime | None = None
    then_label: str = ""
    # "oldest open lora prs", "5 most recent perf prs", "top 3 rocm": the order (1 oldest first,
    # -1 newest first, 0 the usual: impact) and how many to show (0: all)
    sort: int = 0
    limit: int = 0
    who: bool = False  # "who's been doing the amd work": the people behind the matches
    per_topic: bool = False  # "merged prs per topic last wk": the matches counted by topic
    per_kind: str = ""  # "quantization by format": counted by the named things of a kind ("quant")
    # "merged prs per month since june", "rocm prs by week": the matches counted by "day", "week"
    # or "month" of the window, in time order
    per_period: str = ""
    busiest: int = 0  # with per_period: 1 names the busiest period ("busiest day this week"), -1 the quietest
    average: bool = False  # with per_period: "avg prs merged per day", "merge rate": the mean said too
    change: int = 0  # with a second range: 1 ranks by growth ("which area grew the most"), -1 by decline
    # "was X added?", "is X supported now?", "when did X first land": whether (or when) something
    # ever happened, so over the whole history
    ever: bool = False
    digest: bool = False  # "weekly digest", "last week's digest": the digest itself, not a PR list
    # "by them", "by him": the author of the PR a thread is about (threads resolve it; a command
    # has no one to refer to and says so)
    author_pronoun: bool = False
    pronoun_left_out: bool = False  # "leave him out", "not counting her": the person meant, left out
    first_timers: bool = False  # "new contributors this month": people whose first PR is in the window
    # "how long do rocm prs take to merge": opened-to-merged times (1 the longest first, -1 the fastest)
    merge_time: int = 0
    new_among: bool = False  # "who touched flashinfer, anyone new?": everyone, the first-timers said
    exact: bool = False  # "gb200 specifically": the named things themselves, never their family
    # "whats the latest on nvfp4 moe" with nothing in the default window: the newest ones of any
    # time instead of "none" (no time was named, and the asker wants what is newest)
    newest_if_none: bool = False
    out_of_scope: str = ""  # "how do i ...": the kind of question pull requests cannot answer
    names: tuple[tuple[str, str], ...] = ()  # words read as a person -> their login ("nick hill", "njhill")
    prefer: tuple[str, ...] = ()  # "rocm, esp aiter": shown first, not a filter (topic or term keys)
    # "how many merged last week + how many were bugfixes", "total merged, bugfixes, reverts?":
    # things counted each among the matches (topic, term or change keys), not filters of them
    counted: tuple[str, ...] = ()
    # "deepep stuff incl open": states named as included (in `states` too, so a thread widens
    # by them); a command with no other state asks for every state (see `as_command`)
    included: tuple[str, ...] = ()

    def every_state_included(self) -> Query:
        """ "incl open" with no other state asks for every state, the open ones among them."""
        if self.included and set(self.states) <= set(self.included):
            return replace(self, states=())
        return self

    def as_command(self) -> Query:
        """The query as a slash command reads it: "incl open" alone adds nothing to the default
        (every PR opened or merged in the window, the open ones among them)."""
        included = self.every_state_included()
        if included is not self:
            return included
        if self.anytime_label:  # "who wrote the online MXFP4 quantization PR?"
            since = history_start(self.until)
            notes = (*self.notes, "No time given: any time.")
            return replace(self, since=since, window_label=self.anytime_label, window_given=True, notes=notes)
        return self

    @property
    def whole_history(self) -> bool:
        """Asked over every PR ever (still open, or "ever"), not a window of days."""
        return self.since.year <= MIN_YEAR

    @property
    def unknown(self) -> tuple[str, ...]:
        """The words that look like typos of known words."""
        return tuple(word for word, _ in self.typos)

    @property
    def suggestions(self) -> tuple[str, ...]:
        """ "did you mean rocm?", once per known word."""
        return tuple(dict.fromkeys(f"did you mean {fix}?" for _, fix in self.typos))

    @property
    def window(self) -> Window:
        """The query's window as the one window type the digest and scheduler use."""
        return Window(self.since, self.until, self.window_label)

    @property
    def pr_number(self) -> int | None:
        return self.pr_numbers[0] if self.pr_numbers else None

    @property
    def narrows(self) -> bool:
        """Whether the question narrows the PRs by what they are about or who wrote them (topics,
        named terms, exclusions, people, words); states and time are not counted here."""
        return bool(
            self.any_of
            or self.topics
            or self.terms
            or self.exclude
            or self.authors
            or self.text
            or self.exclude_text
            or self.exclude_authors
            or self.phrases
        )


@dataclass
class _State:
    issue: str = ""  # "issue #35949", an issue link: the issue the question is about
    not_only: bool = False  # "not only X, also Y": X and Y are alternatives
    included: list[str] = field(default_factory=list)  # "incl open": states added to the default
    groups: list[list[str]] = field(default_factory=list)
    exclude: list[str] = field(default_factory=list)
    states: list[str] = field(default_factory=list)
    authors: list[str] = field(default_factory=list)
    text: list[str] = field(default_factory=list)
    exclude_text: list[str] = field(default_factory=list)
    exclude_authors: list[str] = field(default_factory=list)
    phrases: list[str] = field(default_factory=list)  # quoted words of titles, as typed
    prs: list[int] = field(default_factory=list)
    pr_repo: str | None = None
    window: Span | None = None
    then: Span | None = None  # a second time range, to compare with
    typos: dict[str, str] = field(default_factory=dict)  # word -> the known word it looks like
    setup: bool = False  # a subject read from context about the asker's setup
    author_pronoun: bool = False
    pronoun_left_out: bool = False
    first_timers: bool = False
    merge_time: int = 0
    new_among: bool = False
    out_of_scope: str = ""
    corrections: dict[int, str] = field(default_factory=dict)  # token index -> corrected word
    gain_asked: bool = False  # "how much faster?" with no setup named: the gains PRs measured
    version_now: str = ""  # "what version of flashinfer are we on": the newest moves, any time (the words)
    anytime_label: str = ""  # see Query.anytime_label
    notes: list[str] = field(default_factory=list)
    time_tokens: set[int] = field(default_factory=set)
    up_to_now: bool = False  # "so far", "to date": with no period named, since the start
    terms: list[str] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)
    restated: list[str] = field(default_factory=list)  # of `ignored`: the asked thing's topic said again
    versions: list[str] = field(default_factory=list)  # of `text`: a library's version
    readings: list[str] = field(default_factory=list)
    state_readings: list[str] = field(default_factory=list)  # the readings that set a state
    domain: list[str] = field(default_factory=list)
    topic_end: int = -1  # the token index just after the last topic or term read
    sort: int = 0
    limit: int = 0
    emphasis: tuple[int, int] | None = None  # (token index, len(groups)) where "especially" was read
    # the groups read after the second of several counts began (see `_later_counts`), and whether
    # they count among the first ("and how many of those were rocm")
    counted: list[list[str]] = field(default_factory=list)
    counted_among: bool = False


class _Vocabulary:
    """The repo's topic words, normalised, for longest-match lookup and typo suggestions."""

    def __init__(self, taxonomy: Taxonomy) -> None:
        self.words: dict[str, str] = {}
        for topic in taxonomy.topics:
            for word in topic.words:
                self.words.setdefault(_norm(word), topic.key)
        self.longest = max((len(w.split()) for w in self.words), default=1)
        self.names = {t.key: t.name for t in taxonomy.topics}
        # The words that name a topic itself (its key and name) beat a term of the same spelling;
        # an alias does not ("nvfp4" is the term NVFP4, not all of Quantization).
        self.own = {_norm(w): t.key for t in taxonomy.topics for w in (t.key, t.name)}
        # Multi-word topic words typed as one ("specdecode", "kvconnector", "model-runner-v2").
        self.folded = {fold(w): k for w, k in self.words.items() if fold(w) != w}
        self.terms = term_index(taxonomy)
        self.term_names = {t.key: t.name for t in taxonomy.terms}
        # "kvantizace", "спекулятивный": another language's loanword of a one-word topic word
        self.cognates = Cognates((w, k) for w, k in (*self.words.items(), *self.own.items()) if " " not in w)
        singles = [w for w in self.words if " " not in w and len(w) >= 3]
        # Typo candidates: one-word topic words, multi-word ones typed as one word, term spellings,
        # states, time words and the longer nouns for people ("contributer"); each maps to what a
        # suggestion shows.
        people = [w for w in PEOPLE_NOUNS if len(w) >= 6]
        self.people = frozenset(people)
        self.fuzzy: dict[str, str] = {
            w: w for w in (*singles, *STATE_WORDS, *TIME_VOCAB, *CHANGE_WORDS, *people)
        }
        for word in self.words:
            if " " in word:
                self.fuzzy.setdefault(fold(word), word)
                # and each long word of it ("spec decde" -> spec decode)
                for part in word.split():
                    if len(part) >= 6 and part.isalpha():
                        self.fuzzy.setdefault(part, part)
        # (a symptom is a plain English word, and its near misses are other words: "rate" is no
        # misspelt "race", nor "hand" "hang")
        for term in (t for t in taxonomy.terms if t.kind != "symptom"):
            for spelling in term.all_spellings:
                if not spelling.endswith("*") and len(fold(spelling)) >= 4:
                    self.fuzzy.setdefault(fold(spelling), spelling)
                # each long word of a multi-word name ("structued outputs" -> structured outputs)
                words = spelling.split()
                for part in words if len(words) > 1 else ():
                    if len(part) >= 7 and part.isalpha():
                        self.fuzzy.setdefault(part, part)


_vocabulary = per_taxonomy(_Vocabulary)


def _norm(word: str) -> str:
    return " ".join(re.sub(r"[-_]", " ", word.lower()).split())


def parse_query(
    text: object,
    taxonomy: Taxonomy,
    *,
    tz: tzinfo = UTC,
    tz_name: str = "UTC",
    week_start: str = "monday",
    now: datetime,
    default_days: int = 7,
) -> Query:
    """Read a command's text; never raises (on an internal error the default reading is used)."""
    if now.tzinfo is None:
        now = now.replace(tzinfo=UTC)
    try:
        return _Parser(taxonomy, tz, tz_name, week_start, now, default_days).parse(text)
    except Exception:  # a bug must not cost the user an answer: fall back to the default window
        log.exception("query parser failed on %r", str(text)[:200])
        since, until = default_window(now, tz, default_days)
        return Query(
            since=since,
            until=until,
            window_label=window_label(since, until, tz, tz_name),
            notes=("Sorry, I could not read that; showing the default window.",),
            failed=True,
        )


# -- readings of the whole question (after every word was read) ----------------------------------
# One thing, said in the singular ("the biggest change", "the most notable fix")
_ONE_THING = frozenset(
    {"one", "pr", "change", "fix", "feature", "thing", "update", "patch", "commit", "improvement"}
)


def _one_pr(_: _Parser, tokens: list[str], st: _State) -> None:
    """ "what's the oldest open rocm PR", "the latest xpu pr": one PR, the oldest / newest;
    "the biggest one this year": one PR, the heaviest."""
    for a, b in itertools.pairwise(tokens):
        if a in _WEIGHT_WORDS | IMPORTANCE_WORDS | {"top"} and b in _ONE_THING and not st.limit:
            st.limit = 1
            return
    if st.limit or "pr" not in tokens or "prs" in tokens:
        return
    at = next((k for k, t in enumerate(tokens) if t in _SUPERLATIVES), -1)
    if not (at > 0 and tokens[at - 1] == "the"):  # "the most recent deepgemm pr" is "the latest"
        at = next(
            (k for k in range(2, len(tokens)) if tokens[k - 2 : k + 1] == ["the", "most", "recent"]), -1
        )
    if at > 0:  # "the latest xpu pr", "the most recent one"
        st.sort, st.limit = (1 if tokens[at] in ("oldest", "earliest") else -1), 1
        st.ignored[:] = [w for w in st.ignored if w not in (tokens[at], "most")]
        return
    at = _first_pr_at(tokens)
    if at >= 0:  # "who opened the original dspark pr?", "the very first fa4 pr": the oldest one
        st.sort, st.limit = 1, 1
        st.text[:] = [w for w in st.text if w not in ("first", "original", "very")]
        st.ignored[:] = [w for w in st.ignored if w not in ("first", "original", "very")]


# words of recency that ask for what is newest ("new" and "current" name other things too:
# "new models", "current default"), with the news words
_RECENCY = (RECENCY_WORDS - {"new", "current", "currently"}) | {"news", "updates"}
_NEWEST = (_RECENCY - {"news", "updates"}) | {"last"}  # "when did X last land": the newest, not the first


def _asks_what_is_new(tokens: list[str]) -> bool:
    """ "whats the latest on X", "any news on X", "anything new for X", "X lately": what is newest
    ("how many ... lately" is a count, whose answer may well be none)."""
    pairs = set(itertools.pairwise(tokens))
    if ("how", "many") in pairs:
        return False
    return bool(_RECENCY & set(tokens)) or any(
        b == "new" and a in ("anything", "whats", "what's", "something", "any") for a, b in pairs
    )


_FIRST_OF = frozenset({"first", "original"})
# Verbs that say something arrived: "when did kimi k3 support land", "which pr brought dspark in",
# "what PR added EAGLE3", "when was the tpu backend introduced"
_BROUGHT_IN = frozenset(
    {"land", "landed", "arrive", "arrived", "added", "introduce", "introduced", "brought", "bring", "debuted",
     # GitHub's own word for landing, and the words of a thing made ("was X merged", "has X shipped")
     "merge", "merged", "ship", "shipped", "implemented"}
)  # fmt: skip
# a version moved: "did we bump triton?", "has deepgemm been upgraded" asks whether it ever was
_MOVED = frozenset({"bump", "bumped", "upgrade", "upgraded", "pin", "pinned"})
# a thing mended: "was the nccl hang fixed?" asks whether it ever was, like "did X land"
_MENDED = frozenset({"fixed", "resolved", "solved", "addressed", "patched"})
_ONE_PR_ASKED = frozenset(
    {("which", "pr"), ("what", "pr"), ("which", "one"), ("which", "commit"),
     # "first pr that added eagle3", "the original commit that brought mtp in"
     ("first", "pr"), ("first", "commit"), ("original", "pr"), ("original", "commit"), ("earliest", "pr")}
)  # fmt: skip


def _brought_in(tokens: list[str]) -> str:
    """The verb of "when did X land?", "which pr brought X in": a question about the PR that
    introduced something, which is the first there was (not the latest: "when did X last land"
    and "the latest X" ask for the newest), or ""."""
    if not (tokens[:1] == ["when"] or _ONE_PR_ASKED & set(itertools.pairwise(tokens))):
        return ""
    if _NEWEST & set(tokens):
        return ""
    if "first" in tokens[1:] and tokens[:1] != ["when"]:  # "which pr is (the) first one to support it"
        return "first"
    return next((t for t in tokens[1:] if t in _BROUGHT_IN), "")


_NOT_A_PR_BETWEEN = frozenset(
    {"time", "timer", "timers", "week", "day", "month", "half", "quarter", "one", "of"}
)


# a slash command's name typed into the text itself ("/vllm rocm prs" as a plain message, or
# pasted into a thread); "/v1/completions errors" names an endpoint and stays
_SLASH_COMMAND = re.compile(r"^\s*/[a-z][\w-]*\s+(?=\S)", re.I)
_CAPABILITY_VERB = re.compile(r"\b(?:use|do|ask|answer|commands|are|syntax)\b", re.I)


def _asks_capabilities(tokens: list[str]) -> bool:
    """ "what can you do", "how do i use this" (emoji are no words); also after "new here" /
    "first time here" ("new here 👋 what kind of things can i ask this bot")."""
    words = [t for t in tokens if any(c.isalnum() for c in t)]
    while words[:1] and words[0] in _JOINING_OPENERS:  # "wait how do i use u properly"
        words = words[1:]
    here = words.index("here") + 1 if "here" in words[:4] else 0
    return bool(
        _CAPABILITIES.match(" ".join(words)) or (here and _CAPABILITIES.match(" ".join(words[here:])))
    )


def _first_pr_at(tokens: list[str]) -> int:
    """Where "the (very) first/original <subject> pr" starts: one PR, the first of its subject's
    ("the first time contributor pr", "the first week of october" are not), or -1."""
    for k, t in enumerate(tokens):
        if t not in _FIRST_OF or k == 0 or tokens[k - 1] not in ("the", "very"):
            continue
        if tokens[k - 1] == "very" and tokens[k - 2 : k - 1] != ["the"]:
            continue
        rest = tokens[k + 1 : k + 6]
        if "pr" in rest and not _NOT_A_PR_BETWEEN.intersection(rest[: rest.index("pr")]):
            return k
    return -1


@per_taxonomy
def _name_words(taxonomy: Taxonomy) -> dict[str, frozenset[str]]:
    """The words of each topic's and term's names ("prometheus metrics": Prometheus metrics; "mooncake
    connector": KV connector & disaggregation, which Mooncake implies), by query key."""
    split = re.compile(r"[\s()/,]+")

    def words(phrases: Sequence[str]) -> frozenset[str]:
        return frozenset(w for p in phrases for w in split.split(p.lower()) if len(w) > 2 and w.isalpha())

    found = {topic.key: words(topic.words) for topic in taxonomy.topics}
    found.update({term_key(t.key): words([t.name]) for t in taxonomy.terms})
    return found


def _the_one_pr(tokens: list[str]) -> bool:
    """Whether the question names one PR by what it did ("the online mxfp4 quantization pr", as a
    thread's "the X one" does), not several ("prs") nor people ranked ("the top one for rocm")."""
    if "prs" in tokens or "ones" in tokens or _WEIGHT_WORDS.union({"top", "most"}).intersection(tokens):
        return False
    return bool(THE_X_ONE.search(" ".join(tokens)))


def _breaking_what_users_rely_on(_: _Parser, tokens: list[str], st: _State) -> None:
    """ "changes that break the openai api compat", "does this break my config": what users rely
    on stops working, a breaking change ("break the build" is a bug)."""
    at = next(  # "could break us" (not "break down everything merged since ...": a breakdown)
        (
            k
            for k, t in enumerate(tokens)
            if t in ("break", "breaks", "broke") and tokens[k + 1 : k + 2] != ["down"]
        ),
        -1,
    )
    broken = _BROKEN_CONTRACTS.intersection(tokens[at + 1 : at + 5]) if at >= 0 else set()
    # "what merged today that cld change behavior in prod?": behaviour users see changing
    shift = next(
        (k for k, t in enumerate(tokens) if t in _BEHAVIOUR and set(tokens[max(k - 2, 0) : k]) & _ALTERS), -1
    )
    if shift >= 0 and not broken:
        at, broken = (
            shift - 1,
            {tokens[shift], *_BROKEN_CONTRACTS.intersection(tokens[shift + 1 : shift + 4])},
        )
        broken |= _BREAK_FRAME
    if not broken:
        return
    # with the asker's setup read from context, "could break us" asks what changed for it
    if BREAKING not in {k for g in st.groups for k in g} and not st.setup:
        st.groups.append([BREAKING])
        st.readings.append(f"'{' '.join(tokens[at : at + 5])}' → breaking changes")
    said = {tokens[at], *broken}
    st.text[:] = [w for w in st.text if w not in said]


# "did anything break on rocm?", "does this break the build": the verb of a bug; what broke was
# fixed in a bug fix ("broke" and "broken" are the topic's own words). Not the breakdown ("break it
# down", "break rocm down by week") and not what the asker's upgrade breaks (a breaking change).
_BREAK_VERBS = frozenset({"break", "breaks"})
_UPGRADE_VERBS = frozenset({"upgrade", "upgrading", "bump", "bumping", "update", "updating"})
_MAY = frozenset({"could", "would", "might", "may", "will", "can", "cld", "wld"})


def _what_broke(_: _Parser, tokens: list[str], st: _State) -> None:
    said = [t for t in st.text if t in _BREAK_VERBS]
    if not said or "down" in tokens or any(is_change(k) for g in st.groups for k in g):
        return
    # what did break was fixed; what the asker's upgrade breaks is a breaking change. What could
    # break ("could break an OOT plugin") is a risk read with what it would break, above.
    at = tokens.index(said[0]) if said[0] in tokens else 0
    if (_MAY | {"when", "if", "whenever"}).intersection(tokens[max(at - 3, 0) : at]):
        return  # ("who do i ping when graviton breaks": the asker's if, no question of fixes)
    upgrade = _UPGRADE_VERBS.intersection(tokens)
    key = BREAKING if upgrade else "bugfix"
    if key not in {k for g in st.groups for k in g}:
        st.groups.append([key])
        st.readings.append(f"'{said[0]}' → {'breaking changes' if key == BREAKING else 'bug fixes'}")
    st.text[:] = [w for w in st.text if w not in _BREAK_VERBS | upgrade]


# What a breaking change changes: "were any cli flags removed?", "did any config defaults change?"
# ask for breaking changes, and these words say which kind of contract they break, not words to
# search (titles name the flag itself); an env var is named as one ("Remove VLLM_X env var") and stays
_CONTRACT_WORDS = {
    "cli", "flag", "flags", "arg", "args", "argument", "arguments", "option", "options", "param", "params",
    "parameter", "parameters", "setting", "settings", "knob", "knobs", "default", "defaults", "config",
    "configs",
}  # fmt: skip
# The verbs of a breaking change: said as a list ("deprecate, remove or rename") they are the kind
# of change; one alone narrows it ("remove deprecated" searches removals among breaking changes)
_CHANGE_VERBS = frozenset(
    {"remove", "removes", "removed", "removal", "rename", "renames", "renamed", "deprecate", "deprecates",
     "deprecated", "deprecation"}
)  # fmt: skip


def _what_breaking_changes_change(_: _Parser, tokens: list[str], st: _State) -> None:
    if BREAKING in {k for g in st.groups for k in g}:
        listed = any(  # "remove or rename", "deprecate, remove or rename" (not "remove deprecated")
            a in _CHANGE_VERBS and b in ("or", "and", "/", "&") and c in _CHANGE_VERBS
            for a, b, c in zip(tokens, tokens[1:], tokens[2:], strict=False)
        )
        said = _CONTRACT_WORDS | (_CHANGE_VERBS if listed else set())
        st.text[:] = [w for w in st.text if w not in said]


# "anything risky merged this week?", "any gotchas before we bump?": a judgement of what could go
# wrong for those who upgrade, which no title states; what can break an upgrade is a breaking change
RISK_WORDS = frozenset(
    {"risky", "riskiest", "dangerous", "scary", "worrying", "worrisome", "gotcha", "gotchas"}
    | {"footgun", "footguns", "landmine", "landmines", "pitfall", "pitfalls"}
)


def _risk_for_upgraders(_: _Parser, tokens: list[str], st: _State) -> None:
    """ "anything risky merged this week?", "rocm gotchas this month": what could break for those who
    upgrade - breaking changes (within any subject asked; "security risk" is a security question)."""
    said = RISK_WORDS.intersection(tokens)
    if not said or "security" in tokens or any(is_change(k) for g in st.groups for k in g):
        return
    st.groups.append([BREAKING])
    st.readings.append(f"'{sorted(said)[0]}' → breaking changes (what could break an upgrade)")
    st.text[:] = [w for w in st.text if w not in said]


DEPENDENCY = CHANGE_PREFIX + "dependency"
_UPGRADE_WORDS = frozenset(
    {"upgrade", "upgrades", "upgraded", "version", "versions", "pin", "pins", "pinned"}
)
_VERSION_TOKEN = re.compile(r"^v?\d+(?:\.\d+)*$")
# "before we bump our pin", "after bumping main", "thinking of bumping vllm": the asker's own upgrade
_ASKER_BEFORE = frozenset({"we", "i", "im", "ive", "weve", "after", "before", "since", "once"})
_ASKER_AFTER = frozenset({"our", "my", "vllm", "main", "nightly", "us"})


_CLAUSE_LEADS = frozenset({"before", "after", "once", "while", "when"})
# what a user does to their own deployment (a PR's title says "when loading", "while capturing")
_ASKER_ACTIONS = frozenset(
    {
        "upgrading",
        "updating",
        "bumping",
        "switching",
        "moving",
        "migrating",
        "deploying",
        "installing",
        "rolling",
    }
)


# What the asker means to heed: "anything I should know", "what to watch out for", "be aware of"
_HEED = frozenset({"know", "aware", "watch", "careful", "beware", "lookout"})
_UPGRADING = frozenset({"upgrading", "updating", "bumping"})


def _asker_clause(_: _Parser, tokens: list[str], st: _State) -> None:
    """ "breaking changes I should know about before upgrading", "regressions after switching to
    mrv2": a lead and the asker's own action say when they act, no word of a title (the thing
    after it, mrv2, is still read; "hang when loading checkpoints" is a PR's own words). With no
    subject, what to heed for that upgrade ("anything I should know before upgrading?") is what
    can break it: the breaking changes."""
    said = {
        word
        for lead, action in itertools.pairwise(tokens)
        if lead in _CLAUSE_LEADS and action in _ASKER_ACTIONS and action in st.text
        for word in (lead, action)
    }
    upgrade = [f"{a} {b}" for a, b in itertools.pairwise(tokens) if a in _CLAUSE_LEADS and b in _UPGRADING]
    if upgrade and _HEED.intersection(tokens) and not st.groups:
        st.groups.append([BREAKING])
        st.readings.append(f"'{upgrade[0]}' → breaking changes (what could break an upgrade)")
        said |= _HEED | {w for pair in upgrade for w in pair.split()}
    st.text[:] = [w for w in st.text if w not in said]


def _version_moves(parser: _Parser, tokens: list[str], st: _State) -> None:
    """ "transformers upgrades this month", "flashinfer version bumps", "did the pytorch version
    get bumped": a named library's version moving is a dependency update, and "version" and
    "upgrade" next to its name are how it was asked, not title words. The asker's own upgrade is
    context: "breaking changes ... before we bump our pin", "outputs look wrong after upgrade"."""
    changed = change_words(DEPENDENCY) | {"bumping"}
    for k, word in enumerate(tokens):
        # ("did we bump triton", "have we bumped flashinfer": the project's "we", asking whether
        # it happened; "before we bump our pin", "once i bump": the asker's own)
        asking = k >= 2 and tokens[k - 2] in ("did", "have", "has", "do")
        if word in changed and (
            (_ASKER_BEFORE.intersection(tokens[max(k - 2, 0) : k]) and not asking)
            or _ASKER_AFTER.intersection(tokens[k + 1 : k + 2])
        ):
            st.groups[:] = [g for g in st.groups if g != [DEPENDENCY]]
            st.text[:] = [w for w in st.text if w != word]
            return
    asked = any(DEPENDENCY in g for g in st.groups)
    terms = parser.vocab.terms

    def named(text: str) -> bool:  # a thing with versions ("nixl hangs after upgrade": no symptom has one)
        return any(term.kind != "symptom" for k in terms.in_text(text) if (term := terms.terms.get(k)))

    beside = [
        k
        for k, t in enumerate(tokens)
        if t in _UPGRADE_WORDS
        and (asked or named(" ".join(tokens[max(k - 2, 0) : k])) or named(" ".join(tokens[k + 1 : k + 3])))
    ]
    versions = (t for k, t in enumerate(tokens) if k not in st.time_tokens)
    if not beside or any(_VERSION_TOKEN.match(t) for t in versions):
        return  # "transformers v5 upgrade work": the work for that version, not only its bumps
    left_out = {
        k
        for k in beside
        for j in (k - 2, k - 1)
        if j >= 0 and parser._lookup_topic(tokens, j)[0] in st.exclude
    }
    if left_out and not asked:
        # "tpu prs other than the usual tpu-inference version bumps": what is left out, said fully
        st.text[:] = [w for w in st.text if w not in _UPGRADE_WORDS]
        return
    if not asked:
        st.groups.append([DEPENDENCY])
        st.readings.append(f"'{tokens[beside[0]]}' of a named library → dependency updates")
    st.text[:] = [w for w in st.text if w not in _UPGRADE_WORDS]
    current = VERSION_NOW.search(" ".join(tokens))
    if current and not st.sort:
        # "what version of flashinfer are we on", "current torch version": the version in use is
        # the one the newest move set, whenever that was
        st.version_now = current.group(0)
        # ("which version of nixl do we use": "use" is how it was asked, no word of titles)
        st.text[:] = [w for w in st.text if w not in _VERSION_FRAME]
        st.sort = -1  # (all of them: "how often do they bump it?" asks of the list after)
        st.readings.append(f"'{current.group(0)}' → the newest version moves first")


# the words of asking which version is in use
_VERSION_FRAME = frozenset(
    ["use", "uses", "using", "used", "run", "runs", "running", "pinned", "pin", "currently", "current", "now"]
)
# "which version", "what flashinfer version", "current torch version", "version ... we're on now"
VERSION_NOW = re.compile(
    r"\b(?:what|which|whats|what's)\s+(?:\S+\s+){0,2}versions?\b(?!\s+(?:bumps?|upgrades?|updates?|changes?))"
    r"|\b(?:current|currently)\s+(?:\S+\s+){0,2}versions?\b|\bversions?\b.{0,30}\b(?:are we on|we're on|we are on"
    r"|do we use|does vllm use|are we using|is it on|is vllm on|pinned (?:to|at) now|now)\b"
)


_COSTS = frozenset(
    {"sync", "syncs", "synchronization", "copy", "copies", "memcpy", "overhead", "overheads", "bottleneck"}
    | {"bottlenecks", "allocation", "allocations", "recompilation", "recompilations", "recompiles"}
    | {"stall", "stalls", "bubble", "bubbles", "padding", "lock", "locks", "contention"}
)
_HABITUAL = frozenset({"works", "handles", "covers", "maintains"})
_DID_WORK = frozenset({"worked", "touched", "contributed", "committed", "hacked"})
_HAS_ANYONE_DONE = re.compile(
    r"\b(?:has|have|hasn't|haven't)\s+(?:any(?:one|body)|some(?:one|body)|any1|people|folks|we|you guys)\s+(?:ever\s+)?"
    r"(?:worked|touched|contributed|hacked|looked)\b"
)
_REMOVALS = frozenset({"removal", "removals", "removed", "remove", "removes", "removing"})
# "deprecated", "renamed": a breaking change said outright, whatever else was removed
_SAID_BREAKING = change_words(BREAKING) - _REMOVALS - {"default", "defaults"}


def _removing_a_cost(_: _Parser, tokens: list[str], st: _State) -> None:
    """ "gpu<->cpu sync removal prs": removing a cost (a sync, a copy, an overhead) makes things
    faster and breaks nothing users rely on, so the removal is no breaking change."""
    at = next((k for k, t in enumerate(tokens) if t in _REMOVALS), -1)
    if at < 0 or not _COSTS.intersection(tokens[max(at - 2, 0) : at + 4]):
        return
    if _SAID_BREAKING.intersection(tokens):  # "deprecated or removed": breaking all the same
        return
    st.groups[:] = [g for g in st.groups if g != [BREAKING]]
    st.text[:] = [w for w in st.text if w != tokens[at]]


_MODEL_NOUNS = frozenset({"model", "models", "architecture", "architectures", "arch", "archs"})
_DROPPED = _REMOVALS | {"dropped", "drop", "deleted", "delete"}


def _models_removed(_: _Parser, tokens: list[str], st: _State) -> None:
    """ "which models got removed this year", "model architectures removed since september": the
    removals of models (breaking changes whose titles say model: `[Model] Remove X`), not new
    models, and not titles that say "architectures"."""
    if not (_MODEL_NOUNS.intersection(tokens) and _DROPPED.intersection(tokens)):
        return
    if any(k and tokens[k - 1] == "new" for k, t in enumerate(tokens) if t in _MODEL_NOUNS):
        # "any new models drop this week or nah": new models released ("drop" as slang says)
        st.text[:] = [w for w in st.text if w not in _DROPPED]
        return
    named = [g for g in st.groups if set(g) - {"new-model", BREAKING}]  # ("removed or deprecated": one kind)
    if named:  # "was the grok model removed?": that model's PRs, as asked
        return
    st.groups[:] = [[BREAKING]]
    said = _MODEL_NOUNS | _DROPPED | {"architecture", "architectures", "arch", "archs"}
    st.text[:] = [w for w in st.text if w not in said] + ["model"]
    st.typos = {w: fix for w, fix in st.typos.items() if w not in said}  # ("model" is no typo of "models")
    st.readings.append("models removed: breaking changes whose titles say model")


# "who is", "who's been", "who usually does": between "who" and what the people do
_WHO_AUX = frozenset(
    {"is", "s", "are", "was", "were", "has", "have", "had", "been", "does", "do", "did", "will", "would"}
    | {"should", "can", "could", "shall", "must", "might"}
    | {"usually", "mostly", "really", "actually", "currently", "now", "even", "still"}
    # the asker as the subject: "who do i ping about X", "who should we ask", "quem eu pingo"
    | {"i", "we", "u", "you", "eu", "nós", "nos", "yo"}
)
_OTHER_WHO = frozenset({"quem", "quien", "quién", "wer", "qui"})  # "quem eu pingo sobre cudagraph?"


# "new contributors this month", "first-time authors", "any newcomers?": people whose first PR
# (in the bot's data) is in the window
_FIRST_TIMERS = re.compile(
    r"\b(?:first[- ]time|first|new|newer|brand new|fresh)\s+(?:contributors?|authors?|committers?|people|folks"
    r"|devs|developers|faces|names|ppl)\b|\b(?:newcomers?|first[- ]?timers?|newbies)\b"
    r"|\bwho(?:'s|s| is| are)?\s+new\b(?!\s+(?:models?|features?|kernels?|prs?))"  # "who's new this week"
    r"|\b(?:any(?:one|body)|some(?:one|body)|any1)\s+new\b(?!\s+to\b)"  # "anyone new?" (not "anyone new to vllm")
    # (not the reader the answer is for: "3 things a newcomer would notice", "what a newbie can use")
    r"(?!\s+(?:would|will|could|can|might|should|may|cares?|notices?|understands?|reads?|sees?)\b)"
)
_SOMEONE_NEW = re.compile(r"(?:any(?:one|body)|some(?:one|body)|any1)\s+new\b")
_FIRST_TIMER_WORDS = frozenset(
    {
        "first-time",
        "first",
        "time",
        "new",
        "newer",
        "brand",
        "fresh",
        "faces",
        "names",
        "newcomer",
        "newcomers",
    }
    | {"first-timer", "first-timers", "firsttimers", "newbies"}
)


def _first_timers(_: _Parser, tokens: list[str], st: _State) -> None:
    """ "show me first-time contributors this week", "any new faces in rocm this month?": the
    people whose first PR is in the window, with their PRs."""
    found = [m.group(0) for m in _FIRST_TIMERS.finditer(" ".join(tokens))]
    if not found:
        return
    if "who" in tokens and all(_SOMEONE_NEW.match(f) for f in found):
        # "who touched flashinfer this week, anyone new?": everyone who did is asked, the new
        # ones among them said beside the people
        st.new_among = True
        return
    st.first_timers = True
    st.readings.append("first-time contributors: people whose first PR here is in this window")
    st.groups[:] = [g for g in st.groups if g != ["new-model"]]  # "new" is no new model here
    st.text[:] = [w for w in st.text if w not in _FIRST_TIMER_WORDS | PEOPLE_NOUNS]
    st.domain[:] = [w for w in st.domain if w not in _FIRST_TIMER_WORDS | PEOPLE_NOUNS]


# "and gb200 specifically?": that very thing, not the family it belongs to
_EXACTLY = frozenset({"specifically", "specific", "exactly", "precisely", "explicitly", "literally"})
# Words that say a model arrived, after "models": "vision models added", "which moe models landed"
_MODEL_ARRIVED = frozenset({"added", "introduced", "landed", "onboarded", "supported", "arrived", "shipped"})
# Words between "new" and "models" that make "new" belong to something else: "anything new for
# qwen models" asks what is new for them, not for new models
_NEW_OF_ANOTHER = frozenset({"for", "on", "in", "about", "with", "to", "from", "by", "and", "or", "of"})


def _new_models_of_a_kind(_: _Parser, tokens: list[str], st: _State) -> None:
    """ "any new vision models this month", "new qwen models", "multimodal models added last
    week": "models" is the head noun of the kind before it (so no New models group of its own),
    yet "new" before the kind or an arrival verb after "models" asks for new models of that kind."""
    if not st.groups or any("new-model" in g for g in st.groups):
        return
    for k, t in enumerate(tokens):
        if t not in ("model", "models") or k == 0:
            continue
        before = tokens[max(k - 4, 0) : k]
        new_at = max((j for j, w in enumerate(before) if w in ("new", "newly")), default=-1)
        fresh = new_at >= 0 and not _NEW_OF_ANOTHER.intersection(before[new_at + 1 :])
        after = tokens[k + 1 : k + 4]
        arrived = bool(_MODEL_ARRIVED.intersection(after)) or (
            bool({"got", "gained", "get", "getting"}.intersection(after)) and "support" in after
        )
        if fresh or arrived:
            st.groups.append(["new-model"])
            return


# Nouns of trouble: "rocm issues fixed this week", "problems with spec decode", "accuracy issues"
_TROUBLE = frozenset({"issue", "issues", "problem", "problems", "trouble", "troubles"})
_TROUBLE_OF = frozenset({"with", "in", "on", "for", "around", "affecting", "of"})
# words before a trouble noun that make it GitHub's issues, not a subject's trouble
_ISSUE_TRACKER = frozenset({"github", "open", "opened", "closed", "linked", "referenced", "filed", "new"})


def _trouble_of_a_subject(_: _Parser, tokens: list[str], st: _State) -> None:
    """ "rocm issues fixed this week", "known problems with spec decode", "accuracy issues": a
    subject's trouble, which its fixes mend - the subject's bug fixes (a symptom's, for a symptom);
    the noun is no word to search (titles say "fix", rarely "issue")."""
    if not st.groups or not _TROUBLE.intersection(st.text):
        return
    said: set[str] = set()
    for k, t in enumerate(tokens):
        if t not in _TROUBLE or k + 1 < len(tokens) and (tokens[k + 1][:1] == "#" or tokens[k + 1].isdigit()):
            continue  # ("issue #123", "issue 35949": an issue by its number)
        before = tokens[k - 1] if k else ""
        after = tokens[k + 1] if k + 1 < len(tokens) else ""
        if before in _ISSUE_TRACKER:
            continue
        if before == "known":  # "known issues with fp8"
            said.add(before)
            before = tokens[k - 2] if k > 1 else ""
        named_before = bool(before) and before not in st.text and not is_quiet_frame(before)
        if named_before or after in _TROUBLE_OF:
            said.add(t)
    if not said:
        return
    st.text[:] = [w for w in st.text if w not in said]
    if not any(g == ["bugfix"] for g in st.groups):
        st.groups.append(["bugfix"])


_RATIO = frozenset({"ratio", "ratios", "proportion", "proportions", "balance", "mix", "split"})


def _ratio_of_two(_: _Parser, tokens: list[str], st: _State) -> None:
    """ "the ratio of bug fixes to features last week", "fixes to features ratio": two things
    counted side by side, as "bug fixes vs features" (ANDed they were PRs that are both)."""
    said = _RATIO.intersection(tokens)
    if not said or len(st.groups) != 2 or "to" not in tokens and "vs" not in tokens:
        return
    st.groups[:] = [[*st.groups[0], *st.groups[1]]]
    st.text[:] = [w for w in st.text if w not in said]
    st.ignored[:] = [w for w in st.ignored if w not in said]


# The words of one half of a breaking change: "what was removed last month", "any deprecations",
# "which env vars got renamed"; "did a default change", "new defaults"
_REMOVAL_SAID = frozenset({
    "removal", "removals", "removed", "remove", "removes", "dropped", "deleted", "deprecation",
    "deprecations", "deprecated", "deprecate", "deprecating", "rename", "renames", "renamed", "renaming",
})  # fmt: skip
_DEFAULT_SAID = frozenset({"default", "defaults", "default-value", "default-values"})


def _breaking_in_part(_: _Parser, tokens: list[str], st: _State) -> None:
    """ "what was removed last month" listed every breaking change, default changes too, and "any
    default changes" the removals: a question that names only one half of a breaking change
    (removals, deprecations and renames; changed defaults) asks for that half. "breaking", or
    both halves, or a question read as breaking from something else ("what breaks if we
    upgrade") keeps them together."""
    if not any(BREAKING in g for g in st.groups) or "breaking" in tokens:
        return
    words = {w for t in tokens for w in re.split(r"[/|]", t)}  # ("removes/renames a flag")
    removal, default = bool(_REMOVAL_SAID.intersection(words)), bool(_DEFAULT_SAID.intersection(words))
    if removal == default:
        return
    half = REMOVALS if removal else DEFAULTS
    groups = [list(dict.fromkeys(half if k == BREAKING else k for k in g)) for g in st.groups]
    st.groups[:] = [g for k, g in enumerate(groups) if g not in groups[:k]]  # ("deprecated flag removal")


_RELEASE_NOTES = frozenset({"release", "notes", "note", "changelog"})


def _release_notes(parser: _Parser, tokens: list[str], st: _State) -> None:
    """ "... for this week's release notes", "writing the changelog": what the asker writes, not
    release engineering (CI & build) unless another word of the question names that topic."""
    pairs = set(itertools.pairwise(tokens))
    if not ({("release", "notes"), ("release", "note")} & pairs or "changelog" in tokens):
        return
    other = (t for t in tokens if t not in _RELEASE_NOTES)
    if not any(parser._lookup_topic([t], 0)[0] == "ci-build" for t in other):
        st.groups[:] = [g for g in st.groups if g != ["ci-build"]]
    said = _RELEASE_NOTES | {"prep", "draft", "drafting"}  # "release notes prep:", "drafting the changelog"
    st.text[:] = [w for w in st.text if w not in said]
    st.domain[:] = [w for w in st.domain if w not in said]


# A question pointing back at what was said before it: "who works on that stuff?", "anything on
# that?", "who touched it last" ("anything merged that could break us": a relative clause)
_POINTS_BACK = re.compile(
    r"\b(?:on|about|for|with|to|in|re|around|touching|touched|touch)\s+(?:that|this|it|those|these)\b(?!\s+(?:week|month|year|day|period|window|time))"
    r"|\b(?:that|this|those|these)\s+(?:stuff|area|thing|things|part|side|code|codepath|path|one|ones|bit|bits)\b"
    r"|\b(?:that|it)\s*$"
)


def _who_verb(tokens: Sequence[str]) -> str:
    """The word right after "who" (and its auxiliaries): how the asker says doing the work
    ("who handles xpu", "who usually reviews ..."); "" when there is none."""
    at = next((k for k, t in enumerate(tokens) if t in WHO_OPENERS or t in _OTHER_WHO), -1)
    if at < 0:
        return ""
    at += 1
    while at < len(tokens) and tokens[at] in _WHO_AUX:
        at += 1
    return tokens[at] if at < len(tokens) else ""


_CONTACTING = frozenset({"ping", "contact", "reach", "talk", "tag", "dm", "message", "cc", "loop", "bother"})


def _who_frame(_: _Parser, tokens: list[str], st: _State) -> None:
    """ "busiest ppl this week": the words that frame a question about people filter nothing; nor
    does the asker's verb for doing the work ("who's driving the mooncake side", "who handles xpu",
    "who's behind the aiter integration"): the free word right after "who" is how they asked,
    when the question names what the work is about or the word is a verb ("who contributed
    last week")."""
    if not asks_who(tokens):
        return
    # ("who's the go-to person for the video loader": the person to ask, no word of a title)
    # ("who should i ping about the flashinfer ones": how the asker will reach them, no title's word)
    # ("how many unique contributors": each person counted once, as every answer about people does)
    framing = (
        PEOPLE_NOUNS
        | RANKING_WORDS
        | _CONTACTING
        | {"go-to", "goto", "point", "unique", "distinct", "different"}
    )
    st.text[:] = [w for w in st.text if w not in framing]
    st.domain[:] = [w for w in st.domain if w not in PEOPLE_NOUNS | RANKING_WORDS]
    # (the ranking is read: people come busiest first, so "top" and "main" are not set aside)
    st.ignored[:] = [w for w in st.ignored if w not in RANKING_WORDS]
    verb = _who_verb(tokens)
    # with nothing else named, only a verb's form says it is one ("who contributed last week")
    verb_like = verb.endswith(("ed", "ing")) or verb in WHO_DOING_VERBS
    verb_like = verb_like and not verb.startswith(("review", "approv"))  # reviews are not in PR data
    if verb in st.text and (st.groups or len(st.text) > 1 or verb_like):
        st.text.remove(verb)
        st.ignored.append(verb)
        st.restated.append(verb)  # read as the question's frame: no note calls it ignored


def _changed_thing(_: _Parser, tokens: list[str], st: _State) -> None:
    """ "removed features", "reverted dependency bumps": a kind of change said as a participle
    before another kind's noun; the noun is what was changed, so only the participle's kind is
    asked for (it asked for PRs both breaking and new features: none)."""
    for k, word in enumerate(tokens[:-1]):
        if not word.endswith("ed"):
            continue
        done, used = change_key([word])
        thing = change_key(tokens[k + 1 : k + 3])[0]
        if done is not None and used == 1 and thing is not None and thing != done:
            st.groups[:] = [g for g in st.groups if g != [thing]]


_COMES_WITH = frozenset({"with", "have", "has", "had", "showing", "quoting", "quote"})
_EVIDENCE = frozenset({"numbers", "benchmarks", "measurements", "speedups", "figures"})


def _comes_with_numbers(_: _Parser, tokens: list[str], st: _State) -> None:
    """ "perf prs with numbers", "which have benchmarks": PRs that quote a measured gain (alone,
    "the rocm numbers" asks for counts)."""
    said = {w for k, w in enumerate(tokens[1:], 1) if w in _EVIDENCE and tokens[k - 1] in _COMES_WITH}
    if not said:
        return
    key = MEASURED
    if not any(key in g for g in st.groups):
        st.groups.append([key])
    st.text[:] = [w for w in st.text if w not in said]


# "how much faster?", "by how much", "how big were the gains", "what speedups did they get": the
# gains the PRs measured
_HOW_MUCH_GAIN = re.compile(
    r"\bby how much\b|\b(?:how much|how many (?:x|times)) (?:faster|quicker|better|speedup|speed-up|gain|improvement)s?\b"
    r"|\bhow (?:big|large|much|significant) (?:(?:are|were|is|was) )?(?:the |those |these |its |their )?"
    r"(?:gains?|wins?|speedups?|speed-ups?|improvements?)\b"
    r"|\bwhat (?:kind of |sort of )?(?:speedups?|gains?)\b"
)


def asks_gain(tokens: Sequence[str]) -> bool:
    """ "how much faster?", "by how much", "how big were the gains": what the PRs measured."""
    return bool(_HOW_MUCH_GAIN.search(" ".join(tokens)))


def _how_much_gain(_: _Parser, tokens: list[str], st: _State) -> None:
    """ "how much faster?" under a thread of perf PRs, "how big were the speedups": the PRs that
    quote a measured gain, as `perf prs with numbers` (a setup named - "how much faster will X be
    on an a100" - is a measurement PRs don't hold, said elsewhere)."""
    found = _HOW_MUCH_GAIN.search(" ".join(tokens))
    if not found or st.out_of_scope:
        return
    said = set(found.group(0).split())
    setup = [k for g in st.groups for k in g if k not in ("performance", MEASURED)]
    rest = [w for w in st.text if w not in said]
    if out_of_scope(tokens) and (out_of_scope(tokens) != SPEED_COMPARISON or setup or rest):
        return  # "how much faster will llama get on h100 with these": the asker's setup measured
    st.gain_asked = True
    key = MEASURED
    if not any(key in g for g in st.groups):
        st.groups.append([key])
    st.text[:] = rest
    st.ignored[:] = [w for w in st.ignored if w not in said]


def _fixes_that_happened(parser: _Parser, tokens: list[str], st: _State) -> None:
    """ "structured output bugs fixed recently": fixes that happened, so merged ones; "is the hang
    fixed?" asks for its state, "not fixed" and "to be fixed" ask for open work."""
    done = next((t for t in tokens if t in _DONE_WORDS), "")
    if not done or st.states or tokens[0] in _ASKS_STATE | {"did", "does", "do"}:
        return
    at = tokens.index(done)
    if not (at and (is_negator(tokens[at - 1]) or tokens[at - 1] in ("be", "being", "get"))):
        parser._read_state(st, "merged", done)


_PR_NOUNS = frozenset({"prs", "pr", "ones", "pull", "requests", "pulls", "?"})
# "stale prs for rocm", "long-running open lora prs": PRs open for long, oldest first
_STALE = frozenset(
    {"stale", "long-running", "longrunning", "long-open", "languishing", "lingering", "neglected"}
    | {"forgotten", "abandoned", "rotting", "dusty", "stalled", "long-standing", "longstanding"}
)


def _stale(_: _Parser, tokens: list[str], st: _State) -> None:
    """ "stale prs for rocm", "any long-running open lora prs?": open PRs (drafts too), the oldest
    first, whenever opened - not a search for the word."""
    at = [k for k, t in enumerate(tokens) if t in _STALE]
    # said of PRs ("stale prs", "any stale xpu ones?"), not of a cache ("fix stale cache entries")
    of_prs = any(_PR_NOUNS.intersection(tokens[k + 1 : k + 4]) or k + 1 == len(tokens) for k in at)
    if not of_prs or st.states and not set(st.states) <= {"open", "draft"}:
        return
    said = {tokens[k] for k in at}
    if not st.states:
        st.states[:] = ["open", "draft"]
        st.readings.append(f"'{sorted(said)[0]}' → open, oldest first")
    st.sort = st.sort or 1
    st.text[:] = [w for w in st.text if w not in said]
    st.domain[:] = [w for w in st.domain if w not in said]


def _open_drafts(_: _Parser, tokens: list[str], st: _State) -> None:
    """ "open draft prs": drafts are open PRs, so the narrower state is the one asked for."""
    pair = any(a == "open" and b in ("draft", "drafts") for a, b in itertools.pairwise(tokens))
    if pair and "open" in st.states and "draft" in st.states:
        st.states.remove("open")


def _still_unmerged(_: _Parser, tokens: list[str], st: _State) -> None:
    """ "prs still unmerged", "still not merged": open now (drafts too), not every unmerged PR."""
    if "still" in tokens and st.states == [NOT_STATE + "merged"]:
        st.states[:] = ["open", "draft"]


# "full list pls, no truncation", "the complete list": every PR is always listed (paged with
# `more`), so these say how to answer, not what to search
_WHOLE_ANSWER = re.compile(
    r"\b(?:full|complete|entire|whole|exhaustive|untruncated)\s+(?:list|listing|set|answer|rundown|dump)\b"
    r"|\b(?:no|without|not|don'?t|dont)\s+(?:truncation|truncating|truncate|truncated|cutoff|cut-off|cutting)\b"
    r"|\buntruncated\b"
)


def _whole_answer(_: _Parser, tokens: list[str], st: _State) -> None:
    said = {w for m in _WHOLE_ANSWER.finditer(" ".join(tokens)) for w in m.group(0).split()}
    if said:
        st.text[:] = [w for w in st.text if w not in said]


# the class-name endings of a named thing's code ("NixlConnector", "FlashInferBackend")
_CLASS_SUFFIX = re.compile(r"[_-]?(?:connector|backend|kernel|parser|worker)(?:v\d)?$")


# "what should i read first", "any must-reads", "worth a look", "where do i start": the PRs that
# matter most, which every answer lists first
# before a feature in a reported problem, the words that say when it happens, not what is run
_WHEN_IT_HAPPENS = frozenset({"on", "at", "during", "after", "while", "upon", "before"})
_WORTH_READING = re.compile(
    r"\b(?:should|do|would|could|to) (?:i|we|you|u|one) (?:read|look at|check out|check|review|start with)"
    r"(?: \w+)? first\b|\bread first\b|\bmust[- ]?reads?\b|\bworth (?:reading|a read|a look|looking at)\b"
    r"|\bwhere (?:do|should) (?:i|we) start\b"
    # ("what should i read if i only care about spec decode": what to read at all)
    r"|\b(?:what|which) (?:ones? )?(?:should|do|would) (?:i|we|you|u) (?:read|look at|check out)\b"
)
_READING_WORDS = frozenset(
    [
        "should",
        "do",
        "would",
        "could",
        "to",
        "i",
        "we",
        "you",
        "u",
        "one",
        "read",
        "look",
        "at",
        "check",
        "out",
        "review",
        "start",
        "with",
        "first",
        "must",
        "reads",
        "must-read",
        "must-reads",
        "mustread",
        "worth",
        "reading",
        "a",
        "looking",
        "where",
    ]
)


def _worth_reading(_: _Parser, tokens: list[str], st: _State) -> None:
    """ "what should i read first from last week", "any must-reads in rocm": the asker wants what
    matters most - the order every answer has (most significant first); the words are no filter."""
    found = _WORTH_READING.search(" ".join(tokens))
    if not found:
        return
    said = set(found.group(0).split())
    st.text[:] = [w for w in st.text if not (w in said and w in _READING_WORDS)]
    st.ignored[:] = [w for w in st.ignored if w not in said]
    st.readings.append(f"'{found.group(0)}' → most significant first")


# "what did i miss this week", "anything we missed while i was out": a catch-up, the window's PRs
_MISSED = re.compile(
    r"\b(?:did|have|has|might|may)\s+(?:i|we|u|you)(?:\s+have)?\s+(?:miss|missed)\b"
    r"|\b(?:i|we)\s+(?:missed|might have missed|may have missed|might've missed)\b"
)


def _what_i_missed(_: _Parser, tokens: list[str], st: _State) -> None:
    """ "what did i miss this week": what happened while the asker was away is the window's PRs;
    "miss" is the frame, not a word of titles ("cache miss fixes" still searches it)."""
    if _MISSED.search(" ".join(tokens)):
        st.text[:] = [w for w in st.text if w not in ("miss", "missed")]


# after "latest", the news of something ("the latest on nixl", "latest with xpu"), not an order
_NEWS_OF = frozenset({"on", "with", "for", "about", "re", "regarding", "news", "updates", "update"})


def _newest_ones(_: _Parser, tokens: list[str], st: _State) -> None:
    """ "what are the newest multimodal prs": the window's PRs newest first (they came most
    significant first); "latest" alone says recent ("the latest bug fixes" are the window's, the
    usual order), "the newest on nixl" asks for news, and "the newest xpu pr" (one) or "newest 5"
    were read already."""
    if st.sort or st.limit:
        return
    if _NEWS_OF.intersection(tokens):
        return
    for k, t in enumerate(tokens):
        if t == "newest" and tokens[k + 1 : k + 2]:
            st.sort = -1
            st.readings.append(f"'{t}' → newest first")
            return


# The time from opened to merged, asked: "how long do rocm prs take to merge", "median time to
# merge", "which prs took the longest to merge", "fastest merged pr this week", "how quickly do
# xpu fixes get merged" (a rate of merges is a count by day: "merge rate" is not this)
_MERGE_TIME = re.compile(
    r"\btime[- ]to[- ](?:merge|land)\b|\bmerge (?:time|times|latency|duration|delay|lag)\b"
    r"|\b(?:days|hours|weeks) to (?:merge|land|get merged)\b"
    # (any question of a duration whose event is merging: "how long", "how soon", "how many days")
    r"|\bhow (?:long|fast|quickly|quick|soon|many (?:days|hours|weeks))\b"
    r"(?:(?! (?:ago|since)\b).){0,60}?\b(?:merge|merged|land|landed|get in)\b"
    r"|\b(?:took|take|takes|taking) (?:the )?(?:longest|shortest|most time|least time|forever|ages)\b"
    r"(?:(?! (?:ago|since)\b).){0,20}?\b(?:merge|merged|land|landed|in)\b"
    r"|\b(?:fastest|quickest|slowest|longest) (?:(?:ones?|prs?|fixes|changes) )?"
    r"(?:merged?|merges|landed|to (?:merge|land|get merged|get in))\b"
)
_FAST = frozenset({"fastest", "quickest", "shortest", "least"})
_MERGE_TIME_WORDS = frozenset(
    {"how", "long", "fast", "quickly", "quick", "take", "takes", "took", "taking", "time", "times", "merge",
     "merged", "land", "landed", "median", "average", "mean", "avg", "typical", "typically", "longest",
     "shortest", "fastest", "quickest", "slowest", "latency", "duration", "delay", "lag", "days", "hours",
     "weeks", "forever", "ages", "most", "least", "ones", "before", "until", "till", "wait", "waited", "waiting",
     "soon", "many", "usually"}
)  # fmt: skip


def _merge_time(_: _Parser, tokens: list[str], st: _State) -> None:
    """ "how long do rocm prs take to merge" listed the week's merged ROCm PRs, and "median time
    to merge" was refused as a question about review times: the time from opened to merged is in
    every PR's data, so the answer is the merged PRs by how long each took (review times are not)."""
    found = _MERGE_TIME.search(" ".join(tokens))
    if not found:
        return
    st.merge_time = -1 if _FAST.intersection(found.group(0).split()) else 1
    if not st.states:
        st.states.append("merged")
    st.text[:] = [w for w in st.text if w not in _MERGE_TIME_WORDS]
    st.groups[:] = [g for g in st.groups if g != ["performance"]]  # ("how fast": no perf question)
    st.readings.append(f"'{found.group(0)}' → the time from opened to merged")


_WHOLE_QUESTION_RULES = (
    _merge_time,
    _one_pr,
    _newest_ones,
    _worth_reading,
    _what_i_missed,
    _whole_answer,
    _breaking_what_users_rely_on,
    _risk_for_upgraders,
    _what_broke,
    _what_breaking_changes_change,
    _version_moves,
    _removing_a_cost,
    _models_removed,
    _new_models_of_a_kind,
    _trouble_of_a_subject,
    _ratio_of_two,
    _first_timers,
    _release_notes,
    _who_frame,
    _asker_clause,
    _comes_with_numbers,
    _how_much_gain,
    _changed_thing,
    _fixes_that_happened,
    _stale,
    _open_drafts,
    _still_unmerged,
    _breaking_in_part,
)


# "which area had the most prs last week", "busiest topic this month", "what were the top areas":
# topics ranked by their PRs, the breakdown (of the breakdown's nouns, those naming an area)
_AREA_NOUNS = _TOPIC_NOUNS & {
    "area",
    "areas",
    "topic",
    "topics",
    "category",
    "categories",
    "subsystem",
    "subsystems",
}


# "rank topics by prs merged", "sort the areas by count": the verb of a ranking
_RANKING_VERBS = frozenset({"rank", "ranked", "ranking", "sort", "sorted", "order", "ordered"})


def _ranks_topics(tokens: list[str]) -> bool:
    for k, t in enumerate(tokens):
        if t in _AREA_NOUNS:
            before = tokens[max(k - 2, 0) : k]
            if {"which", "what"} & set(before) or (RANKING_WORDS | _RANKING_VERBS).intersection(before):
                return True
    return False


def _counted_kind_nouns(tokens: list[str]) -> Iterator[tuple[int, str]]:
    """(index, kind) of each kind noun that names things to count ("which models", "top 2
    formats"), not PRs about them ("top 5 kernel prs") nor the new ones ("top 5 new models")."""
    for k, t in enumerate(tokens):
        if t not in KIND_NOUNS or tokens[k + 1 : k + 2] and tokens[k + 1] in _PR_NOUNS | {"changes", "work"}:
            continue
        if tokens[k - 1 : k] != ["new"]:
            yield k, KIND_NOUNS[t]


def _ranks_kind(tokens: list[str]) -> str:
    """ "which model got the most prs", "what gpu had the most rocm work": the kind of named thing
    asked to be ranked by its PRs ("which models were added" ranks nothing); "" if none."""
    for k, kind in _counted_kind_nouns(tokens):
        asked = {"which", "what"}.intersection(tokens[max(k - 2, 0) : k])
        if asked and _AMOUNT_WORDS.intersection(tokens[k + 1 :]):
            return kind
        if RANKING_WORDS.intersection(tokens[max(k - 3, 0) : k]):  # "top 2 formats", "busiest gpus"
            return kind
    return ""


# After "open" as the verb of showing: what is opened ("open that week", "open the first one")
_OPENED_THING = frozenset({"that", "this", "the", "it", "those", "these", "up"})
# Words before such a verb: "ok open", "pls open", "can you open"
_ASKING_LEAD = frozenset(
    {"ok", "okay", "now", "pls", "please", "so", "then", "and", "can", "could", "you", "u", "just"}
)
# The frames of asking what a thing is: "what is X", "explain X", "what does X stand for"
_DEFINING_FRAMES = (
    ("what", "is"), ("whats",), ("what", "are"), ("explain",), ("define",),
    ("what", "does"), ("what", "do"), ("wtf", "is"), ("meaning", "of"),
    ("what",),  # ("what's" is read as "what")
)  # fmt: skip
_DEFINING = frozenset({"explain", "define", "meaning", "mean", "means", "stand", "wtf"})
# The people of a project as a whole, alone in a question ("what's the team been up to")
_EVERYONE = frozenset({"team", "teams", "peeps", "guys", "crew", "community", "everyone", "everybody"})
# Verbs that say "affected" with "by" after them ("hit by bugs", "bitten by the regression")
_STRUCK = frozenset({"hit", "struck", "bitten", "burned", "burnt", "plagued"})
# Words that make "which models ..." the new ones ("which models were added", "what models do we
# support", "what models did we add")
_ARRIVAL_WORDS = frozenset(
    {"new", "newly", "add", "adds", "adding", "support", "supports", "supported", "added", "introduced",
     "landed", "onboarded", "arrived", "shipped", "available", "bring", "brought"}
)  # fmt: skip
# Words that rank things by how much work they had ("which model got the most prs"); not "top",
# which a count after the question can bring ("which new models landed? 10 is fine")
_AMOUNT_WORDS = frozenset({"most", "more", "busiest", "biggest", "leading"})


_UNITS = {"day", "week", "month", "quarter", "year", "wk", "mo", "yr"}
# the word before what something is compared with: "than last", "vs last week", "compared to/with"
_COMPARED_LEADS = ("than", "vs", "versus", "compared")


# A trend asked of one period ("did ci work go up or down this month", "has rocm gone up this
# week"): that period beside the one before it
_TREND = re.compile(
    r"\b(?:up or down|down or up|(?:go|goes|going|gone|went) (?:up|down)|increased|decreased|grew|shr[au]nk)\b"
)


# The trend's own words ("which area grew the most vs last month"): how it is asked, no title's word
_GROWTH_WORDS = frozenset(
    {"grew", "grow", "grows", "grown", "growing", "growth", "increased", "rose", "gained"}
)
_DECLINE_WORDS = frozenset({"decreased", "shrank", "shrunk", "dropped", "fell", "declined"})
TREND_WORDS = _GROWTH_WORDS | _DECLINE_WORDS


def _direction(tokens: Sequence[str]) -> int:
    """Which way a comparison of two ranges ranks what it counts: 1 by growth ("which area grew the
    most vs last month"), -1 by decline ("which dropped the most"), 0 by size."""
    words = set(tokens)
    if words & (_GROWTH_WORDS | {"up"}):
        return 1
    return -1 if words & (_DECLINE_WORDS | {"down"}) else 0


def _trend_of_a_period(tokens: list[str]) -> None:
    """ "did ci work go up or down this month": the one period named, compared with the one
    before it ("vs last month" said for the asker); nothing when the question names no period, or
    sets two side by side already."""
    if not _TREND.search(" ".join(tokens)) or set(_COMPARED_LEADS).intersection(tokens):
        return
    named = [(k, t) for k, t in enumerate(tokens[:-1]) if t in ("this", "last") and tokens[k + 1] in _UNITS]
    if len(named) != 1:
        return
    k, lead = named[0]
    unit = tokens[k + 1]
    tokens.extend(["vs", "last", unit] if lead == "this" else ["vs", "the", unit, "before"])


def _all_but(tokens: list[str]) -> None:
    """ "anything but bug fixes today", "all but ci", "everything but docs": "but" after a word for
    everything leaves out what follows, as "except" does (not "rocm but only the merged ones")."""
    for k in range(1, len(tokens)):
        if tokens[k] == "but" and tokens[k - 1] in ("anything", "everything", "all"):
            tokens[k] = "except"


def _unit_after_last(tokens: list[str]) -> None:
    """ "more rocm prs this month than last?": the second range is the last *month* (the unit of
    the first), so "than last" / "vs the previous" get the unit they leave out."""
    for k in range(len(tokens) - 1):
        if tokens[k] in _COMPARED_LEADS and tokens[k + 1] in ("last", "previous"):
            if k + 2 < len(tokens) and tokens[k + 2] in _UNITS | {"weeks", "months", "days", "years"}:
                continue
            unit = next((t for t in reversed(tokens[:k]) if t in _UNITS), None)
            if unit:
                tokens.insert(k + 2, unit)
                return


_MID = {"mid", "middle"}


def _weekday_of_a_date(tokens: list[str]) -> None:
    """ "merged Mon Nov 16 - Sun Nov 22": a weekday before a date names that date's day, not a day
    of its own (it read as this Monday, and the range as a third time)."""
    for k in range(len(tokens) - 2, -1, -1):
        after = tokens[k + 1]
        dated = (
            after in MONTHS
            or (after.isdigit() and tokens[k + 2 : k + 3] and tokens[k + 2] in MONTHS)
            # "since thu 19th": the day of the month names the date, the weekday says it again
            or bool(re.fullmatch(r"(?:[1-9]|[12]\d|3[01])(?:st|nd|rd|th)", after))
        )
        if tokens[k].rstrip(",.") in WEEKDAYS and dated:
            del tokens[k]


# What the asker's own events are called: "our December community newsletter", "monday-ish triage"
_EVENTS = frozenset(
    {"newsletter", "sync", "meeting", "standup", "stand-up", "triage", "retro", "planning", "offsite"}
    | {"call", "demo", "meetup", "edition", "issue", "recap", "roundup", "review", "1:1"}
)
_EVENT_MODIFIERS = frozenset({"community", "team", "weekly", "monthly", "internal", "usual", "regular"})


def _event_names(tokens: list[str]) -> None:
    """ "putting together our December community newsletter", "monday-ish triage": a month or
    weekday naming one of the asker's events (before its noun) is no time to read PRs in."""
    for k in range(len(tokens) - 2, -1, -1):
        if tokens[k] not in MONTHS and tokens[k].removesuffix("s") not in WEEKDAYS:
            continue
        j = k + 1
        while j < len(tokens) - 1 and j - k <= 2 and tokens[j] in _EVENT_MODIFIERS:
            j += 1
        owned = k > 0 and tokens[k - 1] in _DEFINITE
        if tokens[j] in _EVENTS and (owned or tokens[k].removesuffix("s") in WEEKDAYS):
            del tokens[k : j + 1]  # the event's name is no word to search either


_TIME_NOUNS = frozenset(  # "day", "weeks", "wk", "mo", "yrs"...: the units of a window, spelled out
    w for w, unit in UNITS.items() if len(w) > 1 and unit != "hours"
) | {"period"}
# "all the fa4 prs", "all of it", "every single eplb pr", "the whole history of": everything of a subject
_ALL_OF_IT = re.compile(
    r"\b(?:(?:show|list|give|see|want|need)(?: me| us)? all\b(?! (?:of )?(?:the |this |last |past )?"
    r"(?:week|month|day|year)s?\b)|all of (?:it|them)\b|every single\b"
    # "saare PRs chahiye" (all the PRs needed, in Hinglish)
    r"|\ball (?:the )?(?:prs|pull requests) (?:need|needed|wanted)\b)"
)
# "everything on turboquant", "give me everything about mooncake", "the whole history": all there
# is on it, in a thread too ("k. now turboquant - everything on it, oldest first"), where "list all
# the ci prs" under a digest is all of the digest's
_ALL_THERE_IS = re.compile(
    r"\b(?:(?:the )?whole history\b|(?:everything|all there is) (?:on|about|for|re)\b)"
)
# "ok forget the rest, just rocm vs xpu", "just NIXL, drop the other connectors", "dont care about the
# rest": what is asked says it; the taking back (up to the clause's end) names nothing to search
TAKING_BACK_THE_REST = re.compile(
    r"[,;]?\s*\b(?:drop|remove|exclude|without|ignore|skip|not|forget|scrap|never ?mind|nvm|leave"
    r"|(?:don'?t|do not) (?:care|need))(?: about| for)?\s+(?:all\s+)?(?:the\s+|of the\s+)?(?:other|others|rest)\b"
    r"[^,.;?!]*",
    re.I,
)
_SETTLED_COUNT = re.compile(rf"(?<![\w#.])(\d{{1,2}})\s+{SETTLING}", re.I)  # "5 is enough": that many
# Topics that say what kind of work a PR did, not what it is about ("skip ci docs", "what broke")
KINDS_OF_WORK = frozenset({"bugfix", "performance", "ci-build", "docs", "new-model"})
# "per month", "by week", "each day", "month by month", "weekly counts": PRs counted by period
_PERIOD_NOUNS = {  # "day" / "days" / "daily" -> "day", "wk" -> "week", "mo" -> "month"
    **{
        w: unit.removesuffix("s")
        for w, unit in UNITS.items()
        if len(w) > 1 and unit in ("days", "weeks", "months")
    },
    "daily": "day",
    "weekly": "week",
    "monthly": "month",
}
# "weekly?", "same but monthly": a period said as an adverb (a thread's breakdown by it)
PERIOD_ADVERBS = {w: _PERIOD_NOUNS[w] for w in ("daily", "weekly", "monthly")}
_PERIOD_WORDS = {"per", "by", "each", "every", "over", "breakdown", "counts", "totals", "trend", "numbers"}
# "which month was the busiest", "what week had the most merges": periods compared by how much landed
_BUSIEST = {
    "busiest",
    "quietest",
    "slowest",
    "calmest",
    "biggest",
    "smallest",
    "most",
    "fewest",
    "least",
    "peak",
}
_PERIOD_HEADS = {"breakdown", "counts", "count", "totals", "numbers", "trend", "histogram", "stats", "split"}
# "trend", "histogram", "trajectory": how counts move, period by period
_SHAPE_OVER_TIME = frozenset({"trend", "trends", "histogram", "trajectory"})
PERIODS_BY_DEFAULT = {"month": 6, "week": 8}  # without a time: the last six months, eight weeks


_AVERAGE = frozenset({"avg", "average", "averages", "mean", "rate", "velocity", "pace", "cadence"})
# "what's the merge rate", "our merge velocity", "pr throughput per week": how many land a day
_MERGE_RATE = frozenset({"rate", "velocity", "pace", "cadence"})


def _merge_rate(tokens: list[str]) -> None:
    """ "what's the merge rate this month", "merging pace lately": merged PRs counted by day, with
    the mean said (a rate of something else - "acceptance rate", "sample rate" - is not this)."""
    for k in range(len(tokens) - 1):
        if (
            tokens[k] in ("merge", "merging", "merged", "landing", "pr", "prs")
            and tokens[k + 1] in _MERGE_RATE
        ):
            tokens[k : k + 2] = ["merged", "per", "day", tokens[k + 1]]
            return


def _per_period(tokens: Sequence[str]) -> str:
    """The period a breakdown is asked by ("merged prs per month since june", "rocm by week",
    "month by month", "weekly counts"); "" when none ("by week 9", "each of the last 2 weeks",
    "weekly digest" and "last week" are no breakdowns)."""
    for k, (a, b) in enumerate(itertools.pairwise(tokens)):
        period = _PERIOD_NOUNS.get(b, "")
        after = tokens[k + 2 : k + 3]
        numbered = bool(after) and after[0][:1].isdigit()  # "by week 9", "each week 3"
        if period and a in ("per", "by", "each", "every", "a") and not numbered and b.isalpha():
            # "each month" counts PRs after what is counted ("what merged each day", "how many
            # each month") - not "rocm releases each month" (how often), nor "a week ago"
            counted = bool(tokens[k - 1 : k]) and tokens[k - 1] in (
                "prs",
                "merges",
                "merged",
                "landed",
                "many",
            )
            if (
                a in ("per", "by")
                or counted
                or (a != "a" and ("how", "many") in set(itertools.pairwise(tokens)))
            ):
                return period
        if period and after and _PERIOD_NOUNS.get(after[0]) == period and a in ("by", "over", "to"):
            return period  # ("week by week": found at "by")
        if period and a in _BUSIEST:  # "busiest day this week": each day's count answers it
            return period
        if period and a in ("which", "what") and b.isalpha() and _BUSIEST.intersection(tokens[k + 2 :]):
            # "which month this year was the busiest?": each month's count answers it
            return period
        # "weekly counts", "monthly merge counts", "weekly pr numbers": the head up to two words on
        if a in ("weekly", "monthly", "daily") and _PERIOD_HEADS.intersection(tokens[k + 1 : k + 4]):
            return _PERIOD_NOUNS[a]
    # ("how active is the tpu backend", "how busy has rocm been": how much lands, week by week)
    if _SHAPE_OVER_TIME.intersection(tokens) or {("how", "active"), ("how", "busy")} & set(
        itertools.pairwise(tokens)
    ):
        # "the trend for xpu over the last 3 months", "rocm histogram": a shape over time is told
        # by the periods of its window (weeks unless it spans months: "past 6 months", "this year")
        spans = [
            _PERIOD_NOUNS.get(tokens[k + 2], "")
            for k, t in enumerate(tokens[:-2])
            if t in ("last", "past") and count_word(tokens[k + 1]) >= 2
        ]
        return "month" if "month" in spans or {"year", "yr"}.intersection(tokens) else "week"
    return ""


def _busiest(tokens: Sequence[str]) -> int:
    """1 when a breakdown by period asks for its busiest period ("which week had the most"), -1 for
    its quietest, else 0."""
    words = set(tokens)
    return 1 if words & {"busiest", "biggest", "most"} else (-1 if words & _QUIETEST else 0)


_QUIETEST = frozenset({"quietest", "slowest", "fewest", "least", "calmest", "smallest"})


def _shape_of_summary(tokens: list[str]) -> set[str]:
    """The words that say how to write a summary, not what it is about: the summary words and the
    shape words just before one ("a short high level summary"), "keep it simple", "in a nutshell",
    "in plain english", "(i'm) not technical" ("summary of fixes for short prompts" keeps "short")."""
    said = set(_SUMMARY_WORDS)
    for k, token in enumerate(tokens):
        if token in _SUMMARY_WORDS:
            j = k - 1
            while j >= 0 and tokens[j] in _SUMMARY_SHAPE | {"a", "an", "very", "really", "quick", "brief"}:
                said.add(tokens[j])
                j -= 1
        before = tokens[max(k - 2, 0) : k]
        if before == ["keep", "it"]:  # "keep it simple / short"
            said.add(token)
        if tokens[k : k + 2] in _PLAIN_WORDS:  # "(in) plain english", "layman's terms": how, not what
            said.update(tokens[k : k + 2])
        if token == "technical" and before[-1:] and before[-1] in ("not", "non", "less"):
            said.update(("technical", "non"))
    return said


def _another_letter(word: str, candidate: str) -> bool:
    """`word` (a name with digits) and `candidate` differ in one character at one place: GPUs and
    models named by letters and a number (V100 / H100 / A100, A10G) are other products, not slips."""
    if len(word) != len(candidate):
        return False
    return sum(a != b for a, b in zip(word, candidate, strict=True)) == 1


def _of_the_period(tokens: Sequence[str], k: int) -> bool:
    """tokens[k:k+3] is "of the month" (quarter, year) after a noun of the question ("prs of the
    month", "contributor of the year"): the period it is in, as "this month". Not a part of a
    period ("day of the month", "end of the year"), nor a period placed by what follows ("of the
    month before")."""
    if (
        tokens[k : k + 2] != ["of", "the"]
        or k + 2 >= len(tokens)
        or tokens[k + 2] not in ("month", "quarter", "year")
    ):
        return False
    before = tokens[k - 1] if k else ""
    if before in _SHORTER_PERIODS:  # "busiest day of the month" is this month's; "first week of it" is not
        before = tokens[k - 2] if k >= 2 else "start"
        return not (before in _PARTS_OF_A_PERIOD or re.fullmatch(r"\d+(?:st|nd|rd|th)?", before))
    return (
        bool(before)
        and before not in _PARTS_OF_A_PERIOD
        and tokens[k + 3 : k + 4] not in (["before"], ["after"], ["of"], ["ending"], ["starting"], ["to"])
    )


# words before "of the month" that name a part of it, not something in it
_PARTS_OF_A_PERIOD = frozenset(
    [
        "start",
        "beginning",
        "end",
        "middle",
        "mid",
        "rest",
        "remainder",
        "half",
        "part",
        "first",
        "second",
        "third",
        "fourth",
        "last",
        "final",
        "time",
    ]
)
_SHORTER_PERIODS = frozenset(["day", "days", "week", "weeks", "wk", "month", "months"])


def _start_of(tokens: list[str]) -> None:
    """ "since (the) start of the month", "beginning of this week", "the whole month": the period
    so far, as "this month" reads; "start of nov" is Nov 1, "mid october" Oct 15."""
    for k, token in enumerate(tokens):
        if token.startswith(("mid-", "middle-")) and token.split("-", 1)[1] in MONTHS:  # "mid-october"
            tokens[k : k + 1] = ["mid", token.split("-", 1)[1]]
            break
    for k in range(len(tokens) - 1):
        if (
            tokens[k] in _MID
            and tokens[k + 1 : k + 2] == ["of"]
            and k + 2 < len(tokens)
            and tokens[k + 2] in MONTHS
        ):
            del tokens[k + 1]  # "mid of october": as "mid october"
        if tokens[k] in _MID and tokens[k + 1] in MONTHS:  # "since mid october": the 15th
            tokens[k : k + 2] = [tokens[k + 1], "15"]
            return
        if tokens[k] in ("whole", "entire", "full") and tokens[k + 1] in ("week", "month", "year", "quarter"):
            tokens[k] = "this"  # "stretch it to the whole month": this month
            return
        if _of_the_period(tokens, k):  # "top perf prs of the month": this month's
            tokens[k : k + 2] = ["this"]
            return
        if tokens[k] in ("start", "beginning", "end") and tokens[k + 1 : k + 2] == ["of"]:
            j = k + 2 + (tokens[k + 2 : k + 3] in (["the"], ["this"]))
            if j < len(tokens) and tokens[j] in SEASONS:
                # "since the start of summer": its first month on; "at the end of summer": its last
                first = k - 1 if k and tokens[k - 1] == "the" else k
                month = (SEASONS[tokens[j]] + (2 if tokens[k] == "end" else 0) - 1) % 12 + 1
                tokens[first : j + 1] = [_MONTH_NAMES[month]]
                return
        if tokens[k] not in ("start", "beginning") or tokens[k + 1 : k + 2] != ["of"] or k + 2 >= len(tokens):
            continue
        j = k + 2 + (tokens[k + 2] in ("the", "this"))
        if j < len(tokens) and tokens[j] in _UNITS | {"quarter"}:
            first = k - 1 if k and tokens[k - 1] == "the" else k
            tokens[first : j + 1] = ["this", tokens[j]]
        elif j < len(tokens) and tokens[j] in MONTHS:
            first = k - 1 if k and tokens[k - 1] == "the" else k  # "since the start of november"
            tokens[first : j + 1] = [tokens[j], "1"]
        return


def _clip_words(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: text.rfind(" ", 0, limit)] + " …"


def tokenize(text: object) -> tuple[list[str], bool]:
    """Lower-case words of at most MAX_CHARS characters; True when something was cut off."""
    raw = text if isinstance(text, str) else ("" if text is None else str(text))
    cut = len(raw) > MAX_CHARS
    raw = raw[:MAX_CHARS]
    raw = _SLACK_LINK.sub(r" \1 ", raw)
    raw = unicodedata.normalize("NFKC", raw)
    raw = in_english(_CONTROL.sub(" ", raw).lower(), loanwords=True)
    raw = _HEDGE.sub(r"\1", raw)  # "breaking-ish stuff", "perf-ish": the word, hedged
    raw = _BULK_OF.sub(" most of ", raw)  # "who's done the bulk of the nixl work": the most of it
    raw = _BROKEN_DOWN.sub(lambda m: f" {m.group('what') or m.group('split') or ''} breakdown ", raw)
    raw = _NOT_JUST_NOW.sub(" all time ", raw)
    raw = _THAT_WINDOW.sub(r"\1", raw)
    raw = _EXEC_SUMMARY.sub(" summary ", raw)  # "exec summary pls": a summary
    raw = _BULLET_POINTS.sub(" bullets ", raw)
    raw = _TOP_N.sub(r"top \1", raw)  # "top5 authors moe nov": the top five
    raw = _PICK_N.sub(" top ", raw)  # "pick 3 things from that week": the three that matter most
    # "open source inference", "an open-weights moe": no open PR asked for
    raw = re.sub(r"\bopen[- ](source|weights?)\b", r"open-\1", raw)
    raw = _WITH_LEFT_OUT.sub(lambda m: f"without {m[1] or m[2]}", raw)
    raw = _LET_IN.sub(" ", raw)
    # "kv cache quantization (turboquant, int4/int8, nvfp4 kv etc)": examples of what was named
    # before them, which that name already covers (read as more filters, they asked for all at once)
    raw = _EXAMPLES.sub(" ", raw) if "(" in raw else raw
    # (after those in brackets) "dflash, dspark, anything else worth a slide?": examples, any of which will do
    raw = _EXAMPLE_LIST.sub(lambda m: " or ".join(p.strip() for p in m.group(1).split(",")) + " ", raw)
    raw = raw.replace("–", " .. ").replace("—", " .. ").replace("〜", " .. ").replace("～", " .. ")
    raw = raw.replace("..", " .. ")
    raw = raw.replace("“", '"').replace("”", '"').replace("‘", "'").replace("’", "'")
    raw = phrases_in_english(raw)  # "PR-uri", "CI/testy vynech", "nu mă interesează LoRA"
    tokens: list[str] = []
    for token in _SPLIT.split(raw):
        if token not in ("..", "?", "-h", "--help"):
            token = token.strip("\"'`(){}!?.:" if token.endswith("[bot]") else "\"'`()[]{}!?.:")
        if token.endswith("'s") and len(token) > 2:
            token = token[:-2]  # "last week's", "amd's"
        head, dash, tail = token.rpartition("-")
        if dash and head and tail in _RELATION_SUFFIXES:  # "flashinfer-related", "rocm-only": the thing
            token = head
        parts = token.split("-")
        if len(parts) > 1 and all(p.isalpha() for p in parts) and (NEGATORS & set(parts) or parts[0] in _PER):
            tokens.extend(parts)  # "closed-without-merge", "not-merged", "per-area": a phrase as one word
        elif token:
            tokens.append(token[:100])
    for k in range(len(tokens) - 1, -1, -1):  # "nov 13-19", "13th-19th nov": a range of days
        days = _NUMBER_SPAN.match(tokens[k])
        beside = {*tokens[max(k - 1, 0) : k], *tokens[k + 1 : k + 2]}
        if days and not beside.isdisjoint(MONTHS):
            tokens[k : k + 1] = [days.group(1), "..", days.group(2)]
    for k in range(len(tokens) - 1, 0, -1):  # "other than docs", "apart from ci": except
        if (tokens[k - 1], tokens[k]) in _EXCEPT_PAIRS:
            tokens[k - 1 : k + 1] = ["except"]
    closed_class_words(tokens)  # "bez CI", "minulý týden", "ki mergelt"
    if len(tokens) > MAX_TOKENS:
        tokens, cut = tokens[:MAX_TOKENS], True
    return tokens, cut


# Two small numbers typed as one word: days of a month beside its name ("nov 13-19", "13th-19th
# nov"), otherwise roughly how many ("the 3-4 big themes")
_NUMBER_SPAN = re.compile(r"^(\d{1,2}(?:st|nd|rd|th)?)-(\d{1,2}(?:st|nd|rd|th)?)$")


# What a report of a problem says went wrong ("started giving garbage outputs", "engine dies")
_SYMPTOM = re.compile(
    r"\b(?:garbage|gibberish|wrong|incorrect|broken|broke|breaks|breaking|crash\w*|dies|died|dying"
    r"|hang|hangs|hanging|hung|freez\w*|froze|stuck|nans?|error\w*|fail\w*|regress\w*|tank\w*"
    r"|slow|slower|slowdown|oom\w*|segfault\w*|illegal memory)\b",
    re.I,
)
_INCLUDING = frozenset({"incl", "including", "include", "inc", "plus"})
_AUXILIARIES = frozenset(
    {"did", "does", "do", "will", "would", "has", "have", "had", "to", "gonna", "should"}
)
_COMPARING = frozenset(
    {
        "compare",
        "comparing",
        "comparison",
        "compared",
        "compares",
        "contrast",
        "diff",
        "difference",
        "differences",
        "delta",
    }
)
# Every word that sets two things side by side ("rocm this week vs last week", "more than in june")
COMPARE_CUES = _COMPARING | frozenset({"vs", "versus", "than", "against"})
# "more rocm fixes in october or november?": two times joined by "or" after a comparative are
# set side by side (without one, "merged yesterday or today" is one range over both)
COMPARATIVES = frozenset(
    {"more", "fewer", "less", "busier", "quieter", "higher", "lower", "bigger", "smaller"}
)


def sets_side_by_side(tokens: Sequence[str]) -> bool:
    """Whether a question's words set two things side by side: "rocm this week vs last week",
    "more than last month?", "relative to june", "more in october or november?", "which had more,
    october or november"."""
    return bool(
        COMPARE_CUES.intersection(tokens)
        or _TREND.search(" ".join(tokens))  # "did ci work go up or down this month"
        or ("relative", "to") in itertools.pairwise(tokens)
        or ("or" in tokens and COMPARATIVES.intersection(tokens))
        # "10月と11月でどっちが多い" read word for word: october, november, which more
        or ("which" in tokens and COMPARATIVES.intersection(tokens))
    )


_SCOPE_VERBS = frozenset({"scope", "restrict", "limit", "confine", "narrow", "cut", "trim", "keep"})
_RELATION_SUFFIXES = {
    "related",
    "specific",
    "only",
    "side",
    "focused",
    "centric",
    "oriented",
    "adjacent",
    "based",
    "relevant",  # "security-relevant merges"
    "heavy",  # "rocm-heavy weeks"
    "pr",  # "docs-PR'er", "rocm-prs": the PRs of that topic ("-PR'er" read as "-pr" above)
    "prs",
}
# Context that describes the asker's setup: "we run vllm on MI300X", "our fleet is on B200".
_SETUP = re.compile(
    r"\b(?:we|i|our|my)\b[^.?!]{0,80}\b(?:run|runs|running|use|uses|using|deploy|deploying|serve|serving"
    r"|on|evaluating|moving|migrating|getting|seeing|hitting|having)\b",
    re.I,
)
LATEST_ANY_TIME = "No time given: the most recent ones, however far back."
EVER_NOTE_END = ": any time."  # "'ever': any time.": a word that asks whether something ever happened
EARLIEST_ANY_TIME = "No time given: the earliest ones, from the start of the history."
_CHAT_HISTORY = frozenset({"chat", "conversation", "message", "messages", "prompt"})  # a feature, not time
_AT_SOME_POINT = frozenset({("at", "some", "point"), ("at", "any", "point"), ("at", "one", "point")})
_POINTERS = frozenset({"that", "this", "those", "these"})
_PLACE_PREPOSITIONS = frozenset({"on", "for", "with", "in", "of", "about", "to"})
# "where did model runner v2 start?", "when did the deepseek v4 work begin": its first PRs
_BEGINNING = ("start", "started", "begin", "began", "begun")
_EXCEPT_PAIRS = {("other", "than"), ("apart", "from"), ("aside", "from"), ("except", "for")}


_MONTH_NAMES = {number: name for name, number in reversed(MONTHS.items())}  # 6 -> "june" (first spelling)
_CHRONOLOGICAL = frozenset({"chronological", "chronologically", "chrono", "chronologic"})
# "since then" in a question whose context named a time: from that time on
_SINCE_THEN_PAIRS = frozenset({("since", "then"), ("after", "that"), ("after", "then"), ("since", "that")})
# "doing a report on october", "my roundup for last week": the time the asker writes about
_WRITING_ABOUT = frozenset({"for", "on", "about", "of", "covering"})
# What the asker writes or needs, before the subject it is about ("need a short para on spec
# decode", "writing a blog post about rocm", "slides covering fp8")
_ABOUT = frozenset({"on", "about", "covering", "regarding", "re"})
_WRITING = WRITING_DOCS | frozenset(
    {"para", "paragraph", "blog", "section", "slide", "piece", "tweet", "thread", "need", "needs", "want",
     "writing", "drafting", "doing", "preparing", "prepping", "presenting"}
)  # fmt: skip


# Named things of these kinds are one per PR as a rule (a platform, a model family, a number
# format, a kernel library), so two of a kind asked together are alternatives ("awq gptq"); so
# are symptoms, which a fix names one of ("crashes / hangs / mem leaks").
_ALTERNATIVE_KINDS = ("hardware", "model", "quant", "kernel", "symptom")


@per_taxonomy
def _kinds(taxonomy: Taxonomy) -> tuple[dict[str, str], dict[str, frozenset[str]]]:
    """Query key -> kind ("hardware", "model") and query key -> the topics it implies."""
    kinds = {t.key: t.kind for t in taxonomy.topics if t.kind}
    implied = {t.key: frozenset(t.evidence.get("implies", ())) for t in taxonomy.topics}
    for term in taxonomy.terms:
        if term.kind in _ALTERNATIVE_KINDS:
            kinds[term_key(term.key)] = term.kind
        implied[term_key(term.key)] = frozenset(term.topics)
    return kinds, implied


_KIND_WORDS = {"hw": "hardware", "accelerator": "hardware"}  # "only hw backends"


@per_taxonomy
def _kind_topics(taxonomy: Taxonomy) -> dict[str, tuple[str, ...]]:
    """A kind that three or more topics share ("hardware": ROCm, Blackwell, NVIDIA, ...) -> them,
    so a question about the kind ("the hardware stuff") asks for any of them."""
    by_kind: dict[str, list[str]] = {}
    for topic in taxonomy.topics:
        if topic.kind:
            by_kind.setdefault(topic.kind, []).append(topic.key)
    return {kind: tuple(keys) for kind, keys in by_kind.items() if len(keys) >= 3}


@per_taxonomy
def _sibling_kinds(taxonomy: Taxonomy) -> dict[str, str]:
    """Libraries of one area are alternatives too ("lmcache and nixl": two KV connectors, which
    a title names together twice in 12k PRs): query key -> "library:<its topics>"."""
    return {
        term_key(t.key): "library:" + ",".join(sorted(t.topics))
        for t in taxonomy.terms
        if t.kind == "library" and t.topics
    }


@per_taxonomy
def _term_spellings(taxonomy: Taxonomy) -> dict[str, tuple[str, ...]]:
    """Each named term's spellings as the term index reads them (key, name, spellings; lower case)."""
    return {f"term:{t.key}": t.all_spellings for t in taxonomy.terms}


@per_taxonomy
def _terms_implying(taxonomy: Taxonomy) -> dict[str, tuple[tuple[str, frozenset[str]], ...]]:
    """Each topic's named terms with the words of their names (before any parenthesis, no stop
    words): "KV cache offloading" under KV connector has "kv", "cache", "offloading"."""
    out: dict[str, list[tuple[str, frozenset[str]]]] = {}
    for term in taxonomy.terms:
        words = frozenset(re.findall(r"[a-z0-9]+", term.name.split("(")[0].lower())) - STOPWORDS
        for topic in implies(f"term:{term.key}", taxonomy):
            out.setdefault(topic, []).append((f"term:{term.key}", words))
    return {topic: tuple(found) for topic, found in out.items()}


def implies(key: str, taxonomy: Taxonomy) -> frozenset[str]:
    """The topics a query key implies (a term's topics: Qwen3-VL implies Qwen and multimodal)."""
    return _kinds(taxonomy)[1].get(key, frozenset())


def kind_of(key: str, taxonomy: Taxonomy) -> str:
    """A query key's kind ("hardware", "model", "quant", "kernel"), or "" for a kind of work
    (performance, bug fixes, MoE, ...)."""
    return _kinds(taxonomy)[0].get(key, "")


def alternatives(groups: tuple[tuple[str, ...], ...], taxonomy: Taxonomy) -> tuple[tuple[str, ...], ...]:
    """Things of one kind asked for together are alternatives: a PR is about one platform, one
    model family, one number format, one kernel library or one connector as a rule, so "rocm and
    xpu", "rocm, xpu", "rocm xpu", "awq gptq" and "lmcache and nixl" ask for either (ANDed they would
    find next to nothing). Things of different kinds still narrow each other ("rocm fp8"), and so
    does one that implies the other ("mi300x rocm" is MI300X, "blackwell nvidia" is Blackwell);
    "rocm mi300x mi355x" is MI300X or MI355X."""
    kinds, implied = _kinds(taxonomy)
    kinds = {**_sibling_kinds(taxonomy), **kinds}
    by_kind: dict[str, list[int]] = {}
    for index, group in enumerate(groups):
        if len(group) == 1 and group[0] in kinds:
            by_kind.setdefault(kinds[group[0]], []).append(index)
    merged: dict[int, tuple[str, ...]] = {}
    dropped: set[int] = set()
    for indexes in by_kind.values():
        keys = [groups[i][0] for i in indexes]
        # The narrow ones: not implied by another ("rocm mi300x mi355x": MI300X, MI355X).
        narrow = [
            i for i, a in zip(indexes, keys, strict=True) if not any(a in implied.get(b, ()) for b in keys)
        ]
        if len(narrow) < 2:
            continue
        merged[narrow[0]] = tuple(groups[i][0] for i in narrow)
        dropped.update(i for i in indexes if i != narrow[0])  # the broad one is implied by each
    out = tuple(merged.get(i, g) for i, g in enumerate(groups) if i not in dropped)
    # "intel prs (xpu or cpu)": the alternatives spell out what the single thing meant
    wider = [set(g) for g in out if len(g) > 1]
    return tuple(g for g in out if not (len(g) == 1 and any(g[0] in w for w in wider)))


def _without_subsumed(groups: tuple[tuple[str, ...], ...], taxonomy: Taxonomy) -> tuple[tuple[str, ...], ...]:
    """Each either-group without the features another member already covers: "distributed/EP
    stuff" is Distributed work, EP's included (expert parallelism implies Distributed); "video or
    multimodal" is Multimodal. (Named hardware, kernels and formats stay: a PR naming them counts
    even when its classification lacks their topic.) And a feature followed by named things of its
    own topics as alternatives ("expert parallel stuff (eplb, elastic ep, deepep)") is any of them,
    not PRs naming the feature and one more."""
    names = term_index(taxonomy)

    def feature(key: str) -> bool:
        term = names.terms.get(key.removeprefix(TERM_PREFIX)) if is_term(key) else None
        return term is not None and term.kind == "feature"

    merged: list[tuple[str, ...]] = []
    for group in groups:
        topics = {k for k in group if not is_term(k)}
        group = tuple(k for k in group if not (feature(k) and topics & implies(k, taxonomy)))
        last = merged[-1] if merged else ()
        if (
            len(last) == 1
            and feature(last[0])
            and len(group) > 1
            and all(is_term(k) and implies(last[0], taxonomy) <= implies(k, taxonomy) for k in group)
        ):
            merged[-1] = (*last, *group)
        else:
            merged.append(group)
    return tuple(merged)


# Judgement words that are superlatives without "most" ("biggest rocm changes"): the order every
# answer has, read rather than set aside
# ("the worst rocm bugs", "nastiest fixes": for fixes, the severest are the most significant)
_SUPERLATIVE_JUDGEMENT = frozenset(
    {"biggest", "best", "greatest", "largest", "worst", "nastiest", "scariest"}
)


class _Parser:
    def __init__(
        self, taxonomy: Taxonomy, tz: tzinfo, tz_name: str, week_start: str, now: datetime, default_days: int
    ) -> None:
        self.vocab = _vocabulary(taxonomy)
        self.taxonomy = taxonomy
        self.tz = tz
        self.tz_name = tz_name
        self.now = now
        self.default_days = default_days
        self.clock = TimeReader(tz, week_start, now, default_days)
        self._context = ""  # the sentences of the message read as context, not as the question
        self._examples_of: list[str] = []  # readings of bracketed examples of a topic, per message
        self._foreign = False  # the question is (partly) in another language: no typo suggestions

    # -- driver --------------------------------------------------------------------------------
    def parse(self, text: object) -> Query:
        raw = without_presentation(text if isinstance(text, str) else ("" if text is None else str(text)))
        raw = _SLASH_COMMAND.sub("", raw, count=1) or raw  # "/vllm what can u do" typed as a message
        raw, self._phrases = _quoted_titles(raw)  # "prs with "sampler" in the title": words of titles
        if self._phrases:  # ('titled "fix typo"' alone asks for its PRs)
            raw = " ".join(raw.split()) or "prs"
        raw = re.sub(r"(?<![\w~])~(?=\d+(?:\s|$))", "", raw)  # "~5 bullets": about five is five
        raw = _SETTLED_COUNT.sub(r"top \1", raw)  # "oldest first, 5 is enough": that many
        raw = TAKING_BACK_THE_REST.sub(" ", raw) or raw  # "forget the rest, just rocm vs xpu"
        raw = _ARROW.sub(" to ", raw)  # "2026-10-01 → 2026-11-20": a range
        raw = _WISE.sub("", raw)  # "what happened quantization-wise": about quantization
        raw = _ANY_MODEL.sub(" ", raw)  # "... fixed this month? any model, we eval a bunch": no filter
        raw = _ISO_WEEK.sub(self._iso_week, raw)  # "diff wk46 vs wk47 moe", "KW 47"
        self._examples_of = []
        raw = _AFTER_A_NAME.sub(self._examples_of_topic, raw)
        raw = _THINGS_LIKE.sub(self._bracketed, raw)
        raw = _SIDE_BY_SIDE.sub(" compared ", raw)  # "flashinfer vs FA4 counts, side by side" (no @side)
        if has_cjk(raw) and not _SENTENCE_INSIDE.search(raw.strip()):
            # "我们在MI355X上跑DSV4，最近ROCm…" (one sentence, its clauses in CJK word order): read in
            # English before its context and question are told apart
            raw = in_english(unicodedata.normalize("NFKC", raw))
        # "is mi355x getting as much attention as mi300x", "pay attention to": no topic (nor "pay")
        raw = _ATTENTION_PAID.sub(lambda m: "" if m[1].lower().startswith("pa") else m[1], raw)
        asked = question_part(raw[:MAX_CHARS])
        # (without what it says about how not to answer: "... and dont say 'flaky test'")
        self._context = HOW_NOT_TO_ANSWER.sub(" ", raw[:MAX_CHARS]) if asked != raw[:MAX_CHARS] else ""
        self._asked = asked
        asked, examples = self._examples_after_dash(asked)
        if not examples:
            asked, examples = self._examples_after_like(asked)
        tokens, cut = tokenize(asked)
        # "gibt es seit letzter Woche ...": words of another language are not typos of English ones
        self._foreign = is_foreign(unicodedata.normalize("NFKC", asked))
        _trend_of_a_period(tokens)
        _merge_rate(tokens)
        _all_but(tokens)
        _unit_after_last(tokens)
        _weekday_of_a_date(tokens)
        _event_names(tokens)
        _start_of(tokens)
        self.clock.comparing = sets_side_by_side(tokens)
        st = _State()
        st.phrases = list(dict.fromkeys(self._phrases))
        if examples:
            st.readings.append(f"'{_clip_words(examples)}' as examples of what was asked")
        st.readings.extend(_clip_words(said) for said in self._examples_of)
        if asked != raw[:MAX_CHARS]:
            st.readings.append(f"'{_clip_words(asked)}' as the question, the rest as context")
        if cut:
            st.notes.append(f"Only the first {MAX_TOKENS} words (or {MAX_CHARS} characters) were read.")
        # "help", "help rocm": usage; "help me catch up on rocm": a question asking for help.
        # "what can you do", "how do i use this", "hey bot 👋 what can i ask you?" (emoji are no words)
        asks_help = _asks_capabilities(tokens) or any(
            # "hii im new here and my mentor said to use this bot?? how do i use it lol": a sentence
            # of the message asks how to use the bot
            _asks_capabilities(tokenize(sentence)[0])
            # ("before i rely on this thing: what data do u actually have?")
            for sentence in re.split(r"[.?!,:;]+\s+", raw[:MAX_CHARS])[1:]  # "hi! first time here, what ..."
            if _CAPABILITY_VERB.search(sentence)  # most sentences have none: no second tokenizing
        )
        if (
            not tokens
            or asks_help
            or (tokens[0] in HELP_WORDS and tokens[1:2] not in (["me"], ["us"], ["with"]))
        ):
            since, until = default_window(self.now, self.tz, self.default_days)
            return Query(since, until, window_label(since, until, self.tz, self.tz_name), is_help=True)
        i = 0
        joiner = ""  # "or" between topics
        # "split between fixes, perf and ci": the topics listed are the breakdown's, one group from
        # the first of them on (groups before it, "quantization prs split between fp8 and awq", stay)
        buckets = False
        bucket_from = 0
        later, st.counted_among = _later_counts(asked)
        later_from = len(tokenize(asked[:later])[0]) if later >= 0 else -1
        counted_from = -1
        while i < len(tokens):
            token = tokens[i]
            if i >= later_from and later_from >= 0:
                counted_from, later_from = len(st.groups), -1
            if buckets and len(st.groups) > bucket_from:
                if token in ("and", "&", "+", "or", "/", "vs", "versus"):
                    joiner = "or"
                    i += 1
                    continue
                joiner = "or"
            if not buckets and token in ("between", "among", "across") and tokens[i - 1 : i] == ["breakdown"]:
                buckets, bucket_from = True, len(st.groups)
            step = (
                self._time(tokens, i, st)
                or self._release_ref(tokens, i, st)
                or self._including_state(tokens, i, st)
                or self._order(tokens, i, st)
                or self._pr_ref(tokens, i, st)
                or self._author(tokens, i, st)
                or self._topic(tokens, i, st, joiner)
                or self._negated(tokens, i, st)
                or self._under_way(tokens, i, st)
                or self._state(token, st, tokens[max(i - 2, 0) : i], tokens[i + 1 : i + 2])
            )
            said, joiner = joiner, ""
            if buckets and len(st.groups) > bucket_from and not (step and st.topic_end == i + step):
                buckets = token in ("between", "among", "across")  # a word no topic names ends the list
            if step:
                i += step
                continue
            if token in ("vs", "versus"):  # "bug fixes vs features": each counted, whatever kinds
                joiner = "vs"
            elif token in ("or", "/", "|"):  # "rocm or xpu": either, counted apart
                joiner = "or"
            elif (
                token in ("also", "plus", "and")
                and st.not_only
                and st.topic_end == i - (tokens[i - 1] in ("but", "or"))
            ):
                joiner = "or"  # "not only eagle, (but) also mtp": either of them
            elif said == "vs" and token in ("the", "a", "an", "any") and st.topic_end == i - 1:
                joiner = "vs"  # "rocm vs the xpu backend"
            elif said == "or" and token in ("the", "a", "an", "any") and st.topic_end == i - 1:
                # "the responses api or the anthropic endpoint": still either one (when a named
                # thing of the same kind came right before the "or")
                joiner = "or the"
            elif token in EMPHASIS and st.emphasis is None and st.topic_end == i and i + 1 >= len(tokens):
                # "rocm fixes last wk?? mi300x esp": the thing just named is the one stressed
                st.emphasis = (i - 1, len(st.groups) - 1)
            elif token in EMPHASIS and st.emphasis is None:  # "rocm, esp aiter": aiter first
                st.emphasis = (i, len(st.groups))
            elif token in STOPWORDS or is_negator(token) or token in ("..", "-"):
                pass
            elif not self._either(token, st):
                self._free_word(tokens, i, st)
            i += 1
        if counted_from >= 0:
            st.counted = st.groups[counted_from:]
        return self._finish(tokens, st)

    def _examples_after_dash(self, text: str) -> tuple[str, str]:
        """ "security merges this month - DoS, input validation, resource limits": a list after a
        spaced dash or colon whose items name no topic or term spells out what the words before it
        asked for (as examples in brackets do), so it filters nothing; (the text without it, the
        list). A list naming topics ("merged this week - rocm, xpu, tpu") asks for any of them."""
        found = _DASH_LIST.search(text)
        if not found:
            return text, ""

        def names(part: str) -> bool:
            words = tokenize(part)[0]
            return any(self._lookup_topic(words, k)[0] for k in range(len(words)))

        items = found.group("items").split(",")
        said = tokenize(found.group("items"))[0]
        if any(w[:1].isdigit() or w in MONTHS or w in WEEKDAYS for w in said):
            return text, ""  # "merged mon nov 16 - sun nov 22, grouped by area, ...": a range of days

        def keys(part: str) -> set[str]:
            words = tokenize(part)[0]
            found = {k for i in range(len(words)) for k in [self._lookup_topic(words, i)[0]] if k}
            # ("rocm fixes for the audit - segfaults, memory leaks": symptoms spell out the fixes)
            return found | {
                t for k in found if self._kind_or_term_kind(k) == "symptom" for t in implies(k, self.taxonomy)
            }

        # "security merges - DoS, input validation, resource limits": what it names, the words before
        # it asked for already (examples still); "merged this week - rocm, xpu, tpu": any of them
        said_before = keys(text[: found.start()])
        again = bool(said_before) and all(not named or named & said_before for named in map(keys, items))
        if any(map(names, items)) and not again:
            listed = " or ".join(i.strip() for i in items)
            return f"{text[: found.start()]} {listed}{text[found.end() :]}", ""
        if not names(text[: found.start()]):
            return text, ""
        return f"{text[: found.start()]}{text[found.end() :]}", found.group("items").strip()

    def _examples_after_like(self, text: str) -> tuple[str, str]:
        """ "the biggest highlights merged in november, things like new models and big performance
        wins": a list after "things like" / "such as" / "e.g." shows what the words before it ask for
        - a summary, highlights, a topic - so it filters nothing; (the text without it, the list).
        With nothing asked before it ("anything merged, things like rocm and xpu") the list is what
        is asked: any of its items."""
        found = _LIKE_LIST.search(text)
        if not found:
            return text, ""
        before = tokenize(text[: found.start()])[0]
        general = (_SUMMARY_WORDS | _WEIGHT_WORDS | {"highlight", "major", "key"}).intersection(before)
        named = any(self._lookup_topic(before, k)[0] for k in range(len(before)))
        items = found.group("items")
        if not (general or named):
            listed = " or ".join(p.strip() for p in re.split(r",|\band\b|\bor\b|/", items) if p.strip())
            return f"{text[: found.start()]} {listed}{text[found.end() :]}", ""
        return f"{text[: found.start()]}{text[found.end() :]}", items.strip()

    def _setup_from_context(self, st: _State, tokens: Sequence[str] = ()) -> None:
        """ "we run vllm on MI300X with AITER in prod. anything merged in the last 2 weeks that
        could break us?": a question with no subject of its own, after context describing the
        asker's setup, asks about the platforms and kernel libraries that setup names (any of
        them)."""
        # "... who usually reviews / works on that stuff?": the who's own verb is how they asked
        said = _BROKEN_CONTRACTS | _BREAK_FRAME | ({_who_verb(tokens)} if asks_who(tokens) else set())
        own = [w for w in st.text if w not in said]
        # "was any fix for this merged recently?": a kind of work about what the context describes
        # ("any reverts land this wk?": a "this" of the time words points at no thing)
        pointers = {t for i, t in enumerate(tokens) if i not in st.time_tokens}
        refers = bool({"this", "that", "it", "these", "those"} & pointers)
        # (a feature is a kind of work too: "were there fixes for the tool parsers?" after "broken
        # tool calls w/ kimi k2 and glm 4.6" asks about those models' tool parsers)
        work_only = all(
            (not is_term(k) or self._kind_or_term_kind(k) == "feature") and not kind_of(k, self.taxonomy)
            for g in st.groups
            for k in g
        )
        # "mi300x dsv4 started giving garbage outputs after we bumped to nightly. anything land
        # recently??": a reported problem names what it happens on, models included, and a kind of
        # work asked for under it ("just the fixes") is still about it
        symptom = _SYMPTOM.search(self._context) is not None
        # "... what changed for us? mostly care about nvfp4 moe": what comes after "mostly" is
        # shown first, so it is no subject of the question's own
        first = st.emphasis[1] if st.emphasis else len(st.groups)
        if (st.groups[:first] and not ((refers or symptom) and work_only)) or st.authors or st.prs or own:
            return  # the question names its own subject ("... which change the plugin interface?")
        described = _SETUP.search(self._context) or lists_setup(self._context)
        # "I have a small patch for the CPU backend. who works on that stuff?": the question points
        # back at what the context names, whatever the context says about the asker
        pointed = not st.groups and _POINTS_BACK.search(" ".join(tokens)) is not None
        if not (described or introduction(self._context) or symptom or pointed):
            return  # "AMD here. anything new this week?": the asker's affiliation is their setup
        kinds: tuple[str, ...] = (
            ("hardware", "kernel", "model") if symptom or pointed else ("hardware", "kernel")
        )
        feature = any(is_term(k) and self._kind_or_term_kind(k) == "feature" for g in st.groups for k in g)
        if feature:  # a feature asked about: only the models the context names, not its GPUs or libraries
            kinds = ("model",)
        words, _ = tokenize(self._context)
        found: list[str] = []
        i = 0
        while i < len(words):
            key, length = self._lookup_topic(words, i)
            kind = kind_of(key, self.taxonomy) if key else ""
            asked = key in {k for g in st.groups for k in g}  # ("broken tool calls w/ kimi": asked already)
            if (
                key
                and (kind in kinds or (is_term(key) and not kind and not feature) or pointed)
                # (nor, in a reported problem, when it happens: "erroring out on startup")
                and not (
                    symptom
                    and words[i - 1 : i]
                    and words[i - 1] in _WHEN_IT_HAPPENS
                    and self._kind_or_term_kind(key) == "feature"
                )
                and key not in found
                and not asked
            ):
                found.append(key)
            i += max(length, 1)
        if found:
            st.groups.insert(first, found)  # before what "mostly" puts first
            if st.emphasis:
                st.emphasis = (st.emphasis[0], first + 1)
            st.setup = True
            names = ", ".join(self._name_of(k) for k in found)
            about = (
                "what 'that' points back to"
                if pointed and not described
                else "what you said about your setup"
            )
            st.readings.append(f"{names} from {about} (any of them)")

    def _member_left_out(self, tokens: list[str], at: int, st: _State) -> tuple[str | None, int]:
        """The term a family asked for and the words at `at` name together ("deepseek" and "v4":
        DeepSeek-V4), with how many of the words it takes; (None, 0) when none."""
        for key in (k for g in st.groups for k in g):
            base = _norm(self._name_of(key)).split()
            named, length = self._lookup_topic([*base, *tokens[at : at + 2]], 0)
            if named and named != key and length > len(base):
                return named, length - len(base)
        return None, 0

    def _name_of(self, key: str) -> str:
        return (self.vocab.term_names.get(key[5:]) if is_term(key) else self.vocab.names.get(key)) or key

    def _iso_week(self, m: re.Match[str]) -> str:
        """ "wk46", "KW 47", "cw48": an ISO week of this year (the last one of that number up to
        now), as its days ("nov 9 - nov 15")."""
        number = int(m[1] or m[2] or m[3])
        today = self.now.astimezone(self.tz).date()
        try:
            monday = date.fromisocalendar(today.year, number, 1)
            if monday > today:
                monday = date.fromisocalendar(today.year - 1, min(number, 52), 1)
        except ValueError:  # no such week ("wk0", "wk54")
            return m[0]
        sunday = min(monday + timedelta(days=6), today)  # ("wk48 so far")
        return f"{_MONTH_NAMES[monday.month]} {monday.day} - {_MONTH_NAMES[sunday.month]} {sunday.day}"

    def _examples_of_topic(self, m: re.Match[str]) -> str:
        """ "frontend work (API server, tool calling, parsers, structured output - that sort of
        thing)", "Blackwell関連 (SM100/SM120, B200とかB12x)": two or more things in brackets after a
        topic, each a part of it, are examples of that topic, no filters (ANDed they found
        nothing); one thing in brackets ("rocm (mi300x)"), or a bracket with a filter word in it
        ("quantization (fp8 only)"), still narrows."""
        head = [t for t in tokenize(m.group(1))[0] if t not in _NAME_TAILS]
        parts = [p for p in _EXAMPLE_PARTS.split(m.group(2)) if p.strip()]
        words = [tokenize(p)[0] for p in parts]
        if not head or len(parts) < 2 or any(NARROW_WORDS.intersection(w) for w in words):
            return m.group(0)
        topic = next(
            (
                key
                for k in range(max(len(head) - 3, 0), len(head))
                for key, length in [self._lookup_topic(head, k)]
                if key and k + length == len(head) and not is_term(key)
            ),
            None,
        )
        if topic is None:
            return m.group(0)
        named = [key for w in words if w for key in [self._lookup_topic(w, 0)[0]] if key]
        if len(named) < 2 or any(k != topic and topic not in implies(k, self.taxonomy) for k in named):
            return m.group(0)
        self._examples_of.append(f"'{m.group(2).strip()}' as examples of {self._name_of(topic)}")
        return m.group(1) + (
            "" if m.string[m.end() : m.end() + 1].isspace() or m.end() == len(m.string) else " "
        )

    def _bracketed(self, m: re.Match[str]) -> str:
        """ "something users touch (flags, env vars, metrics)": examples, no filter; "expert parallel
        stuff (eplb, elastic ep, deepep)": every item a named thing, so those things (either)."""
        parts = [part for part in _LIST_PARTS.split(m.group(3)) if part.strip()]
        named = all(self._lookup_topic(tokenize(part)[0], 0)[0] for part in parts)
        return m.group(1) + m.group(2) + (" (" + " or ".join(parts) + ")" if named else "")

    def _named_in_context(self, st: _State, tokens: Sequence[str]) -> None:
        """ "im doing research on kv cache offloading. how many offloading PRs got merged?": a topic
        the question names by a word of a named thing its context names (which the topic takes
        in) is that thing, as said in full before."""
        if not self._context or st.setup:
            return
        # (a number alone is no word of a name: the "2" of "past 2 weeks" is not DeepSeek-V3.2's)
        asked = {t for t in tokens if not t.isdigit()}
        candidates: dict[int, list[str]] = {}
        for g, group in enumerate(st.groups):
            if len(group) != 1 or is_term(group[0]):
                continue
            # the word the question used is the thing's, not the topic's own name ("deepseek stuff"
            # under "we run v3.2" asks for all DeepSeek work)
            own = set(re.findall(r"[a-z0-9]+", self._name_of(group[0]).lower()))
            found = [
                t for t, words in _terms_implying(self.taxonomy).get(group[0], ()) if asked & (words - own)
            ]
            if found:
                candidates[g] = found
        if not candidates:  # (most questions: no context scan at all)
            return

        # (a thing the question names itself, "esp EAGLE stuff", is asked as the question says)
        context = self._context.lower().replace(self._asked.lower(), " ")
        spelled = _term_spellings(self.taxonomy)

        def says(text: str, term: str) -> bool:
            return any(re.search(rf"(?<![a-z0-9]){re.escape(w)}(?![a-z0-9])", text) for w in spelled[term])

        named = {t for found in candidates.values() for t in found if says(context, t)}
        named -= {k for group in st.groups for k in group} | {
            t for t in named if says(self._asked.lower(), t)
        }
        for g, found in candidates.items():
            fuller = [t for t in found if t in named]
            if len(fuller) == 1:
                st.groups[g] = [fuller[0]]
                st.readings.append(f"'{self._name_of(fuller[0])}' from what you said before the question")

    def _subject_from_context(self, st: _State, tokens: Sequence[str]) -> None:
        """ "need a short para on speculative decoding for this month's newsletter, what were the
        highlights in november": a question with no subject of its own, after context saying what
        the asker writes or needs something about, asks about that (any kind of subject)."""
        if st.groups or st.authors or st.prs or st.text or not self._context:
            return
        words, _ = tokenize(self._context.replace(self._asked, " "))
        for j, word in enumerate(words):
            if word not in _ABOUT or not _WRITING & set(words[max(0, j - 4) : j]):
                continue
            found: list[str] = []
            i = j + 1
            while i < len(words):
                key, length = self._lookup_topic(words, i)
                if key and key not in found:
                    found.append(key)
                elif not (found and words[i] in ("and", "or", "/", "&", "+")):
                    break
                i += max(length, 1)
            if found:
                st.groups.append(found)
                names = ", ".join(self._name_of(k) for k in found)
                st.readings.append(f"{names} from what you said you need it for")
                return

    def _time_from_context(self, st: _State, tokens: Sequence[str]) -> None:
        """ "we upgraded in september. what changed since then?", "doing a report on october.
        which new models landed?": a question that names no time of its own asks about the time
        its context names (from then on to now when it says "since then")."""
        if st.window is not None or st.prs or not self._context:
            return
        words, _ = tokenize(self._context.replace(self._asked, " "))
        for i in range(len(words)):
            matched = self.clock.read(words, i)
            if matched is None or matched[0].start is None:
                continue
            span = matched[0]
            since_then = bool(set(itertools.pairwise(tokens)) & _SINCE_THEN_PAIRS)
            if since_then:
                span = Span(span.start, self.clock.today + timedelta(days=1))
            elif not (i and words[i - 1] in _WRITING_ABOUT):
                return  # "we run mi300x since last year. anything new?": the setup's time, not the question's
            st.window = span
            said = " ".join(words[i : i + matched[1]])
            st.readings.append(f"'{said}' from what you said before the question")
            return

    def _models_pointed_back(self, st: _State, tokens: Sequence[str]) -> None:
        """ "we serve lora on qwen3.5-35b-a3b and gemma 4 ... what lora changes landed for those
        two models?": the models the context named (any of them), not new models."""
        if not self._context or ["new-model"] not in st.groups:
            return
        pairs = [(a, b) for a, b in itertools.pairwise(tokens) if b in ("models", "model")]
        pairs += [
            (a, c)
            for a, _, c in zip(tokens, tokens[1:], tokens[2:], strict=False)
            if c in ("models", "model")
        ]
        if not any(a in ("those", "these", "both", "our", "my") for a, _ in pairs):
            return
        words, _ = tokenize(self._context.replace(self._asked, " "))
        found: list[str] = []
        i = 0
        while i < len(words):
            key, length = self._lookup_topic(words, i)
            if not key and ("-" in words[i] or "/" in words[i]):  # a model id: "qwen3.5-35b-a3b"
                key = self._model_id(words[i])
            if key and kind_of(key, self.taxonomy) == "model" and key not in found:
                found.append(key)
            i += max(length, 1)
        if found:
            st.groups[st.groups.index(["new-model"])] = found
            st.readings.append(
                f"{', '.join(self._name_of(k) for k in found)} from what you said before (any of them)"
            )

    def _own_login(self, st: _State, tokens: Sequence[str]) -> None:
        """ "my open prs pls, login aoshen02. anything waiting on review?", "my handle is mgoin -
        what did i merge this month": the login the asker gives for themselves is whose PRs "my" and
        "i" mean."""
        found = None if st.authors else _OWN_LOGIN.search(self._context or self._asked)
        if found is None:  # (most questions give no login: no second tokenizing of the context)
            return
        if not {"my", "mine", "i", "me", "i've", "ive"} & (set(tokens) | set(tokenize(self._context)[0])):
            return
        login = (found.group(1) or found.group(2)).lower()
        if not self._lookup_topic([login], 0)[0]:
            st.authors.append(login)
            st.text[:] = [w for w in st.text if w != login]

    def _finish(self, tokens: list[str], st: _State) -> Query:
        self._own_login(st, tokens)
        self._models_pointed_back(st, tokens)
        self._setup_from_context(st, tokens)
        self._subject_from_context(st, tokens)
        self._named_in_context(st, tokens)
        self._time_from_context(st, tokens)
        if ACTION_REQUEST.search(" ".join(tokens)):  # "can you merge #123": the bot only reads
            st.notes.append(ACTION_NOTE)
            st.states[:] = [s for s in st.states if s != "merged"]
            if not st.prs and not st.groups:  # "can you restart the prod pods?": nothing to read
                st.out_of_scope = "a request to act"
        for rule in _WHOLE_QUESTION_RULES:  # readings that need the whole question
            rule(self, tokens, st)
        if "open" in st.states and "opened" in st.states:
            # "prs opened by X that are still open": how they began, and the narrower state asked for
            st.states.remove("opened")
        employer = EMPLOYER.search(" ".join(tokens))
        if employer:
            st.notes.append(EMPLOYER_NOTE)
            said = set(employer.group(0).split())  # "the red hat folks": not words to search
            st.text[:] = [w for w in st.text if w not in said]
            st.domain[:] = [w for w in st.domain if w not in said]
            st.authors[:] = [a for a in st.authors if a not in said]  # "prs by red hat people": no @red
        defines = self._asks_what_it_is(tokens, st)  # "what is dbo", "what does eplb mean"
        kind = out_of_scope(tokens) or st.out_of_scope or None
        if kind == SPEED_COMPARISON and st.gain_asked:  # "how much faster?": what the PRs measured
            kind = None
        if kind == RELEASES and any(is_change(k) and change_topic(k) for g in st.groups for k in g):
            # "whats the latest aiter bump, which version are we on now": the dependency's version,
            # which its newest bump names
            kind = None
        if kind == "a question about how things work" and defines:
            kind = None  # "what does eplb mean": a named thing's name says it, its PRs the rest
        st.out_of_scope = kind or ""
        explained = kind == RELEASES and any(n.startswith(RELEASE_NOTE[:30]) for n in st.notes)
        if kind is not None and not explained:  # (the release note already says it: said once)
            st.notes.append(
                f"That reads like {kind}, which pull requests can't answer: I can say what changed, "
                "who changed it and when, and I list the PRs that match its words when there are any."
            )
        if (
            tokens[:1]
            and tokens[0] in _ASKS_STATE
            and tokens[1:2]
            and tokens[1] in _DEFINITE
            and st.states
            # ("is the team busy? like how many PRs got merged ...": a count of what merged)
            and not _COUNT_CUE.search(" ".join(tokens))
        ):
            # "is the cutlass mla pr merged yet?", "has that fix landed": the asker wants to know
            # the state, so every state is listed, each PR with its own
            st.readings[:] = [r for r in st.readings if r not in st.state_readings]
            st.readings.append(
                f"'{tokens[0]} {tokens[1]} …' as a question about the state: every state shown"
            )
            st.states.clear()
        window = st.window
        label = ""
        # "did it ever land", "is qwen3.5 supported yet", "has the fix landed already": whether it
        # happened at all, so any time ("not merged yet" is a state, read as such)
        earliest = (
            next((t for t in ("first", "earliest", *_BEGINNING) if t in tokens), "")
            if tokens[:1] in (["when"], ["where"])
            else ""
        )
        # ("which pr added python 3.14": a thing no topic names, unless the question points at one)
        names_a_thing = bool(st.groups) or bool(st.text and not (_POINTERS | {"it"}) & set(tokens))
        brought = _brought_in(tokens) if not earliest and window is None and names_a_thing else ""
        if brought and st.sort != -1:
            # "when did kimi k3 support land? which PR", "which pr brought dspark in": the PR that
            # introduced it, the first one there is, whenever that was ("the first pr that added
            # it" may have read oldest-first already)
            # ("... and what's happened with it since?": from that one on, every one)
            after = tokens[tokens.index(brought) + 1 :]
            earliest, st.limit = brought, st.limit or (0 if {"since", "after"} & set(after) else 1)
            # a CI labelling rule or a doc page names the thing before it is brought in, and a fix
            # of it comes after (a thing no topic names, "python 3.14", may be brought in by a
            # build PR itself)
            asked = {k for g in st.groups for k in g}
            if st.limit == 1 and st.groups:
                st.exclude.extend(k for k in ("ci-build", "docs", "bugfix") if k not in asked)
            if not st.states:  # a PR closed unmerged brought nothing in
                self._read_state(st, "merged", brought)
        if earliest and not st.sort:
            st.sort = 1  # "when did the first K3 PRs land?": the earliest ones, whenever that was
            st.readings.append(f"'{tokens[0]} … {earliest}' → oldest first")
        if earliest:
            st.text[:] = [w for w in st.text if w != earliest and w not in _BEGINNING]
        # "when was tpu-inference last bumped?", "when did we last touch the tpu backend", "when was
        # the latest flashinfer upgrade": the newest such PR, however long ago ("last week" is time)
        asks_when = tokens[:1] == ["when"] and not earliest and bool(st.groups or st.authors)
        at = next(
            (
                k
                for k, t in enumerate(tokens)
                if asks_when and k >= 2 and t in ("last", "latest") and k not in st.time_tokens
            ),
            -1,
        )
        last = tokens[at] if at >= 0 else ""
        # "is DarkLight1337 still active?", "has woosuk stopped contributing", "is the tpu backend
        # still maintained": whether the work goes on, which the newest PRs show, however old
        still = " ".join(min(_STILL_ACTIVE & set(itertools.pairwise(tokens)), default=()))
        if still:
            st.text[:] = [w for w in st.text if w not in still.split()]
        if still and window is None and not st.sort:
            st.sort, st.limit = -1, st.limit or 5
            st.readings.append(f"'{still}' → the newest PRs, any time")
        else:
            still = ""
        if last and not st.sort:
            st.sort, st.limit = -1, st.limit or 1
            st.readings.append(f"'when … {last}' → the newest one")
            # "when did the deepgemm pin last move": the verb after "last" is the event, not a word
            # to search for (a topic or term there was read as one already)
            event = tokens[at + 1] if at + 1 < len(tokens) and tokens[at + 1] != "time" else ""
            st.text[:] = [w for w in st.text if w not in ("last", "latest", "time", event)]
        ever_word = next(  # "first ever PR" defines a first-timer; it names no time
            (
                t
                for k, t in enumerate(tokens)
                if t in ("ever", "yet", "already") and not (t == "ever" and tokens[k - 1 : k] == ["first"])
            ),
            "",
        )
        if not ever_word and _AT_SOME_POINT & set(zip(tokens, tokens[1:], tokens[2:], strict=False)):
            ever_word = "at some point"  # "did vllm deprecate autoawq at some point?": ever
            st.text[:] = [w for w in st.text if w != "point"]
        if (
            not ever_word
            and "history" in tokens
            and (st.groups or st.authors)
            and not _CHAT_HISTORY & set(tokens)
        ):
            ever_word = "history"  # "the flashinfer version bump history": all of it
            st.text[:] = [w for w in st.text if w != "history"]
        if not ever_word and window is None and asks_who(tokens):
            # "who owns the weight transfer code", "who maintains aiter": whoever did the work,
            # whenever (ownership is not a thing of the last days)
            ever_word = next((t for t in tokens if t in OWNING), "")
            # "who has worked on mhc", "who else has touched the nixl connector": the perfect
            # without "been" asks who ever did ("who has been working on X" is the recent work)
            pairs = set(itertools.pairwise(tokens))
            ever_word = ever_word or next(
                (f"{a} {b}" for a, b in pairs if a in ("has", "have", "ever") and b in _DID_WORK), ""
            )
        if (
            not ever_word
            and window is None
            and (st.groups or st.text)
            and _HAS_ANYONE_DONE.search(" ".join(tokens))
        ):
            # "has anyone worked on sliding window for gemma": whether anyone ever did, as "who has
            # worked on X" ("did anyone fix ..." and "has anyone been working on ..." stay recent)
            ever_word = "has anyone"
        if not ever_word and window is None:
            # "how many k3 prs are there in total so far?", "when did the first k3 prs land": ever
            ever_word = "so far" if st.up_to_now else earliest
        if not ever_word and window is None and still:
            ever_word = still
        asked_from = _after_openers(tokens)
        if (
            not ever_word
            and window is None
            and st.groups
            and tokens[asked_from : asked_from + 1] in (["was"], ["were"], ["has"], ["have"], ["did"])
            and tokens[asked_from + 1 : asked_from + 2]
            not in (["anything"], ["any"], ["something"], ["anyone"], ["there"])
            and not _RECENCY.intersection(tokens)
        ):
            # "was llama 4 maverick support added?", "did the dspark drafter land", "wait, did the
            # tpu backend get removed??": whether it happened at all ("did anything land for rocm",
            # "were there fixes ... merged recently" are the recent days)
            # ("did qwen3.5 get mtp support": whether support came, whenever)
            ever_word = next(
                (
                    t
                    for k, t in enumerate(tokens[asked_from + 1 :], asked_from + 1)
                    if t in _BROUGHT_IN | _GONE | _MENDED | {"support"}
                    # ("did we bump triton", "was it upgraded": a verb; "did throughput fall after the
                    # flashinfer bump": a noun, whose bare form needs a doer before it to be a verb)
                    or (t in _MOVED and (t.endswith("ed") or tokens[k - 1] in _DOERS))
                ),
                "",
            )
        # ("is python 3.14 supported now?": a thing no topic names is asked about as well)
        works = asks_works(tokens) if not ever_word and window is None and names_a_thing else ""
        if works:
            # "does vllm actually work on radeon now??", "is fp8 kv cache supported on mi300x": whether
            # it works is all the work on it so far, not the last days'
            ever_word = "now" if "now" in tokens else works
        if not ever_word and window is None and names_a_thing and not _asks_what_is_new(tokens):
            # "is there speculative decoding for gemma 4", "is there a fix for the nccl hang":
            # whether such work exists at all, whenever it landed
            there = _IS_THERE.match(" ".join(tokens[_after_openers(tokens) :]))
            ever_word = there.group(1) if there else ""
        if not ever_word and window is None and st.version_now:
            ever_word = st.version_now  # "what version of flashinfer are we on": any time
        if not ever_word and window is None and not st.sort and defines and not st.states:
            # "what is dbo", "explain mtp", "what does eplb stand for": the name says what it is
            # (its reading note spells it out) and its PRs of any time say the rest, newest first
            ever_word, st.sort = "what is", -1
            st.text[:] = [w for w in st.text if w not in _DEFINING]
            st.readings.append("'what is …' → its PRs of any time, newest first")
        version = next((w for w in st.versions if w in st.text), "") if st.groups else ""
        if not ever_word and window is None and version:
            # "whats going on with the torch 2.10 upgrade", "did we bump triton to 3.5": a
            # library's version is one moment of its history, whenever that was
            ever_word = version
        if not ever_word and window is None and st.issue:
            # "<issue link> did this get fixed? which pr": the PR that names it, whenever it landed
            ever_word = f"issue #{st.issue}"
        if not ever_word and window is None and st.groups and _WHEN_PAST & set(itertools.pairwise(tokens)):
            # "is the neuron backend still in tree? when did it go away": the moment something
            # happened, whenever it was ("when did that land?" in a thread is about its PR)
            ever_word = "when"
        question = " ".join(tokens)
        all_of_it = (
            not ever_word
            and window is None
            and bool(st.groups or st.authors)
            and bool(_ALL_OF_IT.search(question) or _ALL_THERE_IS.search(question))
            and not _TIME_NOUNS.intersection(tokens)  # "list all kv-connector PRs from that week"
        )
        if all_of_it and _ALL_THERE_IS.search(question):
            ever_word = "all"
        if all_of_it:
            # "show me all the fa4 prs, oldest first", "what has ilmarkov merged on eplb, like all of
            # it": as a command, every one there is of that subject, not the last days' (in a
            # thread, "list all the ci prs" under a digest is the digest's)
            st.text[:] = [w for w in st.text if w != "single"]  # "every single one": all of them
        ever = bool(ever_word) and (
            ever_word == "ever" or not any(s.startswith(NOT_STATE) for s in st.states)
        )
        # "latest 10 deepgemm changes", "the earliest MRv2 prs": the ends of the whole history
        beginnings = (
            st.sort == 1
            and (
                any(  # "the earliest MRv2 prs"; "mrv2 prs, oldest first" is an order
                    t in ("earliest", "oldest") and tokens[k + 1 : k + 2] not in (["first"], ["to"], ["->"])
                    for k, t in enumerate(tokens)
                )
                or _first_pr_at(tokens) >= 0  # "the original dspark pr": the first there ever was
            )
        )
        latest = (st.sort == -1 and st.limit > 0 or beginnings) and bool(st.groups or st.authors)
        # ("rocm prs incl open" asks for every state over the usual days: the open ones are among them)
        still_open = bool(st.states) and set(st.states) <= _STILL_OPEN and not st.included
        if window is None and (ever or latest or still_open or st.phrases):
            # "open deepseek prs", "did the eplb thing ever land": no time asked for, and a PR
            # still open (or one that ever landed) may have been opened at any time, so the
            # window is the whole history rather than the last days; "latest 10 deepgemm
            # changes" asks for the ten most recent, however far back they go
            until = default_window(self.now, self.tz, 1)[1]
            since = history_start(until)
            label = window_label(since, until, self.tz, self.tz_name)
            if st.phrases and not ever:  # a title's words: wherever in the history that title is
                st.notes.append("No time given: titles of any time.")
            elif ever:
                st.notes.append(f"'{ever_word}'{EVER_NOTE_END}")
                if not st.sort and any(DEPENDENCY in g for g in st.groups):
                    # "did the aiter upgrade land": a library's moves are a sequence, the newest
                    # first (they came most significant first, years apart)
                    st.sort = -1
                    st.readings.append("version moves of any time → newest first")
            elif latest and st.sort == -1:
                st.notes.append(LATEST_ANY_TIME)
            else:
                st.notes.append(EARLIEST_ANY_TIME if latest and not st.states else OPEN_ANY_TIME)
        elif window is None:
            since, until = default_window(self.now, self.tz, self.default_days)
            pairs = set(itertools.pairwise(tokens))
            # "who works on tpu stuff", "who handles the cpu backend": the simple present says what
            # someone habitually does, as owning does ("who's working on it" is the recent work)
            habitual = asks_who(tokens) and (bool(_HABITUAL.intersection(tokens[1:3])) or turns_to(tokens))
            if (
                all_of_it
                or ((st.groups or st.text) and (_the_one_pr(tokens) or habitual))
                or (
                    ("how", "many") in pairs
                    and ("total" in tokens or "overall" in tokens or ("in", "all") in pairs)
                    and (st.groups or st.authors or st.text)
                )
            ):
                # "who wrote the online MXFP4 quantization PR?", "tell me about the kimi k3 rust
                # frontend pr" and "how many Humming PRs are there total?" ("... landed in vllm
                # overall?") as commands: one PR they know of, every one so far, whenever (in a
                # thread, "the X one" is one of the thread's PRs and a total is the thread's)
                st.anytime_label = window_label(history_start(until), until, self.tz, self.tz_name)
        else:
            since, until = self.clock.resolve(window)
            if window.note:
                st.notes.append(window.note)
        # No PR predates 1970: a long span from an early clock must not reach before it.
        floor = datetime(MIN_YEAR, 1, 1, tzinfo=UTC)
        if since < floor < until:
            since = floor
        prefer: list[str] = []
        if st.emphasis and st.emphasis[1]:  # after "especially": shown first among the rest, no filter
            at, first = st.emphasis
            prefer = [k for g in st.groups[first:] for k in g]
            del st.groups[first:]
            st.terms[:] = [t for t in st.terms if term_key(t) not in prefer]
            # ("mostly care about video input + encoder cudagraph": a word said only after it is
            # no filter either - it had kept the 2 of 40 multimodal PRs that say "encoder")
            stressed = set(tokens[at:]) - set(tokens[:at])
            st.ignored.extend(w for w in st.text if w in stressed)
            st.text[:] = [w for w in st.text if w not in stressed]
            st.readings.append(f"'{' '.join(tokens[at : at + 6])}' → shown first, not a filter")
        kinds = _kind_topics(self.taxonomy)
        if not st.groups and not st.authors:
            for word in [w for w in st.domain if _KIND_WORDS.get(w.rstrip("s"), w.rstrip("s")) in kinds]:
                keys = kinds[_KIND_WORDS.get(word.rstrip("s"), word.rstrip("s"))]  # "only the hardware stuff"
                st.groups.append(list(keys))
                st.domain.remove(word)
                names = ", ".join(self.vocab.names.get(k, k) for k in keys)
                st.readings.append(f"'{word}' → any of {names}")
        if st.groups:
            # "mooncake connector fixes", "nixl / p/d disagg connector work": a word of the name of a
            # topic the named things already imply is that topic said again, not a word to search
            asked = {k for g in st.groups for k in g}
            asked |= {t for k in asked for t in implies(k, self.taxonomy)}
            by_key = _name_words(self.taxonomy)
            named = frozenset(w for k in asked for w in by_key.get(k, ()))
            st.restated.extend(w for w in st.text if w in named)
            st.ignored.extend(st.restated)
            st.text[:] = [w for w in st.text if w not in named]
        if st.groups or st.authors:
            st.ignored.extend(st.domain)
        else:
            # "what are people working on right now", "what's the team been up to": the people
            # behind every PR, which no title names ("kernels" alone is still searched)
            everyone = [w for w in st.domain if w in PEOPLE_NOUNS or w in _EVERYONE]
            st.ignored.extend(everyone)
            # ("the tokenizer code": "code" is the kind of thing "tokenizer" is, not a second
            # word a title must hold; alone, "kernels", it is what is asked for)
            domain_kinds = [w for w in st.domain if w not in everyone]
            if any(w not in PEOPLE_NOUNS for w in st.text):
                st.ignored.extend(domain_kinds)
            else:
                st.text.extend(domain_kinds)
        # ("what did the rocm devs merge": the people who wrote the PRs, never a title's word)
        st.ignored.extend(w for w in st.text if w in PEOPLE_NOUNS)
        st.text[:] = [w for w in st.text if w not in PEOPLE_NOUNS]
        if {"other", "others", "else"} & set(tokens):
            # "leave out hao-aaron's own ones, what did other ppl contribute there": everyone else's
            # work, said of people (no title says "ppl" or "contribute")
            framing = PEOPLE_NOUNS | _CONTRIBUTING
            st.ignored.extend(w for w in st.text if w in framing)
            st.text[:] = [w for w in st.text if w not in framing]
        counted: list[str] = []
        later = [g for g in st.groups if any(g is c for c in st.counted)]
        if later and (len(later) == len(st.groups) or st.counted_among):
            # "how many merged last week + how many were bugfixes", "total merged, bugfixes,
            # reverts?", "how many follow-ups, and how many of those were rocm": the first count is
            # the answer's PRs, each later thing is counted among them (not all of them at once)
            st.groups[:] = [g for g in st.groups if not any(g is c for c in later)]
            asked_first = {k for g in st.groups for k in g}
            counted = [k for g in later for k in g if k not in asked_first]
            st.terms[:] = [t for t in st.terms if term_key(t) not in counted]
            # ("numbers for my newsletter: ...", "need two numbers: ..."): what is asked for, not searched
            said = _PERIOD_HEADS | {"total", "totals", "number"}
            st.ignored.extend(w for w in st.text if w in said or count_word(w))
            st.text[:] = [w for w in st.text if w not in said and not count_word(w)]
            names = " and ".join(change_name(k) if is_change(k) else self._name_of(k) for k in counted)
            st.readings.append(f"several counts: {names} counted among the PRs, no filter")
        groups = tuple(dict.fromkeys(tuple(dict.fromkeys(g)) for g in st.groups))  # "rocm amd": once
        for key in {k for g in groups for k in g if change_topic(k) in st.exclude}:
            # "version bumps, not every test fix": a bump is CI & build work itself, so what is
            # left out is the fixes among them, not the topic the asked change falls under
            st.exclude[:] = [t for t in st.exclude if t != change_topic(key)]
            if {"fix", "fixes", "fixed"} & set(tokens):
                st.exclude.append("bugfix")
            st.readings.append(f"{change_name(key)} are {self._name_of(change_topic(key))} work: kept")
        if not self._both_and(tokens):  # "both rocm and blackwell": each, not either
            groups = alternatives(groups, self.taxonomy)
        # "arm perf work ... not interested in s390x / power / x86": x86 names the CPU topic, which
        # the Arm work asked for is; a topic a named thing asked for implies is not left out
        implied = {t for g in groups for k in g if is_term(k) for t in implies(k, self.taxonomy)}
        st.exclude[:] = [k for k in st.exclude if k not in implied]
        # "non-nvidia hardware work", "every platform except rocm": what is left out of a group of
        # alternatives is the others of it (a lone subject left out of itself stays asked)
        groups = tuple(tuple(k for k in g if k not in st.exclude) or g if len(g) > 1 else g for g in groups)
        topics = tuple(dict.fromkeys(t for g in groups for t in g if not is_term(t) and not is_change(t)))
        then_since = then_until = None
        then_label = ""
        if st.then is not None:
            then_since, then_until = self.clock.resolve(st.then)
            if (then_since, then_until) != (since, until):
                then_label = window_label(then_since, then_until, self.tz, self.tz_name)
            else:
                then_since = then_until = None
        # "break down last week's prs by area": the phrasal verb is the noun
        # ("break that same november list down by topic": the object may sit between the two)
        broken_down = ("break", "down") in set(itertools.pairwise(tokens)) or any(
            t in ("break", "broken")
            and tokens[j] == "down"
            and tokens[j + 1 : j + 2] in ([], ["by"], ["into"], ["per"], ["across"])
            for k, t in enumerate(tokens)
            # (a date range between counts its pieces: "break the nov 16-22 week down by area")
            for j in range(k + 1, min(k + 10, len(tokens)))
        )
        ranked = _ranks_topics(tokens)  # "which area had the most prs", "busiest topic"
        # ("break them down by author": by people, whom a who-answer lists)
        by_people = any(a in _PER and b in PEOPLE_NOUNS for a, b in itertools.pairwise(tokens))
        per_topic = not by_people and (
            broken_down
            or "breakdown" in tokens
            or any(a in _PER and b in _TOPIC_NOUNS for a, b in zip(tokens, tokens[1:], strict=False))
            or ranked
        )
        # "quantization by format", "break it down by model": the named things of a kind, counted
        per_kind = next(
            (KIND_NOUNS[b] for a, b in itertools.pairwise(tokens) if a in _PER and b in KIND_NOUNS), ""
        )
        per_kind = per_kind or _ranks_kind(tokens)  # "which model got the most prs in july"
        per_kind = per_kind or self._kind_touched(tokens, groups)  # "which models got faster"
        if per_kind and per_topic and any(len(g) > 1 and all(map(is_term, g)) for g in groups):
            per_kind = ""  # "by connector? nixl vs mooncake": the things named are the buckets
        if per_kind:
            # the kind's noun names what is counted, not a topic to filter by ("which model got the
            # most prs" is no New models question; "new models by model" still is)
            read_as = [self._lookup_topic([t], 0)[0] for t in tokens]
            alone = {
                key
                for t, key in zip(tokens, read_as, strict=True)
                if t in KIND_NOUNS and read_as.count(key) == 1
            } - {None}
            groups = tuple(g for g in groups if not (len(g) == 1 and g[0] in alone))
            topics = tuple(t for t in topics if t not in alone)
            per_topic = False
            said = set(KIND_NOUNS) | _PERIOD_HEADS | {"grouped", "group", "grouping", "tally", "break"}
            st.text[:] = [w for w in st.text if w not in said]
            st.ignored[:] = [w for w in st.ignored if w not in said]  # read: no note calls it ignored
        if then_since is None and per_topic and window is None and _direction(tokens):
            # "which area grew the most" with no time: the recent days against as many days before
            then_since, then_until = since - (until - since), since
            then_label = window_label(then_since, then_until, self.tz, self.tz_name)
        if then_since is not None:  # "which area grew the most vs last month": the comparison's frame
            st.text[:] = [w for w in st.text if w not in TREND_WORDS]
        # "what fraction of prs are bug fixes", "what % of merged prs are rocm": a share
        share = any(a in _SHARE_WORDS and b == "of" for a, b in itertools.pairwise(tokens))
        if share:  # (words read, so no typo of another: "fraction" is no "function")
            st.text[:] = [w for w in st.text if w not in _SHARE_WORDS]
            for i, token in enumerate(tokens):
                if token in _SHARE_WORDS:
                    st.typos.pop(token, None)
                    st.corrections.pop(i, None)
        per_period = _per_period(tokens)
        if per_period:  # "per month", "month by month": the words ask for the breakdown itself
            said = _PERIOD_WORDS | _PERIOD_NOUNS.keys() | _BUSIEST | _SHAPE_OVER_TIME | {"active", "busy"}
            said |= _AVERAGE  # "avg prs merged per day", "merge rate": each day's count and the mean say it
            st.text[:] = [w for w in st.text if w not in said]
            st.ignored[:] = [w for w in st.ignored if w not in _BUSIEST]  # (read: the busiest is named)
            if window is None and not label and per_period != "day":
                # "rocm prs by month" with no time: the last six months (eight weeks), this one too
                today = self.now.astimezone(self.tz).date()
                start = (
                    add_months(today.replace(day=1), -(PERIODS_BY_DEFAULT["month"] - 1))
                    if per_period == "month"
                    else week_start_of(today, self.clock.week_start)
                    - timedelta(weeks=PERIODS_BY_DEFAULT["week"] - 1)
                )
                # (no time given all the same: in a thread the thread's own time stays)
                since, until = self.clock.resolve(Span(start, self.clock.today + timedelta(days=1)))
        if st.sort:  # "sort rocm prs by date": the verb of the order read from "by date"
            st.text[:] = [w for w in st.text if w not in SORT_VERBS]
        # "q2 rocm stats", "xpu statistics this month": the subject's numbers, which every answer
        # gives (its count, by state); "acceptance stats" names a thing and is searched
        stats = {
            tokens[k]
            for k in range(len(tokens))
            if tokens[k] in ("stats", "statistics")
            and (k == 0 or self._lookup_topic(tokens, k - 1)[0] or k - 1 in st.time_tokens)
        }
        st.text[:] = [w for w in st.text if w not in stats]
        if ("many", "times") in set(itertools.pairwise(tokens)):  # "how many times was X bumped": a count
            st.text[:] = [w for w in st.text if w != "times"]
        plain = [g for g in groups if not any(is_term(k) or is_change(k) for k in g)]
        if per_topic and len(plain) >= 3 and len(plain) == len(groups):
            # "break down everything merged by topic? only care abt spec-decode, multimodal, moe and
            # quantization": the topics listed are the buckets (no PR is all of them), platforms
            # read as one group among them too ("by area? (rocm, nvidia, xpu, frontend, ci...)")
            groups = (tuple(dict.fromkeys(k for g in plain for k in g)),)
        if per_topic:  # "count of merged prs per topic": the words ask for the breakdown itself
            # ("the merged numbers by area": the breakdown's head nouns, as for a count by period)
            said = _TOPIC_NOUNS | _PERIOD_HEADS | {"grouped", "group", "grouping", "tally"}
            said |= ({"break"} if broken_down else set()) | (
                RANKING_WORDS | _RANKING_VERBS if ranked else set()
            )
            st.text[:] = [w for w in st.text if w not in said]
        # "weekly digest"; "summary of what shipped last week", "any highlights?": a summary of a
        # whole window is what the digest is (with a count, "recap in 5 bullets" is its top five)
        # "doing my weekly newsletter, top 5 merges": the asker's own write-up, not the bot's digest
        own = {k for k, t in enumerate(tokens) if t in _DIGEST_WORDS and "my" in tokens[max(k - 3, 0) : k]}
        digest = any(t in _DIGEST_WORDS and k not in own for k, t in enumerate(tokens)) or (
            not _SUMMARY_WORDS.isdisjoint(tokens) and not st.limit
        )
        if digest:  # "can u post the digest for last week": asking to see it, not a word to search
            # "digest pls, missed it": what the asker did to it (a verb with "it" for object) neither
            said_of = {a for a, b in itertools.pairwise(tokens) if b in ("it", "that", "this", "them")}
            frame = _DIGEST_VERBS | said_of | _shape_of_summary(tokens)  # read once, not per word
            st.text[:] = [w for w in st.text if w not in frame]
            st.typos = {w: fix for w, fix in st.typos.items() if w not in _DIGEST_VERBS}
            # "tl;dr of mondays digest", "friday's digest": the digest posted that day, of the full
            # week before it (the weekday typed as a possessive without its apostrophe too)
            posted = next(
                (
                    d
                    for t, n in itertools.pairwise(tokens)
                    if (d := t.removesuffix("s")) in WEEKDAYS and n in _DIGEST_WORDS
                ),
                "",
            )
            day = self.clock.read([posted], 0) if posted else None
            if day is not None and day[0].start is not None:
                st.text[:] = [w for w in st.text if w.removesuffix("s") != posted]
                end = week_start_of(day[0].start, self.clock.week_start)
                since, until = self.clock.resolve(Span(end - timedelta(days=7), end))
                label = ""
                window = day[0]
        asked_keys = {k for g in groups for k in g}
        groups = _without_subsumed(groups, self.taxonomy)
        subsumed = asked_keys - {k for g in groups for k in g}
        corrected = ""
        if st.corrections:
            corrected = " ".join(st.corrections.get(i, t) for i, t in enumerate(tokens))
        return Query(
            since=since,
            until=until,
            window_label=label or window_label(since, until, self.tz, self.tz_name),
            window_given=window is not None or bool(label),
            anytime_label=st.anytime_label,
            topics=topics,
            any_of=groups,
            exclude=tuple(t for t in dict.fromkeys(st.exclude) if not any(t in g for g in groups)),
            states=_without_implied(tuple(dict.fromkeys(st.states))),
            authors=tuple(dict.fromkeys(st.authors)),
            text=" ".join(dict.fromkeys(st.text))[:200],
            exclude_text=tuple(dict.fromkeys(st.exclude_text)),
            phrases=tuple(st.phrases),
            exclude_authors=tuple(dict.fromkeys(st.exclude_authors)),
            pr_numbers=tuple(dict.fromkeys(st.prs))[:10],
            pr_repo=st.pr_repo,
            typos=tuple(st.typos.items()),
            corrected=corrected,
            notes=tuple(dict.fromkeys(st.notes)),
            terms=tuple(t for t in dict.fromkeys(st.terms) if term_key(t) not in subsumed),
            ignored=tuple(dict.fromkeys(st.ignored)),
            restated=tuple(dict.fromkeys(st.restated)),
            versions=tuple(w for w in dict.fromkeys(st.versions) if w in st.text),
            # "how many rocm prs were merged vs opened": two states side by side, each counted
            by_state=len(set(st.states)) > 1 and sets_side_by_side(tokens),
            share=share,
            readings=tuple(dict.fromkeys(st.readings)),
            then_since=then_since,
            then_until=then_until,
            then_label=then_label,
            sort=st.sort,
            limit=st.limit,
            # ("who broke the build": the fixes, whose authors mended it, not a list of culprits)
            who=(asks_who(tokens) and st.out_of_scope != BLAME) or st.first_timers,
            first_timers=st.first_timers,
            merge_time=st.merge_time,
            new_among=st.new_among,
            exact=bool(_EXACTLY.intersection(tokens))
            or ("in", "particular") in set(itertools.pairwise(tokens)),
            newest_if_none=window is None
            and not label
            and not set(st.states) - {"merged"}  # "anything fixed for macos lately?": the newest merged
            and not st.out_of_scope
            and bool(st.groups or st.authors)
            and _asks_what_is_new(tokens),
            per_topic=per_topic and not per_period,
            per_kind=per_kind if not per_period else "",
            per_period=per_period,
            busiest=(_busiest(tokens) if per_period else 0),
            average=bool(per_period and _AVERAGE.intersection(tokens)),
            change=(_direction(tokens) if then_since is not None else 0),
            ever=ever and window is None,
            digest=digest,
            author_pronoun=st.author_pronoun,
            pronoun_left_out=st.pronoun_left_out,
            out_of_scope=st.out_of_scope,
            prefer=tuple(dict.fromkeys(prefer)),
            counted=tuple(dict.fromkeys(counted)),
            included=tuple(st.included),
            time_text=" ".join(t for i, t in enumerate(tokens) if i in st.time_tokens),
            without_time=" ".join(
                st.corrections.get(i, t)
                for i, t in enumerate(tokens)
                if i not in _with_lead_ins(tokens, st.time_tokens) and not _is_mention(t)
            ),
        )

    def _set_window(self, st: _State, window: Span | None, words: Sequence[str]) -> None:
        if window is None:
            return
        if st.window is not None:
            if st.then is None:  # "this week vs last week": the second is compared with the first
                st.then = window
                return
            st.notes.append(f"At most two time ranges per question: ignored '{' '.join(words)}'.")
            return
        st.window = window

    # -- order and count ------------------------------------------------------------------------
    def _order(self, tokens: list[str], i: int, st: _State) -> int:
        """ "5 most recent", "the 10 latest", "newest 3", "last 5 prs": that many, newest first;
        "3 oldest", "oldest open lora prs", "oldest first": oldest first; "top 3", "first five":
        that many in the usual order; "sort by newest": the order alone."""
        tok = tokens[i]
        after = tokens[i + 1 : i + 4]
        count = _count(tok)
        if count and after[:1] and after[0] in _CAP_WORDS:  # "oldest first, 10 max"
            self._set_order(st, 0, count, tokens[i : i + 2])
            return 2
        if count and (
            after[:1] and after[0] in _PLEASE or not after and i and tokens[i - 1] in ("just", "only")
        ):
            # "newest first, 5 please", "rocm prs newest first, just 5": that many
            self._set_order(st, 0, count, tokens[i : i + 1 + bool(after)])
            return 1 + bool(after)
        if _order_word(tok) and after[:1] == ["top"] and len(after) > 1 and _count(after[1]):
            self._set_order(st, _order_word(tok), _count(after[1]), tokens[i : i + 3])  # "newest top 5"
            return 3
        if tok in _CAP_WORDS | {"limit"} and after[:1] and _count(after[0]):  # "max 10", "limit 5"
            self._set_order(st, 0, _count(after[0]), tokens[i : i + 2])
            return 2
        if tok in ("at", "no") and after[:1] in (["most"], ["more"]) and len(after) > 1:
            # "at most 10", "no more than 5"
            skip = 2 if after[:2] == ["more", "than"] else 1
            capped = _count(after[skip]) if len(after) > skip and (tok, after[0]) in _CAPS else 0
            if capped:
                self._set_order(st, 0, capped, tokens[i : i + 2 + skip])
                return 2 + skip
        if count:  # "5 most recent", "10 latest", "3 oldest"
            if after[:1] and after[0] in _LIST_NOUNS:  # "in like 5 bullets", "give me 3 things": the first 5
                self._set_order(st, 0, count, tokens[i : i + 2])
                return 2
            skip = 1 if after[:1] == ["most"] else 0
            if len(after) > skip and after[skip] in _WEIGHT_WORDS:  # "the 10 most impactful": by impact
                self._set_order(st, 0, count, tokens[i : i + 2 + skip])
                return 2 + skip
            order = _order_word(after[skip]) if len(after) > skip else 0
            if not order:
                return 0
            self._set_order(st, order, count, tokens[i : i + 2 + skip])
            return 2 + skip
        if tok in ("top", "first", "last", "most") or _order_word(tok):
            skip = 1 if tok == "most" and after[:1] == ["recent"] else 0
            count = _count(after[skip]) if len(after) > skip else 0
            order = -1 if tok == "most" else 0 if tok in ("top", "first") else _order_word(tok)
            if tok == "most" and not skip:
                return 0
            if count:  # "top 3", "latest 5", "last 5 prs", "most recent 10"
                self._set_order(st, order, count, tokens[i : i + 2 + skip])
                return 2 + skip
            # "newest first", or "the newest at first"
            first = (
                2 if after[skip : skip + 2] == ["at", "first"] else int(after[skip : skip + 1] == ["first"])
            )
            if tok in SORT_OLDEST or (order and first):  # "oldest", "newest first", "most recent first"
                self._set_order(st, order, 0, tokens[i : i + 1 + skip + first])
                return 1 + skip + first
            return 0
        comparative = {"older": 1, "newer": -1, "old": 1, "new": -1}
        lead = 1 if tok == "more" and after[:1] and after[0] in ("old", "new") else 0
        said = after[0] if lead else tok
        if (
            said in comparative
            and after[lead : lead + 1] == ["first"]
            and (lead or tok in ("older", "newer"))
        ):
            self._set_order(
                st, comparative[said], 0, tokens[i : i + 2 + lead]
            )  # "older first", "the more old first"
            return 2 + lead
        if tok in SORT_VERBS and after[:1] == ["by"] and len(after) > 1 and _order_word(after[1]):
            self._set_order(st, _order_word(after[1]), 0, tokens[i : i + 3])  # "sort by newest"
            return 3
        if tok in SORT_VERBS and after and _order_word(after[0]):  # "sort newest first"
            first = after[1:2] == ["first"]
            self._set_order(st, _order_word(after[0]), 0, tokens[i : i + 2 + first])
            return 2 + first
        if tok == "by" and after[:1] and after[0] in ("impact", "importance"):  # "top 5 ... by impact"
            return 2  # the usual order already
        if tok == "by" and after[:1] and after[0] in ("date", "time"):  # "rocm prs by date"
            self._set_order(st, st.sort or -1, 0, tokens[i : i + 2])
            return 2
        reverse = tok == "reverse" and bool(after) and after[0] in _CHRONOLOGICAL
        if reverse or tok in _CHRONOLOGICAL or (tok == "date" and after[:1] == ["order"]):
            # "please chronological", "in date order": the order things happened in, oldest first
            # ("reverse chronological order": newest first)
            used = 1 + reverse
            used += tokens[i + used : i + used + 1] == ["order"]
            self._set_order(st, -1 if reverse else 1, 0, tokens[i : i + used])
            return used
        if (
            _order_word(tok)
            and after[:1] == ["to"]
            and len(after) > 1
            and _order_word(after[1]) == -_order_word(tok)
        ):
            self._set_order(st, _order_word(tok), 0, tokens[i : i + 3])  # "oldest to newest"
            return 3
        return 0

    @staticmethod
    def _set_order(st: _State, order: int, count: int, words: Sequence[str]) -> None:
        st.sort = order or st.sort
        st.limit = count or st.limit
        if count:
            shown = {
                1: f"the {count} oldest",
                -1: f"the {count} newest",
                0: f"the first {count} (by impact)",
            }[order or st.sort]
        else:
            shown = "oldest first" if order > 0 else "newest first"
        st.readings.append(f"'{' '.join(words)}' → {shown}")

    # -- PR numbers and people -----------------------------------------------------------------
    def _pr_ref(self, tokens: list[str], i: int, st: _State) -> int:
        token = tokens[i]
        match = _PR_URL.match(token)
        if match:
            st.prs.append(int(match.group(2)))
            st.pr_repo = match.group(1)
            return 1
        match = _ISSUE_URL.match(token)
        number = match.group(2) if match else ""
        if token in ("issue", "issues") and i + 1 < len(tokens):  # "issue 35949", "issue #35949"
            number = tokens[i + 1].lstrip("#") if tokens[i + 1].lstrip("#").isdigit() else ""
        if number:  # an issue: the PRs that name it, said plainly
            if i and tokens[i - 1] in ("link", "url") and tokens[i - 1] in st.text:  # "link <url>"
                st.text.remove(tokens[i - 1])
            st.notes.append(ISSUE_NOTE.format(number=number))
            st.text.append(number)
            st.issue = number
            return 1 if match else 2
        match = _PR_REF.match(token)
        if match:
            st.prs.append(int(match.group(1) or match.group(2)))
            return 1
        if token in ("pr", "pull", "#") and i + 1 < len(tokens):
            skip = 1 if tokens[i + 1] in ("number", "no", "num", "nr") and i + 2 < len(tokens) else 0
            nxt = tokens[i + 1 + skip].lstrip("#")  # "pr 35483", "pr number 35483"
            if nxt.isascii() and nxt.isdigit() and len(nxt) <= 9:
                st.prs.append(int(nxt))
                return 2 + skip
        if token.isascii() and token.isdigit() and 5 <= len(token) <= 9:
            st.prs.append(int(token))  # a bare five-digit number is a PR, not a year
            return 1
        return 0

    def _author(self, tokens: list[str], i: int, st: _State) -> int:
        token = tokens[i]
        if token.startswith("<@") or token.startswith("<!") or token.startswith("<#"):
            st.notes.append("Chat mentions can't be matched to GitHub users: write @github-login.")
            return 1
        if token.startswith("@") and len(token) > 1:
            if _leaves_out(tokens, i) and _LOGIN.match(token[1:]):  # "excluding @x", "not @x"
                st.exclude_authors.append(token[1:])
                return 1
            return self._add_author(token[1:], st, 1)
        if token.startswith("author:") and len(token) > 7:
            return self._add_author(token[7:], st, 1)
        if token == "from" and tokens[i + 1 : i + 2] and tokens[i + 1] in PRONOUNS:  # "the ones from him"
            st.author_pronoun = True
            return 2
        if (
            token == "from"
            and tokens[i + 1 : i + 2] in (["same"], ["that"], ["the"], ["this"])
            and (tokens[i + 2 : i + 3] and tokens[i + 2] in _SOMEONE)
        ):
            st.author_pronoun = True  # "any other open PRs from same author?"
            return 3
        if token in ("him", "her") and _pronoun_left_out(tokens, i):
            # "and if you leave him out?", "who's second if we don't count him": the person the
            # thread means, left out (the verb and "out" are the phrase's frame)
            st.pronoun_left_out = True
            st.text[:] = [w for w in st.text if w not in LEAVING_PERSON_OUT | {"count", "counting"}]
            return 2 if tokens[i + 1 : i + 2] == ["out"] else 1
        if token in ("he", "she", "his", "her", "him") and i + 1 < len(tokens):  # "what else did he do"
            st.author_pronoun = True
            return 1
        after = tokens[i + 1] if i + 1 < len(tokens) else ""
        if token in ("they", "he", "she") and (
            after in STATE_WORDS
            or state_verb(after)
            or after in ("work", "worked", "write", "wrote", "do", "did", "done", "doing", "make", "made")
        ):
            st.author_pronoun = True  # "what did they merge besides docs": a person (not "they" the PRs)
            return 1
        if token in ("that", "the", "same", "this") and tokens[i + 1 : i + 2] and tokens[i + 1] in _SOMEONE:
            st.author_pronoun = True  # "anything else from that author"
            return 2
        if token in ("by", "per") and tokens[i + 1 : i + 2] and tokens[i + 1] in PEOPLE_NOUNS:
            return 2  # "rocm this month by author", "per person": the PRs split by who wrote them
        if token in ("by", "author") and i + 1 < len(tokens):
            nxt = tokens[i + 1]
            if self._lookup_topic(tokens, i + 1)[0] or nxt in STATE_WORDS or nxt in STOPWORDS:
                return 0
            if (
                (i and tokens[i - 1] in SORT_VERBS)
                or nxt in SORT_KEYS
                or nxt in _TOPIC_NOUNS | set(_PERIOD_NOUNS) | set(KIND_NOUNS)
            ):
                return 0  # "sort by newest", "by date": an order; "by topic", "by month", "by format": a breakdown
            if nxt in ANYONE:  # "prs by anyone from red hat": no one in particular
                return 2
            if _FIRST_TIMERS.match(" ".join(tokens[i + 1 : i + 4])):
                return 1  # "prs by first time contributors": people new here, no login "first"
            if nxt in _MEASURES and (tokens[i + 2 : i + 3] == ["of"] or i + 2 == len(tokens)):
                st.ignored.append(nxt)  # "top 5 by number of PRs", "ranked by count": how people rank
                return 2
            if nxt in PRONOUNS:  # "other kimi prs by them": whoever a thread's PR is by
                st.author_pronoun = True
                return 2
            if nxt in _POINTERS or nxt == "it":
                return 2  # "which models were hit by these": the PRs themselves, no login "these"
            if _leaves_out(tokens, i) and nxt in _BOT_WORDS:  # "not by bots": every bot account
                st.exclude_authors.append(BOTS)
                return 2
            if _leaves_out(tokens, i) and _LOGIN.match(nxt.lstrip("@")):
                # "rocm prs not by @x", "except the ones by x": everyone else's
                st.exclude_authors.append(nxt.lstrip("@"))
                return 2
            return self._add_author(nxt.lstrip("@"), st, 2)
        return 0

    def _add_author(self, login: str, st: _State, consumed: int) -> int:
        if login in _MENTIONS:
            st.notes.append("Ignored a channel-wide mention.")
        elif _LOGIN.match(login):
            st.authors.append(login)
        else:
            st.notes.append("Ignored an author name that is not a valid GitHub login.")
        return consumed

    # -- topics and states ---------------------------------------------------------------------
    def _asks_what_it_is(self, tokens: list[str], st: _State) -> bool:
        """ "what is dbo", "what's eplb?", "explain mtp", "what does nixl stand for", "define
        dspark": a question made of a defining frame and one named thing, nothing else ("what is
        new", "what is the latest on X", "what is open for rocm" ask other things)."""
        words = [t for t in tokens[_after_openers(tokens) :] if any(c.isalnum() for c in t)]
        head = next((len(f) for f in _DEFINING_FRAMES if tuple(words[: len(f)]) == f), 0)
        if not head or len(st.groups) != 1 or st.states or st.authors:
            return False
        rest = words[head:]
        if rest[-2:] == ["stand", "for"]:
            rest = rest[:-2]
        elif rest[-1:] in (["mean"], ["means"]):
            rest = rest[:-1]
        while rest[:1] and rest[0] in ("a", "an", "the"):
            rest = rest[1:]
        # (a named term, or a topic named by jargon, "mrv2": "what models?" asks which ones)
        key, length = self._lookup_topic(rest, 0)
        jargon = is_term(key or "") or not all(is_english(w) for w in rest)
        return bool(rest) and length == len(rest) and jargon

    def _kind_touched(self, tokens: list[str], groups: Sequence[Sequence[str]] = ()) -> str:
        """ "which models got faster", "what gpus were hit by bugs", "which kernels did rocm
        optimize": asking which things of a kind a change touched names them, each with its PRs
        (the kind noun is no topic: "models" read as New models emptied a bug-fix answer). Words
        of arrival keep "which models were added" / "do we support" the new models, and of
        removal the removals; a noun inside a name ("model runner") is that name's."""
        # ("which models got support for lora": the support of a thing of another kind arrived,
        # for the models the LoRA PRs name; "which models got support" are new models)
        arrived = (_ARRIVAL_WORDS | _GONE).intersection(tokens)
        support_of_another = (
            bool({("support", "for"), ("supported", "for")} & set(itertools.pairwise(tokens)))
            and not arrived - {"support", "supports", "supported"}
            and any(
                kind_of(key, self.taxonomy) != "model" and key != "new-model" for g in groups for key in g
            )
        )
        for k, kind in _counted_kind_nouns(tokens):
            if not {"which", "what"}.intersection(tokens[max(k - 2, 0) : k]) or tokens[k - 2 : k - 1] == [
                "new"
            ]:
                continue
            if self._lookup_topic(tokens, k)[1] > 1:
                continue
            if kind == "model" and arrived and not support_of_another:
                continue  # (a model's arrival or removal is a PR of its own: "which models got removed")
            return kind
        return ""

    def _lookup_topic(self, tokens: list[str], i: int) -> tuple[str | None, int]:
        """The topic (`rocm`) or named term (`term:nvfp4`) spelled at tokens[i:], and its length."""
        key, length, _ = self._lookup(tokens, i)
        return key, length

    def _lookup(self, tokens: list[str], i: int) -> tuple[str | None, int, str]:
        """(topic key or `term:<key>`, tokens used, how an unusual spelling was read)."""
        if i >= len(tokens) or not any(c.isalnum() for c in tokens[i]):
            return None, 0, ""  # "expert parallel / deepep": the slash joins, it starts no name
        words = [t[:-2] if t.endswith("'s") else t for t in tokens[i : i + self.vocab.longest + 2]]
        # a spaced dash ends a name ("fp8 vs mxfp4 - how many": not the two words "mxfp4 -")
        words = list(itertools.takewhile(lambda w: any(c.isalnum() for c in w), words))
        change, change_len = change_key(words)
        if change is not None and change_len > 1:
            return change, change_len, ""  # "api keys", "security fixes": not the API's topic
        topic, topic_len = None, 0
        for length in range(min(self.vocab.longest, len(words)), 0, -1):
            head = " ".join(words[: length - 1])
            for last in lemmas(words[length - 1]):  # "spec decoding" is "spec decode"
                found = self.vocab.words.get(_norm(f"{head} {last}"))
                if found is not None:
                    topic, topic_len = found, length
                    break
            if topic is not None:
                break
        term, term_len = self.vocab.terms.lookup(words, 0) if self.vocab.terms else (None, 0)
        if term is not None and (
            term_len > topic_len
            or (term_len == topic_len and _norm(" ".join(words[:term_len])) not in self.vocab.own)
        ):
            return term_key(term), term_len, ""
        if topic is not None:
            return topic, topic_len, ""
        folded = fold(words[0]) if words else ""
        for form in (folded, folded[:-1] if folded.endswith("s") else ""):
            key = self.vocab.folded.get(form) if form else None
            if key is not None:
                return key, 1, f"'{words[0]}' → {self.vocab.names[key]}"
        change, change_len = change_key(words)  # "breaking", "reverts", "security fixes"
        if change is not None:
            return change, change_len, ""
        # "NixlConnector", "flashinfer_backend", "MooncakeConnectorV1": a named thing's class in the
        # code, which is that thing
        stem = _CLASS_SUFFIX.sub("", words[0]) if words else ""
        if stem and stem != words[0] and self.vocab.terms:
            named, _ = self.vocab.terms.lookup([stem], 0)
            if named is not None:
                return term_key(named), 1, f"'{words[0]}' → {self.vocab.term_names.get(named, named)}"
        # "kvantizace", "спекулятивный": a topic's name as another language borrowed it (wherever a
        # topic may stand: "bez dokumentace" leaves docs out); a typo of an English word stays a typo
        loaned = self.vocab.cognates.topic(words[0]) if words else None
        if loaned is not None and not self._suggest(words[0]):
            return loaned, 1, f"'{words[0]}' → {self.vocab.names[loaned]}"
        return None, 0, ""

    @staticmethod
    def _including_state(tokens: list[str], i: int, st: _State) -> int:
        """ "all deepep stuff last 2 wks incl open": every state, the open ones among them (the
        default already holds them); not a word to search, nor only the open ones."""
        if tokens[i] not in _INCLUDING:
            return 0
        gap = 2 if tokens[i + 1 : i + 2] == ["the"] else 1
        word = tokens[i + gap] if i + gap < len(tokens) else ""
        if STATE_WORDS.get(word) not in ("open", "draft", "closed", "merged"):
            return 0
        st.states.append(STATE_WORDS[word])
        st.included.append(STATE_WORDS[word])
        return gap + 1 + (tokens[i + gap + 1 : i + gap + 2] in (["ones"], ["prs"]))

    def _release_ref(self, tokens: list[str], i: int, st: _State) -> int:
        """ "since the last release", "after the latest release": a time the PR data cannot
        place (releases are not in it), said so; "release" is then no CI & build word."""
        found = _RELEASE_REF.match(" ".join(tokens[i : i + 6]))
        if not found:
            return 0
        said = found.group(1) or found.group(2)
        st.notes.append(RELEASE_NOTE.format(word=said if said.startswith("the ") else f"the {said}"))
        return len(found.group(0).split())

    def _topic(self, tokens: list[str], i: int, st: _State, joiner: str) -> int:
        token = tokens[i]
        if token.startswith("-") and len(token) > 1 and token not in ("-h", "--help"):
            rest = [token[1:], *tokens[i + 1 :]]
            key, length = self._lookup_topic(rest, 0)
            if key:
                st.exclude.append(key)
                return length
            word = token.lstrip("-")
            if token.startswith("--") and word[:1].isalpha():
                # "--enforce-eager", "--gpu-memory-utilization": a command-line flag named, not a minus
                st.text.append(word)
                return 1
            if STATE_WORDS.get(word) in NEGATABLE_STATES:  # "-draft": the answer without drafts
                st.states.append(NOT_STATE + STATE_WORDS[word])
            elif word in STATE_WORDS:
                st.notes.append(f"Excluding a state isn't supported: ignored '-{word}'.")
            elif word:
                st.exclude_text.append(word)
            return 1
        if re.search(r"[/|]", token) and self._either(token, st):
            # "dsv3/v4", "mi300/325": each part (a name's prefix spelling would take only the first)
            st.topic_end = i + 1
            return 1
        key, length, reading = self._lookup(tokens, i)
        if not key:
            return 0
        if length == 1 and token in _HEAD_NOUNS and st.topic_end == i:
            st.topic_end = i + 1  # "vision models", "qwen models": the head noun of what came before
            return 1
        if reading:
            st.readings.append(reading)
        if joiner == "or the":  # an alternative past an article only to a thing of the same kind
            last = st.groups[-1][-1] if st.groups else ""
            # or to the topic that thing is part of ("MLA or the attention backends": either)
            joiner = (
                "or"
                if last
                and (
                    self._kind_or_term_kind(last) == self._kind_or_term_kind(key) != ""
                    or key in implies(last, self.taxonomy)
                    or last in implies(key, self.taxonomy)
                )
                else ""
            )
        if (
            not joiner
            and st.topic_end == i
            and st.groups
            and st.groups[-1][-1] in implies(key, self.taxonomy)
            and not implies(st.groups[-1][-1], self.taxonomy)  # a vendor, not "blackwell sm120"
            and not (is_term(key) and kind_of(key, self.taxonomy) != "hardware")
        ):
            # "nvidia blackwell vs amd rocm", "amd mi300x": the vendor said right before its own
            # platform or GPU names it again; the side is the narrower thing (in the vendor's place
            # among alternatives: "hopper vs amd mi300x")
            st.groups[-1].pop()
            if st.groups[-1]:
                joiner = "or"
            else:
                st.groups.pop()
        self._add_key(st, key, joiner)
        st.topic_end = i + length
        return length

    def _kind_or_term_kind(self, key: str) -> str:
        """A key's kind for joining alternatives: its platform/model/format/kernel kind, or for a
        named feature ("Responses API") the term's own kind."""
        kind = kind_of(key, self.taxonomy)
        if kind or not is_term(key):
            return kind
        term = self.taxonomy.term(key[5:])
        return term.kind if term else ""

    @staticmethod
    def _add_key(st: _State, key: str, joiner: str) -> None:
        """A topic or term asked for: its own group, or an alternative in the last one after `or`."""
        if key.startswith("term:"):
            st.terms.append(key[5:])
        # "bumped torch / cuda pins": a kind of change and a named thing are no alternatives (the
        # change is of the thing); two kinds of change or two things are
        if st.groups and (
            joiner == "vs" or joiner == "or" and is_change(st.groups[-1][-1]) == is_change(key)
        ):
            st.groups[-1].append(key)
        else:
            st.groups.append([key])

    def _negated(self, tokens: list[str], i: int, st: _State) -> int:
        if tokens[i].startswith("non-") and len(tokens[i]) > 4:  # "non-nvidia perf work"
            key, length = self._lookup_topic([tokens[i][4:]], 0)
            if key and length == 1 and key != BREAKING:
                st.exclude.append(key)
                st.topic_end = i + 1  # "non-moe models": "models" is its head noun
                return 1
        verb = tokens[i] in NEGATING_VERBS or (
            tokens[i] in _OUT_VERBS and tokens[i + 1 : i + 2] == [_OUT_VERBS[tokens[i]]]
        )  # "leave out the ci ones", "get rid of the docs prs"
        if not (verb or is_negator(tokens[i])) or i + 1 >= len(tokens):
            return 0
        if tokens[i] == "filter" and tokens[i + 1] in ("just", "only", "to", "by", "for", "on"):
            return 0  # "filter to rocm", "filter just the fixes": keeping, not leaving out
        if tokens[i] in ("not", "no") and tokens[i + 1] in ("just", "only", "merely", "simply"):
            # "compare nvfp4 to mxfp4, not just moe": wider than that, so it is neither left out
            # nor asked for
            at = i + 2
            while at < len(tokens) and tokens[at] in _DETERMINERS:
                at += 1  # "not just the fixes"
            key, length = self._lookup_topic(tokens, at) if at < len(tokens) else (None, 0)
            if key and not {"but", "also", "too", "plus"} & set(tokens[at + length : at + length + 4]):
                # ("not only rocm but xpu too": both, read as alternatives below)
                st.ignored.append(" ".join(tokens[i : at + length]))
                return at + length - i
            st.not_only = True  # "not only eagle, also mtp, dspark ...": any of them, "also" joins
            return 0
        # "drop the ci ones", "leave out anything about docs"; "not related to ci"
        between = (_DETERMINERS | _PICKED if verb else _NEGATION_GAP) | _MERE
        gap = 1 + (tokens[i] in _OUT_VERBS)
        while gap <= _MAX_GAP and i + gap < len(tokens) and tokens[i + gap] in between:
            if verb and tokens[i + gap] in _PICKED:  # "remove the ones about rocm": what they are about
                between = _NEGATION_GAP | _RELATIVE | _MERE  # "drop the ones that only touch ci" too
            gap += 1
        if verb and i + gap + 1 < len(tokens) and not self._lookup_topic(tokens, i + gap)[0]:
            # "skip kernel perf stuff": a word qualifying the topic left out, before its head noun
            key, length = self._lookup_topic(tokens, i + gap + 1)
            head = tokens[i + gap + 1 + length : i + gap + 2 + length]
            if key and tokens[i + gap].isalpha() and (not head or head[0] in _EXCLUDED_HEADS):
                gap += 1
        if (
            tokens[i + gap : i + gap + 1] == ["from"]
            and i + gap + 1 < len(tokens)
            and self._lookup_topic(tokens, i + gap + 1)[0]
        ):
            gap += 1  # "deepseek prs not from amd": where they come from, a platform left out
        word = tokens[i + gap] if i + gap < len(tokens) else ""
        # a state word or a verb of one: "not merged", "haven't landed", "didn't ship"
        negated = "merged" if word == "merging" else STATE_WORDS.get(word) or state_verb(word)
        if negated and _ASKER_WANTS & set(tokens[i + 1 : i + gap]):
            return 0  # "dont want to ship something half-baked": what the asker does, not a PR's state
        if negated in NEGATABLE_STATES:  # "no drafts", "drop the open ones", "not merged"
            if not (negated == "merged" and "closed" in st.states):  # "closed without merging" stays closed
                st.states.append(NOT_STATE + negated)
            return gap + 1
        if re.search(r"[/|]", word):  # "remove the rocm/xpu filter": each of them
            words = [part for part in re.split(r"[/|]", word) if part]
            parts = [self._lookup_topic([part], 0)[0] for part in words]
            # "skip the mamba/hybrid ones": a word of a named thing's own name names it again
            said = " ".join(self._name_of(k).lower() for k in parts if k)
            if any(parts) and all(
                k or re.search(rf"\b{re.escape(w)}\b", said) for k, w in zip(parts, words, strict=True)
            ):
                st.exclude.extend(k for k in parts if k)
                return gap + 1
            after = tokens[i + gap + 1 : i + gap + 2]
            if (
                any(parts)
                and after
                and after[0] in _EXCLUDED_HEADS
                and all(k or _MENTIONED_WORD.match(w) for k, w in zip(parts, words, strict=True))
            ):  # "leave out the pure ci/test-infra ones": the topic, and the other word in titles
                st.exclude.extend(k for k in parts if k)
                st.exclude_text.extend(w for k, w in zip(parts, words, strict=True) if not k)
                return gap + 2
        key, length = self._lookup_topic(tokens, i + gap) if i + gap < len(tokens) else (None, 0)
        if not key and tokens[i + gap : i + gap + 1] and tokens[i + gap] in _BOT_WORDS:
            st.exclude_authors.append(BOTS)  # "top contributors excluding bots", "no bots"
            return gap + 1
        member = self._member_left_out(tokens, i + gap, st) if not key and not verb else (None, 0)
        if member[0]:
            # "deepseek but not v4", "qwen except 3.5": the member of the family named before
            st.exclude.append(member[0])
            return gap + member[1]
        if not key and _leaves_out_words(tokens, i, gap, verb):
            # "without the typo fixes", "hide the lint stuff": PRs that say the word, left out
            st.exclude_text.append(word)
            at = _past_own(tokens, i + gap + 1)
            head = tokens[at : at + 1]  # "the typo fixes": its head noun goes with it
            return at - i + bool(head and head[0] in _EXCLUDED_HEADS)
        # "remove deprecated" asks for removals; it does not leave them out.
        if not key or (verb and key == BREAKING):
            return 0
        st.exclude.append(key)
        used = gap + length
        again, again_length = self._lookup_topic(tokens, i + used) if i + used < len(tokens) else (None, 0)
        if again == key:  # "not the ci tests": the tests are CI work too, left out with it
            used += again_length
        if (
            tokens[i + used : i + used + 1] in (["version"], ["versions"])
            and tokens[i + used + 1 : i + used + 2]
        ):
            used += tokens[i + used + 1] in _EXCLUDED_HEADS  # "other than the tpu-inference version bumps"
        if tokens[i + used : i + used + 1] and tokens[i + used] in _EXCLUDED_HEADS:
            used += 1  # "just ci fixes": the CI work, not every bug fix; "skip the ci noise": the CI
        # "excluding deepseek and qwen", "no docs or ci", "ignore rocm / xpu / cpu stuff": the list
        # after the negator, all of it
        kind = kind_of(key, self.taxonomy)
        while i + used < len(tokens):
            joined = tokens[i + used] in _LIST_JOINERS
            if joined and i + used + 1 >= len(tokens):
                break
            more, more_length = self._lookup_topic(tokens, i + used + joined)
            if not joined:
                # "ignore rocm tpu xpu", "skip ci, docs" (commas are not tokens): a list of the
                # same kind of thing, each left out
                if not more or more == key or kind_of(more, self.taxonomy) != kind:
                    break
                if not kind and not {key, more} <= KINDS_OF_WORK:
                    break  # ("scrap spec decode, cudagraph related instead": a list of no one kind)
                st.exclude.append(more)
                used += more_length
                continue
            if not more:
                # "skip the ci + test-tolerance stuff": a word no topic names, ending the list
                # before the work's head noun, is left out as a word of the titles
                word, after = tokens[i + used + 1], tokens[i + used + 2 : i + used + 3]
                if (
                    _MENTIONED_WORD.match(word)
                    and word not in STOPWORDS
                    and (not after or after[0] in _EXCLUDED_HEADS)
                ):
                    st.exclude_text.append(word)
                    used += 2 + bool(after)
                break
            st.exclude.append(more)
            used += 1 + more_length
            if tokens[i + used : i + used + 1] and tokens[i + used] in _EXCLUDED_HEADS:
                used += 1  # "not ci or test fixes": the fixes of tests, not every bug fix
        return used

    def _under_way(self, tokens: list[str], i: int, st: _State) -> int:
        """ "in flight", "working on", "wip": still open (not after a negator: "not working on");
        "went in", "made it in": merged."""
        got_in = merged_phrase(tokens, i)
        if got_in and not (i and is_negator(tokens[i - 1])):
            self._read_state(st, "merged", " ".join(tokens[i : i + got_in]))
            return got_in
        length = open_phrase(tokens, i)
        if not length or (i and is_negator(tokens[i - 1])):
            return 0
        if tokens[i].startswith("work") and WRITING_DOCS.intersection(tokens[i + length : i + length + 4]):
            return 0  # "working on the upgrade notes": the asker's writing, no state
        lately = _LATELY.intersection(tokens) or ("these", "days") in set(itertools.pairwise(tokens))
        # ("who the main people working on lora have been since september": the perfect after it)
        been = tokens[i - 1 : i] == ["been"] or "been" in tokens[i + length : i + length + 8]
        if tokens[i].startswith("work") and ((been or lately) and asks_who(tokens) or been):
            # "who's been working on flashinfer lately", "who are the folks working on xgrammar these
            # days": the people behind the recent work, done or not ("who's working on the tpu
            # backend", now: its open PRs); "what has he been working on since then": what he did
            # over that time, landed or not (the perfect looks back over a period)
            st.ignored.append(" ".join(tokens[i : i + length]))
            return length
        self._read_state(st, "open", " ".join(tokens[i : i + length]))
        return length

    @staticmethod
    def _read_state(st: _State, state: str, words: str) -> None:
        """A state read from everyday words ("landed", "in flight"), said in the reply."""
        st.states.append(state)
        st.readings.append(f"'{words}' → {state}")
        st.state_readings.append(st.readings[-1])

    def _state(self, token: str, st: _State, before: Sequence[str] = (), after: Sequence[str] = ()) -> int:
        state = STATE_WORDS.get(token)
        if state is None:
            return 0
        if token == "open" and after and after[0] in _OPENED_THING and all(w in _ASKING_LEAD for w in before):
            return 1  # "ok open that week", "open the first one": the verb of showing, no state
        if state == "open" and len(before) == 2 and before[0] in _AUXILIARIES and before[1] in _DOERS:
            state = "opened"  # "how many did he open this month": what he opened, not what is still open
        st.states.append(state)
        return 1

    def _either(self, token: str, st: _State) -> bool:
        """`rocm/xpu`, `qwen3-vl|qwen3-next`: either of the things named; `amd+intel`, `fp8&moe`:
        each of them (then `alternatives` decides). Only when every part names something; a
        known word with a slash (`P/D`, `CI/Build`) was read as that word before."""
        either = bool(re.search(r"[/|]", token))
        parts = [p for p in re.split(r"[/|+&]", token) if p]
        if len(parts) < 2 or (either and re.search(r"[+&]", token)):
            return False
        named = [p for p in parts if not is_domain_word(p)]
        if named and len(named) < len(parts):  # "perf/kernel work": the kind of thing, beside it
            parts = named
        keys = []
        for at, part in enumerate(parts):
            key, length, _ = self._lookup([part], 0)
            if (key is None or length != 1) and at and either:
                # "dsv3/v4", "mi300/325", "qwen3/3.5": the later parts keep the first one's start
                key, length = next(
                    (
                        (found[0], found[1])
                        for cut in range(len(parts[0]) - 1, 0, -1)
                        if (found := self._lookup([parts[0][:cut] + part], 0))[0] is not None
                    ),
                    (None, 0),
                )
            if key is None or length != 1:
                return False
            keys.append(key)
        st.terms.extend(k[5:] for k in keys if k.startswith("term:"))
        if either:
            st.groups.append(list(dict.fromkeys(keys)))
        else:
            st.groups.extend([key] for key in dict.fromkeys(keys))
        return True

    def _both_and(self, tokens: list[str]) -> bool:
        """Whether the question says "both X and Y" of two named things ("prs that touched both
        rocm and blackwell"): each of them, where two of a kind would read as either."""
        for i, token in enumerate(tokens[:-1]):
            if token == "both" and "and" in tokens[i + 2 : i + 6]:
                j = i + 1 + (tokens[i + 1] in ("the", "of"))
                if self._lookup_topic(tokens, j)[0] is not None:
                    return True
        return False

    def _of_a_dependency(self, st: _State, i: int, tokens: Sequence[str]) -> bool:
        """Whether the word at `i` comes right after a library or kernel package the question
        names ("torch 2.9", "bump triton to 3.5", "flashinfer version 0.6"): its version."""
        between = 1 if tokens[i - 1 : i] in (["to"], ["from"], ["version"], ["ver"]) else 0
        if st.topic_end != i - between or not st.groups:
            return False
        named = (self.vocab.terms.terms.get(k[5:]) for k in st.groups[-1] if is_term(k))
        return any(term is not None and term.kind in _VERSIONED_KINDS for term in named)

    def _model_id(self, word: str) -> str | None:
        """The model a model id names ("gpt-oss-120b", "qwen/qwen3-vl-8b-instruct"): the longest
        known name its dashed parts start with, when every part after it is a size, date or variant."""
        name = word.split("/", 1)[1] if word.count("/") == 1 else word  # "Qwen/...": the owner publishes
        parts = name.split("-")
        for cut in range(len(parts), 0, -1):
            if not all(_MODEL_SUFFIX.match(p) for p in parts[cut:]):
                break
            for head in ("-".join(parts[:cut]), " ".join(parts[:cut])):
                words = head.split(" ")
                key, length, _ = self._lookup(words, 0)
                if key is not None and length == len(words) and (head != word or cut < len(parts)):
                    return key
        return None

    def _free_word(self, tokens: list[str], i: int, st: _State) -> None:
        word = tokens[i]
        if not any(c.isalnum() for c in word):  # an emoji or stray punctuation ("👀", "!!")
            return
        if word in ("number", "amount") and tokens[i + 1 : i + 2] == ["of"]:  # "number of rocm prs": a count
            return
        if word in _SCOPE_VERBS and "to" in tokens[i + 1 : i + 6]:
            # "scope all of this to just the last week", "limit it to merged": the frame of a filter
            st.ignored.append(word)
            return
        if VERSION_WORD.fullmatch(word) and self._of_a_dependency(st, i, tokens):
            # "torch 2.9", "flashinfer 0.6", "transformers 5": that library's version, searched
            # (not a vLLM release, nor a number to write as #N); a bare major is "v5" as titles say
            st.text.append(f"v{word}" if word.isdigit() else word.lower())
            st.versions.append(st.text[-1])
            return
        model = self._model_id(word) if ("-" in word or "/" in word) else None
        if model is not None:
            self._add_key(st, model, "")
            name = self.vocab.term_names.get(model[5:]) if is_term(model) else self.vocab.names.get(model)
            st.readings.append(f"'{word}' → {name or model}")
            return
        if _NUMBER_SPAN.match(word) and tokens[i + 1 : i + 2] and tokens[i + 1].isalpha():
            st.ignored.append(word)  # "the 3-4 big themes", "2-3 bullets": roughly how many, not a word
            return
        if _RELEASE.match(word):  # "breaking changes since 0.11": said plainly, not searched
            st.notes.append(RELEASE_NOTE.format(word=word))
            return
        if _PARAMETER_COUNT.match(word):  # "gpt-oss 120b": a size beside a model; alone, searched
            st.domain.append(word)
            return
        if (
            word == "land"
            and st.topic_end == i
            and "in" in tokens[max(0, i - 4) : i]
            and not _AUXILIARIES.intersection(tokens[:i])
        ):  # "what's open in kv connector land": the area ("what did amd land" is merged)
            st.topic_end = i + 1
            return
        state = state_verb(word)
        if state is not None:  # "what did amd land": merged
            self._read_state(st, state, word)
            return
        # "what's new in vllm": the repo itself; "/vllm digest" typed with its own slash command
        if word in ("forget", "ignore", "omit") and not st.groups:
            # a verb of leaving out with nothing after it to leave out ("over the last 6 months tho,
            # forget the recent stuff"): the frame of a correction, not a word to search
            st.ignored.append(word)
            return
        own_name = word.removeprefix("/") == self.taxonomy.name.lower()
        if word in JUDGEMENT_WORDS and (
            tokens[i - 1 : i] == ["most"] or word in _SUPERLATIVE_JUDGEMENT | IMPORTANCE_WORDS
        ):
            # "the most important pr last week", "biggest rocm changes", "anything big": the order
            # every answer has (most significant first), so the word is read, not set aside
            said = f"most {word}" if tokens[i - 1 : i] == ["most"] else word
            st.readings.append(f"'{said}' → most significant first")
            return
        if word == "single" and tokens[i + 1 : i + 2] and tokens[i + 1] in _SUPERLATIVE_JUDGEMENT | {"most"}:
            return  # "the single most important change": one, which the superlative already says
        if word in _STRUCK and tokens[i + 1 : i + 2] == ["by"]:
            return  # "which gpus were hit by bugs": affected by, the question's frame ("cache hit" is not)
        if own_name or is_set_aside(word):  # the question's frame: "what changed", "any news", "updates"
            if not (own_name or is_quiet_frame(word)):
                st.ignored.append(word)
            return
        if is_domain_word(word):  # "the cpu backend", "mi300x users": decided in _finish
            st.domain.append(word)
            return
        if len(word) > 40 or word.startswith(("http://", "https://")):
            st.notes.append("Ignored a word that is too long to search for.")
            return
        if word.isascii() and word.isdigit():
            st.notes.append(f"Ignored the number '{word}' (write #{word} for a PR).")
            return
        if len(word) <= 2 and word.isalpha():  # too short to search: it would match any word start
            st.ignored.append(word)
            return
        if st.groups and i >= 2 and tokens[i - 1] in _POINTERS and tokens[i - 2] in _PLACE_PREPOSITIONS:
            # "anything for sm120 / flashinfer on that arch?": a thing the question already named
            st.ignored.append(word)
            return
        suggestion = self._suggest(word)
        if suggestion:
            st.typos.setdefault(word, suggestion)
            st.corrections[i] = suggestion
        if CYRILLIC.search(word):  # kept only in case it was a loanword: no title holds it
            return
        st.text.append(word)

    def _suggest(self, word: str) -> str | None:
        if len(word) < 4 or not word.isascii() or self._foreign or word in PEOPLE_NOUNS or is_english(word):
            return None  # ("person" is no misspelt "jetson", "before" no "geforce")
        # imported here: only an unknown word needs it, and it is a noticeable part of `ask`'s start
        from rapidfuzz.distance import OSA

        limit = 1 if len(word) <= 5 else 2
        best: tuple[int, str] | None = None
        letters = _DIGITS.sub("", word)
        for candidate, shown in self.vocab.fuzzy.items():
            if abs(len(candidate) - len(word)) > limit:
                continue
            if candidate != word and _DIGITS.sub("", candidate) == letters and letters != word:
                continue  # "mi400" / "mi300", "qwen5" / "qwen3": another model number, no typo
            if letters != word and _another_letter(word, candidate):
                continue  # "v100" / "h100", "a10g" / "a100": another product, no typo
            if candidate in self.vocab.people and not word.rstrip("s").endswith(("er", "or")):
                continue  # "maintains", "contributes": the verb, no misspelt "maintainers"
            distance = OSA.distance(word, candidate, score_cutoff=limit)
            if distance <= limit and (best is None or distance < best[0]):
                best = (distance, shown)
        if best is None or best[1] == word:  # never "did you mean <the word itself>?"
            return None
        return best[1]

    # -- time ------------------------------------------------------------------------------------
    def _time(self, tokens: list[str], i: int, st: _State) -> int:
        for phrase in _UP_TO_NOW:  # "in november so far": every window already ends now
            if tuple(tokens[i : i + len(phrase)]) == phrase:
                st.time_tokens.update(range(i, i + len(phrase)))
                st.up_to_now = True
                return len(phrase)
        first = st.window
        if (
            first is not None
            and st.then is None
            and tokens[i : i + 2] in ([u, "before"] for u in _UNITS)
            and _compared_with(tokens, i)
            and first.start is not None
            and first.end is not None
        ):
            # "last week vs the week before": the same length of time just before the first (a
            # calendar month, quarter or year before one: "last month vs the month before")
            months = {"month": 1, "mo": 1, "quarter": 3, "year": 12, "yr": 12}.get(tokens[i], 0)
            start = add_months(first.start, -months) if months else first.start - (first.end - first.start)
            st.then = Span(start, first.start)
            st.time_tokens.update(range(i, i + 2))
            return 2
        if (
            first is not None
            and st.then is None
            and tokens[i + 2 : i + 3] == ["before"]
            and (tokens[i].isdigit() or tokens[i] in NUMBER_WORDS)
            and tokens[i + 1 : i + 2] != []
            and (tokens[i + 1] in _UNITS or tokens[i + 1].removesuffix("s") in _UNITS)
            and _compared_with(tokens, i)
            and first.start is not None
            and first.end is not None
        ):
            # "the last 3 weeks vs the 3 weeks before": as long again, just before the first
            st.then = Span(first.start - (first.end - first.start), first.start)
            st.time_tokens.update(range(i, i + 3))
            return 3
        matched = self.clock.read(tokens, i)
        if (
            matched is None
            and tokens[i] in ("now", "present", "date")
            and i >= 2
            and tokens[i - 1] in _RANGE_JOINS
            and i - 2 in st.time_tokens
        ):
            # "from last month to now", "last week to date": on to today
            matched = (
                Span(first.start if first is not None else None, self.clock.today + timedelta(days=1)),
                1,
            )
        if matched is None:
            return 0
        span, length = matched
        if i and tokens[i - 1] in _FREQUENCY_LEADS and tokens[i] not in _POINTED:
            # "they bump it every 2 wks", "each month": how often, not when ("each this month" is when)
            st.ignored.extend(tokens[i - 1 : i + length])
            return length
        if st.window is None and _compared_with(tokens, i):
            # "is rocm up or down compared to last month": this month, compared with the last one
            unit = next((t for t in tokens[i : i + length] if t in _UNITS), None)
            current = self.clock.read(["this", unit], 0) if unit else None
            if current is not None:
                st.time_tokens.update(range(i, i + length))
                st.window, st.then = current[0], span
                return length
        first = st.window
        if (
            first is not None
            and st.then is None
            and i >= 2
            and tokens[i - 1] in ("or", "and", *_RANGE_JOINS)
            and i - 2 in st.time_tokens
            and not _COMPARING.intersection(tokens[: i - 1])  # "compare bugfix this week and last week"
            and not (tokens[i - 1] == "or" and COMPARATIVES.intersection(tokens[: i - 1]))
            and first.start is not None
            and first.end is not None
            and span.start is not None
            and span.end is not None
        ):
            # "merged yesterday or today", "monday and tuesday": one range over both, not two
            # compared; "from last week to this week", "先週〜今週": from the first's start on
            st.window = Span(min(first.start, span.start), max(first.end, span.end))
            st.time_tokens.update(range(i - 1, i + length))
            return length
        if first is not None and st.then is None and _restates(first, span, tokens, tokens[i : i + length]):
            # "last week's digest (the 13-19 nov one)": the dates say which week was meant; "over
            # the last couple of months - say since september": the month pins the rough period
            st.window = span
            st.time_tokens.update(range(i, i + length))
            if tokens[i - 1] in _RESTATING and tokens[i - 1] in st.text:
                st.text.remove(tokens[i - 1])
            return length
        if st.window is None:
            st.time_tokens.update(range(i, i + length))
        self._set_window(st, span, tokens[i : i + length])
        return length


def _restates(first: Span, second: Span, tokens: list[str], words: Sequence[str]) -> bool:
    """Whether a second time, written with dates or a month's name, says again which days the
    first meant ("last week (nov 13-19)", "the last couple of months, i.e. since september"): the
    two share most of their days (not "last week, not since nov 6"), and nothing compares them."""
    if None in (first.start, first.end, second.start, second.end) or not any(
        c.isdigit() or w in MONTHS for w in words for c in w
    ):
        return False
    if sets_side_by_side(tokens):
        return False
    assert first.start and first.end and second.start and second.end
    shared = (min(first.end, second.end) - max(first.start, second.start)).days
    return shared * 2 >= max((first.end - first.start).days, (second.end - second.start).days)


# Words between two times that make one range of them ("last week through this week")
_RANGE_JOINS = ("to", "through", "thru", "until", "till", "..")
# Words that introduce a time saying again, more exactly, the one before ("say since september")
_RESTATING = frozenset({"say", "ie", "i.e", "i.e.", "so", "meaning", "basically"})


def _compared_with(tokens: list[str], i: int) -> bool:
    """Whether the time phrase at `i` is what something is compared with ("vs last week",
    "compared to last month", "than last year", "vs the week before")."""
    if i and tokens[i - 1] == "the":
        i -= 1
    before = tokens[max(i - 2, 0) : i]
    return bool(before) and (
        before[-1] in _COMPARED_LEADS
        or (before[-1] in ("to", "with") and before[:1] in (["compared"], ["relative"]) and len(before) == 2)
    )


# The words that leave a person out just before "him" / "her": "leave him out", "without her",
# "ignore him" (the negators and verbs that leave a topic out, and their -ing forms)
LEAVING_PERSON_OUT = (
    _LEAVING_OUT | NEGATING_VERBS | {"leave", "leaving", "ignoring", "dropping", "skipping", "removing"}
)


def _pronoun_left_out(tokens: list[str], i: int) -> bool:
    """Whether the pronoun at `i` is left out: "leave him out", "without her", "don't count him"
    ("count him" alone counts him)."""
    before = tokens[i - 1] if i else ""
    if before in ("count", "counting"):
        return any(is_negator(t) for t in tokens[max(i - 3, 0) : i - 1])
    return before in LEAVING_PERSON_OUT


_THOSE_BY = frozenset({"the", "ones", "those", "prs", "pr", "any", "anything", "stuff", "work", "changes"})


def _leaves_out(tokens: list[str], i: int) -> bool:
    """Whether the `by` (or `@login`) at `i` is left out: "not by", "except the ones by", "without
    any prs by", "excluding @x"."""
    k = i - 1
    while k >= 0 and i - k <= 4 and tokens[k] in _THOSE_BY:
        k -= 1
    return k >= 0 and (is_negator(tokens[k]) or tokens[k] == "besides")


def is_negator(token: str) -> bool:
    """`not`, `without`, `never`, and negative auxiliaries: `aren't`, `isnt`, `didn't`."""
    return token in NEGATORS or token in _BARE_NEGATIVES or token.endswith("n't")


def _is_mention(token: str) -> bool:
    return token.startswith("<") or (token.startswith("@") and token[1:] in _MENTIONS)


def split_states(states: Sequence[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A query's states as (asked for, left out): ("merged", "not-draft") -> (("merged",), ("draft",))."""
    kept = tuple(s for s in states if not s.startswith(NOT_STATE))
    gone = tuple(s.removeprefix(NOT_STATE) for s in states if s.startswith(NOT_STATE))
    return kept, gone


def filter_words(query: Query, base: Query) -> str:
    """A narrowing as command words the parser reads back the same way (minus what `base` has);
    a named term is written as its key (`term:qwen3.5` -> `qwen3.5`), which names it again."""
    words = [" or ".join(_as_word(k) for k in group) for group in query.any_of if group not in base.any_of]
    words += [f"-{key.removeprefix('term:')}" for key in query.exclude if key not in base.exclude]
    words += state_words(query.states)
    words += [f"@{login}" for login in query.authors]
    words += query.text.split()
    words += [f"-{w}" for w in query.exclude_text]
    words += [f'titled "{p.replace(chr(34), chr(39))}"' for p in query.phrases]
    words += [
        "not by bots" if login == BOTS else f"not by @{login}"
        for login in query.exclude_authors
        if login not in base.exclude_authors
    ]
    return " ".join(words)


def _as_word(key: str) -> str:
    """A query key as a word the parser reads back: `term:qwen3.5` -> qwen3.5, `change:revert` -> revert."""
    return key.removeprefix("term:").removeprefix("change:")


def state_words(states: Sequence[str]) -> list[str]:
    """The states as a command writes them: "merged", "-draft"."""
    return [f"-{s.removeprefix(NOT_STATE)}" if s.startswith(NOT_STATE) else s for s in states]


def left_out(status: str, states: Sequence[str]) -> bool:
    """Whether a PR in this state now is left out by the query's `not-<state>`s (drafts are open)."""
    return status in left_out_statuses(states)


def left_out_statuses(states: Sequence[str]) -> frozenset[str]:
    """The PR statuses the query's `not-<state>`s leave out: "not-open" leaves out drafts too."""
    gone = split_states(states)[1]
    return frozenset({*gone, "draft"} if "open" in gone else gone)


def with_window(query: Query, since: datetime, until: datetime, label: str) -> Query:
    """A copy of `query` over another window (used to suggest a wider one)."""
    return replace(query, since=since, until=until, window_label=label, window_given=True)


MAX_LIMIT = 50  # "top 500": more than a chat message lists; the answer pages as usual
# Counts of PRs to show, in words: the calendar's number words, less the vague ones ("a few
# latest") and "one" ("the first one" is one PR's card, not a count), plus "twenty".
# A question of how many: "how many", "number of", "count of", and "total" opening a clause
# ("total merged, bugfixes, reverts?"; "how many merged in total" is one count)
_COUNT_CUE = re.compile(r"\bhow\s+many\b|\bnumber\s+of\b|\bcount\s+of\b")
_TOTAL_FIRST = re.compile(r"(?:^|[,;:.!?]\s*|\b(?:and|plus)\s+|\+\s*)(?:the\s+)?total\b")
_AMONG = re.compile(r"\s+of\s+(?:those|these|them|which|that)\b")
_FILTERING = frozenset(
    {"only", "just", "not", "no", "except", "excluding", "without", "but", "esp", "especially"}
)


def _pieces(text: str) -> list[tuple[int, str]]:
    """The items of a list ("bugfixes, perf prs and new models") with where each starts."""
    out, at = [], 0
    for sep in re.finditer(r"\s*(?:[,&+/]|\b(?:and|or|plus)\b)\s*", text):
        out.append((at, text[at : sep.start()]))
        at = sep.end()
    return [*out, (at, text[at:])]


def _later_counts(asked: str) -> tuple[int, bool]:
    """Where the later counts of a question asking several begin ("how many merged last week +
    how many were bugfixes": the second "how many"; "total merged, bugfixes, reverts?": the first
    item after the comma), and whether they count among the first ("and how many of those were
    rocm"); (-1, False) when one count is asked. A list needs two items or more, each a few words
    and none narrowing ("how many merged last week, rocm only" is one count); a colon opens a
    list as a comma does ("total merged: rocm, xpu and cpu?")."""
    text = asked.lower()
    cues = list(_COUNT_CUE.finditer(text))
    if len(cues) >= 2:
        return cues[1].start(), _AMONG.match(text, cues[1].end()) is not None
    first = cues[0] if cues else _TOTAL_FIRST.search(text)
    if first is None:
        return -1, False
    listed = re.compile(r"[,:]").search(text, first.end())  # "total merged, ...", "total merged: ..."
    if listed is None:
        return -1, False
    comma = listed.start()
    end = re.search(r"[?!;]|\.(?:\s|$)", text[comma:])
    tail = text[comma : comma + end.start() if end else len(text)]
    items = [(at, piece.split()) for at, piece in _pieces(tail)]
    items = [(at, words) for at, words in items if words]
    if any(len(words) > 3 or _FILTERING.intersection(words) for _, words in items):
        return -1, False
    if len(items) < 2:
        return -1, False
    return comma + items[0][0], False


_COUNT_WORDS = {
    w: n for w, n in NUMBER_WORDS.items() if w not in ("a", "an", "one", "couple", "few", "several")
}
_COUNT_WORDS["twenty"] = 20


# The states a PR in one state can never be in at once (a draft is open, so those two are not)
_EXCLUDES = {
    "merged": {"open", "draft", "closed"},
    "closed": {"open", "draft", "merged"},
    "open": {"merged", "closed"},
    "draft": {"merged", "closed"},
}


def _without_implied(states: tuple[str, ...]) -> tuple[str, ...]:
    """ "only merged, not interested in the open ones": no merged PR is open, so "not open" adds
    nothing (and the answer's line says "merged", not "merged, not open")."""
    asked = [s for s in states if not s.startswith(NOT_STATE)]
    if not asked:
        return states
    return tuple(
        s
        for s in states
        if not (
            s.startswith(NOT_STATE) and all(s.removeprefix(NOT_STATE) in _EXCLUDES.get(a, ()) for a in asked)
        )
    )


def count_word(word: str) -> int:
    """How many PRs `word` asks for ("5", "ten"), for `top 3` in commands and threads alike; 0 when
    it is no count (a PR number has four digits or more)."""
    if word.isascii() and word.isdigit() and len(word) <= 3:
        return int(word)
    return _COUNT_WORDS.get(word, 0)


def _count(word: str) -> int:
    return min(count_word(word), MAX_LIMIT)


_LEAD_INS = {
    "in", "the", "since", "from", "over", "during", "within", "for", "of", "start", "beginning", "at",
}  # fmt: skip


def _with_lead_ins(tokens: Sequence[str], time_tokens: set[int]) -> set[int]:
    """The time phrase's tokens and the words that lead into it ("in the" of "in the last 3
    wks", "since start of" of "since start of nov"), so a suggestion over another window reads
    as a question."""
    found = set(time_tokens)
    for start in sorted(i for i in time_tokens if i - 1 not in time_tokens):
        i = start - 1
        while i >= 0 and tokens[i] in _LEAD_INS:
            found.add(i)
            i -= 1
    return found


def _order_word(word: str) -> int:
    """-1 for a word of recency used as an order (latest, newest, recent, last), 1 for oldest."""
    if word in SORT_OLDEST:
        return 1
    return -1 if word in SORT_NEWEST or word == "last" else 0
