"""The LLM-written digest end to end: the `digest` CLI, the real anthropic SDK, the stand-in."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from standins.anthropic_server import AnthropicStandIn, error, tool_input
from tests.cli_helpers import ROOT, run_cli, run_cli_async

INVENTED = 999_999


def _config(tmp_path: Path, standin: AnthropicStandIn) -> list[str]:
    config = tmp_path / "config.toml"
    config.write_text(f'[llm]\nprovider = "anthropic"\nbase_url = "{standin.base_url}"\nmax_retries = 0\n')
    store = f"sqlite:///{tmp_path / 'store.db'}"
    assert run_cli("--store", store, "import", "--sample").returncode == 0
    return ["--config", str(config), "--store", store]


async def _digest(args: list[str]) -> tuple[int, str, str]:
    return await run_cli_async(
        *args, "digest", "--week-ending", "2026-03-01", env={"ANTHROPIC_API_KEY": "test-key"}
    )


def _answer_with_an_invented_pr(data: dict[str, Any], body: dict[str, Any]) -> dict[str, Any]:
    """A model answer citing one real PR per area and one PR that does not exist."""
    text = body["messages"][0]["content"]
    areas = []
    for block in re.split(r"^## area ", text, flags=re.M)[1:]:
        key = block.split("\n", 1)[0].strip()
        numbers = [int(n) for n in re.findall(r'"n":(\d+)', block)][:1]
        areas.append(
            {
                "key": key,
                "impact": "Faster serving",
                "points": [
                    {"lead": "Real work", "text": "Adds `FusedThing` for speed.", "prs": numbers},
                    {"lead": "Invented", "text": "Something that never happened.", "prs": [INVENTED]},
                ],
            }
        )
    return {"trend": "Model Runner V2 dominates the week.", "areas": areas}


@pytest.mark.asyncio
async def test_llm_digest_cites_only_real_prs_with_stored_links(
    tmp_path: Path, anthropic_standin: AnthropicStandIn
) -> None:
    """The model's invented PR is removed; real citations link to the stored URL; the digest says it is AI-written."""
    args = _config(tmp_path, anthropic_standin)
    anthropic_standin.always(tool_input(_answer_with_an_invented_pr))
    code, out, err = await _digest(args)
    assert code == 0, err
    assert "AI-written" in out
    assert f"PR#{INVENTED}" not in out and str(INVENTED) not in out
    assert "Adds `FusedThing` for speed." in out
    cited = re.findall(r"\[PR#(\d+)\]\((https://[^)]+)\)", out)
    assert cited and all(url == f"https://github.com/vllm-project/vllm/pull/{n}" for n, url in cited)
    [request] = anthropic_standin.messages
    assert request.body["system"][0]["cache_control"] == {"type": "ephemeral"}
    assert "<untrusted_pull_requests>" in request.user_text


@pytest.mark.asyncio
async def test_llm_digest_prompt_carries_records_not_bodies(
    tmp_path: Path, anthropic_standin: AnthropicStandIn
) -> None:
    """PR bodies never reach the digest prompt: it is built from classification records."""
    args = _config(tmp_path, anthropic_standin)
    anthropic_standin.always(tool_input(_answer_with_an_invented_pr))
    await _digest(args)
    sample = (ROOT / "bot" / "data" / "vllm-sample.jsonl").read_text().splitlines()
    bodies = [json.loads(line)["body"] for line in sample if json.loads(line).get("body")]
    prompt = anthropic_standin.messages[0].user_text
    assert bodies and not any(body[:60] in prompt for body in bodies)
    assert '"weight":' in prompt and '"claims":' in prompt  # code's ranking signals reach the model


@pytest.mark.asyncio
async def test_llm_failure_posts_the_offline_digest_with_a_note(
    tmp_path: Path, anthropic_standin: AnthropicStandIn
) -> None:
    """A 500 from the model gives the offline digest, marked, and exit status 0."""
    args = _config(tmp_path, anthropic_standin)
    anthropic_standin.always(error(500))
    code, out, err = await _digest(args)
    assert code == 0, err
    assert "AI-written" not in out
    assert re.search(r"offline|LLM", out, re.IGNORECASE)
    assert "### 1." in out or "## 1." in out
