"""The play, scripted card by card: 31 for two (no go point), one for the go, one for
last, a go while the other plays on, who leads the next series, skipping a player with
no cards, and pairs and runs that never span a reset."""

from __future__ import annotations

from cribkit.actions import Go, Play
from cribkit.cards import parse_card
from cribkit.events import Pegs, ScoreEvent
from cribkit.scoring import ScoreKind
from cribkit.state import Phase
from state_support import assert_refused, run, summary, to_the_play


def play_events(events: list[ScoreEvent]) -> list[tuple[int, str, str, int, int]]:
    return [e for e in summary(events) if e[1] == "play"]


def test_count_27_go_then_a_4_makes_31_for_two_not_three() -> None:
    state, _ = to_the_play(
        "9C TC KC 6D AS 3S", "QH 8H 4H KH 2D 7S", "AS 3S", "2D 7S", "2S", dealer=0
    )
    assert state.to_play == 1  # the pone leads
    state, events = run(state, "p1 play QH", "p0 play 9C", "p1 play 8H")
    assert events == [] and state.count == 27 and state.to_play == 0
    assert state.legal_actions() == (Go(0),)  # TC KC 6D: none fits under 31
    state, events = run(state, "p0 go")
    assert events == [] and state.to_play == 1 and state.said_go == (True, False)
    assert state.legal_actions() == (Play(1, parse_card("4H")),)  # KH does not fit
    assert_refused(state, Go(1), "you can play", "27")
    assert_refused(state, Play(1, parse_card("KH")), "count would be 37")
    state, events = run(state, "p1 play 4H")
    assert summary(events) == [(1, "play", "thirty_one", 2, 2)]
    assert events[0].item.call == "thirty-one for two"
    # the count resets and the player who did not play the last card leads
    assert state.count == 0 and state.series == () and state.said_go == (False, False)
    assert state.play_log[-1].reset and state.play_log[-1].count == 31
    assert state.to_play == 0


def test_player_without_cards_is_skipped_and_the_other_plays_on() -> None:
    state, _ = to_the_play(
        "9C TC KC 6D AS 3S", "QH 8H 4H KH 2D 7S", "AS 3S", "2D 7S", "2S", dealer=0
    )
    state, _ = run(state, "p1 play QH", "p0 play 9C", "p1 play 8H", "p0 go", "p1 play 4H")
    state, events = run(state, "p0 play TC", "p1 play KH")
    assert events == [] and state.held == ((parse_card("KC"), parse_card("6D")), ())
    before_six = state
    state, events = run(state, "p0 play 6D")
    # p1 has no cards and KC does not fit on 26: one for the go to p0, automatically,
    # then p1 (who did not play the last card) has no cards, so p0 leads again.
    assert summary(events) == [(0, "play", "go", 1, 1)]
    assert events[0].item.cards == (parse_card("6D"),)
    assert state.phase is Phase.PLAY and state.to_play == 0 and state.count == 0
    assert before_six.scores == (0, 2)
    state, events = run(state, "p0 play KC")
    assert play_events(events) == [(0, "play", "last_card", 1, 2)]
    assert events[0].item.call == "one for last"
    assert state.phase is Phase.SHOW


def test_only_sevens_left_at_27_one_for_the_go() -> None:
    state, _ = to_the_play(
        "9C TC KC 6D AS 3S", "QH 8H 7S 7D 2D 4H", "AS 3S", "2D 4H", "2S", dealer=0
    )
    state, events = run(state, "p1 play QH", "p0 play 9C", "p1 play 8H")
    assert events == [] and state.legal_actions() == (Go(0),)
    # p1 played the last card and cannot play either: the go point is pegged at once,
    # p1 never has to say go itself.
    state, events = run(state, "p0 go")
    assert summary(events) == [(1, "play", "go", 1, 1)]
    assert events[0].item.call == "one for the go"
    assert state.count == 0 and state.to_play == 0  # p1 played the last card: p0 leads
    assert state.play_log[-1].card is None and state.play_log[-1].reset


def test_after_a_go_the_other_plays_every_card_they_can() -> None:
    state, _ = to_the_play(
        "QC 7C 8C 9C AD 2S", "KH 5H 2H 3H 4S 6S", "AD 2S", "4S 6S", "TD", dealer=0
    )
    state, events = run(state, "p1 play KH", "p0 play QC", "p1 play 5H", "p0 go")
    assert events == [] and state.to_play == 1
    state, events = run(state, "p1 play 2H")
    assert events == [] and state.to_play == 1 and state.count == 27  # p1 plays on
    state, events = run(state, "p1 play 3H")
    # p1 is out of cards, p0 said go: one for the go to p1 for the 3H at 30
    assert summary(events) == [(1, "play", "go", 1, 1)]
    assert state.to_play == 0 and state.count == 0
    state, events = run(state, "p0 play 7C")
    assert events == [] and state.to_play == 0  # p1 has no cards: skipped
    state, events = run(state, "p0 play 8C")
    assert summary(events) == [(0, "play", "fifteen", 2, 2)]
    state, events = run(state, "p0 play 9C")
    assert play_events(events) == [(0, "play", "run", 3, 5), (0, "play", "last_card", 1, 6)]
    assert state.phase is Phase.SHOW


