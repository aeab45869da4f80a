"""The GraphQL half of the GitHub stand-in: a small parser and executor for the part of
GitHub's schema the bot reads (`repository.pullRequest(number:).files`, `rateLimit`).

It answers the way api.github.com/graphql does (docs.github.com/graphql): validation errors
come back with no `data` and an `errors` array whose entries carry `message`, `locations` and
(for GitHub's own limits) a `type`: `MISSING_PAGINATION_BOUNDARIES` for a connection without
`first`/`last`, `EXCESSIVE_PAGINATION` for `first` above 100, `MAX_NODE_LIMIT_EXCEEDED` above
500,000 nodes. Execution errors keep partial `data` (the missing object is `null`) with
`type: NOT_FOUND` and the `path` of the alias. Fragments, directives and mutations are not
part of what the bot sends, so they are reported as unsupported, never silently ignored.
"""

from __future__ import annotations

import base64
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

MAX_FIRST = 100
MAX_NODES = 500_000

_TOKEN = re.compile(
    r"""(?P<skip>[\s,\ufeff]+|\#[^\n]*)
      | (?P<spread>\.\.\.)
      | (?P<punct>[{}()\[\]:!$=@|&])
      | (?P<number>-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)
      | (?P<string>"(?:[^"\\\n]|\\.)*")
      | (?P<name>[_A-Za-z][_0-9A-Za-z]*)""",
    re.VERBOSE,
)


class GraphQLError(Exception):
    """A request-level error: the answer is `{"errors": [this]}` with no data."""

    def __init__(self, message: str, line: int = 1, column: int = 1, **extra: Any) -> None:
        super().__init__(message)
        self.entry: dict[str, Any] = {"message": message, "locations": [{"line": line, "column": column}]}
        self.entry.update(extra)


@dataclass
class Field:
    name: str
    alias: str
    args: dict[str, Any]
    selections: list[Field]
    line: int
    column: int


@dataclass
class _Var:
    name: str


@dataclass
class _Token:
    kind: str
    text: str
    line: int
    column: int


def _tokens(text: str) -> list[_Token]:
    out: list[_Token] = []
    pos, line, line_start = 0, 1, 0
    while pos < len(text):
        found = _TOKEN.match(text, pos)
        if not found:
            raise GraphQLError(
                f'Parse error on "{text[pos]}" at [{line}, {pos - line_start + 1}]',
                line,
                pos - line_start + 1,
            )
        kind = found.lastgroup or "skip"
        chunk = found.group()
        if kind != "skip":
            out.append(_Token(kind, chunk, line, pos - line_start + 1))
        newlines = chunk.count("\n")
        if newlines:
            line += newlines
            line_start = pos + chunk.rindex("\n") + 1
        pos = found.end()
    return out


