"""The games API's answers as pydantic models: the player's view, a new game, a hint, the
history. Each lists the fields of the payload builder it describes (``PlayerView.to_dict``,
``game_payload``, ``Hint.to_dict``, ``history_payload``) in the same order, so the JSON a
client reads is unchanged and ``/openapi.json`` says what it holds.

``BoardView`` and ``PlayView`` are what a seat's view and the spectators' public view
(``friends.schemas``) share: the board, the play and the shows, never a hidden card. A view
model inherits ``(PlayView, BoardView)``: pydantic lists the last base's fields first.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from cribkit.events import ScoreContext
from cribkit.phases import Phase
from cribkit.rules import Skunk
from cribkit.scoring import ScoreKind
from cribkit.web.site.preferences import Speed
from cribkit.web.site.schemas import DiscardOptionOut, ResponseModel, ScoreItemOut

__all__ = [
    "ActionOut",
    "BoardView",
    "CreatedGame",
    "GameView",
    "HintOut",
    "HistoryOut",
    "PaceOut",
    "PlayView",
    "ScoreEventOut",
    "Seat",
    "Status",
]

Seat = Annotated[int, Field(ge=0, le=1)]
Status = Literal["active", "finished"]


class PegsOut(ResponseModel):
    front: int = Field(description="The score.")
    back: int = Field(description="The score before the last score.")


class PlayLogOut(ResponseModel):
    player: Seat
    card: str | None = Field(description="The card played, or null for a go.")
    count: int
    reset: bool = Field(description="The count went back to 0 after this.")


class LaidDownOut(ResponseModel):
    """A hand or crib face up for its player's own count: the cards, never the total."""

    player: Seat
    context: ScoreContext
    cards: list[str]
    starter: str


class ShowOut(LaidDownOut):
    """A hand or crib counted at the show."""

    total: int = Field(description="The true count.")
    call: str
    spoken: str = Field(description="The count said aloud in the reader's language.")
    spoken_items: list[str] = Field(description="Each item said aloud, in the reader's language.")
    items: list[ScoreItemOut]
    claim: int | None = Field(description="The player's own count (null: the engine counted).")
    missed: int
    over_claimed: int
    muggins: int = Field(description="What of it the opponent pegged as muggins.")


class OutcomeOut(ResponseModel):
    winner: Seat
    scores: list[int]
    skunk: Skunk
    margin: int
    resigned: bool = Field(description="The loser resigned: the scores are where it stood.")


class BoardView(ResponseModel):
    """The first fields a seat and a spectator both see: whose view, the deal, the cards."""

    player: Seat | None = Field(description="Whose view this is (null: the public view).")
    phase: Phase
    hand_number: int
    dealer: Seat | None
    scores: list[int]
    pegs: list[PegsOut]
    hand: list[str] = Field(description="Your cards now (six in the discard, then unplayed).")
    kept: list[str] = Field(description="The four kept for the show, once you have thrown.")
    discarded: list[str] = Field(description="The two you laid away to the crib.")


class PlayView(ResponseModel):
    """The rest of what both see, after the cards each seat holds: the play, the shows."""

    opponent_cards_held: int
    opponent_has_discarded: bool
    starter: str | None
    series: list[str] = Field(description="The cards of the series being played.")
    count: int
    play_log: list[PlayLogOut]
    said_go: list[bool]
    to_play: Seat | None
    shows: list[ShowOut] = Field(description="The counts laid down so far, in order.")
    to_count: LaidDownOut | None = Field(description="A show waiting for its player's count.")
    cut_for_deal: list[list[str]] = Field(description="Each finished round of the cut for deal.")
    cut_for_deal_positions: list[list[int]]
    cut_positions: list[int | None] = Field(description="This round's cuts so far, face down.")
    starter_position: int | None
    outcome: OutcomeOut | None


class CountingOut(ResponseModel):
    manual_count: list[Seat] = Field(description="The seats that count their own shows.")
    muggins: bool


class CutMove(ResponseModel):
    type: Literal["cut"]
    player: Seat
    position: int


class DiscardMove(ResponseModel):
    type: Literal["discard"]
    player: Seat
    cards: list[str]


class PlayMove(ResponseModel):
    type: Literal["play"]
    player: Seat
    card: str


class GoMove(ResponseModel):
    type: Literal["go"]
    player: Seat


def _missing(value: object) -> bool:
    return value is None


class ShowTagged(ResponseModel):
    """A show move, tagged at a friend table with the deal and the step it is made at (the
    tags are left out, not null, where the table has none: post the move back unchanged)."""

    hand: int | None = Field(
        default=None, exclude_if=_missing, description="At a friend table's show: the deal."
    )
    step: int | None = Field(
        default=None, exclude_if=_missing, description="At a friend table's show: your step."
    )


