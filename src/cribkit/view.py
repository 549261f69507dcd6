"""What one player may see. Strategies, the web table and the terminal game use only this.

A ``PlayerView`` has no field that could hold the opponent's hand, the crib or the
deck: the opponent's cards appear only once played or counted at the show.
"""

from __future__ import annotations

from dataclasses import dataclass

from cribkit.actions import PlayerAction, action_to_dict
from cribkit.cards import Card
from cribkit.events import Outcome, Pegs, PlayLogEntry, Show, ShowToCount
from cribkit.rules import GameRules
from cribkit.seats import check_seat
from cribkit.state import GameState, Phase

__all__ = ["PlayerView", "view_of"]


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One seat's knowledge of the game at one moment."""

    player: int
    rules: GameRules
    phase: Phase
    hand_number: int
    dealer: int | None
    pegs: tuple[Pegs, Pegs]
    hand: tuple[Card, ...]
    """Cards in the player's hand now: six in the discard, then those not yet played."""
    kept: tuple[Card, ...]
    """The four cards kept for the show (empty until this player has discarded)."""
    discarded: tuple[Card, ...]
    """The two cards this player laid away to the crib."""
    opponent_cards_held: int
    opponent_has_discarded: bool
    starter: Card | None
    series: tuple[Card, ...]
    count: int
    play_log: tuple[PlayLogEntry, ...]
    said_go: tuple[bool, bool]
    to_play: int | None
    shows: tuple[Show, ...]
    to_count: ShowToCount | None
    """The hand or crib laid down for its player's own count (its cards, never its total)."""
    cut_for_deal: tuple[tuple[Card, Card], ...]
    """The cards of each finished round of the cut for deal (a tie cuts again)."""
    cut_for_deal_positions: tuple[tuple[int, int], ...]
    """Where each seat cut in each finished round, beside ``cut_for_deal``."""
    cut_positions: tuple[int | None, int | None]
    """This round's cuts for deal so far, face down (None: that seat has not cut yet)."""
    starter_position: int | None
    """Where the pone cut the pack for this hand's starter (None: not yet)."""
    outcome: Outcome | None
    legal_actions: tuple[PlayerAction, ...]
    """This seat's legal actions: ``GameState.legal_actions(player)``, the same tuple."""

    @property
    def opponent(self) -> int:
        return 1 - self.player

    @property
    def scores(self) -> tuple[int, int]:
        return (self.pegs[0].front, self.pegs[1].front)

    @property
    def is_dealer(self) -> bool:
        return self.dealer == self.player

    @property
    def played_cards(self) -> tuple[Card, ...]:
        """Every card played so far this hand, by either player, in order."""
        return tuple(entry.card for entry in self.play_log if entry.card is not None)

    def to_dict(self) -> dict[str, object]:
        """JSON form for the web API and ``--json`` output."""
        return {
            "player": self.player,
            "phase": self.phase.value,
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "scores": list(self.scores),
            "pegs": [{"front": p.front, "back": p.back} for p in self.pegs],
            "hand": [str(c) for c in self.hand],
            "kept": [str(c) for c in self.kept],
            "discarded": [str(c) for c in self.discarded],
            "opponent_cards_held": self.opponent_cards_held,
            "opponent_has_discarded": self.opponent_has_discarded,
            "starter": None if self.starter is None else str(self.starter),
            "series": [str(c) for c in self.series],
            "count": self.count,
            "play_log": [entry.to_dict() for entry in self.play_log],
            "said_go": list(self.said_go),
            "to_play": self.to_play,
            "shows": [show.to_dict() for show in self.shows],
            "to_count": None if self.to_count is None else self.to_count.to_dict(),
            "cut_for_deal": [[str(c) for c in cut] for cut in self.cut_for_deal],
            "cut_for_deal_positions": [list(p) for p in self.cut_for_deal_positions],
            "cut_positions": list(self.cut_positions),
            "starter_position": self.starter_position,
            "outcome": None if self.outcome is None else self.outcome.to_dict(),
            "counting": {
                "manual_count": sorted(self.rules.manual_count),
                "muggins": self.rules.muggins,
            },
            "legal_actions": [action_to_dict(a) for a in self.legal_actions],
        }


def view_of(state: GameState, player: int) -> PlayerView:
    """Project ``state`` onto what ``player`` may see; ``InvalidSeatError`` unless
    ``player`` is 0 or 1."""
    player = check_seat(player)
    opponent = 1 - player
    if state.phase is Phase.DISCARD:
        hand = state.dealt[player] if not state.discards[player] else state.kept(player)
        opponent_held = len(state.dealt[opponent]) - len(state.discards[opponent])
    else:
        hand = state.held[player]
        opponent_held = len(state.held[opponent])
    kept = state.kept(player) if state.discards[player] else ()
    return PlayerView(
        player=player,
        rules=state.rules,
        phase=state.phase,
        hand_number=state.hand_number,
        dealer=state.dealer,
        pegs=state.pegs,
        hand=hand,
        kept=kept,
        discarded=state.discards[player],
        opponent_cards_held=opponent_held,
        opponent_has_discarded=bool(state.discards[opponent]),
        starter=state.starter,
        series=state.series,
        count=state.count,
        play_log=state.play_log,
        said_go=state.said_go,
        to_play=state.to_play,
        shows=state.shows,
        to_count=state.to_count,
        cut_for_deal=tuple(cut.cards for cut in state.cuts),
        cut_for_deal_positions=tuple(cut.positions for cut in state.cuts),
        cut_positions=state.cut_positions,
        starter_position=state.starter_position,
        outcome=state.outcome,
        legal_actions=state.legal_actions(player),
    )
