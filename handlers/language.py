"""How everyday chat words are read: the words that frame a question rather than filter it.

People ask "what changed in rocm last week?", "any news on spec decode?", "I'd like to see the
performance prs please". Only some of those words say *which* PRs are wanted. The rest fall into
a few classes, each set aside for a reason rather than listed as examples:

- **function words** — English's closed classes (pronouns, determiners, prepositions,
  conjunctions, auxiliaries, question words) and chat particles ("pls", "hey"): grammar, not
  content;
- **asking verbs** — what the asker wants done with the answer (show, list, see, tell, want);
- **activity words** — generic nouns and verbs that describe *every* PR (change, update, news,
  work, stuff, progress, happen): a filter they satisfy equally keeps everything, so they filter
  nothing;
- **judgement words** — important, notable, interesting, big: the bot ranks by impact anyway;
- **recency words** — recent, lately, new, latest: without a time phrase the default window
  (the last days) already is "recent";
- **relation words** — touching, involving, related to, about: they link the frame to the
  subject that follows.

Verbs of landing (land, ship, went in, get in, added) mean *merged*; verbs of opening (submit, file,
propose, raise) mean *opened*; words of waiting (pending, awaiting) and of work under way (in
flight, in progress, in review, working on, wip) mean *still open*.

Words are compared after a light, rule-based lemmatisation (`updates`, `updated`, `updating` ->
`update`; `shipped` -> `ship`), so inflections need no entries. Any other word is content: it
narrows the answer when PRs match it and is set aside, with a note, when it would empty an
answer that already has a topic, term or author (handlers/query.py).
"""

from __future__ import annotations

import itertools
import re
from collections import ChainMap
from collections.abc import Callable, Iterator, Sequence

from handlers.calendar import MONTH_NAMES
from handlers.closed_class import CYRILLIC_TIMES
from handlers.cognates import SHARED as LOANWORD


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


FUNCTION_WORDS = _words(
    """
    a an the this that these those there here it its it's they them their theirs we us our ours you
    your yours i me my mine he him his she her hers one ones some any every each all both either
    neither other another such what which who whom whose when where why how whatever whichever
    whoever is are was were be been being am do does did done doing have has had having will would
    shall should can could may might must ought get got gets getting let lets let's
    of in on at to for from by with without into onto upon over under about above below across
    along around through throughout during within among amongst between per via toward towards
    and or but nor so yet also too as than then if else just only even still already again ever
    not no please pls plz kindly very really quite pretty much many more most few couple less least lot
    lots bit up down out off away back now instead u ur ya yall gimme lemme wanna gonna gotta same
    anything something everything nothing anyone someone everyone anybody somebody everybody & +
    because though although while whether w/ w abt bc b/c cuz coz tho r n specifically exactly
    real proper genuine legit substantive wat wut wht whats officially fully
    roughly approximately approx ballpark team teams
    meant mean sorry oops whoops actually actual wait hold filter filters keep stretch extend specific state states split
    narrow narrowed refine restrict zoom widen broaden expand
    usually typically normally generally general together left remaining diff difference differences v1 needful moment currently period
    often always sometimes rarely seldom frequently regularly quick quickly brief briefly overall altogether
    tbh imo imho fwiw ngl tbf btw fyi iirc afaik afaict
    basically essentially literally honestly seriously open-source open-weights open-weight
    criteria criterion condition conditions tho though
    employee employees employer employers staff
    topics put try none nothing nada part parts portion
    non-technical nontechnical high-level highlevel concise succinct layman laymans eli5 jargon-free
    bullet bullets bulleted bulletpoints
    max maximum tops
    """
)
ASKING_VERBS = _words(
    """
    show list see tell give find get want like need know check look display fetch pull bring share
    send summarize summarise recap catch wonder wondering curious interested care mind help
    worry worried worrying concerned watch watching include includes
    remind enumerate report search rundown compare compared comparison contrast against
    count counts tally total totals redo repeat regenerate
    """
)
# The activity words that only ask what happened ("what changed", "any updates", "news on rocm"):
# the question's own frame, so an answer does not list them as words it ignored.
HAPPENING_WORDS = _words(
    """
    change update news happen happening going progress activity development happenings goings
    developments movement come evolve status
    """
)
# Nouns that stand for the PRs themselves ("rocm stuff", "the tpu work", "xpu patches"): as quiet
# as "prs" and "changes", which the parser drops before this.
PR_NOUNS = _words("work stuff thing patch commit item items effort contribution pr prs pull request requests")
ACTIVITY_WORDS = (
    HAPPENING_WORDS
    | PR_NOUNS
    | _words(
        """
        win wins gain gains churn busy busier busiest dead alive cooking cooked volume cleanup cleanups
        highlight overview summary roundup digest digests newsletter weekly
        improvement enhancement addition modification edit tweak support add contribute
        """
    )
)
# Words of importance ("anything big?", "important rocm prs", "the notable ones"): asking for the
# PRs that matter most, which every answer lists first (not "minor", the opposite, nor "main" /
# "key": "merged to main", "api key")
IMPORTANCE_WORDS = _words(
    "important notable noteworthy significant major big impactful influential meaningful"
    " serious severe critical urgent"  # ("critical fixes": the severest fixes rank first)
)
JUDGEMENT_WORDS = _words(
    """
    important notable noteworthy interesting relevant significant major minor big biggest main key
    impactful influential meaningful matter matters mattered serious severe critical urgent worst
    nastiest scariest
    top best cool good great nice worth worthwhile
    """
)
# ("brand new models": "brand" says new again, never the start of a login like @brandonpelfrey)
RECENCY_WORDS = _words("recent recently lately latest new newest current currently fresh nowadays brand")
RELATION_WORDS = _words(
    """
    touch involve relate related relating regard regarding concern concerning affect affecting
    impact impacting saw seen experience suffer
    around re wrt pertaining mention mentioning title titles description
    tagged labeled labelled marked
    similar similarly likewise equivalent comparable analogous
    """
)
# Scope words: the bot, the repository, the project. Every PR the bot knows is in scope, so they
# filter nothing ("hey bot what got merged", "anything new in the repo"); the repository's own
# name is one too (handlers/parse.py adds it).
SCOPE_WORDS = _words("bot repo repository project codebase upstream")
# A bare period left over once the time words are read ("recap the week", "who bumps it these
# days"): the default window is already the recent one, so it filters nothing.
PERIOD_WORDS = _words("day days week weeks month months")
# Domain words: a noun after a subject that names its domain or audience, not a narrower thing
# ("the cpu backend", "the rocm folks", "mi300x users", "multimodal land"). Set aside when the
# question has a topic, term or author to attach them to; searched for otherwise.
DOMAIN_WORDS = _words(
    """
    backend platform side team folks people ppl peeps guys crew land area front world space
    ecosystem community camp corner category topic bucket user customer owner maintainer contributor
    gpu card hardware hw device chip accelerator box machine
    kernel kernels input inputs endpoint endpoints format formats
    code codepath codepaths path stack support integration implementation impl module logic handling
    """
)  # the kind of thing a name is: "cutlass kernels", "video input", "the messages endpoint"
# Social words and interjections: a thread message made only of these (and function words) is
# chatter, not a question ("thanks, great work!", "lol", "ok").
SOCIAL_WORDS = _words(
    """
    thanks thank thx ty tysm cheers great nice cool awesome amazing wow lol lmao haha hah heh hmm
    hey hi hello yo oh ah ok okay k kk sure yes yeah yep yup no nope nah agreed agree good perfect
    neat sweet love congrats congratulations kudos gg bravo appreciated appreciate helpful useful
    interesting indeed right true fair exactly noted gotcha makes sense sound sounds lgtm glad welcome
    np nvm alright fine excellent brilliant super wonderful fantastic thumbs well
    afternoon evening greetings
    bruh bro fr ngl lowkey highkey aight tbh imo fam
    """
)
SET_ASIDE = (
    FUNCTION_WORDS
    | ASKING_VERBS
    | ACTIVITY_WORDS
    | JUDGEMENT_WORDS
    | RECENCY_WORDS
    | RELATION_WORDS
    | SOCIAL_WORDS
    | SCOPE_WORDS
    | PERIOD_WORDS
)

STATE_VERBS = {
    "merged": _words("land ship added introduced"),  # past forms only: "added" is merged, "add" asks
    "opened": _words("submit submitted filed propose raised create"),
    "open": _words("pending await awaiting waiting outstanding unreviewed"),  # not "wait": "wait, were there"
}


# Phrases of work under way: the PR is still open ("what's in flight", "who's working on tpu",
# "anything in review", "wip"). Each is a tuple of words; the longest match wins.
OPEN_PHRASES = (
    ("in", "flight"), ("in", "progress"), ("in", "the", "works"),
    ("working", "on"), ("hacking", "on"), ("being", "worked", "on"), ("wip",), ("inflight",), ("ongoing",), ("unfinished",),
    # "anything close to merging", "about to land", "ready to merge": not in yet
    ("close", "to", "merging"), ("close", "to", "merge"), ("close", "to", "landing"), ("near", "merging"),
    ("about", "to", "merge"), ("about", "to", "land"), ("ready", "to", "merge"), ("ready", "to", "land"),
    ("left", "to", "merge"), ("left", "to", "land"), ("yet", "to", "merge"), ("yet", "to", "land"),
)  # fmt: skip
_OPEN_LONGEST = max(len(p) for p in OPEN_PHRASES)
# Phrases of work that got in: "which ci prs went in today", "did the fix make it in", "which new
# models got support".
MERGED_PHRASES = (
    ("went", "in"), ("got", "in"), ("gone", "in"), ("came", "in"), ("made", "it", "in"), ("make", "it", "in"),
    ("got", "merged"), ("went", "out"), ("got", "support"), ("gained", "support"), ("got", "added"),
    # "what went into main yesterday", "did it make it into master": into the default branch
    ("went", "into"), ("got", "into"), ("came", "into"), ("made", "it", "into"), ("make", "it", "into"),
    ("into", "main"), ("into", "master"), ("in", "main"), ("to", "main"), ("to", "master"),
)  # fmt: skip


def merged_phrase(tokens: Sequence[str], i: int) -> int:
    """How many words at tokens[i:] say the work got in (0 if none)."""
    return next((len(p) for p in MERGED_PHRASES if tuple(tokens[i : i + len(p)]) == p), 0)


# "waiting on review", "needs review", "up for review": review is what an open PR waits for.
_REVIEW_LEADS = frozenset({"in", "under", "on", "for", "need", "needs", "needing"})


def open_phrase(tokens: Sequence[str], i: int) -> int:
    """How many words at tokens[i:] say the work is under way (0 if none)."""
    for length in range(_OPEN_LONGEST, 0, -1):
        if tuple(tokens[i : i + length]) in OPEN_PHRASES:
            return length
    if tokens[i] in _REVIEW_LEADS and tokens[i + 1 : i + 2] in (["review"], ["reviews"]):
        return 2
    return 0


# Questions pull requests cannot answer, by what they ask: how to set something up, which is
# faster, when the next release comes. The answer says so plainly (and still lists any PR that
# matches the question's words) instead of pretending a PR list is the answer.
RELEASES = "a question about releases"
REASONS = "a question about reasons"
BLAME = "a question of who caused a breakage"
SPEED_COMPARISON = "a speed comparison"
OUT_OF_SCOPE = (
    ("a how-to or setup question", re.compile(
        r"\bhow (?:do|can|should|would|could) (?:i|we)\b|\bhow to\b|\bis there a way to\b"
        r"|\bcan (?:i|we|u|you) (?:run|use|enable|turn on)\b"
    )),
    # Who broke something is not in it either: a fix rarely names the PR that broke things, and its
    # author fixed it ("who broke the build", "whose change caused the hang"); the fixes are listed
    (BLAME, re.compile(
        r"\bwho(?:'s| is| was| has)? (?:just |actually |really )?(?:broke|break|breaks|broken|caused|causes|causing)\b"
        r"|\bwhose (?:\S+ )?(?:pr|change|commit)s? (?:broke|caused)\b"
    )),
    # Reviews and approvals are not in the PR data the bot keeps.
    ("a question about reviewers", re.compile(
        r"\bwho(?:'s| is| are)? (?:usually |typically )?(?:reviewing|reviewed|reviews|approving|approved|approves)\b|\breviewers?\b"
        # "how many hours each of my engineers spent reviewing PRs": time spent, which no PR records
        r"|\b(?:spent|spend|spends|spending|hours|time)\b(?: \S+){0,3}? reviewing\b"
    )),
    # Nor is where a PR stands in review ("open gemma 4 PRs still waiting for review"): the open
    # ones are listed, and the reply says the review state is not known
    ("a question about review status", re.compile(
        r"\b(?:waiting|waits|wait|awaiting|pending|needs?|needing|blocked) (?:for |on )?(?:an? )?(?:approvals?|reviews?|lgtm)\b"
        r"|\b(?:unreviewed|unapproved)\b|\bnot (?:yet |been )?(?:reviewed|approved)\b|\bno reviews? yet\b"
    )),
    # Comments, reactions and discussion are not in it either ("most discussed prs this week").
    ("a question about discussion", re.compile(
        r"\bmost (?:discussed|debated|commented|controversial|upvoted|liked|reacted)\b"
        r"|\b(?:most|lots of|many) comments\b|\bcontroversial\b|\bhot(?:test)? debates?\b"
    )),
    ("a question about your own setup", re.compile(
        r"\bgetting\b(?: \S+){0,4}? errors?\b|\bis it safe\b"
        r"|\bwhy (?:does|do|is|did|won'?t|can'?t|isn'?t) (?:my|our)\b"
        r"|\b(?:my|our) \S+(?: \S+){0,3}? (?:crash|crashes|crashed|hangs?|hung|ooms?|fails?|failed|errors?)\b"
    )),
    # What an advisory says and whether an install is exposed: "the CVSS score of CVE-2026-1234",
    # "is 0.11.2 affected?" (PRs say what was fixed, not a score or who is exposed)
    ("a question about security advisories", re.compile(
        r"\bcvss\b|\bnvd\b|\b(?:is|are|was) (?:vllm )?v?\d+(?:\.\d+)+\b(?: \S+){0,6}? (?:affected|vulnerable)\b"
        r"|\b(?:am i|are we|is our \S+|are our \S+) (?:affected|vulnerable|exposed)\b"
    )),
    ("a question about what runs where", re.compile(
        r"\b(?:can|does|will|could) vllm (?:run|work|be run|be used)\b|\b(?:can|could) (?:i|we|u|you) (?:run|use) vllm\b"
    )),
    (SPEED_COMPARISON, re.compile(
        r"\b(?:faster|slower|better) than\b|\bwhich (?:one )?is (?:actually |really |generally )?(?:faster|better)\b"
        # "gaudi3 vs mi300x vs h200 tok/s on llama 70b?": measured numbers of things side by side,
        # which no PR title holds (a PR that made one faster is another question)
        r"|\b(?:vs|versus)\b(?: \S+){0,6}? (?:tok(?:en)?s?/s(?:ec)?|t/s|tps|qps|req/s|tokens per sec(?:ond)?)\b"
        r"|\b(?:tok(?:en)?s?/s(?:ec)?|t/s|tps|qps|req/s)\b(?: \S+){0,6}? (?:vs|versus)\b"
        # "does dspark beat eagle3 on acceptance rate?", "need a tok/s number": a measurement
        r"|\bbeats?\b(?: \S+){1,4}? (?:on|in|at) (?:acceptance|throughput|latency|speed|accuracy|ttft|tpot|tok)"
        r"|\b(?:tok(?:en)?s?/s(?:ec)?|t/s|tps|acceptance rate|ttft|tpot|latency) (?:number|numbers|figure|figures)\b"
        r"|\bquotable (?:\S+ )?(?:number|numbers|figure|figures|stat|stats)\b"
        # "what acceptance rate does eagle3 get for llama on a 4090", "need real numbers for my
        # paper": a measurement of a setup, which PRs do not hold (those that claim one can be found)
        r"|\bwhat(?:'s|s| is)?(?: the)?(?: \S+){0,2}? (?:acceptance(?: rate| length)?|throughput|latency|ttft|tpot|itl"
        r"|tok(?:en)?s?/s(?:ec)?|tps|speedup|memory (?:usage|use)|t?flops|mfu|bandwidth)\b(?: \S+){0,2}?"
        r" (?:does|do|did|would|will|on|for|of)\b"
        r"(?: \S+){0,6}? (?:get|gets|reach|hit|achieve|see|give|regression|with|at|vs|versus|on)\b"
        r"|\b(?:real|actual|concrete|hard|exact) (?:numbers?|figures?|measurements?)\b"
        r"|\bwhat(?:'s|s| is| are)?(?: the)? (?:p\d\d|median|mean|avg|average) (?:ttft|tpot|itl|e2e|latency|throughput)\b"
        # "how much faster will bge-m3 be on an a100 with all of these": a gain on the asker's setup
        # ("how much faster?" alone under perf PRs asks what they measured: handlers/parse.py)
        r"|\b(?:how much|what percent(?:age)?|how many percent)\b(?: \S+){0,4}? (?:faster|speedup|throughput|gain|increase)\b"
        # "which card gets more tokens/s", "tok/s 대충 얼마 나와?" (tok/s, roughly how much): a rate measured
        r"|\b(?:which|what)\b(?! (?:prs?|pull requests?|changes?|fixes)\b)(?: \S+){0,4}? (?:more|higher|most)\b(?: \S+){0,3}?"
        r" (?:tok(?:en)?s?/s(?:ec)?|t/s|tps|throughput)(?!\w)"
        # "哪个吞吐更高" read word for word: which, throughput, higher
        r"|\b(?:which|what)\b(?: \S+){0,3}? (?:throughput|tok(?:en)?s?/s(?:ec)?|t/s|tps|latency) (?:\S+ )?"
        r"(?:higher|more|better|lower|faster)\b"
        r"|\b(?:how much|how many|roughly)\b(?: \S+){0,3}? (?:tok(?:en)?s?/s(?:ec)?|t/s|tps)(?!\w)"
        r"|(?<!\w)(?:tok(?:en)?s?/s(?:ec)?|t/s|tps)\b(?: \S+){0,3}? (?:how much|how many|roughly)\b"
    )),
    ("a question about release dates", re.compile(
        # the next one ("when is v0.12 getting released"); "when was the fix released" is a merge date
        r"\bnext (?:\S+ )?release\b|\brelease date\b|\bwhen\b(?: \S+){0,4}? release\b"
        r"|\bwhen (?:is|will|does|are|'s)\b(?: \S+){0,4}? (?:released|out)\b"
        r"|\bwhen\b(?: \S+){0,4}? (?:will|gonna|going to) (?:be |get |come )?(?:released|out)\b"
        # "is vllm 0.25 out yet", "has v0.21.1 been released": a version's release, not a PR
        r"|\bis (?:vllm )?v?\d+(?:\.\d+)+ (?:out|released|available|live)\b"
        r"|\bhas (?:vllm )?v?\d+(?:\.\d+)+ (?:been )?(?:released|shipped|tagged|cut)\b"
    )),
    # Why something was decided, and whether CI is healthy: PRs say what changed, not why or how CI is.
    (REASONS, re.compile(r"^\W*(?:why|why'd|whyd)\b")),
    ("a question about CI status", re.compile(
        r"\bis (?:the )?(?:main |nightly |amd |rocm |nvidia )?(?:ci|main|nightly|the build|build|pipeline) (?:still |again )?(?:broken|red|down|failing|green|flaky)\b"
        # "which tests are failing", "what's failing on main": CI's state now, not a change
        r"|\b(?:which|what) (?:tests?|jobs?|checks?) (?:are|is) (?:failing|broken|red|flaky)\b"
        # "did the revert go green in CI": a run's result, which no PR title says
        r"|\b(?:go|goes|went|gone|turn|turned|is|get|got) green\b"
    )),
    # Issues are not pull requests: "is there an open gh issue for the garbage output?"
    ("a question about issues", re.compile(
        r"\b(?:is there|are there|any|an open|open|file|filed|link to|link the)(?: an?| the| any)?(?: open)?"
        r" (?:gh |github )?issues?\b(?! ?#?\d)"
    )),
    # What has not happened yet: "when will the nixl fix get merged", "will it land this week?"
    ("a question about the future", re.compile(
        r"\bwhen (?:will|would|is it going to|are they going to|are we going to)\b(?: \S+){0,5}? (?:get |be )?"
        r"(?:merged|land|landed|in main)\b|\bwill (?:it|this|that|they) (?:get |be )?(?:merged|land)\b"
    )),
    # Which release carries a change: releases are not in the PR data.
    (RELEASES, re.compile(
        r"\bin (?:a|any) release\b|\bin (?:the )?(?:next|latest|last|current) release\b"
        # "is it in a nightly yet": which builds carry a change
        r"|\bin (?:a|the|today'?s|tonight'?s|latest|last night'?s) nightl(?:y|ies)\b"
        r"|\b(?:which|what) (?:release|version|tag)s?\b(?! (?:bump|update|upgrade))"
        # "when does that ship in a pip release?", "is it in the stable wheel yet"
        r"|\b(?:ship|land|go out|be out|make it|get) in (?:a|an|the)(?: next| new| \S+)? (?:pip |pypi |stable |official )?"
        r"(?:release|wheel)s?\b|\b(?:pip|pypi|stable) (?:release|wheel)s?\b"
    )),
    # What something costs: "whats cheaper per million output tokens, H200 or MI355X?"
    ("a cost comparison", re.compile(
        r"\b(?:what(?:'s|s| is)|which (?:one )?is|is \S+(?: \S+)?) (?:cheaper|pricier|more expensive|more cost[- ]effective)\b"
        r"|\$ ?/ ?(?:hr|hour)\b|\bballpark \$"
    )),
    # How things work, not what changed: "what's the difference between awq and gptq".
    ("a question about how things work", re.compile(
        r"\bdifference between\b|\bdifferences between\b|\bhow does \S+(?: \S+)? work\b"
        # "explain the difference", not "explain the first one" (a PR of the list: its card)
        r"|\bexplain (?:how|what|why|the(?! (?:first|second|third|fourth|fifth|last|latest|oldest|newest|top"
        r"|\d+(?:st|nd|rd|th)?|one|pr|change|revert)\b))\b"
        r"|\bis \S+(?: \S+){0,3} still (?:the )?default\b|\bwhat(?:'s| is) the default\b"
    )),
    ("a request for advice", re.compile(
        r"\b(?:what(?:'s| is|s)|which is) the best\b|\bshould (?:i|we) (?:use|pick|choose|go with)\b"
        # "what gpu-memory-utilization should i set??": a value for the asker's own setup
        r"|\bshould (?:i|we) (?:set|configure|tune|raise|lower|bump|give it)\b"
        # "whats the right --gpu-memory-utilization to fit qwen3.5 27b on the 5090": a setting
        r"|\b(?:what|whats|what's|what is) the (?:right|correct|ideal|optimal|recommended|proper)"
        r" (?:--\S+|\S+[-_]\S+|values?|settings?|config|flags?|number|size|batch size)"
        # "what flag am i missing", "which option do we need": a setting for the asker's setup
        r"|\b(?:what|which) (?:\S+ )?(?:flags?|settings?|params?|parameters?|options?|values?|config) (?:am|are|do|did) (?:i|we) (?:miss|missing|need|forget|forgot)\b"
        # the order of other languages ("quelle valeur ... je dois mettre"): what value I should set
        r"|\b(?:what|which)\b[^?]{0,60}\b(?:i|we) (?:should|must) (?:set|use|configure|put)\b"
        r"|\bwhich (?:one )?should (?:i|we)\b|\bdo you recommend\b|\bwould you recommend\b"
        # "what flags should i set??", "which settings should we use": tuning for the asker's setup
        r"|\b(?:what|which) (?:\S+ )?(?:flags?|settings?|params?|parameters?|options?|values?|config) should (?:i|we)\b"
        r"|\bshould (?:i|we) (?:flip|turn|enable|disable|switch|upgrade|downgrade|roll|deploy|try|migrate)\b"
        # "best TP/PP config for llama 70b on 4xH100?": tuning advice, not what changed
        r"|\b(?:best|optimal|recommended|ideal) (?:\S+ ){0,3}(?:config|configs|configuration|settings|setup|flags|params|parameters)\b"
        # "whats the right VLLM_CPU_KVCACHE_SPACE for a 192GB box": a value for the asker's setup
        r"|\bwhat(?:'s| is|s)? the (?:right|correct|best|optimal|recommended|ideal|proper|sane) (?:\S+ ){1,3}?(?:for|to use|on)\b"
        r"|\bis (?:it|this|that) (?:on|enabled|off|disabled) by default\b"
        # "awq or gptq - which gives better quality on a 24gb card?": a choice between things
        r"|\bwhich (?:one |of (?:them|the two) )?(?:gives|is|has|performs|runs|works) (?:the )?(?:better|best|faster|fastest|higher|lower)\b"
    )),
    ("a question about what to buy or run", re.compile(
        r"\b(?:should|shud|shld|do|would) (?:i|we|u|you) (?:buy|get|rent|pick|choose)\b"
        r"|\bwhich (?:gpu|gpus|card|cards|hardware|instance)s? (?:should|shud|to|do)\b"
    )),
    # The bot reads; it runs nothing ("can you benchmark the MTP acceptance rate on our H200s?").
    ("a request to run something", re.compile(
        r"\b(?:can|could|would|will) (?:you|u)(?: \S+)? (?:benchmark|profile|measure|reproduce|repro|deploy|install|test)\b"
        # "could you run a quick benchmark of X", "do some quick load tests": whatever describes it
        r"|\b(?:run|do) (?:a |an |some )?(?:(?!the\b|its\b|their\b|our\b)[\w-]+ ){0,2}?(?:benchmarks?|perf tests?|load tests?|profil(?:e|ing) runs?)\b"
        # "bench qwen3-8b-awq on a 4090 for me and tell me tok/s": an order to measure something
        r"|^(?:(?:pls|please|hey|ok|okay)\W+)*(?:bench|benchmark|profile|measure|reproduce|repro)\b[^?]*\bfor (?:me|us)\b"
    )),
    ("a request to translate or rewrite", re.compile(r"\btranslat(?:e|ion)\b|\brewrite (?:it|this|the)\b")),
    # Writing code, tests or posts, or opening issues and PRs, is acting, not reading ("can you
    # write me a python script that benchmarks vllm", "write me a unit test for ...", "can you
    # draft the launch blog post", "could you open an issue asking for gemma 4 audio")
    ("a request to write something", re.compile(
        r"(?:\b(?:can|could|would|will) (?:you|u)(?: \S+)? |^(?:pls |please )?)(?:write|generate|draft|compose|prepare) (?:me |us )?(?:a |an |some )?(?:\S+ ){0,3}(?:script|code|program|function|snippet|notebook|tests?|blog|article|tweet|email|announcement|comparison|deck|slides|essay|paper|whitepaper|memo|proposal|pitch)\b"
        r"|\b(?:can|could|would|will) (?:you|u)(?: \S+)? (?:open|file|create|raise|submit) (?:a |an |new )?(?:\w+ )?(?:issue|ticket|bug report|bug|pr|pull request)\b"
        # "write me a ray actor that hot swaps lora adapters": making a thing for the asker is
        # writing code, whatever the thing; a summary, list or recap of PRs is reading them
        r"|^(?:(?:pls|please|hey|ok|okay|yo)\W+)*(?:(?:can|could|would|will) (?:you|u) )?(?:write|build|make|code|implement|create) (?:me|us) (?:a |an |some )?"
        r"(?!(?:\w+ ){0,2}(?:summary|summaries|recap|tldr|tl;dr|digest|overview|list|rundown|changelog|breakdown|report|table)\b)\w"
    )),
    # What a term means, review times and beginner advice are not in PR data either.
    ("a question about how things work", re.compile(r"\bwhat (?:does|do) [^?]{1,50}\bmean\b")),
    ("a question about review times", re.compile(
        r"\breview (?:turnaround|time|times|latency|speed)\b|\btime to (?:review|first review)\b"
    )),
    ("a request for advice", re.compile(
        r"\b(?:good|easy|simple) (?:first )?(?:prs?|issues?|tasks?) (?:for|to)\b|\bfor (?:a )?beginners?\b|\bgood first issues?\b"
    )),
    # One repository per command: "does this also cover the tpu-inference repo?"
    ("a question about another repository", re.compile(
        r"\b(?!(?:vllm|main|this|the|our|that|same|upstream|github)\b)[\w.-]+[- ](?:repo|repository|repos)\b"
        r"|\b(?:other|another|different|separate) (?:repo|repository|repos|project)\b"
    )),
    # The bot reads pull requests; issues are another list ("issue 35949" still finds PRs naming it).
    ("a question about issues", re.compile(r"(?:^|\b(?:open|any|github|filed|reported|new|recent) )issues\b")),
)  # fmt: skip


