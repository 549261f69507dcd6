"""``cribkit score`` (one hand, or a batch file of hands) and ``cribkit peg`` (a play series).

Card arguments are liberal (``5h 10H Th 5♥``, commas or spaces). A hand is four cards
and a starter: give the starter with ``--starter`` or as a fifth card, the same order a
batch line uses.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, TextIO

import typer
from rich.table import Table
from rich.text import Text

from cribkit.cards import Card, parse_card, parse_cards
from cribkit.cli.app import command, fail, friendly_errors
from cribkit.cli.output import (
    card_text,
    dump_json,
    make_console,
    print_breakdown,
    print_json,
    running_call,
)
from cribkit.errors import CribkitError, DuplicateCardError, WrongCardCountError
from cribkit.scoring import GO_WORDS, Breakdown, peg_sequence, score_show

__all__ = [
    "parse_hand",
    "peg",
    "read_moves",
    "score",
    "score_dict",
    "score_line",
]

_CRIB_WORD = "crib"


def parse_hand(cards: Sequence[Card], starter: Card | None) -> tuple[tuple[Card, ...], Card]:
    """Split the cards into a four-card hand and the starter; explain any mistake.

    Four cards need ``starter``; five cards mean the fifth is the starter.
    """
    if starter is None:
        if len(cards) == 5:
            return tuple(cards[:4]), cards[4]
        if len(cards) == 4:
            raise WrongCardCountError(
                "the starter is missing: add --starter CARD or give it as a fifth card"
            )
        raise WrongCardCountError(
            f"a hand is four cards and the starter, got {_cards_word(len(cards))}"
        )
    if len(cards) != 4:
        raise WrongCardCountError(
            f"with --starter give exactly four hand cards, got {_cards_word(len(cards))}"
        )
    if starter in cards:
        raise DuplicateCardError(f"the starter {starter} is also in the hand")
    return tuple(cards), starter


def _cards_word(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def score_dict(
    hand: Sequence[Card], starter: Card, breakdown: Breakdown, *, crib: bool
) -> dict[str, object]:
    """The JSON form of one scored hand: the shape ``--json`` and ``--batch`` print."""
    return {
        "hand": [str(card) for card in hand],
        "starter": str(starter),
        "crib": crib,
        "total": breakdown.total,
        "items": [item.to_dict() for item in breakdown.items],
        "call": breakdown.call,
    }


def score_line(line: str, *, crib: bool = False) -> dict[str, object]:
    """Score one batch line: four cards, the starter, and optionally the word ``crib``."""
    tokens = line.replace(",", " ").split()
    if tokens and tokens[-1].lower() == _CRIB_WORD:
        tokens.pop()
        crib = True
    hand, starter = parse_hand(parse_cards(tokens), None)
    return score_dict(hand, starter, score_show(hand, starter, crib=crib), crib=crib)


_SCORE_HELP = (
    "Score a hand or crib with its starter, item by item, as it is counted aloud.\n\n"
    "Give four cards and --starter, or five cards with the starter last.\n\n"
    "With --batch each line holds four cards, then the starter, then optionally the word "
    "crib (--crib makes every line a crib); blank lines and # comments are skipped. "
    'A bad line prints {"line": n, "error": "..."} in its place and the message on '
    "stderr; the other lines are still scored and the exit status is 2 at the end."
)


@command("score", summary="Score a hand or crib, item by item.", help=_SCORE_HELP)
@friendly_errors
def score(
    cards: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="CARDS",
            help="Four hand cards (5H 5D 5C JS), or five with the starter last.",
            show_default=False,
        ),
    ] = None,
    starter: Annotated[
        str | None,
        typer.Option("--starter", "-s", metavar="CARD", help="The starter (cut) card."),
    ] = None,
    crib: Annotated[
        bool, typer.Option("--crib", help="Count as a crib: a flush needs all five cards.")
    ] = False,
    batch: Annotated[
        str | None,
        typer.Option(
            "--batch",
            "-b",
            metavar="FILE",
            help="Score a file of hands ('-' for stdin) and print one JSON object a line.",
        ),
    ] = None,
    json_output: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Score a hand or crib with its starter, item by item (help text: ``_SCORE_HELP``)."""
    if batch is not None:
        if cards or starter:
            raise fail("give either cards or --batch FILE, not both", code="cards_and_batch")
        _score_batch(batch, crib=crib)
        return
    if not cards:
        raise fail(
            "give four cards and --starter, e.g. cribkit score 5H 5D 5C JS --starter 5S",
            code="no_cards",
        )
    hand, cut = parse_hand(
        parse_cards(" ".join(cards)), None if starter is None else parse_card(starter)
    )
    breakdown = score_show(hand, cut, crib=crib)
    if json_output:
        print_json(score_dict(hand, cut, breakdown, crib=crib))
        return
    console = make_console()
    what = "crib" if crib else "hand"
    console.print(
        Text.assemble(
            (what.capitalize(), "bold"),
            " ",
            Text(" ").join(card_text(card) for card in hand),
            "  starter ",
            card_text(cut),
        )
    )
    print_breakdown(console, breakdown)


