"""The bot's metrics: counters and histograms on prometheus_client, one registry per `Metrics`.

Bootstrap builds one `Metrics` and passes it to whoever counts something (runtime, poster,
scheduler); tests build a fresh one each. Every instance owns its own `CollectorRegistry`, so
nothing lands in prometheus_client's process-wide default registry. `render()` is the Prometheus
text exposition (format 0.0.4) that /metrics serves.
"""

from __future__ import annotations

from collections.abc import Mapping

from prometheus_client import CollectorRegistry, Counter, Histogram, disable_created_metrics
from prometheus_client.exposition import CONTENT_TYPE_PLAIN_0_0_4, generate_latest

# The `*_created` timestamps prometheus_client adds to each counter and histogram series are not
# part of what the bot reports.
disable_created_metrics()

CONTENT_TYPE = CONTENT_TYPE_PLAIN_0_0_4

DEFAULT_BUCKETS: tuple[float, ...] = (0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)

# name -> (type, help, label names). Each is registered up front, so a scraper finds its HELP and
# TYPE (and the zero series of the label values known in advance) before the first event.
KNOWN: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "prbot_commands_total": (
        "counter",
        "Slash commands and follow-ups answered, by type (command or follow-up) and reply kind.",
        ("kind", "type"),
    ),
    "prbot_command_seconds": (
        "histogram",
        "Time to compute the answer to a slash command or follow-up (handlers only), in seconds.",
        (),
    ),
    "prbot_answer_seconds": (
        "histogram",
        "From a slash command's arrival to its answer delivered (queueing and posting included), by platform.",
        ("platform",),
    ),
    "prbot_llm_tokens_total": ("counter", "LLM tokens used, by direction (input or output).", ("direction",)),
    "prbot_github_requests_total": ("counter", "GitHub API requests made, by repository.", ("repo",)),
    "prbot_digests_posted_total": ("counter", "Digest messages posted, by platform.", ("platform",)),
    "prbot_subscription_posts_total": (
        "counter",
        "Subscription deliveries posted, by platform.",
        ("platform",),
    ),
    "prbot_errors_total": ("counter", "Errors, by where they happened.", ("where",)),
    "prbot_rejected_requests_total": (
        "counter",
        "Requests refused before parsing (bad signature, unreadable body), by platform and reason.",
        ("platform", "reason"),
    ),
}

# Label values known in advance: their series are exposed at zero from the start.
PRESET: dict[str, tuple[dict[str, str], ...]] = {
    "prbot_llm_tokens_total": ({"direction": "input"}, {"direction": "output"}),
    "prbot_digests_posted_total": ({"platform": "slack"}, {"platform": "discord"}),
    "prbot_subscription_posts_total": ({"platform": "slack"}, {"platform": "discord"}),
    "prbot_errors_total": tuple({"where": w} for w in ("command", "followup", "post_digest", "scheduler")),
}

_Metric = Counter | Histogram


class Metrics:
    """Counters (`inc`) and histograms (`observe`) keyed by name and labels."""

    def __init__(self, buckets: tuple[float, ...] = DEFAULT_BUCKETS) -> None:
        self.buckets = tuple(sorted(buckets))
        self.registry = CollectorRegistry(auto_describe=True)
        self._metrics: dict[str, _Metric] = {}
        for name, (kind, help_text, labels) in KNOWN.items():
            metric = self._register(name, kind, help_text, labels)
            for preset in PRESET.get(name, ()):
                metric.labels(**preset)

    def _register(self, name: str, kind: str, help_text: str, labels: tuple[str, ...]) -> _Metric:
        metric: _Metric
        if kind == "histogram":
            metric = Histogram(name, help_text, labels, registry=self.registry, buckets=self.buckets)
        else:
            metric = Counter(name, help_text, labels, registry=self.registry)
        self._metrics[name] = metric
        return metric

    def _metric(self, name: str, kind: str, labels: Mapping[str, str] | None) -> _Metric:
        # A name outside KNOWN is registered on first use, with that call's label names.
        metric = self._metrics.get(name)
        if metric is None:
            metric = self._register(name, kind, f"{name} (bot metric)", tuple(sorted(labels or {})))
        return metric

    @staticmethod
    def _child(metric: _Metric, labels: Mapping[str, str] | None) -> _Metric:
        return metric.labels(**{k: str(v) for k, v in labels.items()}) if labels else metric

    def inc(self, name: str, labels: Mapping[str, str] | None = None, value: float = 1.0) -> None:
        """Add `value` (default 1) to a counter."""
        counter = self._child(self._metric(name, "counter", labels), labels)
        assert isinstance(counter, Counter), f"{name} is not a counter"
        counter.inc(value)

    def observe(self, name: str, seconds: float, labels: Mapping[str, str] | None = None) -> None:
        """Record one duration in a histogram with the registry's buckets."""
        histogram = self._child(self._metric(name, "histogram", labels), labels)
        assert isinstance(histogram, Histogram), f"{name} is not a histogram"
        histogram.observe(seconds)

    def value(self, name: str, labels: Mapping[str, str] | None = None) -> float:
        """A counter's current value (a histogram's observation count); 0 when never touched."""
        sample = f"{name}_count" if isinstance(self._metrics.get(name), Histogram) else name
        found = self.registry.get_sample_value(sample, {k: str(v) for k, v in (labels or {}).items()})
        return found or 0.0

    def render(self) -> str:
        """The Prometheus text exposition format (version 0.0.4)."""
        return generate_latest(self.registry).decode()
