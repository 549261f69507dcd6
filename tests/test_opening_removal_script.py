"""scripts/opening_removal.py: its holdings count the cards the pack can still give, its
values with nothing more out are the shipped tables' own, and taking cards out moves them."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from cribkit.analysis.answers import answer_table
from cribkit.analysis.keepmodel import KEEP_ROWS
from cribkit.analysis.leads import ANSWERED_LEAD_TABLE, lead_table
from script_support import load_script

removal = load_script("opening_removal")


def test_holdings_count_every_way_to_pick_the_cards_left() -> None:
    out = Counter({5: 3, 10: 1})
    found = dict(removal.holdings(out, 2))
    assert (5, 5) not in found  # one five left
    assert found[(5, 10)] == 1 * 3
    assert found[(10, 10)] == math.comb(3, 2)
    assert found[(1, 2)] == 4 * 4
    # every two-card hand of the 52 less the four out, counted once
    assert sum(found.values()) == math.comb(52 - 4, 2)


def test_nothing_more_out_gives_the_answer_tables_row_and_a_throw_moves_it() -> None:
    keep, lead = (5, 10, 11, 12), 5
    plain = removal.answer_values(keep, lead, Counter(keep))
    shipped = answer_table().value[KEEP_ROWS[keep], lead]
    assert {rank: round(value, 4) for rank, value in plain.items()} == {
        rank: round(float(shipped[rank]), 4) for rank in set(keep)
    }
    # the dealer threw two fives: with the led five the last, nobody can pair its pair
    thrown = removal.answer_values(keep, lead, Counter(keep) + Counter([5, 5]))
    assert thrown[5] > plain[5]


@pytest.mark.heavy
def test_nothing_more_out_gives_the_lead_tables_row() -> None:
    keep = (2, 3, 9, 13)
    plain = removal.lead_values(keep, Counter(keep))
    shipped = lead_table(ANSWERED_LEAD_TABLE).value[KEEP_ROWS[keep]]
    assert plain == pytest.approx({rank: float(shipped[rank]) for rank in keep}, abs=1e-6)


def test_a_deal_reports_the_losses_and_changes() -> None:
    loss, changed, answer_loss, answer_changed = removal.study(7, leads=False)
    assert math.isnan(loss) and math.isnan(changed)
    assert answer_loss >= 0.0 and answer_changed in (0.0, 1.0)
    assert (answer_loss > 0) == (answer_changed == 1.0)
