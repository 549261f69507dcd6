"""The win-probability table: its sanity (bounds, monotone, complementary, the first
dealer's edge), the dynamic programming on a case solved by hand, and the endgame
choices it drives."""

from __future__ import annotations

import random
from types import ModuleType

import numpy as np
import pytest

from cribkit.analysis.discard import HOLDS, analyze_discard
from cribkit.analysis.winprob import (
    MAX_PEG,
    MAX_SHOW,
    TABLE,
    TABLE_2026,
    TARGET,
    discard_win_chances,
    show_stage,
    stage_knowing_their_hand,
    win_probability,
    win_table,
)
from cribkit.cards import DECK
from cribkit.errors import CribkitError
from cribkit.players import make_strategy
from cribkit.players.expert import ExpertStrategy
from script_support import load_script
from state_support import discard_view


def _build_script() -> ModuleType:
    return load_script("build_winprob")


def test_probabilities_are_bounded_and_complementary() -> None:
    start = win_table().start
    assert start.shape == (TARGET, TARGET)
    assert np.all((start >= 0) & (start <= 1 + 1e-6))
    rng = random.Random(3)
    for _ in range(200):
        a, b = rng.randrange(TARGET), rng.randrange(TARGET)
        mine = win_probability(a, b, dealer=False)
        assert mine + win_probability(b, a, dealer=True) == pytest.approx(1.0)


def test_monotone_in_own_score() -> None:
    start = win_table().start  # pone's chance, [pone, dealer]
    assert np.all(np.diff(start, axis=0) >= -1e-5)  # more for the pone helps the pone
    assert np.all(np.diff(start, axis=1) <= 1e-5)  # more for the dealer hurts the pone


def test_first_dealer_advantage_and_targets() -> None:
    assert 0.53 <= win_probability(0, 0, dealer=True) <= 0.58
    assert win_probability(TARGET, 100, dealer=False) == 1.0
    assert win_probability(100, TARGET, dealer=True) == 0.0
    assert win_probability(120, 0, dealer=False) > 0.99  # the pone counts first
    assert win_probability(0, 120, dealer=False) < 0.01


def test_distributions_are_distributions() -> None:
    table = win_table()
    for dist in (table.pegging, table.pone_hand, table.dealer_hand, table.crib):
        assert dist.sum() == pytest.approx(1.0)
        assert np.all(dist >= 0)
    assert table.pegging[0, 0] == 0.0  # somebody always takes the last card


def test_dynamic_programming_on_a_case_solved_by_hand() -> None:
    """Hands score nothing and the dealer pegs exactly one (the last card): the players
    gain a point in turn, so the pone wins exactly when already ahead."""
    script = _build_script()
    joint = np.zeros((MAX_PEG, MAX_PEG))
    joint[0, 1] = 1.0
    pone_first = np.zeros((MAX_PEG + 1, MAX_PEG + 1))  # the pone never pegs
    pone_hand = np.zeros(MAX_SHOW)
    pone_hand[0] = 1.0
    dealer_total = np.zeros(2 * MAX_SHOW)
    dealer_total[0] = 1.0
    start, _ = script.solve(joint, pone_first, pone_hand, dealer_total)
    for a, b in [(0, 0), (5, 3), (3, 5), (120, 119), (119, 120), (60, 60)]:
        assert start[a, b] == pytest.approx(1.0 if a > b else 0.0)


def test_show_stage_counts_in_order() -> None:
    # As pone on 115 with a hand worth 6 or more, nothing the dealer has can matter.
    stage = show_stage(115, 119, dealer=False)
    assert np.all(stage[6:, :] == 1.0)
    # As dealer, their hand comes first: on 119 they win with two or more in hand.
    stage = show_stage(119, 119, dealer=True)
    assert stage[5, 0] < 1 - win_table().pone_hand[2:].sum() + 1e-9


