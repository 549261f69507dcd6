"""The pone's lead table: rows rebuilt match the shipped ones, a row is the search's value
of each lead over every dealer keep, and the expert, its hints and reviews read it at the
first lead only."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from cribkit.actions import Play
from cribkit.analysis import pegging
from cribkit.analysis.leads import LEAD_TABLE, first_lead_values, is_first_lead, lead_table
from cribkit.analysis.pegging import PLAIN_SEARCH, PLAUSIBILITY, best_play, evaluate_plays
from cribkit.analysis.pegsolver import net_value, successors
from cribkit.analysis.pegvalue import KEEPS, exact_leads, keep_index, opponent_keeps
from cribkit.errors import CribkitError
from cribkit.players.expert import Expert2026Strategy, ExpertStrategy
from cribkit.view import PlayerView, view_of
from script_support import load_script
from state_support import to_the_play, with_scores


def first_lead(scores: tuple[int, int] = (0, 0)) -> PlayerView:
    """Seat 1, the pone, about to lead 4♣ 7♦ 7♥ J♠ (the dealer keeps 2♠ 3♦ 9♣ K♥)."""
    state, _ = to_the_play(
        "2S 3D 9C KH 5C 6C", "4C 7D 7H JS QD AH", "5C 6C", "QD AH", "8S", scores=scores
    )
    return view_of(with_scores(state, scores), 1)


@pytest.mark.heavy
@pytest.mark.parametrize("ranks", [(1, 2, 3, 4), (5, 5, 10, 11), (3, 6, 8, 8)])
def test_a_rebuilt_row_matches_the_shipped_table(ranks: tuple[int, ...]) -> None:
    row = keep_index(ranks)
    [(got_row, values)] = load_script("build_leads").lead_rows([row])
    shipped = lead_table().value[row]
    assert got_row == row and lead_table().plausibility == PLAUSIBILITY
    held = sorted(set(ranks))
    assert [r for r in range(14) if not np.isnan(shipped[r])] == held
    assert values[held] == pytest.approx(shipped[held], abs=1e-5)


@pytest.mark.heavy
@pytest.mark.parametrize("keeps", ["keeps", "keeps-shipped"])
def test_a_row_is_each_leads_value_over_every_dealer_keep(keeps: str) -> None:
    """Worked out here through the public search, edge by edge, not through ``_nets``, the
    dealer's keeps weighed by either keep table (``build_leads.py --keep-table``)."""
    keep = (2, 2, 9, 13)
    others, weights = opponent_keeps(keep, PLAUSIBILITY, True, keeps)
    expected = dict.fromkeys(set(keep), 0.0)
    for other, weight in zip(others.tolist(), weights.tolist(), strict=True):
        for rank, points, after in successors((keep, KEEPS[other], (), 0, 0)):
            expected[rank] += weight * (points + (0 if after is None else net_value(after)))
    [(_, got)] = load_script("build_leads").lead_rows([keep_index(keep)], keep_table=keeps)
    assert {rank: got[rank] for rank in expected} == pytest.approx(expected)
    pinned = exact_leads(keep_index(keep))
    assert (keeps == "keeps") == bool(np.allclose(got, pinned, equal_nan=True))
    assert np.isnan(got[[r for r in range(1, 14) if r not in keep]]).all()


def test_the_shipped_table_has_every_kept_hand() -> None:
    value = lead_table().value
    assert value.shape == (1820, 14)
    held = ~np.isnan(value)
    assert not held[:, 0].any()
    assert [set(np.flatnonzero(held[row])) for row in range(1820)] == [set(k) for k in KEEPS]
    # a lead gives the dealer the first reply: on average the pone loses the play
    assert float(np.nanmax(value, axis=1).mean()) < 0


def test_the_first_lead_is_the_pones_first_card_only() -> None:
    view = first_lead()
    assert is_first_lead(view)
    assert first_lead_values(view) is not None and first_lead_values(view, None) is None
    assert sorted(first_lead_values(view) or {}) == [4, 7, 11]
    dealer = dataclasses.replace(view, player=0, to_play=0)
    assert not is_first_lead(dealer) and first_lead_values(dealer) is None
    game_state = to_the_play("2S 3D 9C KH 5C 6C", "4C 7D 7H JS QD AH", "5C 6C", "QD AH", "8S")[
        0
    ].apply(Play(1, view.hand[0]))
    after = view_of(game_state.state, 0)
    assert not is_first_lead(after) and first_lead_values(after) is None


def test_the_search_reads_the_table_at_the_first_lead() -> None:
    view = first_lead()
    values = first_lead_values(view)
    assert values is not None
    rated = evaluate_plays(view)
    assert [e.expected_net_points for e in rated] == sorted(
        (values[int(e.card.rank)] for e in rated), reverse=True
    )
    assert best_play(view) == rated[0].card
    sampled = evaluate_plays(view, dataclasses.replace(PLAIN_SEARCH, lead_table=None))
    assert {e.card for e in sampled} == {e.card for e in rated}
    assert [e.expected_net_points for e in sampled] != [e.expected_net_points for e in rated]


@pytest.mark.heavy
def test_near_121_and_without_the_keep_model_the_search_decides(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def refuse(*_: object) -> None:
        raise AssertionError("the lead table was read")

    monkeypatch.setattr(pegging, "first_lead_values", refuse)
    near = first_lead(scores=(110, 112))
    ExpertStrategy(seed=1, lead_table=LEAD_TABLE).choose(near)
    Expert2026Strategy(seed=1).choose(first_lead())
    best_play(first_lead(), dataclasses.replace(PLAIN_SEARCH, keep_model=False))


def test_the_expert_leads_by_the_table() -> None:
    view = first_lead()
    assert ExpertStrategy(seed=3, lead_table=LEAD_TABLE).choose(view) == Play(
        1, best_play(view, dataclasses.replace(PLAIN_SEARCH, lead_table=LEAD_TABLE))
    )


def test_a_missing_table_says_how_to_build_it() -> None:
    with pytest.raises(CribkitError, match="build_leads"):
        lead_table("no-such-table")
