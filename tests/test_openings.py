"""Reading the play's first two cards: the lead's and the answer's likelihoods are
distributions over the ranks held, the search weighs the opponent's holdings by them (the
dealer by the pone's lead, the pone by the dealer's answer), the answer table's rows are
each answer's value over every pone keep, and the dealer answers from it when asked."""

from __future__ import annotations

import ast
import inspect
import textwrap
from dataclasses import replace

import numpy as np
import pytest

from cribkit.actions import Play
from cribkit.analysis import pegging
from cribkit.analysis.answers import (
    ANSWER_TABLE,
    answer_likelihood,
    answer_table,
    first_answer,
    first_answer_values,
    is_first_answer,
)
from cribkit.analysis.holdings import Holdings, opponent_holdings
from cribkit.analysis.keepmodel import KEEP_TABLE
from cribkit.analysis.leads import (
    ANSWERED_LEAD_TABLE,
    LEAD_TABLE,
    first_lead,
    first_lead_values,
    lead_likelihood,
    lead_table,
)
from cribkit.analysis.openings import UNREAD, OpeningReading, weigh_openings
from cribkit.analysis.pegging import (
    DEAL_LIMITS,
    PLAIN_SEARCH,
    PLAUSIBILITY,
    best_play,
    evaluate_plays,
)
from cribkit.analysis.pegsolver import net_value, successors
from cribkit.analysis.pegvalue import KEEPS, exact_answers, keep_index, opponent_keeps
from cribkit.analysis.pegwin import point_value, table_corrected_wins
from cribkit.analysis.winprob import endgame_for_play
from cribkit.cards import Card
from cribkit.errors import CribkitError
from cribkit.players.expert import Expert202612Strategy, ExpertStrategy
from cribkit.state import GameState
from cribkit.view import PlayerView, view_of
from script_support import load_script
from state_support import to_the_play

DEALT = ("2S 3D 9C KH 5C 6C", "4C 7D 7H JS QD AH", "5C 6C", "QD AH", "8S")
"""The dealer (seat 0) keeps 2♠ 3♦ 9♣ K♥; the pone keeps 4♣ 7♦ 7♥ J♠."""


def after(*cards: str, scores: tuple[int, int] = (0, 0)) -> GameState:
    """The play of ``DEALT`` from ``scores`` after the pone and dealer played ``cards`` in
    turn."""
    state, _ = to_the_play(*DEALT, scores=scores)
    for n, card in enumerate(cards):
        state = state.apply(Play(1 - n % 2, Card.parse(card))).state
    return state


def test_a_lead_is_read_as_a_distribution_over_the_ranks_held() -> None:
    keep = (4, 7, 7, 11)
    for strength in (0.0, 5.0, 50.0):
        chances = [lead_likelihood(keep, rank, strength, LEAD_TABLE) for rank in (4, 7, 11)]
        assert sum(chances) == pytest.approx(1.0)
    assert lead_likelihood(keep, 4, 0.0, LEAD_TABLE) == pytest.approx(1 / 3)
    values = lead_table().value[keep_index(keep)]
    best = max((4, 7, 11), key=lambda rank: values[rank])
    assert lead_likelihood(keep, best, 50.0, LEAD_TABLE) > lead_likelihood(
        keep, best, 5.0, LEAD_TABLE
    )


def test_only_the_dealer_reads_the_lead_and_only_once_it_is_made() -> None:
    state, _ = to_the_play(*DEALT)
    assert first_lead(view_of(state, 0)) is None  # nothing led yet
    led = after("7D")
    assert first_lead(view_of(led, 0)) == 7
    assert first_lead(view_of(led, 1)) is None  # the pone knows its own lead


def weighed_by(view: PlayerView, factor: object) -> None:
    """The holdings read by ``view``'s openings are the unread ones times ``factor``."""
    plain = opponent_holdings(view, plausibility=PLAUSIBILITY, keep_model=True)
    read = OpeningReading(LEAD_TABLE, 50.0, ANSWER_TABLE, 5.0)
    weighed = weigh_openings(view, plain, read)
    assert weighed.hands == plain.hands
    expected = [w * factor(hand) for hand, w in zip(plain.hands, plain.weights, strict=True)]  # type: ignore[operator]
    assert list(weighed.weights) == pytest.approx(expected)
    assert weigh_openings(view, plain, UNREAD) == plain


def test_the_dealer_weighs_the_pones_holdings_by_the_lead() -> None:
    view = view_of(after("7D"), 0)
    weighed_by(view, lambda hand: lead_likelihood(tuple(sorted((7, *hand))), 7, 50.0, LEAD_TABLE))


def test_the_pone_weighs_the_dealers_holdings_by_the_answer() -> None:
    view = view_of(after("7D", "9C"), 1)
    assert first_answer(view) == (7, 9)
    assert first_answer(view_of(after("7D", "9C"), 0)) is None
    weighed_by(
        view,
        lambda hand: answer_likelihood(tuple(sorted((9, *hand))), 7, 9, 5.0, ANSWER_TABLE),
    )


