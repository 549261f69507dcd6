"""``cribkit replay FILE``: a recorded game told hand by hand, as it was said at the table.

The record is replayed through the state machine (``GameRecord.replay``) and the steps
are regrouped into hands: the deal and discards, the starter, the play card by card
with the count and every score, the show, and the scores after the hand. The same
``HandSummary`` list feeds the Rich text and ``--json``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from cribkit.actions import ClaimCount, Cut, CutForDeal, Deal, Discard, Go, Play, TurnStarter
from cribkit.cards import Card
from cribkit.cli.app import command, friendly_errors
from cribkit.cli.output import (
    card_text,
    cards_text,
    make_console,
    move_text,
    print_json,
    print_show,
    score_moves,
)
from cribkit.cli.pegboard import pegboard
from cribkit.cli.records import read_record
from cribkit.counting import claim_words
from cribkit.events import Outcome, Pegs, ScoreContext, ScoreEvent, Show
from cribkit.record import GameRecord, ReplayStep
from cribkit.rules import Skunk
from cribkit.scoring import Breakdown, ScoreKind

__all__ = ["HandSummary", "PlayLine", "replay", "replay_dict", "summarize"]

_SHOW_CONTEXTS = (ScoreContext.HAND, ScoreContext.CRIB)
_PEG_OUT_KINDS = (ScoreKind.GO, ScoreKind.LAST_CARD)


def _name(player: int) -> str:
    """Seats are named as in the record: p0 and p1."""
    return f"p{player}"


def _cards(cards: Iterable[Card]) -> list[str]:
    return [str(card) for card in cards]


@dataclass(slots=True)
class PlayLine:
    """One turn of the play: a card (with the count after it) or a go, and what it scored.

    ``reset`` means the count went back to 0 after this turn (31, or a go nobody could
    answer). ``events`` may include a go or last-card point pegged by the other seat.
    """

    player: int
    card: Card | None
    count: int
    reset: bool
    events: tuple[ScoreEvent, ...]

    def talk(self) -> str:
        """What is said at the table: "fifteen two and a pair is four", "go"..."""
        card_items = [
            e.item
            for e in self.events
            if e.player == self.player and e.item.kind not in _PEG_OUT_KINDS
        ]
        parts = [Breakdown(tuple(card_items)).call] if card_items else []
        if self.card is None:
            parts.insert(0, "go")
        for event in self.events:
            if event.item.kind in _PEG_OUT_KINDS:
                who = "" if event.player == self.player else f"{_name(event.player)}: "
                parts.append(who + event.item.call)
        return "; ".join(parts)

    def to_dict(self) -> dict[str, object]:
        return {
            "player": self.player,
            "card": None if self.card is None else str(self.card),
            "go": self.card is None,
            "count": self.count,
            "reset": self.reset,
            "talk": self.talk(),
            "events": [event.to_dict() for event in self.events],
        }


@dataclass(slots=True)
class HandSummary:
    """Everything that happened in one deal, in the order it happened."""

    number: int
    dealer: int
    cuts: tuple[CutForDeal, ...]
    dealt: tuple[tuple[Card, ...], tuple[Card, ...]]
    discards: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())
    starter: Card | None = None
    starter_cut: int | None = None
    """How many cards the pone lifted off the pack before the starter was turned."""
    heels: tuple[ScoreEvent, ...] = ()
    play: list[PlayLine] = field(default_factory=list)
    shows: tuple[Show, ...] = ()
    show_events: list[ScoreEvent] = field(default_factory=list)
    muggins_taken: dict[tuple[int, ScoreContext], list[ScoreEvent]] = field(default_factory=dict)
    """The muggins the opponent took from each claimed show, by (player, hand or crib)."""
    scores: tuple[int, int] = (0, 0)
    pegs: tuple[Pegs, Pegs] = (Pegs(), Pegs())

    def kept(self, player: int) -> tuple[Card, ...]:
        return tuple(card for card in self.dealt[player] if card not in self.discards[player])

    def events_of(self, show: Show) -> list[ScoreEvent]:
        """The points actually pegged for ``show`` (fewer than its items if 121 came first)."""
        own = [e for e in self.show_events if e.player == show.player and e.context is show.context]
        return own + self.muggins_taken.get((show.player, show.context), [])

    def to_dict(self) -> dict[str, object]:
        pone = 1 - self.dealer
        return {
            "hand": self.number,
            "dealer": self.dealer,
            "cut_for_deal": [_cards(cut.cards) for cut in self.cuts],
            "dealt": [_cards(cards) for cards in self.dealt],
            "discards": [_cards(cards) for cards in self.discards],
            "kept": [_cards(self.kept(player)) for player in (0, 1)],
            "crib": _cards(self.discards[pone] + self.discards[self.dealer]),
            "cut_for_deal_positions": [list(cut.positions) for cut in self.cuts],
            "starter": None if self.starter is None else str(self.starter),
            "starter_cut": self.starter_cut,
            "heels": [event.to_dict() for event in self.heels],
            "play": [line.to_dict() for line in self.play],
            "shows": [
                {**show.to_dict(), "events": [e.to_dict() for e in self.events_of(show)]}
                for show in self.shows
            ],
            "scores": list(self.scores),
            "pegs": [{"front": peg.front, "back": peg.back} for peg in self.pegs],
        }


def summarize(steps: Iterable[ReplayStep]) -> list[HandSummary]:
    """Group replay steps into hands (the cut for deal goes with the first hand)."""
    hands: list[HandSummary] = []
    cuts: list[CutForDeal] = []
    for step in steps:
        action, after = step.action, step.after
        if isinstance(action, CutForDeal):
            cuts.append(action)
            continue
        if isinstance(action, Cut) or _resigned(step):
            continue  # a position chosen (the cut or the starter shows the card); the end
        if isinstance(action, Deal):
            assert after.dealer is not None
            hands.append(HandSummary(after.hand_number, after.dealer, tuple(cuts), action.hands))
            cuts.clear()
        hand = hands[-1]
        hand.scores, hand.pegs = after.scores, after.pegs
        if isinstance(action, Discard):
            hand.discards = after.discards
        elif isinstance(action, TurnStarter):
            hand.starter, hand.starter_cut, hand.heels = action.card, action.position, step.events
        elif isinstance(action, Play | Go | ClaimCount):
            if not isinstance(action, ClaimCount):
                hand.play.append(_play_line(step))
            hand.show_events.extend(e for e in step.events if e.context in _SHOW_CONTEXTS)
            if isinstance(action, ClaimCount):  # its muggins belongs to the show it claimed
                claimed = after.shows[len(step.before.shows)]
                taken = [e for e in step.events if e.context is ScoreContext.MUGGINS]
                hand.muggins_taken[(claimed.player, claimed.context)] = taken
            if after.shows:
                hand.shows = after.shows
    return hands


def _resigned(step: ReplayStep) -> bool:
    """The step is the resignation that ended the game (no hand of its own to tell)."""
    outcome = step.after.outcome
    return outcome is not None and outcome.resigned


def _play_line(step: ReplayStep) -> PlayLine:
    action, before, after = step.action, step.before, step.after
    assert isinstance(action, Play | Go)
    card = action.card if isinstance(action, Play) else None
    count = before.count + (card.pips if card is not None else 0)
    reset = not after.series and (bool(before.series) or card is not None)
    events = tuple(e for e in step.events if e.context is ScoreContext.PLAY)
    return PlayLine(action.player, card, count, reset, events)


def replay_dict(record: GameRecord, notes: Sequence[str] = ()) -> dict[str, object]:
    """The whole game as JSON-ready data: notes, rules, seed, hands and the outcome."""
    outcome = record.final_state().outcome
    return {
        "notes": list(notes),
        "seed": record.seed,
        "rules": {
            "target": record.rules.target,
            "skunk": record.rules.skunk_line,
            "double_skunk": record.rules.double_skunk_line,
            "manual_count": sorted(record.rules.manual_count),
            "muggins": record.rules.muggins,
        },
        "hands": [hand.to_dict() for hand in summarize(record.replay())],
        "outcome": None if outcome is None else outcome.to_dict(),
    }


@command("replay", summary="Tell a recorded game hand by hand.")
@friendly_errors
def replay(
    file: Annotated[
        Path, typer.Argument(metavar="FILE", help="A game record (as saved by cribkit).")
    ],
    json_output: Annotated[bool, typer.Option("--json", help="Print the hands as JSON.")] = False,
) -> None:
    """Print a recorded game hand by hand: deals, discards, the play, the show, the scores."""
    record, notes = read_record(file)
    if json_output:
        print_json(replay_dict(record, notes))
        return
    console = make_console()
    console.print(f"Game record: seed {record.seed}, rules {record.rules.to_text()}")
    for note in notes:
        console.print(Text(note, style="dim"))
    for hand in summarize(record.replay()):
        _print_hand(console, hand)
    _print_outcome(console, record.final_state().outcome)


def _print_hand(console: Console, hand: HandSummary) -> None:
    for cut in hand.cuts:
        console.print(_cut_text(cut))
    console.print(Rule(f"Hand {hand.number}: {_name(hand.dealer)} deals", align="left"))
    for player in (hand.dealer ^ 1, hand.dealer):
        console.print(
            Text.assemble(
                (_name(player), "bold"),
                " dealt ",
                cards_text(hand.dealt[player]),
                "  discards ",
                cards_text(hand.discards[player]) if hand.discards[player] else "—",
            )
        )
    if hand.starter is not None:
        lifted = f" ({_name(1 - hand.dealer)} lifts {hand.starter_cut} cards of the pack)"
        console.print(Text.assemble("starter ", card_text(hand.starter), lifted))
    for move in score_moves(hand.heels):
        console.print(move_text(move, name=_name(move.player)))
    if hand.play:
        console.print(Text("The play", style="bold underline"))
        console.print(_play_table(hand.play))
    if hand.shows:
        console.print(Text("The show", style="bold underline"))
        for show in hand.shows:
            print_show(console, show, name=_name(show.player))
            if show.claim is not None:
                console.print(f"  {claim_words(show, _name(show.player), _name(1 - show.player))}")
            pegged = hand.events_of(show)
            if show.claim is None and len(pegged) < len(show.breakdown.items) and pegged:
                console.print("  (game over: the rest is not pegged)")
    console.print(Text.assemble("Scores: ", _scores_text(hand.scores)))
    console.print(pegboard(hand.pegs, names=(_name(0), _name(1))))


def _cut_text(cut: CutForDeal) -> Text:
    first, second = cut.cards
    if first.rank == second.rank:
        verdict = "equal ranks, cut again"
    else:
        verdict = f"{_name(0 if first.rank < second.rank else 1)} deals (lower card)"
    at_first, at_second = cut.positions
    return Text.assemble(
        f"Cut for deal: p0 draws card {at_first + 1}: ",
        card_text(first),
        f", p1 card {at_second + 1}: ",
        card_text(second),
        f" → {verdict}",
    )


def _play_table(lines: Sequence[PlayLine]) -> Table:
    table = Table(box=None, show_header=True, pad_edge=False)
    table.add_column("seat")
    table.add_column("card")
    table.add_column("count", justify="right")
    table.add_column("talk")
    table.add_column("score", justify="right")
    for line in lines:
        scored = ", ".join(f"{_name(e.player)} {e.score}" for e in line.events[-1:])
        table.add_row(
            _name(line.player),
            card_text(line.card) if line.card is not None else Text("go", style="italic"),
            str(line.count),
            line.talk(),
            scored,
        )
        if line.reset:
            table.add_row("", "", Text("0", style="dim"), Text("count starts again", style="dim"))
    return table


def _scores_text(scores: Sequence[int]) -> Text:
    return Text.assemble(("p0 ", "bold"), str(scores[0]), ", ", ("p1 ", "bold"), str(scores[1]))


def _print_outcome(console: Console, outcome: Outcome | None) -> None:
    if outcome is None:
        console.print(Text("The record stops before the end of the game.", style="bold"))
        return
    skunk = {
        Skunk.NONE: "",
        Skunk.SKUNK: f"; {_name(outcome.loser)} is skunked",
        Skunk.DOUBLE: f"; {_name(outcome.loser)} is double skunked",
    }[outcome.skunk]
    winner, loser = outcome.scores[outcome.winner], outcome.scores[outcome.loser]
    if outcome.resigned:
        said = f"{_name(outcome.loser)} resigns; {_name(outcome.winner)} wins"
        console.print(
            Text.assemble((said, "bold green"), f" (the score stood {winner} to {loser})")
        )
        return
    console.print(
        Text.assemble(
            (f"{_name(outcome.winner)} wins", "bold green"),
            f" {winner} to {loser} (by {outcome.margin}){skunk}",
        )
    )
