"""The library's front doors as a python-chess user expects them (issue 24, item 5).

Seats are checked with a clear error, ``Game`` says whose turn it is and shows itself,
legal actions have one shape wherever they are asked for, ``score_show`` reads card text
as ``analyze_discard`` does, ``play_game`` takes strategy objects, and the analyses'
front doors are exported together. The docstrings' examples run here too.
"""

from __future__ import annotations

import doctest
import random
from collections.abc import Callable, Iterator
from types import ModuleType

import numpy as np
import pytest

import cribkit.analysis
import cribkit.game
import cribkit.players
import cribkit.scoring
import cribkit.seats
import cribkit.state
import cribkit.tournament
import cribkit.view
from cribkit import (
    DECK,
    CribkitError,
    Discard,
    DuplicateCardError,
    Game,
    GameRecord,
    InvalidNotationError,
    InvalidSeatError,
    Phase,
    WrongCardCountError,
    format_cards,
    parse_card,
    parse_cards,
    score_sheet,
    score_show,
    view_of,
)
from cribkit.actions import PlayerAction
from cribkit.analysis.hints import hint as hints_hint
from cribkit.analysis.review import review_game as review_review_game
from cribkit.players import RandomStrategy, as_strategy
from cribkit.tournament import play_game
from cribkit.view import PlayerView

DOCUMENTED = [
    cribkit.game,
    cribkit.seats,
    cribkit.scoring,
    cribkit.state,
    cribkit.players,
    cribkit.tournament,
]
BAD_SEATS: list[object] = [2, -1, 7, True, "1", 1.0, None]


def positions(seed: int) -> Iterator[Game]:
    """A game played to 121 by random legal actions, yielded before each move and at the end."""
    rng = random.Random(seed)
    game = Game(seed=seed)
    while not game.is_over:
        yield game
        game.apply(rng.choice(game.legal_actions()))
    yield game


# ---------------------------------------------------------------- docstring examples


@pytest.mark.parametrize("module", DOCUMENTED, ids=lambda m: m.__name__)
def test_the_docstring_examples_run(module: ModuleType) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{module.__name__} has no examples"
    assert result.failed == 0


# ---------------------------------------------------------------- seats


def seat_askers(game: Game) -> dict[str, Callable[[object], object]]:
    """Every public method that takes a seat, asked of one game."""
    state = game.state
    record = GameRecord.of(game)  # unfinished: the seat is checked before any replay
    return {
        "Game.view": lambda seat: game.view(seat),  # type: ignore[arg-type]
        "Game.legal_actions": lambda seat: game.legal_actions(seat),  # type: ignore[arg-type]
        "view_of": lambda seat: view_of(state, seat),  # type: ignore[arg-type]
        "GameState.legal_actions": lambda seat: state.legal_actions(seat),  # type: ignore[arg-type]
        "GameState.kept": lambda seat: state.kept(seat),  # type: ignore[arg-type]
        "GameState.can_play": lambda seat: state.can_play(seat),  # type: ignore[arg-type]
        "GameState.cut_choices": lambda seat: state.cut_choices(seat),  # type: ignore[arg-type]
        "GameState.apply": lambda seat: state.apply(Discard(seat, DECK[:2])),  # type: ignore[arg-type]
        "GameRules.counts_own": lambda seat: game.rules.counts_own(seat),  # type: ignore[arg-type]
        "HandLine.points": lambda seat: score_sheet(game)[0].points(seat),  # type: ignore[arg-type]
        "review_game": lambda seat: cribkit.analysis.review_game(record, seat),  # type: ignore[arg-type]
        "play_game": lambda seat: play_game("random", "random", seed=1, a_seat=seat),  # type: ignore[arg-type]
    }


