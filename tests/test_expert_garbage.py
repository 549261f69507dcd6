"""The expert leaves no reference cycles behind a decision: what a search built goes when
the decision is made, not when the garbage collector next walks the heap. A server that
plays the hard computer holds many games' searches at once; with a search that referred
to itself through its closure, each decision's memo (some 30,000 tuples) waited for the
collector, and a serving process whose full collections run on a timer grew by hundreds
of megabytes between them (docs/performance.md, session 22)."""

from __future__ import annotations

import json
import subprocess
import sys

PLAY = """
import collections, gc, json
from cribkit.tournament import play_game

play_game("expert", "expert", seed=10, a_seat=0)  # loads the tables: once, not a leak
gc.collect()
gc.disable()
gc.set_debug(gc.DEBUG_SAVEALL)
play_game("expert", "expert", seed=11, a_seat=0)  # reaches the endgame solver
found = gc.collect()
kinds = collections.Counter(
    getattr(item, "__qualname__", type(item).__name__) for item in gc.garbage
)
print(json.dumps({"found": found, "kinds": kinds.most_common(5)}))
"""


def test_an_expert_game_leaves_no_reference_cycles() -> None:
    ran = subprocess.run(
        [sys.executable, "-c", PLAY], capture_output=True, text=True, timeout=300, check=True
    )
    garbage = json.loads(ran.stdout)
    assert garbage == {"found": 0, "kinds": []}
