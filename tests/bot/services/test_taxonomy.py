"""Loading taxonomies: the shipped ones, and errors that name the file and the topic."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from bot.services.taxonomy import TaxonomyError, load_taxonomy, parse_taxonomy, prompt_version

VLLM_KEYS = {
    "rocm", "blackwell", "nvidia", "xpu", "cpu", "tpu", "quantization", "spec-decode", "multimodal",
    "model-runner-v2", "kv-connector", "distributed", "frontend", "new-model", "deepseek", "qwen",
    "bugfix", "performance", "ci-build", "docs", "lora", "moe", "attention",
}  # fmt: skip

GOOD_TOPIC = '[[topics]]\nkey = "a"\nname = "A"\n'


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "tax.toml"
    path.write_text(text)
    return str(path)


def test_vllm_taxonomy_has_the_query_topics():
    """The shipped vLLM taxonomy holds every topic the labelled weeks use."""
    assert set(load_taxonomy("vllm").keys) == VLLM_KEYS


def test_repo_picks_its_taxonomy():
    """vllm-project/vllm gets the vLLM taxonomy, any other repo the generic one."""
    assert load_taxonomy("", "vllm-project/vllm").name == "vllm"
    assert load_taxonomy("", "someone/else").name == "generic"


def test_generic_taxonomy_loads_with_sections():
    """The generic taxonomy has topics for features, fixes and performance, each in a section."""
    generic = load_taxonomy("generic")
    assert {"feature", "bugfix", "performance"} <= set(generic.keys)
    assert generic.sections


def test_aliases_are_lower_case_words_for_topics():
    """Users can type "amd" for rocm and "spec decode" for spec-decode."""
    tax = load_taxonomy("vllm")
    assert "amd" in tax.topic("rocm").words
    assert "spec decode" in tax.topic("spec-decode").words


def test_missing_file_names_the_path(tmp_path):
    """A taxonomy path that does not exist is reported with the path."""
    with pytest.raises(TaxonomyError, match="nope.toml: cannot read"):
        load_taxonomy(str(tmp_path / "nope.toml"))


def test_invalid_toml_names_the_file(tmp_path):
    """Broken TOML is reported with the file name."""
    with pytest.raises(TaxonomyError, match="tax.toml: not valid TOML"):
        load_taxonomy(write(tmp_path, "[[topics]\nkey="))


def test_unknown_field_names_the_topic(tmp_path):
    """A misspelt field is reported with the topic's index and key."""
    with pytest.raises(TaxonomyError, match=r"topics\[0\] \(a\): unknown field\(s\) keywrods"):
        load_taxonomy(write(tmp_path, GOOD_TOPIC + 'keywrods = ["x"]\n'))


def test_unknown_section_names_the_topic(tmp_path):
    """A topic in a section that is not declared is reported."""
    with pytest.raises(TaxonomyError, match=r"\(a\): unknown section 'nowhere'"):
        load_taxonomy(write(tmp_path, GOOD_TOPIC + 'section = "nowhere"\n'))


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        # `reach` ranks digest points, for topics and terms alike
        ('reach = "wide"\n', r"\(a\): reach must be one of broad, narrow"),
        (
            '\n[[terms]]\nkey = "z9"\nreach = "everyone"\n',
            r"terms\[0\] \(z9\): reach must be one of broad, narrow",
        ),
        # a topic's `kind` makes two topics alternatives in a question
        ('kind = "platform"\n', r"\(a\): kind must be one of hardware, model"),
        # `group` marks a lexicon term
        ('\n[[terms]]\nkey = "z9"\ngroup = "yes"\n', r"terms\[0\] \(z9\): group must be true or false"),
    ],
)
def test_a_field_value_the_bot_does_not_know_is_reported_with_its_entry(tmp_path, extra, message):
    """`reach`, a topic's `kind` and a term's `group` take a few known values; anything else is
    reported with the topic or term it sits in."""
    with pytest.raises(TaxonomyError, match=message):
        load_taxonomy(write(tmp_path, GOOD_TOPIC + extra))


def test_a_known_topic_kind_is_kept(tmp_path):
    assert load_taxonomy(write(tmp_path, GOOD_TOPIC + 'kind = "hardware"\n')).topics[0].kind == "hardware"