def _score_batch(source: str, *, crib: bool) -> None:
    """Stream the batch: one JSON line out per hand line in; exit 2 at the end on errors."""
    failures = 0
    out = sys.stdout
    with _open_batch(source) as stream:
        try:
            for number, line in _hand_lines(stream):
                try:
                    result = score_line(line, crib=crib)
                except CribkitError as exc:
                    failures += 1
                    typer.echo(f"cribkit: line {number}: {exc}", err=True)
                    out.write(dump_json({"line": number, "error": str(exc)}) + "\n")
                    continue
                out.write(dump_json(result) + "\n")
        except UnicodeDecodeError:
            raise fail(f"cannot read {source}: it is not UTF-8 text", code="cannot_read") from None
    if failures:
        plural = "line was" if failures == 1 else "lines were"
        raise fail(f"{failures} {plural} not scored", code="bad_lines")


def _hand_lines(stream: Iterable[str]) -> Iterator[tuple[int, str]]:
    """Numbered lines that hold a hand: blank lines and ``#`` comments are skipped."""
    for number, raw in enumerate(stream, start=1):
        line = raw.strip()
        if line and not line.startswith("#"):
            yield number, line


@contextmanager
def _open_batch(source: str) -> Iterator[TextIO]:
    """Open a batch source: a path, or ``-`` for stdin (which is left open)."""
    if source == "-":
        yield sys.stdin
        return
    try:
        stream = Path(source).open(encoding="utf-8")  # noqa: SIM115  (closed below)
    except OSError as exc:
        raise fail(f"cannot read {source}: {exc.strerror}", code="cannot_read") from None
    with stream:
        yield stream


def read_moves(tokens: Iterable[str]) -> list[Card | None]:
    """Cards in the order played, ``None`` for each ``go`` (also ``|`` or ``/``).

    Raises for a malformed card; ``peg_sequence`` checks the play itself.
    """
    words = " ".join(tokens).replace(",", " ").replace(";", " ").split()
    return [None if word.lower() in GO_WORDS else parse_card(word) for word in words]


_PEG_HELP = (
    "Peg a play card by card: the running count and what each card scores.\n\n"
    "Write go (or |) where a series ended because nobody could play: the card before it "
    "scores one for the go and the count starts again from 0, as it does after 31. "
    "Last card is not scored, and passing 31 is an error."
)


@command("peg", summary="Peg a play card by card, with go.", help=_PEG_HELP)
@friendly_errors
def peg(
    cards: Annotated[
        list[str],
        typer.Argument(
            metavar="MOVES",
            help="Cards in the order played from a fresh count, and go where a series "
            "ended (QS 9D 8C go 7H).",
        ),
    ],
    json_output: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Peg a play card by card (help text: ``_PEG_HELP``)."""
    plays = peg_sequence(read_moves(cards))
    total = sum(play.points for play in plays)
    if json_output:
        print_json({"plays": [play.to_dict() for play in plays], "total": total})
        return
    table = Table()
    for column in ("card", "count", "points", "call"):
        table.add_column(column, justify="right" if column in ("count", "points") else "left")
    for play in plays:
        card = Text("go", style="italic") if play.card is None else card_text(play.card)
        call = running_call(play.breakdown) if play.breakdown else Text("—", style="dim")
        table.add_row(card, str(play.count), str(play.points), call)
    console = make_console()
    console.print(table)
    console.print(Text.assemble("points in all ", (str(total), "bold")))
