"""The whole game as an explicit, immutable state machine.

``GameState.apply(action)`` checks the action first (raising ``IllegalActionError`` with
the reason and changing nothing), then returns a ``Transition``: the new state and the
scoring events in rules order. The game ends on the very event that reaches the target:
heels before the play, the pone's hand before the dealer's hand before the crib.

Chance (the cut for deal, the deal, the starter) is an explicit actor: its actions carry
the cards chance chose, so a game record replays without any random generator. See
``dealing`` for drawing them from a seeded ``random.Random``. The cuts are the players':
in the cut for deal each seat picks a position in the face-down spread, and before the
starter the pone picks where to cut the pack; chance then turns the cards at those
positions, so a player chooses a position, never a card.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import NamedTuple

from cribkit.actions import (
    Action,
    ClaimCount,
    Cut,
    CutForDeal,
    Deal,
    Discard,
    Go,
    NextHand,
    Play,
    PlayerAction,
    Resign,
    TurnStarter,
)
from cribkit.cards import Card, Rank
from cribkit.counting import MAX_CLAIM, claimed_items, muggins_items
from cribkit.errors import CribkitError
from cribkit.events import (
    Outcome,
    Pegs,
    PlayLogEntry,
    ScoreContext,
    ScoreEvent,
    Show,
    ShowToCount,
)
from cribkit.phases import (
    DECK_SIZE,
    HAND_SIZE,
    KEEP_SIZE,
    PACK_SIZE,
    STARTER_CUTS,
    Phase,
)
from cribkit.rules import STANDARD, GameRules, Skunk
from cribkit.scoring import (
    MAX_COUNT,
    ScoreItem,
    go_item,
    heels_item,
    last_card_item,
    score_play,
    score_show,
)
from cribkit.seats import check_seat
from cribkit.state_checks import check_action

__all__ = [
    "DECK_SIZE",
    "HAND_SIZE",
    "KEEP_SIZE",
    "PACK_SIZE",
    "STARTER_CUTS",
    "GameState",
    "Phase",
    "Transition",
]


class Transition(NamedTuple):
    """What ``apply`` returns: the state after the action and the points it scored."""

    state: GameState
    events: tuple[ScoreEvent, ...]


def _other(player: int) -> int:
    return 1 - player


@dataclass(frozen=True, slots=True)
class GameState:
    """An immutable snapshot of a game. Build a new game with ``GameState()``.

    Seats are 0 and 1. Fields are public facts or hidden ones; ``view(player)`` (see
    ``cribkit.view``) is what a player may see.
    """

    rules: GameRules = STANDARD
    phase: Phase = Phase.CUT_FOR_DEAL
    dealer: int | None = None
    hand_number: int = 0
    pegs: tuple[Pegs, Pegs] = (Pegs(), Pegs())
    cuts: tuple[CutForDeal, ...] = ()
    cut_positions: tuple[int | None, int | None] = (None, None)
    """The positions each seat cut at in this round of the cut for deal (None: not yet)."""
    starter_position: int | None = None
    """Where the pone cut the pack for this hand's starter (None: not yet)."""
    dealt: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())
    discards: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())
    starter: Card | None = None
    held: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())
    series: tuple[Card, ...] = ()
    said_go: tuple[bool, bool] = (False, False)
    to_play: int | None = None
    last_player: int | None = None
    play_log: tuple[PlayLogEntry, ...] = ()
    shows: tuple[Show, ...] = ()
    outcome: Outcome | None = None
    _events: tuple[ScoreEvent, ...] = field(default=(), repr=False, compare=False)

    # ------------------------------------------------------------ derived facts

    @property
    def scores(self) -> tuple[int, int]:
        return (self.pegs[0].front, self.pegs[1].front)

    @property
    def pone(self) -> int | None:
        return None if self.dealer is None else _other(self.dealer)

    @property
    def count(self) -> int:
        """The running count of the current series."""
        return sum(card.pips for card in self.series)

    @property
    def is_chance(self) -> bool:
        """True when chance, not a player, acts next (the cuts made, or the deal)."""
        if self.phase is Phase.CUT_FOR_DEAL:
            return None not in self.cut_positions
        if self.phase is Phase.STARTER:
            return self.starter_position is not None
        return self.phase is Phase.DEAL

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.GAME_OVER

    def kept(self, player: int) -> tuple[Card, ...]:
        """The four cards ``player`` kept for the show (the six dealt less the discards)."""
        player = check_seat(player)
        thrown = set(self.discards[player])
        return tuple(card for card in self.dealt[player] if card not in thrown)

    @property
    def crib(self) -> tuple[Card, ...]:
        """The dealer's crib: both players' discards (pone's first)."""
        if self.dealer is None:
            return ()
        return self.discards[_other(self.dealer)] + self.discards[self.dealer]

    def _show_order(self) -> tuple[tuple[int, ScoreContext, tuple[Card, ...]], ...]:
        """The show in rules order: pone's hand, dealer's hand, the dealer's crib."""
        assert self.dealer is not None
        pone, dealer = _other(self.dealer), self.dealer
        return (
            (pone, ScoreContext.HAND, self.kept(pone)),
            (dealer, ScoreContext.HAND, self.kept(dealer)),
            (dealer, ScoreContext.CRIB, self.crib),
        )

    def waiting_seat(self) -> int | None:
        """The seat whose own count the show waits for (cheap: no cards looked at)."""
        if self.phase is not Phase.SHOW or self.dealer is None or len(self.shows) >= 3:
            return None
        return _other(self.dealer) if not self.shows else self.dealer

    @property
    def to_count(self) -> ShowToCount | None:
        """The hand or crib laid down for its player's own count, if the show waits for one."""
        if self.waiting_seat() is None:
            return None
        assert self.starter is not None
        player, context, cards = self._show_order()[len(self.shows)]
        return ShowToCount(player, context, tuple(sorted(cards)), self.starter)

    def players_to_move(self) -> tuple[int, ...]:
        """Seats that may act now (both in the discard, the cut for deal and the show;
        only the counting player while the show waits for a player's own count)."""
        if self.phase is Phase.CUT_FOR_DEAL:
            return tuple(p for p in (0, 1) if self.cut_positions[p] is None)
        if self.phase is Phase.STARTER:
            return () if self.starter_position is not None or self.pone is None else (self.pone,)
        if self.phase is Phase.DISCARD:
            return tuple(p for p in (0, 1) if not self.discards[p])
        if self.phase is Phase.PLAY and self.to_play is not None:
            return (self.to_play,)
        if self.phase is Phase.SHOW:
            waiting = self.waiting_seat()
            return (0, 1) if waiting is None else (waiting,)
        return ()

    def can_play(self, player: int) -> bool:
        """Whether ``player`` holds a card that keeps the count at 31 or less."""
        player = check_seat(player)
        room = MAX_COUNT - self.count
        return any(card.pips <= room for card in self.held[player])

    # ------------------------------------------------------------ legality

    def legal_actions(self, player: int | None = None) -> tuple[PlayerAction, ...]:
        """Every player action the rules allow now, or only ``player``'s; empty when chance
        acts or the game is over. The one source of legal actions: ``PlayerView`` and
        ``Game`` give this same tuple. It lists the moves of the game; a ``Resign`` is
        open to either seat at any moment until the game is over and is not listed
        (a strategy picking among these never concedes by chance).

        >>> GameState().legal_actions(1)[:2]
        (Cut(player=1, position=0), Cut(player=1, position=1))
        """
        movers = self.players_to_move()
        if player is not None:
            wanted = check_seat(player)
            movers = tuple(seat for seat in movers if seat == wanted)
        actions: list[PlayerAction] = []
        for seat in movers:
            if self.phase in (Phase.CUT_FOR_DEAL, Phase.STARTER):
                actions.extend(Cut(seat, k) for k in self.cut_choices(seat))
            elif self.phase is Phase.DISCARD:
                actions.extend(Discard(seat, pair) for pair in combinations(self.dealt[seat], 2))
            elif self.phase is Phase.PLAY:
                room = MAX_COUNT - self.count
                playable = [Play(seat, c) for c in self.held[seat] if c.pips <= room]
                actions.extend(playable if playable else [Go(seat)])
            elif self.waiting_seat() is not None:
                actions.extend(ClaimCount(seat, points) for points in range(MAX_CLAIM + 1))
            else:
                actions.append(NextHand(seat))
        return tuple(actions)

    def cut_choices(self, player: int) -> range | list[int]:
        """The positions ``player`` may cut at now: any card of the spread the other seat
        has not drawn (cut for deal), or 4-36 cards off the pack (the pone, the starter)."""
        player = check_seat(player)
        if player not in self.players_to_move():
            return []
        if self.phase is Phase.STARTER:
            return STARTER_CUTS
        taken = self.cut_positions[_other(player)]
        return [k for k in range(DECK_SIZE) if k != taken]

    def is_legal(self, action: Action) -> bool:
        try:
            self.check(action)
        except CribkitError:
            return False
        return True

    def check(self, action: Action) -> None:
        """Raise ``IllegalActionError`` saying why ``action`` is not allowed now
        (``cribkit.state_checks``)."""
        check_action(self, action)

    # ------------------------------------------------------------ transitions

    def apply(self, action: Action) -> Transition:
        """Check ``action``, then return the new state and the events it scored in order."""
        self.check(action)
        start = replace(self, _events=()) if self._events else self  # replace() is costly
        match action:
            case Cut():
                after = start._apply_player_cut(action)
            case CutForDeal():
                after = start._apply_cut(action)
            case Deal():
                after = start._apply_deal(action)
            case TurnStarter():
                after = start._apply_starter(action)
            case Discard():
                after = start._apply_discard(action)
            case Play():
                after = start._apply_play(action)
            case Go():
                after = start._apply_go(action)
            case ClaimCount():
                after = start._apply_claim(action)
            case NextHand():
                after = start._apply_next()
            case Resign():
                after = start._apply_resign(action)
        return Transition(replace(after, _events=()), after._events)

    def _peg(
        self,
        player: int,
        items: Sequence[ScoreItem],
        context: ScoreContext,
        *,
        join: bool = False,
    ) -> GameState:
        """Peg one score (its items in order) as one leapfrog of ``player``'s back peg.

        ``join`` adds the items to the move of the event just scored in this action when it
        is the same player's in the same context (a go or last card earned by the card just
        played). On reaching the target the game ends on that very item: the front peg
        stops in the game hole and nothing after it is pegged.
        """
        scoring = [item for item in items if item.points]
        if self.is_over or not scoring:
            return self
        target = self.rules.target
        score = start = self.pegs[player].front
        last = self._events[-1] if self._events else None
        if join and last is not None and last.player == player and last.context is context:
            start = last.from_score
        events = list(self._events)
        for item in scoring:
            score = min(score + item.points, target)
            events.append(ScoreEvent(player, context, item, score, self.hand_number, start))
            if score >= target:
                break
        pegs = list(self.pegs)
        pegs[player] = Pegs(score, start)
        state = replace(self, pegs=(pegs[0], pegs[1]), _events=tuple(events))
        if score >= target:
            scores = state.scores
            outcome = Outcome(player, scores, self.rules.skunk(scores[_other(player)]))
            state = replace(state, phase=Phase.GAME_OVER, outcome=outcome, to_play=None)
        return state

    def _apply_player_cut(self, action: Cut) -> GameState:
        if self.phase is Phase.STARTER:
            return replace(self, starter_position=action.position)
        positions = list(self.cut_positions)
        positions[action.player] = action.position
        return replace(self, cut_positions=(positions[0], positions[1]))

    def _apply_cut(self, action: CutForDeal) -> GameState:
        first, second = action.cards
        state = replace(self, cuts=(*self.cuts, action), cut_positions=(None, None))
        if first.rank == second.rank:
            return state  # equal ranks: both cut again
        dealer = 0 if first.rank < second.rank else 1
        return replace(state, dealer=dealer, phase=Phase.DEAL)

    def _apply_deal(self, action: Deal) -> GameState:
        return replace(
            self,
            phase=Phase.DISCARD,
            hand_number=self.hand_number + 1,
            dealt=action.hands,
            starter_position=None,
            discards=((), ()),
            held=((), ()),
            starter=None,
            series=(),
            said_go=(False, False),
            to_play=None,
            last_player=None,
            play_log=(),
            shows=(),
        )

    def _apply_discard(self, action: Discard) -> GameState:
        discards = list(self.discards)
        discards[action.player] = tuple(sorted(action.cards))
        state = replace(self, discards=(discards[0], discards[1]))
        if all(discards):
            held = (state.kept(0), state.kept(1))
            state = replace(state, phase=Phase.STARTER, held=held)
        return state

    def _apply_starter(self, action: TurnStarter) -> GameState:
        assert self.dealer is not None
        state = replace(self, starter=action.card, phase=Phase.PLAY, to_play=self.pone)
        if action.card.rank is Rank.JACK:
            state = state._peg(self.dealer, [heels_item(action.card)], ScoreContext.HEELS)
        return state._settle_play()

    def _apply_play(self, action: Play) -> GameState:
        player, card = action.player, action.card
        breakdown = score_play(self.series, card)
        held = list(self.held)
        held[player] = tuple(c for c in held[player] if c != card)
        series = (*self.series, card)
        count = self.count + card.pips
        state = replace(
            self,
            held=(held[0], held[1]),
            series=series,
            last_player=player,
            to_play=_other(player),
            play_log=(*self.play_log, PlayLogEntry(player, card, count)),
        )
        state = state._peg(player, breakdown.items, ScoreContext.PLAY)
        if state.is_over:
            return state
        if count == MAX_COUNT:
            state = state._reset_series()
        return state._settle_play()

    def _apply_go(self, action: Go) -> GameState:
        said = list(self.said_go)
        said[action.player] = True
        entry = PlayLogEntry(action.player, None, self.count)
        state = replace(
            self,
            said_go=(said[0], said[1]),
            to_play=_other(action.player),
            play_log=(*self.play_log, entry),
        )
        return state._settle_play()

    def _reset_series(self) -> GameState:
        """The count goes back to 0; the player who did not play the last card leads."""
        assert self.last_player is not None
        log = self.play_log
        if log:
            log = (*log[:-1], replace(log[-1], reset=True))
        return replace(
            self,
            series=(),
            said_go=(False, False),
            to_play=_other(self.last_player),
            play_log=log,
        )

    def _settle_play(self) -> GameState:
        """Find who acts next in the play, scoring go / last card and resets on the way."""
        state = self
        while not state.is_over:
            if not state.held[0] and not state.held[1]:
                if state.series and state.last_player is not None:
                    last = last_card_item(state.series[-1])
                    state = state._peg(state.last_player, [last], ScoreContext.PLAY, join=True)
                return state._count_shows()
            mover = state.to_play
            assert mover is not None
            if state.can_play(mover):
                return state
            if state.held[mover] and not state.said_go[mover] and mover != state.last_player:
                return state  # the mover must say go (the last card's player never needs to)
            other = _other(mover)
            if state.can_play(other):
                return replace(state, to_play=other)
            # Neither can play: the last card of the series takes one for the go.
            assert state.last_player is not None and state.series
            go = go_item(state.series[-1])
            state = state._peg(state.last_player, [go], ScoreContext.PLAY, join=True)
            if state.is_over:
                return state  # the go point won: the count stays where the game ended
            state = state._reset_series()
        return state

    def _count_shows(self) -> GameState:
        """The show in order: pone's hand, dealer's hand, then the crib; 121 stops it."""
        if self.is_over:
            return self
        return replace(self, phase=Phase.SHOW, to_play=None)._continue_show()

    def _continue_show(self) -> GameState:
        """Count the shows left in order, stopping at one its player counts themselves."""
        assert self.starter is not None
        state = self
        for player, context, cards in self._show_order()[len(self.shows) :]:
            if state.is_over or state.rules.counts_own(player):
                break
            breakdown = score_show(cards, self.starter, crib=context is ScoreContext.CRIB)
            show = Show(player, context, tuple(sorted(cards)), self.starter, breakdown)
            state = replace(state, shows=(*state.shows, show))
            state = state._peg(player, breakdown.items, context)
        return state

    def _apply_claim(self, action: ClaimCount) -> GameState:
        """Lay the claimed show down with its true count: the claimant pegs the claim (no
        more than the true count), then the opponent any muggins; 121 stops it at once."""
        pending = self.to_count
        assert pending is not None
        player, context, points = pending.player, pending.context, action.points
        breakdown = score_show(pending.cards, pending.starter, crib=context is ScoreContext.CRIB)
        show = Show(player, context, pending.cards, pending.starter, breakdown, claim=points)
        state = replace(self, shows=(*self.shows, show))
        state = state._peg(player, claimed_items(breakdown, points, pending.cards), context)
        missed = (
            () if state.is_over else muggins_items(breakdown, points, muggins=self.rules.muggins)
        )
        if missed:
            show = replace(show, muggins=missed[0].points)
            state = replace(state, shows=(*self.shows, show))
            state = state._peg(_other(player), missed, ScoreContext.MUGGINS)
        return state._continue_show()

    def _apply_resign(self, action: Resign) -> GameState:
        """The game ends where it stands and the other seat wins: a resignation is a loss,
        never a skunk (the skunk lines measure a game played out, not one conceded)."""
        winner = _other(action.player)
        outcome = Outcome(winner, self.scores, Skunk.NONE, resigned=True)
        return replace(self, phase=Phase.GAME_OVER, outcome=outcome, to_play=None)

    def _apply_next(self) -> GameState:
        assert self.dealer is not None
        return replace(self, phase=Phase.DEAL, dealer=_other(self.dealer))
