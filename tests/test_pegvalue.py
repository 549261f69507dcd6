"""The pegging-value table: its rows, the opponent model it was built with, a rebuilt
sample matching the shipped entries, and what it says about holds."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from cribkit.analysis.discard import HOLDS, analyze_discard, hold_throws
from cribkit.analysis.pegging import PLAUSIBILITY
from cribkit.analysis.pegsolver import net_value
from cribkit.analysis.pegvalue import (
    EXACT_PEG_TABLE,
    KEEPS,
    SEARCHED_PEG_TABLE,
    estimate_entry,
    exact_entry,
    exact_means,
    hold_pegging,
    keep_index,
    opponent_keeps,
    peg_table,
    pegging_by_throw,
    pegging_weight,
    weighted_value,
)
from cribkit.cards import parse_cards
from cribkit.errors import CribkitError
from script_support import load_script


def test_rows_are_every_multiset_of_four_ranks_once() -> None:
    assert len(KEEPS) == len(set(KEEPS)) == 1820
    assert all(list(keep) == sorted(keep) and keep[0] >= 1 and keep[-1] <= 13 for keep in KEEPS)
    assert keep_index((13, 1, 5, 5)) == KEEPS.index((1, 5, 5, 13))
    with pytest.raises(CribkitError, match="four ranks"):
        keep_index((1, 2, 3))


def test_opponent_hands_leave_the_kept_cards_out() -> None:
    rows, probabilities = opponent_keeps((5, 5, 5, 11), PLAUSIBILITY)
    assert probabilities.sum() == pytest.approx(1.0)
    hands = [KEEPS[row] for row in rows]
    assert all(hand.count(5) <= 1 and hand.count(11) <= 3 for hand in hands)
    assert (5, 11, 11, 11) in hands and (11, 11, 11, 11) not in hands
    # suit choices count: (1, 2, 3, 4) can be dealt 4**4 ways, (1, 1, 1, 1) one way
    uniform_rows, uniform = opponent_keeps((5, 5, 5, 11), 0.0)
    by_hand = dict(zip((KEEPS[r] for r in uniform_rows), uniform, strict=True))
    assert by_hand[(1, 2, 3, 4)] == pytest.approx(256 * by_hand[(1, 1, 1, 1)])


def test_an_entry_is_the_mean_of_its_solved_deals() -> None:
    row = keep_index((2, 3, 4, 4))
    mean, error = estimate_entry(row, 0, samples=5, seed=9)
    rows, probabilities = opponent_keeps(KEEPS[row], PLAUSIBILITY)
    drawn = rows[np.random.default_rng([9, 0, row]).choice(len(rows), 5, p=probabilities)]
    values = [net_value((KEEPS[row], KEEPS[other], (), 0, 0)) for other in drawn]
    assert mean == pytest.approx(np.mean(values))
    assert error == pytest.approx(np.std(values, ddof=1) / np.sqrt(5))


@pytest.mark.heavy
@pytest.mark.parametrize(("ranks", "role"), [((1, 2, 3, 4), 0), ((5, 10, 11, 13), 1)])
def test_a_rebuilt_sample_matches_the_shipped_table(ranks: tuple[int, ...], role: int) -> None:
    table = peg_table(SEARCHED_PEG_TABLE)
    script = load_script("build_pegging")
    row = keep_index(ranks)
    [(got_role, got_row, mean, error)] = script.build_rows(
        [(role, row)], samples=table.samples, seed=table.seed, keep_model=table.keep_model
    )
    assert (got_role, got_row) == (role, row)
    assert table.plausibility == PLAUSIBILITY
    assert mean == pytest.approx(table.mean[role, row], abs=1e-5)
    assert error == pytest.approx(table.error[role, row], abs=1e-5)


def test_the_shipped_table_is_complete_and_precise() -> None:
    table = peg_table(SEARCHED_PEG_TABLE)
    assert table.mean.shape == table.error.shape == (2, 1820)
    assert table.samples >= 200
    assert np.all(table.error > 0) and float(np.median(table.error)) < 0.12
    # the dealer, who answers the lead and usually plays last, pegs more on average
    assert table.mean[1].mean() > table.mean[0].mean()


def test_holds_get_the_pegging_of_their_ranks() -> None:
    dealt = parse_cards("2H 3S 4D 4C 9H KS")
    values = hold_pegging(dealt, dealer=False)
    assert values.shape == (len(HOLDS),)
    ranks = [int(card.rank) for card in dealt]
    for h, (keep, _) in enumerate(HOLDS):
        row = keep_index([ranks[i] for i in keep])
        assert values[h] == peg_table().mean[0, row]
    # a low run with a pair pegs better than any hold with the king and nine
    best = max(range(len(HOLDS)), key=lambda h: values[h])
    assert Counter(ranks[i] for i in HOLDS[best][0]) == Counter((2, 3, 4, 4))


@pytest.mark.parametrize("dealer", [False, True])
def test_each_option_finds_its_own_pegging_by_what_it_throws(dealer: bool) -> None:
    """The options of a discard analysis are sorted best first, not in ``HOLDS`` order:
    the throw is the key that gives each the pegging of its own four kept cards."""
    dealt = parse_cards("2H 3S 4D 4C 9H KS")
    throws = hold_throws(dealt)
    assert len(set(throws)) == len(HOLDS) and all(len(throw) == 2 for throw in throws)
    pegging = pegging_by_throw(dealt, dealer=dealer)
    table = peg_table().mean[1 if dealer else 0]
    ranks = [int(card.rank) for card in dealt]
    weight = pegging_weight(dealer=dealer)
    for option in analyze_discard(dealt, dealer=dealer).options:
        row = keep_index(sorted(int(card.rank) for card in option.keep))
        assert pegging[frozenset(option.throw)] == pytest.approx(float(table[row]))
        expected = option.total_ev + weight * float(table[row])
        assert weighted_value(option, pegging, dealer=dealer) == pytest.approx(expected)
    assert sorted(pegging.values()) == sorted(
        float(table[keep_index([ranks[i] for i in keep])]) for keep, _ in HOLDS
    )


def test_a_deal_nets_the_pone_what_it_costs_the_dealer() -> None:
    """The exact build solves each pair of keeps once, for both players' entries."""
    rng = np.random.default_rng(5)
    checked = 0
    while checked < 25:
        pone, dealer = (KEEPS[row] for row in rng.choice(len(KEEPS), 2))
        if any(pone.count(rank) + dealer.count(rank) > 4 for rank in range(1, 14)):
            continue
        assert net_value((pone, dealer, (), 0, 0)) == -net_value((dealer, pone, (), 0, 1))
        checked += 1


