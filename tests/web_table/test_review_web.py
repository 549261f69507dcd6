"""The game review on the web: the page (English, Chinese, without a script), the JSON
endpoint with the schema of ``cribkit review --json``, the links to it from the end
banner, /stats and the replay, the accuracy figure stored once and charted on /stats,
and the view-only rule."""

from __future__ import annotations

import dataclasses
import gettext
import json
import re
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from friends_support import join, open_table
from review_support import api_finished_game, player_of, stored_finished_game
from table_support import stored_record
from typer.testing import CliRunner

from cribkit.actions import Discard, Play
from cribkit.analysis.hints import hint
from cribkit.analysis.review import price_decision, review_game
from cribkit.cards import DECK, Card, parse_card
from cribkit.cli import app as cli_app
from cribkit.game import Game
from cribkit.players import make_strategy
from cribkit.record import GameRecord
from cribkit.state import GameState, Phase
from cribkit.view import view_of
from cribkit.web.site.db import Database
from cribkit.web.site.hints_i18n import hint_explanation
from cribkit.web.site.i18n import language_by_code
from cribkit.web.site.models import ReviewRow
from cribkit.web.table.replay.moments import moment_of_action, moments
from cribkit.web.table.review.api import GameReviewOut
from cribkit.web.table.review.page import MISTAKES_SHOWN
from cribkit.web.table.review.reviews import LAZY_PER_PAGE
from test_review import _with_other_hidden_cards
from zh_lint import problems

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from fastapi.testclient import TestClient

EN = {"Accept-Language": "en"}
ZH = {"Accept-Language": "zh-CN,zh;q=0.9"}


@pytest.fixture
def third_client(app: Any) -> Iterator[TestClient]:
    with TestClient(app) as test_client:
        yield test_client


def figure(html: str, name: str) -> str:
    found = re.search(rf'data-figure="{name}">([^<]*)<', html)
    assert found, name
    return found.group(1)


def mistakes(html: str) -> list[dict[str, str]]:
    """Each told mistake's data attributes, in page order."""
    return [
        dict(re.findall(r'data-(\w+)="([^"]*)"', item))
        for item in re.findall(r'<li class="mistake" ([^>]*)>', html)
    ]


def text_lines(html: str) -> list[str]:
    """What a reader sees in the page's main part, one line per block."""
    main = html.split('<main id="main"', 1)[1].split("</main>", 1)[0]
    main = re.sub(r"<(script|style|textarea)[^>]*>.*?</\1>", " ", main, flags=re.S)
    text = re.sub(r"<[^>]+>", "\n", main.split(">", 1)[1])
    return [" ".join(line.split()) for line in text.splitlines() if line.strip()]


def cards_named(text: str) -> set[Card]:
    return {parse_card(token) for token in re.findall(r"(?:10|[2-9AJQK])[♣♦♥♠]", text)}


# ------------------------------------------------------------------ the page


def test_the_review_page_has_the_engines_figures_and_biggest_mistakes_first(
    client: Any, app: Any
) -> None:
    game_id = api_finished_game(client, app, seed=31)
    page = client.get(f"/games/{game_id}/review", headers=EN)
    assert page.status_code == 200
    html = page.text
    review = review_game(stored_record(app, game_id), 0)
    assert figure(html, "accuracy") == f"{review.accuracy:.2f}"
    assert figure(html, "lost_discard_points") == f"{review.lost_discard_points:.2f}"
    assert figure(html, "lost_play_points") == f"{review.lost_play_points:.2f}"
    assert figure(html, "lost_points") == f"{review.lost_points:.2f}"
    assert figure(html, "lost_win_chance") == f"{review.lost_win_chance * 100:.1f}%"
    told = mistakes(html)
    expected = review.mistakes(MISTAKES_SHOWN)
    assert [int(m["step"]) for m in told] == [d.step for d in expected]
    assert [float(m["lost"]) for m in told] == [round(d.lost, 4) for d in expected]
    for decision in expected:  # the hint's own sentence, and the way to the moment
        assert decision.why.replace("'", "&#39;") in html
        assert f'href="/games/{game_id}/replay?action={decision.step}"' in html
    rows = re.findall(r'<tr data-hand="(\d+)">', html)
    assert [int(n) for n in rows] == [hand.hand for hand in review.per_hand]


