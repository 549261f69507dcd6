"""Time a variant of the expert's decisions as ``python -m bench expert`` times the expert.

The bench's seeded self-play games, with the variant in both seats: CPU time of each real
decision, p50 / p95 by kind (discard and play, far from 121 and near it). Run alternately
with no ``--set`` (the shipped expert) to compare on a noisy machine.

Run: ``.venv/bin/python scripts/time_expert.py --set later_reading_deals=4``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from screen_expert import parse_settings

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the bench package

from bench import bench_expert, percentile

from cribkit.players.expert import ExpertStrategy


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args(argv)
    settings = parse_settings(args.set)
    times = bench_expert.decision_times(lambda seed: ExpertStrategy(seed=seed, **settings))
    games = bench_expert.GAMES
    print(f"variant {settings or '(the expert)'}, {games} self-play games, CPU time:")
    for kind, values in times.items():
        if values:
            p50, p95 = (1000 * percentile(values, q) for q in (0.5, 0.95))
            print(f"  {kind:16} p50 {p50:6.2f} ms  p95 {p95:6.2f} ms  ({len(values)} decisions)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