def test_near_121_the_openings_are_read_at_their_own_strengths(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    read = OpeningReading(LEAD_TABLE, 50.0, ANSWER_TABLE, 15.0, 5.0, 2.0)
    assert read.near_121() == OpeningReading(LEAD_TABLE, 5.0, ANSWER_TABLE, 2.0, 5.0, 2.0)
    assert not OpeningReading(LEAD_TABLE, 50.0, ANSWER_TABLE, 15.0).near_121()
    seen: list[OpeningReading] = []

    def recording(view: PlayerView, holdings: Holdings, reading: OpeningReading) -> Holdings:
        seen.append(reading)
        return weigh_openings(view, holdings, reading)

    monkeypatch.setattr(pegging, "weigh_openings", recording)
    for scores, expected in (((0, 0), read), ((100, 95), read.near_121())):
        view = view_of(after("7D", scores=scores), 0)
        endgame = endgame_for_play(view)
        assert (endgame is None) == (scores == (0, 0))
        best_play(view, replace(PLAIN_SEARCH, openings=read), endgame=endgame)
        assert seen.pop() == expected
    near = ExpertStrategy(seed=1, lead_reading_near_121=3.0, answer_reading_near_121=1.0)
    assert near.search.openings.near_121() == replace(
        ExpertStrategy(seed=1).search.openings,
        lead_strength=3.0,
        answer_strength=1.0,
        near_121_lead_strength=3.0,
        near_121_answer_strength=1.0,
    )


def test_an_answer_is_read_as_a_distribution_over_the_ranks_held() -> None:
    keep = (2, 3, 9, 13)
    for strength in (0.0, 5.0, 50.0):
        chances = [answer_likelihood(keep, 7, r, strength, ANSWER_TABLE) for r in keep]
        assert sum(chances) == pytest.approx(1.0)


def test_the_shipped_answer_table_has_every_kept_hand() -> None:
    table = answer_table()
    assert table.value.shape == (1820, 14, 14)
    assert table.plausibility == PLAUSIBILITY and table.lead_reading == 50.0
    for row in (0, 700, 1819):
        held = sorted(set(KEEPS[row]))
        for lead in range(1, 14):
            answered = [r for r in range(14) if not np.isnan(table.value[row, lead, r])]
            assert answered in ([], held)
    # the dealer answers with the lead known: on average it wins the play
    answerable = ~np.isnan(table.value[:, 5, :]).all(axis=1)
    best = np.nanmax(table.value[answerable, 5, :], axis=1)
    assert float(best.mean()) > 0


@pytest.mark.heavy
@pytest.mark.parametrize("ranks", [(1, 2, 3, 4), (5, 5, 10, 11)])
def test_a_rebuilt_row_matches_the_shipped_table(ranks: tuple[int, ...]) -> None:
    row = keep_index(ranks)
    [(got_row, values)] = load_script("build_answers").answer_rows([row], 50.0)
    shipped = answer_table().value[row]
    assert got_row == row
    assert values[~np.isnan(values)] == pytest.approx(shipped[~np.isnan(shipped)], abs=1e-5)
    assert (np.isnan(values) == np.isnan(shipped)).all()


@pytest.mark.heavy
@pytest.mark.parametrize("keeps", ["keeps", "keeps-shipped"])
def test_a_row_is_each_answers_value_over_every_pone_keep_holding_the_lead(keeps: str) -> None:
    """Worked out here through the public search, edge by edge, for one lead, the pone's
    keeps weighed by either keep table (``build_answers.py --keep-table``)."""
    keep, lead = (2, 3, 9, 13), 7
    others, weights = opponent_keeps(keep, PLAUSIBILITY, False, keeps)
    expected = dict.fromkeys(set(keep), 0.0)
    total = 0.0
    for other, weight in zip(others.tolist(), weights.tolist(), strict=True):
        pone = KEEPS[other]
        if lead not in pone:
            continue
        weight *= lead_likelihood(pone, lead, 50.0, LEAD_TABLE)
        total += weight
        rest = list(pone)
        rest.remove(lead)
        # the pone (seat 1) has led: seat 0, the dealer, answers
        for rank, points, later in successors((keep, tuple(rest), (lead,), 7, 0)):
            expected[rank] += weight * (points + (0 if later is None else net_value(later)))
    [(_, row)] = load_script("build_answers").answer_rows(
        [keep_index(keep)], 50.0, LEAD_TABLE, keeps
    )
    got = row[lead]
    assert {rank: got[rank] for rank in expected} == pytest.approx(
        {rank: value / total for rank, value in expected.items()}
    )
    other_table = exact_answers(keep_index(keep), 50.0, LEAD_TABLE, "keeps")[lead]
    assert (keeps == "keeps") == bool(np.allclose(got, other_table, equal_nan=True))


def test_the_dealer_answers_from_the_table_when_asked() -> None:
    view = view_of(after("7D"), 0)
    assert is_first_answer(view) and not is_first_answer(view_of(after("7D", "9C"), 1))
    values = first_answer_values(view)
    assert values is not None and sorted(values) == [2, 3, 9, 13]
    assert first_answer_values(view, None) is None
    answering = replace(PLAIN_SEARCH, answer_table=ANSWER_TABLE)
    rated = evaluate_plays(view, answering)
    assert [e.expected_net_points for e in rated] == sorted(
        (values[int(e.card.rank)] for e in rated), reverse=True
    )
    card = best_play(view, answering)
    assert card == rated[0].card
    assert ExpertStrategy(seed=1, answer_table=ANSWER_TABLE).choose(view) == Play(0, card)


def test_the_yardstick_writes_out_every_setting_of_the_expert() -> None:
    """``expert-2026-12`` must not move when a default of the expert does: its call to
    the expert's constructor names every setting."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(Expert202612Strategy.__init__)))
    (call,) = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "__init__"
    ]
    named = {keyword.arg for keyword in call.keywords}
    settings = set(inspect.signature(ExpertStrategy.__init__).parameters) - {"self"}
    assert named == settings


def test_the_yardstick_reads_no_opening() -> None:
    search = Expert202612Strategy(seed=1).search
    assert not search.openings and search.answer_table is None  # no opening card read
    assert search.later_reading == 0.0 and search.reply_reading == 0.0
    assert not search.committed_next_card


def test_a_missing_answer_table_says_how_to_build_it() -> None:
    with pytest.raises(CribkitError, match="build_answers"):
        answer_table("no-such-table")


@pytest.mark.heavy
@pytest.mark.parametrize("ranks", [(4, 4, 7, 11), (5, 5, 10, 11)])
def test_a_rebuilt_row_of_the_answered_lead_table_matches_the_shipped_one(
    ranks: tuple[int, ...],
) -> None:
    """``leads-answered``: each lead against dealers answering by ``answers-unread``."""
    row = keep_index(ranks)
    [(got_row, values)] = load_script("build_leads").lead_rows([row], "answers-unread", 50.0)
    shipped = lead_table(ANSWERED_LEAD_TABLE).value[row]
    held = sorted(set(ranks))
    assert got_row == row and values[held] == pytest.approx(shipped[held], abs=1e-5)
    # a dealer who cannot see the pone's hand answers worse: every lead is worth more
    assert (shipped[held] > lead_table().value[row][held]).all()


def test_a_net_point_near_121_is_worth_a_winning_chance_unless_one_can_peg_out() -> None:
    view = view_of(after("7D", scores=(100, 95)), 0)
    endgame = endgame_for_play(view)
    assert endgame is not None
    worth = point_value(endgame)
    assert 0.0 < worth < 0.1
    assert point_value(replace(endgame, need=(3, 26))) == 0.0
    wins = {4: 0.5, 9: 0.6}
    assert table_corrected_wins(wins, wins, wins, endgame) == wins  # no luck to take out
    corrected = table_corrected_wins(wins, {4: 1.0, 9: 2.0}, {4: 1.5, 9: 0.0}, endgame)
    assert corrected == pytest.approx({4: 0.5 + 0.5 * worth, 9: 0.6 - 2.0 * worth})


@pytest.mark.heavy
def test_near_121_the_opening_tables_correct_the_searched_chances() -> None:
    for view in (view_of(after("7D", scores=(100, 95)), 0), view_of(after(scores=(95, 100)), 1)):
        endgame = endgame_for_play(view)
        tables = replace(PLAIN_SEARCH, lead_table=LEAD_TABLE, answer_table=ANSWER_TABLE)
        correcting = replace(tables, tables_near_121=True)
        plain = evaluate_plays(view, tables, endgame=endgame)
        rated = evaluate_plays(view, correcting, endgame=endgame)
        values = first_answer_values(view) if view.is_dealer else first_lead_values(view)
        assert values is not None
        assert {e.card: e.expected_net_points for e in rated} == {
            e.card: values[int(e.card.rank)] for e in rated
        }
        assert {e.card for e in rated} == {e.card for e in plain}
        assert rated != plain
        assert best_play(view, correcting, endgame=endgame) == rated[0].card
        strategy = ExpertStrategy(
            seed=1,
            tables_near_121=True,
            keep_table=KEEP_TABLE,  # evaluate_plays' keeps, as above
            lead_table=LEAD_TABLE,
            endgame_limits=DEAL_LIMITS,
            lead_reading_near_121=0.0,
            answer_reading_near_121=0.0,
        )
        assert strategy.choose(view) == Play(view.player, rated[0].card)