def test_the_review_page_in_chinese_reads_as_chinese(client: Any, app: Any) -> None:
    game_id = api_finished_game(client, app, seed=32)
    html = client.get(f"/games/{game_id}/review", headers=ZH).text
    assert "对局复盘" in html and "最大的失误" in html
    found = [(line, problems(line)) for line in text_lines(html)]
    assert [item for item in found if item[1]] == []
    review = review_game(stored_record(app, game_id), 0)
    worst = review.mistakes(1)[0]
    assert worst.why not in html  # the sentence is said in Chinese, with the same cards
    told = html.split('<li class="mistake"', 2)[1]
    assert set(worst.best) <= cards_named(re.sub(r"<[^>]+>", "", told))
    # a costly card is set against the card played, in Chinese as in English
    plays = [
        (d, block)
        for d, block in zip(
            review.mistakes(MISTAKES_SHOWN), html.split('<li class="mistake"')[1:], strict=True
        )
        if d.kind.value == "play" and d.chosen[0].rank != d.best[0].rank
    ]
    assert plays, "seed 32 has a costly play"
    for decision, block in plays:
        assert f"{decision.chosen[0].unicode}, your card" in decision.why
        assert "你出的 " + decision.chosen[0].unicode in block


def test_another_players_game_is_not_found_and_an_unfinished_one_is_refused(
    client: Any, other_client: Any, app: Any
) -> None:
    game_id = api_finished_game(client, app, seed=33)
    assert other_client.get(f"/games/{game_id}/review").status_code == 404
    answer = other_client.get(f"/api/games/{game_id}/review")
    assert answer.status_code == 404 and answer.json()["code"] == "game_not_found"
    assert client.get("/games/no-such-game/review").status_code == 404
    started = client.post("/api/games", json={"level": "random", "seed": 3}).json()["id"]
    page = client.get(f"/games/{started}/review", headers=EN)
    assert page.status_code == 409
    assert "the game is not over yet: a review is made once it is finished" in page.text
    assert f'href="/games/{started}"' in page.text  # the way back to the game
    chinese = client.get(f"/games/{started}/review", headers=ZH)
    assert chinese.status_code == 409 and "这一局还没有结束" in chinese.text
    refused = client.get(f"/api/games/{started}/review")
    assert refused.status_code == 409
    assert refused.json() == {
        "detail": "the game is not over yet: a review is made once it is finished",
        "code": "review_game_unfinished",
    }


@pytest.mark.heavy
def test_each_friend_sees_the_review_of_their_own_seat(
    client: Any, other_client: Any, third_client: Any, app: Any
) -> None:
    table = open_table(client, seed=12)
    assert join(other_client, table["code"]).status_code == 200
    game_id = table["game_id"]
    service = app.state.games
    loaded = service.load(player_of(app, game_id), game_id)
    game = loaded.game
    strategy = make_strategy("random", seed=12)
    while not game.is_over:
        player = game.state.players_to_move()[0]
        game.apply(strategy.choose(game.view(player)))
    assert service.store(game_id, game, loaded.version, 99)
    record = stored_record(app, game_id)
    for seat, reader in ((0, client), (1, other_client)):
        answer = reader.get(f"/api/games/{game_id}/review")
        assert answer.status_code == 200
        assert answer.json() == json.loads(json.dumps(review_game(record, seat).to_dict()))
        page = reader.get(f"/games/{game_id}/review", headers=EN).text
        assert figure(page, "accuracy") == f"{review_game(record, seat).accuracy:.2f}"
    assert third_client.get(f"/api/games/{game_id}/review").status_code == 404


def test_a_throw_kept_for_its_pegging_is_explained_in_chinese_with_the_engines_numbers(
    app: Any,
) -> None:
    """The hint (and so the review) may keep other cards than the most hand and crib, for
    the pegging they promise: the Chinese sentence names that keep and the same numbers."""
    chinese = app.state.catalogues.get(language_by_code("zh"))
    found = 0
    for seed in range(200):
        game = Game(seed=seed)
        while game.state.phase is not Phase.DISCARD:
            game.apply(game.view(game.state.players_to_move()[0]).legal_actions[0])
        view = game.view(0)
        advice = hint(view)
        if "in the play against" not in advice.explanation:
            continue
        english = hint_explanation(advice, view, gettext.NullTranslations())
        assert english == advice.explanation
        said = hint_explanation(advice, view, chinese)
        assert problems(said) == []
        numbers = re.findall(r"[+-]?\d+\.\d\d", advice.explanation)
        assert re.findall(r"[+-]?\d+\.\d\d", said) == numbers
        keep = advice.discards[0].keep
        assert " ".join(card.unicode for card in keep) in said
        found += 1
    assert found >= 3


