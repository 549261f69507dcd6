"""Counting your own show (``manual_count``) and muggins: claims short, full and over the
true count, who pegs what and in which order, 121 reached by a claim or by muggins, the
count hidden until the claim, and every bad claim refused with its code."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribkit.actions import ClaimCount, NextHand, action_from_dict, parse_action
from cribkit.analysis.hints import hint
from cribkit.errors import CribkitError, IllegalActionError, InvalidRecordError
from cribkit.events import ScoreContext, ScoreEvent
from cribkit.game import Game
from cribkit.players import make_strategy
from cribkit.players.base import true_claim
from cribkit.record import GameRecord
from cribkit.rules import STANDARD, GameRules
from cribkit.scoring import ScoreKind
from cribkit.state import GameState, Phase
from cribkit.view import view_of
from cribkit.web.site.errors_i18n import error_template
from profiles import examples
from state_support import assert_refused, random_steps, run, summary, to_the_play

PONE_COUNTS = GameRules(manual_count=frozenset({1}))
PONE_MUGGINS = GameRules(manual_count=frozenset({1}), muggins=True)
DEALER_MUGGINS = GameRules(manual_count=frozenset({0}), muggins=True)
BOTH_MUGGINS = GameRules(manual_count=frozenset({0, 1}), muggins=True)


def at_the_show(
    rules: GameRules, scores: tuple[int, int] = (0, 0)
) -> tuple[GameState, list[ScoreEvent]]:
    """Seat 0 deals; the pone (seat 1) holds KH 5H 2H 3H (12 with the TD starter), the
    dealer QC 7C 8C 9C (10), the crib AD 2S 4S 6S (2); the play pegs 6 and 1."""
    state, _ = to_the_play(
        "QC 7C 8C 9C AD 2S", "KH 5H 2H 3H 4S 6S", "AD 2S", "4S 6S", "TD", scores=scores
    )
    state = dataclasses.replace(state, rules=rules)
    return run(
        state,
        "p1 play KH", "p0 play QC", "p1 play 5H", "p0 go", "p1 play 2H",
        "p1 play 3H", "p0 play 7C", "p0 play 8C", "p0 play 9C",
    )  # fmt: skip


def test_the_show_waits_for_the_pone_s_own_count_and_hides_it() -> None:
    state, _ = at_the_show(PONE_MUGGINS)
    assert state.phase is Phase.SHOW and state.shows == ()
    pending = state.to_count
    assert pending is not None and (pending.player, pending.context) == (1, ScoreContext.HAND)
    assert state.players_to_move() == (1,)
    assert state.legal_actions() == tuple(ClaimCount(1, n) for n in range(30))
    for seat in (0, 1):
        data = view_of(state, seat).to_dict()
        assert data["shows"] == []
        assert data["to_count"] == {
            "player": 1,
            "context": "hand",
            "cards": ["2H", "3H", "5H", "KH"],
            "starter": "TD",
        }
        assert "total" not in json.dumps(data) and "12" not in json.dumps(data["to_count"])
    assert_refused(state, NextHand(0), "waiting for its count")
    with pytest.raises(IllegalActionError) as info:
        state.apply(NextHand(1))
    template = error_template(info.value)
    assert template is not None and template % info.value.params == str(info.value)


def test_a_short_claim_pegs_the_claim_and_muggins_gives_the_rest_to_the_dealer() -> None:
    state, _ = at_the_show(PONE_MUGGINS)
    assert state.scores == (6, 1)
    state, events = run(state, "p1 claim 9")
    assert summary(events)[:2] == [(1, "hand", "claim", 9, 10), (0, "muggins", "muggins", 3, 9)]
    assert events[1].item.call == "muggins for three"
    claimed = state.shows[0]
    assert (claimed.claim, claimed.breakdown.total, claimed.missed, claimed.pegged) == (9, 12, 3, 9)
    assert claimed.muggins == 3 and claimed.to_dict()["muggins"] == 3
    # the dealer counts by the engine: hand 10 and crib 2 follow at once
    assert [s.claim for s in state.shows] == [9, None, None]
    assert state.scores == (6 + 3 + 10 + 2, 1 + 9)
    assert state.to_count is None and state.legal_actions() == (NextHand(0), NextHand(1))


def test_without_muggins_overlooked_points_are_simply_lost() -> None:
    state, events = run(at_the_show(PONE_COUNTS)[0], "p1 claim 9")
    assert not [e for e in events if e.context is ScoreContext.MUGGINS]
    assert state.scores == (6 + 10 + 2, 1 + 9)
    assert (state.shows[0].missed, state.shows[0].muggins) == (3, 0)


def test_an_over_claim_is_never_pegged_and_a_full_claim_pegs_the_itemized_count() -> None:
    automatic, auto_events = at_the_show(STANDARD)
    over, over_events = run(at_the_show(PONE_MUGGINS)[0], "p1 claim 15")
    exact, exact_events = run(at_the_show(PONE_MUGGINS)[0], "p1 claim 12")
    show_events = [e for e in auto_events if e.context is not ScoreContext.PLAY]
    assert [e.item for e in over_events] == [e.item for e in show_events]
    assert [e.item for e in exact_events] == [e.item for e in show_events]
    assert over.scores == exact.scores == automatic.scores == (18, 13)
    assert (over.shows[0].over_claimed, over.shows[0].pegged) == (3, 12)
    assert over.shows[0].to_dict()["over_claimed"] == 3 and exact.shows[0].missed == 0


def test_a_claim_of_nothing_pegs_nothing_and_muggins_takes_it_all() -> None:
    state, events = run(at_the_show(PONE_MUGGINS)[0], "p1 claim 0")
    assert summary(events)[0] == (0, "muggins", "muggins", 12, 18)
    assert state.scores[1] == 1


def test_the_dealer_counts_hand_then_crib_after_the_engine_counts_the_pone() -> None:
    state, _ = at_the_show(DEALER_MUGGINS)
    assert [s.player for s in state.shows] == [1] and state.scores == (6, 13)
    assert state.to_count is not None and state.to_count.context is ScoreContext.HAND
    state, events = run(state, "p0 claim 10")
    assert summary(events) == [(0, "hand", e.item.kind.value, e.points, e.score) for e in events]
    pending = state.to_count
    assert pending is not None and pending.context is ScoreContext.CRIB
    assert [str(c) for c in pending.cards] == ["AD", "2S", "4S", "6S"]
    state, events = run(state, "p0 claim 1")
    assert summary(events) == [(0, "crib", "claim", 1, 17), (1, "muggins", "muggins", 1, 14)]
    assert state.to_count is None and [s.claim for s in state.shows] == [None, 10, 1]


def test_121_reached_by_the_claim_stops_before_muggins() -> None:
    state, _ = at_the_show(PONE_MUGGINS, scores=(0, 110))
    assert state.scores == (6, 111)
    state, events = run(state, "p1 claim 10")
    assert summary(events) == [(1, "hand", "claim", 10, 121)]
    assert state.is_over and state.outcome is not None and state.outcome.winner == 1
    assert state.legal_actions() == () and state.to_count is None
    assert (state.shows[0].missed, state.shows[0].muggins) == (2, 0)


def test_121_reached_by_muggins_ends_it_before_the_dealer_counts() -> None:
    state, _ = at_the_show(PONE_MUGGINS, scores=(113, 0))
    assert state.scores == (119, 1)
    state, events = run(state, "p1 claim 9")
    assert summary(events) == [(1, "hand", "claim", 9, 10), (0, "muggins", "muggins", 3, 121)]
    assert state.is_over and state.outcome is not None and state.outcome.winner == 0
    assert len(state.shows) == 1  # the dealer's hand and crib are never counted


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (ClaimCount(0, 12), "not_your_turn"),  # the dealer does not count the pone's hand
        (ClaimCount(1, -1), "claim_range"),
        (ClaimCount(1, 30), "claim_range"),
        (ClaimCount(1, "12"), "claim_range"),  # type: ignore[arg-type]
        (ClaimCount(1, True), "claim_range"),
        (ClaimCount(2, 3), "no_such_player"),
    ],
)
def test_bad_claims_are_refused_with_their_code(action: ClaimCount, code: str) -> None:
    state, _ = at_the_show(PONE_MUGGINS)
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)
    assert info.value.code == code
    assert not state.is_legal(action)
    template = error_template(info.value)  # the web says it in the reader's language
    assert template is not None and template % info.value.params == str(info.value)


def test_claims_out_of_turn_or_without_manual_counting_are_refused() -> None:
    automatic, _ = at_the_show(STANDARD)
    with pytest.raises(IllegalActionError) as info:
        automatic.apply(ClaimCount(1, 12))
    assert info.value.code == "no_count_to_claim"
    in_the_play, _ = to_the_play("QC 7C 8C 9C AD 2S", "KH 5H 2H 3H 4S 6S", "AD 2S", "4S 6S", "TD")
    in_the_play = dataclasses.replace(in_the_play, rules=PONE_MUGGINS)
    with pytest.raises(IllegalActionError) as info:
        in_the_play.apply(ClaimCount(1, 12))
    assert info.value.code == "wrong_phase"


@pytest.mark.parametrize("points", ["7", 7.0, None, True, [7]])
def test_a_claim_that_is_not_a_whole_number_is_refused(points: object) -> None:
    with pytest.raises(InvalidRecordError) as info:
        action_from_dict({"type": "claim", "player": 0, "points": points})
    assert info.value.code == "claim_range"
    assert str(info.value) == "a count is a whole number from 0 to 29"


def test_claim_text_and_json_round_trip() -> None:
    claim = ClaimCount(1, 17)
    assert parse_action(claim.to_text()) == claim
    assert action_from_dict({"type": "claim", "player": 1, "points": 17}) == claim
    with pytest.raises(InvalidRecordError):
        parse_action("p1 claim -3")


def test_rules_text_keeps_the_options_and_standard_rules_read_as_before() -> None:
    assert STANDARD.to_text() == "target=121 skunk=91 double_skunk=61"
    text = BOTH_MUGGINS.to_text()
    assert text == "target=121 skunk=91 double_skunk=61 manual_count=0,1 muggins=on"
    assert GameRules.parse(text) == BOTH_MUGGINS
    assert GameRules.parse(PONE_COUNTS.to_text()) == PONE_COUNTS
    for bad in ("muggins=yes", "manual_count=2", "manual_count=", "muggins=on"):
        with pytest.raises(CribkitError):
            GameRules.parse(bad)
    with pytest.raises(CribkitError) as info:
        GameRules(muggins=True)
    assert info.value.code == "muggins_needs_manual_count"


def _claiming_game(seed: int, rules: GameRules) -> Game:
    """A whole game of two greedy players where every manual count is a random guess."""
    game = Game(seed=seed, rules=rules)
    players = [make_strategy("greedy", seed=seed + p) for p in (0, 1)]
    rng = random.Random(seed)
    while not game.is_over:
        seat = game.state.players_to_move()[0]
        view = game.view(seat)
        guess = ClaimCount(seat, rng.randint(0, 20)) if view.to_count else None
        game.apply(guess or players[seat].choose(view))
    return game


def test_a_record_keeps_the_options_and_the_claims_and_replays_to_the_same_states() -> None:
    game = _claiming_game(11, BOTH_MUGGINS)
    text = GameRecord.of(game).to_text()
    assert "rules target=121 skunk=91 double_skunk=61 manual_count=0,1 muggins=on" in text
    assert "p0 claim " in text and "p1 claim " in text
    record = GameRecord.parse(text)
    assert record.rules == BOTH_MUGGINS
    replayed = [step.after for step in record.replay()]
    assert replayed[-1] == game.state
    assert [e for step in record.replay() for e in step.events] == game.events
    assert any(e.context is ScoreContext.MUGGINS for e in game.events)


def test_the_computer_never_miscounts_its_own_show() -> None:
    state, _ = at_the_show(DEALER_MUGGINS)
    while state.to_count is not None:
        claim = true_claim(view_of(state, 0))
        state, events = state.apply(claim)
        assert not [e for e in events if e.context is ScoreContext.MUGGINS]
    assert [s.missed + s.over_claimed for s in state.shows] == [0, 0, 0]


def test_no_hint_gives_away_the_count() -> None:
    state, _ = at_the_show(PONE_MUGGINS)
    with pytest.raises(CribkitError) as info:
        hint(view_of(state, 1))
    assert info.value.code == "hint_count_yourself"


def test_events_of_a_short_claim_name_the_kinds() -> None:
    _, events = run(at_the_show(PONE_MUGGINS)[0], "p1 claim 9")
    assert events[0].item.kind is ScoreKind.CLAIM and events[0].item.call == "nine, as counted"
    assert events[1].item.kind is ScoreKind.MUGGINS and events[1].item.cards == ()


@settings(max_examples=examples(15, check=1), deadline=None)  # whole games: 25 until session 23
@given(seed=st.integers(min_value=0, max_value=2**64), seats=st.sampled_from([(0,), (1,), (0, 1)]))
def test_random_games_with_claims_keep_every_invariant(seed: int, seats: tuple[int, ...]) -> None:
    """Random legal moves (random claims 0-29 among them): apply refuses exactly what
    legal_actions omits, views show no hidden card, pegs and scores stay right."""
    rules = GameRules(manual_count=frozenset(seats), muggins=seed % 2 == 0)
    steps = random_steps(GameState(rules=rules), random.Random(seed), deep=True)
    assert steps[-1][2].is_over
    claims = [step[1] for step in steps if isinstance(step[1], ClaimCount)]
    assert claims and all(claim.player in seats for claim in claims)
