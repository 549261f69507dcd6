"""Settings read from the environment once, when the app is built (never at import)."""

from __future__ import annotations

import logging
import os
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache

__all__ = ["DEFAULT_DATABASE_URL", "Settings"]

DEFAULT_DATABASE_URL = "sqlite:///./cribkit.sqlite3"
_TRUE = frozenset({"1", "true", "yes", "on"})
_log = logging.getLogger(__name__)


@cache
def _process_secret_key() -> str:
    """One random key per process, so every app built in it signs cookies alike."""
    _log.warning(
        "CRIBKIT_SECRET_KEY is not set: using a random key for this process; "
        "signed cookies (player identities) will not survive a restart"
    )
    return secrets.token_urlsafe(32)


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the web app needs from its environment, as one immutable value."""

    database_url: str = DEFAULT_DATABASE_URL
    secret_key: str = field(default="", repr=False)
    testing: bool = False
    redis_url: str = ""
    """Redis for the live fan-out between processes (else the database's own channel)."""
    live_prefix: str = "cribkit"
    """Prefix of the live channel's name, so apps sharing a server can keep apart."""

    def __post_init__(self) -> None:
        if not self.secret_key:
            object.__setattr__(self, "secret_key", _process_secret_key())

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Settings:
        """Read ``CRIBKIT_DATABASE_URL``, ``CRIBKIT_SECRET_KEY``, ``CRIBKIT_TESTING``,
        ``CRIBKIT_REDIS_URL`` and ``CRIBKIT_LIVE_PREFIX``."""
        env = os.environ if environ is None else environ
        return cls(
            database_url=env.get("CRIBKIT_DATABASE_URL") or DEFAULT_DATABASE_URL,
            secret_key=env.get("CRIBKIT_SECRET_KEY", ""),
            testing=env.get("CRIBKIT_TESTING", "").strip().lower() in _TRUE,
            redis_url=env.get("CRIBKIT_REDIS_URL", "").strip(),
            live_prefix=env.get("CRIBKIT_LIVE_PREFIX", "").strip() or "cribkit",
        )
