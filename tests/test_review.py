"""Game review: each decision priced exactly as the analyses price it, from the seat's view."""

from __future__ import annotations

import dataclasses

import pytest

from cribkit.actions import Discard, Go, Play
from cribkit.analysis.discard import HOLDS
from cribkit.analysis.pegging import expert_plays
from cribkit.analysis.pegvalue import hold_values_with_pegging
from cribkit.analysis.review import DecisionKind, Unit, price_decision, review_game
from cribkit.analysis.winprob import endgame_for_play, expert_discard_chances
from cribkit.cards import DECK
from cribkit.errors import CribkitError
from cribkit.game import Game
from cribkit.players import make_strategy
from cribkit.record import GameRecord
from cribkit.state import GameState, Phase
from cribkit.view import view_of
from state_support import new_hand, to_the_play

EXACT = 1e-9


def _played(seed: int, first: str, second: str) -> GameRecord:
    game = Game(seed=seed)
    players = [make_strategy(first, seed=seed), make_strategy(second, seed=seed + 1)]
    while not game.is_over:
        player = game.state.players_to_move()[0]
        game.apply(players[player].choose(game.view(player)))
    return GameRecord.of(game)


@pytest.fixture(scope="module")
def expert_game() -> GameRecord:
    return _played(11, "expert", "expert")


@pytest.fixture(scope="module")
def greedy_game() -> GameRecord:
    return _played(5, "greedy", "expert")


@pytest.mark.heavy
@pytest.mark.parametrize("seat", [0, 1])
def test_the_expert_against_itself_loses_nothing(expert_game: GameRecord, seat: int) -> None:
    review = review_game(expert_game, seat)
    kinds = {decision.kind for decision in review.decisions}
    assert {DecisionKind.DISCARD, DecisionKind.PLAY} <= kinds
    assert all(decision.lost < EXACT for decision in review.decisions), review.mistakes()
    assert review.lost_points < EXACT and review.lost_win_chance < EXACT


def test_a_bad_discard_costs_exactly_the_analysis_difference() -> None:
    """Hand and crib from the exact analysis, plus the pegging of the kept ranks."""
    state = new_hand("5H 5D 5C JS 4D KC", "AC 2C 3C 4C 6C 7C", dealer=0)
    view = view_of(state, 0)
    values = hold_values_with_pegging(view.hand, dealer=True)
    worst, top = int(values.argmin()), int(values.argmax())
    throw = [view.hand[i] for i in HOLDS[worst][1]]
    decision = price_decision(view, Discard(0, (throw[0], throw[1])))
    assert decision.kind is DecisionKind.DISCARD and decision.unit is Unit.POINTS
    assert decision.lost == pytest.approx(values[top] - values[worst], abs=EXACT)
    assert set(decision.best) == {view.hand[i] for i in HOLDS[top][1]}
    assert decision.lost > 4  # throwing two of the three fives gives away a lot
    best = price_decision(view, Discard(0, (decision.best[0], decision.best[1])))
    assert best.lost == pytest.approx(0.0, abs=EXACT)


def test_a_bad_play_costs_exactly_the_search_difference() -> None:
    state, _ = to_the_play(
        "5H 5D 6C 7S JD KC", "AC 2C 3C 4C 8D 9H", "JD KC", "AC 2C", "QS", dealer=0
    )
    assert state.to_play == 1
    view = view_of(state, 1)
    assert endgame_for_play(view) is None
    plays = expert_plays(view)
    worst, best = plays[-1], plays[0]
    assert worst.expected_net_points < best.expected_net_points
    decision = price_decision(view, Play(1, worst.card))
    assert decision.kind is DecisionKind.PLAY and decision.unit is Unit.POINTS
    expected = best.expected_net_points - worst.expected_net_points
    assert decision.lost == pytest.approx(expected, abs=EXACT)
    assert decision.best == (best.card,)


def test_the_why_of_a_bad_play_sets_the_best_card_against_the_card_played() -> None:
    """Not against the runner-up: the reader wants to know what their own card cost."""
    state, _ = to_the_play(
        "5H 5D 6C 7S JD KC", "AC 2C 3C 4C 8D 9H", "JD KC", "AC 2C", "QS", dealer=0
    )
    view = view_of(state, 1)
    plays = expert_plays(view)
    best, runner, worst = plays[0], plays[1], plays[-1]
    assert worst.card.rank not in (best.card.rank, runner.card.rank)
    why = price_decision(view, Play(1, worst.card)).why
    assert why.startswith(f"Play {best.card.unicode}")
    net = f"{worst.expected_net_points:+.2f}"
    assert f"against {net} for {worst.card.unicode}, your card." in why
    assert runner.card.unicode not in why
    # the best card played: set against the runner-up, as the table's Hint says it
    said = price_decision(view, Play(1, best.card)).why
    assert runner.card.unicode in said and "your card" not in said


def test_near_the_end_a_discard_is_priced_in_winning_chances() -> None:
    state = new_hand("5H 5D 5C JS 4D KC", "AC 2C 3C 4C 6C 7C", dealer=0, scores=(108, 112))
    view = view_of(state, 0)
    chances = expert_discard_chances(view)  # the expert's: pegging value included
    worst = min(range(len(HOLDS)), key=lambda h: chances[h])
    throw = tuple(view.hand[i] for i in HOLDS[worst][1])
    decision = price_decision(view, Discard(0, (throw[0], throw[1])))
    assert decision.unit is Unit.WIN_CHANCE
    assert decision.lost == pytest.approx(max(chances) - chances[worst], abs=EXACT)
    assert 0 < decision.lost <= 1


