"""Errors a user may see. Each carries a one-line message that names the problem;
the CLI and the adapters print that line, never a traceback."""


class BotError(Exception):
    """Base of every error whose message is meant for a person."""


class StoreError(BotError):
    """The store refused an operation (bad URL, corrupt data)."""


class StoreUnavailable(StoreError):
    """The store cannot be reached right now (Redis down, database locked too long)."""


class LLMError(BotError):
    """The model could not answer (after retries); callers fall back to offline output."""