@pytest.mark.slow
@pytest.mark.parametrize("keep_model", [False, True])
def test_the_exact_build_gives_each_role_its_exact_entry(keep_model: bool) -> None:
    """The build fills ``net[pone row, dealer row]`` from the pone's side only; the
    dealer's entries come from the columns. Filled for one keep's row and column, the
    combination gives that keep's ``exact_entry`` in both roles."""
    script = load_script("build_pegging")
    row = keep_index((5, 5, 10, 11))
    net = np.zeros((len(KEEPS), len(KEEPS)), dtype=np.int16)
    [(solved, others, values)] = script.solve_pone_rows([row])
    assert solved == row and len(others) == len(values) > 1_700
    net[row, others] = values
    for other in others.tolist():  # the column: this keep with the dealer
        net[other, row] = net_value((KEEPS[other], KEEPS[row], (), 0, 0))
    means = exact_means(net, keep_model=keep_model)
    for role in (0, 1):
        assert means[role, row] == pytest.approx(exact_entry(row, role, keep_model=keep_model))


@pytest.mark.slow
@pytest.mark.parametrize(("ranks", "role"), [((1, 2, 3, 4), 0), ((5, 10, 11, 13), 1)])
def test_the_shipped_exact_table_is_every_keep_weighed(ranks: tuple[int, ...], role: int) -> None:
    table = peg_table(EXACT_PEG_TABLE)
    row = keep_index(ranks)
    assert table.plausibility == PLAUSIBILITY and not table.keep_model
    assert table.mean[role, row] == pytest.approx(exact_entry(row, role), abs=1e-5)


def test_the_sampled_table_estimates_the_exact_one() -> None:
    """The sample's errors from the exact entries are its own noise: about one standard
    error each, never far beyond, and no bias either way."""
    sampled, exact = peg_table(SEARCHED_PEG_TABLE), peg_table(EXACT_PEG_TABLE)
    assert exact.samples == 0 and np.all(exact.error == 0)
    assert sampled.plausibility == exact.plausibility and sampled.keep_model == exact.keep_model
    z = (sampled.mean - exact.mean) / sampled.error
    assert float(np.abs(z).max()) < 5
    assert 0.9 < float(z.std()) < 1.1 and abs(float(z.mean())) < 0.1
