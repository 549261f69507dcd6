"""Reading the tables shipped in ``cribkit/data``: one place that finds the file, reads
every array into memory and says which script rebuilds a missing table."""

from __future__ import annotations

from importlib import resources

import numpy as np
import numpy.typing as npt

from cribkit.errors import CribkitError

__all__ = ["shipped_arrays"]


def shipped_arrays(name: str, builder: str) -> dict[str, npt.NDArray[np.generic]]:
    """Every array of ``cribkit/data/<name>.npz``; a missing file raises a
    ``CribkitError`` naming the ``builder`` script that makes it."""
    source = resources.files("cribkit").joinpath("data", f"{name}.npz")
    try:
        with source.open("rb") as handle, np.load(handle) as data:
            return {key: np.asarray(data[key]) for key in data.files}
    except FileNotFoundError as error:
        raise CribkitError(f"the {name} table is missing: run scripts/{builder}") from error
