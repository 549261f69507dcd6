"""The show and the end of the game: pone's hand, dealer's hand, then the crib, each with
its breakdown; 121 ends the game on the very item that reaches it; skunks."""

from __future__ import annotations

import pytest

from cribkit.actions import NextHand
from cribkit.cards import parse_card, parse_cards
from cribkit.events import ScoreContext, ScoreEvent
from cribkit.rules import GameRules, Skunk
from cribkit.scoring import ScoreKind, score_show
from cribkit.state import GameState, Phase
from state_support import run, summary, to_the_play, with_scores


def play_out(state: GameState) -> tuple[GameState, list[ScoreEvent]]:
    """Play the first legal card (or go) until the play is over."""
    events: list[ScoreEvent] = []
    while state.phase is Phase.PLAY:
        state, scored = state.apply(state.legal_actions()[0])
        events.extend(scored)
    return state, events


def test_show_order_and_breakdowns() -> None:
    state, _ = to_the_play(
        "QC 7C 8C 9C AD 2S", "KH 5H 2H 3H 4S 6S", "AD 2S", "4S 6S", "TD", dealer=0
    )
    state, _ = run(state, "p1 play KH", "p0 play QC", "p1 play 5H", "p0 go", "p1 play 2H")
    state, _ = run(state, "p1 play 3H", "p0 play 7C", "p0 play 8C")
    assert state.scores == (2, 1)
    state, events = run(state, "p0 play 9C")
    starter = parse_card("TD")
    assert state.phase is Phase.SHOW
    shown = [(s.player, s.context, s.cards, s.breakdown.total) for s in state.shows]
    assert shown == [
        (1, ScoreContext.HAND, tuple(sorted(parse_cards("KH 5H 2H 3H"))), 12),
        (0, ScoreContext.HAND, tuple(sorted(parse_cards("QC 7C 8C 9C"))), 10),
        (0, ScoreContext.CRIB, tuple(sorted(parse_cards("AD 2S 4S 6S"))), 2),
    ]
    for show in state.shows:
        crib = show.context is ScoreContext.CRIB
        assert show.starter == starter
        assert show.breakdown == score_show(show.cards, starter, crib=crib)
    dealer_kinds = [i.kind for i in state.shows[1].breakdown.items]
    assert dealer_kinds == [ScoreKind.FIFTEEN, ScoreKind.RUN, ScoreKind.FLUSH]
    show_events = [e for e in events if e.context is not ScoreContext.PLAY]
    expected_items = [item for show in state.shows for item in show.breakdown.items]
    assert [e.item for e in show_events] == expected_items
    assert [(e.player, e.context.value) for e in show_events] == (
        [(1, "hand")] * 5 + [(0, "hand")] * 3 + [(0, "crib")]
    )
    assert state.scores == (6 + 10 + 2, 1 + 12)
    assert state.legal_actions() == (NextHand(0), NextHand(1))
    state, events = run(state, "p1 next")
    assert events == [] and state.phase is Phase.DEAL and state.dealer == 1


def test_pone_on_118_holding_4_wins_before_the_dealer_counts() -> None:
    state, _ = to_the_play(
        "9C 9S 8D 7D 4C 6S", "5H 5D JC KS 2C 3C", "4C 6S", "2C 3C", "AS", dealer=0
    )
    state, events = run(state, "p1 play KS", "p0 play 9C", "p1 play JC", "p0 go")
    assert summary(events) == [(1, "play", "go", 1, 1)]
    state, events = run(state, "p0 play 9S", "p1 play 5H", "p0 play 8D", "p1 play 5D")
    state, events = run(state, "p0 go")
    assert summary(events) == [(1, "play", "go", 1, 2)]
    assert state.to_play == 0 and state.held == ((parse_card("7D"),), ())
    state = with_scores(state, (100, 118))
    state, events = run(state, "p0 play 7D")
    assert summary(events) == [
        (0, "play", "last_card", 1, 101),
        (1, "hand", "fifteen", 2, 120),
        (1, "hand", "fifteen", 2, 121),  # the peg stops in the game hole
    ]
    # the dealer's hand (10) and crib are never counted, nor the rest of the pone's hand
    assert score_show(parse_cards("9C 9S 8D 7D"), parse_card("AS"), crib=False).total == 10
    assert [s.context for s in state.shows] == [ScoreContext.HAND]
    assert state.shows[0].breakdown.total == 10
    assert state.is_over and state.outcome is not None
    assert state.outcome.winner == 1 and state.outcome.scores == (101, 121)
    assert state.outcome.skunk is Skunk.NONE and state.outcome.loser == 0
    assert state.legal_actions() == ()


@pytest.mark.parametrize(
    ("loser", "skunk"),
    [(91, Skunk.NONE), (90, Skunk.SKUNK), (61, Skunk.SKUNK), (60, Skunk.DOUBLE)],
)
def test_skunk_lines(loser: int, skunk: Skunk) -> None:
    rules = GameRules()
    assert rules.skunk(loser) is skunk
    state, _ = to_the_play(
        "9C 9S 8D 7D 4C 6S",
        "5H 5D JC KS 2C 3C",
        "4C 6S",
        "2C 3C",
        "AS",
        dealer=0,
        scores=(loser, 120),
    )
    state, events = run(state, "p1 play KS")
    assert summary(events) == []
    state, events = run(state, "p0 play 9C", "p1 play JC", "p0 go")
    assert state.outcome is not None and state.outcome.skunk is skunk
    assert state.outcome.scores == (loser, 121)


@pytest.mark.parametrize(("starter", "hand", "crib"), [("KS", 4, 0), ("7H", 5, 5)])
def test_crib_four_card_flush_scores_nothing(starter: str, hand: int, crib: int) -> None:
    state, _ = to_the_play(
        "9H QH 5C 5S TC KD", "2H 4H 6H 8H AH 3H", "9H QH", "AH 3H", starter, dealer=0
    )
    state, _ = play_out(state)
    pone_hand, _, the_crib = state.shows
    flush = [(i.kind, i.points) for s in (pone_hand, the_crib) for i in s.breakdown.items]
    assert (ScoreKind.FLUSH, hand) in flush
    crib_flush = [i.points for i in the_crib.breakdown.items if i.kind is ScoreKind.FLUSH]
    assert crib_flush == ([crib] if crib else [])
    if starter == "KS":
        assert the_crib.breakdown.total == 0 and the_crib.breakdown.call == "nothing"
        assert pone_hand.breakdown.total == 4


def test_the_crib_can_win_and_nothing_follows() -> None:
    state, _ = to_the_play(
        "9H QH 5C 5S TC KD", "2H 4H 6H 8H AH 3H", "9H QH", "AH 3H", "7H", dealer=0
    )
    before_last = state
    while True:
        nxt, _ = before_last.apply(before_last.legal_actions()[0])
        if nxt.phase is not Phase.PLAY:
            break
        before_last = nxt
    # put the dealer one point short of 121 once the hand is counted, so the crib wins
    _, tally = before_last.apply(before_last.legal_actions()[0])
    dealer_before_crib = sum(e.points for e in tally if e.player == 0 and e.context != "crib")
    start = 120 - dealer_before_crib
    state = with_scores(before_last, (start, 0))
    state, events = state.apply(state.legal_actions()[0])
    crib_events = [e for e in events if e.context is ScoreContext.CRIB]
    assert crib_events and crib_events[0].score >= 121
    assert events[-1] is crib_events[0] and state.is_over
    assert state.outcome is not None and state.outcome.skunk is Skunk.DOUBLE