# ------------------------------------------------------------------ the JSON endpoint


@pytest.mark.heavy
def test_the_json_review_is_what_cribkit_review_prints(
    client: Any, app: Any, tmp_path: Path
) -> None:
    game_id = api_finished_game(client, app, seed=34)
    answer = client.get(f"/api/games/{game_id}/review")
    assert answer.status_code == 200
    path = tmp_path / "game.txt"
    path.write_text(client.get(f"/api/games/{game_id}/record").text)
    printed = CliRunner().invoke(cli_app, ["review", str(path), "--seat", "0", "--json"])
    assert printed.exit_code == 0, printed.output
    assert answer.json() == json.loads(printed.stdout)
    data = answer.json()
    assert GameReviewOut.model_validate(data).model_dump() == data  # one schema for both
    assert {d["kind"] for d in data["decisions"]} >= {"discard", "play"}
    assert all(d["lost"] >= 0 and d["unit"] in ("points", "win_chance") for d in data["decisions"])


def test_the_review_endpoint_is_in_the_openapi_document(client: Any) -> None:
    spec = client.get("/openapi.json").json()
    operation = spec["paths"]["/api/games/{game_id}/review"]["get"]
    ok = operation["responses"]["200"]["content"]["application/json"]["schema"]
    assert ok["$ref"] == "#/components/schemas/GameReviewOut"
    for status in ("404", "409", "422"):
        schema = operation["responses"][status]["content"]["application/json"]["schema"]
        assert schema == {"$ref": "#/components/schemas/ApiError"}
    documented = spec["components"]["schemas"]["GameReviewOut"]["properties"]
    assert set(documented) == {
        "seat",
        "decisions",
        "lost_points",
        "lost_discard_points",
        "lost_play_points",
        "lost_win_chance",
        "accuracy",
        "per_hand",
        "counts",
        "counting_missed",
        "counting_muggins",
        "counting_over_claimed",
        "resigned_by",
    }
    decision = spec["components"]["schemas"]["DecisionOut"]["properties"]
    assert set(decision) == {"hand", "step", "kind", "chosen", "best", "lost", "unit", "why"}
    count = spec["components"]["schemas"]["CountOut"]["properties"]
    assert set(count) == {
        "hand", "step", "what", "cards", "starter", "claimed", "true", "missed", "muggins",
        "over_claimed",
    }  # fmt: skip


# ------------------------------------------------------------------ the view-only rule


def test_the_review_names_only_the_reviewed_seats_own_cards(client: Any, app: Any) -> None:
    """After the game every hand was shown, but a decision is judged, and explained, with
    the seat's own cards only: nothing in a decision comes from the opponent's hand."""
    game_id = api_finished_game(client, app, seed=35)
    record = stored_record(app, game_id)
    steps = list(record.replay())
    data = client.get(f"/api/games/{game_id}/review").json()
    for decision in data["decisions"]:
        before = steps[decision["step"]].before
        own = set(before.dealt[0])
        for side in ("chosen", "best"):
            value = decision[side]
            if value == "go":
                continue
            named = {parse_card(c) for c in ([value] if isinstance(value, str) else value)}
            assert named <= own, decision
        assert cards_named(decision["why"]) <= own, decision
    html = client.get(f"/games/{game_id}/review", headers=ZH).text
    for item, block in zip(mistakes(html), html.split('<li class="mistake"')[1:], strict=True):
        own = set(steps[int(item["step"])].before.dealt[0])
        assert cards_named(re.sub(r"<[^>]+>", "", block.split("</li>")[0])) <= own


def other_deal(state: GameState, seat: int) -> GameState:
    """The same moment of the discard, but the opponent was dealt six other unseen cards."""
    taken = set(state.dealt[0]) | set(state.dealt[1])
    fresh = iter(card for card in reversed(DECK) if card not in taken)
    dealt = list(state.dealt)
    dealt[1 - seat] = tuple(next(fresh) for _ in state.dealt[1 - seat])
    return dataclasses.replace(state, dealt=(dealt[0], dealt[1]))


