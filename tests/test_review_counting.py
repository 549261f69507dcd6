"""The review of a seat that counted its own show: each claim against the engine's own
count, the points missed (and pegged as muggins) and over-claimed, per hand and for the
game, kept apart from the decisions and the accuracy figure."""

from __future__ import annotations

import pytest

from count_review_support import miscounted_game
from cribkit.actions import ClaimCount
from cribkit.analysis.review import review_game
from cribkit.record import GameRecord
from cribkit.rules import GameRules
from cribkit.scoring import score_show


@pytest.fixture(scope="module")
def record() -> GameRecord:
    game, wrong = miscounted_game(3)
    assert wrong.short and wrong.over
    return GameRecord.of(game)


@pytest.mark.heavy
def test_each_claim_is_set_against_the_true_count(record: GameRecord) -> None:
    review = review_game(record, 0)
    steps = list(record.replay())
    claims = [(i, s) for i, s in enumerate(steps) if isinstance(s.action, ClaimCount)]
    assert [count.step for count in review.counts] == [i for i, _ in claims]
    for count, (_, step) in zip(review.counts, claims, strict=True):
        assert isinstance(step.action, ClaimCount) and step.action.player == 0
        pending = step.before.to_count
        assert pending is not None
        true = score_show(pending.cards, pending.starter, crib=count.what == "crib").total
        assert (count.hand, count.what) == (step.before.hand_number, pending.context.value)
        assert (count.claimed, count.true) == (step.action.points, true)
        assert count.missed == max(0, true - count.claimed)
        assert count.over_claimed == max(0, count.claimed - true)
        muggins = [e.points for e in step.events if e.player == 1 and e.context.value == "muggins"]
        assert count.muggins == sum(muggins)
    assert any(c.missed and c.muggins == c.missed for c in review.counts)
    assert any(c.over_claimed == 3 for c in review.counts)


def test_the_counting_totals_per_hand_and_for_the_game(record: GameRecord) -> None:
    review = review_game(record, 0)
    counts = review.counts
    assert review.counting_missed == sum(c.missed for c in counts) == 2
    assert review.counting_muggins == sum(c.muggins for c in counts) == 2
    assert review.counting_over_claimed == 3
    for hand in review.per_hand:
        mine = [c for c in counts if c.hand == hand.hand]
        assert hand.counting_missed == sum(c.missed for c in mine)
        assert hand.counting_muggins == sum(c.muggins for c in mine)
        assert hand.counting_over_claimed == sum(c.over_claimed for c in mine)
    data = review.to_dict()
    assert data["counts"] == [c.to_dict() for c in counts]
    assert (data["counting_missed"], data["counting_muggins"]) == (2, 2)
    first = data["counts"][0]
    assert isinstance(first, dict)
    assert set(first) == {
        "hand", "step", "what", "cards", "starter", "claimed", "true", "missed", "muggins",
        "over_claimed",
    }  # fmt: skip


@pytest.mark.heavy
def test_counting_stays_out_of_the_decisions_and_the_accuracy(record: GameRecord) -> None:
    review = review_game(record, 0)
    assert {d.kind.value for d in review.decisions} <= {"discard", "play", "go"}
    assert review.accuracy == pytest.approx(review.lost_points / len(review.per_hand))
    assert sum(h.points for h in review.per_hand) == pytest.approx(review.lost_points)
    assert not {d.step for d in review.decisions} & {c.step for c in review.counts}
    honest, _ = miscounted_game(3, rules=GameRules())  # the same deals, counted by the engine
    other = review_game(GameRecord.of(honest), 0)
    assert other.counts == () and other.counting_missed == 0
    first_claim = review.counts[0].step  # the same moves up to it, so the same prices
    before = [d for d in review.decisions if d.step < first_claim]
    assert before and other.decisions[: len(before)] == tuple(before)


@pytest.mark.heavy
def test_a_game_without_manual_counting_has_no_counts(record: GameRecord) -> None:
    review = review_game(record, 1)  # the other seat was counted by the engine
    assert review.counts == ()
    data = review.to_dict()
    assert data["counts"] == [] and data["counting_missed"] == 0
    assert data["counting_muggins"] == 0 and data["counting_over_claimed"] == 0
    per_hand = data["per_hand"]
    assert isinstance(per_hand, list)
    assert all(hand["counting_missed"] == 0 for hand in per_hand)
