"""The show counted in order: the view during the show holds only the counts laid down,
with the scores and pegs as they stood after them; the step is stored with the game."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from table_support import HUMAN, stored_record, stored_state

from cribkit.actions import CutForDeal, Deal, TurnStarter
from cribkit.events import ScoreContext
from cribkit.game import Game
from cribkit.state import Phase
from cribkit.web.table.games.pacing import (
    NEXT_COUNT,
    counts_in_show,
    paced_view,
    pegs_after,
    visible_events,
)

CHANCE = (CutForDeal, Deal, TurnStarter)


def random_games(count: int, first_seed: int = 1) -> list[Game]:
    """Whole games of random legal moves (both seats), seeded."""
    games = []
    for seed in range(first_seed, first_seed + count):
        rng = random.Random(seed)
        game = Game(seed=seed)
        while not game.is_over:
            game.apply(rng.choice(game.state.legal_actions()))
        games.append(game)
    return games


def at_shows(game: Game) -> list[Game]:
    """Copies of ``game`` stopped in each of its shows (and at its end, if in a show)."""
    stops = []
    replay = Game(seed=game.seed)
    for action in game.actions[len(replay.actions) :]:
        if isinstance(action, CHANCE) or replay.is_over:
            continue  # chance is re-drawn from the seed as the replay goes
        replay.apply(action)
        phase = replay.state.phase
        if phase is Phase.SHOW or (phase is Phase.GAME_OVER and replay.state.shows):
            snapshot = copy.copy(replay)
            snapshot.actions, snapshot.events = list(replay.actions), list(replay.events)
            stops.append(snapshot)
    assert replay.actions == game.actions
    return stops


def test_each_step_shows_only_its_counts_with_the_scores_they_make() -> None:
    for game in random_games(6):
        for stop in at_shows(game):
            total = counts_in_show(stop)
            assert 1 <= total <= 3
            final = stop.view(HUMAN)
            for step in range(1, total + 1):
                view = paced_view(stop, HUMAN, step)
                assert view.shows == final.shows[:step]
                # The scores are those before the show plus the counts shown, no more.
                hidden = sum(show.breakdown.total for show in final.shows[step:])
                shown_total = sum(view.scores)
                assert shown_total <= sum(final.scores)
                if not stop.is_over:
                    assert shown_total == sum(final.scores) - hidden
                for player in (0, 1):
                    pegs = view.pegs[player]
                    counted = [s for s in final.shows[:step] if s.player == player]
                    last = counted[-1] if counted else None
                    if last is not None and last.breakdown.total and last is view.shows[-1]:
                        # (the front peg stops in the game hole)
                        gap = min(last.breakdown.total, 121 - pegs.back)
                        assert pegs.front - pegs.back == gap
                if step < total:
                    assert view.phase is Phase.SHOW
                    assert view.outcome is None and view.legal_actions == ()
                else:
                    assert view == final


def test_a_game_won_in_the_show_shows_the_winning_count_last() -> None:
    endings = [g for g in random_games(40) if g.state.shows and g.state.outcome]
    assert endings, "some random game ends in the show"
    for game in endings:
        winner = game.state.outcome
        assert winner is not None
        last_show = game.state.shows[-1]
        assert last_show.player == winner.winner  # the count that reached 121
        total = counts_in_show(game)
        for step in range(1, total):
            view = paced_view(game, HUMAN, step)
            assert view.outcome is None and max(view.scores) < 121
        assert paced_view(game, HUMAN, total).outcome == winner


def test_pegs_follow_the_visible_events_one_leap_per_score() -> None:
    game = random_games(1, first_seed=11)[0]
    pegs = pegs_after(list(game.events))
    assert pegs == game.state.pegs
    assert visible_events(game, 3) == list(game.events)


# ---------------------------------------------------------------- through the API


def to_show(client: Any, seed: int, rng_seed: int = 5) -> dict[str, Any]:
    """A new game played by random legal moves until its first show."""
    rng = random.Random(rng_seed)
    response = client.post("/api/games", json={"level": "random", "seed": seed})
    assert response.status_code == 201, response.text
    view: dict[str, Any] = response.json()["view"]
    while view["phase"] != "show":
        assert view["phase"] != "game_over"
        action = rng.choice(view["legal_actions"])
        response = client.post(
            f"/api/games/{view['id']}/actions", json={"action": action, "version": view["version"]}
        )
        assert response.status_code == 200, response.text
        view = response.json()
    return view


def post(client: Any, view: dict[str, Any], action: dict[str, Any]) -> Any:
    return client.post(
        f"/api/games/{view['id']}/actions", json={"action": action, "version": view["version"]}
    )


@pytest.mark.postgres_too
def test_the_api_lays_the_counts_down_one_by_one_and_a_reload_keeps_the_step(
    client: Any, app: Any
) -> None:
    view = to_show(client, seed=31)
    game = stored_record(app, view["id"]).to_game()
    shows = [  # each said aloud: for an English reader, the engine's own call
        {
            **show.to_dict(),
            "spoken": show.breakdown.call,
            "spoken_items": [item.call for item in show.breakdown.items],
        }
        for show in game.state.shows
    ]
    assert len(shows) == 3
    assert view["show_step"] == 1 and view["shows"] == shows[:1]
    assert view["legal_actions"] == [{"type": NEXT_COUNT, "player": HUMAN}]
    for step in (1, 2):
        text = json.dumps(view)
        for later in shows[step:]:
            if later["context"] == "crib":  # the computer's throw is secret until counted
                theirs = set(later["cards"]) - set(view["discarded"])
                assert len(theirs) == 2 and not any(f'"{card}"' in text for card in theirs)
        shown = [e for e in view["events"] if e["context"] in ("hand", "crib")]
        assert len({(e["player"], e["context"]) for e in shown}) <= step
        # the scores are the final ones less the counts not yet shown
        for player in (0, 1):
            hidden = sum(s["total"] for s in shows[step:] if s["player"] == player)
            assert view["scores"][player] == game.state.scores[player] - hidden
        again = client.get(f"/api/games/{view['id']}").json()
        assert again == view  # a reload (or a second tab) resumes at the same step
        refused = post(client, view, {"type": "next", "player": HUMAN})
        assert refused.status_code == 422 and refused.json()["code"] == "show_not_counted"
        answer = post(client, view, {"type": NEXT_COUNT, "player": HUMAN})
        assert answer.status_code == 200, answer.text
        stale = post(client, view, {"type": NEXT_COUNT, "player": HUMAN})
        assert stale.status_code == 409  # a double click counts once
        view = answer.json()
        assert view["show_step"] == step + 1 and view["shows"] == shows[: step + 1]
    assert view["scores"] == list(game.state.scores)
    assert {"type": "next", "player": HUMAN} in view["legal_actions"]
    extra = post(client, view, {"type": NEXT_COUNT, "player": HUMAN})
    assert extra.status_code == 422 and extra.json()["code"] == "no_count_to_show"
    seat = post(client, view, {"type": NEXT_COUNT, "player": 1})
    assert seat.status_code == 422 and seat.json()["code"] == "not_your_seat"
    nxt = post(client, view, {"type": "next", "player": HUMAN})
    assert nxt.status_code == 200 and nxt.json()["phase"] == "discard"


def test_a_game_won_on_a_hidden_count_is_still_on_until_it_is_shown(client: Any, app: Any) -> None:
    """Play random games until one is won in the show on the second or third count."""
    for seed in range(100, 160):
        rng = random.Random(seed)
        view = client.post("/api/games", json={"level": "random", "seed": seed}).json()["view"]
        while view["phase"] not in ("game_over",):
            if view["phase"] == "show" and view["legal_actions"][0]["type"] == NEXT_COUNT:
                state = stored_state(app, view["id"])
                if state.is_over:
                    break
            action = rng.choice(view["legal_actions"])
            view = post(client, view, action).json()
        else:
            continue
        assert view["status"] == "active" and view["outcome"] is None
        assert max(view["scores"]) < 121
        stats = client.get("/stats").text
        assert "Replay" not in stats or view["id"] not in stats
        while view["phase"] == "show":
            view = post(client, view, {"type": NEXT_COUNT, "player": HUMAN}).json()
        assert view["phase"] == "game_over" and view["status"] == "finished"
        assert max(view["scores"]) == 121
        assert view["shows"][-1]["context"] in (ScoreContext.HAND.value, ScoreContext.CRIB.value)
        return
    raise AssertionError("no game in the range was won on a later count of the show")