# Long messages give context before (or after) the ask: "we maintain AWQ checkpoints and marlin
# broke us last time. can someone tell me what quant PRs got merged in the last two weeks so i can
# check before the next release". A sentence about the asker (I, my, we, our, us) that asks
# nothing is context; so is a trailing purpose ("so i can check ...", "because we ..."). Only the
# rest is read as the question; a message that is all context is read whole.
# (not after an abbreviation: "merged in october vs. september, and ...?" is one sentence)
# (an emoji ends a sentence as a full stop does: "thinking of upgrading my 4090 🤔 whats new for sm120")
_SENTENCE_END = re.compile(
    # (a flag ends one too: "🇧🇷"; a German date's full stop does not: "seit dem 10. gemerged?")
    r"(?<=[.?!;\U0001F1E6-\U0001F1FF\U0001F300-\U0001FAFF\u2600-\u27BF])(?<!\bvs\.)(?<!\be\.g\.)(?<!\bi\.e\.)"
    r"(?<!\bcf\.)(?<!\bdem \d\.)(?<!\bdem \d\d\.)(?<!\bden \d\.)(?<!\bden \d\d\.)(?<!\bam \d\.)(?<!\bam \d\d\.)\s+"
    r"|\n+"
)
# Words of the asker's own person: "i", "our"; in Spanish, Portuguese and German "tenho uma MI300X no lab",
# "queria testar", "usamos qwen", "nuestro pod"
_FOREIGN_FIRST_PERSON = frozenset({
    "tengo", "tenho", "tenemos", "temos", "quiero", "queria", "quería", "queremos", "uso", "usamos",
    "estoy", "estou", "estamos", "nuestro", "nuestra", "nuestros", "nosso", "nossa", "meu", "minha", "eu", "yo",
    # German: "wir fahren MI300X in prod", "ich will wissen ..."
    "wir", "ich", "unser", "unsere", "unseren", "uns",
    # "somos una startup chica, servimos qwen3.5 ...", "aqui a gente roda qwen", "sto scrivendo la tesi"
    # Polish "ogarniam u nas ...", "muszę zrobić"; Indonesian "aku lagi evaluasi", "saya"; Dutch "ik"
    "ogarniam", "muszę", "musze", "mamy", "używamy", "uzywamy", "chcę", "chce", "wiem", "potrzebuję",
    "aku", "saya", "kami", "kita", "ik", "onze",
    "somos", "servimos", "corremos", "rodamos", "hacemos", "fazemos", "sto", "stiamo", "usiamo", "abbiamo",
    "je", "nous", "j'ai",
    # French: "on a des MI355X en prod depuis 2 semaines", "chez nous", "nos pods", "notre cluster"
    "avons", "utilisons", "notre", "j'utilise", "veux", "voudrais", "aimerais",
    # Italian "ho un bug con ...", "vorrei sapere se ...": the asker's own situation and wish
    "ho", "vorrei", "noi",
})  # fmt: skip
_FIRST_PERSON = (
    frozenset({"i", "i'm", "im", "i've", "ive", "i'd", "my", "me", "we", "we're", "our", "us", "mine"})
    | _FOREIGN_FIRST_PERSON
)
# What a request asks for, right after its verb ("need every ...", "want a list of ...")
_REQUEST_OBJECT = (
    r"(?:everything|all|every|a list|the list|the prs|prs|a rundown|a summary"
    # "I need the total number of security fixes ...", "we need a count of ..."
    # ("need a number for the deck" is the count asked for above, said again: no request of its own)
    r"|(?:the (?:total )?(?:number|count|counts|numbers|names|list)|a (?:count|number|total|breakdown|list)) of)\b"
)
_ASKS = re.compile(
    r"^\W*(?:(?:ok|okay|so|hey|hi|hello|hiya|greetings|dear \w+|also|and|but)\W+)*"
    r"(?:(?:can|could|would|will) (?:some(?:one|body)|any(?:one|body)|you|u|ya)\b|pls\b|please\b|show\b|list\b"
    r"|tell\b|give\b|find\b|any\b|anything\b|what|which\b|who|how\b|is there\b|are there\b|was there\b"
    r"|were there\b|did\b|does\b|has\b|have\b|when\b|where\b|is\b|are\b"
    # "need every changed default since nov 1 before we bump": a request with its object, whatever
    # its later clauses say of the asker
    rf"|(?:i |we )?(?:just |really |only )?(?:need|want|wanna see|would like|'d like)\s+{_REQUEST_OBJECT}"
    # "for my thesis I need every ...": what the request is for, said before it
    rf"|for (?:the|a|an|our|my|this) [^,.?]{{1,60}}?,?\s+(?:i|we) (?:just |really |only )?(?:need|want|would like|'d like)\s+{_REQUEST_OBJECT}"
    # "tl;dr just the stuff that matters for me, ...": a summary or a narrowing asked for
    # (a bare "tldr?" after the asker's own clause asks nothing more than that clause says)
    r"|tl;?dr\b(?=\s+\w)|(?:just|only) (?:the|those|what|stuff)\b"
    # the question words of other languages: Polish "co weszło ...?", Dutch "welke ...", Indonesian
    # "PR apa ...", "siapa ...", Spanish, Portuguese, French, Italian, German, Turkish
    r"|(?:co|jakie|które|ktore|ile|kto|welke|wat|hoeveel|apa|siapa|berapa|qué|que|cuál|cuáles|cuántos|quién"
    r"|quais|quem|quantos|quantas|quel|quelle|quels|quelles|combien|qui|quali|quanti|quante|chi"
    r"|welche|wer|wieviele|hangi|kim|kaç|neler)\b)",
    re.I,
)
# ... or about the asker with the subject left out: "been waiting forever lol", "running on mi300x"
# What an asker is busy with, said without its subject: "doing spec decode experiments (...).",
# "Prepping release notes.", "rebasing vllm-ascend next wk 😬", ", deciding whether to pin a commit"
# (not "Breaking changes since Oct 15" or "missing anything?": only verbs of the asker's own doing)
_ACTIVITY = (
    r"(?:doing|deciding|planning|prepping|preparing|drafting|compiling|writing(?: up)?|working(?: on)?"
    r"|trying|hoping|looking(?! (?:for|at)\b)|wondering|thinking|considering|evaluating|experimenting|debugging|benchmarking"
    r"|rebasing|upgrading|migrating|testing|building|serving|training|fine-?tuning|justifying"
    r"|putting(?: together)?"
    # what a release manager or on-call engineer is in the middle of ("cutting a patch release tomorrow.")
    r"|cutting|tagging|releasing|reviewing|triaging|backporting|cherry-picking|investigating|profiling"
    r"|auditing|onboarding|porting)"
)
# ... and what they run into, a sentence of its own ("getting errors on mi300x."), which still
# describes the setup (after a comma, ", getting rccl errors on startup" is the question's subject)
_WANTS = re.compile(
    rf"^\W*(?:just |really |only |still )?(?:want|wanna|need|curious|been|tried|stuck|seeing|getting"
    rf"|hitting|running|using|{_ACTIVITY}"
    # "might ping them abt the rust frontend part": what the asker means to do next
    r"|(?:might|may|will|gonna|going to|planning to|plan to|have to|gotta) (?!be\b)[a-z]+)\b"
    # "need everything FlashInfer-related that merged ...": the subject left out of a request
    rf"(?!\s+(?:{_REQUEST_OBJECT}|to see|to know|to find))",
    re.I,
)
# A remark, not a request: "still nothing, weird.", "maybe he pushes from another account.",
# "hmm that's thin." (dropped when another sentence asks), and a trailing ", way too noisy".
_REMARK = re.compile(
    r"^\W*(?:maybe|perhaps|probably|i guess|guess|i think|seems|looks like|still nothing|nothing found"
    # "never heard of it before today lol", "no idea what that is": what the asker knew
    r"|(?:i(?:'ve| have)? )?never (?:heard|seen|used)|no idea|(?:i )?didn'?t know|first time (?:hearing|seeing)"
    # "keep it high level please, they won't know what a kernel is": how to write the answer
    r"|keep it (?:\w+ )?(?:short|simple|brief|high[- ]level|non-technical|light)|(?:they|he|she|my \w+) (?:won'?t|don'?t|wouldn'?t|doesn'?t) know what"
    # "rough numbers fine", "ballpark is ok", "no need to be exact": how exact the counts must be
    r"|(?:rough|roughly|approximate|approx|ballpark|round)(?: (?:numbers?|counts?|figures?|estimates?))?"
    r"(?: (?:is|are))? (?:fine|ok|okay|good|enough)|no need to be (?:exact|precise)"
    # "plain-language highlights would be perfect": how to write the answer, not what to find
    r"|(?:[\w-]+\s+){0,3}(?:highlights?|summary|summaries|bullets?|bullet points|tables?|overview|version|"
    r"wording|format|language|prose|paragraphs?)\s+(?:would be|will be|is|are)\s+(?:perfect|great|ideal|nice|"
    r"lovely|helpful|fine|good|amazing|awesome|fantastic|best)"
    r"|weird|strange|odd|hmm+|huh|that'?s (?:thin|weird|odd|strange|a lot|too many|too few|not much)"
    # "ok nothing open then.": what the asker concludes from the last answer, before the next ask
    r"|(?:(?:ok|okay|so|alright|right|ah|oh)\W+)?(?:nothing|none|no\s+\w+)(?:\s+\w+){0,2}\s+then(?=\W*$)"
    r"|thanks?(?: you)?(?: so much| a lot| in advance)?\W*$|thx\W*$|ty\W*$|cheers\W*$)\b",
    re.I,
)
_TRAILING_REMARK = re.compile(
    r"\s*,\s*(?:[\w' ]{0,30}\s(?:is|are|was|seems|looks)\s+)?(?:(?:way|far|much|a bit|kinda|kind of)\s+)?"
    r"(?:too|so)\s+\w+\s*[.!]*$"
    # ", staff mtg in 10", "- standup in 5 min": the asker's hurry, not the question
    # "... if theres barely anything": when to do what the message asks, not what to find
    r"|\s+if (?:there'?s|theres|there is|there are|it'?s|its) (?:barely|hardly|not much|nothing|little|too few|few|none|not enough)\b.*$"
    r"|\s*(?:,|\s-+)\s*(?:[\w-]+\s+){0,2}(?:mtg|meeting|standup|stand-up|sync|call|demo)\s+(?:in|at)\s+\d[\w:]*(?:\s*(?:min|mins|minutes|m|h|hrs?))?\W*$",
    re.I,
)
# (not a request: "rocm prs, i want merged ones" asks for merged ones; "i need them for ..." is an aside)
# "what merged today that could change behavior in prod? h100s, flashinfer, tp4": after a
# question, a bare list of names (no verb, no filter word) says what the asker runs
_SETUP_LIST = re.compile(
    r"^\s*[\w.+/-]+(?:\s+[\w.+/-]+)?(?:\s*,\s*(?:and\s+)?[\w.+/-]+(?:\s+[\w.+/-]+)?)+\s*[.!]*$"
)
_FILTER_WORDS = frozenset(
    {
        "only",
        "just",
        "merged",
        "open",
        "closed",
        "draft",
        "drafts",
        "not",
        "no",
        "except",
        "excluding",
        "without",
    }
    | {"ones", "prs", "please", "pls", "plz", "thanks", "thx", "too", "also", "newest", "oldest", "first"}
)


