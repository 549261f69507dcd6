"""The table room: games against the computer, the statistics page and replays.

It builds on ``cribkit.web.site`` and the engine; it never imports another room.
"""