@pytest.mark.heavy
def test_the_same_decision_with_other_hidden_cards_costs_the_same(client: Any, app: Any) -> None:
    game_id = api_finished_game(client, app, seed=36)
    record = stored_record(app, game_id)
    stored = {d["step"]: d for d in client.get(f"/api/games/{game_id}/review").json()["decisions"]}
    checked: set[str] = set()
    for index, step in enumerate(record.replay()):
        action = step.action
        if not isinstance(action, Discard | Play) or action.player != 0:
            continue
        if isinstance(action, Discard):
            other = other_deal(step.before, 0)
            assert set(other.dealt[1]).isdisjoint(step.before.dealt[1])
        elif step.before.held[1]:
            other = _with_other_hidden_cards(step.before, 0)
            assert other.held[1] != step.before.held[1]
        else:
            continue
        assert view_of(other, 0) == view_of(step.before, 0)
        priced = price_decision(view_of(other, 0), action, step=index)
        assert priced.to_dict()["lost"] == stored[index]["lost"]
        assert priced.to_dict()["best"] == stored[index]["best"]
        checked.add(type(action).__name__)
    assert checked == {"Discard", "Play"}


# ------------------------------------------------------------------ the links


def test_the_table_without_a_script_offers_the_review_at_the_end(client: Any, app: Any) -> None:
    game_id = api_finished_game(client, app, seed=37)
    table = client.get(f"/games/{game_id}").text
    banner = table.split('id="plain-banner"', 1)[1]
    assert f'id="plain-review-link" href="/games/{game_id}/review"' in banner
    assert 'id="review-link" href="#" hidden' in table  # the script's banner fills it in
    started = client.post("/api/games", json={"level": "random", "seed": 5}).json()["id"]
    assert "plain-review-link" not in client.get(f"/games/{started}").text


def test_the_replay_links_to_the_review_and_opens_at_a_reviewed_decision(
    client: Any, app: Any
) -> None:
    game_id = api_finished_game(client, app, seed=38)
    replay = client.get(f"/games/{game_id}/replay").text
    assert f'id="replay-review" href="/games/{game_id}/review"' in replay
    record = stored_record(app, game_id)
    steps = list(record.replay())
    frames = list(moments(steps))
    for decision in review_game(record, 0).mistakes(3):
        page = client.get(f"/games/{game_id}/replay?action={decision.step}", headers=EN).text
        index = moment_of_action(frames, steps, decision.step)
        assert frames[index].step is steps[decision.step]
        assert f"Step {index + 1} of {len(frames)}" in page
        assert f'data-kind="{decision.kind.value}"' in page
        assert 'id="from-review"' in page and f'href="/games/{game_id}/review"' in page
    assert 'id="from-review"' not in replay


@pytest.mark.heavy
def test_stats_links_every_finished_game_to_its_review(client: Any, app: Any) -> None:
    first = api_finished_game(client, app, seed=39)
    second = stored_finished_game(app, player_of(app, first), seed=40)
    html = client.get("/stats").text
    for game_id in (first, second):
        assert f'href="/games/{game_id}/review"' in html
        assert client.get(f"/games/{game_id}/review").status_code == 200


# ------------------------------------------------------------------ an uploaded record


@pytest.mark.heavy
def test_either_seat_of_an_uploaded_record_can_be_reviewed(client: Any, app: Any) -> None:
    game_id = api_finished_game(client, app, seed=41)
    text = client.get(f"/api/games/{game_id}/record").text
    record = GameRecord.parse(text)
    replay = client.post("/replay", data={"text": text}).text
    assert 'action="/replay/review"' in replay and 'name="seat" value="1"' in replay
    for seat in (0, 1):
        page = client.post("/replay/review", data={"text": text, "seat": str(seat)}, headers=EN)
        assert page.status_code == 200
        review = review_game(record, seat)
        assert figure(page.text, "accuracy") == f"{review.accuracy:.2f}"
        for decision in review.mistakes(MISTAKES_SHOWN):  # the record goes along to the replay
            assert f'formaction="/replay" name="action" value="{decision.step}"' in page.text
    worst = review_game(record, 1).mistakes(1)[0]
    moment = client.post("/replay", data={"text": text, "action": str(worst.step)}, headers=EN)
    steps = list(record.replay())
    frames = list(moments(steps))
    index = moment_of_action(frames, steps, worst.step)
    assert f"Step {index + 1} of {len(frames)}" in moment.text


