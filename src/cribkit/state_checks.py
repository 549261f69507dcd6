"""Why an action is not allowed now: every check ``GameState.apply`` makes first.

Each check raises ``IllegalActionError`` with a message and a stable code (the web and
the CLI translate the code), and changes nothing. Kept apart from the state machine so
that ``cribkit.state`` holds the facts and the transitions only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

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
    Resign,
    TurnStarter,
)
from cribkit.cards import Card, check_distinct, format_cards
from cribkit.counting import MAX_CLAIM
from cribkit.errors import DuplicateCardError, IllegalActionError
from cribkit.phases import DECK_SIZE, HAND_SIZE, MIN_PACKET, STARTER_CUTS, Phase
from cribkit.scoring import MAX_COUNT
from cribkit.seats import check_seat

if TYPE_CHECKING:
    from cribkit.state import GameState

__all__ = ["check_action"]


def _check_chance_cards(cards: tuple[Card, ...]) -> None:
    """Chance deals from one deck: refuse a card given twice, with its code."""
    try:
        check_distinct(cards)
    except DuplicateCardError as exc:
        twice = next(card for card in cards if cards.count(card) > 1)
        raise DuplicateCardError(
            str(exc), code="chance_duplicate_card", params={"card": str(twice)}
        ) from exc


def check_action(state: GameState, action: Action) -> None:
    """Raise ``IllegalActionError`` saying why ``action`` is not allowed now."""
    match action:
        case Cut():
            _check_player_cut(state, action)
        case CutForDeal():
            _check_cut(state, action)
        case Deal():
            _check_deal(state, action)
        case TurnStarter():
            _check_starter(state, action)
        case Discard():
            _check_discard(state, action)
        case Play():
            _check_play(state, action)
        case Go():
            _check_go(state, action)
        case ClaimCount():
            _check_claim(state, action)
        case NextHand():
            _check_next(state, action)
        case Resign():
            _check_resign(state, action)
        case _:
            raise IllegalActionError(f"{action!r} is not a cribbage action", code="not_an_action")


def _require_phase(state: GameState, phase: Phase, what: str, kind: str) -> None:
    """``what`` is said in the message; ``kind`` is the action's JSON type for its code."""
    if state.phase is not phase:
        raise IllegalActionError(
            f"cannot {what} now: the game is in the {state.phase} phase",
            code="wrong_phase",
            params={"action": kind, "phase": state.phase.value},
        )


def _check_player_cut(state: GameState, action: Cut) -> None:
    if state.phase not in (Phase.CUT_FOR_DEAL, Phase.STARTER):
        _require_phase(state, Phase.CUT_FOR_DEAL, "cut", "cut")
    _check_player(state, action.player, "cut", "cut")
    position = action.position
    choices = state.cut_choices(action.player)
    if isinstance(position, int) and not isinstance(position, bool) and position in choices:
        return
    if state.phase is Phase.STARTER:
        low, high = STARTER_CUTS[0], STARTER_CUTS[-1]
        raise IllegalActionError(
            f"cut the pack between {low} and {high} cards, "
            f"leaving at least {MIN_PACKET} in each packet",
            code="starter_cut_range",
            params={"low": low, "high": high, "packet": MIN_PACKET},
        )
    if position == state.cut_positions[1 - action.player]:
        raise IllegalActionError(
            f"the other player drew the card at {position}; choose another",
            code="cut_position_taken",
            params={"position": position},
        )
    raise IllegalActionError(
        f"choose a card of the spread, 0 to {DECK_SIZE - 1}",
        code="cut_range",
        params={"high": DECK_SIZE - 1},
    )


def _check_chance_positions(state: GameState, given: object, chosen: object) -> None:
    """Chance turns the cards where the players cut, only once they all have."""
    if not state.is_chance:
        raise IllegalActionError("chance waits for the players to cut", code="chance_waits_for_cut")
    if given != chosen:
        raise IllegalActionError(
            f"the cut was at {chosen}, not {given}",
            code="cut_position_mismatch",
            params={"chosen": str(chosen), "given": str(given)},
        )


def _check_cut(state: GameState, action: CutForDeal) -> None:
    _require_phase(state, Phase.CUT_FOR_DEAL, "cut for deal", "cut_for_deal")
    _check_chance_positions(state, tuple(action.positions), state.cut_positions)
    _check_chance_cards(action.cards)