def lists_setup(text: str) -> bool:
    """Whether any sentence of `text` is only a list of names (the asker's setup)."""
    return any(setup_list(s) for s in _SENTENCE_END.split(text))


def setup_list(sentence: str) -> bool:
    """Whether a sentence is only a list of names ("h100s, flashinfer, tp4"), no filter said."""
    return bool(_SETUP_LIST.match(sentence)) and not _FILTER_WORDS.intersection(
        re.findall(r"[a-z]+", sentence.lower())
    )


_STATEMENT = re.compile(
    r"\b(?:has|have|had|is|was|were|are|been|keeps|kept|seems|looks|feels)\b"
    # "saw it got reverted today", "noticed a regression": what the asker saw (the "I" left out)
    r"|^\W*(?:saw|seen|noticed|heard|read|spotted)\b"
    # "got a frame sampling bug w qwen3-vl and want to ping someone", "want to see if throughput
    # dropped": what the asker has or means to do, after the question
    r"|^\W*(?:got|getting|hitting|having|ran into|running into)\b"
    r"|^\W*(?:i |we )?(?:want|wanted|trying|need|needed) to (?:see|know|check|understand|figure|find out|make sure|loop|ping)\b"
    # the asker speaking of themselves in another language: "je dois reprendre son taf", "on a un
    # souci depuis lundi", "wir nutzen ...", "yo uso ..."
    r"|^\W*(?:je|j'\w+|nous|ich|wir|yo|nosotros|eu|nós|io|noi)\s"
    r"|^\W*on (?:a|fait|utilise|est|voit|doit|peut|tourne|lance)\b",
    re.I,
)
# "top 10 is fine", "5 would be enough": the asker settling for an answer's shape, no statement
SETTLING = r"(?:is|are|would be|will do|should be|'s|s)\s+(?:fine|ok|okay|enough|plenty|good|great|perfect)\b"
_SETTLING = re.compile(rf"\s*\b{SETTLING}", re.I)
_EXAMPLES_ETC = re.compile(r"^[^?]*,[^?]*\b(?:etc|and so on|and such)\b\.?\s*$", re.I)
_ASKING_START = re.compile(r"^\W*(?:which|what|who|how|when|where|why)\b", re.I)
# "removed flags/env vars, changed defaults, dropped models": after a question, a list of the kinds
# of change it means spells the question out; it names no further filter
_KINDS_OF_CHANGE = re.compile(
    r"^\W*(?:[a-z]+ed\s+[^,;?]{1,30}[,;]\s*(?:and\s+|or\s+)?){2,}[a-z]+ed\s+[^,;?]{1,30}\W*$", re.I
)
# "looking for 'enable X by default' / 'change default' type PRs": after a question, examples of
# the kind of PR it asks for, which it names already
_SORT_OF_PR = re.compile(
    r"^\W*(?:(?:i'?m|we'?re|i am|we are)\s+)?(?:looking for|thinking of|meaning|stuff like|things like)\s+"
    # (quoted: titles the asker imagines; "looking for cutlass / triton type stuff" names things)
    r"['\"`\u2018\u201c].*\b(?:type|kind|sort|style)s?(?: of)?(?: prs?| pull requests?| changes?| ones| things| stuff)?\W*$",
    re.I,
)
# "working on the upgrade notes for the next release": a document the asker writes, not PRs
WRITING_DOCS = frozenset(
    {"notes", "changelog", "post", "newsletter", "report", "slides", "deck", "writeup", "write-up", "doc",
     "docs", "summary", "presentation", "talk", "article", "blurb", "email", "update", "recap", "roundup",
     "slide", "decks", "memo"}
)  # fmt: skip
_WRITING_DOC = (
    r"(?:(?:the|our|my|a|an|some)\s+)?(?:[\w-]+\s+){0,2}(?:" + "|".join(sorted(WRITING_DOCS)) + r")\b"
)
_DOING = re.compile(
    rf"^\W*(?:{_ACTIVITY}\b(?! (?:to|for|on|about|with|in)\b)|(?:working|work) on {_WRITING_DOC})", re.I
)
_ASIDE = re.compile(
    # ("mi" only here: a sentence's words would find it in "MI300X"; after a comma it is a word)
    r"(?:\s*[,;]|\s+[-–—]+)\s*(?:i|i'm|im|we|we're|my|our|mi|mis|"
    + "|".join(sorted(_FOREIGN_FIRST_PERSON))
    + r")\b(?!\.\w)"  # ("i.e." is no "i")
    r"(?!\s+(?:want|wanna|need|would like|'d like|only want|just want|meant|mean)\s+(?!them\b|it\b|this\b|these\b|those\b))"
    r"[^?]*$"
    # "skip rocm ones we dont have amd": what the asker lacks, with no comma before it
    r"|\s+(?:we|i) (?:don'?t|dont|do not|never) (?:have|use|run|own|deploy|serve)\b[^?]*$",
    re.I,
)
_PURPOSE = re.compile(
    r"[\s,;]*\b(?:so (?:i|we|that i|that we)|because (?:i|we|my|our)|cause (?:i|we)|cuz (?:i|we)|as (?:i|we)"
    # ", need it for the 'by the numbers' section of the newsletter": what the answer is for
    r"|(?:i |we )?need (?:it|this|them|these|those|that) (?:for|by)"
    # ", want to see where the effort went": why the asker asks (a "which" or "what" after it
    # may be the question itself: "want to see which rocm prs merged")
    r"|(?<=[,;.] )(?:i |we )?(?:want|wanna|trying|hoping|need) to (?:see|know|understand|figure out|gauge)"
    r" (?:where|how|if|whether|why)\b"
    # the same in French, Spanish, Portuguese, Italian and German: "je veux savoir si amd rattrape"
    r"|(?<=[,;.] )(?:je |j')?(?:veux|voudrais|aimerais) (?:savoir|comprendre|voir) (?:si|où|comment|pourquoi)\b"
    r"|(?<=[,;.] )(?:quiero|quisiera|quero|queria|quería|vorrei|voglio) (?:saber|entender|ver|sapere|capire)"
    r" (?:si|se|cómo|como|dónde|onde|por qué|por que|perché)\b"
    r"|(?<=[,;.] )(?:ich )?(?:will|möchte|moechte|wollte) (?:wissen|verstehen|sehen),? (?:ob|wie|wo|warum)\b"
    # "going into the nov deck", "this goes in my slides": where the answer will go (a month
    # there names the document, not the window)
    # ("going on in the docs" is no such place: the document has its own determiner, and is one
    # the asker writes rather than the repository's docs)
    r"|(?:(?:it|this|that|these|those|they)(?:'s| is| are| will| 'll)?\s+)?(?:goes|go|going|gonna go)\s+(?:in|into|on)\s+"
    r"(?:the|our|my|a|an|this|that|next)\s+(?:[\w-]+\s+){0,2}(?:deck|decks|slide|slides|report|newsletter|notes|update"
    r"|post|writeup|write-up|email|memo|summary|changelog|presentation|recap|roundup)\b"
    # "... before we bump the fleet image": when the asker will use the answer
    r"|before (?:i|we) (?!\w+ (?:on|in) (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|\d))"
    # "since our readers won't care about those": a reason about the asker's people
    r"|since (?:our|my) [\w-]+ (?:won'?t|will not|don'?t|do not|can'?t|cannot|aren'?t|are not|never)\b"
    # "need someone to ping abt an mtp issue": whom the asker looks for, and why
    r"|(?:i |we )?need (?:someone|somebody|a person|people|folks) to (?:ping|ask|talk to|contact|review|help)\b"
    # "since we ..." is a reason unless it names when ("since we cut the branch on nov 12")
    r"|since (?:i|we)(?![^.?!]*\b(?:on|in) (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|\d))"
    # "who's the lora person I should ping": what the asker will do with the answer
    r"|(?:that |whom |who )?(?:(?:i|we) (?:should|could|can|might|need to|have to|ought to|would)"
    r"|(?:should|could|can|might) (?:i|we)) "
    r"(?:ping|contact|reach out to|talk to|tag|thank|follow|cc|bug|message|dm)(?= *[?!.]*$))\b.*$",
    re.I | re.S,
)


# "for the release notes", "for our weekly sync", "(our branch cut)": what the answer is for, or an
# aside about the asker, not what is asked
_FOR_WHOM = re.compile(
    r"[\s,;]*\bfor (?:the|our|my|a|an|their) (?:[\w-]+ ){0,4}?(?:report|reports|notes|note|sync|meeting|standup"
    r"|stand-up|review|manager|boss|team|leadership|customer|customers|newsletter|slides|deck|update|changelog"
    r"|audit|talk|presentation|retro|writeup|write-up|blog post|post|blog|article|piece"
    # one slide of a deck is as much a write-up as the deck ("for the exec slide")
    r"|slide|decks|presentations|email|recap|roundup|memo|briefing|paper|thesis|appendix)\b"
    # "for the reproducibility appendix of a paper": the document it belongs to as well
    r"(?: of (?:the|our|my|a|an) [\w-]+)?"
    # "for my team standup", "for our team's weekly sync": the audience's meeting is the purpose too
    r"(?:'s)?(?:\s+(?:weekly|daily|monthly|standup|stand-up|sync|syncs|meeting|meetings|call|report|notes|update|slides))*\b"
    # the meetings and write-ups alone: "for standup", "for sync tomorrow"
    # (at the end of a clause: "fixes for sync bugs" searches "sync")
    r"|[\s,;]*\bfor (?:standup|stand-up|sync|syncs|meeting|meetings|newsletter|slides|retro)\b"
    r"(?=\s*(?:$|[.,;:!?)]|tomorrow\b|today\b|tonight\b|later\b|this\b|next\b|on\b))"
    # the reader the answer is for, as a clause: "3 things a newcomer would actually notice"
    r"|\s+(?:that |which )?(?:a|an|the|my|our|any) (?:[\w-]+ )?(?:newcomers?|newbies?|beginners?|users?|outsiders?"
    r"|managers?|customers?|readers?|people) (?:would|will|could|can|might|should) (?:actually |really )?"
    r"(?:notice|care about|care|understand|use|see|feel|want)\b",
    re.I,
)
# ", deciding whether to pin a commit", ", writing notes for our reading group": what the asker is
# doing, after the question (words that filter, like "including" or "excluding", are not these)
_DOING_ASIDE = re.compile(
    rf"(?:\s*[,;]|\s+[-\u2013\u2014]+)\s*{_ACTIVITY}\b(?! (?:to|for|on|about|with|in)\b)[^?]*$", re.I
)
# ("(not the XPU or ROCm ports, those I don't care about)": what it leaves out is part of the question)
_OWN_ASIDE = re.compile(
    # ("(CI tweaks are out of scope for me)"; "(show me only the merged ones)" still filters)
    r"\s*\((?=[^()]*\b(?:our|my|we|i|us|me|ich|wir|mir|mich|unser|unsere|eu|nós|nosotros|nossa|nosso|minha|meu|je|nous|wiem|aku|ik)\b)"
    r"(?![^()]*\b(?:not|except|excluding|without|skip|skipping)\b)"
    r"(?![^()]*\bme\b[^()]*\b(?:only|just)\b)[^()]*\)",
    re.I,
)


# Who is asking, before the question: "AMD here.", "Cohere here —", "NVIDIA Nemotron team —",
# "Google TPU team:", "hi, I'm on the IBM Granite team,". The asker's affiliation is context (as
# "we run MI300X" is): it is the subject only when the question names none of its own.
# What an asker does, said with who they are ("phd student here working on attn kernels")
_ASKER_DOES = (
    "working|looking|focused|focusing|doing|building|writing|researching|covering|reporting|studying"
)
INTRODUCTION = re.compile(
    # ("hey all 👋 new here,": the greeting's audience and an emoji are part of the greeting)
    r"^\W*(?:(?:hi|hello|hey|hiya)\b(?:\s+(?:all|folks|everyone|team|there|y'?all|guys|people))?\W*)?"
    r"(?:(?:i'?m|i am|we'?re|we are)\s+(?:on|from|with|in|at)\s+(?:the\s+)?(?:[\w.&/+-]+\s+){0,4}?team\b"
    r"|(?!(?:what|which|who|any|anything|anyone|how|is|are|was|were|did|does|do|show|list|so|ok|okay|and|but)\b)"
    r"(?:[\w.&/+-]+\s+){1,4}?(?:team|here)\b"
    # "phd student here working on attn kernels -": what the asker does, part of who they are
    rf"(?:,?\s+(?:{_ASKER_DOES}|based|trying)\b[^?\n\u2014\u2013]{{0,60}}?(?=\s*[\u2014\u2013:,.!;]|\s-\s))?"
    # "phd student working on attn kernels - which ...": a role and what it works on, then the question
    r"|(?:(?:a|an)\s+)?(?:[\w.&/+-]+\s+){0,2}?(?:student|engineer|eng|researcher|packager|maintainer|developer|dev|pm"
    rf"|manager|sre|lead|contributor|guy|person)\s+(?:{_ASKER_DOES})\b[^?\n]{{0,60}}?"
    r"(?=\s-\s|\s*:)"
    # what kind of question it is ("Manager question:", "quick q -", "dumb question, but ...")
    # ("separate q -", "another question:" open a new question in a thread: those stay)
    r"|(?!(?:what|which|who|how|is|are|did|does|do|any|my|our|this|that|separate|different|unrelated|new"
    r"|side|random|another|off)\b)(?:[\w.&/+-]+\s+){0,3}?(?:question|q|qn)\b)"
    # ("docs person here (we're ~3 weeks behind).": an aside of theirs before the stop)
    r"(?:\s*\([^()]*\))?\s*(?:[\u2014\u2013:,.!;]+|\s-\s)\s*",
    re.I,
)


def introduction(text: str) -> str:
    """The self-introduction a message opens with ("AMD here.", "Manager question:"), or ""."""
    found = INTRODUCTION.match(text)
    return found.group(0) if found and text[found.end() :].strip() else ""


# What the asker is doing, before a colon and the question: "writing a blog post about february:
# which kernels got faster?" (context: its time is the question's, see parse)
_ACTIVITY_LEAD = re.compile(
    # (not across a dash: "prepping the changelog — list every breaking change since nov 1: removed
    # flags, ..." asks before its colon, and what follows the colon is examples)
    rf"^\W*(?:(?:i'?m|we'?re|i am|we are)\s+)?{_ACTIVITY}\b[^?:\n\u2014\u2013]{{0,80}}:\s+(?=\S)",
    re.I,
)


# "…vllm seemed like a good example bc its huge. anyway my question: who were …": the asker says
# where the question starts; what comes before is context
# "sorry for the basic question but roughly how many ...": an apology for asking, then the question
_APOLOGY_LEAD = re.compile(
    r"^\W*(?:sorry|apologies|pardon)\b[^?.!]{0,40}?\bq(?:uestion)?s?\b\s*(?:,|but\b|-|–|—)?\s*(?=\S)", re.I
)
_QUESTION_LEAD = re.compile(
    r"^.*?\b(?:my|the|actual|real|main) question(?: (?:is|was|would be))?\s*[:\-–—]\s*(?=\S)", re.I | re.S
)
HOW_NOT_TO_ANSWER = re.compile(
    r"[\s,.;]*(?:\band |\bbut )?(?:pls |please )?(?:\bdon'?t|\bdont|\bdo not) (?:just |even )?(?:say|answer|reply)\b[^?]*",
    re.I,
)
_PARENTHESIS = re.compile(r"\s*\([^()]*\)")
_LEAVING_OUT_CLAUSE = re.compile(r"\b(?:not|except|excluding|without|skip|skipping)\b[^,;()]*", re.I)


def _activity_lead_with_asides(text: str) -> str:
    """An activity lead with a long aside in it ("I'm working on MoE LoRA serving (the Triton
    paths -- not the XPU or ROCm ports, those I don't care about): which PRs ..."): the question
    after it, and what the aside leaves out, which holds for the question too."""
    if "(" not in text:
        return text
    depths = itertools.accumulate((c == "(") - (c == ")") for c in text)
    at = next((k for k, depth in enumerate(depths) if depth == 0 and text[k] == ":"), -1)
    if at < 0:
        return text
    head, tail = text[: at + 1], text[at + 1 :].strip()
    if not tail or "(" not in head or not _ACTIVITY_LEAD.match(_PARENTHESIS.sub("", head) + " ?"):
        return text
    leaving = [
        m.group(0).strip()
        for aside in _PARENTHESIS.findall(head)
        for m in _LEAVING_OUT_CLAUSE.finditer(aside)
    ]
    return tail + "".join(f" ({w})" for w in leaving)


_CJK_AFTER_MARK = re.compile(r"([?!])(?=[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af])")


def question_part(text: str) -> str:
    """The part of a message that asks, without the sentences that only give the asker's context
    and without a trailing purpose clause; the whole text when nothing asks."""
    text = text[len(introduction(text)) :]
    whole = text
    # the full-width marks of Chinese and Japanese end sentences as "?" and "!" do
    text = text.replace("\uff1f", "? ").replace("\uff01", "! ").replace("\u3002", ". ")
    text = _CJK_AFTER_MARK.sub(r"\1 ", text)  # (as NFKC leaves them: "ある?うちは…")
    text = _QUESTION_LEAD.sub("", text, count=1) or text
    text = _APOLOGY_LEAD.sub("", text, count=1) or text
    text = _ACTIVITY_LEAD.sub("", text, count=1) or text  # "writing a blog post about february: which ..."
    text = _activity_lead_with_asides(text)
    text = _OWN_ASIDE.sub("", _FOR_WHOM.sub("", text)) or text
    text = _DOING_ASIDE.sub("", text) or text
    text = HOW_NOT_TO_ANSWER.sub("", text) or text  # "... and dont say 'flaky test'": how not to answer
    sentences = [s.strip() for s in _SENTENCE_END.split(text) if s.strip()]
    # "Top 10 please, I need them for our Monday sync": an aside about the asker after a comma;
    # "we're seeing weird throughput on MI355X, what landed for MI355X lately?": one before it
    # "we're evaluating MI355X and want to know what landed for ROCm + Qwen": context around an
    # embedded question, which is what the sentence asks
    said = sentences
    sentences = [_embedded_ask(s) for s in sentences]
    # "what has mgoin merged lately? he reviewed our pr and im curious what else hes working on":
    # after a question, a sentence that only wonders is the asker's background, not a second ask
    first_ask = next((k for k, s in enumerate(said) if s.endswith("?")), len(said))
    wondering = {k for k, s in enumerate(said) if k > first_ask and not s.endswith("?") and sentences[k] != s}
    sentences = [s for k, s in enumerate(sentences) if k not in wondering]
    sentences = [_after_context(_ASIDE.sub("", s) or s) for s in sentences]
    sentences = [_TRAILING_REMARK.sub("", s) or s for s in sentences]
    sentences = [(_REASON_AFTER_ORDER.sub("", s) or s) if _LEAVE_OUT_ORDER.match(s) else s for s in sentences]
    if len(sentences) > 1:
        remarks = [s for s in sentences if _REMARK.match(s)]
        if remarks and len(remarks) < len(sentences):
            sentences = [s for s in sentences if s not in remarks]
            text = " ".join(sentences)
    text = " ".join(sentences) if len(sentences) == 1 else text
    if len(sentences) > 1:
        # after a question, a statement is its background ("did anyone revert something yesterday?
        # main has been flaky af"); a bare filter ("only merged ones") is not a statement
        asked = next((k for k, s in enumerate(sentences) if s.endswith("?")), len(sentences))
        sentences = [
            s
            for k, s in enumerate(sentences)
            if k <= asked
            or _ASKING_START.match(s)  # "... 70b model? which is better value": asks, "is" or not
            or _LEAVE_OUT_ORDER.match(s)  # "... last 3 weeks? NOT the CI ones (those are out of scope)"
            or _ORDER_START.match(s)  # "which bugfix prs are still open? oldest first pls and who owns them"
            or not (
                # "... since nov 1? newest first, top 10 is fine": an order the asker settles for
                _STATEMENT.search(_SETTLING.sub("", s))
                # "any security fixes? DoS, trust_remote_code, secrets in logs etc.": examples
                or _EXAMPLES_ETC.match(s)
                or setup_list(s)
                or (_DOING.match(s) and not s.endswith("?"))
                or _KINDS_OF_CHANGE.match(s)
                or _SORT_OF_PR.match(s)
            )
        ]
        asking = [s for s in sentences if not _context(s)]
        if asking:
            text = " ".join(asking)
    purpose = _PURPOSE.search(text)
    if purpose and (colon := _COLON_QUESTION.search(text, purpose.start())):
        # "we run H200 fleets, want to know if amd is catching up: number of rocm vs nvidia PRs
        # merged this month?": after a purpose, a colon opens the question itself
        return colon.group(1)
    kept = _PURPOSE.sub("", text)
    kept = kept if kept.strip() else text
    # "Our auditors require the CVSS score for CVE-X ... Can you provide that?": a request that only
    # points back asks what the sentences before it say
    return whole if _POINTER_ASK.match(kept) and kept.strip() != whole.strip() else kept


