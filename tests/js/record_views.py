"""Record whole seeded games as the table's script sees them, for the node tests.

Each case plays one game through the JSON API (FastAPI's TestClient, a scratch SQLite
file): the person makes seeded random legal moves against the computer, and every view
the API answers is kept, cut to the fields the page's peg and pacing code reads. The
views go to ``tests/js/fixtures/<case>.json``, which ``tests/js/*.test.mjs`` check.

    .venv/bin/python tests/js/record_views.py          # write the fixtures
    .venv/bin/python tests/js/record_views.py --check  # exit 1 if they are out of date
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cribkit.rules import GameRules
from cribkit.web.app import create_app
from cribkit.web.site.settings import Settings

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from fastapi.testclient import TestClient

FIXTURES = Path(__file__).parent / "fixtures"
MAX_MOVES = 1000  # a game takes about a hundred; a bound, not a budget

# What the page's peg arithmetic (pegs.js) and the computer's pause (pace.js) read.
KEPT = (
    "version",
    "phase",
    "hand_number",
    "dealer",
    "you",
    "computer",
    "scores",
    "pegs",
    "events",
    "event_count",
    "outcome",
    "play_log",
    "series",
    "count",
    "opponent_cards_held",
)


@dataclass(frozen=True)
class Case:
    """One recorded game: the computer's level, the deal's seed, the person's moves' seed."""

    name: str
    level: str
    seed: int
    moves_seed: int
    count_own: bool = False


CASES = (
    Case("medium-seed-1", "greedy", 1, 1),
    Case("easy-seed-3", "random", 3, 3),
    Case("hard-seed-3", "expert", 3, 3),
    Case("counting-muggins-seed-5", "greedy", 5, 2, count_own=True),
)


def record(case: Case) -> dict[str, Any]:
    """Play ``case`` to the end through the API; its views, trimmed, and the rules' lines."""
    rng = random.Random(case.moves_seed)
    body: dict[str, Any] = {"level": case.level, "seed": case.seed}
    if case.count_own:
        body.update(count_own=True, muggins=True)
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(database_url=f"sqlite:///{folder}/views.sqlite3", testing=True)
        with TestClient(create_app(settings)) as client:
            answer = client.post("/api/games", json=body)
            answer.raise_for_status()
            game_id, view = answer.json()["id"], answer.json()["view"]
            views = [view]
            for _ in range(MAX_MOVES):
                if view["phase"] == "game_over":
                    break
                move = {"action": rng.choice(view["legal_actions"]), "version": view["version"]}
                answer = client.post(f"/api/games/{game_id}/actions", json=move)
                answer.raise_for_status()
                view = answer.json()
                views.append(view)
            else:
                raise RuntimeError(f"{case.name}: no end after {MAX_MOVES} moves")
    rules = GameRules()
    return {
        "case": case.name,
        "rules": {
            "target": rules.target,
            "skunk_line": rules.skunk_line,
            "double_skunk_line": rules.double_skunk_line,
        },
        "views": [{key: v[key] for key in KEPT} for v in views],
    }


def as_text(recorded: dict[str, Any]) -> str:
    return json.dumps(recorded, ensure_ascii=False, separators=(",", ":")) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args(argv)
    stale = []
    for case in CASES:
        path = FIXTURES / f"{case.name}.json"
        text = as_text(record(case))
        if args.check:
            if not path.is_file() or path.read_text(encoding="utf-8") != text:
                stale.append(path.name)
        else:
            FIXTURES.mkdir(exist_ok=True)
            path.write_text(text, encoding="utf-8")
    if stale:
        print(f"out of date: {', '.join(stale)}; run {Path(__file__).name}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
