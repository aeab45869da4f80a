"""The metrics registry's Prometheus text output."""

from __future__ import annotations

from bot.metrics import Metrics


def test_counters_render_with_labels_and_help() -> None:
    """A counter shows HELP, TYPE and one line per label set."""
    m = Metrics()
    m.inc("prbot_commands_total", {"type": "command", "kind": "list"})
    m.inc("prbot_commands_total", {"type": "command", "kind": "list"})
    text = m.render()
    assert "# HELP prbot_commands_total Slash commands" in text
    assert "# TYPE prbot_commands_total counter" in text
    assert 'prbot_commands_total{kind="list",type="command"} 2.0' in text
    assert m.value("prbot_commands_total", {"type": "command", "kind": "list"}) == 2


def test_histogram_buckets_are_cumulative() -> None:
    """Observations land in every bucket at or above them, plus _sum and _count."""
    m = Metrics(buckets=(0.1, 1.0))
    m.observe("prbot_command_seconds", 0.05)
    m.observe("prbot_command_seconds", 0.5)
    text = m.render()
    assert 'prbot_command_seconds_bucket{le="0.1"} 1.0' in text
    assert 'prbot_command_seconds_bucket{le="1.0"} 2.0' in text
    assert 'prbot_command_seconds_bucket{le="+Inf"} 2.0' in text
    assert "prbot_command_seconds_count 2.0" in text
    assert "prbot_command_seconds_sum 0.55" in text
    assert m.value("prbot_command_seconds") == 2


def test_known_metrics_are_exposed_before_any_event() -> None:
    """A fresh registry describes every known metric, and label values known in advance are 0."""
    text = Metrics().render()
    for name in ("prbot_commands_total", "prbot_command_seconds", "prbot_errors_total"):
        assert f"# TYPE {name} " in text
    assert 'prbot_llm_tokens_total{direction="output"} 0.0' in text
    assert 'prbot_errors_total{where="scheduler"} 0.0' in text
    assert 'prbot_digests_posted_total{platform="discord"} 0.0' in text
    assert "prbot_command_seconds_count 0.0" in text


def test_registries_are_per_instance() -> None:
    """Two registries count separately: a test's or a second bot's counts never leak."""
    a, b = Metrics(), Metrics()
    a.inc("prbot_errors_total", {"where": "scheduler"})
    assert (
        a.value("prbot_errors_total", {"where": "scheduler"}),
        b.value("prbot_errors_total", {"where": "scheduler"}),
    ) == (1, 0)


def test_label_values_are_escaped() -> None:
    """Quotes, backslashes and newlines in label values cannot break the format."""
    m = Metrics()
    m.inc("prbot_errors_total", {"where": 'a"b\\c\nd'})
    assert 'prbot_errors_total{where="a\\"b\\\\c\\nd"} 1.0' in m.render()
