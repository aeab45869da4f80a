"""What the digest ranks by, read from real vLLM titles and bodies (../shared/data)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

from bot.services.heuristic import HeuristicClassifier
from bot.services.taxonomy import load_taxonomy
from handlers.digest_signals import quantified_claims, read_all, read_signals, score
from handlers.models import PullRequest

T0 = datetime(2026, 2, 1, tzinfo=UTC)


def _pr(number: int, title: str, body: str | None = None) -> PullRequest:
    return PullRequest("vllm-project/vllm", number, title, "a", "closed", T0, T0, "u", body=body)


def _titles(shared_data: Path) -> dict[int, str]:
    rows = (json.loads(line) for line in (shared_data / "merged-pulls.jsonl").open())
    return {row["number"]: row["title"] for row in rows}


def test_quantified_claims_are_quoted_as_written_from_real_titles(shared_data: Path) -> None:
    """Measured gains in real titles come out with their metric ("13.9% E2E throughput")."""
    titles = _titles(shared_data)
    found = {n: quantified_claims(t) for n, t in titles.items()}
    claimed = {n: c for n, c in found.items() if c}
    assert len(claimed) >= 30
    assert any("E2E throughput" in c for cs in claimed.values() for c in cs)
    assert quantified_claims("[FIX] fused moe with lora shared expert dual stream (1.07x otps)") == (
        "1.07x otps",
    )
    assert quantified_claims("Reduce TTFT by ~3x for short prefills")[0].startswith("TTFT by ~3x")


def test_version_numbers_and_sizes_are_not_claims() -> None:
    """`Qwen2.5`, `0.5s timeout`, `16x16 MFMA` and `CUDA 12.8` say nothing measured."""
    for title in (
        "Support Qwen2.5-VL 7B",
        "Set a 0.5s timeout",
        "[Kernel] 16x16 MFMA tiles",
        "Fix CUDA 12.8 build",
    ):
        assert quantified_claims(title) == (), title


def test_claims_come_from_bodies_when_titles_have_none(shared_data: Path) -> None:
    """A real body's benchmark line ("decode TPOT ~20% faster") is found when the title has no number."""
    rows = [json.loads(line) for line in (shared_data / "pr-bodies-sample.jsonl").open()]
    signals = {r["number"]: read_signals(_pr(r["number"], r["title"], r["body"])) for r in rows}
    with_claims = [
        n
        for n, s in signals.items()
        if s.claims and not quantified_claims(next(r["title"] for r in rows if r["number"] == n))
    ]
    assert with_claims
    assert all("%" in c or "x" in c.lower() for n in with_claims for c in signals[n].claims)


def test_reverts_link_the_pr_they_revert_by_number_and_by_title(shared_data: Path) -> None:
    """`Revert #34208` and `Revert "<title> (#28841)"` name the reverted PR; a quoted title
    without a number finds the PR of that title in the same window."""
    titles = _titles(shared_data)
    assert read_signals(_pr(34216, titles[34216])).reverts == (34208,)
    assert read_signals(_pr(29483, titles[29483])).reverts == (28841,)
    prs = [_pr(28080, titles[28080]), _pr(27512, titles[27512])]
    assert read_all(prs, {})[28080].reverts == (27512,)
    found = read_all([_pr(n, t) for n, t in titles.items()], {})
    reverts = [s for n, s in found.items() if titles[n].lower().startswith("revert")]
    assert sum(1 for s in reverts if s.reverts) >= 40


def test_regression_fixes_link_the_pr_that_caused_them(shared_data: Path) -> None:
    """ "Fix ... regression after #28549" and "broken by #38139" point at the culprit."""
    titles = _titles(shared_data)
    assert read_signals(_pr(28819, titles[28819])).fixes_regression_of == (28549,)
    assert read_signals(_pr(38495, titles[38495])).fixes_regression_of == (38139,)
    assert read_signals(_pr(1, "Fix regression from #123 in the scheduler")).regression_fix


