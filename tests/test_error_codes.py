"""The rules' errors carry a stable code and its parameters beside the English message.

A front end translates an error from ``code`` and ``params`` (see ``cribkit.web.site.errors_i18n``),
so each raise site must set them, and the catalogue's English template filled with the
parameters must say exactly what the engine says.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from cribkit.actions import (
    Action,
    Cut,
    CutForDeal,
    Deal,
    Discard,
    Go,
    NextHand,
    Play,
    TurnStarter,
    action_from_dict,
)
from cribkit.cards import Card, parse_card
from cribkit.errors import CribkitError, IllegalActionError, InvalidRecordError
from cribkit.game import Game
from cribkit.state import GameState, Phase
from cribkit.web.site.errors_i18n import error_template
from state_support import candidate_actions, cards, cut_for, new_hand, run, to_the_play

HAND0 = "9C TC KC 6D AS 3S"
HAND1 = "QH 8H 4H KH 2D 7S"
UNTEMPLATED = {"action_unreadable"}
"""Codes whose English message adds the reader's detail, so the template says less."""
CHANCE_ACTIONS = (CutForDeal, Deal, TurnStarter)
"""Chance's moves never come from a player, so the table has no translation for them."""


def c(text: str) -> Card:
    return parse_card(text)


def refusal(state: GameState, action: object) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as info:
        state.check(action)  # type: ignore[arg-type]
    return info.value


def assert_english_template(error: CribkitError) -> None:
    """The catalogue's English template, filled in, is the engine's message word for word."""
    template = error_template(error)
    assert template is not None, error.code
    if error.code not in UNTEMPLATED:
        assert template % error.params == str(error)


def play_state() -> GameState:
    state, _ = to_the_play(HAND0, HAND1, "AS 3S", "2D 7S", "2S", dealer=0)
    return state


def show_state() -> GameState:
    state = play_state()
    while state.phase is Phase.PLAY:
        state, _ = state.apply(state.legal_actions()[0])
    return state


def test_an_error_without_a_code_is_as_before() -> None:
    error = CribkitError("plain words")
    assert str(error) == "plain words" and error.args == ("plain words",)
    assert error.code is None and error.params == {}


def test_params_are_the_errors_own_copy() -> None:
    given: dict[str, str | int] = {"card": "5H"}
    error = IllegalActionError("you do not hold 5H", code="card_not_held", params=given)
    given["card"] = "6H"
    assert error.params == {"card": "5H"} and str(error) == "you do not hold 5H"


@pytest.mark.parametrize(
    ("action", "kind"),
    [
        (Discard(0, (c("AS"), c("2S"))), "discard"),
        (Play(1, c("AS")), "play"),
        (Go(0), "go"),
        (NextHand(0), "next"),
    ],
)
def test_a_move_in_the_wrong_phase_names_the_move_and_the_phase(action: Action, kind: str) -> None:
    error = refusal(GameState(), action)
    assert error.code == "wrong_phase"
    assert error.params == {"action": kind, "phase": "cut_for_deal"}
    assert_english_template(error)


def test_the_discard_errors() -> None:
    state = new_hand(HAND0, HAND1)
    same = refusal(state, Discard(0, (c("AS"), c("AS"))))
    assert (same.code, same.params) == ("discard_same_card", {})
    foreign = refusal(state, Discard(0, (c("AS"), c("QH"))))
    assert foreign.code == "discard_not_held"
    assert foreign.params == {"cards": "QH", "hand": HAND0}
    nobody = refusal(state, Discard(2, (c("AS"), c("3S"))))
    assert (nobody.code, nobody.params) == ("no_such_player", {"player": 2})
    half, _ = run(state, "p1 discard 2D 7S")
    again = refusal(half, Discard(1, (c("QH"), c("8H"))))
    assert (again.code, again.params) == ("not_your_turn", {"player": 1, "action": "discard"})
    for error in (same, foreign, nobody, again):
        assert_english_template(error)


@pytest.mark.parametrize("count", [0, 1, 3])
def test_a_discard_of_the_wrong_size_is_refused_with_a_code(count: int) -> None:
    """Built by hand or read from JSON, it is never legal and never a bare ValueError."""
    state = new_hand(HAND0, HAND1)
    held = cards(HAND0)[:count]
    for action in (
        Discard(0, held),  # type: ignore[arg-type]
        action_from_dict({"type": "discard", "player": 0, "cards": [str(x) for x in held]}),
    ):
        assert not state.is_legal(action)
        error = refusal(state, action)
        assert (error.code, error.params) == ("discard_count", {"cards": count})
        assert_english_template(error)


def test_a_chance_action_repeating_a_card_says_which_with_a_code() -> None:
    twice = [
        (run(GameState(), Cut(0, 1), Cut(1, 2))[0], CutForDeal((c("7H"), c("7H")), (1, 2))),
        (
            run(GameState(), *cut_for(0))[0],
            Deal((cards(HAND0), (*cards(HAND1)[:5], c("9C")))),
        ),
    ]
    for state, action in twice:
        with pytest.raises(CribkitError) as info:
            state.check(action)
        assert info.value.code == "chance_duplicate_card"
        assert info.value.params["card"] in ("7H", "9C")
        assert not state.is_legal(action)


