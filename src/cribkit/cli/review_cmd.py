"""``cribkit review FILE``: every decision of one seat priced against the best, biggest first.

The pricing is ``cribkit.analysis.review`` (the hint's own analyses, from the seat's view
at each decision); this module only prints it, as Rich tables or as one JSON object.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from cribkit.analysis.review import (
    CountedShow,
    Decision,
    DecisionKind,
    GameReview,
    Unit,
    review_game,
)
from cribkit.cards import Card
from cribkit.cli.app import command, friendly_errors
from cribkit.cli.output import make_console, print_json
from cribkit.cli.records import read_record
from cribkit.seats import check_seat

__all__ = ["review"]

MISTAKES_SHOWN = 10


@command("review", summary="Price each decision of a recorded game against the best.")
@friendly_errors
def review(
    file: Annotated[
        Path, typer.Argument(metavar="FILE", help="A game record (as saved by cribkit).")
    ],
    seat: Annotated[
        int, typer.Option("--seat", metavar="N", help="The seat to review: 0 or 1.")
    ] = 0,
    json_output: Annotated[bool, typer.Option("--json", help="Print the review as JSON.")] = False,
) -> None:
    """Price every discard, play and go of one seat: what each cost against the best choice.

    Discards are priced by the exact expected hand and crib, plays by the pegging search,
    and both by the chance of winning once the score is near 121. Each decision is judged
    from what that seat could see at the time.
    """
    check_seat(seat)  # before the file is read
    record, notes = read_record(file)
    result = review_game(record, seat)
    if json_output:
        print_json(result.to_dict())
        return
    console = make_console()
    for note in notes:
        console.print(Text(note, style="dim"))
    console.print(_summary(result))
    console.print(_per_hand_table(result))
    if result.counts:
        _print_counts(console, result)
    mistakes = result.mistakes(MISTAKES_SHOWN)
    if not mistakes:
        console.print("Every decision was the best one the analyses know.")
        return
    _print_mistakes(console, mistakes)


def _summary(result: GameReview) -> Text:
    return Text.assemble(
        (f"Seat p{result.seat}: ", "bold"),
        f"{len(result.decisions)} decisions, ",
        (f"{result.lost_points:.2f}", "bold"),
        " expected points lost",
        f" ({result.lost_discard_points:.2f} in discards, {result.lost_play_points:.2f} in"
        " the play)",
        f", {result.lost_win_chance:.1%} winning chance lost near the end; ",
        (f"{result.accuracy:.2f}", "bold"),
        " points lost per hand",
    )


def _per_hand_table(result: GameReview) -> Table:
    table = Table(title="Points lost per hand", title_justify="left")
    counted = bool(result.counts)
    headings = ("hand", "discard", "play", "in all", "win chance")
    for heading in (*headings, "count missed") if counted else headings:
        table.add_column(heading, justify="right")
    for hand in result.per_hand:
        row = [
            str(hand.hand),
            f"{hand.discard_points:.2f}",
            f"{hand.play_points:.2f}",
            f"{hand.points:.2f}",
            f"{hand.win_chance:.1%}" if hand.win_chance else "—",
        ]
        if counted:
            row.append(str(hand.counting_missed) if hand.counting_missed else "—")
        table.add_row(*row)
    return table


def _print_counts(console: Console, result: GameReview) -> None:
    """Each show the seat counted itself: the claim against the true count, and the true
    count itemized where the claim was wrong."""
    console.print(Text("Your own counts", style="bold underline"))
    right = sum(1 for count in result.counts if count.claimed == count.true)
    console.print(
        f"{len(result.counts)} counted, {right} exactly right; "
        f"{result.counting_missed} points missed ({result.counting_muggins} pegged by the"
        f" opponent as muggins), {result.counting_over_claimed} over-claimed (never pegged)"
    )
    for count in result.counts:
        console.print(
            Text.assemble(
                f"hand {count.hand}, the {count.what} (step {count.step}): ",
                " ".join(card.unicode for card in count.show.cards),
                f" + {count.show.starter.unicode}: ",
                _claim_words(count),
            )
        )
        if count.claimed != count.true:  # a wrong count: the true one, item by item
            for item in count.show.breakdown.items:
                cards = " ".join(card.unicode for card in item.cards)
                console.print(Text(f"   {item.points:>2}  {item.call}  {cards}", style="dim"))
            console.print(Text(f"   = {count.true}", style="dim"))


def _claim_words(count: CountedShow) -> Text:
    said = f"claimed {count.claimed}, true count {count.true}"
    if count.over_claimed:
        return Text.assemble(said, ": ", (f"over-claimed by {count.over_claimed}", "bold red"))
    if not count.missed:
        return Text.assemble(said, ": ", ("exactly right", "bold green"))
    muggins = f", muggins: {count.muggins} to the opponent" if count.muggins else ""
    return Text.assemble(said, ": ", (f"{count.missed} missed{muggins}", "bold red"))


def _print_mistakes(console: Console, mistakes: list[Decision]) -> None:
    console.print(Text("The costliest decisions, biggest first", style="bold underline"))
    for number, decision in enumerate(mistakes, start=1):
        console.print(
            Text.assemble(
                f"{number}. hand {decision.hand} (step {decision.step}): ",
                (_choice(decision, decision.chosen), "bold"),
                " cost ",
                (_lost(decision), "bold red"),
                "; better: ",
                (_choice(decision, decision.best), "bold green"),
            )
        )
        console.print(Text(f"   {decision.why}", style="dim"))


def _choice(decision: Decision, cards: tuple[Card, ...]) -> str:
    words = " ".join(card.unicode for card in cards)
    return f"throw {words}" if decision.kind is DecisionKind.DISCARD else f"play {words}"


def _lost(decision: Decision) -> str:
    if decision.unit is Unit.WIN_CHANCE:
        return f"{decision.lost:.1%} to win"
    return f"{decision.lost:.2f} pts"
