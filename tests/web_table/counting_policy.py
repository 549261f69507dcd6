"""One way to play a seeded game with counting your own hand, the same in the browser and
through the API: the same view gives the same move, so a seed found by ``search_seed``
through the API plays the same game in headless Chromium.

The person counts wrong on purpose: the first hand with his nobs is claimed one short
(the missed nob goes to the computer as muggins), the first other scoring count is two
short, the next one is over-claimed by three, and every other count is right.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cribkit.cards import parse_card, parse_cards
from cribkit.scoring import ScoreKind, score_show


def laid_breakdown(view: dict[str, Any]) -> tuple[int, bool]:
    """The true count of the hand or crib laid down for the person's claim, and whether
    it holds his nobs (the test knows the rules; the page is never told)."""
    laid = view["to_count"]
    breakdown = score_show(
        parse_cards(laid["cards"]), parse_card(laid["starter"]), crib=laid["context"] == "crib"
    )
    return breakdown.total, any(item.kind is ScoreKind.NOBS for item in breakdown.items)


@dataclass
class Claims:
    """Which wrong counts are still to be made, and the claims made so far."""

    missed_nob: bool = False
    short: bool = False
    over: bool = False
    made: list[tuple[str, int, int]] = field(default_factory=list)
    """(what, claim, true count) of each claim, in order."""

    def claim(self, view: dict[str, Any]) -> int:
        total, nobs = laid_breakdown(view)
        what = "right"
        if nobs and not self.missed_nob:
            self.missed_nob, what, points = True, "missed_nob", total - 1
        elif total >= 2 and not self.short:
            self.short, what, points = True, "short", total - 2
        elif self.short and not self.over and total <= 26:
            self.over, what, points = True, "over", total + 3
        else:
            points = total
        self.made.append((what, points, total))
        return points

    @property
    def all_made(self) -> bool:
        return self.missed_nob and self.short and self.over


def next_move(view: dict[str, Any]) -> dict[str, Any] | None:
    """The person's move other than a claim: the first cut, the first two cards to the
    crib, the first playable card, go, the next count or deal (None: nothing to do)."""
    legal = view["legal_actions"]
    if not legal:
        return None
    kinds = {a["type"] for a in legal}
    if "discard" in kinds:
        pair = set(view["hand"][:2])
        return next(a for a in legal if set(a["cards"]) == pair)
    for kind in ("cut", "play", "go", "count", "next"):
        if kind in kinds:
            return next(a for a in legal if a["type"] == kind)
    return None


def search_seed(client: Any, seeds: range) -> int:
    """The first seed whose game (greedy computer) makes all three wrong counts."""
    for seed in seeds:
        view = client.post(
            "/api/games",
            json={"level": "greedy", "seed": seed, "count_own": True, "muggins": True},
        ).json()["view"]
        claims = Claims()
        while view["phase"] != "game_over" and not claims.all_made:
            if view["to_count"] and any(a["type"] == "claim" for a in view["legal_actions"]):
                action: dict[str, Any] | None = {
                    "type": "claim",
                    "player": 0,
                    "points": claims.claim(view),
                }
            else:
                action = next_move(view)
            assert action is not None
            view = client.post(
                f"/api/games/{view['id']}/actions",
                json={"action": action, "version": view["version"]},
            ).json()
        if claims.all_made:
            return seed
    raise AssertionError(f"no seed in {seeds} makes every wrong count")
