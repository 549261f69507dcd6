"""What the opening tables lose by leaving the starter and the thrown cards out.

The lead table (``leads-answered``) and the answer table (``answers``) weigh the
opponent's keeps as if only the player's own four kept cards were out of the pack; at the
table the player also knows its two thrown cards and the starter. For expert deals
(``hand_to_play``, both seats throwing as the shipped expert), this rebuilds each
decision's values the tables' way twice: with the known cards left out (which must give
the table's own row back) and with them out of the opponent's odds. The led card stays in
the pone's odds (see ``answer_values``). It reports how often the best card differs and
what the table's card loses by the conditioned values: a bound, in the tables' own model
(the perfect-information solve after the opening), on what conditioning the opening
tables could gain.

Run: ``.venv/bin/python scripts/opening_removal.py -n 600 --seed 5 -j 2`` (six minutes on
two cores; ``--answers-only`` skips the slow leads: half a minute).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from functools import partial

import numpy as np
from duel_play import deal_seeds, expert_throw
from table_build import hand_to_play

from cribkit.analysis.answers import ANSWER_TABLE, answer_table
from cribkit.analysis.holdings import keep_weight, rank_multisets
from cribkit.analysis.keepmodel import KEEP_ROWS, KEEP_TABLE
from cribkit.analysis.leads import ANSWERED_LEAD_TABLE, LEAD_TABLE, lead_table
from cribkit.analysis.pegging import PLAUSIBILITY
from cribkit.analysis.pegvalue import answer_values as shared_answer_values
from cribkit.analysis.pegvalue import answered_lead_values
from cribkit.cards import Card
from cribkit.tournament import mean_interval

ANSWERS_UNREAD = "answers-unread"
"""The answer table the lead table's dealer answers by (its provenance)."""
UNREAD_STRENGTH = 50.0


def holdings(out: Counter[int], size: int) -> list[tuple[tuple[int, ...], int]]:
    """Every sorted multiset of ``size`` ranks the pack can still hold with ``out`` copies of
    each rank gone, with the number of ways to pick the cards."""
    left = [(rank, 4 - out[rank]) for rank in range(1, 14) if out[rank] < 4]
    return rank_multisets(left, size)


def lead_values(keep: tuple[int, ...], out: Counter[int]) -> dict[int, float]:
    """The pone's value of leading each rank of ``keep`` against every dealer keep the pack
    can hold with ``out`` gone, each answering by the unread answer table and then both
    playing face up (``pegvalue.answered_lead_values``, the keeps' weights conditioned)."""
    dealers = [
        (dealer, ways * keep_weight(dealer, PLAUSIBILITY, True, table=KEEP_TABLE))
        for dealer, ways in holdings(out, 4)
    ]
    total = sum(weight for _, weight in dealers)
    weighed = [(dealer, weight / total) for dealer, weight in dealers]
    return answered_lead_values(keep, weighed, ANSWERS_UNREAD, UNREAD_STRENGTH)


def answer_values(keep: tuple[int, ...], lead: int, out: Counter[int]) -> dict[int, float]:
    """The dealer's value of answering ``lead`` with each rank of ``keep`` against every
    pone keep holding the lead that the pack can hold with ``out`` gone, weighed by the keep
    model and the face-up lead table as the answer table is (``pegvalue.answer_values``).
    The led card is not taken out: a pone holding k cards of the led rank shows any one of
    them, so the posterior of its ranks is the prior's ways times the lead's chance, as the
    table has it."""
    pones = [
        (pone, ways * keep_weight(pone, PLAUSIBILITY, False, table=KEEP_TABLE))
        for pone, ways in holdings(out, 4)
    ]
    values = shared_answer_values(
        keep, lead, pones, answer_table(ANSWER_TABLE).lead_reading, LEAD_TABLE
    )
    assert values is not None, "the led card is in the pone's hand"
    return values


def ranks(cards: Sequence[Card]) -> tuple[int, ...]:
    return tuple(sorted(int(card.rank) for card in cards))


def best(values: dict[int, float]) -> int:
    return min(values, key=lambda rank: (-values[rank], rank))


def study(seed: int, leads: bool = True) -> tuple[float, float, float, float]:
    """One deal: (the lead's loss, whether it changed, the answer's loss, whether it
    changed), each loss the conditioned value of the best card less that of the table's."""
    start, _ = hand_to_play(seed, expert_throw)
    starter = start.starter
    assert starter is not None
    pone, dealer = 1, 0
    pone_keep = ranks(start.kept(pone))
    pone_thrown = start.discards[pone]
    table_row = lead_table(ANSWERED_LEAD_TABLE).value[KEEP_ROWS[pone_keep]]
    table_lead = min(set(pone_keep), key=lambda rank: (-table_row[rank], rank))
    lead_loss = lead_changed = float("nan")
    if leads:
        plain = lead_values(pone_keep, Counter(pone_keep))
        for rank, value in plain.items():  # the table's own row, rebuilt
            assert abs(value - table_row[rank]) < 1e-6, (pone_keep, rank, value, table_row[rank])
        known = Counter(pone_keep) + Counter(ranks([*pone_thrown, starter]))
        conditioned = lead_values(pone_keep, known)
        lead_loss = conditioned[best(conditioned)] - conditioned[table_lead]
        lead_changed = float(best(conditioned) != table_lead)

    dealer_keep = ranks(start.kept(dealer))
    dealer_thrown = start.discards[dealer]
    answers = answer_table(ANSWER_TABLE).value[KEEP_ROWS[dealer_keep], table_lead]
    table_answer = min(set(dealer_keep), key=lambda rank: (-answers[rank], rank))
    plain = answer_values(dealer_keep, table_lead, Counter(dealer_keep))
    for rank, value in plain.items():  # the table's own row, rebuilt
        assert abs(value - answers[rank]) < 1e-4, (dealer_keep, rank, value, answers[rank])
    known = Counter(dealer_keep) + Counter(ranks([*dealer_thrown, starter]))
    conditioned = answer_values(dealer_keep, table_lead, known)
    answer_loss = conditioned[best(conditioned)] - conditioned[table_answer]
    return (
        lead_loss,
        lead_changed,
        answer_loss,
        float(best(conditioned) != table_answer),
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--deals", type=int, default=400)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("-j", "--jobs", type=int, default=1)
    parser.add_argument("--answers-only", action="store_true", help="skip the slow leads")
    args = parser.parse_args(argv)
    work = partial(study, leads=not args.answers_only)
    with ProcessPoolExecutor(args.jobs) as pool:
        rows = list(pool.map(work, deal_seeds(args.seed, args.deals), chunksize=4))
    found = np.array(rows)
    parts = (("answer", 2, 3),) if args.answers_only else (("lead", 0, 1), ("answer", 2, 3))
    for name, loss, changed in parts:
        mean, interval = mean_interval(found[:, loss].tolist())
        assert interval is not None, "two deals or more"
        print(
            f"{name}: the table's card loses {mean:+.4f} [{interval.low:+.4f}, "
            f"{interval.high:+.4f}] points "
            f"by the conditioned values; changed in {int(found[:, changed].sum())} "
            f"of {len(rows)} deals"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