class _Parser:
    def __init__(self, text: str) -> None:
        self.tokens = _tokens(text)
        self.i = 0

    def peek(self) -> _Token | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def take(self, text: str | None = None, kind: str | None = None) -> _Token:
        token = self.peek()
        if token is None:
            raise GraphQLError("Parse error on end of query: unexpected end of document")
        if (text is not None and token.text != text) or (kind is not None and token.kind != kind):
            raise GraphQLError(
                f'Parse error on "{token.text}" ({token.kind.upper()}) at [{token.line}, {token.column}]',
                token.line,
                token.column,
            )
        self.i += 1
        return token

    def document(self) -> tuple[dict[str, Any], list[Field]]:
        token = self.peek()
        if token is None:
            raise GraphQLError("Parse error on end of query: the document is empty")
        definitions: dict[str, Any] = {}
        if token.text == "{":
            selections = self.selection_set()
        else:
            keyword = self.take(kind="name")
            if keyword.text != "query":
                raise GraphQLError(
                    f"this stand-in answers queries only, not {keyword.text}", keyword.line, keyword.column
                )
            if self.peek() and self.peek().kind == "name":  # type: ignore[union-attr]
                self.take()
            if self.peek() and self.peek().text == "(":  # type: ignore[union-attr]
                definitions = self.variable_definitions()
            selections = self.selection_set()
        extra = self.peek()
        if extra is not None:
            raise GraphQLError("this stand-in answers one operation per document", extra.line, extra.column)
        return definitions, selections

    def variable_definitions(self) -> dict[str, Any]:
        self.take("(")
        out: dict[str, Any] = {}
        while self.peek() and self.peek().text != ")":  # type: ignore[union-attr]
            self.take("$")
            name = self.take(kind="name").text
            self.take(":")
            type_text = self.type_ref()
            default = None
            if self.peek() and self.peek().text == "=":  # type: ignore[union-attr]
                self.take("=")
                default = self.value()
            out[name] = (type_text, default)
        self.take(")")
        return out

    def type_ref(self) -> str:
        if self.peek() and self.peek().text == "[":  # type: ignore[union-attr]
            self.take("[")
            inner = self.type_ref()
            self.take("]")
            text = f"[{inner}]"
        else:
            text = self.take(kind="name").text
        if self.peek() and self.peek().text == "!":  # type: ignore[union-attr]
            self.take("!")
            text += "!"
        return text

    def selection_set(self) -> list[Field]:
        self.take("{")
        fields: list[Field] = []
        while self.peek() and self.peek().text != "}":  # type: ignore[union-attr]
            token = self.peek()
            assert token is not None
            if token.kind == "spread":
                raise GraphQLError("this stand-in does not support fragments", token.line, token.column)
            if token.text == "@":
                raise GraphQLError("this stand-in does not support directives", token.line, token.column)
            first = self.take(kind="name")
            alias = name = first.text
            if self.peek() and self.peek().text == ":":  # type: ignore[union-attr]
                self.take(":")
                name = self.take(kind="name").text
            args: dict[str, Any] = {}
            if self.peek() and self.peek().text == "(":  # type: ignore[union-attr]
                self.take("(")
                while self.peek() and self.peek().text != ")":  # type: ignore[union-attr]
                    key = self.take(kind="name").text
                    self.take(":")
                    args[key] = self.value()
                self.take(")")
            sub: list[Field] = []
            if self.peek() and self.peek().text == "{":  # type: ignore[union-attr]
                sub = self.selection_set()
            fields.append(Field(name, alias, args, sub, first.line, first.column))
        self.take("}")
        if not fields:
            raise GraphQLError("Parse error: a selection set must not be empty")
        return fields

    def value(self) -> Any:
        token = self.take()
        if token.text == "$":
            return _Var(self.take(kind="name").text)
        if token.kind == "number":
            return float(token.text) if re.search(r"[.eE]", token.text) else int(token.text)
        if token.kind == "string":
            import json

            return json.loads(token.text)
        if token.kind == "name":
            return {"true": True, "false": False, "null": None}.get(token.text, token.text)
        if token.text == "[":
            items = []
            while self.peek() and self.peek().text != "]":  # type: ignore[union-attr]
                items.append(self.value())
            self.take("]")
            return items
        if token.text == "{":
            obj = {}
            while self.peek() and self.peek().text != "}":  # type: ignore[union-attr]
                key = self.take(kind="name").text
                self.take(":")
                obj[key] = self.value()
            self.take("}")
            return obj
        raise GraphQLError(
            f'Parse error on "{token.text}" ({token.kind.upper()}) at [{token.line}, {token.column}]',
            token.line,
            token.column,
        )


