"""/stats: a player's record against the computer (by level), friend games apart (by
opponent), and every finished game listed.

A plain server page (no script): the figures come from the summary columns of finished
games; each game links to its replay (``replay.routes``), its review (``review.routes``)
and its record file. The accuracy chart draws the stored review figures (``review.reviews``):
a game finished before reviews were kept is reviewed a few per page load. The player's
rating (``rating``) comes with its history drawn as a chart, and says which games count.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from cribkit.players import LEVELS
from cribkit.players.level_ratings import level_rating
from cribkit.web.site.level_words import LEVEL_NAMES
from cribkit.web.site.models import GameRow
from cribkit.web.site.players_identity import issue_player, player_id_of, remember_player
from cribkit.web.site.templating import render
from cribkit.web.table.games.api import service_of
from cribkit.web.table.games.computer import shown_level
from cribkit.web.table.games.loaded import COMPUTER, FRIEND, HUMAN
from cribkit.web.table.rating.api import ratings_of
from cribkit.web.table.rating.glicko import rated_strategy
from cribkit.web.table.review.reviews import ReviewFigure
from cribkit.web.table.review.routes import reviews_of
from cribkit.web.table.stats.accuracy_chart import GameFigure, accuracy_chart
from cribkit.web.table.stats.rating_chart import rating_chart

__all__ = ["PlayerStats", "player_stats", "router", "split_stats"]

router = APIRouter(tags=["pages"], include_in_schema=False)


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """Totals over a player's finished games."""

    games: int
    wins: int
    losses: int
    skunks_given: int
    double_skunks_given: int
    skunks_received: int
    double_skunks_received: int
    hand_average: float | None
    crib_average: float | None
    play_average: float | None
    best_hand: int | None
    counts_made: int = 0
    """Hands and cribs counted by the player (count-your-own-hand games)."""
    counts_exact: int = 0
    count_points_missed: int = 0
    count_points_over: int = 0

    @property
    def exact_rate(self) -> float | None:
        """The share of the player's own counts that were exactly right."""
        return None if not self.counts_made else self.counts_exact / self.counts_made

    @property
    def win_rate(self) -> float | None:
        return None if not self.games else self.wins / self.games


def _average(points: int, count: int) -> float | None:
    return None if count == 0 else points / count


def player_stats(rows: list[GameRow]) -> PlayerStats:
    """Add up finished games: results, skunks both ways, and points per hand, crib, deal."""

    def count(winner: int, skunk: str) -> int:
        return sum(1 for r in rows if r.winner == winner and r.skunk == skunk)

    wins = sum(1 for r in rows if r.winner == HUMAN)
    return PlayerStats(
        games=len(rows),
        wins=wins,
        losses=len(rows) - wins,
        skunks_given=count(HUMAN, "skunk"),
        double_skunks_given=count(HUMAN, "double_skunk"),
        skunks_received=count(COMPUTER, "skunk"),
        double_skunks_received=count(COMPUTER, "double_skunk"),
        hand_average=_average(sum(r.hand_points for r in rows), sum(r.hands_shown for r in rows)),
        crib_average=_average(sum(r.crib_points for r in rows), sum(r.cribs_shown for r in rows)),
        play_average=_average(sum(r.play_points for r in rows), sum(r.deals_played for r in rows)),
        best_hand=max((r.best_hand for r in rows), default=None),
        counts_made=sum(r.counts_made for r in rows),
        counts_exact=sum(r.counts_exact for r in rows),
        count_points_missed=sum(r.count_points_missed for r in rows),
        count_points_over=sum(r.count_points_over for r in rows),
    )


def split_stats(
    rows: list[GameRow],
) -> tuple[list[GameRow], list[tuple[str, PlayerStats]], list[tuple[str, PlayerStats]]]:
    """Computer games apart from friend games: the computer's rows, their figures by level
    (in the order of the levels, then a test server's strategies; an old row's
    easy/medium/hard counted with the level it became), and the friend games' figures
    by opponent's name."""
    computer = [row for row in rows if row.level != FRIEND]
    played: dict[str, list[GameRow]] = {}
    for row in computer:
        played.setdefault(shown_level(row.level), []).append(row)
    order = [
        *(level for level in LEVEL_NAMES if level in played),
        *sorted(set(played) - set(LEVEL_NAMES)),
    ]
    by_level = [(level, player_stats(played[level])) for level in order]  # a test server's last
    names: dict[str, list[GameRow]] = {}
    for row in rows:
        if row.level == FRIEND:
            names.setdefault(row.name_1 or "", []).append(row)
    by_friend = [(name, player_stats(games)) for name, games in sorted(names.items())]
    return computer, by_level, by_friend


@router.get("/stats", response_class=HTMLResponse)
def stats(request: Request) -> HTMLResponse:
    """Games, wins, skunks and averages, then every finished game with its replay."""
    service = service_of(request)
    player_id = player_id_of(request)
    rows = service.finished_games(player_id)
    figures = _figures(request, rows, player_id)
    reviewed = [
        GameFigure(row.id, figures[row.id].accuracy, row.finished_at)
        for row in reversed(rows)  # oldest first, left to right
        if row.id in figures
    ]
    computer, by_level, by_friend = split_stats(rows)
    return render(
        request,
        "stats.html",
        {
            "stats": player_stats(computer),
            "by_level": by_level,
            "by_friend": by_friend,
            "history": rows,
            "in_progress": service.active_count(player_id),
            "player_name": service.player_name(player_id) or "",
            "level_names": LEVEL_NAMES,
            "figures": figures,
            "chart": accuracy_chart(reviewed),
            **_rating(request, player_id),
        },
    )


def _rating(request: Request, player_id: str | None) -> dict[str, object]:
    """The player's rating, its chart (against the rated levels the table offers) and the
    levels whose games do not count (games finished unrated are rated now, a few a load)."""
    ratings = ratings_of(request)
    ratings.catch_up(player_id)
    history = ratings.history(player_id)
    rated = {strategy for level in LEVELS if (strategy := rated_strategy(level))}
    return {
        "rating": ratings.standing(player_id),
        "rating_history": history,
        "rating_chart": rating_chart(
            history, {strategy: level_rating(strategy).rating for strategy in sorted(rated)}
        ),
        "unrated_levels": [level for level in LEVELS if rated_strategy(level) is None],
        "strategy_names": LEVEL_NAMES,
    }


def _figures(
    request: Request, rows: list[GameRow], player_id: str | None
) -> dict[str, ReviewFigure]:
    """Each finished game's stored accuracy for the reader's seat (a few more reviewed now)."""
    seats = [(row.id, HUMAN if row.player_id == player_id else COMPUTER) for row in rows]
    return reviews_of(request).figures(seats)


@router.post("/stats/name")
def choose_name(request: Request, name: Annotated[str, Form()] = "") -> Response:
    """Remember the name this browser plays under (blank goes back to anonymous)."""
    player_id, is_new = issue_player(request)
    service_of(request).set_player_name(player_id, name)
    response = RedirectResponse("/stats", status_code=303)
    if is_new:
        remember_player(request, response, player_id)
    return response