_COLON_QUESTION = re.compile(r":\s+([^:]*\w[^:]*)$")
_POINTER_ASK = re.compile(
    r"^\W*(?:(?:so|and|ok|okay|please|pls)\W+)?(?:(?:can|could|would|will) (?:you|u)|are you able to)"
    r"(?: \w+){1,2}? (?:that|this|it|those|these|them)\W*$",
    re.I,
)


# Words standing for the PRs ("the ones", "anything", "which of these"): "with numbers" after one
# of them says which PRs (those quoting a measured gain), not how to show them
_PR_REFERENTS = (
    "ones",
    "one",
    "prs",
    "pr",
    "any",
    "anything",
    "something",
    "some",
    "those",
    "these",
    "them",
    "which",
)
_SAYS_WHICH_PRS = "".join(rf"(?<!\b{word} with )" for word in _PR_REFERENTS)
# How to show the answer, not what to find ("top 5 merges, one line each + github handles pls",
# "as a table"): every answer lists one line per PR with its author and link already
_PRESENTATION = re.compile(
    r"[\s,;]*(?:\b(?:one|1|a|single) (?:line|sentence|bullet)s? (?:each|per (?:pr|item|change))\b"
    r"|\b(?:a |one )?(?:one|1)-?liners?\b"
    # "+ github handles", "with links"; "break it down by area w/ rough counts": every list and
    # breakdown says its authors, links and counts
    r"|(?:\bwith|\bw/|\+|\band|\bplus|\bincl(?:uding)?)\s+(?:the\s+|their\s+)?"
    r"(?:(?:github |gh )?(?:handles?|usernames?|logins?|authors?|links?|urls?)\b"
    # ("perf prs with numbers", "the ones with numbers", "any with numbers": PRs that quote a
    # measured gain)
    r"|(?:(?:rough|approx(?:imate)?|ballpark)\s+)?(?:counts?|" + _SAYS_WHICH_PRS + r"numbers"
    r"|totals?)\b(?!\s+(?:of|in|for)\b))"
    r"|\b(?:as|in) (?:a )?(?:table|bullet[- ]?points?|bullets?|markdown)\b"
    # "high level pls, no PR soup": how much detail, not what to find
    r"|\b(?:keep it |at a |in )?high[- ]level\b(?:\s+(?:pls|please|plz|only))?"
    r"|\b(?:no|without|not a|not the)\s+(?:prs?\s+)?(?:soup|dump|wall|firehose|spam|laundry list)\b"
    # "please give me a single figure", "just the number": the count (every answer states it)
    r"|\b(?:as )?(?:a|one) single (?:figure|number|total)\b|\bjust (?:the|a|one) (?:number|figure|total)\b"
    # "no PR numbers", "without links": a summary in words (a list says its numbers anyway)
    r"|\b(?:no|without|skip the|minus the)\s+(?:prs?\s+|pull request\s+)?(?:numbers|#s|links|urls)\b"
    # "link me the qwen one", "give me the links to the rocm prs", "urls for the fp8 fixes": every
    # answer links its PRs ("broken links in the docs" is about links)
    r"|\b(?:links?|urls?) (?:me|us)\b|\b(?:the |a |their )?(?:links?|urls?) (?:to|for|of)\b"
    r")",
    re.I,
)


def without_presentation(text: str) -> str:
    """`text` without the words that say how to show the answer; `text` when that is all it says."""
    kept = " ".join(_PRESENTATION.sub(" ", text).split())
    return kept if kept else text


_EMBEDDED_ASK = re.compile(
    # ("they won't know what a kernel is" is about the audience, not an ask)
    r"(?<!n't )(?<!nt )(?<!not )(?<!n’t )\b(?:know|wondering|wonder|curious|ask|asking|see|find out|learn|check|understand)\s+"
    r"(?:about\s+)?((?:what|which|who|whether|if|how many|how much)\b.*)$"
    # "... and would really appreciate a summary of what got merged last week": the answer asked for
    r"|\b(?:appreciate|like|love|need|want|use|get|have)\s+(?:(?:a|an|the|some)\s+)?"
    r"((?:(?:quick|short|brief|small|little)\s+)?(?:summary|overview|rundown|recap|roundup|digest|breakdown|list)\s+of\b.*)$",
    re.I | re.S,
)


def _embedded_ask(sentence: str) -> str:
    """The question inside a sentence about the asker ("... and want to know what landed for
    rocm"): from its question word on; the sentence as it is otherwise."""
    found = _EMBEDDED_ASK.search(sentence)
    if found is None:
        return sentence
    # ("we're scoping X, and before I bother our engineers, I'd love to know who ... ?": the
    # question mark ends the ask, the words before it are still the asker's context)
    lead = sentence[: found.start()]
    return (found.group(1) or found.group(2)) if _context(sentence) or _context(lead) else sentence


_QUESTION_WORD = re.compile(r"\b(?:which|what|who|how|anything|any)\b", re.I)


_GREETINGS = frozenset(
    {"hi", "hey", "hello", "hiya", "yo", "hej", "hallo", "halo", "hola", "oi", "salut", "ciao"}
)


def _after_context(sentence: str) -> str:
    """A sentence from its first asking clause on, when every clause before it is context."""
    # a comma or a spaced dash ends a clause ("prepping release notes — what broke in november?")
    parts = re.split(r"(\s*,\s*|\s+[-–—]+\s+)", sentence)
    clauses, marks = parts[::2], parts[1::2]
    for k, clause in enumerate(clauses[1:], start=1):
        # ("we run DSV4 on MI355X, recently ROCm which merged?": a question in its own word order)
        asks = _ASKS.match(clause) or (
            k == len(clauses) - 1 and clause.rstrip().endswith("?") and _QUESTION_WORD.search(clause)
        )
        if asks and all(_context(c) or c.strip(" !").lower() in _GREETINGS for c in clauses[:k]):
            return "".join(c + m for c, m in itertools.zip_longest(clauses[k:], marks[k:], fillvalue=""))
    return sentence


def _context(sentence: str) -> bool:
    sentence = _GREETED.sub("", sentence) or sentence  # "hi - working on the upgrade notes."
    # "same thing for november, the top contributors i mean": a clarification, not the asker's setup
    sentence = _I_MEAN.sub("", sentence)
    if _CJK_IMPRESSION.search(sentence):
        return True
    if "?" in sentence or _ASKS.match(sentence) or _CJK_REQUEST.search(sentence):
        return False
    if _LEAVE_OUT_ORDER.match(sentence):  # "and dont pad it with CI stuff, i want code changes"
        return False
    words = set(re.findall(r"[a-zà-ÿ']+", sentence.lower()))
    # "doing spec decode experiments (EAGLE3 + DSpark drafts).": what the asker is doing
    return (
        bool(words & _FIRST_PERSON)
        # "dsv4 on B200 dying w/ illegal memory access in eager mode.": what the asker is seeing
        or bool(_SEEING.search(sentence))
        # "4090 owner, 24gb, running a 4bit bnb quant.": who the asker is and what they run
        or bool(_OWNER.match(sentence))
        or bool(_CJK_FIRST_PERSON.search(sentence))  # "我们 MI355 和 MI300 都在用": we use both
        # "来週MI300Xのフリートをアップデート予定なので、…チェックしておきたいです": a plan, a reason, a wish
        or bool(_CJK_BACKGROUND.search(sentence))
        or bool(_FOREIGN_DOING.match(sentence))  # "tô testando numa 5090 aqui": I'm testing on one
        or bool(_FRENCH_WE.search(sentence))  # "on a des MI355X en prod": we have some
        or bool(_TURKISH_DOING.search(sentence))  # "MI300X cluster'ımızda vLLM çalıştırıyorum": I run it
        or bool(_WANTS.match(sentence) or _DOING.match(sentence))
    )


# A sentence that opens with the order of the answer is part of the question
_ORDER_START = re.compile(
    r"^\W*(?:(?:oldest|newest|latest|earliest|most recent)(?: ones?)? first|(?:sorted|sort|ordered|order) by)\b",
    re.I,
)
# A sentence that opens by leaving something out is part of the question, whoever it speaks of
# ("dont want our scripts to break" is a worry, no order)
_LEAVE_OUT_ORDER = re.compile(
    r"^\W*(?:(?:and|but|also|oh|pls|please|ok|okay)\W+)*"
    r"(?:(?:don'?t|dont|do not) (?:pad|include|count|show|list|bother with)\b|(?:skip|exclude|leave out|ignore|drop)\b"
    # "I don't care about CUDA/ROCm-only stuff", "not interested in the ci ones": an order too
    r"|(?:(?:i|we) )?(?:don'?t|dont|do not) care (?:about|for)\b|(?:i'?m |we'?re )?not interested in\b"
    r"|(?:not|without|excluding|except|minus) (?:the |any )?[\w/&+.-]+(?: [\w/&+.-]+)? (?:ones|stuff|prs|changes|things)\b)",
    re.I,
)
# the asker's reason after such an order: "skip rocm/amd stuff we're all nvidia"
_REASON_AFTER_ORDER = re.compile(r"[\s,;-]+(?:we|we're|were|we've|i|i'm|im|i've|our|my)\b.*$", re.I)
_FRENCH_WE = re.compile(
    r"\bon (?:(?:a|tourne|teste|sert) (?:des|du|de la|une?|nos|deux|trois)\b|(?:utilise|fait tourner|déploie|deploie)\b)",
    re.I,
)
# Turkish verbs of the asker's own doing ("-ıyorum", I am ...ing; "-ıyoruz", we are), and "our"
_TURKISH_DOING = re.compile(r"\w+[ıiuü]yoru[mz]\b|\w+'?[ıi]m[ıi]zda\b", re.I)
_I_MEAN = re.compile(r"\b(?:i|we) (?:mean|meant)\b", re.I)
_GREETED = re.compile(
    # ("yo who's been ..." without a comma: "yo" greets, it is not Spanish "I")
    r"^\W*(?:hi|hey|hello|hiya|yo|howdy|hej|hallo|halo|hola|oi|salut|ciao|merhaba)(?: (?:all|folks|team|there|everyone))?(?:\s*[-–—,!:]+\s*"
    r"|\s+(?=(?:who|who's|whos|what|what's|whats|which|how|any|anything|did|does|is|are|can|could)\b))",
    re.I,
)
_OWNER = re.compile(
    r"^\W*(?:[\w.+-]+\s+){1,2}(?:owner|user)\b|^\W*(?:running|using|serving|deploying)\b", re.I
)
# What the asker is seeing go wrong, said as ongoing ("dying", "keeps crashing"): narrower than
# parse's _SYMPTOM on purpose, since a sentence before the question that only names a kind of
# failure ("regressions last month.") is a filter, not the asker's situation
_SEEING = re.compile(
    r"\b(?:dying|crashing|hanging|segfaulting|oom(?:ing|ed)|started (?:crashing|failing|hanging|dying|giving)"
    r"|keeps? (?:crashing|failing|dying|hanging))\b",
    re.I,
)
# "tô testando numa 5090", "estoy probando": the asker's own activity, in Portuguese and Spanish
_FOREIGN_DOING = re.compile(r"^\W*(?:tô|to|tou|estou|estamos|estoy)\s+\w+(?:ando|endo|indo)\b", re.I)
# A CJK sentence giving the asker's reason, plan, feeling or wish (never a question: `_context`
# reads sentences with a question mark as asking): "…予定なので" (since we plan to), "…しておきたい
# です" (I'd like to have done), "因为…" (because), "…때문에" (because of); an impression ("…気がする",
# I feel that) is context even as a question (below)
_CJK_BACKGROUND = re.compile(
    r"ので|予定|つもり|たいです|たいと思|なんだけど|検討中|因为|打算|准备|考虑|때문에|예정|려고"
)
# A question that only voices the asker's impression: "FP8まわりの変更が増えてる気がするんだけど、気のせい？"
# (I feel FP8 changes went up - is it just me?), "感觉最近…是不是" - context, not a second question
_CJK_IMPRESSION = re.compile(r"気がする|気のせい|感觉|感覺|것 같")
# The asker's own person in Chinese, Japanese and Korean (written without spaces, so found inside)
_CJK_FIRST_PERSON = re.compile(r"我们|我們|咱们|^\s*我|うち[のでは]|私[たはの]|僕|弊社|우리|저희|제가")


# "about the xpu wheel release one", "the gemma one": a PR described by its words; "the mypy one",
# "the /inference/v1/generate change": one PR by its words ("the bug fix part" is a part of the
# question, so "change", "fix" and "patch" only end the phrase)
THE_X_ONE = re.compile(
    r"\bthe (?:[\w./+-]+ ){1,6}?(?:(?:one|pr)\b(?! (?:of|from)\b)|(?:change|fix|patch|revert)\b(?!\s*\w))",
    re.I,
)

# Emphasis: "the rocm side, esp fp8 moe and aiter" asks for ROCm with those first, not only those.
EMPHASIS = frozenset({"esp", "esp.", "especially", "particularly", "notably", "mainly", "mostly"})

# A question about people: "who's been doing the amd work", "which authors touched rocm".
WHO_OPENERS = ("who", "who's", "whos")
WHO_PHRASES = ("which authors", "which people", "which contributors", "what authors")


# "who else", "who besides him", "anyone other than them": people other than those the thread is about
_OTHERS = re.compile(
    r"\b(?:else|(?:besides|except|excluding|other than|apart from|aside from) (?:him|her|them|me|us))\b"
)


def asks_others(text: str) -> str:
    """The words of `text` that ask for other people than the thread's ("else", "besides him");
    "" when none do."""
    return " ".join(found.group(0) for found in _OTHERS.finditer(text.lower()))


# Irregular verbs of doing the work after "who" ("who made most of these", "who wrote it"): the
# question's frame, as the regular ones ending in -ed or -ing are
WHO_DOING_VERBS = frozenset(
    {"wrote", "did", "made", "built", "does", "ran", "led", "drove", "took", "sent"}
    # the plain forms, as a learner of English writes them: "who is make the most of these"
    | {
        "make",
        "makes",
        "write",
        "writes",
        "do",
        "build",
        "builds",
        "lead",
        "leads",
        "drive",
        "drives",
        "send",
    }
    # "who actually maintains the cpu backend", "who owns the PD side": the people behind it
    | {"maintains", "maintain", "owns", "own"}
)
# Who owns or maintains a thing: its people over its whole life, and of the whole thing ("who
# maintains the cpu backend" under CPU PRs narrowed to AMX asks about all CPU work)
OWNING = frozenset(
    {"owns", "own", "owner", "owners", "maintains", "maintain", "maintaining", "responsible", "knows"}
)
# No one in particular: "anyone else on it?", "prs by anyone from red hat"
ANYONE = frozenset({"anyone", "anybody", "someone", "somebody", "everyone", "everybody", "any1"})
PEOPLE_NOUNS = frozenset(
    {"people", "ppl", "folks", "contributors", "authors", "devs", "developers", "committers", "maintainers"}
    | {"colleagues", "teammates", "engineers", "individuals"}
    | {"author", "contributor", "dev", "developer", "committer", "maintainer", "engineer", "person"}
)
RANKING_WORDS = frozenset(
    {"busiest", "most", "top", "active", "biggest", "main", "key", "prolific", "leading"}
)


# the person one turns to: "go-to person for structured outputs", "point person on xpu", "the
# right folks to ask about aiter"
_GO_TO = frozenset({"go-to", "goto", "point", "right", "best", "main", "key", "lead", "primary", "resident"})


def turns_to(tokens: Sequence[str]) -> bool:
    """ "who's the go-to person for X", "point person on X", "who should i ask about X": someone
    one turns to, which is who habitually does the work (over any time as a command), not who did
    it this week."""
    return bool(_ASK_WHOM.search(" ".join(tokens))) or any(
        t in PEOPLE_NOUNS and _GO_TO.intersection(tokens[max(0, k - 2) : k]) for k, t in enumerate(tokens)
    )


# "who should i ask about aiter", "who do we talk to about nixl", "who to ping re the tpu backend"
_ASK_WHOM = re.compile(
    r"^(?:\W*(?:and|so|ok|okay|hey)\W+)*who(?:m)?\s+(?:(?:should|do|can|could|would|shall)\s+(?:i|we|u|you)\s+|to\s+)"
    r"(?:ask|ping|talk to|reach out to|contact|tag|bug|go to)\b(?!.*\b(?:when|if)\b)"
)


def asks_who(tokens: Sequence[str]) -> bool:
    """Whether the message asks who is behind the PRs (in a command or a thread alike): "who ...",
    "which authors ...", or people ranked ("busiest ppl this week", "top contributors to rocm")."""
    while tokens and (tokens[0] in ("and", "so", "also", "but", "then") or tokens[0] in SOCIAL_WORDS):
        tokens = tokens[1:]  # "and who wrote most of those", "merci. who did the port race fixes"
    if not tokens:
        return False
    if tokens[0] in WHO_OPENERS or " ".join(tokens[:2]) in WHO_PHRASES:
        return True
    if tokens[0] in ("is", "are", "was", "were") and tokens[2:3] == ["else"]:
        tokens = tokens[1:]  # "is anyone else on it?"
    if tokens[0] in ANYONE and tokens[1:2] == ["else"]:
        return True  # "anyone else working on that?": other people
    if tokens[:2] == ["how", "many"] and PEOPLE_NOUNS.intersection(tokens[2:5]):
        return True  # "how many unique contributors this month": the people, counted
    # people ranked ("busiest ppl", "top contributors"), or "which of my colleagues did the most",
    # or the PRs split by them ("rocm this month by author", "per person")
    ranked = tokens[0] == "which" and "most" in tokens
    return any(
        t in PEOPLE_NOUNS
        and (
            ranked
            or RANKING_WORDS.intersection(tokens[max(0, k - 3) : k])  # "top 3 kv-connector contributors"
            or _GO_TO.intersection(tokens[max(0, k - 2) : k])  # "the go-to person for nixl"
            or tokens[k - 1 : k] in (["by"], ["per"])
        )
        for k, t in enumerate(tokens)
    )


# Employers are not in PR data ("those by amd folks only", "AMD people vs community"): the vendor is
# read as its platform, and the reply says who works where is unknown.
EMPLOYER = re.compile(
    r"\b(?:amd|nvidia|intel|google|meta|red ?hat|ibm|aws|amazon|microsoft|huawei|company|vendor)"
    r"(?:'s)? (?:people|folks|employees|engineers|devs|staff|team|teams|ppl)\b"
    r"|\bemployees?\b|\bemployers?\b|\bwho (?:works|work) (?:at|for)\b"
    # "anyone from red hat", "folks at nvidia": people of a company
    r"|\b(?:anyone|anybody|someone|somebody|everyone|people|folks|ppl|devs|engineers|guys) (?:from|at) "
    r"(?:amd|nvidia|intel|google|meta|red ?hat|ibm|aws|amazon|microsoft|huawei)\b"
)
EMPLOYER_NOTE = "I can't tell who works where (PRs don't say); a company's name is read as its platform."

