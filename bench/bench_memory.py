"""One server process's memory after many games against the hard computer (the expert).

The games go through the web table's own ``GameService`` on a scratch SQLite file, so the
game cache and the expert's memos grow as they would in ``cribkit serve``; the person's
seat is played by the greedy strategy. The figure is the process's resident set size
(``VmRSS``) after the games: the caches are bounded by ``CRIBKIT_EXPERT_MEMO`` and
``CRIBKIT_GAME_CACHE`` (see ``cribkit.limits``), so it should level off, not keep growing.
``CRIBKIT_BENCH_HARD_GAMES`` sets how many games (default 100; the issue's figure is 1,000).
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

from bench import Report
from cribkit.players import make_strategy
from cribkit.web.site.db import Database
from cribkit.web.table.games.computer import computer_replies
from cribkit.web.table.games.loaded import HUMAN
from cribkit.web.table.games.service import GameService

LEVEL = "expert"
GAMES = 100
MILESTONES = (10, 100, 300, 650)
"""Game counts after which the RSS is printed too (the issue's figures: 100 and 650)."""


def rss_mb(pid: int | str = "self") -> float:
    """Resident set size of a process in MB, from ``/proc/PID/status``."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for process {pid}")


def _play_one(service: GameService, seed: int) -> None:
    """One whole game: the greedy person against the hard computer, stored move by move."""
    person = make_strategy("greedy", seed=seed)
    loaded = service.create("bench-player", LEVEL, seed=seed)
    game, version = loaded.game, loaded.version
    while not game.is_over:
        game.apply(person.choose(game.view(HUMAN)))
        computer_replies(game, LEVEL)
        if not service.store(loaded.id, game, version, 1):
            raise RuntimeError("the bench's own game moved under it")
        version += 1
        game = service.load("bench-player", loaded.id).game


def run(report: Report) -> None:
    games = int(os.environ.get("CRIBKIT_BENCH_HARD_GAMES", GAMES))
    with tempfile.TemporaryDirectory() as folder:
        database = Database(f"sqlite:///{folder}/bench.sqlite3")
        database.migrate()
        service = GameService(database, testing=True)
        before = rss_mb()
        started = time.perf_counter()
        for seed in range(games):
            _play_one(service, seed)
            if seed + 1 in MILESTONES and seed + 1 < games:
                report.figure(f"RSS after {seed + 1} hard games", rss_mb(), "MB")
        seconds = time.perf_counter() - started
        database.dispose()
    report.figure(f"RSS after {games} hard games", rss_mb(), "MB", note=f"{before:.0f} MB before")
    report.timing("one hard game (greedy person, stored)", seconds / games)
