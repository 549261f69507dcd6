"""Game review speed: the CPU time to price every decision of one seat in a whole game,
and the review page, its JSON and /stats (with the accuracy chart) as a reader waits.

The end banner offers the review as soon as a game ends, so the whole-game figure is the
one a player waits for. Games are greedy (seat 0, many mistakes to price) against the
expert, seeded.
"""

from __future__ import annotations

import time
from typing import Any

from bench import Report, percentile
from cribkit.analysis.review import review_game
from cribkit.game import Game
from cribkit.players import make_strategy
from cribkit.record import GameRecord

GAMES = 8


def _record(seed: int) -> GameRecord:
    game = Game(seed=7000 + seed)
    players = [make_strategy("greedy", seed=seed), make_strategy("expert", seed=seed)]
    while not game.is_over:
        player = game.state.players_to_move()[0]
        game.apply(players[player].choose(game.view(player)))
    return GameRecord.of(game)


def run(report: Report) -> None:
    seconds: list[float] = []
    decisions = 0
    for seed in range(GAMES):
        record = _record(seed)
        started = time.process_time()
        review = review_game(record, 0)
        seconds.append(time.process_time() - started)
        decisions += len(review.decisions)
    note = f"CPU time, {GAMES} greedy-vs-expert games, {decisions / GAMES:.0f} decisions each"
    report.timing("review of a whole game p50", percentile(seconds, 0.5), note=note)
    report.timing("review of a whole game p95", percentile(seconds, 0.95), note="one seat")
    report.timing("review per decision (mean)", sum(seconds) / decisions)
    run_web(report)


def _web_games(app: Any, client: Any, count: int) -> list[str]:
    """``count`` finished greedy-vs-expert games stored for the client's browser."""
    from cribkit.web.site.models import GameRow

    first = client.post("/api/games", json={"level": "random", "seed": 1}).json()["id"]
    with app.state.database.session() as session:
        player_id = session.get(GameRow, first).player_id
    games = []
    for seed in range(count):
        loaded = app.state.games.create(player_id, "random", seed=seed)
        played = _record(seed).to_game()
        assert app.state.games.store(loaded.id, played, loaded.version, 99)
        games.append(loaded.id)
    return games


def _wall(client: Any, path: str) -> float:
    started = time.perf_counter()
    assert client.get(path).status_code == 200
    return time.perf_counter() - started


def run_web(report: Report) -> None:
    """The review page and endpoint on a one-process app (SQLite, in-process client):
    the first load reviews the game and stores its figure, later loads reuse it."""
    import tempfile
    import warnings
    from pathlib import Path

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from fastapi.testclient import TestClient

    from cribkit.web.app import create_app
    from cribkit.web.site.settings import Settings

    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
        app = create_app(Settings(database_url=url, secret_key="bench-secret", testing=True))
        with TestClient(app) as client:
            games = _web_games(app, client, GAMES)
            _wall(client, "/rules")  # the first page renders its templates
            first = [_wall(client, f"/games/{g}/review") for g in games]
            again = [_wall(client, f"/games/{g}/review") for g in games]
            api = [_wall(client, f"/api/games/{g}/review") for g in games]
            stats = [_wall(client, "/stats") for _ in range(GAMES)]
    note = f"wall time, in-process client, {GAMES} games"
    for name, seconds in (
        ("review page, first load", first),
        ("review page, again", again),
        ("GET /api/games/{id}/review", api),
        (f"/stats with {GAMES} reviewed games", stats),
    ):
        report.timing(f"{name} p50", percentile(seconds, 0.5), note=note)
        report.timing(f"{name} p95", percentile(seconds, 0.95))
