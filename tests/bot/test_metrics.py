"""The metrics registry's Prometheus text output."""

from __future__ import annotations

from bot.metrics import Metrics


def test_counters_render_with_labels_and_help() -> None:
    """A counter shows HELP, TYPE and one line per label set."""
    m = Metrics()
    m.inc("prbot_commands_total", {"platform": "slack", "kind": "list"})
    m.inc("prbot_commands_total", {"platform": "slack", "kind": "list"})
    text = m.render()
    assert "# TYPE prbot_commands_total counter" in text
    assert 'prbot_commands_total{kind="list",platform="slack"} 2' in text


def test_histogram_buckets_are_cumulative() -> None:
    """Observations land in every bucket at or above them, plus _sum and _count."""
    m = Metrics(buckets=(0.1, 1.0))
    m.observe("prbot_command_seconds", 0.05)
    m.observe("prbot_command_seconds", 0.5)
    text = m.render()
    assert 'prbot_command_seconds_bucket{le="0.1"} 1' in text
    assert 'prbot_command_seconds_bucket{le="1"} 2' in text
    assert 'prbot_command_seconds_bucket{le="+Inf"} 2' in text
    assert "prbot_command_seconds_count 2" in text
    assert "prbot_command_seconds_sum 0.55" in text


def test_known_metrics_show_zero_before_any_event() -> None:
    """A fresh registry still exposes every known series at zero."""
    text = Metrics().render()
    for name in ("prbot_digests_posted_total", "prbot_errors_total", "prbot_llm_tokens_total"):
        assert f"{name} 0" in text


def test_label_values_are_escaped() -> None:
    """Quotes, backslashes and newlines in label values cannot break the format."""
    m = Metrics()
    m.inc("prbot_errors_total", {"where": 'a"b\\c\nd'})
    assert 'prbot_errors_total{where="a\\"b\\\\c\\nd"} 1' in m.render()
