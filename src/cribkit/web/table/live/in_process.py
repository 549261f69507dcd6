"""The single-process channel: news goes straight to this process's watchers.

Right for the default SQLite database served by one process (``make serve``): nothing
else to run. With several processes use PostgreSQL or Redis (see ``choose_channel``).
"""

from __future__ import annotations

from cribkit.web.table.live.channel import Channel

__all__ = ["InProcessChannel"]


class InProcessChannel(Channel):
    kind = "in-process"

    def publish(self, game_id: str, version: int, row: str = "") -> None:
        self.hub.deliver(game_id, version)  # the row is this process's own: nothing to carry