def test_breaking_changes_severe_fixes_and_new_support_are_recognised() -> None:
    """Removed flags / env vars, crash and hang fixes, new model and hardware support."""
    assert read_signals(_pr(1, "Remove deprecated `--rope-scaling` and `--rope-theta`")).breaking
    assert read_signals(_pr(2, "[Misc] Remove deprecated profiler environment variables")).breaking
    assert not read_signals(_pr(3, "[Bugfix] Fix DSV3 kernels breaking _C on unsupported arches")).breaking
    assert read_signals(_pr(4, "[BugFix] Fix IMA in FA3 varlen combine")).correctness_fix
    assert read_signals(_pr(5, "[Core] Fix infinite hang when requests exceed KV capacity")).severe_fix
    assert not read_signals(_pr(6, "[Bugfix] Fix error message typo")).severe_fix
    assert read_signals(_pr(7, "[Models] Step-3.5-Flash")).new_model
    assert read_signals(_pr(8, "[ROCm][Kernel] Add GFX11 (RDNA3) support for wvSplitK")).new_hardware
    assert read_signals(_pr(9, "[MoE Refactor] Migrate Unquantized to Full Oracle Flow")).refactor


def test_a_regression_test_is_test_work_not_a_regression_fix(shared_data: Path) -> None:
    """Real titles that add or change a "regression test" are tests: they are not ranked as fixes
    of a regression, while a fix of a real regression still is."""
    titles = _titles(shared_data)
    tests_only = [t for t in titles.values() if "regression test" in t.lower() and "fix" not in t.lower()]
    assert len(tests_only) >= 3
    classifier = HeuristicClassifier(load_taxonomy("vllm", "vllm-project/vllm"))
    for title in tests_only:
        topics = classifier.topics_for(_pr(1, title))
        assert "bugfix" not in topics, title
        assert not read_signals(_pr(1, title), topics).regression_fix, title
    assert read_signals(_pr(1, "[Bugfix] Fix spec decode memory regression after #28549")).regression_fix


def test_a_fix_that_promises_no_regression_or_a_test_named_regression_fixes_none(shared_data: Path) -> None:
    """Real titles: "... without perf regression" fixes an overflow, not a regression, and
    "[Test] Add ... geometry regression" adds a test, whatever its topics; "fixing Aria
    regression" and "Fix AITER import regression" do fix one."""
    titles = _titles(shared_data)
    topics = ("bugfix",)
    assert not read_signals(_pr(34507, titles[34507]), topics).regression_fix
    assert not read_signals(_pr(51288, titles[51288]), topics).regression_fix
    for number in (33749, 34476):
        assert read_signals(_pr(number, titles[number]), topics).regression_fix, titles[number]
    aria = next(n for n, t in titles.items() if "fixing Aria regression" in t)
    assert read_signals(_pr(aria, titles[aria]), ()).regression_fix


def test_a_maintainer_s_order_silent_wrong_results_above_crashes_above_named_exceptions() -> None:
    """Wrong outputs users may not notice rank above a crash, and a crash above a fix named after
    the exception it stops; work that calls itself small ranks below all of them."""
    from handlers.digest_signals import score

    def weight(title: str) -> float:
        return score(
            read_signals(_pr(1, title), ("bugfix",) if "fix" in title.lower() else ()), 0.4, merged=True
        )

    wrong = weight("[Bugfix] Fix W8A8 INT8 garbage outputs on Step-3.5-Flash")
    overflow = weight("[Bugfix] Fix int32 overflow in DeepGEMM SiLU/mul FP8 Triton kernel")
    crash = weight("[Bugfix] Fix MLA attention crash with AWQ/GPTQ quantized models")
    named = weight("[Bugfix] Fix AttributeError in SMControlContextManager")
    small = weight("[Perf] Small optimizations for silu_mul_fp8_quant_deep_gemm")
    assert min(wrong, overflow) > crash > named
    assert small < named
    assert not read_signals(_pr(2, "Fix AttributeError for torch.compiler.skip_all_guards_unsafe")).severe_fix


