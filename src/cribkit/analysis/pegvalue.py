"""What four kept cards are worth in the play: expected net pegging points by rank.

The play depends on ranks only, so a kept hand's pegging value is a function of its
rank multiset (1,820 of them) and of the role (pone leads; the dealer answers). The
table ``cribkit/data/pegging.npz`` (built by ``scripts/build_pegging.py``) holds, for
each multiset and role, the expected pegging points of that player minus the
opponent's over the whole play, both playing the pegging search's perfect-information
minimax, the opponent's four ranks drawn from the 48 other cards weighted by how
plausible a keep they are (the search's own model, ``PLAUSIBILITY``). The starter and
the thrown cards are left out of the draw: they shift the opponent's odds by about one
card in 48.

``scripts/build_pegging.py --keep-model`` draws the opponent's keeps by the keep model
instead (``cribkit.analysis.keepmodel``); the expert with that table gained nothing
measurable (README), so the shipped table keeps the plausibility draw.

Each entry is a sampled mean with its own seed (``entry_seed``), so any entry can be
rebuilt exactly, alone, to check the shipped table. ``--samples 0`` builds the exact
table instead: every opponent keep, weighted by its probability (``exact_entry``), each
solved pair of keeps serving both players' entries (``exact_means``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from cribkit.analysis.answers import answer_table
from cribkit.analysis.discard import (
    HOLDS,
    DiscardOption,
    hold_throws,
    hold_values,
)
from cribkit.analysis.holdings import PIPS, keep_weight, rank_multisets
from cribkit.analysis.keepmodel import (
    CRIB_MODEL,
    KEEP_ROWS,
    KEEP_TABLE,
    KEEPS,
    crib_throws,
    keep_index,
)
from cribkit.analysis.leads import LEAD_TABLE, chosen_chance, lead_likelihood
from cribkit.analysis.pegging import PLAUSIBILITY
from cribkit.analysis.pegsolver import Root, canonical_series, lead_nets, net_value, rank_nets
from cribkit.analysis.shipped import shipped_arrays
from cribkit.cards import Card

__all__ = [
    "DEALER_PEGGING_WEIGHT",
    "EXACT_PEG_TABLE",
    "KEEPS",
    "PEGGING_WEIGHT",
    "PEG_TABLE",
    "REALIZED_PEG_TABLE",
    "SEARCHED_PEG_TABLE",
    "PegTable",
    "answer_values",
    "answered_lead_values",
    "answered_leads",
    "entry_seed",
    "estimate_entry",
    "exact_answers",
    "exact_entry",
    "exact_leads",
    "exact_means",
    "expert_hold",
    "hold_pegging",
    "hold_values_with_pegging",
    "keep_index",
    "nets_against",
    "opponent_keeps",
    "peg_table",
    "pegging_by_throw",
    "pegging_weight",
    "weighted_value",
]

PEGGING_WEIGHT = 0.75
"""How much a point of a hold's expected net pegging, read from the realized table
(``PEG_TABLE``), counts against a point of hand or crib; the pone's weight, the dealer's
is ``DEALER_PEGGING_WEIGHT``.

The realized table is already in points the expert really nets, so face value (1.0) would
be the points-maximizing weight; but its entries are a regression's predictions, and a
discard maximizing noisy values overrates the winners. Measured head to head against the
session-9 expert (searched table at 0.6), 4,000 duplicate games, seed 101: at 0.75 won
50.9% [50.2, 51.5], margin +0.13 [-0.02, +0.28], play +0.013 [+0.003, +0.023], hand +0.006,
crib -0.000 a hand (no source losing); at 1.0 won 50.7% [50.0, 51.4], play +0.041 but hand
-0.019 [-0.033, -0.006]. Before the realized table, on the searched one: 1.0 gave up hand and
crib for play (2,800 games against ``expert-2026``: 50.1%), 0.6 was shipped from session 3
to session 9."""

DEALER_PEGGING_WEIGHT = 0.75
"""The dealer's weight on expected net pegging, kept apart because the dealer's keep also
feeds its own crib. On the searched table a dealer weight of 0.4 against 0.6 (session 7,
16,000 games against ``expert-2026``) only moved points from the play to the crib (0.6:
play +0.013 [+0.010, +0.016], crib -0.008 [-0.011, -0.005] a hand, win rate +0.07
[-0.12, +0.27] points); on the realized table both roles take 0.75. At 1.0 the dealer's
discard came out ahead in discard duels on four seeds (about +0.003 points a hand), but
the confirming run against ``expert-2026-12`` (session 29, seed 239, 16,000 games: 51.8%)
lost crib points beyond noise (-0.007 [-0.012, -0.003] a hand) for play, so 0.75 stays
(docs/strength.md)."""


def pegging_weight(*, dealer: bool) -> float:
    """The shipped expert's weight on a hold's expected net pegging, by role."""
    return DEALER_PEGGING_WEIGHT if dealer else PEGGING_WEIGHT


Array = npt.NDArray[np.float64]


@cache
def opponent_keeps(
    keep: tuple[int, ...],
    plausibility: float,
    opponent_dealer: bool | None = None,
    keep_table: str = KEEP_TABLE,
) -> tuple[npt.NDArray[np.intp], Array]:
    """The opponent's possible rank multisets against ``keep`` (as rows of ``KEEPS``
    indices) and their probabilities: suit choices times the plausibility weight, or,
    when the opponent's role is given, times the keep model's likelihood in that role
    (by the keep table named ``keep_table``)."""
    available = [(rank, 4 - keep.count(rank)) for rank in range(1, 14) if keep.count(rank) < 4]
    combos = rank_multisets(available, 4)
    rows = np.array([KEEP_ROWS[combo] for combo, _ in combos], dtype=np.intp)
    weights = np.array(
        [
            ways * keep_weight(combo, plausibility, opponent_dealer, table=keep_table)
            for combo, ways in combos
        ],
        dtype=np.float64,
    )
    probabilities: Array = weights / weights.sum()
    return rows, probabilities


def entry_seed(seed: int, role: int, row: int) -> list[int]:
    """The generator seed of one entry: the table's seed, the role and the row."""
    return [seed, role, row]


