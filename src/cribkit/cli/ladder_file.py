"""A ladder's interim file: every game played so far, saved chunk by chunk, so a stopped
ladder starts again where it stood, mid-match included.

The file is one JSON object: the ladder's seed, the engine that played the games
(``cribkit.cluster.installed_engine``: another engine would play other games from the
same seeds, so its games are refused), and per pairing ``A|B`` each game as a compact
row. A game's seed is not stored: it follows from the ladder's seed and the game's pair
(``pair_seed``). The file is written whole to a temporary name and moved into place, so
a ladder stopped while writing leaves the previous file intact.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cribkit.cluster import installed_engine
from cribkit.errors import CribkitError
from cribkit.rules import Skunk
from cribkit.tournament import GameResult, pair_seed

__all__ = ["FORMAT", "LadderFile", "game_row", "pairing_key", "row_game"]

FORMAT = 2
"""Version 1 kept only each finished match's wins; version 2 keeps every game."""

Row = list[Any]
"""``[pair, a_seat, winner, score0, score1, skunk, first_dealer, hands, points0, points1]``"""


def game_row(result: GameResult) -> Row:
    """``result`` as a row of the file (its record, if any, is not kept)."""
    return [
        result.pair,
        result.a_seat,
        result.winner,
        *result.scores,
        result.skunk.value,
        result.first_dealer,
        result.hands,
        list(result.points[0]),
        list(result.points[1]),
    ]


def row_game(row: Row, *, seed: int) -> GameResult:
    """The game a row of the file holds, its seed rebuilt from the ladder's ``seed``."""
    pair, a_seat, winner, score0, score1, skunk, first_dealer, hands, points0, points1 = row
    return GameResult(
        pair=int(pair),
        seed=pair_seed(seed, int(pair)),
        a_seat=int(a_seat),
        winner=int(winner),
        scores=(int(score0), int(score1)),
        skunk=Skunk(skunk),
        first_dealer=int(first_dealer),
        hands=int(hands),
        points=(_points(points0), _points(points1)),
    )


def _points(values: Row) -> tuple[int, int, int]:
    play, hand, crib = (int(v) for v in values)
    return play, hand, crib


@dataclass
class LadderFile:
    """The games of a ladder on ``seed`` by pairing key (``A|B``), saved to ``path`` (or
    kept in memory only, without one)."""

    path: Path | None
    seed: int
    games: dict[str, list[GameResult]] = field(default_factory=dict)

    @classmethod
    def open(cls, path: Path | None, *, seed: int) -> LadderFile:
        """The file at ``path`` if it exists (refusing one of another seed or engine, or
        not a ladder's), else an empty one that will be written there."""
        if path is None or not path.exists():
            return cls(path, seed)
        try:
            saved = json.loads(path.read_text(encoding="utf-8"))
            if saved.get("format") != FORMAT:
                raise CribkitError(
                    f"{path} is a ladder file of another format ({saved.get('format', 1)}, "
                    f"this cribkit writes {FORMAT}): give another --out"
                )
            if saved["seed"] != seed:
                raise CribkitError(
                    f"{path} holds a ladder on seed {saved['seed']}: give the same --seed, "
                    f"or another --out"
                )
            if saved["engine"] != installed_engine():
                raise CribkitError(
                    f"{path} was played by another cribkit engine ({saved['engine']}, this is "
                    f"{installed_engine()}), whose seeds give other games: give another --out"
                )
            games = {
                key: [row_game(row, seed=seed) for row in rows]
                for key, rows in saved["matches"].items()
            }
        except CribkitError:
            raise
        except (ValueError, KeyError, TypeError, AttributeError) as error:
            raise CribkitError(f"{path} is not a ladder's interim file: {error}") from error
        return cls(path, seed, games)

    def played(self, a: str, b: str) -> list[GameResult]:
        """The games of ``a`` against ``b`` saved so far."""
        return list(self.games.get(pairing_key(a, b), []))

    def add(self, a: str, b: str, batch: list[GameResult]) -> None:
        """Keep ``batch``'s games of ``a`` against ``b`` and write the file at once.

        Games are kept in the order of their pair and seat, not of arrival: workers finish
        chunks in any order, and the same ladder must leave the same file in every mode."""
        games = self.games.setdefault(pairing_key(a, b), [])
        games.extend(batch)
        games.sort(key=lambda result: (result.pair, result.a_seat))
        self.save()

    def save(self) -> None:
        """Write every game, one row a line (a readable diff when the file is kept)."""
        if self.path is None:
            return
        head = json.dumps({"format": FORMAT, "seed": self.seed, "engine": installed_engine()})
        matches = ",\n".join(
            f" {json.dumps(key)}: [\n"
            + ",\n".join(f"  {json.dumps(game_row(result))}" for result in results)
            + "\n ]"
            for key, results in self.games.items()
        )
        temporary = self.path.with_name(self.path.name + ".tmp")
        temporary.write_text(f'{head[:-1]}, "matches": {{\n{matches}\n}}}}\n', encoding="utf-8")
        temporary.replace(self.path)


def pairing_key(a: str, b: str) -> str:
    """The file's key of the match of ``a`` (side A) against ``b``."""
    return f"{a}|{b}"
