"""``cribkit review`` of a game where the seat counted its own show and counted wrong:
the JSON's ``counts`` is the engine's, the text lists each wrong count with the true
count itemized; a game without counting prints no counting part."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import invoke, json_out

from count_review_support import miscounted_game
from cribkit.analysis.review import review_game
from cribkit.record import GameRecord


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> tuple[GameRecord, Path]:
    game, wrong = miscounted_game(3)
    assert wrong.short and wrong.over
    path = tmp_path_factory.mktemp("review-counting") / "game.txt"
    made = GameRecord.of(game)
    made.save(path)
    return made, path


@pytest.mark.heavy
def test_json_has_each_claim_and_the_totals(record: tuple[GameRecord, Path]) -> None:
    made, path = record
    data = json_out(invoke(["review", str(path), "--seat", "0", "--json"]))
    assert isinstance(data, dict)
    review = review_game(made, 0)
    assert data == json.loads(json.dumps(review.to_dict()))
    wrong = [c for c in data["counts"] if c["claimed"] != c["true"]]
    assert [(c["missed"], c["muggins"], c["over_claimed"]) for c in wrong] == [(2, 2, 0), (0, 0, 3)]
    assert (data["counting_missed"], data["counting_muggins"]) == (2, 2)
    assert data["counting_over_claimed"] == 3
    other = json_out(invoke(["review", str(path), "--seat", "1", "--json"]))
    assert isinstance(other, dict) and other["counts"] == [] and other["counting_missed"] == 0


@pytest.mark.heavy
def test_text_lists_each_count_with_the_true_count_itemized(
    record: tuple[GameRecord, Path],
) -> None:
    made, path = record
    result = invoke(["review", str(path)])
    assert result.exit_code == 0, result.output
    out = result.stdout
    review = review_game(made, 0)
    right = sum(1 for c in review.counts if c.claimed == c.true)
    assert (
        f"{len(review.counts)} counted, {right} exactly right; 2 points missed (2 pegged by the"
        " opponent as muggins), 3 over-claimed (never pegged)" in " ".join(out.split())
    )
    short = next(c for c in review.counts if c.missed)
    over = next(c for c in review.counts if c.over_claimed)
    assert (
        f"hand {short.hand}, the {short.what} (step {short.step}):" in out
        and f"claimed {short.claimed}, true count {short.true}: 2 missed, muggins: 2 to the"
        " opponent"
        in " ".join(out.split())
    )
    flat = " ".join(out.split())
    assert f"claimed {over.claimed}, true count {over.true}: over-claimed by 3" in flat
    block = out.split(f"(step {over.step}):", 1)[1].split("hand ", 1)[0]
    for item in over.show.breakdown.items:  # the engine's itemized count, line by line
        assert f"{item.points:>2}  {item.call}" in block
    assert f"= {over.true}" in block
    assert "count missed" in out
    exact = next(c for c in review.counts if c.claimed == c.true and c.true)
    said = out.split(f"(step {exact.step}):", 1)[1].split("hand ", 1)[0]
    assert "exactly" in said and "=" not in said  # a right count is one line


def test_a_seat_counted_by_the_engine_prints_no_counting(record: tuple[GameRecord, Path]) -> None:
    _, path = record
    out = invoke(["review", str(path), "--seat", "1"]).stdout
    assert "Your own counts" not in out and "count missed" not in out