@pytest.mark.parametrize("seat", BAD_SEATS, ids=repr)
@pytest.mark.parametrize("asker", list(seat_askers(Game(seed=1))))
def test_a_bad_seat_is_named_with_the_seats_there_are(asker: str, seat: object) -> None:
    game = Game(seed=5)
    while game.state.phase is not Phase.DISCARD:  # where both seats hold cards
        game.apply(game.legal_actions()[0])
    before = (game.state, len(game.actions), len(game.events))
    ask = seat_askers(game)[asker]
    if seat is None and asker.endswith("legal_actions"):
        ask(seat)  # None asks for both seats' actions
        return
    with pytest.raises(InvalidSeatError) as info:
        ask(seat)
    error = info.value
    assert isinstance(error, CribkitError) and isinstance(error, ValueError)
    assert repr(seat) in str(error) or str(seat) in str(error)
    assert "seats are" in str(error) and "0 and 1" in str(error)
    assert (game.state, len(game.actions), len(game.events)) == before


def test_an_integer_seat_carries_the_translated_code() -> None:
    with pytest.raises(InvalidSeatError) as info:
        Game(seed=3).view(2)
    assert (info.value.code, info.value.params) == ("no_such_player", {"player": 2})


def test_a_numpy_seat_is_a_seat() -> None:
    game = Game(seed=3)
    for seat in (0, 1):
        assert game.view(np.int64(seat)) == game.view(seat)  # type: ignore[arg-type]


# ---------------------------------------------------------------- whose turn


@pytest.mark.parametrize("seed", [2, 19])
def test_to_move_is_the_seat_that_may_act(seed: int) -> None:
    for game in positions(seed):
        movers = game.state.players_to_move()
        if game.is_over:
            assert game.to_move is None and movers == ()
            continue
        assert game.to_move == min(movers)
        assert game.legal_actions(game.to_move)
        assert all(action.player in movers for action in game.legal_actions())


def test_to_move_drives_a_game_to_its_end() -> None:
    strategies = [RandomStrategy(seed=1), RandomStrategy(seed=2)]
    game = Game(seed=8)
    for _ in range(5000):
        seat = game.to_move
        if seat is None:
            break
        game.apply(strategies[seat].choose(game.view(seat)))
    assert game.is_over and game.to_move is None


# ---------------------------------------------------------------- repr


def test_repr_says_where_the_game_stands() -> None:
    seed = 4
    shown = set()
    for step, game in enumerate(positions(seed)):
        text = repr(game)
        state = game.state
        assert text.startswith("<Game ") and text.endswith(">")
        assert f"seed={seed} " in text and f"phase={state.phase.value} " in text
        assert f"hand={state.hand_number} " in text and f"dealer={state.dealer} " in text
        assert f"scores={state.scores[0]}-{state.scores[1]} " in text
        assert f"to_move={game.to_move}" in text and f"actions={len(game.actions)}" in text
        assert ("winner=" in text) == game.is_over
        if step % 25 == 0 or game.is_over:  # its seed and actions rebuild it
            rebuilt = Game.from_actions(game.actions, seed=game.seed, rules=game.rules)
            assert repr(rebuilt) == text
        shown.add(text)
    outcome = game.state.outcome
    assert outcome is not None and f"winner={outcome.winner} " in repr(game)
    assert len(shown) > 100  # it changes as the game moves


# ---------------------------------------------------------------- legal actions


def test_legal_actions_have_one_shape_everywhere() -> None:
    for game in positions(6):
        everyone = game.legal_actions()
        assert type(everyone) is tuple and everyone == game.state.legal_actions()
        for seat in (0, 1):
            own: tuple[PlayerAction, ...] = game.legal_actions(seat)
            view: PlayerView = game.view(seat)
            assert type(own) is tuple and type(view.legal_actions) is tuple
            assert own == view.legal_actions == game.state.legal_actions(seat)
            assert own == tuple(action for action in everyone if action.player == seat)


# ---------------------------------------------------------------- score_show