# Asking the bot to act on GitHub ("can you merge #123", "pls approve my pr"): it only reads.
ACTION_REQUEST = re.compile(
    r"\b(?:can|could|would|will) (?:you|u|someone|somebody|anyone|anybody)(?: \S+)? (?:merge|approve|close|reopen|review|label|rerun|retrigger"
    r"|re-?run|re-?trigger|cherry-?pick|backport|rebase|ping|notify|assign|restart|cancel|retry|revert)\b"
    r"|\b(?:can|could|would|will) (?:you|u)(?: \S+)? (?:create|make|publish|draft|open|file|tag|cut)\b"
    r"(?: \S+){0,3} (?:release|releases|issue|issues|branch|tag|pr|pull request)\b"
    r"|^(?:pls |please )?(?:merge|approve|close|reopen|rerun|retrigger|cherry-?pick|backport|rebase|ping) "
    r"(?:#|pr\b|pull\b|this\b|my\b|those\b|these\b|them\b|it\b|him\b|her\b)"
    # "pls retrigger amd ci on 53113", "rerun the failed tests on #123": CI is run, not read
    r"|^(?:pls |please )?(?:rerun|re-run|retrigger|re-trigger|restart|kick off|trigger)(?: \S+){0,3} "
    r"(?:ci|build|builds|job|jobs|test|tests|pipeline|checks?)\b"
)
ACTION_LIMIT = "I can't act on GitHub (merge, approve, close, review, cherry-pick, ping people): I only read pull requests"
ACTION_NOTE = f"{ACTION_LIMIT}. Here is what I know of it."


def out_of_scope(tokens: Sequence[str]) -> str | None:
    """What kind of question PR data cannot answer `tokens` are, if any."""
    text = " ".join(tokens)
    return next((kind for kind, cue in OUT_OF_SCOPE if cue.search(text)), None)


# Ordering a list by time: "oldest first", "sort by newest" (an order, never a person's login).
SORT_VERBS = frozenset({"sort", "sorted", "order", "ordered", "chronological", "chronologically"})
SORT_OLDEST = frozenset({"oldest", "earliest", "ascending"})
SORT_NEWEST = frozenset({"newest", "latest", "recent", "descending"})
SORT_KEYS = SORT_OLDEST | SORT_NEWEST | {"date", "time", "impact", "size", "state"}


_BRITISH = re.compile(r"is(ation|ations|e|ed|es|er|ers|ing)$")


# Past forms no suffix rule undoes, of verbs a topic is named by ("what got sped up")
_IRREGULAR = {"sped": "speed"}


