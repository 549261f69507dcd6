"""The keep model: random keeps' odds, the likelihood ratios, a rebuilt chunk matching the
shipped table, what it says a player keeps, and the opponent holdings it weights."""

from __future__ import annotations

import math

import numpy as np
import pytest

from cribkit.analysis.holdings import opponent_holdings
from cribkit.analysis.keepmodel import (
    CRIB_MODEL,
    KEEPS,
    SMOOTHING,
    crib_throws,
    keep_index,
    keep_likelihood,
    keep_table,
    likelihood_ratios,
    random_keep_probability,
    random_throw_probability,
    throw_likelihoods,
    throw_ratios,
)
from cribkit.analysis.pegvalue import opponent_keeps
from cribkit.analysis.shipped import shipped_arrays
from cribkit.game import Game
from cribkit.players import make_strategy
from cribkit.state import Phase
from cribkit.view import PlayerView
from script_support import load_script


def test_random_keeps_are_a_distribution() -> None:
    total = sum(random_keep_probability(keep) for keep in KEEPS)
    assert total == pytest.approx(1.0)
    # four of a kind one way, four distinct ranks 4**4 ways
    assert random_keep_probability((1, 2, 3, 4)) == pytest.approx(256 / math.comb(52, 4))
    assert random_keep_probability((7, 7, 7, 7)) == pytest.approx(1 / math.comb(52, 4))


def test_ratios_compare_counts_with_random_keeps() -> None:
    deals = 10_000
    expected = np.array([deals * random_keep_probability(keep) for keep in KEEPS])
    counts = np.zeros((2, len(KEEPS)), dtype=np.int64)
    counts[0, keep_index((5, 5, 10, 11))] = deals  # a pone who always keeps one hand
    counts[1] = np.round(expected).astype(np.int64)
    counts[1, 0] += deals - counts[1].sum()  # the dealer's count is the random one
    ratios = likelihood_ratios(counts)
    row = keep_index((5, 5, 10, 11))
    assert ratios[0, row] == pytest.approx((deals + SMOOTHING) / (expected[row] + SMOOTHING))
    never = keep_index((1, 2, 3, 4))  # never kept: unlikely, not impossible
    assert ratios[0, never] == pytest.approx(SMOOTHING / (expected[never] + SMOOTHING))
    assert 0 < ratios[0, never] < 0.1
    assert ratios[0].min() > 0
    middle = keep_index((3, 6, 9, 12))
    assert ratios[1, middle] == pytest.approx(1.0, abs=0.05)


@pytest.mark.heavy
@pytest.mark.parametrize("chunk", [0, 137])
def test_a_rebuilt_chunk_matches_the_shipped_digest(chunk: int) -> None:
    table = keep_table()
    script = load_script("build_keeps")
    keeps, throws = script.chunk_counts(chunk, seed=table.seed, deals=table.chunk_deals)
    assert keeps.sum(axis=1).tolist() == [table.chunk_deals, table.chunk_deals]
    assert throws.sum(axis=(1, 2)).tolist() == [table.chunk_deals, table.chunk_deals]
    assert not np.tril(throws, k=-1).any()  # each pair filed low rank first
    assert script.digest(keeps, throws) == table.digests[chunk]


def test_the_shipped_table_counts_every_deal_for_both_roles() -> None:
    table = keep_table()
    deals = len(table.digests) * table.chunk_deals
    assert deals >= 200_000
    assert table.counts.shape == (2, len(KEEPS))
    assert table.counts.sum(axis=1).tolist() == [deals, deals]
    assert table.throws.sum(axis=(1, 2)).tolist() == [deals, deals]
    assert np.allclose(table.ratios, likelihood_ratios(table.counts))
    assert np.allclose(table.throw_ratios, throw_ratios(table.throws))