def test_a_bad_upload_or_seat_is_refused_clearly(client: Any, app: Any) -> None:
    game_id = api_finished_game(client, app, seed=42)
    text = client.get(f"/api/games/{game_id}/record").text
    bad_seat = client.post("/replay/review", data={"text": text, "seat": "2"}, headers=EN)
    assert bad_seat.status_code == 422 and "Choose seat 0 or seat 1 to review." in bad_seat.text
    record = GameRecord.parse(text)
    unfinished = GameRecord(record.rules, record.seed, record.actions[:40]).to_text()
    refused = client.post("/replay/review", data={"text": unfinished, "seat": "0"}, headers=EN)
    assert refused.status_code == 422
    assert "a review is made of finished games only" in refused.text
    broken = client.post("/replay/review", data={"text": "not a record", "seat": "0"})
    assert broken.status_code == 422
    assert client.post("/replay/review", data={"text": unfinished}, headers=ZH).status_code == 422


# ------------------------------------------------------------------ the figure and the chart


def chart_points(html: str) -> list[tuple[str, float]]:
    svg = html.split('<svg id="accuracy-chart"', 1)[1].split("</svg>", 1)[0]
    return [
        (game, float(value))
        for game, value in re.findall(r'data-game="([^"]+)" data-accuracy="([^"]+)"', svg)
    ]


def stored_figures(app: Any) -> dict[tuple[str, int], float]:
    with app.state.database.session() as session:
        return {(r.game_id, r.seat): r.accuracy for r in session.query(ReviewRow).all()}


@pytest.mark.heavy
@pytest.mark.postgres_too
def test_the_figure_is_stored_when_a_game_is_first_reviewed(client: Any, app: Any) -> None:
    game_id = api_finished_game(client, app, seed=43)
    assert (game_id, 0) not in stored_figures(app)
    client.get(f"/api/games/{game_id}/review")
    review = review_game(stored_record(app, game_id), 0)
    assert stored_figures(app)[(game_id, 0)] == pytest.approx(review.accuracy)
    client.get(f"/games/{game_id}/review")  # a second review writes nothing new
    assert [key for key in stored_figures(app) if key[0] == game_id] == [(game_id, 0)]


@pytest.mark.heavy
@pytest.mark.postgres_too
def test_stats_charts_one_point_per_reviewed_game_and_fills_in_older_ones_a_few_at_a_time(
    client: Any, app: Any
) -> None:
    first = api_finished_game(client, app, seed=44)
    player = player_of(app, first)
    games = [first, *(stored_finished_game(app, player, seed=50 + n) for n in range(4))]
    html = client.get("/stats", headers=EN).text
    points = chart_points(html)
    assert len(points) == LAZY_PER_PAGE  # the oldest first, bounded work per page
    assert [game for game, _ in points] == games[:LAZY_PER_PAGE]
    assert 'id="accuracy-pending"' in html
    html = client.get("/stats", headers=EN).text
    points = chart_points(html)
    assert [game for game, _ in points] == games  # oldest on the left
    stored = stored_figures(app)
    for game, value in points:
        assert value == pytest.approx(stored[(game, 0)], abs=5e-5)
        assert f'data-accuracy="{value:.4f}">{value:.2f}</td>' in html  # the games table
    # A lazily filled-in figure is the review's own (one game re-reviewed: each costs seconds).
    newest = games[-1]
    assert stored[(newest, 0)] == pytest.approx(review_game(stored_record(app, newest), 0).accuracy)
    assert 'id="accuracy-pending"' not in html
    assert "Points lost per hand, game by game" in html
    chinese = client.get("/stats", headers=ZH).text
    assert "准确度走势" in chinese and "对局（从最早开始）" in chinese


def test_stats_without_a_reviewed_game_draws_no_chart(client: Any) -> None:
    assert 'id="accuracy-chart"' not in client.get("/stats").text


def test_the_review_migration_adds_and_removes_the_reviews_table(tmp_path: Path) -> None:
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import inspect

    from cribkit.web.site.db import MIGRATIONS_DIR

    database = Database(f"sqlite:///{tmp_path / 'chain.sqlite3'}")
    database.migrate()
    assert "reviews" in inspect(database.engine).get_table_names()
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.set_main_option("sqlalchemy.url", str(database.engine.url))
    command.downgrade(config, "0004_friends")
    assert "reviews" not in inspect(database.engine).get_table_names()
    command.upgrade(config, "0005_review")
    columns = {c["name"] for c in inspect(database.engine).get_columns("reviews")}
    assert columns == {
        "game_id",
        "seat",
        "accuracy",
        "lost_points",
        "lost_win_chance",
        "hands",
        "decisions",
        "reviewed_at",
    }
    database.dispose()
