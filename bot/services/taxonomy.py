"""Load and validate a repository's topic taxonomy from TOML (shipped or a path).

`Taxonomy.version` is a hash of the file's content, so any change to it changes every cache key
of the heuristic classifier; `prompt_version` hashes only what an LLM prompt shows (keys,
names, aliases, sections), so editing heuristic evidence never re-runs the LLM.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

import tomli

from handlers.errors import BotError
from handlers.models import Section, Taxonomy, Term, Topic

EVIDENCE_KEYS = (
    "tags",
    "keywords",
    "patterns",
    "firm_patterns",
    "body_keywords",
    "labels",
    "paths",
    "only_paths",
    "implies",
    "exclude",
    "mask",
    "mask_in_identifiers",
    "yields_to",
)
_VERBATIM = (
    "paths",
    "only_paths",
    "patterns",
    "firm_patterns",
)  # case matters (globs) or is the regex's business
TOPIC_KEYS = {"key", "name", "aliases", "section", "reach", "kind", *EVIDENCE_KEYS}
TERM_KEYS = {
    "key",
    "name",
    "kind",
    "spellings",
    "topics",
    "paths",
    "evidence",
    "reach",
    "group",
    "body",
    "within",
}
REACH = ("broad", "narrow")
TERM_KINDS = ("hardware", "kernel", "library", "quant", "model", "feature", "symptom")
TOPIC_KINDS = ("hardware", "model")  # platforms and model families: alternatives in a question
SHIPPED = ("vllm", "generic")
TAXONOMIES = Path(__file__).resolve().parent / "taxonomies"  # read as files, as prompts are
_BY_REPO = {"vllm-project/vllm": "vllm"}


class TaxonomyError(BotError):
    """A taxonomy file is missing or invalid; the message names the file and the entry."""


def default_taxonomy_name(repo: str) -> str:
    return _BY_REPO.get(repo.lower(), "generic")


def load_taxonomy(spec: str, repo: str = "") -> Taxonomy:
    """`spec`: "" (pick by repo), a shipped name ("vllm", "generic") or a path to a TOML file."""
    name = spec or default_taxonomy_name(repo)
    if name in SHIPPED:
        source = f"taxonomies/{name}.toml"
        raw = (TAXONOMIES / f"{name}.toml").read_bytes()
    else:
        path = Path(name).expanduser()
        source = str(path)
        try:
            raw = path.read_bytes()
        except OSError as exc:
            raise TaxonomyError(
                f"taxonomy {source}: cannot read ({exc.strerror}); shipped ones: {', '.join(SHIPPED)}"
            ) from None
    return parse_taxonomy(raw, source)


def parse_taxonomy(raw: bytes, source: str) -> Taxonomy:
    try:
        data = tomli.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomli.TOMLDecodeError) as exc:
        raise TaxonomyError(f"taxonomy {source}: not valid TOML: {exc}") from None
    meta = data.get("taxonomy") or {}
    sections = tuple(
        Section(key=str(s["key"]), name=str(s.get("name") or s["key"]), order=int(s.get("order", i)))
        for i, s in enumerate(data.get("sections") or [])
        if isinstance(s, dict) and "key" in s
    )
    section_keys = {s.key for s in sections}
    topics: list[Topic] = []
    for index, entry in enumerate(data.get("topics") or []):
        where = f"taxonomy {source}: topics[{index}]"
        if not isinstance(entry, dict) or not entry.get("key"):
            raise TaxonomyError(f"{where}: needs a 'key'")
        unknown = set(entry) - TOPIC_KEYS
        if unknown:
            raise TaxonomyError(f"{where} ({entry['key']}): unknown field(s) {', '.join(sorted(unknown))}")
        reach = _one_of(entry, "reach", REACH, f"{where} ({entry['key']})")
        kind = _one_of(entry, "kind", TOPIC_KINDS, f"{where} ({entry['key']})")
        if entry.get("section") and entry["section"] not in section_keys:
            raise TaxonomyError(f"{where} ({entry['key']}): unknown section {entry['section']!r}")
        evidence = {}
        for key in EVIDENCE_KEYS:
            values = entry.get(key) or []
            if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
                raise TaxonomyError(f"{where} ({entry['key']}): {key} must be a list of strings")
            evidence[key] = tuple(v if key in _VERBATIM else v.lower() for v in values)
        for pattern in evidence["patterns"] + evidence["firm_patterns"]:
            try:
                re.compile(pattern)
            except re.error as exc:
                raise TaxonomyError(f"{where} ({entry['key']}): bad pattern {pattern!r}: {exc}") from None
        topics.append(
            Topic(
                key=str(entry["key"]),
                name=str(entry.get("name") or entry["key"]),
                aliases=tuple(str(a).lower() for a in entry.get("aliases") or []),
                section=entry.get("section"),
                evidence=evidence,
                reach=reach,
                kind=kind,
            )
        )
    keys = [t.key for t in topics]
    if not topics:
        raise TaxonomyError(f"taxonomy {source}: no [[topics]]")
    dupes = sorted({k for k in keys if keys.count(k) > 1})
    if dupes:
        raise TaxonomyError(f"taxonomy {source}: duplicate topic key(s) {', '.join(dupes)}")
    for topic in topics:
        for field, verb in (("implies", "implies"), ("yields_to", "yields to")):
            missing = [k for k in topic.evidence.get(field, ()) if k not in keys]
            if missing:
                raise TaxonomyError(
                    f"taxonomy {source}: topic {topic.key} {verb} unknown topic(s) {', '.join(missing)}"
                )
    terms = _parse_terms(data.get("terms") or [], source, set(keys))
    version = hashlib.sha256(raw).hexdigest()[:10]
    return Taxonomy(
        name=str(meta.get("name") or source),
        version=version,
        topics=tuple(topics),
        sections=sections,
        terms=terms,
    )


def _one_of(entry: dict, field: str, allowed: tuple[str, ...], where: str, default: str = "") -> str:
    """A field that takes one of a few words (`reach`, `kind`); left out, `default`."""
    value = entry.get(field, default)
    if value != default and value not in allowed:
        raise TaxonomyError(f"{where}: {field} must be one of {', '.join(allowed)}")
    return str(value)


def _parse_terms(entries: object, source: str, topic_keys: set[str]) -> tuple[Term, ...]:
    if not isinstance(entries, list):
        raise TaxonomyError(f"taxonomy {source}: [[terms]] must be an array of tables")
    terms: list[Term] = []
    for index, entry in enumerate(entries):
        where = f"taxonomy {source}: terms[{index}]"
        if not isinstance(entry, dict) or not isinstance(entry.get("key"), str) or not entry["key"]:
            raise TaxonomyError(f"{where}: needs a 'key'")
        where = f"{where} ({entry['key']})"
        unknown = set(entry) - TERM_KEYS
        if unknown:
            raise TaxonomyError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
        kind = _one_of(entry, "kind", TERM_KINDS, where, default="feature")
        lists = {}
        for field in ("spellings", "topics", "paths"):
            values = entry.get(field) or []
            if not isinstance(values, list) or not all(isinstance(v, str) and v for v in values):
                raise TaxonomyError(f"{where}: {field} must be a list of non-empty strings")
            lists[field] = tuple(values)
        missing = [k for k in lists["topics"] if k not in topic_keys]
        if missing:
            raise TaxonomyError(f"{where}: implies unknown topic(s) {', '.join(missing)}")
        reach = _one_of(entry, "reach", REACH, where)
        for flag in ("evidence", "group", "body"):
            if not isinstance(entry.get(flag, flag != "group"), bool):
                raise TaxonomyError(f"{where}: {flag} must be true or false")
        terms.append(
            Term(
                key=entry["key"].lower(),
                name=str(entry.get("name") or entry["key"]),
                kind=kind,
                spellings=tuple(s.lower() for s in lists["spellings"]),
                topics=lists["topics"],
                paths=lists["paths"],
                evidence=entry.get("evidence", True),
                reach=reach,
                group=entry.get("group", False),
                body=entry.get("body", True),
                within=str(entry.get("within") or "").lower(),
            )
        )
    keys = [t.key for t in terms]
    dupes = sorted({k for k in keys if keys.count(k) > 1})
    if dupes:
        raise TaxonomyError(f"taxonomy {source}: duplicate term key(s) {', '.join(dupes)}")
    for term in terms:
        if term.within and (term.within == term.key or term.within not in keys):
            raise TaxonomyError(
                f"taxonomy {source}: term {term.key}: within must name another term, not '{term.within}'"
            )
    return tuple(terms)


def prompt_version(taxonomy: Taxonomy) -> str:
    """Hash of what a prompt shows of the taxonomy: keys, names, aliases, sections."""
    shown: list[Any] = [[t.key, t.name, list(t.aliases), t.section] for t in taxonomy.topics]
    shown.append([[s.key, s.name] for s in taxonomy.sections])
    return hashlib.sha256(json.dumps(shown).encode()).hexdigest()[:10]
