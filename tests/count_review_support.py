"""A game where seat 0 counts its own show, under muggins, and counts wrong on purpose:
its first scoring count two short (muggins to the other seat), the next one it can
over-claim three over, every other count exactly right."""

from __future__ import annotations

from dataclasses import dataclass, field

from cribkit.actions import ClaimCount
from cribkit.game import Game
from cribkit.players import make_strategy
from cribkit.players.base import true_claim
from cribkit.rules import GameRules

SEAT_COUNTS = GameRules(manual_count=frozenset({0}), muggins=True)


@dataclass
class WrongCounts:
    """Which wrong claims are still to be made."""

    short: bool = False
    over: bool = False
    made: list[tuple[int, int]] = field(default_factory=list)
    """(claim, true count) of each claim, in order."""

    def claim(self, true: int) -> int:
        if true >= 2 and not self.short:
            self.short, points = True, true - 2
        elif self.short and not self.over and true <= 26:
            self.over, points = True, true + 3
        else:
            points = true
        self.made.append((points, true))
        return points


def miscounted_game(seed: int, *, rules: GameRules = SEAT_COUNTS) -> tuple[Game, WrongCounts]:
    """Seat 0 (random, counting itself under ``rules``) against seat 1 (random), played to the
    end in memory, and the claims it made."""
    game = Game(seed=seed, rules=rules)
    return game, play_miscounting(game, seed)


def play_miscounting(game: Game, seed: int, seat: int = 0) -> WrongCounts:
    """Play ``game`` to the end by random legal moves, ``seat`` counting wrong on purpose."""
    strategy = make_strategy("random", seed=seed)
    wrong = WrongCounts()
    while not game.is_over:
        player = game.state.players_to_move()[0]
        view = game.view(player)
        if player == seat and view.to_count is not None and view.to_count.player == seat:
            game.apply(ClaimCount(seat, wrong.claim(true_claim(view).points)))
        else:
            game.apply(strategy.choose(view))
    return wrong