def lemmas(word: str) -> Iterator[str]:
    """The word and its plausible base forms: `updates` -> update; `shipped` -> ship;
    `happening` -> happen; `touched` -> touch; `involving` -> involve; and the -ize spelling of a
    British -ise one: `quantisation` -> quantization, `optimised` -> optimized."""
    yield word
    if word in _IRREGULAR:  # "what got sped up": speed
        yield _IRREGULAR[word]
    american = _BRITISH.sub(lambda m: "iz" + m.group(1), word)
    if american != word:
        yield american
    if word.endswith("'s"):
        yield word[:-2]
    for suffix in ("ies",):
        if word.endswith(suffix) and len(word) > 4:
            yield word[: -len(suffix)] + "y"
    for suffix in ("es", "s", "ed", "d", "ing"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 2:
            stem = word[: -len(suffix)]
            yield stem
            if suffix in ("ed", "ing"):
                yield stem + "e"  # involving -> involve
                if len(stem) >= 3 and stem[-1] == stem[-2]:
                    yield stem[:-1]  # shipped -> ship


def in_class(word: str, words: frozenset[str]) -> bool:
    return any(form in words for form in lemmas(word))


def _contraction(word: str) -> bool:
    """I'd, you're, we'll, don't, isn't, what's: grammar, whatever the base word."""
    base, sep, tail = word.partition("'")
    if not sep or tail not in ("s", "d", "ll", "re", "ve", "m", "t"):
        return False
    return tail == "t" or base in FUNCTION_WORDS


def is_set_aside(word: str) -> bool:
    """A word that frames a question rather than filtering it."""
    return _contraction(word) or in_class(word, SET_ASIDE)


def is_function_word(word: str) -> bool:
    return _contraction(word) or in_class(word, FUNCTION_WORDS)


def is_quiet_frame(word: str) -> bool:
    """Frame words not worth a note ("like", "see" in "I'd like to see ...", "hey bot")."""
    return is_function_word(word) or any(
        in_class(word, words)
        for words in (
            ASKING_VERBS,
            HAPPENING_WORDS,
            PR_NOUNS,
            RECENCY_WORDS,  # "lately", "recently": the default window is the recent one
            RELATION_WORDS,
            SCOPE_WORDS,
            SOCIAL_WORDS,
            PERIOD_WORDS,
        )
    )


def is_domain_word(word: str) -> bool:
    return in_class(word, DOMAIN_WORDS)


def state_verb(word: str) -> str | None:
    """The state a verb of landing, opening or waiting implies (`landed` -> merged)."""
    for state, verbs in STATE_VERBS.items():
        if in_class(word, verbs):
            return state
    if _MERGE_LOANED.match(word):  # "mergnuté", "mergeltek", "merget", "mergeuite", "змержили"
        return "merged"
    return None


# "merge" is a word of the trade that other languages borrow and inflect in their own way; its stem
# says merged in any of them (English's own forms are in STATE_VERBS)
_MERGE_LOANED = re.compile(r"^(?:[sz]|с|з)?(?:merg|мерж|мердж)\w{2,}$")


def is_interjection(word: str) -> bool:
    """Thanks and interjections alone ("ok", "cool", "thx"), not function words: "ok now cpu"."""
    return in_class(word, SOCIAL_WORDS)


def is_social(word: str) -> bool:
    """Thanks, interjections, emoji (`:tada:`, 🎉) and function words: nothing to answer."""
    if _EMOJI_CODE.fullmatch(word) or not any(c.isalnum() for c in word):
        return True
    return in_class(word, SOCIAL_WORDS) or in_class(word, FUNCTION_WORDS)


_EMOJI_CODE = re.compile(r":[a-z0-9_+\-]{1,40}:")


# -- other languages ------------------------------------------------------------------------------
# People in a worldwide community mix their own language into questions ("只看 NVIDIA 的, 不要 ROCm
# 的", "¿hubo cambios en spec decode esta semana?", "nur die offenen"). PR titles are English, so
# the named things in such a question are already English; what needs reading is the small closed
# vocabulary around them: time, state, only / without / with, how many, who, what about. Each is
# read as its English word; other words of those languages are not searched (no English title
# holds them), so they can neither filter nor empty an answer.
# "vllm 跟 sglang 比吞吐谁更高" (whose throughput is higher, vllm's or sglang's): a measurement
_CJK_COMPARATIVES = (
    ("谁更高", "which is better"),
    ("谁更快", "which is faster"),
    ("谁更好", "which is better"),
    ("哪个更快", "which is faster"),
    ("哪个更好", "which is better"),
    ("哪个更高", "which is better"),
    ("どっちが速い", "which is faster"),
    ("どちらが速い", "which is faster"),
)
_FOREIGN_PHRASES = (
    # "ordenado del más viejo al más nuevo" (oldest first), "sin contar los de CI ni docs"
    ("del más viejo al más nuevo", " oldest first "), ("del mas viejo al mas nuevo", " oldest first "),
    ("del más nuevo al más viejo", " newest first "), ("del mas nuevo al mas viejo", " newest first "),
    ("do mais antigo ao mais novo", " oldest first "), ("do mais novo ao mais antigo", " newest first "),
    ("ordenado ", " "), ("ordenados ", " "), ("ordenadas ", " "),
    # "主要关心 MLA 这块" (mostly care about MLA), "重点看" (mostly looking at): an emphasis, no filter;
    # "vllm 跟 sglang 比吞吐谁更高" (whose throughput is higher): a measurement of two things
    ("主要关心", " mostly care about "), ("重点关注", " mostly care about "), ("主要看", " mostly "),
    ("重点看", " mostly "),
    # Chinese (no spaces between words: phrases are found inside the text)
    ("いただけ", " "), ("頂け", " "),  # polite "could I have" ("見せていただけますか"), not "だけ" (only)
    ("这周", "this week"), ("本周", "this week"), ("这星期", "this week"), ("上周", "last week"),
    ("上星期", "last week"), ("今天", "today"), ("昨天", "yesterday"), ("本月", "this month"),
    ("这个月", "this month"), ("上个月", "last month"), ("最近", "recently"), ("只看", "only"),
    ("只要", "only"), ("不要", "without"), ("去掉", "without"), ("去除", "without"), ("删掉", "without"),
    ("拿掉", "without"), ("剔除", "without"), ("除了", "except"), ("排除", "without"), ("多少", "how many"),
    # "没合进去" (not merged in): still open, before "合进去" (merged) is read
    ("没有合进去", " open "), ("没合进去", " open "), ("没有合并", " open "), ("没合并", " open "),
    ("还没合", " open "), ("哪几个", "which"), ("哪几条", "which"), ("几个", "how many"), ("有哪些", "which"),
    # "哪个吞吐更高？有没有具体数据" (which has the higher throughput? any real numbers): a measurement
    ("吞吐量", " throughput "), ("吞吐", " throughput "), ("具体数据", " real numbers "), ("更高", " higher "),
    ("更快", " faster "), ("哪个", " which "), ("哪些", "which"), ("已合并", "merged"),
    ("合并", "merged"), ("合入", "merged"), ("合进去", "merged"), ("合进", "merged"), ("未合并", "open"), ("开着", "open"), ("修复", "fixes"),
    ("优化", "perf"), ("那些", "those"), ("这些", "these"), ("那", "and"), ("和", "and"), ("或", "or"),
    ("呢", "?"),
    # Korean, Japanese
    # the words of measurements and of quantization ("量子化関連のマージ数", "スループット比較のベンチマーク結果",
    # "どっちが速い？", "tokens/sの数字が欲しい")
    ("量子化", " quantization "), ("量化", " quantization "), ("スループット", " throughput "),
    ("ベンチマーク", " benchmark "), ("レイテンシ", " latency "), ("結果", " results "), ("比較", " compared "),
    ("どっちが", " which "), ("どちらが", " which "), ("速い", " faster "), ("多い", " more "),
    ("数字", " numbers "), ("関連", " "),
    # "この中でDeepSeekとROCm両方に…" (among these, both DeepSeek and ROCm), "その中でバグ修正だけ"
    ("これらの中で", " among these "), ("この中で", " among these "), ("その中で", " among those "),
    ("この中", " among these "), ("その中", " among those "), ("両方", " both "),
    ("이번주", "this week"), ("이번 주", "this week"), ("지난주", "last week"), ("지난 주", "last week"),
    ("몇개", "how many"), ("몇 개", "how many"), ("머지된", "merged"), ("머지", "merged"), ("열린", "open"),
    ("今週", "this week"), ("先週", "last week"), ("今月", "this month"), ("先月", "last month"),
    ("何件", "how many"), ("マージ", "merged"), ("だけ", "only"),
    # the topics these askers name most in their own words: multimodal, video, images
    ("多模态", "multimodal"), ("视频", "video"), ("图像", "image"), ("マルチモーダル", "multimodal"),
    # "一番多くマージした方のトップ5" (the top 5 of the people who merged the most), "ドキュメント" (docs)
    ("一番多く", " most "),
    ("動画", "video"), ("画像", "image"), ("멀티모달", "multimodal"), ("동영상", "video"), ("비디오", "video"),
    ("최근", "recently"),
    # who wrote it, its details, narrowing: the words of a follow-up
    ("書いた", "wrote"), ("作者", "author"), ("올렸", "wrote"),
    ("작성", "wrote"), ("詳細", "details"), ("详情", "details"), ("详细", "details"), ("자세히", "details"),
    ("상세", "details"), ("これ", "this"), ("この", "this"), ("それ", "that"), ("这个", "this"),
    ("絞", "only"), ("パフォーマンス", "performance"), ("性能", "performance"),
    ("성능", "performance"), ("バグ修正", "fixes"), ("버그 수정", "fixes"), ("이번 달", "this month"),
    ("이번달", "this month"), ("지난 달", "last month"), ("지난달", "last month"), ("그리고", "and"),
    ("以来", "since"), ("어제", "yesterday"), ("오늘", "today"), ("昨日", "yesterday"), ("今日", "today"),
    ("とか", " or "), ("什么时候", "when"), ("何時", "when"), ("いつ", "when"), ("언제", "when"),
    ("添加", "added"), ("加入", "added"), ("加的", "added"), ("追加", "added"), ("추가", "added"),
    # "オープンのも含めてもう一回" (the open ones too, once more); "我们在MI355X上跑DSV4" (we run
    # DSV4 on MI355X: the asker's setup)
    ("含めて", " including "), ("含む", " including "), ("オープン", " open "), ("もう一回", " again "),
    ("もう一度", " again "), ("包括", " including "), ("包含", " including "), ("我们", " we "),
    ("我們", " we "),
    ("ダイジェスト", " digest "), ("다이제스트", " digest "), ("表示", " show "),
    ("얼마", " how much "), ("대충", " roughly "), ("どのくらい", " how much "), ("どれくらい", " how much "),
    ("버그픽스", " bugfix "), ("버그 픽스", " bugfix "), ("요즘", " recently "), ("사용법", " what can you do "),
    ("使い方", " what can you do "), ("怎么用", " what can you do "),
    ("今年", " this year "), ("去年", " last year "), ("올해", " this year "), ("작년", " last year "),
    ("件数", " count "),
    # "每个月", "月ごと", "월별": a count per period (before "个月", a count of months)
    ("每个月", " per month "), ("每個月", " per month "), ("每月", " per month "), ("按月", " per month "),
    ("每周", " per week "), ("每週", " per week "), ("每星期", " per week "), ("按周", " per week "),
    ("每天", " per day "), ("每日", " per day "), ("按天", " per day "), ("月ごと", " per month "),
    ("月別", " per month "), ("毎月", " per month "), ("週ごと", " per week "), ("週別", " per week "),
    ("毎週", " per week "), ("日ごと", " per day "), ("日別", " per day "), ("毎日", " per day "),
    ("월별", " per month "), ("매달", " per month "), ("매월", " per month "), ("주별", " per week "),
    ("매주", " per week "), ("일별", " per day "), ("매일", " per day "),
    # "新しい順に", "최신순", "从新到旧": the order asked (before "按", which is "by" alone)
    ("新しい順", " newest first "), ("新しいもの順", " newest first "), ("新着順", " newest first "),
    ("古い順", " oldest first "), ("최신순", " newest first "), ("최신 순", " newest first "),
    ("오래된 순", " oldest first "), ("오래된순", " oldest first "), ("从新到旧", " newest first "),
    ("从旧到新", " oldest first "), ("按时间倒序", " newest first "), ("时间倒序", " newest first "), ("最新的", " newest "),
    ("按时间顺序", " oldest first "),
    # "按topic分一下数量", "按作者统计一下, 谁最多": a breakdown, and by whom; "eagle 이나 mtp 위주로":
    # eagle or mtp, those first
    ("按", " by "), ("分一下", " split "), ("数量", " count "), ("统计", " count "), ("最多", " most "),
    ("위주로", " esp "), ("위주", " esp "),
    # "처음부터", "从头", "最初から": since the start (the whole history)
    # "ROCm이랑 CPU 쪽도 다 포함해서요", "CPU也包括": those let in too, no filter of their own
    ("도 다 포함해서요", " included too "), ("도 포함해서요", " included too "), ("도 다 포함해서", " included too "),
    ("도 포함해서", " included too "), ("也包括", " included too "), ("也算", " included too "),
    ("처음부터", " since the start "), ("从一开始", " since the start "),
    ("从头", " since the start "), ("最初から", " since the start "), ("初めから", " since the start "),
    ("特に", " esp "), ("ざっくり", " "), ("まとめて", " summary "), ("周り", " "), ("スループット", " throughput "),
    ("何%", " what percent "), ("何％", " what percent "), ("上がり", " increase "),
    ("전부 보여줘", " show all "), ("다 보여줘", " show all "), ("全部列出", " show all "), ("全部给我", " show all "),
    ("全部見せて", " show all "), ("전부", " all "), ("全部", " all "), ("这一周", "this week"), ("這一週", "this week"),
    ("本星期", "this week"), ("星期天", "sunday"), ("星期日", "sunday"), ("周日", "sunday"), ("周天", "sunday"),
    *((f"{prefix}{digit}", day) for prefix in ("星期", "周", "週") for digit, day in
      zip("一二三四五六", ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday"), strict=True)),
)  # fmt: skip
_CJK_WHO = re.compile(
    r"誰|谁|누가|누구|(?<=[しい])た方(?=の|は|を|が)"
)  # ("…マージした方のトップ5": the people who)
# "최근 2주 동안", "2週間", "3个星期", "最近一个月", "两周": a count of weeks, days or months written
# with its CJK unit, the count in digits or in CJK numerals ("第一周" is the first week, "这一周" this one)
_CJK_DIGITS = {"一": "1", "二": "2", "两": "2", "兩": "2", "三": "3", "四": "4", "五": "5", "六": "6",
               "七": "7", "八": "8", "九": "9", "十": "10"}  # fmt: skip
_CJK_COUNT = r"(?<![第这這本上下])(\d+|[一二两兩三四五六七八九十])\s*(?:个|個)?\s*"


def _span(unit: str) -> Callable[[re.Match[str]], str]:
    return lambda m: f" past {_CJK_DIGITS.get(m.group(1), m.group(1))} {unit} "


def _cjk_number(text: str) -> int:
    if text.isdigit():
        return int(text)
    return 10 + int(_CJK_DIGITS.get(text[1:], "0")) if text.startswith("十") else int(_CJK_DIGITS[text])


def _month(m: re.Match[str]) -> str:
    number = _cjk_number(m.group(1))
    name = MONTH_NAMES[number - 1] if 1 <= number <= 12 else m.group(0)
    return f" {name} {m.group(2)} " if m.lastindex and m.lastindex > 1 and m.group(2) else f" {name} "


_CJK_MONTH = r"(1[0-2]|[1-9]|十[一二]?|[一二三四五六七八九])"
_SUFFIX = {1: "st", 2: "nd", 3: "rd"}


def _nth(day: int) -> str:
    """3 -> "3rd", 11 -> "11th", 22 -> "22nd": a day of the month as English writes it."""
    return f"{day}{'th' if day // 10 == 1 else _SUFFIX.get(day % 10, 'th')}"


_CJK_SPANS = (
    (
        re.compile(r"ドキュメント"),
        lambda m: " docs ",
    ),  # (before what is left out is read: "CIやドキュメントのみのPRは除外")
    # "gpt-oss 서빙 땜에 보는 중이라" (we are looking because of serving gpt-oss): the asker's reason;
    # "CI 테스트 speedup 같은 건 perf로 안 쳐주세요" (don't count things like CI test speedups as perf)
    (
        re.compile(
            r"[\w.-]+\s*(?:서빙|쓰는|사용)?\s*(?:땜에|때문에)\s*[^,.?!~]*?(?:중이라서|중이라|중이어서)"
        ),
        lambda m: " ",
    ),
    (
        re.compile(
            r"([A-Za-z][\w/.-]*)(?:\s+[^\s()]+){0,2}?\s*같은\s*(?:건|거|것은)\s*\S*\s*안\s*(?:쳐|세)(?:주세요|줘요|줘)?"
        ),
        lambda m: f" without {m[1]} ",
    ),
    # "10일 이후로", "10日以降", "10号以后": since that day of the month (not ten days)
    (
        re.compile(
            r"(?<![\d月월])(?<![月월] )(\d{1,2})\s*(?:일|日|号|號)\s*(?:이후|부터|以降|以来|から|之后|以后|起)"
        ),
        lambda m: f" since the {_nth(int(m.group(1)))} ",
    ),
    # "11月3日", "11월 3일": a date; "十月", "3月", "10월": a month (with 个 / か / 개 it is a count)
    (re.compile(_CJK_MONTH + r"\s*(?:月|월)\s*(\d{1,2})\s*(?:日|号|號|일)"), _month),
    (
        # (a count before it, spaced or not, makes it a span: "5か月", "3 个月"; "、10月" is a month)
        re.compile(
            r"(?<![\d一二三四五六七八九十个個かヶ개])(?<![\d一二三四五六七八九十个個かヶ개] )"
            + _CJK_MONTH
            + r"\s*(?:月份|月|월)(?!\s*\d)"
        ),
        _month,
    ),
    (re.compile(_CJK_COUNT + r"(?:주|週間|週|周|星期|礼拜|禮拜)"), _span("weeks")),
    (re.compile(_CJK_COUNT + r"(?:일|日間|天)"), _span("days")),
    (re.compile(r"(\d+)\s*日(?!本)"), _span("days")),
    (re.compile(_CJK_COUNT + r"(?:개월|か月|ヶ月|个月|個月)"), _span("months")),
)
# What is left out, said before the verb: "ci 和 docs 的不用算", "rocm 的不要", "ci 的那些去掉" (Chinese:
# the names, then 的 / 那些 and a verb of leaving out; 去掉 / 除外 and the like need no 的, but then end
# the phrase: "去掉ci" puts them after), "KV connector 系は除外して", "ROCmのは除いて", "ci랑 docs는 빼고"
# (Japanese, Korean: the verb comes last). A name of two or three words ("KV connector") stands alone
# right after the start of the text, a CJK character or a punctuation mark; single words form lists.
_LATIN = r"[A-Za-z0-9][A-Za-z0-9_.+/\-]*"
# A CJK sentence that asks, however much background it gives first ("…共有したいので、…のトップ5を
# 教えていただけますでしょうか。"): its polite request or question ending
_CJK_REQUEST = re.compile(
    r"(?:教えて|ください|下さい|でしょうか|ますか|お願いします|吗|呢|주세요|할까요|인가요)\W*$"
)
_LEFT_JOIN = r"\s*(?:和|跟|与|與|、|/|\+|이랑|랑|하고|와|과|と|や)\s*"  # a comma ends a clause there
_LEFT_NAMES = rf"((?<![A-Za-z0-9_.+/\-\s]){_LATIN}(?: {_LATIN}){{1,2}}|{_LATIN}(?:{_LEFT_JOIN}{_LATIN})*)"
_ZH_DROP = r"去掉|去除|删掉|刪掉|拿掉|剔除|过滤掉|過濾掉|除外|排除|不用算|不算|不用看"
_CJK_LEFT_OUT = re.compile(
    _LEFT_NAMES + r"\s*(?:相关|相關|方面)?\s*(?:"
    r"(?:的|那些|这些|這些)(?:\s*(?:那些|这些|這些|PR|pr|prs|PRs))?\s*(?:都|也|就)?\s*(?:不要|不需要|不看|"
    + _ZH_DROP
    + ")"
    r"|(?:都|也|就)?\s*(?:" + _ZH_DROP + r")(?=\s*(?:吧|了|啊|一下|$|[，。,.!?！？;；]))"
    # ("xpu꺼는 빼줘": the xpu ones - 꺼 / 거 / 것, the thing of - leave out)
    # ("CIだけのやつは要らない": the CI-only ones - だけ, only - are not needed)
    r"|(?:\s*(?:系|関連|関係|周り|まわり|だけ|のみ|の(?:PR|pr|やつ|もの)?|관련|쪽|꺼|거|것))*\s*(?:は|を|も|은|는|을|를)?\s*"
    r"(?:除いて|除く|除外|以外|抜き|抜いて|外して|省いて|なしで|いらない|제외하고|제외|빼고|빼줘|말고)"
    r"|(?:\s*(?:系|関連|関係|だけ|の(?:PR|pr|やつ|もの)?))*\s*(?:は|も)\s*(?:不要|要らない))"  # not zh "不要 X"
)
# Words of the sentence, not of a name: "last week rocm 的不要" leaves out ROCm, not "last week rocm"
_SENTENCE_WORDS = frozenset(
    {"last", "this", "past", "next", "week", "month", "year", "today", "yesterday", "since", "show", "me",
     "only", "and", "or", "the", "all", "prs", "pr", "merged", "open", "list", "please", "pls"}
)  # fmt: skip


def _left_out(names: str) -> str:
    """ "without" and what a CJK sentence leaves out, a list joined by "and"; words of the sentence
    before a name of several words stay where they were."""
    words = names.split(" ")
    if not re.search(_LEFT_JOIN, names):
        while len(words) > 1 and words[0].lower() in _SENTENCE_WORDS:
            words = words[1:]
    kept = names[: len(names) - len(" ".join(words))]
    return f"{kept} without " + re.sub(_LEFT_JOIN, " and ", " ".join(words)) + " "


# Japanese and Korean put the verb last: "ROCmのは除いて" is "without ROCm", "2番目" the second
_CJK_ORDINALS = {"1": "first", "2": "second", "3": "third", "4": "fourth", "5": "fifth", "6": "sixth",
                 "7": "seventh", "8": "eighth", "9": "ninth", "10": "tenth", "一": "first", "二": "second",
                 "三": "third", "四": "fourth", "五": "fifth", "첫": "first", "두": "second", "세": "third",
                 "네": "fourth", "다섯": "fifth"}  # fmt: skip
_CJK_ORDER = (
    (_CJK_LEFT_OUT, lambda m: _left_out(m.group(1))),
    # "性能改善ではなく、同じ期間のバグ修正の方" (not the perf work but the bug fixes): Y instead of X
    (re.compile(r"([^、，,。？?.!]+?)\s*(?:ではなく|じゃなくて|じゃなく|而不是|말고)\s*[、，,]?\s*([^。？?.!]+)"),
     lambda m: f" {m.group(2)} instead of {m.group(1)} "),
    # "在MI355X上跑DSV4": run DSV4 on MI355X (the asker's setup)
    (re.compile(r"在\s*([A-Za-z0-9][\w.+/-]*)\s*上\s*(?:跑|用|部署|运行|運行)\s*([A-Za-z0-9][\w.+/-]*)"),
     lambda m: f" run {m.group(2)} on {m.group(1)} "),
    # "perf 和 fix 都要": both wanted, either kind; "eagle 이나 mtp": eagle or mtp
    (re.compile(r"([A-Za-z0-9][A-Za-z0-9_.+/\-]*)\s*(?:和|跟|与|與|、)\s*([A-Za-z0-9][A-Za-z0-9_.+/\-]*)\s*(?:都要|都可以|都行|都看)"),
     lambda m: f" {m.group(1)} or {m.group(2)} "),
    (re.compile(r"(?<=[A-Za-z0-9])\s*이나\s+"), lambda m: " or "),
    # "5件", "5개", "前5个", "上位3件": that many (a count of items, not of months: "5개월")
    (re.compile(r"(?:前|上位|トップ)\s*(\d+|[一二三四五六七八九十])\s*(?:件|개(?!월)|条|條|个|個)?"
                r"|(\d+|[一二三四五六七八九十])\s*(?:件|개(?!월)|条|條)"),
     lambda m: f" top {_cjk_number(m.group(1) or m.group(2))} "),
    (re.compile(r"(\d+|[一二三四五]|첫|두|세|네|다섯)\s*(?:番目|번째|번 째)|第\s*(\d+|[一二三四五])\s*(?:个|個|条|條|篇)?"),
     lambda m: f" the {_CJK_ORDINALS[m.group(1) or m.group(2)]} one "),
)  # fmt: skip
_FOREIGN_WORDS = {
    # Spanish / Portuguese
    "esta": "this", "semana": "week", "pasada": "last", "passada": "last", "mes": "month", "mês": "month",
    "hoy": "today", "hoje": "today", "ayer": "yesterday", "solo": "only", "sólo": "only", "apenas": "only",
    "sin": "without", "sem": "without", "con": "with", "com": "with", "abiertos": "open", "abiertas": "open",
    "abertos": "open", "fusionados": "merged", "cuántos": "how many", "cuantos": "how many", "quién": "who",
    "quien": "who", "quem": "who", "hizo": "did", "hicieron": "did", "fez": "did", "fizeram": "did",
    "y": "and", "quantos": "how many", "cambios": "changes", "mudanças": "changes", "arreglos": "fixes",
    "correcciones": "fixes", "hubo": "", "houve": "", "hay": "", "en": "", "em": "", "los": "", "las": "",
    "el": "", "la": "", "de": "", "del": "", "para": "", "gracias": "thanks", "obrigado": "thanks",
    "hola": "hi", "olá": "hi", "qué": "what", "que": "", "algo": "anything", "nuevo": "new",
    "oi": "hi", "gente": "", "saiu": "merged", "salió": "merged", "alguma": "any", "alguna": "any",
    "algún": "any", "algun": "any", "coisa": "", "cosa": "", "coisas": "", "cosas": "", "pra": "for", "valeu": "thanks",
    "quais": "which", "último": "last", "ultimo": "last", "última": "last", "ultima": "last",
    "entraram": "merged", "entrou": "merged", "entraron": "merged", "entró": "merged", "quando": "when", "próxima": "next", "proxima": "next",
    "próximo": "next", "sai": "out", "essa": "this", "esse": "this", "nessa": "this", "nesse": "this",
    "nesta": "this", "neste": "this",
    "quantizado": "quantized", "quantizada": "quantized", "novo": "new", "nova": "new", "tem": "",
    "teve": "", "alguém": "anyone", "este": "this", "mergeados": "merged", "mergeado": "merged",
    "mergeadas": "merged", "fusionado": "merged", "cuáles": "which", "cuales": "which", "son": "are",
    "revirtió": "reverted", "revirtio": "reverted", "reverteu": "reverted", "parte": "part",
    "visión": "vision", "visão": "vision", "últimos": "last", "ultimos": "last", "últimas": "last",
    "ultimas": "last", "meses": "months", "semanas": "weeks", "días": "days", "dias": "days",
    "ontem": "yesterday", "mexido": "", "mexendo": "", "quero": "", "saber": "", "conversar": "",
    "falar": "", "sobre": "about",
    # "quais modelos novos entraram no mês passado?", "vc consegue rodar um benchmark", "quem mandou
    # esses PRs? quero agradecer o pessoal", "sem contar bots", "é pro shoutout da nossa newsletter"
    "modelos": "models", "novos": "new", "novas": "new", "contar": "counting", "contando": "counting",
    "pro": "for", "nossa": "our", "nosso": "our", "mandou": "sent", "mandaram": "sent",
    "agradecer": "thank", "pessoal": "folks", "relevante": "relevant", "relevantes": "relevant",
    "tá": "is", "vc": "you", "consegue": "can", "rodar": "run", "passar": "give", "ajuda": "help",
    "necesito": "need", "necesitamos": "need", "resumen": "summary", "pasó": "happened", "paso": "happened",
    "ni": "nor", "che": "", "porfa": "please", "porfavor": "please",
    "preciso": "need", "precisamos": "need", "uma": "", "um": "", "é": "", "foram": "were", "e": "and",
    "desses": "of these", "dessas": "of these",
    # "se mergearon", "corremos X en H200", "lo de ROCm no me interesa": merged, the asker's setup,
    # and what the asker leaves out
    "mergearon": "merged", "mergearam": "merged", "mergeó": "merged", "mergeo": "merged",
    "corremos": "we run", "rodamos": "we run", "usamos": "we use", "lo": "",
    "me": "", "interesa": "interested", "interesan": "interested", "interessa": "interested",
    # month names (read only in a message recognised as Spanish, Portuguese, French or German)
    "enero": "january", "febrero": "february", "marzo": "march", "abril": "april", "mayo": "may",
    "junio": "june", "julio": "july", "agosto": "august", "septiembre": "september",
    "setiembre": "september", "octubre": "october", "noviembre": "november", "diciembre": "december",
    "janeiro": "january", "fevereiro": "february", "março": "march", "maio": "may", "junho": "june",
    "julho": "july", "setembro": "september", "outubro": "october", "novembro": "november",
    "dezembro": "december", "janvier": "january", "février": "february", "fevrier": "february",
    "mars": "march", "avril": "april", "mai": "may", "juin": "june", "juillet": "july", "août": "august",
    "aout": "august", "septembre": "september", "octobre": "october", "novembre": "november",
    "décembre": "december", "decembre": "december", "januar": "january", "februar": "february",
    "märz": "march", "juni": "june", "juli": "july", "oktober": "october", "dezember": "december",
    # German
    "diese": "this", "woche": "week", "letzte": "last", "letzten": "last", "monat": "month",
    "heute": "today", "gestern": "yesterday", "nur": "only", "ohne": "without", "mit": "with",
    "offenen": "open", "offene": "open", "gemergten": "merged", "gemergt": "merged", "wie": "how",
    "viele": "many", "wer": "who", "und": "and", "oder": "or", "danke": "thanks", "die": "", "der": "",
    "seit": "since", "letzter": "last", "letztem": "last", "letztes": "last", "neue": "new", "neuen": "new",
    "gibt": "", "gibts": "", "es": "", "bitte": "please", "auch": "also", "für": "for", "fur": "for",
    "gleichen": "same", "zeitraum": "period", "geschrieben": "wrote", "hat": "", "haben": "", "was": "",
    "im": "in", "wir": "we", "ich": "i", "unser": "our", "unsere": "our", "fahren": "run", "nutzen": "use",
    "sachen": "", "speziell": "", "hallo": "hi", "zusammen": "", "ein": "", "eine": "", "den": "",
    "dem": "", "das": "", "ist": "is", "sind": "are", "welche": "which", "zeig": "show", "mir": "me",
    "wochen": "weeks", "tagen": "days", "tage": "days", "monaten": "months", "monate": "months",
    "gemerged": "merged", "gemergte": "merged", "wurden": "", "wurde": "", "davon": "of those", "waren": "were",
    "ungefähr": "", "ungefaehr": "", "kurze": "", "frage": "", "fürs": "for", "gab": "", "änderungen": "changes",
    "aenderungen": "changes", "beim": "", "betreffen": "", "betrifft": "", "beachten": "", "müssen": "",
    # "könnt ihr mir bitte den Digest von letzter Woche schicken? brauche ihn für den Newsletter"
    "könnt": "can", "könnte": "can", "könnten": "can", "können": "can", "kannst": "can", "kann": "can",
    "ihr": "you", "schicken": "send", "schick": "send", "senden": "send", "zeigen": "show",
    "posten": "post", "von": "", "brauche": "need", "brauchen": "need", "ihn": "it", "hatten": "had",
    "reine": "", "reinen": "", "kennen": "", "sollten": "", "sollen": "", "gemacht": "did", "schon": "", "zeug": "stuff", "weglassen": "skip", "rauslassen": "skip", "auslassen": "skip", "dafür": "instead",
    "ganzen": "whole", "ganze": "whole", "früher": "before", "egal": "", "daneben": "", "dieselben": "same",
    "vergleich": "comparison", "insgesamt": "in total", "kram": "stuff", "mehr": "more", "schafft": "gets",
    "karte": "card",
    # "was ist da alles reingekommen? v.a. MoE", "kurze zusammenfassung", "beide wochen zusammen",
    # "die offenen interessieren mich grad nicht", "was genau macht der?"
    "reingekommen": "merged", "reingegangen": "merged", "alles": "", "hab": "", "habe": "", "echt": "",
    "keinen": "", "überblick": "", "zusammenfassung": "summary", "beide": "both", "beiden": "both",
    "worden": "", "davor": "before", "danach": "after", "offen": "open", "verloren": "",
    "interessieren": "interested", "interessiert": "interested", "mich": "", "grad": "", "gerade": "",
    "nicht": "not", "kein": "no", "keine": "no", "genau": "", "macht": "does",
    "auf": "on", "gerne": "", "einfach": "", "nochmal": "again", "noch": "still",
    "dieser": "this", "diesem": "this", "dieses": "this", "diesen": "this", "wichtig": "important", "kurz": "briefly", "war": "was", "bei": "in", "da": "", "sätze": "sentences", "satz": "sentence",
    # "Was gab es letzte Woche Neues bei der Quantisierung? ... älteste zuerst", "wer hat da am
    # meisten beigetragen?", "im November bisher", "wer war jeweils am aktivsten?"
    "neues": "new", "quantisierung": "quantization", "aber": "but", "hauptsächlich": "mainly",
    "hauptsaechlich": "mainly", "teilweise": "partly", "älteste": "oldest", "aelteste": "oldest",
    "ältesten": "oldest", "neueste": "newest", "neuesten": "newest", "zuerst": "first", "bisher": "so far",
    "jeweils": "each", "am": "", "aktivsten": "most active", "meisten": "most", "beigetragen": "contributed",
    "drin": "merged", "klar": "", "dass": "", "vorbei": "over", "arbeite": "work", "arbeiten": "work",
    "alle": "all", "zu": "", "uns": "us", "wer's": "who", "mal": "", "quantisierungs": "quantization", "kernels": "kernels",
    # French
    "cette": "this", "semaine": "week", "dernière": "last", "derniere": "last", "mois": "month",
    "aujourd'hui": "today", "les": "", "le": "", "des": "",
    "seulement": "only", "sans": "without", "avec": "with", "ouverts": "open", "ouvertes": "open",
    "quelle": "what", "quel": "what", "quels": "what", "valeur": "value", "je": "i", "nous": "we",
    "dois": "should", "devrais": "should", "mettre": "set", "pour": "for", "salut": "hi", "sur": "on",
    "d'avance": "", "une": "", "un": "", "est-ce": "", "qu'il": "", "a-t-il": "",
    "fusionnés": "merged", "combien": "how many", "qui": "who", "merci": "thanks",
    "fusionnées": "merged", "fusionné": "merged", "fusionnée": "merged", "quelles": "which", "sont": "are",
    "ne": "", "pas": "not", "par": "per", "stp": "", "svp": "", "1er": "1st", "1ère": "1st",
    "écrites": "wrote", "écrit": "wrote", "écrits": "wrote", "qu'est-ce": "what", "été": "", "côté": "on",
    "remercier": "thank", "gens": "people", "et": "and", "a": "",
    "mergé": "merged", "mergée": "merged", "mergés": "merged", "mergées": "merged", "merge": "merged",
    "depuis": "since", "quoi": "what", "koi": "what", "qqch": "anything", "qqchose": "anything",
    "c'est": "", "c": "", "eu": "", "du": "", "au": "", "aux": "", "ça": "", "ca": "",
    "sa": "her", "ses": "his", "rien": "nothing", "tout": "all", "toutes": "all", "tous": "all",
    # "des trucs sur X ou Y dans ce digest ?", "parmi celles-là, lesquelles sont encore ouvertes ?"
    "ou": "or", "dans": "in", "trucs": "stuff", "truc": "stuff", "surtout": "", "lesquelles": "which",
    "lesquels": "which", "encore": "still", "parmi": "of", "celles-là": "those", "ceux-là": "those",
    "celles-ci": "these", "ceux-ci": "these", "spécifiquement": "specifically", "touchent": "touch",
    "directement": "", "nb": "number of", "semaines": "weeks", "neuf": "new",
    # "y alguno de esos sigue abierto todavía?", "algum desses ainda está aberto?", "encore d'ouverts"
    "abierto": "open", "abierta": "open", "aberto": "open", "aberta": "open", "abertas": "open",
    "sigue": "still", "siguen": "still", "todavía": "still", "todavia": "still", "ainda": "still",
    "algum": "any", "está": "is", "están": "are", "estão": "are", "ahora": "now",
    "mismo": "", "d'ouverts": "open", "ouvert": "open", "ouverte": "open",
    # "et qui en a fait le plus? je veux savoir qui pinger"
    "veux": "want", "voudrais": "want", "savoir": "to know", "pinger": "ping",
    # Portuguese: "e tirando as de CI, quais sobram?" (and leaving out the CI ones, which are left?)
    "tirando": "except", "exceto": "except", "sobram": "", "sobra": "", "as": "", "os": "",
    "seguridad": "security", "segurança": "security", "seguranca": "security", "sécurité": "security",
    "securite": "security", "sicherheit": "security", "tengamos": "", "parchear": "patch", "urgente": "",
    # "es cierto que los sacaron de vllm?? cuando fue eso": were they removed, and when
    "sacaron": "removed", "quitaron": "removed", "eliminaron": "removed", "cuando": "when", "cuándo": "when",
    "fue": "was", "cierto": "", "eso": "that",
    # "y desde octubre entonces?", "alguno de esos arregla el tool calling?": since, of those
    "desde": "since", "alguno": "any", "algunos": "any", "algunas": "any", "esos": "those",
    "esas": "those", "estos": "these", "estas": "these", "arregla": "fixes", "arreglan": "fixes",
    "nada": "nothing", "entonces": "", "vaya": "",
}  # fmt: skip
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")


def has_cjk(text: str) -> bool:
    """Whether `text` holds Chinese, Japanese or Korean characters."""
    return bool(_CJK.search(text))


_CJK_RUN = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]+")
_FOREIGN_CUES = frozenset(
    {
        "semana",
        "woche",
        "semaine",
        "hubo",
        "houve",
        "nur",
        "ohne",
        "sin",
        "sem",
        "mois",
        "abiertos",
        "abiertas",
    }
    | {"cuántos", "cuantos", "combien", "seulement", "offenen", "gemergt", "gemergten", "dernière", "pasada"}
    | {"passada", "quien", "quién", "quem", "hizo", "hicieron", "fizeram", "merci", "gracias", "obrigado"}
    | {"saiu", "alguma", "alguna", "algún", "algun", "valeu", "quantizado", "quantizada", "pra", "nuestro"}
    | {"seit", "letzter", "gibt", "gibts", "bitte", "danke", "geschrieben", "zeitraum", "welche"}
    | {"könnt", "könnten", "kannst", "schicken", "brauche", "sätze", "weglassen", "früher", "egal", "gemacht"}
    | {"wie", "viele", "wurden", "davon", "ungefähr", "gemerged", "änderungen", "wochen", "betreffen"}
    | {
        "quelles",
        "fusionnées",
        "quelle",
        "dois",
        "salut",
        "valeur",
        "mergeados",
        "mergeado",
        "mergeadas",
        "este",
        "cuáles",
        "cuales",
    }
    | {"revirtió", "noviembre", "octubre", "septiembre", "novembro", "outubro", "setembro", "qué", "quién"}
    | {"parte", "visión", "visão", "quais", "entraram", "entrou", "entraron", "entró", "próxima", "quando"}
    | {"mergé", "mergée", "mergés", "mergées", "depuis", "qqch", "koi", "quoi", "c'est", "ça"}
    | {"tirando", "sobram", "exceto"}
    | {"stp", "svp", "écrites", "qu'est-ce", "côté", "mergées", "1er", "lesquelles", "parmi", "trucs"}
    | {"seguridad", "algo", "semanas", "últimas", "ultimas", "tengamos", "hola", "porfa", "entraron"}
    | {"sacaron", "quitaron", "eliminaron", "cuando", "cuándo"}
    | {"desde", "alguno", "algunos", "esos", "esas", "estos", "arregla", "arreglan", "entonces"}
)

# Languages added later keep their words apart: short words mean different things in different
# languages (Turkish "ne" is "what", French "ne" a negation; Polish "w" is "in"), so a table is
# read only when a word of its own language is in the message.
_LANGUAGE_WORDS: tuple[tuple[frozenset[str], dict[str, str]], ...] = (
    (  # Portuguese: "os prs do X no rust frontend" ("no" is "in the", not a no), "e quem fez esses?"
        frozenset({"mostra", "mostre", "esses", "essas", "desses", "dessas", "mês", "abertos", "mergeados"})
        # ("compare" is English too: "how do the two compare?" read "do" as Portuguese "by")
        | {"compara", "fez", "fizeram", "quantos", "quantas", "você", "voce", "setembro", "outubro"},
        {
            "no": "in", "na": "in", "nos": "in", "nas": "in", "do": "by", "da": "by", "dos": "by",
            "esses": "these", "essas": "these", "desses": "of these", "dessas": "of these", "mostra": "show",
            "mostre": "show", "compara": "compare", "compare": "compare", "foram": "were", "quantas": "how many",
            "abertas": "open", "e": "and", "só": "only", "so": "only", "pode": "", "incluir": "include",
            "agora": "now", "com": "with", "setembro": "september", "outubro": "october",
        },
    ),
    (  # Italian
        frozenset({"settimana", "scorsa", "quest'anno", "qualcosa", "quante", "quanti", "ciao", "grazie"})
        | {"mergiate", "quella", "quello", "invece", "tutti", "usare", "sono", "recenti", "modelli", "quali"}
        | {"sto", "scrivendo", "tesi", "stesso", "periodo", "chi", "serve", "dimmi", "vorrei", "ancora"},
        {
            "settimana": "week", "scorsa": "last", "scorso": "last", "mese": "month", "oggi": "today",
            "ieri": "yesterday", "quante": "how many", "quanti": "how many", "chi": "who", "aperte": "open",
            "aperti": "open", "mergiate": "merged", "mergiati": "merged", "mergiata": "merged",
            "senza": "without", "qualcosa": "anything", "ciao": "hi", "grazie": "thanks", "questa": "this",
            "questo": "this", "il": "", "lo": "", "gli": "", "della": "", "dello": "", "delle": "", "dei": "",
            "di": "", "per": "for", "sul": "on", "sulla": "on", "nuovi": "new", "nuove": "new", "nuovo": "new",
            "anche": "also", "ancora": "still", "sistemato": "fixed", "sistemati": "fixed", "fatto": "",
            "hanno": "", "ha": "", "e": "and", "usare": "use", "invece": "", "tipo": "", "si": "",
            "tutti": "", "mio": "my", "mia": "my", "appena": "", "quella": "", "quello": "",
            # "ci sono PR recenti per LoRA sui modelli multimodali?": "ci" is "there", not CI
            "ci": "", "sono": "are", "recenti": "recent", "modelli": "models", "multimodali": "multimodal",
            "sui": "on", "sugli": "on", "quali": "which", "state": "", "stati": "", "da": "since",
            "totale": "total", "stesso": "same", "periodo": "period", "solo": "only", "fatte": "",
            "settembre": "september", "ottobre": "october", "novembre": "november", "dicembre": "december",
            "gennaio": "january", "febbraio": "february", "marzo": "march", "aprile": "april",
            "maggio": "may", "giugno": "june", "luglio": "july", "agosto": "august", "più": "most",
            "piu": "most", "ne": "", "ecc": "etc", "in": "in", "particolare": "",
            "non": "not", "nello": "in", "nella": "in", "mille": "", "su": "on", "o": "or", "mi": "",
            "sicurezza": "security",
            # "dimmi di più sulla seconda" (tell me more about the second one); "qualcuno ci sta già
            # lavorando" (is anyone already working on it)
            "dimmi": "tell me", "dammi": "give me", "mostrami": "show me", "prima": "first", "primo": "first",
            "seconda": "second", "secondo": "second", "terza": "third", "terzo": "third", "qualcuno": "anyone",
            "già": "already", "lavorando": "working", "vorrei": "", "sapere": "", "immagini": "images",
            "con": "with", "le": "", "la": "", "un": "", "una": "",
        },
    ),
    (  # Dutch ("wie", Dutch "who", stays German's "how")
        frozenset({"hoeveel", "gemerged", "gemerget", "vorige", "deze", "graag", "niet", "iemand", "waarom"})
        | {"daarvan", "draaien", "sinds", "meetellen", "laatste", "nieuws", "aub", "spul", "welke"},
        {
            "hoeveel": "how many", "gemerged": "merged", "gemerget": "merged", "gemergd": "merged",
            "deze": "this", "vorige": "last", "maand": "month", "vandaag": "today", "gisteren": "yesterday",
            "zijn": "are", "er": "", "van": "", "waren": "were", "echt": "", "niet": "not", "dingen": "",
            "graag": "please", "daarvan": "of those", "iemand": "anyone", "mijn": "my", "steeds": "",
            "gaat": "", "op": "on", "een": "", "met": "with", "verbeteringen": "improvements",
            "alleen": "only", "zonder": "without", "welk": "which", "welke": "which",
            # "welke kv connector fixes zijn sinds de 10e gemerged ...? geen mooncake/lmcache spul aub"
            "sinds": "since", "laatste": "last", "dagen": "days", "weken": "weeks", "meeste": "most",
            "spul": "stuff", "aub": "please", "geen": "no", "draaien": "run", "ik": "i", "die": "",
            "moet": "", "mee": "", "nemen": "", "bij": "", "volgende": "", "nieuws": "news", "de": "",
            "hebben": "", "heeft": "", "en": "and", "wat": "what", "dan": "than",
        },
    ),
    (  # Hindi in Latin script (Hinglish)
        frozenset({"kitne", "kaun", "kisne", "kiske", "sirf", "dikhao", "bhai", "yaar", "mahine", "hafte"})
        | {"sabse", "saare", "chahiye", "isme", "ismein", "inme", "wale", "waale", "pichle", "batao", "hai"},
        {
            "kitne": "how many", "kitni": "how many", "kaun": "who", "kisne": "who", "kiske": "who",
            "sirf": "only", "wale": "ones", "waale": "ones", "dikhao": "show", "pe": "on", "kya": "what",
            "aur": "and", "aaye": "", "aaya": "", "hue": "", "hua": "", "bhai": "", "yaar": "", "hai": "",
            "hain": "", "ke": "", "ki": "", "ka": "", "ko": "", "raha": "", "rahe": "", "chala": "run",
            "mahine": "month", "hafte": "week", "aaj": "today", "abhi": "now", "nahi": "not", "bina": "without",
            # "isme se sirf rocm wale dikhao" (of these, only the rocm ones), "perf wale bhi add kar do"
            # (add the perf ones too), "saare PRs chahiye abhi tak ke" (all the PRs up to now)
            "isme": "of these", "ismein": "of these", "inme": "of these", "inmein": "of these", "se": "",
            "bhi": "too", "kar": "", "do": "", "dena": "", "de": "", "saare": "all", "sare": "all",
            "chahiye": "need", "tak": "", "scene": "", "pichle": "last", "batao": "tell", "liye": "for",
            "mein": "in", "wala": "one",
            # "oct se ab tak sabse zyada kaam kisne kiya?", "ye sab kisne kiye?", "koi ek banda"
            "kaam": "work", "kiya": "did", "kiye": "did", "ye": "these", "sab": "all", "zyada": "most",
            "sabse": "", "koi": "any", "ek": "one", "banda": "person", "jo": "who", "karta": "",
            "karti": "", "acha": "ok", "accha": "ok", "achha": "ok", "saath": "with", "aa": "",
        },
    ),
    (  # Polish
        frozenset({"ile", "jakie", "weszło", "weszły", "miesiącu", "tygodniu", "wrzucił", "związanych"})
        | {"pr-ów", "pr-y", "zeszłego", "kwantyzacji", "które", "tydzień", "opowiedz", "możesz", "ogarniam"},
        {
            "ile": "how many", "jakie": "which", "kto": "who", "weszło": "merged", "weszły": "merged",
            "weszlo": "merged", "zmergowane": "merged", "wrzucił": "", "wrzucil": "", "pr-ów": "prs",
            "pr-y": "prs", "pr-ow": "prs", "związanych": "", "zwiazanych": "", "z": "", "w": "in",
            "tylko": "only", "bez": "without", "dla": "for", "od": "since", "styczniu": "january",
            "lutym": "february", "marcu": "march", "kwietniu": "april", "maju": "may", "czerwcu": "june",
            "lipcu": "july", "sierpniu": "august", "wrześniu": "september", "październiku": "october",
            "listopadzie": "november", "grudniu": "december",
            # "co weszło w LoRA z zeszłego tygodnia i z tego?", "a które z tych to bugfixy?"
            "zeszłego": "last", "zeszlego": "last", "tygodnia": "week", "tego": "this", "i": "and", "co": "what",
            "kwantyzacji": "quantization", "kwantyzacja": "quantization", "itd": "etc", "czy": "or",
            "rośnie": "", "spada": "", "wiem": "", "że": "", "jeszcze": "", "się": "", "skończył": "",
            "które": "which", "ktore": "which", "tych": "these", "to": "", "bugfixy": "bugfixes", "fixy": "fixes",
            "a": "and", "wszystkie": "all", "nie": "not", "opowiedz": "tell me", "więcej": "more", "o": "about",
            "możesz": "can you", "odpalić": "run", "powiedzieć": "tell", "zyskam": "", "potrzebuję": "need",
            "testów": "tests", "hej": "hi", "u": "", "nas": "", "na": "on", "ogarniam": "", "muszę": "",
            "zrobić": "", "przegląd": "", "zmian": "changes", "przed": "",
        },
    ),
    (  # Indonesian
        frozenset({"berapa", "udah", "sudah", "yg", "bulan", "minggu", "dong", "aja", "gak", "nggak"})
        | {"terkait", "siapa", "kemarin", "di-merge", "dimerge", "skrg", "urutin", "rangkumin", "soal"},
        {
            "berapa": "how many", "udah": "", "sudah": "", "yg": "", "yang": "", "bulan": "month",
            "minggu": "week", "ini": "this", "lalu": "last", "kemarin": "yesterday", "dong": "", "aja": "only",
            "saja": "only", "terkait": "about", "ada": "", "gak": "not", "nggak": "not", "tidak": "not",
            "masih": "still", "juga": "also", "terus": "and", "siapa": "who", "apa": "what", "di-merge": "merged",
            "dimerge": "merged", "di": "", "ke": "", "arah": "", "mana": "", "lagi": "", "trend-nya": "",
            "trendnya": "", "buat": "for", "untuk": "for", "tanpa": "without",
            # "PR apa aja yg udah merge soal blackwell dalam 3 minggu terakhir? terutama yg fix2 ya,
            # trus siapa yg paling aktif ngerjain", "rangkumin dong perkembangan LoRA sama MoE"
            "skrg": "now", "sekarang": "now", "soal": "about", "dalam": "in", "terakhir": "last",
            "terutama": "especially", "fix2": "fixes", "ya": "", "trus": "and", "paling": "most",
            "aktif": "active", "ngerjain": "working on", "aku": "i", "halo": "hi", "rangkumin": "summarize",
            "perkembangan": "", "sama": "and", "cuti": "", "jd": "", "ketinggalan": "", "bgt": "",
            "penting2": "important", "banyak": "many", "dibuka": "opened", "itu": "that", "evaluasi": "",
            "dua2nya": "", "kantor": "", "lama": "old", "baru": "new",
        },
    ),
    (  # Turkish
        frozenset({"geçen", "hafta", "neler", "edildi", "tarafında", "kaç", "hariç", "lütfen", "bunlardan"})
        | {"haftada", "boşver", "saymayın", "edilen", "yazmış", "selam"},
        {
            "neler": "what", "ne": "what", "kaç": "how many", "kim": "who", "edildi": "", "tarafında": "",
            "sadece": "only", "hangi": "which",
            # "geçen hafta merge edilen ROCm PR'larını görebilir miyim? CI hariç lütfen", "son 3 haftada
            # kaç revert oldu?", "bunları en çok kim yazmış, ilk 3?", "bir önceki hafta nasıldı?"
            "lütfen": "please", "edilen": "", "görebilir": "show", "miyim": "", "son": "last",
            "haftada": "weeks", "hafta": "week", "haftalar": "weeks", "ay": "month", "bu": "this",
            "oldu": "", "etti": "", "bunlardan": "of these", "bunları": "these", "hangileri": "which",
            "gerçekten": "", "etkiliyor": "", "boşver": "forget", "yine": "again", "en": "", "çok": "most",
            "yazmış": "wrote", "ilk": "top", "selam": "hi", "ya": "or", "da": "", "falan": "",
            "ilgilendirmiyor": "", "nasıldı": "", "ve": "and", "üzerinde": "on", "bizi": "",
            "etkileyebilecek": "", "var": "", "olanlar": "ones", "lazım": "", "değil": "", "özel": "",
        },
    ),
    (  # Swedish
        frozenset({"förra", "veckan", "mergats", "hände", "vem", "skrev", "flest", "samma", "utan", "jämfört"})
        | {"mergade", "köra", "snabb", "hur", "många"},
        {
            "förra": "last", "veckan": "week", "vecka": "week", "denna": "this", "mergats": "merged",
            "mergade": "merged", "mergad": "merged", "utan": "without", "och": "and", "o": "and",
            "vill": "", "bara": "only", "se": "", "riktiga": "", "kodändringar": "", "vad": "what",
            "hände": "happened", "med": "with", "vem": "who", "skrev": "wrote", "flest": "most", "av": "of",
            "dem": "them", "samma": "same", "har": "", "kan": "can", "du": "you", "köra": "run", "en": "",
            "snabb": "quick", "på": "on", "säga": "tell", "vilken": "which", "vi": "we", "får": "get",
            "senaste": "latest", "månad": "month", "månaden": "month", "jämfört": "compared",
        },
    ),
)  # fmt: skip
_FOREIGN_CUES = _FOREIGN_CUES.union(*(cues for cues, _ in _LANGUAGE_WORDS))
# Time phrases whose word order differs from English ("la semana pasada": last week)
_FOREIGN_TIMES = (
    ("la semana pasada", "last week"), ("semana pasada", "last week"), ("semana passada", "last week"),
    ("la semaine dernière", "last week"), ("semaine dernière", "last week"), ("el mes pasado", "last month"),
    ("mes pasado", "last month"), ("mês passado", "last month"), ("le mois dernier", "last month"),
    ("mois dernier", "last month"), ("cette semaine-ci", "this week"), ("cette semaine", "this week"),
    # "combien au total pour rocm sur le mois, tout confondu?" (how many in all this month, overall)
    ("sur le mois", "this month"), ("tout confondu", "overall"), ("tous confondus", "overall"),
    ("toutes confondues", "overall"), ("au total", "in total"), ("le plus", "the most"),
    ("en a fait", "did"),
    ("ce mois-ci", "this month"), ("ce mois", "this month"),
    # the French school year's start: September
    ("depuis la rentrée", "since september"), ("depuis la rentree", "since september"),
    ("la rentrée", "september"),
    ("qué más", "what else"), ("que más", "what else"), ("qué mas", "what else"), ("que mais", "what else"),
    ("quién es", "who is"), ("quien es", "who is"),
    # "alguno de esos ...?": any of those (of the thread's PRs)
    ("alguno de esos", "any of those"), ("alguna de esas", "any of those"), ("algunos de esos", "any of those"),
    ("alguno de estos", "any of these"), ("alguna de estas", "any of these"), ("algunos de estos", "any of these"),
    ("la settimana scorsa", "last week"), ("settimana scorsa", "last week"), ("il mese scorso", "last month"),
    ("modelli multimodali", "multimodal models"), ("modelos multimodales", "multimodal models"),
    ("modelos multimodais", "multimodal models"), ("stesso periodo", "same period"),
    ("más o menos", ""), ("mas o menos", ""),  # "roughly"
    ("mese scorso", "last month"), ("questa settimana", "this week"), ("questo mese", "this month"),
    ("deze week", "this week"), ("vorige week", "last week"), ("deze maand", "this month"),
    ("vorige maand", "last month"), ("enig idee waarom", "why"), ("is dat meer of minder dan", "vs"), ("is mahine", "this month"),
    ("iss mahine", "this month"), ("pichle mahine", "last month"), ("is hafte", "this week"),
    ("iss hafte", "this week"), ("pichle hafte", "last week"), ("ke liye", "for"), ("kya kya", "what"),
    ("sabse zyada", "most"), ("sabse jyada", "most"),
    ("w tym miesiącu", "this month"), ("w tym tygodniu", "this week"), ("w zeszłym tygodniu", "last week"),
    ("w zeszłym miesiącu", "last month"), ("w ostatnim tygodniu", "last week"), ("geçen hafta", "last week"),
    ("bu hafta", "this week"), ("bu ay", "this month"), ("geçen ay", "last month"), ("merge edildi", "merged"),
    ("merge edilen", "merged"), ("bulan ini", "this month"), ("minggu ini", "this week"),
    ("minggu lalu", "last week"), ("bulan lalu", "last month"), ("hari ini", "today"),
    ("nos últimos", "in the last"), ("nas últimas", "in the last"), ("en los últimos", "in the last"),
    ("quest'anno", "this year"), ("in tutto", "in total"), ("c'è", "is there"), ("cosa fa", "what does"),
    ("di preciso", ""), ("qualcuno sa se", ""),
)  # fmt: skip
_HINGLISH_WHO = frozenset({"kiske", "kisne", "kaun", "kiska", "kiski"})
# "quella del bf16": the bf16 one (Italian names a PR by what it is "of")
_ITALIAN_THE_ONE = re.compile(r"\bquell[aoie] (?:del|della|dello|dei|delle|di|per|sul|sulla) (\S+)", re.I)
# Russian: its time, state and question words; the rest of a Cyrillic sentence is no title's words
CYRILLIC = re.compile("[\u0400-\u04ff]")  # a Cyrillic letter
_CYRILLIC_RUN = re.compile("[\u0400-\u04ff]+")
_RUSSIAN = tuple(
    (re.compile(p, re.I), english)
    for p, english in (
        (r"на этой неделе|за эту неделю|эту неделю", "this week"),
        (r"на прошлой неделе|за прошлую неделю|прошлую неделю", "last week"),
        (r"в этом месяце|за этот месяц", "this month"),
        (r"в прошлом месяце|за прошлый месяц", "last month"),
        (r"в этом году|за этот год", "this year"),
        (r"сегодня", "today"),
        (r"вчера", "yesterday"),
        (r"\bсколько\b", "how many"),
        (r"\bкто\b", "who"),
        (r"\bчто\b", "what"),
        (r"\bкакие\b", "which"),
        (
            r"\b(?:с|за|раз|)мерд?жили\b|\bвлили\b|\bвлить\b|\b(?:с|за)мерд?жить\b|\bвмерд?жили\b|\bсмерджено\b|\bвлито\b",
            "merged",
        ),
        (r"\bоткрытые\b|\bоткрытых\b", "open"),
        (r"\bтолько\b", "only"),
        (r"\bбез\b", "without"),
        (r"\bможно\b(?: \S+ бота)?", "can you"),
        (r"\bперезапустить\b", "restart"),
        (r"\bмо(?:ём|ем|й|ю|его)\b", "my"),
        (r"\bспасибо\b", "thanks"),
        (r"\bпривет\b", "hi"),
        # "багфиксов в distributed именно про краши и зависания? не про CI", "с 1 ноября",
        # "топ-3", "а неделей раньше?", "дай разбивку по темам", "CI-шные и тестовые PR не считать"
        (r"\bбагфикс\w*|\bфикс\w*|\bисправлени\w*", "fixes"),
        (r"\bкраш\w*|\bпадени\w*", "crashes"),
        (r"\bзависани\w*|\bзависа\w*", "hangs"),
        (r"\bне про\b", "not"),
        (r"\bпро\b", "about"),
        (r"\bименно\b|\bтам\b|\bиз авторов\b|\bи т\.?\s?д\.?", " "),
        *(
            (rf"\bс (\d{{1,2}}) {month}\b", f"since {english} \\1")
            for month, english in (
                ("января", "january"),
                ("февраля", "february"),
                ("марта", "march"),
                ("апреля", "april"),
                ("мая", "may"),
                ("июня", "june"),
                ("июля", "july"),
                ("августа", "august"),
                ("сентября", "september"),
                ("октября", "october"),
                ("ноября", "november"),
                ("декабря", "december"),
            )
        ),
        (r"\bтоп[- ]?(\d+)", "top \\1"),
        (
            r"\b(?:а\s+)?(?:неделей раньше|на неделю раньше|неделю до этого|за неделю до этого)",
            "the week before",
        ),
        (r"\bразбивк\w* по темам\b|\bпо темам\b", "breakdown by topic"),
        (r"\bбольше всех\b|\bбольше всего\b", "most"),
        (r"\bпилил\w*|\bделал\w*|\bзанимал\w*", "worked on"),
        (r"\bрасскажи\b", "tell me"),
        (r"\bдай\b|\bпокажи\b", "show"),
        (r"\bавтор\w*", "authors"),
    )
)
# "CI-шные и тестовые PR не считать" (don't count the CI and test PRs): the verb after what it leaves out
_RUSSIAN_LEFT_OUT = re.compile(
    r"([A-Za-z][\w/]*)(?:-?шн\w+)?((?:\s+и\s+\S+)*)(?:\s+PR\w*)?\s+не\s+(?:считать|считай|нужны|надо|интересуют)",
    re.I,
)


_FOREIGN_TIME_PATTERNS: tuple[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]], ...] = (
    # Hinglish "oct se ab tak" (from October until now), "uske pehle wala week" (the week before that),
    # "mooncake wale bhi add kar do" (add the mooncake ones too)
    (
        re.compile(r"\b(\S+) (?:wale|waale|vale) bhi add kar(?: do| dena| de| dijiye)?\b", re.I),
        r"add the \1 ones too",
    ),
    (re.compile(r"\b(\S+) se (?:ab|abhi) tak\b", re.I), r"since \1"),
    (re.compile(r"\b(\S+) (?:ke|ki|ka) bina\b", re.I), r"without \1"),  # "CI ke bina": without CI
    *(
        (
            re.compile(rf"\b(?:uske|usse|isse|iske) pehle (?:wala|waala|vala|ka|ki|wali) (?:{said})\b", re.I),
            english,
        )
        for said, english in (
            ("week|hafta|hafte", "the week before"),
            ("month|mahina|mahine", "the month before"),
        )
    ),
    # "esta semana o la pasada", "este mês ou o passado", "cette semaine ou la précédente", "diese
    # oder letzte Woche": this period or the one before (the second said without its noun)
    (
        re.compile(
            r"\b(?:esta|este|essa|esse|cette|ce|diese|dieser|dieses|questa|questo) (semana|mes|mês|semaine|mois|woche|monat|settimana|mese)"
            r" (?:o|ou|oder|u) (?:la |el |a |o |le |die |der |das |l')?(?:pasada|pasado|anterior|passada|passado|précédente|précédent|derniere|dernière|dernier|letzte|vorherige|scorsa|scorso|precedente)\b",
            re.I,
        ),
        r"this \1 or last",
    ),
    *((re.compile(re.escape(p), re.I), english) for p, english in _FOREIGN_TIMES),
    # German puts the verb last: "CI-Zeug bitte weglassen" is "without CI stuff"; "egal wann" any time
    (
        re.compile(
            r"(\S+?)(?:[- ](?:zeug|zeugs|sachen|kram))?(?: bitte)? (?:weglassen|rauslassen|auslassen|ignorieren)\b",
            re.I,
        ),
        r"without \1",
    ),
    (re.compile(r"\begal wann\b", re.I), "ever"),
    # "die offenen interessieren mich grad nicht" (the open ones don't interest me right now)
    (
        re.compile(r"\b(?:die |den |das )?(\S+) interessier\w* mich (?:\w+ )?nicht\b", re.I),
        r"not interested in \1",
    ),
    # "v.a. MoE kernels" (vor allem: above all), "quantization-mäßig" (quantization-wise)
    (re.compile(r"(?<!\w)(?:v\.\s?a\.|vor allem)(?!\w)", re.I), " especially "),
    (re.compile(r"(\w)-?mäßig\b", re.I), r"\1"),
    # Dutch "sinds de 10e" (since the 10th), "wie hebben ... gemerged" (who has), "de XPU PRs niet
    # meetellen" (don't count the XPU PRs); Indonesian "urutin dari yg paling lama" (oldest first),
    # "PR CI ga usah diitung" (don't count CI PRs), "ga usah yg CI" (no need for the CI ones); Polish
    # "tydzień wcześniej" (a week earlier)
    (re.compile(r"\bsinds de (\d{1,2})e\b", re.I), lambda m: f"since the {_nth(int(m[1]))}"),
    (re.compile(r"\bwie (hebben|heeft|heb|zijn|is)\b", re.I), r"who \1"),
    (
        re.compile(r"\b(?:de |het )?([\w/.+-]+(?: [\w/.+-]+)?) niet (?:meetellen|meerekenen|tellen)\b", re.I),
        r"without \1",
    ),
    (
        re.compile(r"\burut(?:in|kan)? dari (?:yg |yang )?(?:paling )?(lama|baru)\b", re.I),
        lambda m: "oldest first" if m[1].lower() == "lama" else "newest first",
    ),
    (
        re.compile(
            r"\b([\w/.+-]+(?: [\w/.+-]+)?) (?:ga|gak|nggak|tidak|gausah) usah (?:di)?(?:itung|hitung)\b", re.I
        ),
        r"without \1",
    ),
    (re.compile(r"\b(?:ga|gak|nggak|tidak) usah (?:yg |yang )?", re.I), "without "),
    (re.compile(r"\btydzień wcześniej\b", re.I), "the week before"),
    # Turkish "CI hariç" (except CI), "revert'leri saymayın" (don't count the reverts), "bir önceki
    # hafta" (the week before), a case ending after an apostrophe ("MI300X'i", "PR'larını");
    # Swedish "sen den 10:e" (since the 10th), "den här veckan" (this week), "veckan innan"
    (
        re.compile(
            r"\b([\w/.+-]+)'(?:ı|i|u|ü|e|a|ye|ya|de|da|den|dan|te|ta|ın|in|ler|lar|leri|ları|larını|lerini|ını|ini)\b",
            re.I,
        ),
        r"\1",
    ),
    (re.compile(r"\b([\w/.+-]+) (?:hariç|saymayın|saymayin)\b", re.I), r"without \1"),
    # "(test skip'leri, docker image falan ilgilendirmiyor)": what does not interest the asker
    (re.compile(r"\(\s*([^()]*?)\s+(?:falan\s+)?ilgilendirmiyor\s*\)", re.I), r" without \1 "),
    # "sadece Blackwell'e özel olanlar da lazım değil" (the Blackwell-only ones are not needed either)
    (re.compile(r"\b(?:sadece )?([\w/.+-]+)(?: (?!lazım)\S+){0,3} lazım değil\b", re.I), r"without \1"),
    (re.compile(r"\bbir önceki hafta\b", re.I), "the week before"),
    (re.compile(r"\bsen(?:an)? den (\d{1,2}):?e\b", re.I), lambda m: f"since the {_nth(int(m[1]))}"),
    (re.compile(r"\bden här veckan\b", re.I), "this week"),
    (re.compile(r"\bveckan innan\b|\bveckan före\b", re.I), "the week before"),
    (re.compile(r"\bhur många\b", re.I), "how many"),
    # "... gemerged die ik mee moet nemen bij de volgende upgrade?": what the asker will do with it
    (re.compile(r"\bdie (?:ik|we|wij) [^?.!]*?\b(?:moet|moeten|wil|willen)\b[^?.!]*", re.I), " "),
    (
        re.compile(r"\b(minggu|bulan) itu\b", re.I),
        lambda m: "that week" if m[1].lower() == "minggu" else "that month",
    ),
    # "— se lo tengo que pasar mañana al equipo de infra" (I have to pass it to the infra team
    # tomorrow): what the answer is for, to the end of the message
    (
        re.compile(
            r"[\u2014\u2013-]?\s*\b(?:se lo |te lo |lo )?tengo que (?:pasar|mandar|enviar|presentar)\w*\b.*$",
            re.I,
        ),
        "",
    ),
    # German "seit dem 10." / "ab dem 3." (since the 10th), and compounds with a generic last part:
    # "CI-Sachen", "Test-PRs", "MoE-Quantisierungs-PRs" are the words before it ("ci stuff")
    (re.compile(r"\b(?:seit|ab) dem (\d{1,2})\.(?!\d)", re.I), lambda m: f"since the {_nth(int(m[1]))}"),
    (
        re.compile(r"\b([\w/.]+(?:-[\w/.]+)*)-(?:sachen|zeug|kram|prs|pr|änderungen|themen|fixes)\b", re.I),
        lambda m: m[1].replace("-", " ") + " stuff",
    ),
)


