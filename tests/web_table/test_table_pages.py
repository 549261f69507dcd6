"""The table page, /stats and the replay, plus the schema the migrations build."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from table_support import play_out, stored_record

from cribkit.players import CALIBRATED_LEVELS
from cribkit.players.level_ratings import level_rating
from cribkit.web.site.db import Database
from cribkit.web.site.models import Base
from cribkit.web.table.games.summary import summarize
from cribkit.web.table.replay.moments import moments


def stat(html: str, name: str) -> str:
    found = re.search(rf'data-stat="{name}">([^<]*)<', html)
    assert found, name
    return found.group(1)


def test_the_table_page_has_the_board_and_the_levels(client: Any) -> None:
    html = client.get("/").text
    assert 'id="pegboard"' in html
    assert html.count('class="hole lane-0') == 123 and html.count('class="hole lane-1') == 123
    assert 'id="hole-0-121"' in html and 'id="hole-1-121"' in html
    offered = re.findall(r'name="level" value="([a-z-]+)"', html)
    assert offered == list(CALIBRATED_LEVELS)  # the six levels, never random or greedy
    ratings = [int(r) for r in re.findall(r'class="level-rating" data-rating="(\d+)"', html)]
    assert ratings == [round(level_rating(level).rating) for level in CALIBRATED_LEVELS]
    assert "/static/js/table.js" in html


def test_the_table_speaks_chinese_when_asked(client: Any) -> None:
    html = client.get("/", headers={"Accept-Language": "zh-CN"}).text
    assert 'lang="zh-Hans"' in html


@pytest.mark.postgres_too
def test_stats_add_up_finished_games_and_replays_step_through_them(client: Any, app: Any) -> None:
    empty = client.get("/stats").text
    assert stat(empty, "games") == "0"
    game_id, seen = play_out(client, app, level="greedy", seed=31, rng_seed=3, check=False)
    outcome = seen.views[-1]["outcome"]
    html = client.get("/stats").text
    assert stat(html, "games") == "1"
    won = outcome["winner"] == 0
    assert stat(html, "wins") == ("1" if won else "0")
    assert stat(html, "losses") == ("0" if won else "1")
    record = stored_record(app, game_id)
    figures = summarize(record, 0)
    assert stat(html, "best_hand") == str(figures.best_hand)
    assert stat(html, "hand_average") == f"{figures.hand_points / figures.hands_shown:.2f}"
    skunk = outcome["skunk"]
    given = stat(html, "skunks_given"), stat(html, "skunks_received")
    assert given == (
        "1" if won and skunk == "skunk" else "0",
        "1" if not won and skunk == "skunk" else "0",
    )
    assert f"/games/{game_id}/replay" in html
    first = client.get(f"/games/{game_id}/replay")
    assert first.status_code == 200 and "of the spread." in first.text  # the first cut
    last_step = len(list(moments(record.replay()))) - 1  # each action, and each count
    last = client.get(f"/games/{game_id}/replay?step={last_step}")
    assert f"Step {last_step + 1} of {last_step + 1}" in last.text
    assert 'rel="next"' not in last.text


def test_a_game_in_progress_has_no_replay(client: Any) -> None:
    game_id = client.post("/api/games", json={"level": "random", "seed": 1}).json()["id"]
    assert client.get(f"/games/{game_id}/replay").status_code == 404


@pytest.mark.postgres_too
def test_a_chosen_name_is_remembered(client: Any) -> None:
    response = client.post("/stats/name", data={"name": "  Ada   Lovelace "})
    assert response.status_code == 200  # followed the redirect back to /stats
    assert 'value="Ada Lovelace"' in response.text


def test_the_migrations_build_exactly_the_models(blank_database_url: str) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    database = Database(blank_database_url)
    database.migrate()
    with database.engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    database.dispose()
    assert differences == []


def test_the_cookie_key_kept_in_the_database_is_stable(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'key.sqlite3'}"
    first = Database(url)
    first.migrate()
    key = first.stored_secret("cookie")
    first.dispose()
    assert Database(url).stored_secret("cookie") == key
