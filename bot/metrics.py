"""A tiny metrics registry (counters and fixed-bucket histograms) with Prometheus text exposition.

Written here instead of depending on prometheus_client: the bot needs two operations
(`inc`, `observe`) and one output (`render`), one registry is built by bootstrap and passed to
whoever counts something, and tests get a fresh registry each without a process-wide global.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field

LabelKey = tuple[tuple[str, str], ...]

DEFAULT_BUCKETS: tuple[float, ...] = (0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)

# name -> (type, help). Every name here is exposed even before its first event, so a scraper
# sees a zero rather than a missing series. Other names may be used; they get a generic help.
KNOWN: dict[str, tuple[str, str]] = {
    "prbot_commands_total": (
        "counter",
        "Slash commands and follow-ups answered, by type (command or follow-up) and reply kind.",
    ),
    "prbot_command_seconds": ("histogram", "Time to answer a slash command or follow-up, in seconds."),
    "prbot_llm_tokens_total": ("counter", "LLM tokens used, by direction (input or output)."),
    "prbot_github_requests_total": ("counter", "GitHub API requests made, by repository."),
    "prbot_digests_posted_total": ("counter", "Digest messages posted, by platform."),
    "prbot_subscription_posts_total": ("counter", "Subscription deliveries posted, by platform."),
    "prbot_errors_total": ("counter", "Errors, by where they happened."),
}


def _key(labels: Mapping[str, str] | None) -> LabelKey:
    return tuple(sorted((str(k), str(v)) for k, v in (labels or {}).items()))


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def _labels(key: LabelKey, extra: tuple[str, str] | None = None) -> str:
    pairs = [*key, *([extra] if extra else [])]
    if not pairs:
        return ""
    return "{" + ",".join(f'{k}="{_escape(v)}"' for k, v in pairs) + "}"


def _number(value: float) -> str:
    if math.isinf(value):
        return "+Inf"
    return str(int(value)) if float(value).is_integer() else repr(float(value))


@dataclass
class _Histogram:
    buckets: tuple[float, ...]
    counts: list[int] = field(default_factory=list)
    total: float = 0.0
    count: int = 0

    def __post_init__(self) -> None:
        self.counts = [0] * len(self.buckets)

    def observe(self, value: float) -> None:
        for i, bound in enumerate(self.buckets):
            if value <= bound:
                self.counts[i] += 1
        self.total += value
        self.count += 1


class Metrics:
    """Counters (`inc`) and histograms (`observe`) keyed by name and labels."""

    def __init__(self, buckets: tuple[float, ...] = DEFAULT_BUCKETS) -> None:
        self.buckets = tuple(sorted(buckets))
        self._counters: dict[str, dict[LabelKey, float]] = {}
        self._histograms: dict[str, dict[LabelKey, _Histogram]] = {}

    def inc(self, name: str, labels: Mapping[str, str] | None = None, value: float = 1.0) -> None:
        """Add `value` (default 1) to a counter."""
        series = self._counters.setdefault(name, {})
        key = _key(labels)
        series[key] = series.get(key, 0.0) + value

    def observe(self, name: str, seconds: float, labels: Mapping[str, str] | None = None) -> None:
        """Record one duration in a histogram with the registry's fixed buckets."""
        series = self._histograms.setdefault(name, {})
        key = _key(labels)
        if key not in series:
            series[key] = _Histogram(self.buckets)
        series[key].observe(seconds)

    def value(self, name: str, labels: Mapping[str, str] | None = None) -> float:
        """A counter's current value (a histogram's observation count); 0 when never touched."""
        key = _key(labels)
        if name in self._histograms:
            hist = self._histograms[name].get(key)
            return float(hist.count) if hist else 0.0
        return self._counters.get(name, {}).get(key, 0.0)

    def render(self) -> str:
        """The Prometheus text exposition format (version 0.0.4)."""
        lines: list[str] = []
        names = sorted({*KNOWN, *self._counters, *self._histograms})
        for name in names:
            kind, help_text = KNOWN.get(
                name, ("histogram" if name in self._histograms else "counter", f"{name} (bot metric)")
            )
            lines.append(f"# HELP {name} {help_text}")
            lines.append(f"# TYPE {name} {kind}")
            if kind == "histogram":
                series = self._histograms.get(name, {})
                for key, hist in sorted(series.items()):
                    for bound, count in zip(self.buckets, hist.counts, strict=True):
                        lines.append(f"{name}_bucket{_labels(key, ('le', _number(bound)))} {count}")
                    lines.append(f"{name}_bucket{_labels(key, ('le', '+Inf'))} {hist.count}")
                    lines.append(f"{name}_sum{_labels(key)} {_number(hist.total)}")
                    lines.append(f"{name}_count{_labels(key)} {hist.count}")
                if not series:
                    lines.append(f'{name}_bucket{{le="+Inf"}} 0')
                    lines.append(f"{name}_sum 0")
                    lines.append(f"{name}_count 0")
            else:
                series_c = self._counters.get(name, {})
                for key, value in sorted(series_c.items()):
                    lines.append(f"{name}{_labels(key)} {_number(value)}")
                if not series_c:
                    lines.append(f"{name} 0")
        return "\n".join(lines) + "\n"