def test_score_show_reads_card_text_as_analyze_discard_does() -> None:
    rng = random.Random(31)
    for _ in range(200):
        *hand, starter = rng.sample(DECK, 5)
        for crib in (False, True):
            expected = score_show(hand, starter, crib=crib)
            text = format_cards(hand)
            assert score_show(text, str(starter), crib=crib) == expected
            assert score_show(text.split(), starter.unicode, crib=crib) == expected
            assert score_show([str(hand[0]), *hand[1:]], starter, crib=crib) == expected


def test_score_show_takes_the_liberal_notation() -> None:
    text = "5h, 10♥ Js qd"
    assert score_show(text, "5s", crib=False) == score_show(
        parse_cards(text), parse_card("5S"), crib=False
    )


@pytest.mark.parametrize(
    ("hand", "starter", "error", "named"),
    [
        ("5C 6D 7H", "8C", WrongCardCountError, "not 3"),
        ("5C 6D 7H 7S 9S", "8C", WrongCardCountError, "not 5"),
        ("5C 6D 7H XX", "8C", InvalidNotationError, "'XX'"),
        ("5C 6D 7H 7S", "8C 9C", InvalidNotationError, "'8C 9C'"),
        ("5C 6D 7H 7S", None, InvalidNotationError, "None"),
        ("5C 6D 7H 7H", "8C", DuplicateCardError, "7H"),
        ("5C 6D 7H 7S", "7S", DuplicateCardError, "starter 7S"),
    ],
)
def test_score_show_refuses_bad_text_clearly(
    hand: str, starter: object, error: type[CribkitError], named: str
) -> None:
    with pytest.raises(error, match=named):
        score_show(hand, starter, crib=False)  # type: ignore[arg-type]


# ---------------------------------------------------------------- play_game


class Watching:
    """A strategy that remembers every view it was shown, then lets another choose."""

    def __init__(self, inner: str, seed: int) -> None:
        self.inner = as_strategy(inner, seed=seed)
        self.name = f"watching {self.inner.name}"
        self.seen: list[PlayerView] = []

    def choose(self, view: PlayerView) -> PlayerAction:
        self.seen.append(view)
        return self.inner.choose(view)


@pytest.mark.parametrize("a_seat", [0, 1])
def test_play_game_takes_strategy_objects_and_names_mixed(a_seat: int) -> None:
    a, b = Watching("greedy", 1), Watching("random", 2)
    result = play_game(a, b, seed=9, a_seat=a_seat)
    assert {view.player for view in a.seen} == {a_seat}
    assert {view.player for view in b.seen} == {1 - a_seat}
    assert result.scores[result.winner] == 121
    named = Watching("random", 3)
    play_game("greedy", named, seed=9, a_seat=a_seat)
    assert {view.player for view in named.seen} == {1 - a_seat}


def test_play_game_with_objects_plays_as_with_names_seeded_alike() -> None:
    def built(name: str, side: int) -> Watching:
        return Watching(name, cribkit.tournament._strategy_seed(12, side))

    by_name = play_game("greedy", "random", seed=12, a_seat=1)
    by_object = play_game(built("greedy", 0), built("random", 1), seed=12, a_seat=1)
    assert by_object == by_name


@pytest.mark.parametrize("player", [42, object(), "nobody"])
def test_play_game_refuses_what_is_not_a_strategy(player: object) -> None:
    with pytest.raises(CribkitError, match="strategy"):
        play_game(player, "random", seed=1, a_seat=0)  # type: ignore[arg-type]


# ---------------------------------------------------------------- exports


def test_the_analyses_front_doors_are_exported_together() -> None:
    assert cribkit.analysis.hint is hints_hint
    assert cribkit.analysis.review_game is review_review_game
    assert {"analyze_discard", "hint", "review_game"} <= set(cribkit.analysis.__all__)
    game = Game(seed=14)
    seat = game.to_move
    assert seat is not None
    advice = cribkit.analysis.hint(game.view(seat))
    assert advice.action in game.legal_actions(seat)