def test_throw_ratios_are_symmetric_against_random_pairs() -> None:
    total = sum(
        random_throw_probability(low, high) for low in range(1, 14) for high in range(low, 14)
    )
    assert total == pytest.approx(1.0)
    throws = np.zeros((2, 13, 13), dtype=np.int64)
    throws[0, 4, 9] = 900  # 5 and 10
    throws[0, 0, 0] = 100  # two aces
    ratios = throw_ratios(throws)
    assert np.array_equal(ratios[0], ratios[0].T)
    expected = 1000 * random_throw_probability(5, 10)
    assert ratios[0, 9, 4] == pytest.approx((900 + SMOOTHING) / (expected + SMOOTHING))
    assert ratios[1].min() == pytest.approx(ratios[1].max())  # nothing seen: all alike


def test_pones_balk_and_dealers_feed_their_crib() -> None:
    pone, dealer = throw_likelihoods(False), throw_likelihoods(True)
    five, ten, king = 4, 9, 12  # rows are ranks less one
    assert pone[five, five] < 0.1 and pone[five, king] < 0.2  # a pone hardly throws a five
    assert dealer[five, five] > 1 > pone[five, five]
    assert pone[ten, king] > 2  # wide cards the dealer cannot pair into a run
    assert dealer[five, ten] > pone[five, ten]


def test_a_crib_is_valued_against_the_other_role_s_throws() -> None:
    """The dealer's crib gets the pone's throws and the pone feeds the dealer's: each
    role values a crib against the other's; without the crib model, every pair alike."""
    assert CRIB_MODEL  # the shipped expert's setting
    for dealer in (True, False):
        throws = crib_throws(dealer=dealer)
        assert throws is not None
        assert np.array_equal(throws, throw_likelihoods(not dealer))
        assert crib_throws(dealer=dealer, crib_model=False) is None


def test_players_keep_what_scores_and_throw_what_does_not() -> None:
    for dealer in (False, True):
        assert keep_likelihood((5, 5, 10, 11), dealer) > 5  # fifteens and a pair
        assert keep_likelihood((2, 3, 4, 4), dealer) > 5  # a double run
        assert keep_likelihood((1, 4, 9, 13), dealer) < 0.5  # nothing at all
    # a pone keeps nothing rather than hand the dealer points; a dealer would sooner
    # keep the wide cards and throw the scoring pair into its own crib
    assert keep_likelihood((1, 2, 12, 13), True) > keep_likelihood((1, 2, 12, 13), False)


def _first_play_views(games: int) -> list[PlayerView]:
    """Each player's view at their first card of each hand of a few expert games."""
    views: list[PlayerView] = []
    for seed in range(games):
        game = Game(seed=seed)
        players = [make_strategy("expert", seed=seed), make_strategy("expert", seed=seed + 1)]
        while not game.is_over:
            player = game.state.players_to_move()[0]
            view = game.view(player)
            if view.phase is Phase.PLAY and len(view.hand) == 4:
                views.append(view)
            game.apply(players[player].choose(view))
    return views


@pytest.mark.heavy
def test_opponent_holdings_weighed_by_the_keep_model() -> None:
    """Suit choices times the likelihood of the opponent's whole keep (the cards they have
    played and the ones they may hold) in the opponent's role."""
    for view in _first_play_views(2)[:12]:
        plain = opponent_holdings(view)
        model = opponent_holdings(view, keep_model=True)
        assert model.hands == plain.hands
        played = tuple(
            int(e.card.rank)
            for e in view.play_log
            if e.card is not None and e.player != view.player
        )
        for hand, ways, weight in zip(model.hands, plain.weights, model.weights, strict=True):
            keep = tuple(sorted(played + hand))
            assert weight == pytest.approx(ways * keep_likelihood(keep, not view.is_dealer))


