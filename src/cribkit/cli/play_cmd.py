"""The `cribkit play` command: a whole game against the computer in the terminal.

``TerminalGame`` draws only what the human's ``PlayerView`` shows (plus the computer's
public actions, which its own view-based strategy chose), so the computer's hand and the
crib appear only when the show counts them. It reads lines through an injected
``read(prompt)`` callable and writes to a Rich ``Console``, so a test can drive a whole
game with scripted input and read the transcript.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from cribkit.actions import Cut, Discard, Go, NextHand, Play, PlayerAction
from cribkit.analysis.hints import hint
from cribkit.cards import Card, Rank, format_cards_unicode, parse_card
from cribkit.cli.app import command, friendly_errors
from cribkit.cli.cutting import cut_prompt, read_cut, spread_text
from cribkit.cli.names import level_name
from cribkit.cli.output import (
    card_text,
    cards_text,
    make_console,
    move_text,
    print_show,
    score_moves,
)
from cribkit.cli.pegboard import pegboard
from cribkit.cli.records import check_new_file, write_record
from cribkit.dealing import new_seed
from cribkit.errors import CribkitError
from cribkit.events import Outcome, ScoreContext, ScoreEvent
from cribkit.game import Game
from cribkit.players import Strategy, strategy_for_level
from cribkit.record import GameRecord
from cribkit.rules import Skunk
from cribkit.scoring import MAX_COUNT, ScoreKind
from cribkit.state import Phase
from cribkit.talk import number_word
from cribkit.view import PlayerView

__all__ = ["HUMAN", "TerminalGame", "play"]

HUMAN, COMPUTER = 0, 1
"""The person always sits in seat 0."""

Reader = Callable[[str], str]
"""Reads one line after showing a prompt; raises ``EOFError`` when input ends."""

QUIT_WORDS = frozenset({"quit", "exit"})
"""Not "q": a bare q is the queen in the play."""
HINT_WORDS = frozenset({"hint", "h", "?"})
HELP = (
    "Type cards like [bold]5h 5d[/] to lay away, [bold]7c[/] (or just [bold]7[/] when you "
    "hold one seven) or [bold]go[/] in the play; [bold]1[/] is an ace. "
    "Enter for the next hand, [bold]hint[/] for advice, [bold]quit[/] to stop."
)


class Quit(Exception):
    """The person asked to stop (``quit``, end of input or Ctrl-C)."""


class BadInput(CribkitError):
    """What the person typed cannot be done now; the message says why."""


class TerminalGame:
    """One game, the person in seat 0 against ``computer`` in seat 1."""

    def __init__(
        self,
        *,
        computer: Strategy,
        seed: int,
        console: Console,
        read: Reader,
        save: Path | None = None,
        notes: Sequence[str] = (),
    ) -> None:
        """``save``: where to write the record when the game ends (else the person is
        offered to save it); ``notes``: comment lines for the record (who sat where)."""
        self.game = Game(seed=seed)
        self.computer = computer
        self.console = console
        self.read = read
        self.save = save
        self.notes = tuple(notes)
        self.saved_to: Path | None = None
        self._hand = 0
        self._shows_seen = 0

    # ------------------------------------------------------------ the loop

    def run(self) -> Outcome | None:
        """Play to the end; the outcome, or ``None`` if the person quit."""
        self.console.print(Text("cribkit: you against the computer, to 121.", style="bold"))
        self.console.print(HELP)
        try:
            self._cut_for_deal()
            while not self.game.is_over:
                self._step()
        except Quit:
            self.console.print("You leave the table. Thanks for playing.")
            if self.save is not None:
                self.console.print(
                    Text(
                        f"The game was not finished, so {self.save} was not written "
                        "(an unfinished record would show the computer's cards)."
                    )
                )
            return None
        self._announce_end()
        self._keep_record()
        return self.game.state.outcome

    # ------------------------------------------------------------ the record

    def _keep_record(self) -> None:
        """Write the finished game's record to ``save``, or offer to save it."""
        if self.save is not None and self._write(self.save):
            return
        while True:
            try:
                answer = self.read(
                    "Save this game's record? Type a file name (Enter to skip): "
                ).strip()
            except (EOFError, KeyboardInterrupt):
                return
            if not answer or answer.lower() in ("n", "no"):
                return
            if self._write(Path(answer).expanduser()):
                return

    def _write(self, path: Path) -> bool:
        try:
            write_record(path, GameRecord.of(self.game), self.notes)
        except CribkitError as exc:
            self.console.print(Text(f"  {exc}", style="yellow"))
            return False
        self.saved_to = path
        self.console.print(
            Text(f"Saved the game to {path}: replay it with  cribkit replay {path}"),
            soft_wrap=True,
        )
        return True

    def _view(self) -> PlayerView:
        return self.game.view(HUMAN)

    def _step(self) -> None:
        view = self._view()
        if view.hand_number != self._hand:
            self._start_hand(view)
        if view.phase is Phase.DISCARD:
            if not view.opponent_has_discarded:
                self._apply(self.computer.choose(self.game.view(COMPUTER)))
                whose = "your" if view.is_dealer else "its own"
                self.console.print(f"The computer lays two cards away to {whose} crib.")
            else:
                self._apply(self._ask(view, self._read_discard))
        elif view.phase is Phase.PLAY:
            if view.to_play == HUMAN:
                self._apply(self._ask(view, self._read_play))
            else:
                self._apply(self.computer.choose(self.game.view(COMPUTER)))
        elif view.phase is Phase.STARTER:
            self._cut_the_pack(view)
        elif view.phase is Phase.SHOW:
            self._apply(self._ask(view, self._read_next))

    def _cut_for_deal(self) -> None:
        """Cut until the ranks differ: the person picks a card of the face-down spread,
        the computer draws another, both are turned up; the lower card deals."""
        while self.game.state.phase is Phase.CUT_FOR_DEAL:
            done = len(self._view().cut_for_deal)
            if HUMAN in self.game.state.players_to_move():
                self.console.print("The deck is spread face down:")
                self.console.print(spread_text(self._view()))
                self.game.apply(self._ask(self._view(), read_cut))
            if COMPUTER in self.game.state.players_to_move():
                self.game.apply(self.computer.choose(self.game.view(COMPUTER)))
            view = self._view()
            mine, theirs = view.cut_for_deal[done]
            at_mine, at_theirs = view.cut_for_deal_positions[done]
            line = Text.assemble(
                f"You draw card {at_mine + 1}: ",
                card_text(mine),
                f"; the computer draws card {at_theirs + 1}: ",
                card_text(theirs),
            )
            line.append(" — a tie, cut again." if mine.rank == theirs.rank else ".")
            self.console.print(line)
        first = "You deal" if self._view().is_dealer else "The computer deals"
        self.console.print(f"{first} first (low card deals).")

    def _cut_the_pack(self, view: PlayerView) -> None:
        """The pone lifts part of the pack (the person when the computer deals) and the
        dealer turns the card below the cut: the starter, two for his heels if a jack."""
        if view.is_dealer:
            action = self.computer.choose(self.game.view(COMPUTER))
            who, turner = "The computer lifts", "you turn"
        else:
            action = self._ask(view, read_cut)
            who, turner = "You lift", "the computer turns"
        assert isinstance(action, Cut)
        events = self.game.apply(action)
        starter = self._view().starter
        assert starter is not None
        self.console.print(
            Text.assemble(
                f"{who} {action.position} cards of the pack; {turner} the starter: ",
                card_text(starter),
            )
        )
        for move in score_moves(events):
            self.console.print(Text.assemble("  ", move_text(move, name=_name(move.player))))

    def _ask(
        self, view: PlayerView, parse: Callable[[PlayerView, str], PlayerAction]
    ) -> PlayerAction:
        """Prompt until the line is a legal action; hints and help do not use the turn."""
        while True:
            try:
                line = self.read(self._prompt(view)).strip()
            except (EOFError, KeyboardInterrupt):
                raise Quit from None
            word = line.lower()
            if word in QUIT_WORDS:
                raise Quit
            if word in HINT_WORDS:
                self.console.print(hint_text(view))
                continue
            if word == "help":
                self.console.print(HELP)
                continue
            try:
                return parse(view, line)
            except CribkitError as exc:
                self.console.print(Text(f"  {exc}", style="yellow"))

    def _apply(self, action: PlayerAction) -> None:
        before = len(self._view().play_log)
        events = self.game.apply(action)
        self._announce(action, events, before)

    # ------------------------------------------------------------ reading input

    def _prompt(self, view: PlayerView) -> str:
        if view.phase in (Phase.CUT_FOR_DEAL, Phase.STARTER):
            return cut_prompt(view)
        if view.phase is Phase.DISCARD:
            whose = "your" if view.is_dealer else "the computer's"
            return f"Your hand {format_cards_unicode(view.hand)} — two cards for {whose} crib: "
        if view.phase is Phase.PLAY:
            fits = [card for card in view.hand if view.count + card.pips <= MAX_COUNT]
            if not fits:
                return (
                    f"Count {view.count}. Your hand {format_cards_unicode(view.hand)}: "
                    "nothing fits — type go (or Enter): "
                )
            return f"Count {view.count}. Your hand {format_cards_unicode(view.hand)} — play: "
        return "Press Enter for the next hand: "

    @staticmethod
    def _read_discard(view: PlayerView, line: str) -> PlayerAction:
        cards = _cards_in_hand(view, line)
        if len(cards) != 2:
            raise BadInput(f"lay away exactly two cards (you gave {len(cards)}), like 5h 5d")
        return Discard(HUMAN, (cards[0], cards[1]))

    @staticmethod
    def _read_play(view: PlayerView, line: str) -> PlayerAction:
        fits = [card for card in view.hand if view.count + card.pips <= MAX_COUNT]
        if line.lower() in ("go", ""):
            if fits:
                if not line:
                    raise BadInput("type a card from your hand, like 7c (or hint)")
                raise BadInput(
                    f"no go: you can play {format_cards_unicode(fits)} without passing {MAX_COUNT}"
                )
            return Go(HUMAN)
        cards = _cards_in_hand(view, line)
        if len(cards) != 1:
            raise BadInput("play one card at a time, like 7c")
        card = cards[0]
        if view.count + card.pips > MAX_COUNT:
            room = MAX_COUNT - view.count
            advice = f"play a card of {room} or less" if fits else "say go"
            raise BadInput(
                f"{card.unicode} would take the count to {view.count + card.pips}, past "
                f"{MAX_COUNT}: {advice}"
            )
        return Play(HUMAN, card)

    @staticmethod
    def _read_next(view: PlayerView, line: str) -> PlayerAction:
        if line:
            raise BadInput("press Enter for the next hand (or type quit)")
        return NextHand(HUMAN)

    # ------------------------------------------------------------ announcements

    def _start_hand(self, view: PlayerView) -> None:
        self._hand = view.hand_number
        self._shows_seen = 0
        dealer = "you deal" if view.is_dealer else "the computer deals"
        self.console.rule(f"Hand {view.hand_number}: {dealer}")
        if view.hand_number == 1:  # later hands: the board was drawn after the last show
            self.console.print(pegboard(view.pegs))
        self.console.print(Text.assemble("Your cards: ", cards_text(view.hand)))

    def _announce(
        self, action: PlayerAction, events: Sequence[ScoreEvent], log_before: int
    ) -> None:
        view = self._view()
        who = _name(action.player)
        verb = " play " if action.player == HUMAN else " plays "
        for entry in view.play_log[log_before:]:
            if entry.card is None:
                self.console.print(Text.assemble((who, "bold"), ": “go”"))
            else:
                said = _spoken(entry.card, entry.count, events, action.player)
                self.console.print(
                    Text.assemble((who, "bold"), verb, card_text(entry.card), f" — “{said}”")
                )
        pegged = [e for e in events if e.context in (ScoreContext.PLAY, ScoreContext.HEELS)]
        for move in score_moves(pegged):
            self.console.print(Text.assemble("  ", move_text(move, name=_name(move.player))))
        if view.play_log[log_before:] and view.play_log[-1].reset and view.outcome is None:
            self.console.print(Text("  The count goes back to zero.", style="dim"))
        self._announce_shows(view)

    def _announce_shows(self, view: PlayerView) -> None:
        new = view.shows[self._shows_seen :]
        if not new:
            return
        if self._shows_seen == 0:
            self.console.rule("The show")
        for show in new:
            print_show(self.console, show, name="Your" if show.player == HUMAN else "Computer's")
        self._shows_seen = len(view.shows)
        self.console.print(pegboard(view.pegs))

    def _announce_end(self) -> None:
        view = self._view()
        outcome = view.outcome
        assert outcome is not None
        self.console.rule("Game over")
        if not view.shows:  # the game ended in the play, before any show redrew the board
            self.console.print(pegboard(view.pegs))
        mine, theirs = outcome.scores[HUMAN], outcome.scores[COMPUTER]
        if outcome.winner == HUMAN:
            self.console.print(Text(f"You win, {mine} to {theirs}!", style="bold green"))
        else:
            self.console.print(Text(f"The computer wins, {theirs} to {mine}.", style="bold red"))
        if outcome.skunk is not Skunk.NONE:
            loser = "The computer is" if outcome.winner == HUMAN else "You are"
            kind = "double skunked" if outcome.skunk is Skunk.DOUBLE else "skunked"
            self.console.print(Text(f"{loser} {kind}!", style="bold"))


