"""One peg move per score: the back peg leapfrogs once for all a card makes in the play,
a go, his heels, a whole hand, the whole crib, so the gap between a player's pegs is
always their last score; the game still ends on the very item that reaches 121."""

from __future__ import annotations

import random

import pytest

from cribkit.events import Pegs, ScoreContext, ScoreEvent
from cribkit.game import Game
from cribkit.state import GameState, Phase
from state_support import run, to_the_play

HAND_OF_20 = "5H 5D TC JS"
"""With the starter 5C: fifteens 16, a pair royal 6... less: 20 exactly (no nobs)."""


def moves(events: list[ScoreEvent]) -> list[list[ScoreEvent]]:
    """Events grouped into peg moves: consecutive, same player, same ``from_score``."""
    grouped: list[list[ScoreEvent]] = []
    for event in events:
        last = grouped[-1][-1] if grouped else None
        if last is not None and (last.player, last.from_score) == (
            event.player,
            event.from_score,
        ):
            grouped[-1].append(event)
        else:
            grouped.append([event])
    return grouped


def play_out(state: GameState) -> tuple[GameState, list[ScoreEvent]]:
    events: list[ScoreEvent] = []
    while state.phase is Phase.PLAY:
        state, scored = state.apply(state.legal_actions()[0])
        events.extend(scored)
    return state, events


@pytest.mark.parametrize("seed", range(30))
def test_after_every_score_the_gap_is_that_score(seed: int) -> None:
    rng = random.Random(seed)
    game = Game(seed=seed)
    while not game.is_over:
        before = game.state
        events = list(game.apply(rng.choice(game.state.legal_actions())))
        shows = {(s.player, s.context): s.breakdown.total for s in game.state.shows}
        grouped = moves(events)
        for index, move in enumerate(grouped):
            player, start = move[0].player, move[0].from_score
            points = sum(e.points for e in move)
            assert move[-1].score == min(start + points, game.rules.target)
            assert len({(e.context, e.hand_number) for e in move}) == 1
            won = game.is_over and index == len(grouped) - 1
            if move[0].context in (ScoreContext.HAND, ScoreContext.CRIB) and not won:
                assert points == shows[(player, move[0].context)], "a whole show is one move"
            if move[0].context is ScoreContext.HEELS:
                assert points == 2
        for player in (0, 1):
            mine = [m for m in grouped if m[0].player == player]
            pegs = game.state.pegs[player]
            if mine:
                last = mine[-1]
                assert pegs.front - pegs.back == last[-1].score - last[0].from_score
                assert pegs == Pegs(last[-1].score, last[0].from_score)
            else:
                assert pegs == before.pegs[player]
    assert all(e.to_dict()["from_score"] == e.from_score for e in game.events)


def test_a_twenty_point_hand_is_one_move_of_twenty() -> None:
    state, _ = to_the_play(
        "AC 2C 3C 9D 7D 8D", f"{HAND_OF_20} KD QD", "7D 8D", "KD QD", "5C", dealer=0
    )
    state, events = play_out(state)
    hand = [e for e in events if e.player == 1 and e.context is ScoreContext.HAND]
    assert sum(e.points for e in hand) == 20 and len(hand) > 1
    assert len({e.from_score for e in hand}) == 1
    pone = state.pegs[1]
    assert pone.front - pone.back == 20
    assert pone.back == hand[0].from_score


def test_fifteen_two_and_a_pair_royal_is_one_move_in_the_play() -> None:
    state, _ = to_the_play("5D AC 2C 3C 4C 6C", "5H 5S 9D TD JH KH", "AC 2C", "JH KH", "7S")
    state, events = run(state, "p1 play 5H", "p0 play 5D", "p1 play 5S")
    card = [e for e in events if e.player == 1]
    assert [e.item.kind.value for e in card] == ["fifteen", "pair_royal"]
    assert state.pegs[1] == Pegs(8, 0)
    assert state.pegs[0] == Pegs(2, 0)


def test_a_game_ending_on_the_pones_hand_stops_the_front_peg_at_121() -> None:
    state, _ = to_the_play(
        "AC 2C 3C 9D 7D 8D",
        f"{HAND_OF_20} KD QD",
        "7D 8D",
        "KD QD",
        "5C",
        dealer=0,
        scores=(50, 110),
    )
    state, events = play_out(state)
    assert state.is_over and state.outcome is not None and state.outcome.winner == 1
    hand = [e for e in events if e.player == 1 and e.context is ScoreContext.HAND]
    start = hand[0].from_score
    assert start >= 110 and hand[-1].score == 121
    assert sum(e.points for e in hand) < 20, "the count stopped on the item reaching 121"
    assert state.pegs[1] == Pegs(121, start)
    assert [s.player for s in state.shows] == [1], "the dealer's hand is never counted"
