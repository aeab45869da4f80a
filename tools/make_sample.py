"""Rebuild bot/data/vllm-sample.jsonl, the real vLLM PRs shipped inside the package.

Two calendar weeks (Mon 2026-02-16 .. Sun 2026-03-01, UTC) of merged PRs from
../shared/data/vllm/merged-pulls.jsonl, with the real bodies of ../shared/data/vllm/pr-bodies-sample.jsonl
attached where the numbers match, plus that file's open and closed-unmerged PRs created in those
weeks (their times are synthetic: noon UTC of the published creation date).

    python tools/make_sample.py ../shared/data/vllm
"""

import json
import sys
from pathlib import Path

START, END = "2026-02-16T00:00:00Z", "2026-03-02T00:00:00Z"


def main(shared: Path, out: Path) -> None:
    bodies = {}
    for line in (shared / "pr-bodies-sample.jsonl").open():
        row = json.loads(line)
        bodies[row["number"]] = row
    records = []
    for line in (shared / "merged-pulls.jsonl").open():
        obj = json.loads(line)
        if START <= obj["merged_at"] < END:
            extra = bodies.get(obj["number"])
            if extra and extra.get("body"):
                obj["body"] = extra["body"]
            records.append(obj)
    merged = {r["number"] for r in records}
    for number, row in sorted(bodies.items()):
        created = f"{row['created_date']}T12:00:00Z" if row.get("created_date") else None
        if number in merged or not created or not (START <= created < END) or row["state"] == "merged":
            continue
        records.append(
            {
                "number": number,
                "title": row["title"],
                "user": {"login": row.get("author") or "ghost", "type": "User"},
                "state": "open" if row["state"] == "open" else "closed",
                "draft": False,
                "labels": [],
                "body": row.get("body"),
                "created_at": created,
                "updated_at": created,
                "closed_at": created if row["state"] == "closed" else None,
                "merged_at": None,
                "html_url": f"https://github.com/vllm-project/vllm/pull/{number}",
                "base": {"ref": "main"},
            }
        )
    records.sort(key=lambda r: r["number"])
    with out.open("w") as fh:
        for obj in records:
            fh.write(json.dumps(obj, ensure_ascii=False) + "\n")
    print(f"wrote {len(records)} PRs to {out}")


if __name__ == "__main__":
    main(
        Path(sys.argv[1] if len(sys.argv) > 1 else "../shared/data/vllm"), Path("bot/data/vllm-sample.jsonl")
    )
