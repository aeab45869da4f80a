"""Would a learned title model help the rules? Leave-one-week-out, and once on a held-out week.

    python tools/title_model.py [--heldout FILE.jsonl]

A per-topic logistic regression over title words, word pairs and title tags (full-batch gradient
descent from zero weights, fixed epochs: deterministic, no random state), trained on the labelled
weeks (tests/fixtures/labelled-*.jsonl and ../shared/data/vllm/labelled-*.jsonl). Two ways to
combine it with the heuristic are scored against the heuristic alone:

- add: the model adds a topic the rules missed when it is confident (p >= 0.7);
- stacked: the model also sees the rules' topics as features, adds above 0.7 and drops a topic
  the rules found by words only (no tag) below 0.1.

Leave-one-week-out trains on all weeks but one and scores the one left out; `--heldout` trains
on every other labelled week and scores FILE once. Needs numpy (a dev dependency through matplotlib);
the shipped classifier does not use this model (docs/classification.md says why).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.services.evaluate import LabelledPR, evaluate, load_label_file  # noqa: E402
from bot.services.heuristic import _TOKEN, HeuristicClassifier, search_text, title_tags  # noqa: E402
from bot.services.taxonomy import load_taxonomy  # noqa: E402
from tools.eval_weeks import REPO, default_files  # noqa: E402

ADD_AT, DROP_BELOW, EPOCHS, RATE, L2 = 0.7, 0.1, 400, 4.0, 1e-4


def features(title: str, rule_topics: frozenset[str] | None) -> set[str]:
    words = _TOKEN.findall(search_text(title).lower())
    found = (
        {"bias"} | {f"w:{w}" for w in words} | {f"b:{a}_{b}" for a, b in zip(words, words[1:], strict=False)}
    )
    found |= {f"t:{t}" for t in title_tags(title)}
    if rule_topics is not None:
        found |= {f"r:{t}" for t in rule_topics}
    return found


class TitleModel:
    def __init__(
        self, keys: tuple[str, ...], items: list[LabelledPR], rules: dict[int, frozenset[str]] | None
    ):
        import numpy as np

        self.np, self.keys, self.rules = np, keys, rules
        rows = [features(i.pr.title, rules[i.pr.number] if rules else None) for i in items]
        self.vocab: dict[str, int] = {}
        for row in rows:
            for f in sorted(row):
                self.vocab.setdefault(f, len(self.vocab))
        x = np.zeros((len(rows), len(self.vocab)))
        for r, row in enumerate(rows):
            x[r, [self.vocab[f] for f in row]] = 1.0
        y = np.array([[k in i.topics for k in keys] for i in items], dtype=float)
        self.w = np.zeros((len(self.vocab), len(keys)))
        for _ in range(EPOCHS):
            p = 1.0 / (1.0 + np.exp(-(x @ self.w)))
            self.w -= RATE * (x.T @ (p - y) / len(rows) + L2 * self.w)

    def proba(self, title: str, rule_topics: frozenset[str] | None) -> dict[str, float]:
        idx = [self.vocab[f] for f in features(title, rule_topics) if f in self.vocab]
        z = self.w[idx].sum(axis=0)
        return dict(zip(self.keys, (1.0 / (1.0 + self.np.exp(-z))).tolist(), strict=True))


def combine(h: HeuristicClassifier, item: LabelledPR, model: TitleModel, stacked: bool) -> set[str]:
    rules = frozenset(h.topics_for(item.pr))
    p = model.proba(item.pr.title, rules if stacked else None)
    tags = title_tags(item.pr.title)
    out = set(rules) | {k for k, v in p.items() if v >= ADD_AT}
    if stacked:
        tagged = {t.key for t in h.taxonomy.topics if tags & {x.replace(" ", "") for x in t.evidence["tags"]}}
        out -= {k for k in rules if p[k] < DROP_BELOW and k not in tagged}
    for topic in h.taxonomy.topics:
        if topic.key in out:
            out.update(topic.evidence.get("implies", ()))
    return out


def score(h, items, model, stacked) -> tuple[float, float, float]:
    """Macro F1 of the rules, of rules and model combined, and of the model alone (p >= 0.5)."""
    taxonomy = h.taxonomy
    rules = evaluate(taxonomy, items, [h.topics_for(i.pr) for i in items]).macro_f1
    both = evaluate(taxonomy, items, [combine(h, i, model, stacked) for i in items]).macro_f1
    alone = [
        {
            k
            for k, v in model.proba(i.pr.title, frozenset(h.topics_for(i.pr)) if stacked else None).items()
            if v >= 0.5
        }
        for i in items
    ]
    return rules, both, evaluate(taxonomy, items, alone).macro_f1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--heldout", type=Path, help="train on every other labelled week, score this file once"
    )
    args = parser.parse_args(argv)
    try:
        import numpy  # noqa: F401
    except ImportError:
        print("error: tools/title_model.py needs numpy (pip install -e '.[dev]')", file=sys.stderr)
        return 2
    taxonomy = load_taxonomy("vllm", REPO)
    h = HeuristicClassifier(taxonomy)
    weeks = {p.name: load_label_file(p, taxonomy, REPO).items for p in default_files()}
    for stacked in (False, True):
        name = "stacked" if stacked else "add"
        if args.heldout:
            # Never train on the week scored, even when it is already a fixture.
            train = [i for week, items in weeks.items() if week != args.heldout.name for i in items]
            held = load_label_file(args.heldout, taxonomy, REPO).items
            rules_of = {i.pr.number: frozenset(h.topics_for(i.pr)) for i in train}
            model = TitleModel(taxonomy.keys, train, rules_of if stacked else None)
            rules, both, alone = score(h, held, model, stacked)
            print(
                f"{name:8} {args.heldout.name:28} rules {rules:.3f}  rules+model {both:.3f}  model {alone:.3f}"
            )
            continue
        total_rules = total_both = total_alone = 0.0
        for left_out, held in weeks.items():
            train = [i for week, items in weeks.items() if week != left_out for i in items]
            rules_of = {i.pr.number: frozenset(h.topics_for(i.pr)) for i in train}
            model = TitleModel(taxonomy.keys, train, rules_of if stacked else None)
            rules, both, alone = score(h, held, model, stacked)
            total_rules, total_both, total_alone = total_rules + rules, total_both + both, total_alone + alone
            print(f"{name:8} {left_out:28} rules {rules:.3f}  rules+model {both:.3f}  model {alone:.3f}")
        n = len(weeks)
        print(
            f"{name:8} {'mean (leave one week out)':28} rules {total_rules / n:.3f}"
            f"  rules+model {total_both / n:.3f}  model {total_alone / n:.3f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