def _name(player: int) -> str:
    return "You" if player == HUMAN else "Computer"


def _cards_in_hand(view: PlayerView, line: str) -> tuple[Card, ...]:
    """The cards typed, each checked against the hand (errors name the card).

    A bare rank (``7``, ``k``, ``10``, ``1`` for an ace) stands for the one card of that
    rank in the hand; with two or more of it the person must say which.
    """
    cards: list[Card] = []
    for token in line.replace(",", " ").split():
        card = _held_card(view.hand, token)
        if card in cards:
            raise BadInput(f"{card.unicode} is named twice")
        cards.append(card)
    return tuple(cards)


def _held_card(hand: Sequence[Card], token: str) -> Card:
    """The card ``token`` names in ``hand``: a full card, or a rank held exactly once."""
    rank = _bare_rank(token)
    if rank is None:
        card = parse_card(token)
        if card not in hand:
            raise BadInput(
                f"you do not hold {card.unicode}; your hand is {format_cards_unicode(hand)}"
            )
        return card
    held = [card for card in hand if card.rank is rank]
    if len(held) == 1:
        return held[0]
    if not held:
        raise BadInput(f"you hold no {rank.display}; your hand is {format_cards_unicode(hand)}")
    raise BadInput(
        f"you hold {format_cards_unicode(held)}: say which, like {held[0].rank.display}"
        f"{held[0].suit.value.lower()}"
    )