# -- the schema the stand-in knows ----------------------------------------------------------------
# type name -> field name -> (result type, is_connection, required args)
SCHEMA: dict[str, dict[str, tuple[str, bool, tuple[str, ...]]]] = {
    "Query": {
        "repository": ("Repository", False, ("owner", "name")),
        "rateLimit": ("RateLimit", False, ()),
    },
    "Repository": {
        "pullRequest": ("PullRequest", False, ("number",)),
        "nameWithOwner": ("String", False, ()),
        "name": ("String", False, ()),
    },
    "PullRequest": {
        "number": ("Int", False, ()),
        "title": ("String", False, ()),
        "updatedAt": ("DateTime", False, ()),
        "changedFiles": ("Int", False, ()),
        "files": ("PullRequestChangedFileConnection", True, ()),
    },
    "PullRequestChangedFileConnection": {
        "totalCount": ("Int", False, ()),
        "pageInfo": ("PageInfo", False, ()),
        "nodes": ("PullRequestChangedFile", False, ()),
        "edges": ("PullRequestChangedFileEdge", False, ()),
    },
    "PullRequestChangedFileEdge": {
        "cursor": ("String", False, ()),
        "node": ("PullRequestChangedFile", False, ()),
    },
    "PullRequestChangedFile": {
        "path": ("String", False, ()),
        "additions": ("Int", False, ()),
        "deletions": ("Int", False, ()),
        "changeType": ("PatchStatus", False, ()),
    },
    "PageInfo": {
        "hasNextPage": ("Boolean", False, ()),
        "hasPreviousPage": ("Boolean", False, ()),
        "startCursor": ("String", False, ()),
        "endCursor": ("String", False, ()),
    },
    "RateLimit": {
        "cost": ("Int", False, ()),
        "limit": ("Int", False, ()),
        "remaining": ("Int", False, ()),
        "used": ("Int", False, ()),
        "resetAt": ("DateTime", False, ()),
        "nodeCount": ("Int", False, ()),
    },
}
SCALARS = {"String", "Int", "Boolean", "DateTime", "PatchStatus"}


@dataclass
class Plan:
    """A validated query: its fields with variables substituted, node count and point cost."""

    fields: list[Field]
    nodes: int = 0
    requests: int = 0  # connections to fetch, GitHub's basis for the point cost
    errors: list[dict[str, Any]] = field(default_factory=list)

    @property
    def cost(self) -> int:
        return max(1, math.ceil(self.requests / 100))


def parse(query: Any, variables: Any) -> Plan:
    """Parse and validate a query against the schema; raises GraphQLError (no data)."""
    if not isinstance(query, str) or not query.strip():
        raise GraphQLError("A query attribute must be specified and must be a string.")
    if variables is None:
        variables = {}
    if not isinstance(variables, dict):
        raise GraphQLError("Variables are invalid JSON.")
    definitions, fields = _Parser(query).document()
    values: dict[str, Any] = {}
    for name, (type_text, default) in definitions.items():
        if name in variables:
            values[name] = variables[name]
        elif default is not None:
            values[name] = default
        elif type_text.endswith("!"):
            raise GraphQLError(f"Variable ${name} of type {type_text} was provided invalid value")
    plan = Plan(_bind(fields, values, definitions))
    _validate(plan, plan.fields, "Query", 1)
    if plan.nodes > MAX_NODES:
        raise GraphQLError(
            f"This query requests up to {plan.nodes:,} possible nodes which exceeds the maximum limit of "
            f"{MAX_NODES:,}.",
            type="MAX_NODE_LIMIT_EXCEEDED",
        )
    return plan


def _bind(fields: list[Field], values: dict[str, Any], definitions: dict[str, Any]) -> list[Field]:
    out = []
    for f in fields:
        args = {}
        for key, value in f.args.items():
            if isinstance(value, _Var):
                if value.name not in definitions:
                    raise GraphQLError(
                        f"Variable ${value.name} is used by anonymous query but not declared",
                        f.line,
                        f.column,
                    )
                value = values.get(value.name)
            args[key] = value
        out.append(Field(f.name, f.alias, args, _bind(f.selections, values, definitions), f.line, f.column))
    return out


