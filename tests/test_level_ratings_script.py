"""scripts/level_ratings.py: the rating table written from a ladder's own output."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from cribkit.cli import app
from script_support import load_script

level_ratings_script = load_script("level_ratings")


def _ladder() -> dict[str, object]:
    args = ["ladder", "--games", "4", "--seed", "3", "--players", "random,greedy,beginner"]
    result = CliRunner().invoke(app, [*args, "-j", "1", "--json"])
    assert result.exit_code == 0, result.output
    ladder: dict[str, object] = json.loads(result.stdout)
    return ladder


def test_the_table_holds_the_ladder_s_fit_weakest_first_the_anchor_fixed() -> None:
    ladder = _ladder()
    table = level_ratings_script.level_table(ladder, "cribkit ladder --games 4 --seed 3")
    assert table["made_by"] == "cribkit ladder --games 4 --seed 3"
    assert table["anchor"] == "beginner" and table["anchor_rating"] == 1000
    rows = table["ratings"]
    assert list(rows) == ["random", "beginner", "greedy"]
    assert rows["beginner"] == {"rating": 1000.0, "low": None, "high": None, "games": 8}
    fitted = {r["player"]: r for r in ladder["ratings"]}  # type: ignore[attr-defined]
    for name in ("random", "greedy"):
        assert rows[name]["rating"] == round(fitted[name]["rating"], 1)
        assert [rows[name]["low"], rows[name]["high"]] == [
            round(x, 1) for x in fitted[name]["interval"]
        ]
    assert [(m["a"], m["b"], m["a_wins"]) for m in table["matches"]] == [
        (m["a"], m["b"], m["a_wins"])
        for m in ladder["matches"]  # type: ignore[attr-defined]
    ]
    markdown = level_ratings_script.markdown(table)
    assert "| beginner | 1000 | anchor | 8 |" in markdown
    assert markdown.index("| greedy |") < markdown.index("| random |")