def test_bad_pattern_names_the_topic(tmp_path):
    """A regular expression that does not compile is reported with its topic."""
    with pytest.raises(TaxonomyError, match=r"\(a\): bad pattern"):
        load_taxonomy(write(tmp_path, GOOD_TOPIC + "patterns = ['(unclosed']\n"))


def test_unknown_implied_topic_is_reported(tmp_path):
    """implies/yields_to must name existing topics."""
    with pytest.raises(TaxonomyError, match="topic a implies unknown topic"):
        load_taxonomy(write(tmp_path, GOOD_TOPIC + 'implies = ["zzz"]\n'))
    with pytest.raises(TaxonomyError, match="topic a yields to unknown topic"):
        load_taxonomy(write(tmp_path, GOOD_TOPIC + 'yields_to = ["zzz"]\n'))


def test_duplicate_keys_are_reported(tmp_path):
    """Two topics with one key are refused."""
    with pytest.raises(TaxonomyError, match="duplicate topic key"):
        load_taxonomy(write(tmp_path, GOOD_TOPIC + GOOD_TOPIC))


def test_evidence_change_keeps_the_prompt_version():
    """Editing heuristic evidence changes the taxonomy version but not what a prompt shows."""
    raw = (Path(__file__).resolve().parents[3] / "bot/services/taxonomies/vllm.toml").read_bytes()
    base = parse_taxonomy(raw, "vllm.toml")
    edited = parse_taxonomy(raw.replace(b'"rocm", "amd", "aiter*"', b'"rocm", "amd"'), "vllm.toml")
    assert edited.version != base.version
    assert prompt_version(edited) == prompt_version(base)
    renamed = replace(base, topics=(replace(base.topics[0], aliases=("radeon",)), *base.topics[1:]))
    assert prompt_version(renamed) != prompt_version(base)


def test_vllm_terms_load_with_known_topics():
    """The shipped vLLM taxonomy names hardware, kernels, formats, features and model families."""
    terms = load_taxonomy("vllm").terms
    kinds = {t.kind for t in terms}
    assert {"hardware", "kernel", "quant", "feature", "model"} <= kinds
    assert all(set(t.topics) <= VLLM_KEYS for t in terms)
    assert load_taxonomy("vllm").term("nvfp4").topics == ("quantization", "nvidia")


def test_term_with_unknown_topic_names_the_term(tmp_path):
    """A term implying a topic the file does not declare is reported with its index and key."""
    text = GOOD_TOPIC + '[[terms]]\nkey = "x1"\ntopics = ["zzz"]\n'
    with pytest.raises(TaxonomyError, match=r"terms\[0\] \(x1\): implies unknown topic\(s\) zzz"):
        load_taxonomy(write(tmp_path, text))


def test_term_with_bad_kind_or_field_is_refused(tmp_path):
    """A misspelt term field or an unknown kind stops the load with one line naming it."""
    with pytest.raises(TaxonomyError, match=r"\(x1\): unknown field\(s\) spelings"):
        load_taxonomy(write(tmp_path, GOOD_TOPIC + '[[terms]]\nkey = "x1"\nspelings = ["y"]\n'))
    with pytest.raises(TaxonomyError, match=r"\(x1\): kind must be one of"):
        load_taxonomy(write(tmp_path, GOOD_TOPIC + '[[terms]]\nkey = "x1"\nkind = "gizmo"\n'))
    with pytest.raises(TaxonomyError, match="duplicate term key"):
        load_taxonomy(write(tmp_path, GOOD_TOPIC + '[[terms]]\nkey = "x1"\n' * 2))


def test_a_terms_family_must_be_another_term(tmp_path):
    """`within` names the family a part is asked as when no PR names the part: another term of the
    file; a typo or the term itself stops the load with one line naming both."""
    two = GOOD_TOPIC + '[[terms]]\nkey = "h1"\nwithin = "fam"\n[[terms]]\nkey = "fam"\n'
    assert load_taxonomy(write(tmp_path, two)).term("h1").within == "fam"
    for within in ("famm", "h1"):
        bad = GOOD_TOPIC + f'[[terms]]\nkey = "h1"\nwithin = "{within}"\n[[terms]]\nkey = "fam"\n'
        with pytest.raises(TaxonomyError, match=rf"term h1: within must name another term, not '{within}'"):
            load_taxonomy(write(tmp_path, bad))
    families = {t.key: t.within for t in load_taxonomy("vllm").terms if t.within}
    assert families["h100"] == "hopper" and families["b200"] == "sm100", families
