"""The player's Glicko-2 rating: a finished game against a rated level (or a friend) moves
it by exactly the ``glicko2`` library's own update, once; resigning is a loss; unrated
levels and unfinished games leave it alone; /stats shows it with its chart, the home page
suggests a level from it, and ``GET /api/rating`` returns it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import glicko2
import pytest
from friends_support import join, open_table
from sqlalchemy import select

from cribkit.players import CALIBRATED_LEVELS, LEVELS
from cribkit.players.level_ratings import level_rating
from cribkit.ratings import expected_score
from cribkit.web.site.db import Database
from cribkit.web.site.models import RatingHistoryRow
from cribkit.web.table.rating import glicko
from cribkit.web.table.rating.glicko import LEVEL_RD, START_RD, START_VOL, Standing, start
from cribkit.web.table.rating.suggest import SETTLED_GAMES, suggest_level
from cribkit.web.table.stats.rating_chart import rating_chart

ZH = {"Accept-Language": "zh-CN"}
RATED = next(level for level, strategy in LEVELS.items() if strategy in CALIBRATED_LEVELS)
"""A table level whose games are rated (the first offered calibrated level)."""
UNRATED = "random"  # seated only at a test server, and no calibrated level


def resigned_game(client: Any, level: str = RATED, seed: int = 1) -> str:
    game_id: str = client.post("/api/games", json={"level": level, "seed": seed}).json()["id"]
    assert client.post(f"/api/games/{game_id}/resign").status_code == 200
    return game_id


def library(rating: float, rd: float, vol: float, opponent: tuple[float, float], won: int) -> Any:
    """The library's own update for the same inputs (``glicko2.Player``, directly)."""
    player = glicko2.Player(rating=rating, rd=rd, vol=vol)
    player.update_player([opponent[0]], [opponent[1]], [won])
    return player


@pytest.mark.postgres_too  # the rating row is locked FOR UPDATE there
def test_a_resigned_game_is_a_loss_rated_as_the_library_computes(client: Any) -> None:
    fresh = client.get("/api/rating").json()
    begin = start()
    assert (fresh["rating"], fresh["rd"], fresh["games"]) == (begin.rating, START_RD, 0)
    game_id = resigned_game(client)
    rating = client.get("/api/rating").json()
    strategy = level_rating(LEVELS[RATED])
    expected = library(begin.rating, START_RD, START_VOL, (strategy.rating, LEVEL_RD), 0)
    assert rating["rating"] == pytest.approx(expected.rating, abs=1e-9)
    assert rating["rd"] == pytest.approx(expected.rd, abs=1e-9)
    assert rating["vol"] == pytest.approx(expected.vol, abs=1e-12)
    assert rating["rating"] < begin.rating and rating["games"] == 1
    [entry] = rating["history"]
    assert entry["game_id"] == game_id and entry["outcome"] == 0
    assert entry["opponent"] == LEVELS[RATED] and entry["opponent_rating"] == strategy.rating
    assert entry["rating_before"] == begin.rating
    assert entry["rating_after"] == rating["rating"]


def test_a_game_is_rated_once_however_often_its_end_is_seen(client: Any, app: Any) -> None:
    game_id = resigned_game(client)
    once = client.get("/api/rating").json()
    assert app.state.ratings.rate_game(game_id) is False  # already rated
    app.state.games.on_finish(game_id)  # the service reporting the same end again
    assert client.get("/api/rating").json() == once


@pytest.mark.postgres_too  # the rating row is locked FOR UPDATE there
def test_a_friend_game_rates_both_players_on_their_ratings_before_it(
    client: Any, other_client: Any
) -> None:
    resigned_game(client)  # the host starts from a rating of their own, the friend fresh
    host_before = client.get("/api/rating").json()
    friend_before = other_client.get("/api/rating").json()
    table = open_table(client, "Ann")
    assert join(other_client, table["code"], "Bo").status_code == 200
    assert other_client.post(f"/api/games/{table['game_id']}/resign").status_code == 200
    host, friend = client.get("/api/rating").json(), other_client.get("/api/rating").json()
    host_side = (friend_before["rating"], friend_before["rd"])
    friend_side = (host_before["rating"], host_before["rd"])
    won = library(*(host_before[key] for key in ("rating", "rd", "vol")), host_side, 1)
    lost = library(*(friend_before[key] for key in ("rating", "rd", "vol")), friend_side, 0)
    assert (host["rating"], host["rd"]) == pytest.approx((won.rating, won.rd), abs=1e-9)
    assert (friend["rating"], friend["rd"]) == pytest.approx((lost.rating, lost.rd), abs=1e-9)
    assert host["games"] == 2 and friend["games"] == 1
    assert host["history"][-1]["opponent"] == friend["history"][-1]["opponent"] == "friend"
    assert host["history"][-1]["outcome"] == 1 and friend["history"][-1]["outcome"] == 0


