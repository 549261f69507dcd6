"""The table room: games against the computer and between two people, reviews, replays, stats.

It builds on ``cribkit.web.site`` and the engine; it never imports another room. Its
templates and static files sit here (``templates/``, ``static/``); the Python lives in
sub-packages by feature:

- ``games``: the stored game service (cache, computer replies, rows, pacing), the games
  JSON API, the history, and the table page (``/``);
- ``friends``: tables between two people (invites, seats, rematch), their API and pages,
  and the public view;
- ``live``: channels, sockets and presence (a stored change told to every watcher);
- ``review``, ``replay``, ``stats``: finished games read back;
- ``nojs``: the table's moves as plain forms;
- ``common``: the pegboard and record uploads, shared by several features.
"""