def nets_against(keep: tuple[int, ...], others: npt.NDArray[np.intp], role: int) -> Array:
    """The net pegging of keeping ``keep`` in ``role`` (0 pone, 1 dealer) against each
    opponent keep ``KEEPS[other]``, both playing the perfect-information search."""
    return np.array(
        [net_value((keep, KEEPS[other], (), 0, role)) for other in others.tolist()],
        dtype=np.float64,
    )


def estimate_entry(
    row: int,
    role: int,
    *,
    samples: int,
    seed: int,
    plausibility: float = PLAUSIBILITY,
    keep_model: bool = False,
) -> tuple[float, float]:
    """Mean net pegging points of keeping ``KEEPS[row]`` in ``role`` (0 pone, 1 dealer)
    over ``samples`` opponent hands drawn with their probabilities (``keep_model``: the
    keep model's, else the plausibility's), and its standard error.
    """
    keep = KEEPS[row]
    rows, probabilities = opponent_keeps(keep, plausibility, (role == 0) if keep_model else None)
    rng = np.random.default_rng(entry_seed(seed, role, row))
    drawn = rows[rng.choice(len(rows), size=samples, p=probabilities)]
    values = nets_against(keep, drawn, role)
    spread = float(values.std(ddof=1)) if samples > 1 else float("inf")
    return float(values.mean()), spread / np.sqrt(samples)


def exact_entry(
    row: int, role: int, *, plausibility: float = PLAUSIBILITY, keep_model: bool = False
) -> float:
    """Mean net pegging points of keeping ``KEEPS[row]`` in ``role`` over every opponent
    keep, each weighted by its probability: the limit ``estimate_entry`` samples."""
    keep = KEEPS[row]
    rows, probabilities = opponent_keeps(keep, plausibility, (role == 0) if keep_model else None)
    return float(nets_against(keep, rows, role) @ probabilities)


def exact_leads(row: int, keep_table: str = KEEP_TABLE) -> Array:
    """The pone's expected net pegging of leading each rank from ``KEEPS[row]`` (index 1
    to 13; NaN where it holds none) against every dealer keep, weighted by the keep model
    for a dealer (the table ``keep_table``) as the play's search weighs them: a row of
    ``cribkit.analysis.leads``."""
    keep = KEEPS[row]
    others, weights = opponent_keeps(keep, PLAUSIBILITY, True, keep_table)
    nets = lead_nets(keep, [KEEPS[other] for other in others.tolist()], weights.tolist())
    values = np.full(14, np.nan)
    for rank, net in nets.items():
        values[rank] = net
    return values


def answered_leads(row: int, answers: str, strength: float, keep_table: str = KEEP_TABLE) -> Array:
    """The pone's expected net pegging of leading each rank from ``KEEPS[row]`` (as
    ``exact_leads``) against a dealer who cannot see its hand: each dealer keep answers by
    the answer table ``answers`` (a softmax of ``strength`` over the table's values of the
    ranks it holds), and from the third card on both play the perfect-information search."""
    keep = KEEPS[row]
    dealers = _weighed_keeps(keep, True, keep_table)
    values = np.full(14, np.nan)
    for lead, value in answered_lead_values(keep, dealers, answers, strength).items():
        values[lead] = value
    return values