def _stage_by_hand(
    mine: int,
    theirs: int,
    u: int,
    q: int,
    *,
    dealer: bool,
    shift: int,
    their_hand: int | None = None,
) -> float:
    """One entry of ``show_stage`` summed out loud over the counts still to come (the
    opponent's hand counting ``their_hand`` when given, as ``stage_knowing_their_hand``)."""
    tables = win_table()
    crib = np.zeros_like(tables.crib)
    for points, p in enumerate(tables.crib):
        crib[min(max(points + shift, 0), len(crib) - 1)] += p
    hands = tables.pone_hand if dealer else tables.dealer_hand
    if their_hand is not None:
        hands = np.zeros_like(hands)
        hands[their_hand] = 1.0
    me, chance = mine + u, 0.0
    if not dealer:  # I count first and may be out; then the dealer's hand and crib; I deal
        if me >= TARGET:
            return 1.0
        for hand, p_hand in enumerate(hands):
            for box, p_crib in enumerate(crib):
                them = theirs + q + hand + box
                if them < TARGET:
                    chance += p_hand * p_crib * (1.0 - tables.start[them, me])
        return chance
    for hand, p_hand in enumerate(hands):  # their hand, then my crib; I am pone
        them = theirs + q + hand
        if them >= TARGET:
            continue
        for box, p_crib in enumerate(crib):
            mine_after = me + box
            won = 1.0 if mine_after >= TARGET else tables.start[mine_after, them]
            chance += p_hand * p_crib * won
    return chance


@pytest.mark.parametrize("dealer", [False, True])
def test_show_stage_against_the_counts_summed_by_hand(dealer: bool) -> None:
    """Every crib shift of one position reads the same cached chances after the shows,
    and each entry is the sum over the hand and crib still to count."""
    mine, theirs = 96, 101
    for shift in (-2, 0, 3):
        stage = show_stage(mine, theirs, dealer=dealer, crib_shift=shift)
        for u, q in ((0, 0), (5, 3), (12, 9), (20, 2), (27, 4), (30, 15)):
            expected = _stage_by_hand(mine, theirs, u, q, dealer=dealer, shift=shift)
            assert stage[u, q] == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize("dealer", [False, True])
def test_knowing_their_hand_against_the_counts_summed_by_hand(dealer: bool) -> None:
    """The pegging search's deals know the opponent's hand: each entry is the sum over
    what is still unknown, and weighing the known hands by the table's distribution of
    them gives back ``show_stage``, which knows none."""
    mine, theirs = 99, 104
    hands = win_table().pone_hand if dealer else win_table().dealer_hand
    mixed = np.zeros_like(show_stage(mine, theirs, dealer=dealer))
    for their_hand, p_hand in enumerate(hands):
        known = stage_knowing_their_hand(mine, theirs, dealer=dealer, their_hand=their_hand)
        mixed += p_hand * known
        if their_hand in (0, 4, 12, 24):
            for u, q in ((0, 0), (5, 3), (12, 9), (27, 4)):
                expected = _stage_by_hand(
                    mine, theirs, u, q, dealer=dealer, shift=0, their_hand=their_hand
                )
                assert known[u, q] == pytest.approx(expected, abs=1e-12)
    assert mixed == pytest.approx(show_stage(mine, theirs, dealer=dealer), abs=1e-12)


@pytest.mark.heavy
def test_endgame_discard_keeps_a_sure_winner() -> None:
    """As pone needing 8, the expert keeps a hand that is sure to count 8 or more even
    where another hold averages more points, since the pone counts first."""
    rng = random.Random(8)
    found = 0
    for _ in range(400):
        dealt = rng.sample(DECK, 6)
        text = " ".join(str(c) for c in dealt)
        analysis = analyze_discard(dealt, dealer=False)
        sure = [o for o in analysis.options if o.hand_min >= 8]
        if not sure or analysis.best.hand_min >= 8:
            continue
        view = discard_view(text, 113, 90, dealer=False)
        action = make_strategy("expert", seed=1).choose(view)
        kept = {c for c in view.hand if c not in action.cards}
        chosen = next(o for o in analysis.options if set(o.keep) == kept)
        assert chosen.hand_min >= 8
        expert = make_strategy("expert", seed=1)
        assert isinstance(expert, ExpertStrategy)
        _, chances = expert.discard_values(view)
        assert chances is not None
        chosen_hold = next(
            h
            for h, (_, throw) in enumerate(HOLDS)
            if {view.hand[i] for i in throw} == set(action.cards)
        )
        assert chances[chosen_hold] == pytest.approx(max(chances))
        found += 1
        if found == 3:
            break
    assert found >= 1