class ClaimMove(ShowTagged):
    type: Literal["claim"]
    player: Seat
    points: int


class NextMove(ShowTagged):
    type: Literal["next"]
    player: Seat


class CountMove(ShowTagged):
    """Lay the next count of the show on the table (the show is paced, see ``pacing``)."""

    type: Literal["count"]
    player: Seat


class MoveOnMove(ResponseModel):
    """At a friend table, move on to the next deal without waiting for the other reader."""

    type: Literal["move_on"]
    player: Seat
    hand: int
    step: int


ActionOut = Annotated[
    CutMove | DiscardMove | PlayMove | GoMove | ClaimMove | NextMove | CountMove | MoveOnMove,
    Field(discriminator="type"),
]
"""A move as ``action_to_dict`` writes it, and as a client posts it back."""


class ScoreEventOut(ResponseModel):
    """One scoring item pegged, with its player's score after it."""

    seq: int = Field(description="Its place among all the game's events so far.")
    player: Seat
    context: ScoreContext
    score: int
    hand_number: int
    from_score: int = Field(description="The score before the move this item is part of.")
    kind: ScoreKind
    points: int
    cards: list[str]
    call: str
    spoken: str = Field(description="The item said aloud in the reader's language.")


class ShowWaitOut(ResponseModel):
    """At a friend table, a seat that has read the whole show waits for the other."""

    for_: Seat = Field(alias="for", description="The seat still reading.")
    move_on_in: int = Field(ge=0, description="Seconds before this seat may move on alone.")


class PaceOut(ResponseModel):
    """The reader's own pace (their saved preferences): what the server and the page do
    for them."""

    speed: Speed
    pause_ms: int = Field(ge=0, description="The computer's pause (0 between two people).")
    auto_go: bool = Field(description="The server says go for you when no card can be played.")
    auto_last: bool = Field(description="The server plays your last card for you.")
    sound: bool = Field(description="A tone when it becomes your turn with the tab hidden.")
    notify: bool = Field(description="A browser notification then, at a friend table.")


class GameView(PlayView, BoardView):
    """Your view of a game: cards, scores, pegs, the count, your legal actions, events."""

    counting: CountingOut
    legal_actions: list[ActionOut] = Field(description="Post one back unchanged to move.")
    id: str
    version: int = Field(description="Send it with a move: a move on an older one is refused.")
    level: str = Field(description="The computer's level, or 'friend' between two people.")
    status: Status
    you: Seat
    computer: Seat | None = Field(description="The computer's seat (null between two people).")
    show_step: int = Field(description="How many counts of the show are on the table.")
    events: list[ScoreEventOut] = Field(description="This hand's scores so far.")
    event_count: int = Field(description="How many events the game has had so far.")
    show_wait: ShowWaitOut | None = Field(
        description="At a friend table's show: the wait for the other reader (else null)."
    )
    pace: PaceOut = Field(description="The pace the reader chose (see /api/preferences).")


class CreatedGame(ResponseModel):
    id: str
    view: GameView


class PlayEvaluationOut(ResponseModel):
    card: str
    expected_net_points: float = Field(description="Your pegging minus the opponent's to come.")
    points_now: int
    win_probability: float | None = Field(description="Set near the end of the game.")


class HintOut(ResponseModel):
    """The advisor's move for you now, and why."""

    action: ActionOut
    explanation: str = Field(description="Why, in the reader's language.")
    discards: list[DiscardOptionOut] = Field(description="For a throw: the best holds.")
    win_chances: list[float] = Field(description="Near the end: beside the discards.")
    plays: list[PlayEvaluationOut] = Field(description="For a play: every card, best first.")


class TalkLineOut(ResponseModel):
    hand_number: int
    kind: str = Field(examples=["deal", "play", "show"])
    player: Seat | None
    text: str = Field(description="The line in the reader's language.")
    css: str = Field(alias="class", description="How the table styles the line.")


class SheetRowOut(ResponseModel):
    """One deal of the score sheet as the reader saw it; every list is indexed by seat."""

    hand_number: int
    dealer: Seat
    pegging: list[int] = Field(description="The play and his heels.")
    hand: list[int | None] = Field(description="Each hand's count (null: not counted yet).")
    crib: int | None = Field(description="The crib's count (null: not counted yet).")
    totals: list[int] = Field(description="The scores after everything counted.")
    muggins: list[int] = Field(description="Points taken from the other's overlooked counts.")


class HistoryOut(ResponseModel):
    """The table talk (oldest first) and the score sheet of the game so far."""

    talk: list[TalkLineOut]
    sheet: list[SheetRowOut]
    id: str
    version: int
    status: Status