def _check_deal(state: GameState, action: Deal) -> None:
    _require_phase(state, Phase.DEAL, "deal", "deal")
    if any(len(hand) != HAND_SIZE for hand in action.hands):
        raise IllegalActionError(
            f"each player is dealt {HAND_SIZE} cards",
            code="deal_size",
            params={"cards": HAND_SIZE},
        )
    _check_chance_cards(action.hands[0] + action.hands[1])


def _check_starter(state: GameState, action: TurnStarter) -> None:
    _require_phase(state, Phase.STARTER, "turn the starter", "starter")
    _check_chance_positions(state, action.position, state.starter_position)
    if action.card in state.dealt[0] or action.card in state.dealt[1]:
        raise IllegalActionError(
            f"{action.card} was dealt; the starter comes from the pack",
            code="starter_dealt",
            params={"card": str(action.card)},
        )


def _check_player(state: GameState, player: int, what: str, kind: str) -> None:
    check_seat(player)
    if player not in state.players_to_move():
        raise IllegalActionError(
            f"it is not player {player}'s turn to {what}",
            code="not_your_turn",
            params={"player": player, "action": kind},
        )


def _check_discard(state: GameState, action: Discard) -> None:
    _require_phase(state, Phase.DISCARD, "discard", "discard")
    _check_player(state, action.player, "discard", "discard")
    if len(action.cards) != 2 or not all(isinstance(card, Card) for card in action.cards):
        raise IllegalActionError(
            f"lay away exactly two cards, not {len(action.cards)}",
            code="discard_count",
            params={"cards": len(action.cards)},
        )
    first, second = action.cards
    if first == second:
        raise IllegalActionError("lay away two different cards", code="discard_same_card")
    hand = state.dealt[action.player]
    missing = [card for card in action.cards if card not in hand]
    if missing:
        raise IllegalActionError(
            f"{format_cards(missing)} not in your hand ({format_cards(hand)})",
            code="discard_not_held",
            params={"cards": format_cards(missing), "hand": format_cards(hand)},
        )


def _check_play(state: GameState, action: Play) -> None:
    _require_phase(state, Phase.PLAY, "play a card", "play")
    _check_player(state, action.player, "play", "play")
    if action.card not in state.held[action.player]:
        raise IllegalActionError(
            f"you do not hold {action.card}",
            code="card_not_held",
            params={"card": str(action.card)},
        )
    total = state.count + action.card.pips
    if total > MAX_COUNT:
        room = MAX_COUNT - state.count
        raise IllegalActionError(
            f"the count would be {total}; play a card of {room} or less, or say go",
            code="count_past_31",
            params={"total": total, "room": room},
        )


def _check_go(state: GameState, action: Go) -> None:
    _require_phase(state, Phase.PLAY, "say go", "go")
    _check_player(state, action.player, "say go", "go")
    if state.can_play(action.player):
        raise IllegalActionError(
            f"you can play without passing 31 (the count is {state.count}): no go",
            code="go_not_allowed",
            params={"count": state.count},
        )


def _check_next(state: GameState, action: NextHand) -> None:
    _require_phase(state, Phase.SHOW, "move to the next hand", "next")
    if state.waiting_seat() is not None:
        raise IllegalActionError(
            "the show is not over: a hand or crib is waiting for its count",
            code="claim_first",
        )
    _check_player(state, action.player, "move on", "next")


def _check_resign(state: GameState, action: Resign) -> None:
    """Either seat may resign at any moment until the game ends, in turn or not."""
    check_seat(action.player)
    if state.is_over:
        raise IllegalActionError(
            "the game is over: there is nothing left to resign", code="game_over_resign"
        )


def _check_claim(state: GameState, action: ClaimCount) -> None:
    _require_phase(state, Phase.SHOW, "claim a count", "claim")
    if state.waiting_seat() is None:
        raise IllegalActionError(
            "there is no hand or crib waiting for your count now", code="no_count_to_claim"
        )
    _check_player(state, action.player, "count", "claim")
    points = action.points
    if not isinstance(points, int) or isinstance(points, bool) or not 0 <= points <= MAX_CLAIM:
        raise IllegalActionError(
            f"a count is a whole number from 0 to {MAX_CLAIM}",
            code="claim_range",
            params={"high": MAX_CLAIM},
        )