@pytest.mark.parametrize("name", [TABLE, TABLE_2026])
def test_each_shipped_table_is_its_distributions_solved(name: str) -> None:
    """What the build script's dynamic programming makes of a table's own distributions
    is the table (the hands behind the distributions are replayed by the script)."""
    script = _build_script()
    table = win_table(name)
    inputs = (table.pegging, table.pone_first, table.pone_hand, table.dealer_total)
    start, after = script.solve(*inputs)
    assert np.abs(start - table.start).max() < 1e-6  # stored as float32
    assert np.abs(after - table.after_play).max() < 1e-6


@pytest.mark.heavy
# The yardstick's table (TABLE_2026) is replayed in the slow tier only.
@pytest.mark.parametrize(
    ("name", "chunk"), [(TABLE, 5), pytest.param(TABLE_2026, 3, marks=pytest.mark.slow)]
)
def test_a_replayed_chunk_of_hands_matches_the_shipped_digest(name: str, chunk: int) -> None:
    """The hands behind a table are the build's: a chunk replayed by the script with the
    table's seed and players gives the records the table was built from."""
    script = _build_script()
    table = win_table(name)
    assert len(table.digests) == script.SAMPLE_CHUNKS
    players = next(p for p, built in script.PLAYERS.items() if built == name)
    first = chunk * script.CHUNK
    seeds = [script.hand_seed(table.seed, first + n) for n in range(script.CHUNK)]
    records = [script.play_hand(seed, players) for seed in seeds]
    assert script.chunk_digest(records) == table.digests[chunk]


def test_the_first_table_is_kept_for_the_yardstick() -> None:
    assert win_table(TABLE_2026) is not win_table(TABLE)
    with pytest.raises(CribkitError, match="no win-probability table"):
        win_table("winprob-1999")


def test_a_hold_that_pegs_more_wins_more() -> None:
    """Same cards, same crib: the pegging term alone moves the chances, and more for
    the hold given more pegging; at 0-0 a point is worth little, near the end a lot."""
    view = discard_view("2H 2S 3D 9H 9S JD", 98, 96, dealer=False)
    plain = discard_win_chances(view)
    pegging = [0.0] * len(HOLDS)
    pegging[0] = 3.0
    more = discard_win_chances(view, pegging=pegging)
    assert more[0] > plain[0]
    assert all(m < p for m, p in zip(more[1:], plain[1:], strict=True))  # below average now


def test_a_fractional_crib_move_lies_between_the_rounded_ones() -> None:
    view = discard_view("2H 2S 3D 9H 9S JD", 98, 96, dealer=False)
    mixed = discard_win_chances(view)
    rounded = discard_win_chances(view, mix_crib=False)
    assert mixed != rounded
    assert all(0.0 <= chance <= 1.0 for chance in mixed)


def test_expert_2026_keeps_its_first_endgame() -> None:
    """The yardstick's endgame discard is the first one: the first table, the crib move
    rounded, no pegging term."""
    rng = random.Random(12)
    for _ in range(6):
        dealt = " ".join(str(c) for c in rng.sample(DECK, 6))
        view = discard_view(dealt, 104, 99, dealer=rng.random() < 0.5)
        action = make_strategy("expert-2026", seed=0).choose(view)
        chances = discard_win_chances(view, mix_crib=False, table=TABLE_2026)
        best = max(range(len(HOLDS)), key=lambda h: (chances[h], -h))
        assert set(action.cards) == {view.hand[i] for i in HOLDS[best][1]}


@pytest.mark.heavy
def test_the_build_plays_the_hands_with_the_players_named() -> None:
    """Both tables come from the same script: the expert's are the self-play of the
    expert of December 2026 (pegging value in the discard, full search), the first
    table's are the old play."""
    script = _build_script()
    assert script.PLAYERS == {"expert-2026-12": TABLE, "expert-2026": TABLE_2026}
    differ = 0
    for seed in range(12):
        record = script.play_hand(seed, "expert-2026-12")
        assert record == script.play_hand(seed, "expert-2026-12")  # a seed replays its hand
        events, pone_hand, dealer_hand, crib = record
        assert all(0 <= points <= MAX_SHOW for points in (pone_hand, dealer_hand, crib))
        assert sum(points for _, points in events) >= 1  # the last card always pegs
        differ += record != script.play_hand(seed, "expert-2026")
    assert differ > 0