def _words_of(text: str) -> set[str]:
    return {w.strip("¿?¡!.,:;").lower() for w in text.split()}


# Words of the table above that are English words too ("algo" rithm, "solo", "mars")
_ENGLISH_TOO = frozenset(
    {"algo", "mars", "sans", "tout", "gens", "merge", "nova", "para", "parte", "solo", "nada", "mayo", "grad"}
)


def _european(said: set[str]) -> bool:
    """Whether the words of a text (`_words_of`) hold one that only one of the languages read by
    their words uses, or two words of those languages that English does not have ("NVFP4 letzten
    monat", "für blackwell")."""
    if _FOREIGN_CUES & said:
        return True
    theirs = {
        w for w in said & _FOREIGN_WORDS.keys() if (len(w) >= 4 or not w.isascii()) and w not in _ENGLISH_TOO
    }
    return len(theirs) >= 2


def is_foreign(text: str) -> bool:
    """Whether `text` is (partly) in a language `in_english` reads: its words are no English typos."""
    return bool(_CJK.search(text) or CYRILLIC.search(text)) or _european(_words_of(text))


# European comparatives ("qual é mais rápido, vllm ou sglang?", "was ist schneller?"): a
# measurement of two things side by side, which no PR title holds. One is enough to read a message
# as foreign (a short one has too few other words to tell its language).
_COMPARATIVE_WORDS = {
    "qual é": "which is", "qual è": "which is", "quale è": "which is", "cuál es": "which is",
    "cual es": "which is", "lequel est": "which is", "laquelle est": "which is",
    "was ist schneller": "which is faster", "welches ist": "which is", "welcher ist": "which is",
    "mais rápido que": "faster than", "mais rapido que": "faster than", "más rápido que": "faster than",
    "mas rapido que": "faster than", "mas rápido que": "faster than", "plus rapide que": "faster than",
    "più veloce di": "faster than", "piu veloce di": "faster than", "schneller als": "faster than",
    "mais rápido": "faster", "mais rapido": "faster", "más rápido": "faster", "mas rapido": "faster",
    "mas rápido": "faster", "plus rapide": "faster", "più veloce": "faster", "piu veloce": "faster",
    "schneller": "faster", "melhor que": "better than", "mejor que": "better than",
    "meilleur que": "better than", "besser als": "better than",
    # the comparative alone, after "which is" ("¿cuál es mejor, vllm o tgi?", "qual é melhor?")
    "mejor": "better", "melhor": "better", "meilleur": "better", "meilleure": "better",
    "besser": "better", "migliore": "better",
}  # fmt: skip
# one pass over the text, the longest phrase first where several start at one place
_COMPARATIVE = re.compile(
    r"(?<!\w)(?:"
    + "|".join(re.escape(p) for p in sorted(_COMPARATIVE_WORDS, key=len, reverse=True))
    + r")(?!\w)",
    re.I,
)


