"""What the table builds share: their command line, and writing the table they computed.

``build_pegging.py`` and ``build_winprob.py`` each compute one ``.npz`` shipped in
``src/cribkit/data`` from seeded samples spread over worker processes; both take the
sample count, ``--seed``, ``--jobs`` and ``--output``, and end by saying what they built.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import numpy as np

DATA = Path(__file__).resolve().parent.parent / "src" / "cribkit" / "data"
"""Where the package's shipped tables live."""


def build_parser(
    doc: str, output: Path | None, *, samples: str, default: int
) -> argparse.ArgumentParser:
    """The build's options: ``--<samples>`` (how many, ``default``), ``--seed``, ``--jobs``
    (worker processes) and ``--output`` (``output``, or None for the build to choose);
    ``doc``'s first line is the help. A build adds its own options before reading them."""
    parser = argparse.ArgumentParser(description=doc.split("\n")[0])
    parser.add_argument(f"--{samples}", type=int, default=default)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--output", type=Path, default=output)
    return parser


def write_table(output: Path, summary: str, **arrays: Any) -> None:
    """Save ``arrays`` compressed at ``output`` and say on stderr what was built."""
    output.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(output, **arrays)
    print(f"{summary}; wrote {output}", file=sys.stderr)