def _validate(plan: Plan, fields: list[Field], type_name: str, multiplier: int) -> None:
    known = SCHEMA[type_name]
    for f in fields:
        if f.name == "__typename":
            continue
        spec = known.get(f.name)
        if spec is None:
            raise GraphQLError(
                f"Field '{f.name}' doesn't exist on type '{type_name}'",
                f.line,
                f.column,
                path=["query", f.alias],
                extensions={"code": "undefinedField", "typeName": type_name, "fieldName": f.name},
            )
        result, connection, required = spec
        for arg in required:
            if f.args.get(arg) is None:
                raise GraphQLError(
                    f"Field '{f.name}' is missing required arguments: {arg}",
                    f.line,
                    f.column,
                    extensions={"code": "missingRequiredArguments", "arguments": arg},
                )
        if result in SCALARS:
            if f.selections:
                raise GraphQLError(
                    f"Selections can't be made on scalars (field '{f.name}' returns {result} but has "
                    "selections [...])",
                    f.line,
                    f.column,
                )
            continue
        if not f.selections:
            raise GraphQLError(
                f"Field must have selections (field '{f.name}' returns {result} but has no selections. "
                f"Did you mean '{f.name} {{ ... }}'?)",
                f.line,
                f.column,
            )
        inner = multiplier
        if connection:
            first, last = f.args.get("first"), f.args.get("last")
            if first is None and last is None:
                raise GraphQLError(
                    f"You must provide a `first` or `last` value to properly paginate the `{f.name}` connection.",
                    f.line,
                    f.column,
                    type="MISSING_PAGINATION_BOUNDARIES",
                    path=[f.alias],
                )
            for arg_name, amount in (("first", first), ("last", last)):
                if amount is None:
                    continue
                if not isinstance(amount, int) or amount < 0:
                    raise GraphQLError(
                        f"Argument '{arg_name}' on Field '{f.name}' has an invalid value", f.line, f.column
                    )
                if amount > MAX_FIRST:
                    raise GraphQLError(
                        f"Requesting {amount} records on the `{f.name}` connection exceeds the `{arg_name}` limit of "
                        f"{MAX_FIRST} records.",
                        f.line,
                        f.column,
                        type="EXCESSIVE_PAGINATION",
                        path=[f.alias],
                    )
            inner = multiplier * int(first if first is not None else last)
            plan.nodes += inner
            plan.requests += multiplier
        _validate(plan, f.selections, result, inner)


def encode_cursor(index: int) -> str:
    return base64.b64encode(f"cursor:v2:{index}".encode()).decode()


def decode_cursor(cursor: Any) -> int | None:
    if cursor is None:
        return 0
    try:
        text = base64.b64decode(str(cursor), validate=True).decode()
    except (ValueError, UnicodeDecodeError):
        return None
    found = re.fullmatch(r"cursor:v2:(\d+)", text)
    return int(found.group(1)) + 1 if found else None


Resolver = Callable[[Field, list[Any]], Any]


def execute(plan: Plan, root: dict[str, Resolver]) -> dict[str, Any]:
    """Run a validated plan: `root` resolves the top-level fields; objects are dicts whose
    values are plain data or callables taking (field, path) for fields with arguments."""
    data: dict[str, Any] = {}
    for f in plan.fields:
        data[f.alias] = _resolve(plan, root[f.name](f, [f.alias]) if f.name in root else None, f, [f.alias])
    return data


def _resolve(plan: Plan, value: Any, f: Field, path: list[Any]) -> Any:
    if value is None or not f.selections:
        return value
    if isinstance(value, list):
        return [_resolve(plan, item, f, [*path, i]) for i, item in enumerate(value)]
    out: dict[str, Any] = {}
    for sub in f.selections:
        raw = value.get(sub.name)
        if callable(raw):
            raw = raw(sub, [*path, sub.alias])
        out[sub.alias] = _resolve(plan, raw, sub, [*path, sub.alias])
    return out
