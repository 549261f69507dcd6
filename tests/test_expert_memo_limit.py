"""The expert's memos are bounded by ``CRIBKIT_EXPERT_MEMO`` (read once, at import): a
process that plays hard games for days holds at most that many solved positions."""

from __future__ import annotations

import json
import os
import subprocess
import sys

PLAY = """
import json
from cribkit.analysis import pegsolver, reading
from cribkit.game import Game
from cribkit.players import make_strategy

largest = {"net": 0, "moves": 0}
game = Game(seed=11)
players = [make_strategy("expert", seed=1), make_strategy("expert", seed=2)]
for _ in range(400):
    if game.is_over:
        break
    player = game.state.players_to_move()[0]
    game.apply(players[player].choose(game.view(player)))
    largest["net"] = max(largest["net"], len(pegsolver._NET))
    largest["moves"] = max(largest["moves"], len(pegsolver._MOVES))
largest["reading"] = reading._choice_chance.cache_info().maxsize
largest["steps"] = len(game.actions)
print(json.dumps(largest))
"""


def test_the_pegging_memo_never_holds_more_than_the_setting() -> None:
    env = {**os.environ, "CRIBKIT_EXPERT_MEMO": "1000"}
    run = subprocess.run(
        [sys.executable, "-c", PLAY], env=env, capture_output=True, text=True, check=True
    )
    largest = json.loads(run.stdout)
    assert largest["steps"] > 50  # the expert played deals, so its memos were used
    assert 0 < largest["net"] <= 1001  # cleared as soon as it passes the bound
    assert largest["moves"] <= 1000 // 6 + 1
    assert largest["reading"] == 250
