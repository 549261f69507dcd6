"""Rendering shared by the CLI commands: coloured cards, breakdown tables, shows, JSON.

Commands build plain data (engine objects or dicts) and hand it here, so every command
shows a card, a count or a score the same way. Nothing here decides anything about the
game; it only draws.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from dataclasses import dataclass

from rich.console import Console
from rich.table import Table
from rich.text import Text

from cribkit.cards import Card
from cribkit.events import ScoreEvent, Show
from cribkit.scoring import Breakdown

__all__ = [
    "ScoreMove",
    "breakdown_table",
    "card_text",
    "cards_text",
    "dump_json",
    "make_console",
    "move_text",
    "print_breakdown",
    "print_json",
    "print_show",
    "running_call",
    "score_moves",
    "show_title",
]

RED = "bold red"
BLACK = "bold"


def make_console() -> Console:
    """A console on the current stdout; made per command so test runners' streams work."""
    return Console(highlight=False, soft_wrap=False)


def card_text(card: Card) -> Text:
    """One card for people (``10♥``), red suits in red."""
    return Text(card.unicode, style=RED if card.suit.is_red else BLACK)


def cards_text(cards: Iterable[Card], *, separator: str = " ") -> Text:
    """Cards for people, space separated, each in its suit's colour."""
    return Text(separator).join(card_text(card) for card in cards)


def breakdown_table(breakdown: Breakdown, *, title: str | None = None) -> Table:
    """Items in counting order: call, cards, points and the running total."""
    table = Table(title=title, title_justify="left")
    table.add_column("call")
    table.add_column("cards")
    table.add_column("points", justify="right")
    table.add_column("total", justify="right")
    running = 0
    for item in breakdown.items:
        running += item.points
        table.add_row(item.call, cards_text(item.cards), str(item.points), str(running))
    if not breakdown.items:
        table.add_row(Text(breakdown.call, style="dim"), "", "0", "0")
    return table


def running_call(breakdown: Breakdown) -> str:
    """The whole count as said aloud: the engine's ``Breakdown.call``.

    A hand that scores nothing is called "nothing" and counts 0, in every command and in
    JSON alike ("nineteen" is only the table's joke for it, never a score).
    """
    return breakdown.call


def print_breakdown(console: Console, breakdown: Breakdown, *, title: str | None = None) -> None:
    """The breakdown table, then the count as table talk and the total."""
    console.print(breakdown_table(breakdown, title=title))
    console.print(Text.assemble(("“", "dim"), running_call(breakdown), ("”", "dim")))
    console.print(Text.assemble("total ", (str(breakdown.total), "bold")))


def show_title(show: Show, *, name: str) -> Text:
    """``p1 hand: 5♥ 5♦ 5♣ J♠ + 5♠`` — whose show, which one, the cards and the starter."""
    return Text.assemble(
        (f"{name} {show.context.value}", "bold"),
        ": ",
        cards_text(show.cards),
        " + ",
        card_text(show.starter),
    )


def print_show(console: Console, show: Show, *, name: str) -> None:
    """One counted hand or crib: its title, breakdown table and call."""
    console.print(show_title(show, name=name))
    console.print(breakdown_table(show.breakdown))
    console.print(
        Text.assemble(
            "  ", running_call(show.breakdown), " — ", (f"{show.breakdown.total}", "bold")
        )
    )


@dataclass(frozen=True, slots=True)
class ScoreMove:
    """One move of a player's pegs: everything one score pegged at once.

    A score is all a card makes in the play (fifteen two and a pair is one move of 4, and
    a go or last card it earns joins it), a go, his heels, a whole hand or the whole crib.
    The engine marks it: consecutive events of one player with one ``from_score``.
    """

    events: tuple[ScoreEvent, ...]

    @property
    def player(self) -> int:
        return self.events[0].player

    @property
    def from_score(self) -> int:
        return self.events[0].from_score

    @property
    def score(self) -> int:
        return self.events[-1].score

    @property
    def points(self) -> int:
        """How far the front peg moved (it stops in the game hole)."""
        return self.score - self.from_score

    @property
    def call(self) -> str:
        return Breakdown(tuple(event.item for event in self.events)).call


def score_moves(events: Iterable[ScoreEvent]) -> list[ScoreMove]:
    """Group pegged events into peg moves, in order (see ``ScoreMove``)."""
    groups: list[list[ScoreEvent]] = []
    for event in events:
        last = groups[-1][-1] if groups else None
        if last is not None and (last.player, last.from_score) == (
            event.player,
            event.from_score,
        ):
            groups[-1].append(event)
        else:
            groups.append([event])
    return [ScoreMove(tuple(group)) for group in groups]


def move_text(move: ScoreMove, *, name: str) -> Text:
    """One peg move: ``You fifteen two and a pair is four (+4, now 18)``."""
    return Text.assemble(
        (name, "bold"), " ", move.call, (f" (+{move.points}, now {move.score})", "dim")
    )


def dump_json(data: object, *, pretty: bool = False) -> str:
    """JSON text with Unicode kept as is; compact unless ``pretty``."""
    if pretty:
        return json.dumps(data, ensure_ascii=False, indent=2)
    return json.dumps(data, ensure_ascii=False, separators=(", ", ": "))


def print_json(data: object, *, pretty: bool = False) -> None:
    """Print one JSON document on stdout (one line unless ``pretty``), uncoloured for pipes."""
    sys.stdout.write(dump_json(data, pretty=pretty) + "\n")