def test_the_play_errors() -> None:
    state = play_state()
    early = refusal(state, Play(0, c("9C")))
    assert (early.code, early.params) == ("not_your_turn", {"player": 0, "action": "play"})
    early_go = refusal(state, Go(0))
    assert (early_go.code, early_go.params) == ("not_your_turn", {"player": 0, "action": "go"})
    crib = refusal(state, Play(1, c("2D")))
    assert (crib.code, crib.params) == ("card_not_held", {"card": "2D"})
    no_go = refusal(state, Go(1))
    assert (no_go.code, no_go.params) == ("go_not_allowed", {"count": state.count})
    later, _ = run(state, "p1 play QH", "p0 play 9C", "p1 play 8H")
    past = refusal(later, Play(0, c("TC")))
    assert (past.code, past.params) == ("count_past_31", {"total": 37, "room": 4})
    for error in (early, early_go, crib, no_go, past):
        assert_english_template(error)


@pytest.mark.parametrize(
    ("make", "action", "kind"),
    [
        (GameState, TurnStarter(c("AS"), 4), "starter"),
        (play_state, CutForDeal((c("AC"), c("2C")), (0, 1)), "cut_for_deal"),
        (play_state, Deal((cards(HAND0), cards(HAND1))), "deal"),
    ],
)
def test_a_chance_action_in_the_wrong_phase_is_coded_too(
    make: Callable[[], GameState], action: Action, kind: str
) -> None:
    state = make()
    error = refusal(state, action)
    assert error.code == "wrong_phase"
    assert error.params == {"action": kind, "phase": state.phase.value}


def test_the_starter_and_deal_errors_of_chance() -> None:
    dealing = run(GameState(), *cut_for(0))[0]
    short = refusal(dealing, Deal((cards(HAND0)[:5], cards(HAND1))))
    assert (short.code, short.params) == ("deal_size", {"cards": 6})
    state = run(new_hand(HAND0, HAND1), "p0 discard AS 3S", "p1 discard 2D 7S")[0]
    waits = refusal(state, TurnStarter(c("5C"), 9))
    assert (waits.code, waits.params) == ("chance_waits_for_cut", {})
    state = run(state, "p1 cut 9")[0]
    dealt = refusal(state, TurnStarter(c("9C"), 9))
    assert (dealt.code, dealt.params) == ("starter_dealt", {"card": "9C"})
    elsewhere = refusal(state, TurnStarter(c("5C"), 10))
    assert (elsewhere.code, elsewhere.params) == (
        "cut_position_mismatch",
        {"chosen": "9", "given": "10"},
    )


def test_the_cut_errors() -> None:
    """The cuts a person can get wrong are coded and have their translation."""
    spread = run(GameState(), Cut(1, 12))[0]
    taken = refusal(spread, Cut(0, 12))
    assert (taken.code, taken.params) == ("cut_position_taken", {"position": 12})
    again = refusal(spread, Cut(1, 13))
    assert (again.code, again.params) == ("not_your_turn", {"player": 1, "action": "cut"})
    for wild in (-1, 52, 10**9):
        outside = refusal(spread, Cut(0, wild))
        assert (outside.code, outside.params) == ("cut_range", {"high": 51})
    pack = run(new_hand(HAND0, HAND1, dealer=0), "p0 discard AS 3S", "p1 discard 2D 7S")[0]
    dealer = refusal(pack, Cut(0, 10))
    assert (dealer.code, dealer.params) == ("not_your_turn", {"player": 0, "action": "cut"})
    for shallow in (0, 3, 37, 40):
        packet = refusal(pack, Cut(1, shallow))
        assert (packet.code, packet.params) == (
            "starter_cut_range",
            {"low": 4, "high": 36, "packet": 4},
        )
    late = refusal(play_state(), Cut(1, 10))
    assert (late.code, late.params) == ("wrong_phase", {"action": "cut", "phase": "play"})
    for error in (taken, again, outside, dealer, packet, late):
        assert_english_template(error)


def test_something_that_is_not_an_action() -> None:
    error = refusal(GameState(), "p0 play 5H")
    assert (error.code, error.params) == ("not_an_action", {})


@pytest.mark.parametrize(
    ("data", "code", "params"),
    [
        ("play the five", "action_not_object", {}),
        ({"type": "play", "player": 3, "card": "5H"}, "action_bad_player", {}),
        ({"type": "play", "player": True, "card": "5H"}, "action_bad_player", {}),
        ({"type": "play", "player": 0, "card": "XX"}, "action_unreadable", {"type": "play"}),
        ({"type": "discard", "player": 0, "cards": "5H"}, "action_unreadable", {"type": "discard"}),
        ({"type": "shuffle", "player": 0}, "action_unknown_type", {"type": "'shuffle'"}),
    ],
)
def test_a_move_read_from_json_says_what_is_wrong_with_it(
    data: object, code: str, params: dict[str, str]
) -> None:
    with pytest.raises(InvalidRecordError) as info:
        action_from_dict(data)
    assert (info.value.code, info.value.params) == (code, params)
    assert_english_template(info.value)


def test_the_show_refuses_plays_with_a_code() -> None:
    state = show_state()
    error = refusal(state, Play(0, c("9C")))
    assert error.params == {"action": "play", "phase": "show"}
    assert_english_template(error)


@pytest.mark.parametrize("seed", [1, 2])
def test_every_refusal_in_whole_games_has_a_code_and_a_matching_template(seed: int) -> None:
    """Try many wrong moves at every step of two games: each refusal is coded."""
    rng = random.Random(seed)
    game = Game(seed=seed)
    codes: set[str] = set()
    while not game.is_over:
        state = game.state
        for action in candidate_actions(state, rng):
            if isinstance(action, CHANCE_ACTIONS):
                continue
            try:
                state.check(action)
            except IllegalActionError as error:
                assert error.code is not None, str(error)
                assert_english_template(error)
                codes.add(error.code)
        game.apply(rng.choice(state.legal_actions()))
    assert {"wrong_phase", "not_your_turn", "card_not_held", "count_past_31"} <= codes