def in_english(text: str, *, loanwords: bool = False) -> str:
    """`text` with the time, state and filter words of other languages read as their English
    words and other words of those languages left out; English text comes back unchanged. With
    `loanwords`, a long Cyrillic word stays for the parser to compare with the topics' names
    ("по спекулятивному декодированию": speculative; handlers/cognates.py), which drops the rest."""
    said = _words_of(text)
    european = _european(said)
    cyrillic = bool(CYRILLIC.search(text))
    compares = _COMPARATIVE.search(text) is not None
    if not european and not cyrillic and not compares and not _CJK.search(text):
        return text
    if compares:
        text = _COMPARATIVE.sub(lambda m: f" {_COMPARATIVE_WORDS[m[0].lower()]} ", text)
    if cyrillic:
        text = _RUSSIAN_LEFT_OUT.sub(lambda m: f" without {m[1]} ", text)
        for pattern, english in _RUSSIAN:
            text = pattern.sub(f" {english} ", text)
        for pattern, english in CYRILLIC_TIMES:  # Ukrainian, Bulgarian, Serbian (handlers/closed_class.py)
            text = pattern.sub(english, text)
        text = _CYRILLIC_RUN.sub(lambda m: f" {m[0]} " if loanwords and len(m[0]) >= LOANWORD else " ", text)
    # the ideographic full stop and comma, the full-width comma
    text = text.replace("\u3002", ". ").replace("\u3001", ", ").replace("\uff0c", ", ")
    for pattern, spelled in _CJK_SPANS:
        text = pattern.sub(spelled, text)
    for pattern, reorder in _CJK_ORDER:
        text = pattern.sub(reorder, text)
    for phrase, english in _CJK_COMPARATIVES:  # (before 谁 is read as "who")
        text = text.replace(phrase, f" {english} ")
    if _CJK_WHO.search(text):  # "これ書いたのは誰？", "누가 올렸어요?": the question word leads in English
        text = "who " + _CJK_WHO.sub(" ", text)
    for phrase, english in _FOREIGN_PHRASES:
        text = text.replace(phrase, f" {english} ")
    text = _CJK_RUN.sub(" ", text)  # the rest of a CJK sentence: not words any title holds
    text = re.sub(r"\s+([?!.,;:])\s*", r"\1 ", text)  # "who this wrote ?": the mark ends the last word
    if european:
        text = re.sub(
            r"\((?=\S)", "( ", text
        )  # ("(utan CI o docs, ...)": the bracket is no part of its first word)
        text = _ITALIAN_THE_ONE.sub(r"the \1 one", text)
        for pattern, said_so in _FOREIGN_TIME_PATTERNS:  # "La semana pasada", "Geçen hafta": any case
            text = pattern.sub(said_so, text)
        hinglish_who = bool(_HINGLISH_WHO & {w.strip("?!.,").lower() for w in text.split()})
        words = ChainMap(*(table for cues, table in _LANGUAGE_WORDS if cues & said), _FOREIGN_WORDS)
        text = " ".join(
            # a word read as its English one keeps the mark after it ("aaye?" ends the question)
            # ("kurze zusammenfassung: ..." keeps its colon)
            words[w.strip("¿?¡!.,:;").lower()] + w[len(w.rstrip("?!.,:;")) :]
            if w.strip("¿?¡!.,:;").lower() in words
            else w
            for w in text.split()
        )
        if hinglish_who:  # "is hafte sabse zyada PRs kiske merge hue?": "who" leads in English
            text = "who " + re.sub(r"\bwho\b", " ", text, count=1)
    return " ".join(text.replace("¿", " ").replace("¡", " ").split())


# -- English words ----------------------------------------------------------------------------------
# A word of the English dictionary is never a slip of a name the bot knows ("before" is no misspelt
# "geforce", "enable" no "eagle", "version" no "vision"): the word list of GCIDE, through the
# english-words package, loaded the first time an unknown word needs it.
_ENGLISH: frozenset[str] | None = None
# inflections the dictionary lists under their stem: "contributes", "caused", "hacking", "says"
_INFLECTIONS = (
    ("ies", "y"),
    ("es", ""),
    ("s", ""),
    ("ed", ""),
    ("ed", "e"),
    ("d", ""),
    ("ing", ""),
    ("ing", "e"),
    # comparatives and superlatives: "slower", "busiest", "fastest" (not "-r" alone: "contributer"
    # is a slip of "contributor", not "contribute" + r)
    ("ier", "y"),
    ("iest", "y"),
    ("er", ""),
    ("est", ""),
)


def is_english(word: str) -> bool:
    """`word` (lower case) is an English word or an inflection of one."""
    global _ENGLISH
    if _ENGLISH is None:
        from english_words import get_english_words_set  # type: ignore[import-untyped]

        _ENGLISH = frozenset(get_english_words_set(["gcide"], lower=True))
    word = word.removesuffix("'s").removesuffix("’s")
    return word in _ENGLISH or any(
        word.endswith(ending) and len(word) - len(ending) >= 3 and word[: -len(ending)] + stem in _ENGLISH
        for ending, stem in _INFLECTIONS
    )