def test_changed_defaults_removals_and_new_capabilities_are_signals() -> None:
    """A default users get without asking, a removed backend or format, a new API, option,
    connector or kernel; removing dead code or a sync is none of these."""
    assert read_signals(_pr(1, "Use Blackwell FlashInfer MXFP4 MoE by default if available")).default_change
    assert read_signals(
        _pr(2, "[Perf] Set Flashinfer sparse MLA as default backend for FP8 kv cache")
    ).default_change
    assert read_signals(_pr(3, "[Multimodal] Always enable hashing mm data")).default_change
    assert read_signals(_pr(4, "[Kernel/Quant] Remove AQLM")).breaking
    assert read_signals(_pr(5, "[Attention][Cleanup] Remove tree attention")).breaking
    assert not read_signals(_pr(5, "[Attention][Cleanup] Remove tree attention")).minor
    assert not read_signals(_pr(6, "[Refactor] Remove dead private func `_fp8_perm`")).breaking
    assert not read_signals(_pr(7, "[Perf] Remove sync point in the sampler")).breaking
    for title in (
        "Add return_token_ids parameter to OpenAI API endpoints",
        "[Frontend] Add `/collective_rpc` API endpoint",
        "[KV Transfer] Add MooncakeStoreConnector for KV cache offloading",
        "[Feature] Support custom callable proposer backend for speculative decoding",
    ):
        assert read_signals(_pr(8, title)).feature, title
    assert read_signals(_pr(9, "[Kernel] Add FlashInfer MoE A2A Kernel")).kernel
    assert not read_signals(_pr(10, "[CI] Add a test for the kernel")).feature
    assert read_signals(_pr(11, "Limit HTTP header count and size")).security
    assert not read_signals(
        _pr(12, "[Frontend] Added support for HermesToolParser for models without special tokens")
    ).new_model


def test_races_are_wrong_results_and_input_hardening_is_security() -> None:
    """A race gives wrong results some of the time; rejecting or bounding untrusted input is
    hardening, whatever the tag."""
    race = read_signals(
        _pr(1, "[BugFix] Use file:// rendezvous to eliminate startup port races"), ("bugfix",)
    )
    assert race.correctness_fix
    assert read_signals(_pr(2, "[Bugfix] Reject NUL byte in structured_outputs.regex")).security
    assert read_signals(_pr(3, "Bound generation inputs before expensive work")).security
    assert not read_signals(_pr(4, "[Perf] Bound the number of CUDA graphs captured")).security


def test_reach_the_model_families_most_deployments_serve_rank_above_niche_platforms() -> None:
    """The taxonomy says which things reach many readers (widely served model families) and which
    few (platforms few run); a narrow platform wins over a broad model, and reach moves the weight
    of otherwise equal work."""
    from handlers.digest import window_for_dates
    from handlers.digest_facts import compute_facts
    from handlers.digest_signals import score

    taxonomy = load_taxonomy("vllm", "vllm-project/vllm")
    classifier = HeuristicClassifier(taxonomy)
    titles = {
        1: "[Bugfix] Fix tool call parsing for Kimi-K2",
        2: "[Bugfix] Fix DSv4 MTP state handling",
        3: "[XPU] Fix tool call parsing on Intel GPUs",
        4: "[CPU] Fix DeepSeek-V3 weight loading on s390x",
        5: "[Bugfix] Fix tool call parsing for Foo-7B",
    }
    merged = datetime(2026, 2, 3, tzinfo=UTC)
    prs = [
        PullRequest("vllm-project/vllm", n, t, "a", "closed", T0, merged, "u", merged_at=merged)
        for n, t in titles.items()
    ]
    classes = {pr.number: classifier.classify_one(pr) for pr in prs}
    window = window_for_dates(T0.date(), datetime(2026, 2, 7, tzinfo=UTC).date(), UTC)
    facts = compute_facts("vllm-project/vllm", window, prs, classes, {}, taxonomy, scope="merged")
    reach = {n: facts.signals[n].reach for n in titles}
    assert reach == {1: 1, 2: 1, 3: -1, 4: -1, 5: 0}
    assert "broad-reach" in facts.signals[1].words() and "narrow-reach" in facts.signals[3].words()
    same = read_signals(_pr(9, titles[5]), ("bugfix",))
    assert score(same, 0.4, merged=True) < facts.weight(1)
    assert facts.weight(3) < score(same, 0.4, merged=True)


