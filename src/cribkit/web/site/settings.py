"""Settings read from the environment once, when the app is built (never at import).

Every setting, its environment variable and its default:

- ``CRIBKIT_DATABASE_URL``: the SQLAlchemy URL (default a SQLite file ``./cribkit.sqlite3``).
- ``CRIBKIT_SECRET_KEY``: the key that signs cookies (default: one kept in the database by
  ``cribkit serve``, else a random one per process).
- ``CRIBKIT_TESTING``: ``1`` on a test server (seeded games).
- ``CRIBKIT_REDIS_URL``: Redis for the live fan-out between processes (default: none, the
  database's own channel); ``CRIBKIT_LIVE_PREFIX``: its channel's prefix (``cribkit``).
- ``CRIBKIT_PUBLIC_URL``: the address people reach the app at (``https://crib.example``),
  used for invite links and their QR codes; default: the request's own address, whose Host
  is one of the allowed hosts.
- ``CRIBKIT_ALLOWED_HOSTS``: comma-separated host names a request may name in its Host
  header (``*`` for any); default ``localhost``, ``127.0.0.1`` and the public URL's host.
  Anything else is refused with 400, so a crafted Host never reaches a page or a link.
  Behind a proxy, list the names it forwards, and start ``cribkit serve
  --forwarded-allow-ips`` with the proxy's address so the client's scheme is believed.
- ``CRIBKIT_GAME_CACHE``: games kept in memory per process, each as its rebuilt game and
  its stored row (default 1024 entries; a game is some tens of KB), least recently used
  first out; the same setting bounds the players whose preferences a process holds (twice
  as many) and the games whose seats' presence it holds (four times as many).
- ``CRIBKIT_PRESENCE_TTL``: seconds after which the seats of a process that stopped
  vouching for them (it died) show as away (default 20; each process refreshes its own
  rows and sweeps the dead ones' four times as often).
- ``CRIBKIT_SHOW_TIMEOUT``: seconds a player who has read the whole show waits for the
  other at a table between two people before either may move on to the next deal
  (default 60).
- ``CRIBKIT_RATE_<BUCKET>_PLAYER`` and ``CRIBKIT_RATE_<BUCKET>_ADDRESS``: how often one
  player (identity cookie) and one client address may do one kind of costly thing, in the
  ``limits`` library's notation (``120/minute``, several joined by ``;``), or ``off``. The
  buckets are ``CREATE`` (new tables), ``JOIN`` (invite codes that miss, joined or looked
  up: code guessing), ``MOVES``, ``RECORDS`` (replays and reviews), ``SOCKETS`` (WebSocket
  opens) and ``CHAT`` (lines said and mutes at a table between two people); the defaults
  (``RATE_DEFAULTS``) are far above what a person does.
- ``CRIBKIT_RECORD_WORKERS``: replays and reviews of records run at once per process, each
  in a worker thread off the event loop (default 2); four times as many may wait, and more
  are refused with 503 and ``Retry-After``.
- ``CRIBKIT_DB_POOL``: connections one process may open to PostgreSQL (default 30, a third
  of them kept open); every process of every host counts against the server's
  ``max_connections`` (100 by default), so four processes want 25 or fewer.
- ``CRIBKIT_MALLOC_ARENAS``: glibc malloc arenas per process (default 2; 0 keeps glibc's
  own, eight per core): the worker threads' arenas were most of a server's memory
  (``malloc_arenas``). ``MALLOC_ARENA_MAX``, if set, wins.
- ``CRIBKIT_GC_FULL_SECONDS``: seconds between the full garbage collections of a serving
  process (default 60; ``collector``): the start-up's objects are frozen and the old
  generation is collected on this timer instead of whenever it grew by a quarter (pauses
  of a quarter second at 500 tables); 0 leaves Python's collector alone. Test servers
  (``CRIBKIT_TESTING``) leave it alone too.
- ``CRIBKIT_EXPERT_MEMO``: pegging positions the hard computer keeps solved, read by the
  engine itself (``cribkit.limits``).
"""

from __future__ import annotations

import logging
import os
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from urllib.parse import urlsplit

from limits import parse_many

from cribkit.errors import CribkitError

__all__ = ["DEFAULT_DATABASE_URL", "RATE_BUCKETS", "RATE_DEFAULTS", "Settings"]

DEFAULT_DATABASE_URL = "sqlite:///./cribkit.sqlite3"
LOCAL_HOSTS = ("localhost", "127.0.0.1")
TEST_HOST = "testserver"
"""The host of Starlette's test client, allowed on a test server."""
_TRUE = frozenset({"1", "true", "yes", "on"})
_log = logging.getLogger(__name__)

RATE_BUCKETS = ("create", "join", "moves", "records", "sockets", "chat")
"""The kinds of costly request that have a budget (``cribkit.web.site.rate_limits``)."""
RATE_DEFAULTS: tuple[tuple[str, str], ...] = (
    ("create.player", "120/minute"),
    ("create.address", "3000/minute"),
    ("join.player", "60/minute"),
    ("join.address", "600/minute"),
    ("moves.player", "3000/minute"),
    ("moves.address", "60000/minute"),
    ("records.player", "300/minute"),
    ("records.address", "1200/minute"),
    ("sockets.player", "600/minute"),
    ("sockets.address", "12000/minute"),
    ("chat.player", "20/minute"),
    ("chat.address", "600/minute"),
)
"""Budgets per ``bucket.player`` and ``bucket.address``: a person plays a move every few
seconds and opens a table every few minutes, so these only stop scripts; an address is
shared (a household, a proxy that does not forward the client's), so its budget is larger,
big enough for the crowd bench's hundreds of tables from one machine. ``join`` counts only
invite codes that do not exist, so its budgets stop guessing without touching real joins.
``chat`` is a person typing: twenty lines a minute is a fast typist, not a flood."""


