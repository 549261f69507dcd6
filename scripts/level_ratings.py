"""Write ``cribkit/data/level_ratings.json`` from a ladder's ``--json`` output.

The picker, the player's Glicko-2 updates and the docs all read that one file, so it is
written from the ladder's own fit, never by hand, and says how it was made::

    cribkit ladder ... --out docs/data/ladder-seedN.json --json > ladder.json
    python scripts/level_ratings.py ladder.json --made-by "cribkit ladder ..." --markdown

``--markdown`` also prints the docs' tables (docs/strength.md): the ratings with their
intervals, strongest first, and every match's win rate with its interval over duplicate
pairs, so the docs quote the same numbers as the picker.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

TARGET = Path(__file__).resolve().parent.parent / "src/cribkit/data/level_ratings.json"


def level_table(ladder: dict[str, Any], made_by: str) -> dict[str, Any]:
    """The data file's contents: the anchor, how it was made, each rating weakest first
    (the anchor's interval ``null``: it is fixed, not fitted) and the matches it fitted."""
    anchor = ladder["anchor"]
    rows = sorted(ladder["ratings"], key=lambda row: row["rating"])
    return {
        "provisional": False,
        "anchor": anchor,
        "anchor_rating": ladder["anchor_rating"],
        "made_by": made_by,
        "ratings": {
            row["player"]: {
                "rating": round(row["rating"], 1),
                "low": None if row["player"] == anchor else round(row["interval"][0], 1),
                "high": None if row["player"] == anchor else round(row["interval"][1], 1),
                "games": row["games"],
            }
            for row in rows
        },
        "matches": [
            {
                "a": match["a"],
                "b": match["b"],
                "games": match["games"],
                "a_wins": match["a_wins"],
                "a_win_rate": round(match["a_win_rate"], 4),
                "a_win_rate_ci": [round(x, 4) for x in match["a_win_rate_ci"]],
            }
            for match in ladder["matches"]
        ],
    }


def markdown(table: dict[str, Any]) -> str:
    """The docs' rating table (strongest first) and match table."""
    lines = ["| player | rating | 95% interval | games |", "|---|---|---|---|"]
    for name, row in reversed(table["ratings"].items()):
        interval = "anchor" if row["low"] is None else f"[{row['low']:.0f}, {row['high']:.0f}]"
        lines.append(f"| {name} | {row['rating']:.0f} | {interval} | {row['games']:,} |")
    lines += [
        "",
        "| match (the stronger first) | games | win rate [95% interval] |",
        "|---|---|---|",
    ]
    for match in table["matches"]:
        low, high = match["a_win_rate_ci"]
        rate = f"{100 * match['a_win_rate']:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"
        lines.append(f"| {match['a']} vs {match['b']} | {match['games']:,} | {rate} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ladder", type=Path, help="the output of cribkit ladder ... --json")
    parser.add_argument("--made-by", required=True, help="the exact ladder command")
    parser.add_argument("--target", type=Path, default=TARGET)
    parser.add_argument("--markdown", action="store_true", help="print the docs' tables")
    args = parser.parse_args()
    if not args.made_by.startswith("cribkit ladder"):
        parser.error("--made-by is the ladder command itself: cribkit ladder ...")
    table = level_table(json.loads(args.ladder.read_text(encoding="utf-8")), args.made_by)
    args.target.write_text(json.dumps(table, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {args.target}")
    if args.markdown:
        print(markdown(table))


if __name__ == "__main__":
    main()
