"""Paging a thread's list: `more` (the next page), `top 3` and `show all` (its head), `oldest first`
(its order by time), and `the 2nd one` (a place on the page shown last)."""

from __future__ import annotations

from dataclasses import replace

from handlers.followup_intent import MOST_IMPORTANT
from handlers.followup_thread import Thread, count_label
from handlers.models import ItemGroup, Reply
from handlers.query import Match, by_impact, by_time, group_by_state, reply_item

HEAD_MAX = 50  # `show all` lists at most this many at once (the rest with `more`)


async def more(thread: Thread, count: int = 0) -> Reply:
    """The next page of the thread's list (`count` PRs when one was said: "show 3 more", up to
    HEAD_MAX); the thread remembers how far it has shown."""
    matches = await thread.matches()
    context, size = thread.context, min(count, HEAD_MAX) if count else thread.settings.max_items
    total = len(context.pr_numbers)
    start = min(context.shown, total)
    by_number = {m.pr.number: m for m in matches}
    page_numbers = context.pr_numbers[start : start + size]
    page = [by_number[n] for n in page_numbers if n in by_number]
    if not page_numbers:
        return Reply(
            kind="empty",
            title=f"That's all: this thread's {count_label(total)} have been shown",
            understood=thread.about(),
            notes=("Ask `only the merged ones`, `tell me about #N`, or start a new slash command.",),
        )
    end = start + len(page_numbers)
    thread.context = replace(context, shown=end, page_start=start)
    left = total - end
    notes = [f"Reply `more` for the next {min(left, size)}."] if left else []
    if not left:
        notes.append(f"That's the last of the {count_label(total)}.")
    if len(page) < len(page_numbers):
        notes.append(f"{len(page_numbers) - len(page)} PR(s) of this page are no longer in the bot's data.")
    return Reply(
        kind="list",
        title=f"PRs {start + 1}–{end} of {total}",
        understood=thread.about(),
        groups=groups(page),
        total=total,
        overflow=left,
        notes=tuple(notes),
    )


def shown_page(thread: Thread) -> tuple[int, ...]:
    """The PR numbers of the page the thread showed last, in the order shown."""
    context = thread.context
    shown = min(context.shown, len(context.pr_numbers))
    if shown <= 0:
        return ()
    return context.pr_numbers[min(context.page_start, shown) : shown]


def at_position(thread: Thread, position: int) -> int | None:
    """The PR at `position` (1-based; -1 the last) of the page shown last, if there is one."""
    page = shown_page(thread)
    if not page or position == 0 or position > len(page):
        return None
    return page[position - 1] if position > 0 else page[-1]


def no_such_position(thread: Thread, position: int) -> Reply:
    page = shown_page(thread)
    return Reply(
        kind="empty",
        title=f"The last list here showed {count_label(len(page))}, so there is no number {position}",
        understood=thread.about(),
        notes=("Name a PR by its place in the list (`the 2nd one`) or its number (`#12345`).",),
    )


def groups(matches: list[Match]) -> tuple[ItemGroup, ...]:
    """Matches as reply groups, by state."""
    return tuple(
        ItemGroup(title, tuple(reply_item(m) for m in items)) for title, items in group_by_state(matches)
    )


async def head(thread: Thread, count: int) -> Reply:
    """`top 3`, `first five`: the first PRs of the thread's list, in its order; `show all`,
    `everything` (count -1): up to HEAD_MAX of them. `more` goes on after what was shown."""
    matches = await thread.matches()
    by_number = {m.pr.number: m for m in matches}
    numbers = thread.context.pr_numbers
    size = min(len(numbers), HEAD_MAX if count < 0 else count)
    page = [by_number[n] for n in numbers[:size] if n in by_number]
    thread.context = replace(thread.context, shown=size, page_start=0)
    left = len(numbers) - size
    notes = [f"Reply `more` for the next {min(left, thread.settings.max_items)}."] if left else []
    what = f"All {count_label(len(numbers))}" if not left else f"The first {size} of {len(numbers)}"
    return Reply(
        kind="list",
        title=f"{what} in this thread",
        understood=thread.about(),
        groups=(ItemGroup("", tuple(reply_item(m) for m in page)),),
        total=len(numbers),
        overflow=left,
        notes=tuple(notes),
    )


MOST_IMPORTANT_NOTE = (
    "Ranked by significance as I read it (the kind of change: fixes of wrong output, new models, "
    "breaking changes, measured speed-ups...); diff sizes are not in my data."
)


async def most_significant(thread: Thread, count: int) -> Reply:
    """ "which five matter most?", "the 3 biggest ones": the list by significance, its first
    `count`, saying what the order rests on."""
    await sort(thread, MOST_IMPORTANT)
    top = await head(thread, count)
    if top.kind != "list":
        return top
    total = len(thread.context.pr_numbers)
    if count >= total:
        title = f"All {count_label(total)} in this thread, most significant first"
    elif count == 1:
        title = f"The most significant of this thread's {total}"
    else:
        title = f"The {count} most significant of this thread's {total}"
    return replace(top, title=title, notes=(MOST_IMPORTANT_NOTE, *top.notes))


async def sort(thread: Thread, order: int) -> Reply:
    """`oldest first` (order 1), `newest first` (-1): the thread's list by when each PR merged (or
    was opened), shown from the start; `sort by impact` (MOST_IMPORTANT): most significant first;
    `more` and `the 2nd one` follow the new order."""
    matches = await thread.matches()
    if order == MOST_IMPORTANT:  # "sort by impact": the answers' own order
        ranked = sorted(matches, key=by_impact)
    else:
        ranked = sorted(matches, key=by_time, reverse=order < 0)
    numbers = tuple(m.pr.number for m in ranked)
    thread.context = replace(thread.context, pr_numbers=numbers, shown=0, page_start=0)
    reply = await head(thread, thread.settings.max_items)
    first = "most significant" if order == MOST_IMPORTANT else "newest" if order < 0 else "oldest"
    return replace(reply, title=f"This thread's {count_label(len(numbers))}, {first} first")