def test_ownership_is_maintenance_and_integrations_are_new_capability() -> None:
    """Adding oneself as a code owner says nothing about what the code does; bringing in another
    project's work or making two features work together is a capability users get."""
    owners = read_signals(_pr(1, "CODEOWNERS: Add myself as reviewer on security docs"))
    assert owners.maintenance
    assert read_signals(_pr(2, "Add @someone as code owner for the scheduler")).maintenance
    for title in (
        "[Spec Decode] Integrate Suffix Decoding from Arctic Inference",
        "[Core] Async scheduling + structured outputs compatibility",
        "[Frontend] OpenAI Responses API supports Tool/Function calling - non-harmony",
    ):
        assert read_signals(_pr(3, title)).feature, title
    assert not read_signals(_pr(4, "[Bugfix] Fix compatibility with transformers 5"), ("bugfix",)).feature
    assert read_signals(_pr(5, "[Kernel][Model] Tune fused_moe Triton configs for MiniMax-M2 on H100")).minor


def test_removed_architectures_and_stopped_behaviour_are_breaking() -> None:
    """Dropping a model architecture or stopping something the engine did on its own changes what
    users get; removing a helper does not."""
    for title in (
        "[Model] Remove BaiChuanForCausalLM and BaichuanForCausalLM",
        "[Model] Drop support for ChatGLM2ForConditionalGeneration",
        "[Core] Stop forcing eager mode for encoder-decoder models",
        "[ROCm] Begin Deprecation Window for CUDA_VISIBLE_DEVICES on ROCm",
    ):
        assert read_signals(_pr(1, title)).breaking, title
    assert not read_signals(_pr(2, "[Model] Remove unused helper")).breaking


def test_documentation_is_a_chore_and_documents_no_new_model() -> None:
    """Docs rarely make an expert's digest (2 of 103 doc PRs over eight expert weeks): a dead-link
    fix or a doc page is a chore, and a `[Doc]` PR listing models adds no model."""
    assert read_signals(_pr(1, "Fix dead link in docs")).chore
    assert read_signals(_pr(2, "Add docs for PrefixRepetitionDataset")).chore
    documented = read_signals(_pr(3, "[Doc] Add Qwen2.5 models to batch invariance tested models"))
    assert not documented.new_model and documented.maintenance
    assert read_signals(_pr(4, "[Model] Add Qwen3.5 models")).new_model


def test_a_new_pytorch_cuda_python_or_transformers_for_every_install_ranks_high(shared_data: Path) -> None:
    """The stack every install runs on moving is a top item for an expert, not a chore; a CI pin or
    one platform's image is not that."""
    titles = {t.lower(): n for n, t in _titles(shared_data).items()}
    for title in (
        "Update PyTorch to 2.9.0+cu129",
        "Update to transformers v5",
        "[Build] Add Python 3.14 to supported version list.",
        "[Build] Bump CUDA to 13.0.2 to match PyTorch 2.11.0",
    ):
        assert title.lower() in titles, title  # real titles
        signals = read_signals(_pr(titles[title.lower()], title))
        assert signals.stack_upgrade and not signals.chore and not signals.maintenance, title
    for title in ("Update Transformers pin in CI to 4.57.3", "[CPU]Update CPU PyTorch to 2.9.0"):
        assert title.lower() in titles, title
        assert not read_signals(_pr(titles[title.lower()], title)).stack_upgrade, title


def test_a_dependency_moving_to_another_version_is_a_dependency_update(shared_data: Path) -> None:
    """Bumps, upgrades and pins of a package (any package, CI's too) are dependency updates, what
    "any dependency bumps this month?" asks for; a bumped timeout or a fix for an older version
    is not (real titles)."""
    titles = _titles(shared_data)
    for number in (20358, 24412, 27354, 45169, 49361, 50522, 34950):
        assert read_signals(_pr(number, titles[number])).dependency, titles[number]
    for number in (49606, 37219):
        assert not read_signals(_pr(number, titles[number])).dependency, titles[number]