def _bare_rank(token: str) -> Rank | None:
    """The rank ``token`` names on its own (``7``, ``K``, ``10``, ``T``, ``1``), else None.

    A rank is what makes a card with a suit after it, so the card parser decides.
    """
    if not token or _is_card(token):
        return None
    try:
        return parse_card(f"{token}C").rank
    except CribkitError:
        return None


def _is_card(token: str) -> bool:
    try:
        parse_card(token)
    except CribkitError:
        return False
    return True


def _spoken(card: Card, count: int, events: Sequence[ScoreEvent], player: int) -> str:
    """What the player says with the card: the count, or its scoring calls."""
    calls = [
        event.item.call
        for event in events
        if event.player == player
        and event.context is ScoreContext.PLAY
        and event.item.kind not in (ScoreKind.GO, ScoreKind.LAST_CARD)
        and event.item.cards[-1] == card
    ]
    if calls and calls[0].startswith(("fifteen", "thirty-one")):
        return " and ".join(calls)
    return " and ".join([number_word(count), *calls])


def hint_text(view: PlayerView) -> Text:
    """Advice from the person's own view only: the hint's reason and, for a throw, the
    best few holds with their expected points."""
    advice = hint(view)
    text = Text.assemble(("Hint: ", "bold cyan"), advice.explanation)
    for option in advice.discards:
        text.append("\n  keep ")
        text.append_text(cards_text(option.keep))
        text.append(", throw ")
        text.append_text(cards_text(option.throw))
        text.append(f": {option.total_ev:.2f} points expected")
    return text


# ---------------------------------------------------------------- the command


@command(summary="Play a game against the computer.")
@friendly_errors
def play(
    level: Annotated[
        str,
        typer.Option(
            metavar="LEVEL",
            help="How strong the computer is, weakest first: beginner, novice, casual, "
            "club, strong or expert (easy, medium and hard are read as beginner, casual "
            "and expert), in any case.",
        ),
    ] = "expert",
    seed: Annotated[
        int | None,
        typer.Option(metavar="N", help="Seed for the shuffles (default: a fresh one)."),
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help="Write the game's record to FILE when it ends (a new file); without it "
            "you are asked at the end.",
        ),
    ] = None,
) -> None:
    """Play a game of cribbage against the computer, from the keyboard.

    When the game ends its record can be saved and told again with cribkit replay FILE.
    """
    if save is not None:
        check_new_file(save)
    game_seed = new_seed() if seed is None else seed
    level = level_name(level)
    computer = strategy_for_level(level, seed=game_seed)
    console = make_console()
    session = TerminalGame(
        computer=computer,
        seed=game_seed,
        console=console,
        read=lambda p: console.input(p),
        save=save,
        notes=[f"cribkit play: p0 is you, p1 the computer ({level})"],
    )
    session.run()
