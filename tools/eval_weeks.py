"""Score the heuristic classifier on every labelled week at once, one line per week.

    python tools/eval_weeks.py [FILE.jsonl ...]

Without files it reads the labelled weeks the repository knows (tests/fixtures/labelled-*.jsonl
and ../shared/data/vllm/labelled-*.jsonl). Each line: macro F1, the weakest topics, and recall of
every hardware topic, so a rule written for one week's mistakes can be checked on the others.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.services.evaluate import evaluate, load_label_file  # noqa: E402
from bot.services.heuristic import HeuristicClassifier  # noqa: E402
from bot.services.taxonomy import load_taxonomy  # noqa: E402

REPO = "vllm-project/vllm"
HARDWARE = ("rocm", "blackwell", "nvidia", "xpu", "cpu", "tpu")


def default_files() -> list[Path]:
    found = sorted((ROOT / "tests" / "fixtures").glob("labelled-*.jsonl"))
    shared = Path(os.environ.get("PRBOT_SHARED") or ROOT.parent / "shared")
    found += sorted((shared / "data" / "vllm").glob("labelled-*.jsonl"))
    return found


def main(argv: list[str]) -> int:
    taxonomy = load_taxonomy("vllm", REPO)
    classifier = HeuristicClassifier(taxonomy)
    files = [Path(a) for a in argv] or default_files()
    total = 0.0
    for path in files:
        items = load_label_file(path, taxonomy, REPO).items
        result = evaluate(taxonomy, items, [classifier.topics_for(i.pr) for i in items])
        weakest = sorted(result.scored, key=lambda s: s.f1)[:4]
        hardware = " ".join(
            f"{s.topic}={s.recall:.2f}" for s in result.scores if s.topic in HARDWARE and s.support
        )
        total += result.macro_f1
        print(
            f"{path.name:<28} {len(items):>4} PRs  macro F1 {result.macro_f1:.3f}  weakest "
            + " ".join(f"{s.topic}={s.f1:.2f}" for s in weakest)
            + f"  | recall {hardware}"
        )
    print(f"mean macro F1 {total / len(files):.3f} over {len(files)} weeks ({classifier.version})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