def test_security_outranks_a_plain_feature_and_security_docs_are_not_security() -> None:
    """A security fix weighs more than a new option; documentation about security is a chore."""
    fix = read_signals(_pr(1, "Fix DoS via sample-rate forgery bypassing audio decode duration guard"))
    option = read_signals(_pr(2, "[Frontend] Add --max-audio-seconds option"))
    assert fix.security and score(fix, 0.4, merged=True) > score(option, 0.4, merged=True)
    assert not read_signals(_pr(3, "[Doc] Add missing API endpoints to security documentation")).security


def test_removing_a_metric_is_breaking_and_metrics_work_is_not_minor() -> None:
    """Dashboards break when a metric goes; adding a metric is ordinary work, not a small change."""
    assert read_signals(_pr(1, "[Core][Metrics] Remove `vllm:prompt_tokens_recomputed` metric")).breaking
    assert not read_signals(_pr(2, "[Metrics] Add connector prefix cache hit rate stats")).minor


def test_a_removal_announced_as_a_noun_is_breaking_and_a_fix_after_one_is_not(shared_data: Path) -> None:
    """Real titles: "Scheduled removal of `guided_*` config fields" removes what users set, as
    "Remove ..." does; "Fix lora tests failure ... due to the removal of LoRA bias" fixes tests."""
    titles = _titles(shared_data)
    for number in (29323, 29326, 29330, 32661):
        assert read_signals(_pr(number, titles[number])).breaking, titles[number]
    assert not read_signals(_pr(26723, titles[26723])).breaking
    assert read_signals(_pr(26007, titles[26007])).breaking  # "Finish ... deprecation of --endpoint-type"
    delayed = next(n for n, t in titles.items() if t.startswith("[Misc] Delay deprecation of"))
    assert not read_signals(_pr(delayed, titles[delayed])).breaking


def test_getting_round_a_check_or_timing_it_is_security(shared_data: Path) -> None:
    """Real titles: constant-time token checks and bypassed restrictions, guards and limits are
    security fixes; bypassing padding or a CI gate is not."""
    titles = _titles(shared_data)
    for number in (25781, 26035, 52126):
        assert read_signals(_pr(number, titles[number])).security, titles[number]
    for number in (43706, 43974, 43038):
        assert not read_signals(_pr(number, titles[number])).security, titles[number]


def test_deprecating_something_or_requiring_a_flag_for_it_is_breaking() -> None:
    """A title that opens with a deprecation announces an end to its users; requiring a flag for
    what worked without one changes what users must pass. Deprecation mentioned in passing is not."""
    for title in (
        "[Core] Deprecate `xformers`",
        "Deprecate support for Transformers v4",
        "[Frontend] Require flag for loading text and image embeds",
    ):
        assert read_signals(_pr(1, title)).breaking, title
    assert not read_signals(_pr(2, "[Misc] Postpone torch_profiler deprecation")).breaking


def test_removing_support_at_the_end_of_a_title_is_breaking() -> None:
    """Real titles: "[Frontend] Remove frontend pooling multi task support." was led "Feature" in
    the Apr 13-19 digest (only "support for" counted); support named at the title's end, or "in"
    a version, is what is taken away. A fix that removes broken support is no breaking change."""
    for title in (
        "[Frontend] Remove frontend pooling multi task support.",
        "Remove LoRA bias support",
        "[V0 Deprecation] Remove pooling model support in V0",
        "Deprecate Transformers v4 support",
    ):
        assert read_signals(_pr(1, title)).breaking, title
    assert not read_signals(_pr(2, "[Bugfix] Remove broken raw url GGUF model loading support")).breaking