def test_pairs_and_runs_never_span_a_reset() -> None:
    state, _ = to_the_play(
        "QC 5C 4C 3C AD 2S", "KH 6H 5H 6D 9S TS", "AD 2S", "9S TS", "8D", dealer=0
    )
    state, events = run(state, "p1 play KH", "p0 play QC", "p1 play 6H", "p0 play 5C")
    assert summary(events) == [(0, "play", "thirty_one", 2, 2)]
    assert state.to_play == 1  # p0 played the 31: p1 leads
    state, events = run(state, "p1 play 5H")  # no pair with the 5C before the reset
    assert events == []
    state, events = run(state, "p0 play 4C")  # 6H 5C 5H 4C would not matter either
    assert events == []
    state, events = run(state, "p1 play 6D")
    assert summary(events) == [(1, "play", "fifteen", 2, 2), (1, "play", "run", 3, 5)]
    state, events = run(state, "p0 play 3C")
    assert play_events(events) == [(0, "play", "run", 4, 6), (0, "play", "last_card", 1, 7)]
    assert [e.item.cards for e in events[:1]] == [tuple(map(parse_card, "5H 4C 6D 3C".split()))]


def test_last_card_making_31_scores_two_and_no_point_for_last() -> None:
    state, _ = to_the_play(
        "QC 6C 4C 8C AD 2S", "KH 5H TH 9H 3S 7S", "AD 2S", "3S 7S", "KD", dealer=0
    )
    state, events = run(
        state,
        "p1 play KH",
        "p0 play QC",
        "p1 play 5H",
        "p0 play 6C",
        "p1 play TH",
        "p0 play 4C",
        "p1 play 9H",
    )
    assert summary(events) == [(0, "play", "thirty_one", 2, 2)]
    state, events = run(state, "p0 play 8C")
    assert play_events(events) == [(0, "play", "thirty_one", 2, 4)]
    assert ScoreKind.LAST_CARD not in {e.item.kind for e in events}
    assert state.phase is Phase.SHOW


def test_pegs_leapfrog() -> None:
    state, _ = to_the_play(
        "QC 7C 8C 9C AD 2S", "KH 5H 2H 3H 4S 6S", "AD 2S", "4S 6S", "TD", dealer=0
    )
    state, _ = run(state, "p1 play KH", "p0 play QC", "p1 play 5H", "p0 go", "p1 play 2H")
    state, _ = run(state, "p1 play 3H", "p0 play 7C")
    assert state.pegs == (Pegs(0, 0), Pegs(1, 0))
    state, _ = run(state, "p0 play 8C")
    assert state.pegs[0] == Pegs(2, 0)
    state, events = run(state, "p0 play 9C")
    p0_scores = [0, 2] + [e.score for e in events if e.player == 0]
    assert state.pegs[0] == Pegs(p0_scores[-1], p0_scores[-2])
    assert p0_scores[2:4] == [5, 6]  # run of three then one for last, then the show


def test_the_play_ends_the_game_on_the_card_that_reaches_121() -> None:
    state, _ = to_the_play(
        "QC 7C 8C 9C AD 2S",
        "KH 5H 2H 3H 4S 6S",
        "AD 2S",
        "4S 6S",
        "TD",
        dealer=0,
        scores=(119, 50),
    )
    state, _ = run(state, "p1 play KH", "p0 play QC", "p1 play 5H", "p0 go")
    state, _ = run(state, "p1 play 2H", "p1 play 3H", "p0 play 7C")
    state, events = run(state, "p0 play 8C")
    assert summary(events) == [(0, "play", "fifteen", 2, 121)]
    assert state.is_over and state.outcome is not None and state.outcome.winner == 0
    assert state.held[0] == (parse_card("9C"),) and state.shows == ()
    assert state.to_play is None and state.legal_actions() == ()
    assert_refused(state, Play(0, parse_card("9C")), "game_over")


def test_a_go_point_can_win_the_game() -> None:
    state, _ = to_the_play(
        "9C TC KC 6D AS 3S",
        "QH 8H 7S 7D 2D 4H",
        "AS 3S",
        "2D 4H",
        "2S",
        dealer=0,
        scores=(100, 120),
    )
    state, _ = run(state, "p1 play QH", "p0 play 9C", "p1 play 8H")
    state, events = run(state, "p0 go")
    assert summary(events) == [(1, "play", "go", 1, 121)]
    assert state.is_over and state.to_play is None
    assert state.count == 27  # the game ended on the go: the count never reset