@cache
def _process_secret_key() -> str:
    """One random key per process, so every app built in it signs cookies alike."""
    _log.warning(
        "CRIBKIT_SECRET_KEY is not set: using a random key for this process; "
        "signed cookies (player identities) will not survive a restart"
    )
    return secrets.token_urlsafe(32)


def _public_url(raw: str) -> str:
    """The public URL without its trailing slash; refused unless http(s) with a host."""
    text = raw.strip().rstrip("/")
    if not text:
        return ""
    parts = urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query:
        raise CribkitError(
            f"CRIBKIT_PUBLIC_URL={raw!r}: give the address people open, "
            "like https://crib.example (http or https, a host, no query)",
            code="bad_setting",
        )
    return text


def _rate(raw: str, name: str) -> str:
    """A budget in the ``limits`` notation (``"off"`` for none); anything else is refused."""
    text = raw.strip().lower()
    if text in ("off", "none"):
        return "off"
    try:
        parse_many(text)
    except ValueError:
        raise CribkitError(
            f"{name}={raw!r}: give a rate like 120/minute (several joined by ;), or off",
            code="bad_setting",
        ) from None
    return text


def _rates(env: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    """``RATE_DEFAULTS`` with each ``CRIBKIT_RATE_<BUCKET>_<WHO>`` the environment sets."""
    rates = []
    for key, default in RATE_DEFAULTS:
        name = "CRIBKIT_RATE_" + key.replace(".", "_").upper()
        raw = env.get(name, "")
        rates.append((key, _rate(raw, name) if raw.strip() else default))
    return tuple(rates)


def _whole(env: Mapping[str, str], name: str, default: int, least: int) -> int:
    """A whole-number setting of at least ``least``; anything else is refused, named."""
    raw = env.get(name, "").strip()
    if not raw:
        return default
    if not raw.isascii() or not raw.isdigit() or int(raw) < least:
        raise CribkitError(
            f"{name}={raw!r}: give a whole number, at least {least}", code="bad_setting"
        )
    return int(raw)


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
    public_url: str = ""
    """Where people reach the app (invite links, QR codes); "" for the request's own."""
    allowed_hosts: tuple[str, ...] = ()
    """Host headers accepted; () for the defaults (see ``hosts``)."""
    game_cache: int = 1024
    """Games (rebuilt, and their rows) kept in memory by this process."""
    presence_ttl: float = 20.0
    """Seconds a process's word that a seat is here lasts without a heartbeat."""
    show_timeout: int = 60
    """Seconds one friend waits for the other to read the show before either may move on."""
    record_workers: int = 2
    """Replays and reviews of records run at once by this process (the rest wait)."""
    db_pool: int = 30
    """Connections this process may open to a database server (not SQLite's file)."""
    malloc_arenas: int = 2
    """glibc malloc arenas this process may use (0: glibc's default, 8 per core)."""
    gc_full_seconds: int = 60
    """Seconds between full garbage collections while serving (0: Python's own rule)."""
    rate_limits: tuple[tuple[str, str], ...] = RATE_DEFAULTS
    """Budget per ``bucket.player`` / ``bucket.address`` (a ``limits`` string, or "off")."""

    def __post_init__(self) -> None:
        if not self.secret_key:
            object.__setattr__(self, "secret_key", _process_secret_key())
        object.__setattr__(self, "public_url", _public_url(self.public_url))

    @property
    def hosts(self) -> tuple[str, ...]:
        """The Host names requests may carry: the given list, else localhost, 127.0.0.1,
        the public URL's host (and the test client's on a test server)."""
        if self.allowed_hosts:
            return self.allowed_hosts
        public = urlsplit(self.public_url).hostname if self.public_url else None
        extra = (public,) if public else ()
        return (*LOCAL_HOSTS, *extra, *((TEST_HOST,) if self.testing else ()))

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Settings:
        """Read the ``CRIBKIT_*`` variables the module's docstring lists."""
        env = os.environ if environ is None else environ
        hosts = env.get("CRIBKIT_ALLOWED_HOSTS", "")
        return cls(
            database_url=env.get("CRIBKIT_DATABASE_URL") or DEFAULT_DATABASE_URL,
            secret_key=env.get("CRIBKIT_SECRET_KEY", ""),
            testing=env.get("CRIBKIT_TESTING", "").strip().lower() in _TRUE,
            redis_url=env.get("CRIBKIT_REDIS_URL", "").strip(),
            live_prefix=env.get("CRIBKIT_LIVE_PREFIX", "").strip() or "cribkit",
            public_url=env.get("CRIBKIT_PUBLIC_URL", ""),
            allowed_hosts=tuple(name.strip() for name in hosts.split(",") if name.strip()),
            game_cache=_whole(env, "CRIBKIT_GAME_CACHE", 1024, 1),
            presence_ttl=float(_whole(env, "CRIBKIT_PRESENCE_TTL", 20, 1)),
            show_timeout=_whole(env, "CRIBKIT_SHOW_TIMEOUT", 60, 1),
            record_workers=_whole(env, "CRIBKIT_RECORD_WORKERS", 2, 1),
            db_pool=_whole(env, "CRIBKIT_DB_POOL", 30, 1),
            malloc_arenas=_whole(env, "CRIBKIT_MALLOC_ARENAS", 2, 0),
            gc_full_seconds=_whole(env, "CRIBKIT_GC_FULL_SECONDS", 60, 0),
            rate_limits=_rates(env),
        )
