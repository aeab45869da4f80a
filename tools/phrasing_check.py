"""Read a blind phrasing set the way the bot would, over the shared history moved to "now".

    python tools/phrasing_check.py tests/fixtures/phrasings/questions-k.jsonl [more sets] [--show] [--data PATH]

A set is JSONL: `{"text", "context": "command" | "thread", "thread_of", "after", "expect"}`, its
`expect` written blind by someone who never saw the code (`topics` as AND of OR-groups of topic
keys and `term:<Name>`, `exclude`, `states`, `authors`, `window` as since/until dates or
"default" / "whole-history", `sort`, `limit`, `number`, `kind`). The shared history ends on
2026-08-20, so it is moved 98 days forward into a temporary SQLite store and every line is asked
on Thursday 2026-11-26, 15:00 UTC (the date the sets E-K were written for).

Commands are checked field by field (leniently: an implied group, a one-day difference in a
rolling window, a narrower named term count as agreeing) and print OK or BAD with what differed;
thread lines run their chain through real follow-ups and print the answer's first lines next to
what was expected, for a person to judge. Nothing here asserts: it is a reading aid, and a set's
first reading is its only honest score (docs/usage.md records them).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import sys
import tempfile
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.adapters.text_render import render_reply_text  # noqa: E402
from bot.bootstrap import build_handlers, build_store  # noqa: E402
from bot.config import load_config  # noqa: E402
from bot.services.importer import import_file  # noqa: E402
from handlers import calendar  # noqa: E402
from handlers.calendar import history_start  # noqa: E402
from handlers.digest import digest_seed, window_for_dates  # noqa: E402
from handlers.models import ThreadKey  # noqa: E402
from handlers.parse import Query  # noqa: E402

REPO = "vllm-project/vllm"
NOW = datetime(2026, 11, 26, 15, 0, tzinfo=UTC)
SHIFT = timedelta(days=98)
DIGEST_WEEK = (date(2026, 11, 13), date(2026, 11, 19))  # "weekly digest for the week ending Friday..."
DIGEST_NAMED = re.compile(r"weekly digest (\w{3}) (\d{1,2})-(\d{1,2})")  # "weekly digest Nov 16-22"
DEFAULT_DATA = (
    Path(os.environ.get("PRBOT_SHARED") or ROOT.parent / "shared") / "data" / "vllm" / "merged-pulls.jsonl"
)
SORTS = {"newest": -1, "oldest": 1, "impact": 0}


def shifted(data: Path, out: Path) -> None:
    """The history moved to "now" and cut there, as the sets' writers saw it: a PR opened later is
    left out, one merged or closed later is still open."""
    cut = NOW.strftime("%Y-%m-%dT%H:%M:%SZ")
    with data.open(encoding="utf-8") as src, out.open("w", encoding="utf-8") as dst:
        for line in src:
            record = json.loads(line)
            for key in ("created_at", "updated_at", "closed_at", "merged_at"):
                if record.get(key):
                    moved = datetime.fromisoformat(record[key].replace("Z", "+00:00")) + SHIFT
                    record[key] = moved.strftime("%Y-%m-%dT%H:%M:%SZ")
            if record["created_at"] > cut:
                continue
            if (record.get("closed_at") or "") > cut:
                record.update(state="open", closed_at=None, merged_at=None, updated_at=cut)
            dst.write(json.dumps(record) + "\n")


def groups(expected: list[list[str]], names: dict[str, str]) -> set[frozenset[str]]:
    out = set()
    for group in expected:
        keys = [
            ("term:" + names.get(k[5:].lower(), k[5:].lower())) if k.startswith("term:") else k for k in group
        ]
        out.add(frozenset(keys))
    return out


def differences(
    q: Query, notes: tuple[str, ...], kind: str, exp: dict[str, Any], names: dict[str, str], tz: Any
) -> list[str]:
    bad = []
    got = {frozenset(g) for g in q.any_of}
    if "topics" in exp:
        want = groups(exp["topics"], names)

        def same(a: frozenset[str], b: frozenset[str]) -> bool:
            return a == b or (
                len(a) == len(b) == 1 and any(x.startswith(y) or y.startswith(x) for x in a for y in b)
            )

        if not all(any(same(w, g) or g < w for g in got) for w in want):
            bad.append(f"topics: want {sorted(map(sorted, want))}, got {sorted(map(sorted, got))}")
    # a set may write `exclude` flat (["ci-build"]) or shaped like `topics` ([["ci-build"]])
    excluded = [x for e in exp.get("exclude", []) for x in (e if isinstance(e, list) else [e])]
    if set(excluded) - set(q.exclude):
        bad.append(f"exclude: want {exp['exclude']}, got {list(q.exclude)}")
    want_states = set(exp.get("states", []))
    if want_states != set(q.states) and exp.get("kind") != "decline":
        bad.append(f"states: want {sorted(want_states)}, got {list(q.states)}")
    if {a.lower() for a in exp.get("authors", [])} - set(q.authors):
        bad.append(f"authors: want {exp['authors']}, got {list(q.authors)}")
    window = exp.get("window")
    if isinstance(window, dict):
        since = q.since.astimezone(tz).date()
        until = (q.until - timedelta(seconds=1)).astimezone(tz).date()
        near = (
            until.isoformat() == window["until"]
            and abs((since - date.fromisoformat(window["since"])).days) <= 1
        )
        if not near:
            bad.append(f"window: want {window['since']}..{window['until']}, got {q.window_label}")
    elif window == "whole-history" and not q.whole_history:
        bad.append(f"window: want any time, got {q.window_label}")
    if (
        "sort" in exp and SORTS.get((str(exp["sort"]).split() or [""])[0], 0) != q.sort
    ):  # "newest first" in set C
        bad.append(f"sort: want {exp['sort']}, got {q.sort}")
    if "limit" in exp and exp["limit"] != q.limit:
        bad.append(f"limit: want {exp['limit']}, got {q.limit}")
    if exp.get("number") and exp["number"] not in q.pr_numbers:
        bad.append(f"number: want #{exp['number']}, got {list(q.pr_numbers)}")
    want_kind = exp.get("kind")
    if want_kind == "who" and not q.who:
        bad.append("kind: want who")
    if want_kind == "per-topic" and not (q.per_topic or q.per_period):
        bad.append("kind: want a per-topic count")
    if want_kind == "digest" and kind != "digest":
        bad.append("kind: want the digest")
    if want_kind == "decline" and not q.out_of_scope:
        bad.append("kind: want it turned down")
    if want_kind == "pr-detail" and kind != "detail":
        bad.append(f"kind: want a PR card, got {kind}")
    return bad


# the kinds of answer whose PRs can be compared with what the line asked for
LISTED_KINDS = ("list", "count", "who", "summary", "compare", "per-topic")


async def asked_for(
    handlers: Any, settings: Any, expect: dict[str, Any], names: dict[str, str], *, digest: bool = False
) -> set[int] | None:
    """The PRs a thread line's `expect` describes, matched over the store as a query built from
    its fields (None when the line asks for no list of PRs). Under a digest, "merged" alone is
    read as the digest's scope (its PRs opened or merged), which the sets' writers took for merged."""
    if expect.get("kind") not in LISTED_KINDS:
        return None
    states = tuple(expect.get("states", []))
    if digest and states == ("merged",):
        states = ()
    default = handlers.query.parse(settings, "", NOW)
    window = expect.get("window")
    since, until = default.since, default.until
    if isinstance(window, dict):
        first = date.fromisoformat(window.get("since") or history_start(NOW).date().isoformat())
        last = date.fromisoformat(window.get("until") or NOW.date().isoformat())
        days = calendar.window_for_dates(first, last, settings.tz)  # the local days, as questions read them
        since, until = days.since, min(days.until, NOW)
    elif window == "whole-history":
        since, until = history_start(NOW), NOW
    any_of = tuple(tuple(sorted(g)) for g in groups(expect.get("topics", []), names))
    excluded = tuple(x for e in expect.get("exclude", []) for x in (e if isinstance(e, list) else [e]))
    query = Query(
        since,
        until,
        "",
        window_given=True,
        any_of=any_of,
        topics=tuple(k for g in any_of for k in g if not k.startswith("term:")),
        terms=tuple(k[5:] for g in any_of for k in g if k.startswith("term:")),
        exclude=tuple(x for x in excluded if not x.startswith("term:")),
        states=states,
        authors=tuple(a.lower() for a in expect.get("authors", [])),
    )
    return {m.pr.number for m in await handlers.query.matches(settings, query)}


def judged(expect: dict[str, Any], reply: Any, wanted: set[int] | None) -> str:
    """OK or BAD for a thread line's answer, by its kind and, for a list of PRs, by how far the
    answer's PRs are from the ones asked for (a reading aid: the line's own words decide)."""
    kind = expect.get("kind")
    if kind in ("summary", "compare"):  # a digest or two counts: read them above
        return "-- "
    if kind == "pr-detail" or (kind == "who" and expect.get("number")):  # "who did #N": its card says
        return "OK " if reply.kind == "detail" and reply.detail.number == expect.get("number") else "BAD"
    if wanted is None:
        return "-- "
    shown = {item.number for item in reply.items}
    total = reply.total or len(shown)
    stated = re.match(r"\D{0,40}?(\d+)\b", reply.title)
    if (
        kind == "per-topic"
    ):  # a breakdown asked: one given ("This thread's 757 PRs by topic"), of about those PRs
        if not (reply.groups and re.search(r"\bby (?:topic|area|day|week|month)\b", reply.title or "")):
            return "BAD (no breakdown)"
        total = int(stated[1]) if stated else total
    if kind == "count" and not total and stated:  # "15 of this thread's 52 PRs match Bug fixes"
        total = int(stated[1])
    if not wanted and not total:
        return "OK "
    near = abs(total - len(wanted)) <= max(2, len(wanted) // 5)
    if expect.get("limit") or expect.get("window", "default") == "default":  # the thread's own window
        near = True
    fits = len(shown & wanted) >= 0.6 * len(shown)
    return (
        "OK "
        if near and fits
        else f"BAD ({total} PRs, {len(shown & wanted)} of {len(shown)} shown asked for; {len(wanted)} asked)"
    )


def chained(path: Path) -> list[dict[str, Any]]:
    """The set's lines; a thread line whose `thread_of` is a line index gets that line's text as
    its parent and the chain's earlier thread lines as `after` (the two ways sets are written)."""
    items = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    last_command = 0
    for index, item in enumerate(items):
        if item["context"] == "command":
            last_command = index
        elif "thread_of" not in item:  # the oldest sets: a thread line follows the command above it
            item["thread_of"] = last_command
        parent = item.get("thread_of")
        if item["context"] == "thread" and not isinstance(
            parent, int
        ):  # under a digest: earlier lines by index
            item["after"] = [items[a]["text"] if isinstance(a, int) else a for a in item.get("after") or []]
        if item["context"] == "thread" and isinstance(parent, int):
            item["thread_of"] = items[parent]["text"]
            item["after"] = [
                earlier["text"]
                for earlier in items[parent + 1 : index]
                if earlier["context"] == "thread"
                and earlier.get("thread_of") in (parent, items[parent]["text"])
            ]
    return items


