"""Announcing a stored change without letting the channel decide the answer to it.

A move is committed before it is announced, so the answer to it must not wait on, or fail
with, Redis or a LISTEN connection: a channel that refuses connections, or accepts and
never answers, once answered a stored move with a 500 ("nothing was changed") after ~10 s.
Here the request only notes "game G is at version V"; one background thread publishes the
notes with the channel's short timeout, newest version per game (a burst is one message),
logs a failure instead of raising it, and hands the news to this process's own watchers
directly while the channel is down. Sockets poll meanwhile (``polling()``), and ``state()``
is what ``/health`` shows.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from cribkit.web.table.live.channel import Channel

__all__ = ["CLOSE_SECONDS", "MAX_PENDING", "Announcer", "ChannelState"]

_log = logging.getLogger(__name__)

MAX_PENDING = 10_000
"""Games whose news may wait for the channel at once; beyond it news is dropped (and
counted): the watchers poll while the channel is down, so they still catch up."""
CLOSE_SECONDS = 2.0
"""How long shutting down waits for pending news to be tried."""


@dataclass(frozen=True, slots=True)
class ChannelState:
    """The live channel as ``/health`` reports it."""

    kind: str
    up: bool
    listening: bool
    error: str
    dropped: int

    @property
    def healthy(self) -> bool:
        return self.up and self.listening


class Announcer:
    """``announce`` from any thread, returning at once; a daemon thread publishes.

    With ``inline`` (the in-process channel, which only wakes local watchers) news is
    published on the caller's thread: nothing can hang there. ``row_of(game_id, version)``
    gives the stored row's text to carry with the news ("" for none), when the channel
    carries rows.
    """

    def __init__(
        self,
        channel: Channel,
        *,
        inline: bool = False,
        row_of: Callable[[str, int], str] | None = None,
    ) -> None:
        self.channel = channel
        self.inline = inline
        self.row_of = row_of
        self._pending: dict[str, int] = {}
        self._wake = threading.Condition()
        self._thread: threading.Thread | None = None
        self._up = True
        self._error = ""
        self._dropped = 0
        self._busy = False
        self._closed = False

    def announce(self, game_id: str, version: int) -> None:
        """Note the change for publishing; never raises, never waits on the network."""
        if self.inline:
            self._publish(game_id, version)
            return
        with self._wake:
            if game_id not in self._pending and len(self._pending) >= MAX_PENDING:
                self._dropped += 1
                return
            self._pending[game_id] = max(version, self._pending.get(game_id, version))
            self._closed = False  # an app served again after its lifespan ended
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(
                    target=self._run, name="cribkit-announce", daemon=True
                )
                self._thread.start()
            self._wake.notify_all()

    def state(self) -> ChannelState:
        with self._wake:
            up, error, dropped = self._up, self._error, self._dropped
        return ChannelState(self.channel.kind, up, self.channel.listening(), error, dropped)

    def polling(self) -> bool:
        """Whether watchers should re-read on a timer (news may not reach them)."""
        return not self.state().healthy

    def flush(self, timeout: float) -> bool:
        """Wait until every noted change was tried (for tests and shutdown); True if so."""
        deadline = time.monotonic() + timeout
        with self._wake:
            while self._pending or self._busy:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return False
                self._wake.wait(remaining)
        return True

    def running(self) -> bool:
        """Whether the publishing thread is alive (it starts with the first news)."""
        thread = self._thread
        return thread is not None and thread.is_alive()

    def close(self, timeout: float = CLOSE_SECONDS) -> None:
        """Try what is pending for up to ``timeout`` seconds, then end the thread."""
        self.flush(timeout)
        with self._wake:
            self._closed = True
            self._wake.notify_all()

    def _run(self) -> None:
        while True:
            with self._wake:
                while not self._pending:
                    self._busy = False
                    self._wake.notify_all()
                    if self._closed:
                        self._thread = None
                        return
                    self._wake.wait()
                batch, self._pending = self._pending, {}
                self._busy = True
            for game_id, version in batch.items():
                self._publish(game_id, version)

    def _row(self, game_id: str, version: int) -> str:
        """The row to carry with this news, if the channel carries one that long."""
        if self.row_of is None or version < 0 or not self.channel.row_bytes:
            return ""
        row = self.row_of(game_id, version)
        return row if len(row.encode("utf-8")) <= self.channel.row_bytes else ""

    def _publish(self, game_id: str, version: int) -> None:
        try:
            self.channel.publish(game_id, version, self._row(game_id, version))
        except Exception as exc:  # the change is stored: say so in the log, never raise
            self.channel.hub.deliver(game_id, version)  # this process's watchers still hear
            self._went(up=False, error=f"{type(exc).__name__}: {exc}")
        else:
            self._went(up=True, error="")

    def _went(self, *, up: bool, error: str) -> None:
        with self._wake:
            changed, self._up, self._error = self._up != up, up, error
        if changed and not up:
            _log.warning("%s channel down, news delivered locally: %s", self.channel.kind, error)
        elif changed:
            _log.warning("%s channel back", self.channel.kind)