def _weighed_keeps(
    keep: tuple[int, ...], opponent_dealer: bool, keep_table: str
) -> list[tuple[tuple[int, ...], float]]:
    """``opponent_keeps`` by the keep model, as (ranks, probability) pairs."""
    others, weights = opponent_keeps(keep, PLAUSIBILITY, opponent_dealer, keep_table)
    return [
        (KEEPS[other], weight)
        for other, weight in zip(others.tolist(), weights.tolist(), strict=True)
    ]


def answered_lead_values(
    keep: tuple[int, ...],
    dealers: Sequence[tuple[tuple[int, ...], float]],
    answers: str,
    strength: float,
) -> dict[int, float]:
    """``answered_leads`` for the pone keeping the sorted ranks ``keep`` against the dealer
    keeps ``dealers`` with their probabilities (summing to one): the value of leading each
    rank it holds."""
    table = answer_table(answers).value
    values = {}
    for lead in sorted(set(keep)):
        rest = list(keep)
        rest.remove(lead)
        total = 0.0
        for dealer, weight in dealers:
            root: Root = ((dealer, tuple(rest), canonical_series([lead]), PIPS[lead]), 1.0)
            nets = rank_nets([root], None, None)  # the dealer's, by answer
            by_answer = table[KEEP_ROWS[dealer], lead]
            total -= weight * sum(
                chosen_chance(by_answer, dealer, rank, strength) * nets[rank]
                for rank in set(dealer)
            )
        values[lead] = total
    return values


def exact_answers(
    row: int,
    lead_reading: float = 0.0,
    lead_table: str = LEAD_TABLE,
    keep_table: str = KEEP_TABLE,
) -> Array:
    """The dealer's expected net pegging of answering each lead (first index, 1 to 13)
    with each rank of ``KEEPS[row]`` (second index; NaN where it holds none, or where no
    pone keep holds the lead) against every pone keep holding the lead, weighted by the
    keep model for a pone and, with ``lead_reading``, by how likely that keep leads it by
    ``lead_table`` (the keep model's table ``keep_table``): a row of
    ``cribkit.analysis.answers``."""
    keep = KEEPS[row]
    pones = _weighed_keeps(keep, False, keep_table)
    values = np.full((14, 14), np.nan)
    for lead in range(1, 14):
        answers = answer_values(keep, lead, pones, lead_reading, lead_table)
        for rank, value in (answers or {}).items():
            values[lead, rank] = value
    return values


def answer_values(
    keep: tuple[int, ...],
    lead: int,
    pones: Sequence[tuple[tuple[int, ...], float]],
    lead_reading: float = 0.0,
    lead_table: str = LEAD_TABLE,
) -> dict[int, float] | None:
    """``exact_answers`` for the dealer keeping the sorted ranks ``keep``, answering
    ``lead``, against the pone keeps ``pones`` with their weights (those holding the lead
    count, each weighed by its lead's likelihood with ``lead_reading``): each rank's value,
    or None where no such keep holds the lead."""
    roots: list[Root] = []
    for pone, weight in pones:
        if lead not in pone:
            continue
        if lead_reading:
            weight *= lead_likelihood(pone, lead, lead_reading, lead_table)
        rest = list(pone)
        rest.remove(lead)
        roots.append(((keep, tuple(rest), canonical_series([lead]), PIPS[lead]), weight))
    total = sum(weight for _, weight in roots)
    if not total:
        return None
    return {rank: net / total for rank, net in rank_nets(roots, None, None).items()}


def exact_means(
    net: npt.NDArray[np.integer], *, plausibility: float = PLAUSIBILITY, keep_model: bool = False
) -> Array:
    """``exact_entry`` of every row in both roles (``[role, row]``) from ``net[a, b]``, the
    net pegging of ``KEEPS[a]`` kept by the pone against ``KEEPS[b]`` kept by the dealer
    (read only where the two keeps fit in one deck): the dealer's entry for ``b`` is
    minus the pone's side of the same deals, so each pair is solved once, not twice."""
    means = np.zeros((2, len(KEEPS)))
    for row, keep in enumerate(KEEPS):
        for role in (0, 1):
            model_dealer = (role == 0) if keep_model else None
            rows, probabilities = opponent_keeps(keep, plausibility, model_dealer)
            values = net[row, rows] if role == 0 else -net[rows, row]
            means[role, row] = float(values.astype(np.float64) @ probabilities)
    return means


@dataclass(frozen=True, slots=True)
class PegTable:
    """The shipped table: ``mean[role, row]`` and ``error[role, row]`` (standard error)."""

    mean: Array
    error: Array
    samples: int
    """Opponent hands drawn for each entry; 0 for the exact table (every keep weighed)."""
    seed: int
    plausibility: float
    keep_model: bool
    """Whether the opponent's keeps were drawn by the keep model (else the plausibility)."""


