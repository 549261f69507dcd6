"""Reading the tables shipped in ``cribkit/data``: one place that finds the file, reads
every array into memory and says which script rebuilds a missing table.

Each table also records how it was built (``provenance``: the command line, the commit
and whether the work tree had uncommitted changes) so a table can be traced to the code
that made it; the readers of the arrays never see that entry.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from importlib import resources

import numpy as np
import numpy.typing as npt

from cribkit.errors import CribkitError

__all__ = ["PROVENANCE", "provenance_entry", "shipped_arrays", "shipped_provenance"]

PROVENANCE = "provenance"
"""The entry of every table that says how it was built (a JSON object as a 0-d string)."""


def _read(name: str, builder: str) -> dict[str, npt.NDArray[np.generic]]:
    source = resources.files("cribkit").joinpath("data", f"{name}.npz")
    try:
        with source.open("rb") as handle, np.load(handle) as data:
            return {key: np.asarray(data[key]) for key in data.files}
    except FileNotFoundError as error:
        raise CribkitError(f"the {name} table is missing: run scripts/{builder}") from error


def shipped_arrays(name: str, builder: str) -> dict[str, npt.NDArray[np.generic]]:
    """Every array of ``cribkit/data/<name>.npz`` but its provenance; a missing file
    raises a ``CribkitError`` naming the ``builder`` script that makes it."""
    return {key: value for key, value in _read(name, builder).items() if key != PROVENANCE}


def provenance_entry(record: Mapping[str, object]) -> npt.NDArray[np.str_]:
    """``record`` as the table's provenance entry: JSON in a string array, which ``np.load``
    reads without pickling."""
    return np.array(json.dumps(dict(record), sort_keys=True))


def shipped_provenance(name: str, builder: str) -> dict[str, object]:
    """How ``cribkit/data/<name>.npz`` was built; a table without the entry raises a
    ``CribkitError`` (it was written by hand, not by its ``builder`` script)."""
    entry = _read(name, builder).get(PROVENANCE)
    if entry is None:
        raise CribkitError(f"the {name} table does not say how it was built: rerun {builder}")
    record = json.loads(str(entry))
    if not isinstance(record, dict):
        raise CribkitError(f"the {name} table's provenance is not a JSON object")
    return record
