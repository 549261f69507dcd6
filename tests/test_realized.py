"""The realized pegging table: a replayed chunk of its samples matches the shipped digest,
its entries are the shipped fit's predictions, and the fit solves its own statistics."""

from __future__ import annotations

import inspect

import numpy as np
import pytest

from cribkit.analysis import pegvalue
from cribkit.analysis.keepmodel import KEEPS, keep_index
from cribkit.analysis.pegvalue import REALIZED_PEG_TABLE, SEARCHED_PEG_TABLE, peg_table
from cribkit.analysis.shipped import shipped_arrays
from cribkit.errors import CribkitError
from cribkit.players.expert import ExpertStrategy
from script_support import load_script

build = load_script("build_realized")


def shipped() -> dict[str, np.ndarray]:
    return shipped_arrays(REALIZED_PEG_TABLE, "build_realized.py")


@pytest.mark.heavy
def test_a_replayed_chunk_of_samples_matches_the_shipped_digest() -> None:
    data = shipped()
    seed, chunk = int(data["seed"]), 1
    deals = list(range(chunk * build.CHUNK, (chunk + 1) * build.CHUNK))
    samples = build.sample_chunk(deals, seed)
    assert len(samples) == 2 * build.CHUNK
    assert {sample[1] for sample in samples} == {0, 1}
    assert build.digest(samples) == str(data["digests"][chunk])


def test_the_entries_are_the_fits_predictions_and_the_fit_solves_its_statistics() -> None:
    data = shipped()
    coefficients = np.asarray(data["coefficients"])
    for role in (0, 1):
        solved = build.ridge(data["xtx"][role], data["xty"][role], float(data["ridge"]))
        assert solved == pytest.approx(coefficients[role])
        # the statistics hold every sample: the intercept's own entry counts them
        assert data["xtx"][role][0, 0] == data["counts"][role] == data["samples"]
    assert list(data["features"]) == list(build.FEATURES)
    means = build.realized_means(coefficients)
    assert peg_table(REALIZED_PEG_TABLE).mean == pytest.approx(means, abs=1e-5)


def test_the_features_describe_the_kept_ranks() -> None:
    names = list(build.FEATURES)
    x = dict(zip(names, build.features((5, 5, 10, 11), 0.25), strict=True))
    assert x["searched"] == 0.25 and x["rank 5"] == 2 and x["rank 10"] == 1
    assert x["pairs"] == 1 and x["fifteens"] == 4 and x["ranks one apart"] == 1
    assert x["pips / 10"] == 3.0 and x["three in a row"] == 0
    run = dict(zip(names, build.features((1, 2, 3, 3), 0.0), strict=True))
    assert run["three in a row"] == 1 and run["cards of four or less"] == 4
    assert run["pairs"] == 1 and run["two pairs"] == 0


def test_a_pones_pair_is_worth_more_than_the_face_up_search_says() -> None:
    """What the fit found, in the table: against the searched value, keeping a pair as
    pone gains, because the dealer cannot see it coming."""
    realized, searched = peg_table(REALIZED_PEG_TABLE).mean, peg_table(SEARCHED_PEG_TABLE).mean
    pair, no_pair = keep_index((2, 2, 9, 13)), keep_index((2, 3, 9, 13))
    gap_realized = realized[0, pair] - realized[0, no_pair]
    gap_searched = searched[0, pair] - searched[0, no_pair]
    assert gap_realized > gap_searched
    assert len(KEEPS) == realized.shape[1] == 1820


@pytest.mark.parametrize(
    ("name", "builder"),
    [(REALIZED_PEG_TABLE, "build_realized.py"), ("pegging-x", "build_pegging.py")],
)
def test_a_missing_pegging_table_names_the_script_that_builds_it(
    monkeypatch: pytest.MonkeyPatch, name: str, builder: str
) -> None:
    def missing(table: str, script: str) -> dict[str, np.ndarray]:
        raise CribkitError(f"the {table} table is missing: run scripts/{script}")

    monkeypatch.setattr(pegvalue, "shipped_arrays", missing)
    peg_table.cache_clear()
    try:
        with pytest.raises(CribkitError, match=f"scripts/{builder}"):
            peg_table(name)
    finally:
        peg_table.cache_clear()


def test_the_shipped_expert_draws_a_table_of_its_own() -> None:
    """``--shipped-expert`` samples today's expert (its own discard values and play) and
    must be told where to write: the shipped table stays the pinned expert's."""
    with pytest.raises(SystemExit):
        build.main(["--shipped-expert", "--deals", "2"])
    deals = list(range(4))
    today = build.sample_chunk(deals, 11, build.SHIPPED)
    pinned = build.sample_chunk(deals, 11)
    assert len(today) == len(pinned) == 2 * len(deals)
    assert [sample[:3] for sample in today] == [sample[:3] for sample in pinned]
    assert {sample[1] for sample in today} == {0, 1}
    assert today != pinned  # kept ranks or nets differ: today's expert keeps and plays


def test_the_sampler_writes_out_every_setting_of_the_expert() -> None:
    """A setting left to the expert's default moves the samples when the default moves
    (session 27's later reading broke the replayed digest so)."""
    settings = set(inspect.signature(ExpertStrategy.__init__).parameters) - {"self", "seed"}
    assert set(build.SAMPLER) == settings