async def read_sets(paths: list[Path], data: Path, show: bool) -> None:
    """Every set against one store (the history is imported once)."""
    with tempfile.TemporaryDirectory(prefix="prbot-phrasings-") as tmp:
        moved = Path(tmp) / "shifted.jsonl"
        shifted(data, moved)
        config = load_config(None, store_url=f"sqlite:///{Path(tmp) / 'store.db'}", env={})
        store = build_store(config)
        try:
            await import_file(store, moved, REPO)
            handlers = build_handlers(config, store, clock=lambda: NOW)
            for path in paths:
                if len(paths) > 1:
                    print(f"== {path.name}")
                await read_set(handlers, path, show)
        finally:
            await store.close()


async def read_set(handlers: Any, path: Path, show: bool) -> None:
    settings = handlers.repo(REPO)
    names = {s.lower(): t.key for t in settings.taxonomy.terms for s in t.spellings}
    names.update({t.name.lower(): t.key for t in settings.taxonomy.terms})
    for term in settings.taxonomy.terms:
        for part in term.name.lower().replace("(", "/").replace(")", "").split("/"):
            names.setdefault(part.strip(), term.key)
    commands = agreed = threads = threads_ok = 0
    for number, item in enumerate(chained(path)):
        expect = item["expect"]
        if item["context"] == "command":
            commands += 1
            query = await handlers.query.with_logins(
                settings, handlers.query.parse(settings, item["text"], NOW).as_command()
            )
            reply = await handlers.command(settings.name, item["text"], user=f"u{path.stem}-{number}")
            kind = "digest" if reply.digest is not None else reply.kind
            bad = differences(query, reply.notes, kind, expect, names, settings.tz)
            agreed += not bad
            print(f"{number:3} {'OK ' if not bad else 'BAD'} {item['text']!r}")
            for difference in bad:
                print(f"      {difference}")
            if bad or show:
                print(f"      > {render_reply_text(reply).splitlines()[0][:200]}")
            continue
        key = ThreadKey("console", f"c{path.stem}-{number}", str(number))
        parent = item["thread_of"]
        if parent.startswith("weekly digest"):
            named = DIGEST_NAMED.match(parent)
            week = (
                tuple(datetime.strptime(f"{named[1]} {d} 2026", "%b %d %Y").date() for d in named.group(2, 3))
                if named
                else DIGEST_WEEK
            )
            digest = await handlers.digest(settings.name, window_for_dates(*week, settings.tz))
            await handlers.remember(key, digest_seed(digest))
        else:
            first = await handlers.command(settings.name, parent, user=f"u{path.stem}-{number}")
            if first.seed is None:
                print(f"{number:3} --- {item['text']!r}: its parent {parent!r} has no answer to follow up")
                continue
            await handlers.remember(key, first.seed)
        for earlier in item.get("after", []):
            await handlers.followup(key, earlier, user=f"u{path.stem}-{number}")
        reply = await handlers.followup(key, item["text"], user=f"u{path.stem}-{number}")
        verdict = judged(
            expect,
            reply,
            await asked_for(
                handlers,
                settings,
                expect,
                names,
                digest=parent.startswith("weekly digest") or parent == "digest",
            ),
        )
        threads += 1
        threads_ok += verdict == "OK "
        print(
            f"{number:3} THR {verdict} {item['text']!r} (under {parent[:40]!r}, after {len(item.get('after', []))})"
        )
        print(f"      want {json.dumps(expect)[:300]}")
        print(f"      > {' | '.join(render_reply_text(reply).splitlines()[:2])[:300]}")
    print(
        f"commands read as expected: {agreed} of {commands}; thread lines whose PRs match: "
        f"{threads_ok} of {threads} (judge each above)"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sets", type=Path, nargs="+")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--show", action="store_true", help="print every command's answer header")
    args = parser.parse_args(argv)
    if not args.data.is_file():
        print(f"error: no PR history at {args.data} (set PRBOT_SHARED or pass --data)", file=sys.stderr)
        return 2
    asyncio.run(read_sets(args.sets, args.data, args.show))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
