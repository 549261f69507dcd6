"""A game's history as one seat may know it: the table talk and the score sheet so far.

Both are read from the stored record by replaying it, so a reload or a second tab gets
the same talk the first tab heard live. Only public facts go in: the cut for deal, who
deals, the starter, each card played or go said, each score, and each hand or crib once
it is counted at the show. Deals and discards are never described (the person's own
cards are on the table anyway; the computer's are secret), so nothing here can leak.

``shown`` limits the show of the last hand to the counts the table has revealed so far,
for a table that counts the show one step at a time.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from cribkit.actions import CutForDeal, Deal, Go, Play, Resign, TurnStarter
from cribkit.cards import Card
from cribkit.events import ScoreContext, ScoreEvent, Show
from cribkit.record import GameRecord, ReplayStep
from cribkit.scoresheet import HandLine, score_sheet_of
from cribkit.web.site.labels import KIND_LABELS
from cribkit.web.site.spoken import spoken_count, spoken_item
from cribkit.web.table.games.seat_words import SeatWords

__all__ = [
    "History",
    "SheetHand",
    "TalkLine",
    "claim_text",
    "game_history",
    "resign_text",
    "talk_text",
]


@dataclass(frozen=True, slots=True)
class TalkLine:
    """One line of table talk: ``kind`` picks the sentence, the rest fills it in."""

    hand: int
    kind: str
    player: int | None = None
    cards: tuple[Card, ...] = ()
    count: int | None = None
    event: ScoreEvent | None = None
    show: Show | None = None
    tie: bool = False

    @property
    def css(self) -> str:
        """The class the live table gives the same line (colour by seat, weight by kind)."""
        lane = "" if self.player is None else f" lane-{self.player}"
        kind = "score" if self.kind == "scored" else self.kind
        return f"{kind}{lane}".strip()


@dataclass(frozen=True, slots=True)
class SheetHand:
    """One deal on the score sheet (``cribkit.scoresheet``'s line, as the person saw it).

    ``pegging`` is the play and his heels. ``hand[p]`` and ``crib`` stay ``None`` until
    counted: the show is still to come, or the game ended before that count. ``totals``
    are the scores after everything counted.
    """

    number: int
    dealer: int
    pegging: tuple[int, int]
    hand: tuple[int | None, int | None]
    crib: int | None
    totals: tuple[int, int]
    muggins: tuple[int, int] = (0, 0)
    """Points each seat took from the other's overlooked counts (muggins on)."""

    def to_dict(self) -> dict[str, object]:
        return {
            "hand_number": self.number,
            "dealer": self.dealer,
            "pegging": list(self.pegging),
            "hand": list(self.hand),
            "crib": self.crib,
            "totals": list(self.totals),
            "muggins": list(self.muggins),
        }


@dataclass(frozen=True, slots=True)
class History:
    """The talk (oldest first) and the score sheet (one row per deal) of a game so far."""

    talk: tuple[TalkLine, ...]
    sheet: tuple[SheetHand, ...]


def _new_shows(step: ReplayStep) -> tuple[Show, ...]:
    before, after = step.before, step.after
    if after.hand_number != before.hand_number:
        return after.shows
    return after.shows[len(before.shows) :]


Unshown = frozenset[tuple[int, int, ScoreContext]]
"""Counts of the show not revealed yet, as (hand number, player, hand or crib)."""


def _is_hidden(hand: int, player: int, context: ScoreContext, hidden: Unshown) -> bool:
    return (hand, player, context) in hidden


def _step_lines(step: ReplayStep, hidden: Unshown) -> Iterator[TalkLine]:
    """The talk of one replay step, less the counts not revealed yet."""
    hand = step.after.hand_number
    action = step.action
    play_events = [e for e in step.events if e.context in (ScoreContext.PLAY, ScoreContext.HEELS)]
    match action:
        case CutForDeal(cards):
            tie = step.after.dealer is None
            yield TalkLine(hand, "cut", None, cards, tie=tie)
        case Deal():
            yield TalkLine(hand, "deal", step.after.dealer)
        case TurnStarter(card):
            yield TalkLine(hand, "starter", None, (card,))
        case Play(player, card):
            count = step.before.count + card.pips
            yield TalkLine(hand, "play", player, (card,), count)
        case Go(player):
            yield TalkLine(hand, "go", player)
        case Resign(player):
            yield TalkLine(hand, "resign", player)
    for event in play_events:
        yield TalkLine(hand, "scored", event.player, event=event)
    for show in _new_shows(step):
        if not _is_hidden(hand, show.player, show.context, hidden):
            yield TalkLine(hand, "show", show.player, show=show)
            if show.claim is not None:
                yield TalkLine(hand, "claim", show.player, show=show)
            if show.muggins:
                yield TalkLine(hand, "muggins", 1 - show.player, show=show)


def _sheet(steps: Sequence[ReplayStep], hidden: Unshown) -> tuple[SheetHand, ...]:
    """The core's score sheet over the events shown, with the counts not made yet as None."""
    dealers = [step.after.dealer for step in steps if isinstance(step.action, Deal)]
    if not dealers or dealers[0] is None:
        return ()
    shown = [
        event
        for step in steps
        for event in step.events
        if not _is_hidden(event.hand_number, event.player, event.context, hidden)
    ]
    counted = {
        (step.after.hand_number, show.player, show.context)
        for step in steps
        for show in _new_shows(step)
        if not _is_hidden(step.after.hand_number, show.player, show.context, hidden)
    }
    target = steps[-1].after.rules.target
    lines = score_sheet_of(shown, first_dealer=dealers[0], hands=len(dealers), target=target)
    return tuple(_sheet_hand(line, counted) for line in lines)


def _sheet_hand(line: HandLine, counted: set[tuple[int, int, ScoreContext]]) -> SheetHand:
    number, dealer = line.hand_number, line.dealer
    seat0, seat1 = (
        line.hand[p] if (number, p, ScoreContext.HAND) in counted else None for p in (0, 1)
    )
    crib = line.crib[dealer] if (number, dealer, ScoreContext.CRIB) in counted else None
    return SheetHand(number, dealer, line.pegging, (seat0, seat1), crib, line.totals, line.muggins)


def game_history(
    record: GameRecord, *, shown: int | None = None, steps: Sequence[ReplayStep] | None = None
) -> History:
    """Talk and sheet of ``record``; only ``shown`` counts of the last hand's show, if given.

    ``steps`` is the record already replayed, for a caller that has it at hand.
    """
    steps = list(record.replay()) if steps is None else steps
    hidden: Unshown = frozenset()
    if steps and shown is not None:
        last = steps[-1].after
        unshown = last.shows[max(shown, 0) :]
        hidden = frozenset((last.hand_number, s.player, s.context) for s in unshown)
    talk = [line for step in steps for line in _step_lines(step, hidden)]
    return History(tuple(talk), _sheet(steps, hidden))


def claim_text(show: Show, words: SeatWords, who: str, *, muggins: bool) -> str:
    """What the table says of a show its player counted (``who`` made the claim), or of
    the muggins taken from it (``who`` took it), as the live table says it."""
    if muggins:
        return words.say("muggins_line", points=show.muggins, who=who)
    claim, total = show.claim, show.breakdown.total
    if show.over_claimed:
        return words.say("claim_over", who=who, claim=claim, over=show.over_claimed, total=total)
    if show.missed:
        return words.say("claim_short", who=who, claim=claim, missed=show.missed)
    return words.say("claim_right", who=who, claim=claim)


def talk_text(line: TalkLine, tr: gettext.NullTranslations, words: SeatWords) -> str:
    """``line`` in the reader's language, word for word as the live table says it to the
    reader ``words`` are for (seat 1 at a table between two people hears seat 0's name)."""
    who = words.who
    seat = words.seat
    match line.kind:
        case "cut":
            you, computer = (line.cards[seat].unicode, line.cards[1 - seat].unicode)
            text = words.say("cut_line", you=you, computer=computer)
            return f"{text} {words.say('cut_again')}" if line.tie else text
        case "deal":
            hand = words.say("hand_no", n=line.hand)
            dealer = words.say("you_deal" if line.player == seat else "computer_deals")
            return words.say("hand_line", hand=hand, dealer=dealer)
        case "starter":
            return words.say("starter_line", card=line.cards[0].unicode)
        case "play":
            assert line.player is not None
            card = line.cards[0].unicode
            return words.say("played", who=who[line.player], card=card, count=line.count)
        case "go":
            assert line.player is not None
            return words.say("said_go", who=who[line.player])
        case "scored":
            assert line.event is not None and line.player is not None
            item = line.event.item
            label = tr.gettext(KIND_LABELS[item.kind])
            said = words.say("scored", who=who[line.player], points=item.points, label=label)
            return f"{said}  “{spoken_item(item, tr)}”"
        case "resign":
            assert line.player is not None
            return resign_text(line.player, words)
    assert line.show is not None
    if line.kind in ("claim", "muggins"):
        assert line.player is not None
        return claim_text(line.show, words, who[line.player], muggins=line.kind == "muggins")
    whose = _show_title(line.show, words)
    breakdown = line.show.breakdown
    call = spoken_count(breakdown, tr)
    return words.say("show_line", whose=whose, call=call, total=breakdown.total)


def resign_text(loser: int, words: SeatWords) -> str:
    """ "You resign; Bo wins." / "Bo resigns; you win." / "Al resigns; Bo wins." (watching)."""
    winner = words.who[1 - loser]
    if words.spectator:
        return words.say("resign_other", who=words.who[loser], winner=winner)
    if loser == words.seat:
        return words.say("resign_you", winner=winner)
    return words.say("resign_them", who=words.who[loser])


def _show_title(show: Show, words: SeatWords) -> str:
    mine = show.player == words.seat
    if show.context is ScoreContext.CRIB:
        return words.strings["your_crib" if mine else "computer_crib"]
    return words.strings["your_hand" if mine else "computer_hand"]
