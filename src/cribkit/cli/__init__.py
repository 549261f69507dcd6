"""The ``cribkit`` command line: one Typer app, one module per command group.

Every command takes ``--json`` where it prints results; bad input prints a clear message
on stderr and exits with status 2, never a traceback.
"""

from __future__ import annotations

# Each module registers its commands on ``app`` when imported.
from cribkit.cli import (  # noqa: F401  (imported for their registrations)
    advise_cmd,
    distribution_cmd,
    ladder_cmd,
    match_cmd,
    play_cmd,
    replay_cmd,
    review_cmd,
    score_cmd,
    serve_cmd,
)
from cribkit.cli.app import app, main

__all__ = ["app", "main"]