def test_unrated_levels_and_unfinished_games_do_not_count(client: Any) -> None:
    resigned_game(client, UNRATED)
    client.post("/api/games", json={"level": RATED, "seed": 2})  # left unfinished
    rating = client.get("/api/rating").json()
    assert rating["games"] == 0 and rating["history"] == []
    html = client.get("/stats").text
    assert 'id="no-rating"' in html and 'id="rating-chart"' not in html


def test_stats_shows_the_rating_its_range_and_its_chart(client: Any) -> None:
    game_id = resigned_game(client)
    rating = client.get("/api/rating").json()
    html = client.get("/stats").text
    assert f'data-stat="rating">{rating["rating"]:.0f}</strong>' in html
    assert f'data-stat="rating_range">{2 * rating["rd"]:.0f}</span>' in html
    chart = html.split('id="rating-chart"')[1].split("</svg>")[0]
    assert 'aria-labelledby="rating-chart-title rating-chart-desc"' in chart
    assert chart.count('class="point"') == 2  # the start and the game
    assert '<desc id="rating-chart-desc">' in chart
    assert f'<tr data-game="{game_id}">' in html.split('id="rating-table"')[1]
    chinese = client.get("/stats", headers=ZH).text
    assert "你的等级分" in chinese and "等级分走势" in chinese


def test_the_home_page_suggests_a_middle_level_then_one_from_the_rating(client: Any) -> None:
    newcomer = client.get("/").text
    assert 'id="suggested-level"' in newcomer and "New here?" in newcomer
    for seed in range(SETTLED_GAMES):
        resigned_game(client, seed=seed)
    settled = client.get("/").text
    rating = client.get("/api/rating").json()["rating"]
    level = settled.split('id="suggested-level" data-level="')[1].split('"')[0]
    chance = expected_score(rating, level_rating(LEVELS[level]).rating)
    assert "For about an even game" in settled and f"about {chance * 100:.0f}% of games" in settled


def test_the_suggestion_is_the_nearest_rated_level(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the six calibrated levels on the picker (and an unrated one beside them)."""
    monkeypatch.setattr(glicko, "LEVELS", {"random": "random", **{n: n for n in CALIBRATED_LEVELS}})
    levels = ["random", *CALIBRATED_LEVELS]
    newcomer = suggest_level(start(), levels)
    assert newcomer is not None and newcomer.level == "casual" and not newcomer.settled
    club = level_rating("club").rating
    settled = suggest_level(Standing(club + 1, 80, 0.06, SETTLED_GAMES), levels)
    assert settled is not None and settled.level == "club" and settled.settled
    assert settled.expected == pytest.approx(expected_score(club + 1, club))
    assert suggest_level(start(), ["random"]) is None


def test_the_rating_chart_starts_at_the_start_and_marks_levels_in_range(
    client: Any, app: Any
) -> None:
    resigned_game(client)
    with app.state.database.session() as session:
        row = session.scalars(select(RatingHistoryRow)).one()
    chart = rating_chart([row], {"inside": row.rating_before - 10, "outside": 99_999.0})
    assert chart is not None and [p.number for p in chart.points] == [0, 1]
    assert chart.points[0].rating == row.rating_before and chart.points[1].y > chart.points[0].y
    assert [line.strategy for line in chart.levels] == ["inside"]
    assert rating_chart([], {}) is None


def test_the_rating_migration_adds_and_removes_its_tables(tmp_path: Path) -> None:
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import inspect

    from cribkit.web.site.db import MIGRATIONS_DIR

    database = Database(f"sqlite:///{tmp_path / 'chain.sqlite3'}")
    database.migrate()
    tables = {"player_ratings", "rating_history"}
    assert tables <= set(inspect(database.engine).get_table_names())
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.set_main_option("sqlalchemy.url", str(database.engine.url))
    command.downgrade(config, "-1")
    assert not tables & set(inspect(database.engine).get_table_names())
    command.upgrade(config, "head")
    columns = {c["name"] for c in inspect(database.engine).get_columns("player_ratings")}
    assert columns == {"player_id", "rating", "rd", "vol", "games", "updated_at"}
    database.dispose()