def test_the_keep_table_names_whose_keeps_weigh_the_holdings() -> None:
    """Today's expert's keeps (``keeps-shipped``) and the session-9 expert's weigh the same
    holdings by their own likelihoods: the table named is the one read."""
    game = Game(seed=5)
    players = [make_strategy("expert", seed=5), make_strategy("expert", seed=6)]
    while (view := game.view(game.state.players_to_move()[0])).phase is not Phase.PLAY:
        game.apply(players[view.player].choose(view))
    plain = opponent_holdings(view)
    today = opponent_holdings(view, keep_model=True, keep_table="keeps-shipped")
    pinned = opponent_holdings(view, keep_model=True, keep_table="keeps")
    assert today.hands == pinned.hands == plain.hands
    for hand, ways, weight in zip(today.hands, plain.weights, today.weights, strict=True):
        assert weight == pytest.approx(ways * keep_likelihood(hand, True, "keeps-shipped"))
    assert today.weights != pinned.weights


def test_the_two_keep_tables_count_the_same_deals_kept_two_ways() -> None:
    """``keeps-shipped`` counts the pinned table's deals (same seed and chunks) kept by
    today's discard: the same totals, different keeps, and it says whose keeps it holds."""
    pinned, today = keep_table("keeps"), keep_table("keeps-shipped")
    assert today.seed == pinned.seed and today.digests != pinned.digests
    assert today.counts.sum(axis=1).tolist() == pinned.counts.sum(axis=1).tolist()
    assert not np.array_equal(today.counts, pinned.counts)
    assert bool(shipped_arrays("keeps-shipped", "build_keeps.py")["shipped_expert"])
    assert not shipped_arrays("keeps", "build_keeps.py").get("shipped_expert", False)


@pytest.mark.heavy
def test_a_rebuilt_chunk_of_todays_keeps_matches_its_digest() -> None:
    table = keep_table("keeps-shipped")
    script = load_script("build_keeps")
    keeps, throws = script.chunk_counts(
        3, seed=table.seed, deals=table.chunk_deals, shipped_expert=True
    )
    assert script.digest(keeps, throws) == table.digests[3]
    pinned, _ = script.chunk_counts(3, seed=table.seed, deals=table.chunk_deals)
    assert not np.array_equal(keeps, pinned)  # the flag changes whose keeps are counted


@pytest.mark.parametrize("strength", [0.0, 0.7, 1.4])
def test_the_keep_strength_raises_each_likelihood_to_its_power(strength: float) -> None:
    """At strength s a holding weighs its suit choices times the keep's likelihood to the
    power s: 0 forgets the model (every keep alike), 1 is the model as counted."""
    game = Game(seed=3)
    players = [make_strategy("expert", seed=3), make_strategy("expert", seed=4)]
    while (view := game.view(game.state.players_to_move()[0])).phase is not Phase.PLAY:
        game.apply(players[view.player].choose(view))
    plain = opponent_holdings(view)
    model = opponent_holdings(view, keep_model=True)
    tempered = opponent_holdings(view, keep_model=True, keep_strength=strength)
    assert tempered.hands == model.hands
    for ways, full, weight in zip(plain.weights, model.weights, tempered.weights, strict=True):
        assert weight == pytest.approx(ways * (full / ways) ** strength)
    if strength == 0.0:
        assert tempered.weights == pytest.approx(plain.weights)


def test_the_pegging_table_can_draw_keeps_by_the_model() -> None:
    rows, probabilities = opponent_keeps((5, 5, 5, 11), 0.0, True)
    uniform_rows, uniform = opponent_keeps((5, 5, 5, 11), 0.0)
    assert rows.tolist() == uniform_rows.tolist()
    assert probabilities.sum() == pytest.approx(1.0)
    by_keep = {KEEPS[r]: (p, u) for r, p, u in zip(rows, probabilities, uniform, strict=True)}
    ratio = {keep: p / u for keep, (p, u) in by_keep.items()}
    # against the uniform draw, each keep moves by its likelihood as the dealer's
    low, high = (1, 4, 9, 13), (2, 3, 4, 4)
    expected = keep_likelihood(high, True) / keep_likelihood(low, True)
    assert ratio[high] / ratio[low] == pytest.approx(expected)
