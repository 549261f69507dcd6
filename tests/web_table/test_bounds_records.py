"""The web's record uploads share the command line's bounds (``cribkit.limits``): a record
of too many deals is refused before its replay or review, and a file past the size limit
is refused naming it."""

from __future__ import annotations

from typing import Any

import pytest

from cribkit.actions import Deal
from cribkit.game import Game
from cribkit.limits import MAX_RECORD_BYTES, MAX_RECORD_DEALS
from cribkit.record import GameRecord

EN = {"Accept-Language": "en"}


def _long_record(deals: int) -> str:
    """A record's head and its first deal line ``deals`` times (it would not replay)."""
    game = Game(seed=4)
    while not any(isinstance(action, Deal) for action in game.actions):  # the cut for deal
        player = game.state.players_to_move()[0]
        game.apply(game.view(player).legal_actions[0])
    lines = GameRecord.of(game).to_text().splitlines()
    deal = next(line for line in lines if line.startswith("deal "))
    head = [line for line in lines if line.startswith(("#", "rules ", "seed "))]
    return "\n".join([*head, *[deal] * deals]) + "\n"


@pytest.mark.parametrize("path", ["/replay", "/replay/review"])
def test_a_record_of_1000_deals_is_refused_naming_the_bound(client: Any, path: str) -> None:
    answer = client.post(path, data={"text": _long_record(1000), "seat": "0"}, headers=EN)
    assert answer.status_code == 422
    assert "1000 deals" in answer.text and f"at most {MAX_RECORD_DEALS}" in answer.text


def test_an_uploaded_file_past_the_limit_is_refused_naming_it(client: Any) -> None:
    files = {"record": ("big.txt", b"#" * (MAX_RECORD_BYTES + 1))}
    answer = client.post("/replay", files=files, headers=EN)
    assert answer.status_code == 422
    assert f"{MAX_RECORD_BYTES // 1024} KB" in answer.text