SEARCHED_PEG_TABLE = "pegging"
"""The face-up search's table (``cribkit/data/pegging.npz``, ``make pegging``): each keep
solved with both hands face up against 400 opponent keeps. The realized table is fitted
from it; the session-9 expert weighed it at 0.6."""
REALIZED_PEG_TABLE = "pegging-realized"
"""What kept ranks really net in the expert's own play, fitted on sampled deals from the
searched value and the ranks' shape (``cribkit/data/pegging-realized.npz``,
``make realized``): a pone's pair is worth about half a point more than the face-up search
says, and the searched differences shrink to 0.72 (pone) and 0.80 (dealer) of their size."""
PEG_TABLE = REALIZED_PEG_TABLE
"""The table the shipped expert, its hints and its reviews read (since session 10)."""
EXACT_PEG_TABLE = "pegging-exact"
"""The exact table (``--samples 0``), shipped beside the sampled one the expert reads:
its entries differ from the sample's by the sample's own noise (standard deviation
0.08), and over 4,000 random deals a role it changes the expert's keep in 3.2% (pone)
and 1.5% (dealer) of deals, worth +0.001 points a deal by its own values: too little to
measure in games, so the measured expert keeps the table it was measured with."""


@cache
def peg_table(name: str = PEG_TABLE) -> PegTable:
    """Load a table shipped with the package (once)."""
    builder = "build_realized.py" if name == REALIZED_PEG_TABLE else "build_pegging.py"
    data = shipped_arrays(name, builder)
    return PegTable(
        mean=np.asarray(data["mean"], dtype=np.float64),
        error=np.asarray(data["error"], dtype=np.float64),
        samples=int(data["samples"]),
        seed=int(data["seed"]),
        plausibility=float(data["plausibility"]),
        keep_model=bool(data["keep_model"]) if "keep_model" in data else False,
    )


_HOLD_ROWS = tuple(keep for keep, _ in HOLDS)


def hold_pegging(dealt: Sequence[Card], *, dealer: bool, table: str = PEG_TABLE) -> Array:
    """Expected net pegging points of each hold of six cards, in ``HOLDS`` order."""
    mean = peg_table(table).mean[1 if dealer else 0]
    ranks = [int(card.rank) for card in dealt]
    rows = [KEEP_ROWS[tuple(sorted(ranks[i] for i in keep))] for keep in _HOLD_ROWS]
    values: Array = mean[rows]
    return values


def pegging_by_throw(
    dealt: Sequence[Card], *, dealer: bool, table: str = PEG_TABLE
) -> dict[frozenset[Card], float]:
    """Each hold's expected net pegging (unweighted), keyed by the two cards it throws,
    so the options of a discard analysis (sorted best first) can look theirs up."""
    pegging = hold_pegging(dealt, dealer=dealer, table=table).tolist()
    return dict(zip(hold_throws(dealt), pegging, strict=True))


def weighted_value(
    option: DiscardOption, pegging: Mapping[frozenset[Card], float], *, dealer: bool
) -> float:
    """``option``'s hand and crib plus the role's ``pegging_weight`` times its pegging
    (``pegging_by_throw``): the value the expert's discard maximizes, as hints show it."""
    return option.total_ev + pegging_weight(dealer=dealer) * pegging[frozenset(option.throw)]


def hold_values_with_pegging(
    dealt: Sequence[Card],
    *,
    dealer: bool,
    weight: float | None = None,
    table: str = PEG_TABLE,
    crib_model: bool = CRIB_MODEL,
) -> Array:
    """Each hold's expected hand plus (dealer) or minus (pone) crib, plus ``weight``
    (``None``: the role's ``pegging_weight``) times its expected net pegging, in
    ``HOLDS`` order: the expert's discard value. The crib is valued against the
    opponent's likely throws (``crib_throws``), or with ``crib_model=False`` against
    every pair alike, as earlier experts valued it."""
    if weight is None:
        weight = pegging_weight(dealer=dealer)
    throws = crib_throws(dealer=dealer, crib_model=crib_model)
    values: Array = hold_values(dealt, dealer=dealer, opponent_throws=throws)
    if weight:
        values = values + weight * hold_pegging(dealt, dealer=dealer, table=table)
    return values


def expert_hold(
    dealt: Sequence[Card],
    *,
    dealer: bool,
    table: str = PEG_TABLE,
    weight: float | None = None,
    crib_model: bool = False,
) -> int:
    """The hold (``HOLDS`` index) an expert keeps when it plays for points, by default
    with every crib valued against all throws alike (as session 9's did): the first of the
    best by ``hold_values_with_pegging`` (``table`` and ``weight`` name an earlier
    expert's pegging value, as the keep model's build does; the defaults with
    ``crib_model`` are how today's expert discards far from 121)."""
    values = hold_values_with_pegging(
        dealt, dealer=dealer, weight=weight, table=table, crib_model=crib_model
    )
    return int(np.argmax(values))
