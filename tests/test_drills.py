"""Practice drills: the same puzzle for the same number, hard hands really hard, real choices."""

from __future__ import annotations

import pytest

from cribkit.actions import Discard, Play
from cribkit.analysis.drills import MAX_DRILL_SEED, CountKind, count_drill, throw_of
from cribkit.errors import CribkitError
from cribkit.players.drills import discard_drill, pegging_drill
from cribkit.scoring import ScoreKind
from cribkit.state import Phase


def test_a_drill_number_always_gives_the_same_puzzle() -> None:
    assert count_drill(42) == count_drill(42)
    assert count_drill(42, CountKind.HARD) == count_drill(42, CountKind.HARD)
    assert discard_drill(42) == discard_drill(42)
    assert pegging_drill(42) == pegging_drill(42)
    assert len({count_drill(n).hand for n in range(20)}) > 15


def test_any_hands_are_mostly_worth_counting() -> None:
    totals = [count_drill(n).answer.total for n in range(200)]
    assert sum(total >= 6 for total in totals) > 150
    assert any(total < 6 for total in totals)  # the poor hands still come now and then


def test_hard_hands_have_a_double_run_a_crib_flush_or_nobs() -> None:
    seen: set[str] = set()
    for n in range(60):
        drill = count_drill(n, CountKind.HARD)
        kinds = [item.kind for item in drill.answer.items]
        multiple = {ScoreKind.DOUBLE_RUN, ScoreKind.TRIPLE_RUN, ScoreKind.DOUBLE_DOUBLE_RUN}
        if multiple & set(kinds):
            seen.add("double run")
        elif drill.crib and ScoreKind.FLUSH in kinds:
            assert all(card.suit is drill.starter.suit for card in drill.hand)
            seen.add("crib flush")
        else:
            assert ScoreKind.NOBS in kinds, drill
            seen.add("nobs")
    assert seen == {"double run", "crib flush", "nobs"}


def test_discard_drills_are_six_cards_to_split() -> None:
    for n in range(5):
        view = discard_drill(n)
        assert view.phase is Phase.DISCARD and len(view.hand) == 6
        assert all(isinstance(action, Discard) for action in view.legal_actions)
        assert len(view.legal_actions) == 15


def test_pegging_drills_offer_a_real_choice() -> None:
    for n in range(5):
        view = pegging_drill(n)
        assert view.phase is Phase.PLAY and view.play_log and view.to_play == view.player
        ranks = {a.card.rank for a in view.legal_actions if isinstance(a, Play)}
        assert len(ranks) >= 2


def test_throws_must_be_two_of_the_six() -> None:
    view = discard_drill(3)
    assert throw_of(view, view.hand[:2]) in view.legal_actions
    for bad in (view.hand[:1], view.hand[:3], (view.hand[0], view.hand[0])):
        with pytest.raises(CribkitError):
            throw_of(view, bad)


@pytest.mark.parametrize("seed", [-1, MAX_DRILL_SEED + 1])
def test_drill_numbers_are_bounded(seed: int) -> None:
    with pytest.raises(CribkitError) as caught:
        count_drill(seed)
    assert caught.value.code == "bad_drill"