def test_near_the_end_a_play_is_priced_in_winning_chances() -> None:
    state, _ = to_the_play(
        "5H 5D 6C 7S JD KC",
        "AC 2C 3C 4C 8D 9H",
        "JD KC",
        "AC 2C",
        "QS",
        dealer=0,
        scores=(113, 115),
    )
    view = view_of(state, 1)
    endgame = endgame_for_play(view)
    assert endgame is not None
    plays = expert_plays(view, endgame)
    for evaluation in plays:
        decision = price_decision(view, Play(1, evaluation.card))
        assert decision.unit is Unit.WIN_CHANCE
        assert plays[0].win_probability is not None and evaluation.win_probability is not None
        expected = plays[0].win_probability - evaluation.win_probability
        assert decision.lost == pytest.approx(expected, abs=EXACT)
        if evaluation.card.rank != plays[0].card.rank:
            assert (
                f"chance to win: {plays[0].win_probability:.0%}, against "
                f"{evaluation.win_probability:.0%} for {evaluation.card.unicode}."
            ) in decision.why


def _with_other_hidden_cards(state: GameState, seat: int) -> GameState:
    """The same game from ``seat``'s side, but the opponent holds other unseen cards."""
    opponent = 1 - seat
    taken = set(state.dealt[0]) | set(state.dealt[1]) | {state.starter}
    fresh = iter(card for card in reversed(DECK) if card not in taken)
    swap = {card: next(fresh) for card in state.held[opponent]}
    dealt = list(state.dealt)
    dealt[opponent] = tuple(swap.get(card, card) for card in state.dealt[opponent])
    held = list(state.held)
    held[opponent] = tuple(swap[card] for card in state.held[opponent])
    return dataclasses.replace(state, dealt=(dealt[0], dealt[1]), held=(held[0], held[1]))


@pytest.mark.heavy
def test_a_decision_is_judged_only_on_what_the_seat_could_see(greedy_game: GameRecord) -> None:
    checked = 0
    for index, step in enumerate(greedy_game.replay()):
        action = step.action
        if not isinstance(action, Play) or action.player != 0 or not step.before.held[1]:
            continue
        other = _with_other_hidden_cards(step.before, 0)
        assert other.held[1] != step.before.held[1]
        view, other_view = view_of(step.before, 0), view_of(other, 0)
        assert view == other_view
        decision = price_decision(view, action, step=index)
        assert price_decision(other_view, action, step=index) == decision
        assert decision in review_game(greedy_game, 0).decisions
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def test_review_totals_and_per_hand_agree(greedy_game: GameRecord) -> None:
    review = review_game(greedy_game, 0)
    assert review.lost_points > 0  # greedy throws and plays worse than the analyses
    assert all(decision.lost >= 0 for decision in review.decisions)
    hands = review.per_hand
    assert sum(h.points for h in hands) == pytest.approx(review.lost_points)
    assert sum(h.win_chance for h in hands) == pytest.approx(review.lost_win_chance)
    assert review.accuracy == pytest.approx(review.lost_points / len(hands))
    mistakes = review.mistakes()
    assert mistakes and all(m.lost > 0 for m in mistakes)
    steps = [step.action for step in greedy_game.replay()]
    for decision in review.decisions:
        assert getattr(steps[decision.step], "player", None) == 0


@pytest.mark.heavy
def test_go_is_a_decision_that_never_costs(greedy_game: GameRecord) -> None:
    goes = [d for seat in (0, 1) for d in review_game(greedy_game, seat).decisions]
    goes = [d for d in goes if d.kind is DecisionKind.GO]
    assert goes, "the game should contain a go"
    assert all(d.lost == 0 and d.chosen == () for d in goes)
    assert all(d.to_dict()["chosen"] == "go" == d.to_dict()["best"] for d in goes)


def test_json_form_has_the_documented_fields(greedy_game: GameRecord) -> None:
    data = review_game(greedy_game, 0).to_dict()
    assert {"seat", "decisions", "lost_points", "lost_win_chance", "per_hand"} <= set(data)
    decisions = data["decisions"]
    assert isinstance(decisions, list)
    for item in decisions:
        assert {"hand", "kind", "chosen", "best", "lost", "unit"} <= set(item)
        assert item["kind"] in ("discard", "play", "go")
        assert item["unit"] in ("points", "win_chance")
        assert item["lost"] >= 0


def test_an_action_the_view_does_not_allow_is_refused() -> None:
    state = new_hand("5H 5D 5C JS 4D KC", "AC 2C 3C 4C 6C 7C", dealer=0)
    view = view_of(state, 0)
    assert view.phase is Phase.DISCARD
    with pytest.raises(CribkitError) as caught:
        price_decision(view, Go(0))
    assert caught.value.code == "review_illegal"
    with pytest.raises(CribkitError):
        review_game(GameRecord(state.rules, 1, ()), 2)
