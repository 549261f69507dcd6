"""Budgets for the costly requests: per player (identity cookie) and per client address.

A route the app lists (``Rule``) draws on one bucket (``RATE_BUCKETS``: creating tables,
joining by invite code, moves, replays and reviews, socket opens). Each request spends one
unit of the player's budget and one of its address's, in a sliding window of the ``limits``
library; when either is spent the request is refused *before the route runs* (so nothing
changes) with 429, a ``Retry-After`` header and the project's error shape (the ``ApiError``
under ``/api``, the error page for a form), and a WebSocket is accepted and closed at once
with ``CLOSE_RATE_LIMITED`` after one error frame saying when to come back.

A rule may count only misses (``misses_only``): joining by an invite code or looking it up
is free while the code exists, and each 404 spends the bucket (checked before, spent
after), so guessing codes runs dry at once while a friend's page that polls its own table
never does.

The counts live in Redis when ``CRIBKIT_REDIS_URL`` is set (shared by every process, so the
budget is per player, not per process), else in this process's memory. Redis is asked on the
event loop (``limits.aio``, redis-py's asyncio client: no worker thread per request) with a
short timeout; when it does not answer, requests pass (a limiter must not take the site down
with it) and Redis is not asked again for ``REDIS_BACKOFF_SECONDS``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import anyio
from limits import RateLimitItem, parse_many
from limits.aio.storage import RedisStorage as AsyncRedisStorage
from limits.aio.strategies import SlidingWindowCounterRateLimiter as AsyncWindowLimiter
from limits.storage import MemoryStorage
from limits.strategies import SlidingWindowCounterRateLimiter
from starlette.requests import HTTPConnection, Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from cribkit.web.site.errors import refusal
from cribkit.web.site.i18n import N_, translator
from cribkit.web.site.players_identity import player_id_of
from cribkit.web.site.settings import RATE_BUCKETS, Settings

__all__ = [
    "CLOSE_RATE_LIMITED",
    "RATE_LIMITED_MESSAGE",
    "REDIS_BACKOFF_SECONDS",
    "REDIS_TIMEOUT_SECONDS",
    "RateLimited",
    "RateLimits",
    "Rule",
    "client_address",
]

CLOSE_RATE_LIMITED = 4429
"""The WebSocket close code of a refused open (4000 + HTTP's 429)."""
RATE_LIMITED_MESSAGE = N_(
    "Too many requests of this kind from you: nothing was changed. "
    "Try again in %(seconds)d seconds."
)
REDIS_TIMEOUT_SECONDS = 0.25
"""How long a count waits on Redis before the request passes uncounted."""
REDIS_BACKOFF_SECONDS = 5.0
"""After Redis failed to answer, requests pass uncounted this long before it is asked again."""
SWEEP_SECONDS = 1.0
"""How often the in-memory counts drop their expired keys (reads ignore them anyway)."""
_log = logging.getLogger(__name__)

_Charge = tuple[RateLimitItem, str, str]
"""One budget to charge: the limit, its key (``moves.player``) and whose it is."""


class _InlineMemoryStorage(MemoryStorage):
    """The library's memory storage, without a timer thread per count.

    ``MemoryStorage`` starts a ``threading.Timer`` to drop expired keys after nearly every
    count: at a friend move's rate that was a thread started per request (in the profile,
    a tenth of a move's CPU). Here the count that finds the last sweep a second old drops
    them itself; a read never sees an expired count either way (``get`` checks expiry).
    """

    _next_sweep = 0.0

    def _MemoryStorage__schedule_expiry(self) -> None:  # the base class's private hook
        now = time.monotonic()
        if now >= self._next_sweep:
            self._next_sweep = now + SWEEP_SECONDS
            getattr(self, "_MemoryStorage__expire_events")()  # noqa: B009  (name-mangled)


@dataclass(frozen=True, slots=True)
class Rule:
    """Requests of ``method`` (``"WS"`` for a socket) to a path matching ``pattern`` draw
    on ``bucket``; with ``misses_only`` only those answered 404 spend it."""

    bucket: str
    method: str
    pattern: str
    misses_only: bool = False

    def matches(self, method: str, path: str) -> bool:
        return method == self.method and re.fullmatch(self.pattern, path) is not None


class _Counter(Protocol):
    """What a budget is counted with: ``limits``' sliding window, awaited."""

    async def hit(self, item: RateLimitItem, *identifiers: str) -> bool: ...
    async def test(self, item: RateLimitItem, *identifiers: str) -> bool: ...
    async def reset_at(self, item: RateLimitItem, *identifiers: str) -> float: ...


class _MemoryCounter:
    """This process's counts: the library's synchronous window in memory, microseconds a
    count, so awaited without leaving the loop."""

    def __init__(self) -> None:
        self._limiter = SlidingWindowCounterRateLimiter(_InlineMemoryStorage())

    async def hit(self, item: RateLimitItem, *identifiers: str) -> bool:
        return self._limiter.hit(item, *identifiers)

    async def test(self, item: RateLimitItem, *identifiers: str) -> bool:
        return self._limiter.test(item, *identifiers)

    async def reset_at(self, item: RateLimitItem, *identifiers: str) -> float:
        return self._limiter.get_window_stats(item, *identifiers).reset_time


class _RedisCounter:
    """Counts shared through Redis, asked with redis-py's asyncio client on the loop it was
    made on (an asyncio connection belongs to one loop)."""

    def __init__(self, url: str, prefix: str) -> None:
        storage = AsyncRedisStorage(
            f"async+{url}",
            implementation="redispy",
            key_prefix=prefix,
            socket_timeout=REDIS_TIMEOUT_SECONDS,
            socket_connect_timeout=REDIS_TIMEOUT_SECONDS,
        )
        self._limiter = AsyncWindowLimiter(storage)
        self.loop = asyncio.get_running_loop()

    async def hit(self, item: RateLimitItem, *identifiers: str) -> bool:
        return await self._limiter.hit(item, *identifiers)

    async def test(self, item: RateLimitItem, *identifiers: str) -> bool:
        return await self._limiter.test(item, *identifiers)

    async def reset_at(self, item: RateLimitItem, *identifiers: str) -> float:
        return (await self._limiter.get_window_stats(item, *identifiers)).reset_time


class RateLimits:
    """The budgets of one app (from its settings) and the counts behind them."""

    def __init__(self, settings: Settings) -> None:
        self.budgets: dict[str, list[RateLimitItem]] = {}
        for key, spec in settings.rate_limits:
            bucket, _, who = key.partition(".")
            if bucket not in RATE_BUCKETS or who not in ("player", "address"):
                raise ValueError(f"unknown rate limit {key!r}")
            if spec != "off":
                self.budgets[key] = parse_many(spec)
        self.redis_url = settings.redis_url
        self.prefix = f"{settings.live_prefix}_rate"
        self._memory: _MemoryCounter | None = None
        self._redis: _RedisCounter | None = None
        self._redis_down_until = 0.0

    @property
    def kind(self) -> str:
        """Where the counts live: ``"redis"`` or ``"memory"``."""
        return "redis" if self.redis_url else "memory"

    def counter(self) -> _Counter:
        """Where the counts are kept, made on first use (nothing is built with the app)."""
        if not self.redis_url:
            if self._memory is None:
                self._memory = _MemoryCounter()
            return self._memory
        if self._redis is None or self._redis.loop is not asyncio.get_running_loop():
            self._redis = _RedisCounter(self.redis_url, self.prefix)
        return self._redis

    def _charges(self, bucket: str, player: str | None, address: str | None) -> list[_Charge]:
        """The address's budgets, then the player's (none without a valid cookie)."""
        charges: list[_Charge] = []
        for who, name in (("address", address), ("player", player)):
            key = f"{bucket}.{who}"
            if name is not None:
                charges.extend((item, key, name) for item in self.budgets.get(key, ()))
        return charges

    async def _spend(self, charges: Sequence[_Charge], *, spend: bool) -> float:
        """Seconds until the first exhausted budget of ``charges`` has room again; 0 when
        every one has room (each then charged one unit, when ``spend``). A refused request
        charges nothing past the budget that refused it."""
        counter = self.counter()
        for item, key, name in charges:
            allowed = await (counter.hit if spend else counter.test)(item, key, name)
            if not allowed:
                return max(await counter.reset_at(item, key, name) - time.time(), 1.0)
        return 0.0

    async def _run(self, items: Sequence[_Charge], *, spend: bool) -> float:
        if not items:
            return 0.0
        if not self.redis_url:
            return await self._spend(items, spend=spend)
        if time.monotonic() < self._redis_down_until:
            return 0.0
        try:
            with anyio.fail_after(REDIS_TIMEOUT_SECONDS * 4):
                return await self._spend(items, spend=spend)
        except Exception as exc:  # Redis away or slow: pass uncounted, ask again later
            self._redis_down_until = time.monotonic() + REDIS_BACKOFF_SECONDS
            _log.warning("rate limits: Redis did not answer (%s); requests pass uncounted", exc)
            return 0.0

    async def spend(self, bucket: str, player: str | None, address: str | None) -> float:
        """Charge one request to ``bucket``; the seconds to wait when it is refused, else 0."""
        return await self._run(self._charges(bucket, player, address), spend=True)

    async def room_left(self, bucket: str, player: str | None, address: str | None) -> float:
        """Like :meth:`spend` without charging: 0 when both budgets have room."""
        return await self._run(self._charges(bucket, player, address), spend=False)


def client_address(scope: Scope) -> str | None:
    """The client's address as the server saw it (the proxy's, unless uvicorn trusts it)."""
    client = scope.get("client")
    return str(client[0]) if client else None


class RateLimited:
    """Pure ASGI middleware: the first ``Rule`` a request matches charges its budgets."""

    def __init__(self, app: ASGIApp, limits: RateLimits, rules: Sequence[Rule]) -> None:
        self.app = app
        self.limits = limits
        self.rules = tuple(rules)

    def _rule(self, scope: Scope) -> Rule | None:
        if scope["type"] == "websocket":
            method = "WS"
        elif scope["type"] == "http":
            method = scope.get("method", "GET")
            method = "GET" if method == "HEAD" else method
        else:
            return None
        path = scope.get("path", "")
        return next((rule for rule in self.rules if rule.matches(method, path)), None)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        rule = self._rule(scope)
        if rule is None:
            await self.app(scope, receive, send)
            return
        player = player_id_of(HTTPConnection(scope))
        address = client_address(scope)
        if rule.misses_only:
            wait = await self.limits.room_left(rule.bucket, player, address)
        else:
            wait = await self.limits.spend(rule.bucket, player, address)
        if wait:
            await self._refuse(scope, receive, send, math.ceil(wait))
            return
        if not rule.misses_only:
            await self.app(scope, receive, send)
            return
        status = 0

        async def watch(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
            await send(message)

        await self.app(scope, receive, watch)
        if status == 404:
            await self.limits.spend(rule.bucket, player, address)

    @staticmethod
    async def _refuse(scope: Scope, receive: Receive, send: Send, seconds: int) -> None:
        params = {"seconds": seconds}
        if scope["type"] == "websocket":
            message = await receive()
            if message["type"] != "websocket.connect":
                return
            detail = translator(HTTPConnection(scope)).gettext(RATE_LIMITED_MESSAGE) % params
            frame = {"type": "error", "code": "rate_limited", "detail": detail}
            await send({"type": "websocket.accept"})
            text = json.dumps({**frame, "retry_after": seconds})
            await send({"type": "websocket.send", "text": text})
            await send(
                {"type": "websocket.close", "code": CLOSE_RATE_LIMITED, "reason": "rate limited"}
            )
            return
        headers = {"Retry-After": str(seconds)}
        response = refusal(
            Request(scope),
            429,
            RATE_LIMITED_MESSAGE,
            code="rate_limited",
            params=params,
            headers=headers,
        )
        await response(scope, receive, send)