def test_work_reverted_in_its_window_yields_its_place_to_the_revert(shared_data: Path) -> None:
    """ "Revert "[Perf][GLM-5.2] Blackwell decode optimizations"" and the PR it reverts land the
    same week: the reverted PR is marked and weighs less than the same PR left standing."""
    titles = _titles(shared_data)
    original, revert = _pr(48597, titles[48597]), _pr(49768, titles[49768])
    both = read_all([original, revert], {})
    assert both[49768].reverts == (48597,) and both[48597].reverted and not both[49768].reverted
    alone = read_all([original], {})[48597]
    assert score(both[48597], 0.5, merged=True) < score(alone, 0.5, merged=True)


def test_linter_work_test_removals_and_new_architectures_are_read_for_what_they_are(
    shared_data: Path,
) -> None:
    """A mypy PR's `follow-imports=silent` is no silent wrong result; removing test parallelism
    breaks no user; `sm_107` for Rubin and gfx1250 are new hardware; a stale pointer is a wrong
    result and an unbounded wait a hang."""
    titles = _titles(shared_data)
    mypy = read_signals(_pr(49570, titles[49570]), ())
    assert not mypy.correctness_fix and mypy.maintenance
    assert not read_signals(_pr(49693, titles[49693]), ()).breaking
    assert read_signals(_pr(49387, titles[49387]), ()).new_hardware  # Add `sm_107` for Rubin
    assert read_signals(_pr(46516, titles[46516]), ()).new_hardware  # Enable gfx1250 ROCm architecture
    assert read_signals(_pr(50386, titles[50386]), ()).correctness_fix  # stale latent MoE residual pointer
    waits = read_signals(_pr(41357, titles[41357]), ())  # stale deadlines -> unbounded waits
    assert waits.correctness_fix or waits.severe_fix
    assert read_signals(_pr(1, "[Bugfix] Fix unbounded wait in the shutdown path"), ()).severe_fix


def test_a_revert_never_links_the_work_landing_again_after_it(shared_data: Path) -> None:
    """`Revert "[Kernel] Add PDL support for DeepGEMM kernel"` (#45999) undid #42996; the same
    title merged again as #46006 in the revert's own week is the work landing again, not what the
    revert undid, and it stays news of its own (it is not marked reverted)."""
    titles = _titles(shared_data)
    week = [_pr(n, titles[n]) for n in (45999, 46006)]
    found = read_all(week, {})
    assert found[45999].reverts == ()
    assert not found[46006].reverted
    found = read_all([*week, _pr(42996, titles[42996])], {})
    assert found[45999].reverts == (42996,)
    assert found[42996].reverted and not found[46006].reverted


def test_a_range_is_quoted_whole() -> None:
    """ "1.5~3x kernel level performance improvement", "55%~65% E2E TTFT Improvement" (real titles
    of the shared history) were quoted from their upper end ("3x kernel level ..."), which says
    more than the PR does: a range is one figure."""
    assert quantified_claims(
        "[K3 Perf] Combine multiple all gather together for SP, 1.5~3x kernel level performance improvement"
    ) == ("1.5~3x kernel level performance improvement",)
    assert quantified_claims(
        "[Perf] Adaptive budget for spec scheduled token, 55%~65% E2E TTFT Improvement"
    ) == ("55%~65% E2E TTFT Improvement",)
    assert quantified_claims("[Kernel] 2-3x faster top-k") == ("2-3x faster",)


def test_a_kernel_level_gain_is_a_quantified_claim() -> None:
    """ "97.9% kernel level latency reduction", "1.1~1.4x kernel performance improvement" (real
    titles of the shared history) quote a measured gain at the kernel's level: claims to quote and
    to answer "perf prs with numbers" with (both were left out, the level word standing between
    the number and its metric); a number with no metric still is none."""
    assert quantified_claims(
        "[DSv32/GLM Perf] Skip short prefill topk for dense mha layer, 97.9% kernel level latency reduction"
    ) == ("97.9% kernel level latency reduction",)
    assert quantified_claims(
        "[K3 Perf] Flash kda out kernel for prefill, 1.1~1.4x kernel performance improvement"
    )
    assert quantified_claims("[Kernel] Support Qwen3 2.5x sizes on the kernel level") == ()
