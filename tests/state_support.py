"""Shared helpers for the state-machine tests: scripted hands written as text, and the
invariants every reachable state must keep (checked after every action of every game).

Kept out of the test modules so the scripted tests, the property tests and the many-games
test all check one and the same list of invariants.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections.abc import Iterable
from itertools import combinations

import pytest

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
    parse_action,
)
from cribkit.cards import DECK, Card, parse_card, parse_cards
from cribkit.dealing import chance_action
from cribkit.errors import IllegalActionError
from cribkit.events import Outcome, Pegs, ScoreEvent
from cribkit.game import Game
from cribkit.rules import Skunk
from cribkit.scoring import MAX_COUNT
from cribkit.state import GameState, Phase
from cribkit.view import PlayerView, view_of

DECK_SET = frozenset(DECK)


@dataclasses.dataclass(frozen=True)
class PoneCut:
    """A scripted step: the pone (whoever it is in the state) cuts at ``position``."""

    position: int


Step = Action | str | PoneCut
"""A scripted step: an action object, its record text ('p1 play 5H'), or the pone's cut."""


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def cut_for(dealer: int) -> tuple[Action, Action, Action]:
    """Both seats cut (at 0 and 1) and chance turns cards that make ``dealer`` the dealer
    (their card is the lower rank)."""
    low, high = parse_card("AC"), parse_card("KD")
    return (Cut(0, 0), Cut(1, 1), CutForDeal((low, high) if dealer == 0 else (high, low), (0, 1)))


def turn_starter(card: str | Card, position: int = 7) -> tuple[Action, Action]:
    """The pone cuts the pack at ``position`` and chance turns ``card`` there.

    Which seat is the pone is read when the cut is applied (see ``run``)."""
    starter = parse_card(card) if isinstance(card, str) else card
    return (PoneCut(position), TurnStarter(starter, position))


def past_the_cut(game: Game) -> Game:
    """Let both seats cut for the deal (the first positions offered) until a hand is dealt."""
    while game.state.phase is Phase.CUT_FOR_DEAL:
        game.apply(game.state.legal_actions()[0])
    return game


def with_scores(state: GameState, scores: tuple[int, int]) -> GameState:
    """Put both players on the given scores (tests of the end of a game start there)."""
    pegs = (Pegs(scores[0], max(scores[0] - 1, 0)), Pegs(scores[1], max(scores[1] - 1, 0)))
    return dataclasses.replace(state, pegs=pegs)


def new_hand(
    hand0: str, hand1: str, *, dealer: int = 0, scores: tuple[int, int] = (0, 0)
) -> GameState:
    """A state in the discard phase with these six-card hands dealt to seats 0 and 1."""
    state, _ = run(GameState(), *cut_for(dealer))
    state = with_scores(state, scores)
    return state.apply(Deal((cards(hand0), cards(hand1)))).state


def run(state: GameState, *steps: Step) -> tuple[GameState, list[ScoreEvent]]:
    """Apply the steps in order; return the final state and every event, in order."""
    events: list[ScoreEvent] = []
    for step in steps:
        if isinstance(step, PoneCut):
            assert state.pone is not None
            action: Action = Cut(state.pone, step.position)
        else:
            action = parse_action(step) if isinstance(step, str) else step
        state, scored = state.apply(action)
        events.extend(scored)
    return state, events


def to_the_play(
    hand0: str,
    hand1: str,
    discard0: str,
    discard1: str,
    starter: str,
    *,
    dealer: int = 0,
    scores: tuple[int, int] = (0, 0),
) -> tuple[GameState, list[ScoreEvent]]:
    """Deal, discard both, turn the starter: the state at the start of the play."""
    state = new_hand(hand0, hand1, dealer=dealer, scores=scores)
    return run(
        state,
        f"p0 discard {discard0}",
        f"p1 discard {discard1}",
        *turn_starter(starter),
    )


def summary(events: Iterable[ScoreEvent]) -> list[tuple[int, str, str, int, int]]:
    """(player, context, kind, points, score after) of each event, for exact comparisons."""
    return [(e.player, e.context.value, e.item.kind.value, e.points, e.score) for e in events]


def assert_refused(state: GameState, action: Action, *message_parts: str) -> None:
    """The action raises IllegalActionError naming the problem, and nothing changes."""
    copy = dataclasses.replace(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)
    assert isinstance(info.value, ValueError)
    for part in message_parts:
        assert part in str(info.value), (part, str(info.value))
    assert not state.is_legal(action)
    assert state == copy


# ---------------------------------------------------------------- invariants


def _normal(action: Action) -> object:
    """Discards are a set of two cards: (a, b) and (b, a) are the same action."""
    if isinstance(action, Discard):
        return ("discard", action.player, frozenset(action.cards))
    return action


def candidate_actions(state: GameState, rng: random.Random) -> list[Action]:
    """A superset of the legal actions: every move either seat could try with the cards
    either seat was dealt, plus foreign cards and chance actions."""
    dealt = state.dealt[0] + state.dealt[1]
    foreign = [c for c in DECK if c not in dealt]
    extra = rng.sample(foreign, 3)
    candidates: list[Action] = []
    for player in (0, 1):
        candidates += [Play(player, c) for c in (*dealt, *extra)]
        candidates += [Go(player), NextHand(player)]
        claims = range(-1, 31) if state.to_count is not None else (-1, 0, 29, 30)
        candidates += [ClaimCount(player, points) for points in claims]
        own = state.dealt[player]
        candidates += [Discard(player, (a, b)) for a, b in combinations(own, 2)]
        candidates += [Discard(player, (b, a)) for a, b in combinations(own[:3], 2)]
        candidates += [Discard(player, (c, c)) for c in own[:1]]
        candidates += [Discard(player, (a, b)) for a in own[:2] for b in extra[:2]]
        if own:
            other = state.dealt[1 - player]
            candidates += [Discard(player, (own[0], c)) for c in other[:2]]
    for player in (-1, 2):
        candidates += [Cut(player, k) for k in (0, 17)]
    cutting = state.phase in (Phase.CUT_FOR_DEAL, Phase.STARTER)
    positions = range(-1, 53) if cutting else (-1, 0, 4, 36, 51, 52)
    for player in (0, 1):
        candidates += [Cut(player, k) for k in positions]
    at = tuple(k if k is not None else 5 for k in state.cut_positions)
    candidates.append(CutForDeal((extra[0], extra[1]), (at[0], at[1])))
    candidates.append(CutForDeal((extra[0], extra[1]), (8, 9)))
    if len(foreign) >= 12:
        candidates.append(Deal((tuple(foreign[:6]), tuple(foreign[6:12]))))
    cut = state.starter_position
    candidates.append(TurnStarter(extra[2], 5 if cut is None else cut))
    candidates.append(TurnStarter(extra[2], 3))
    return candidates


def check_legality(state: GameState, rng: random.Random) -> None:
    """``apply`` refuses exactly what ``legal_actions`` omits (player actions), and the
    refusal is an IllegalActionError that leaves the state as it was."""
    legal = {_normal(a) for a in state.legal_actions()}
    assert len(legal) == len(state.legal_actions())
    copy = dataclasses.replace(state)
    candidates = candidate_actions(state, rng)
    for action in candidates:
        expected = _normal(action) in legal
        is_chance_action = isinstance(action, CutForDeal | Deal | TurnStarter)
        if is_chance_action:
            if not state.is_chance:
                assert not state.is_legal(action), action
            continue
        assert state.is_legal(action) == expected, (state.phase, action)
        try:
            state.apply(action)
        except IllegalActionError:
            assert not expected, action
        else:
            assert expected, action
    assert state == copy
    assert legal <= {_normal(c) for c in candidates}
    check_resign(state)


def check_resign(state: GameState) -> None:
    """Either seat may resign in every state before the end, in turn or not (chance's
    turn too), and not once it is over: the other seat wins where the scores stand, with
    no skunk and no points; a resignation is never among ``legal_actions``."""
    assert not any(isinstance(action, Resign) for action in state.legal_actions())
    for seat in (-1, 2):
        assert not state.is_legal(Resign(seat))
    for seat in (0, 1):
        if state.is_over:
            assert_refused(state, Resign(seat), "the game is over")
            continue
        after, events = state.apply(Resign(seat))
        assert after.is_over and after.outcome is not None and events == ()
        assert after.outcome == Outcome(1 - seat, state.scores, Skunk.NONE, resigned=True)
        assert after.legal_actions() == () and after.players_to_move() == ()
        assert after.pegs == state.pegs and not after.is_chance


def check_view(state: GameState) -> None:
    """Each seat's view has that seat's legal actions and no hidden card in its JSON."""
    legal = state.legal_actions()
    public: set[Card] = set()
    if state.starter is not None:
        public.add(state.starter)
    public |= {entry.card for entry in state.play_log if entry.card is not None}
    for show in state.shows:
        public |= set(show.cards)
    if state.to_count is not None:  # laid face up for its player's own count
        public |= set(state.to_count.cards)
    for player in (0, 1):
        view = view_of(state, player)
        assert view.legal_actions == tuple(a for a in legal if a.player == player)
        data = view.to_dict()
        data.pop("cut_for_deal")  # cut cards are from an earlier shuffle, public anyway
        strings = set(re.findall(r'"([^"]*)"', json.dumps(data)))
        allowed = {str(c) for c in (*state.dealt[player], *public)}
        secret = {str(c) for c in DECK} - allowed
        leaked = strings & secret
        assert not leaked, (state.phase, player, leaked)
        opponent_unplayed = set(state.held[1 - player])
        assert not opponent_unplayed & set(view.hand)


def check_state(state: GameState) -> None:
    """Facts that hold in every state: cards conserved, count <= 31, pegs, the end."""
    rules = state.rules
    if state.dealt[0]:
        # dealt + starter + undealt partition the 52 cards: no card twice, none foreign
        known = state.dealt[0] + state.dealt[1] + ((state.starter,) if state.starter else ())
        assert len(state.dealt[0]) == len(state.dealt[1]) == 6
        assert len(set(known)) == len(known) and len(DECK_SET.union(known)) == 52
    assert 0 <= state.count <= MAX_COUNT
    for pegs in state.pegs:
        assert 0 <= pegs.back <= pegs.front
    if state.phase in (Phase.PLAY, Phase.SHOW) or (state.is_over and state.starter):
        played: list[list[Card]] = [[], []]
        for entry in state.play_log:
            if entry.card is not None:
                played[entry.player].append(entry.card)
        for p in (0, 1):
            kept = state.kept(p)
            assert len(kept) == 4 and len(state.discards[p]) == 2
            assert sorted(played[p] + list(state.held[p])) == sorted(kept)
        assert len(state.crib) == 4 and set(state.crib) == set(
            state.discards[0] + state.discards[1]
        )
    if state.phase is Phase.PLAY:
        assert state.to_play is not None and state.held[state.to_play]
    if state.phase is Phase.SHOW:
        assert not state.held[0] and not state.held[1]
        order = [(state.pone, "hand"), (state.dealer, "hand"), (state.dealer, "crib")]
        shown = [(s.player, s.context.value) for s in state.shows]
        pending = state.to_count  # a seat counting its own show stops it there
        assert shown == (order if pending is None else order[: len(shown)])
        assert pending is None or (pending.player, pending.context.value) == order[len(shown)]
    high = max(state.scores)
    assert state.is_over == (high >= rules.target)
    if state.is_over:
        outcome = state.outcome
        assert outcome is not None and state.legal_actions() == ()
        assert state.to_play is None and state.players_to_move() == ()
        assert outcome.scores == state.scores
        assert state.scores[outcome.winner] >= rules.target > state.scores[outcome.loser]
        assert outcome.skunk == rules.skunk(state.scores[outcome.loser])
    else:
        assert state.outcome is None


def check_step(before: GameState, after: GameState, events: tuple[ScoreEvent, ...]) -> None:
    """Scores never go down, the events account for every point in order, and each score
    (a run of events sharing player and ``from_score``) is one leap of the back peg."""
    target = after.rules.target
    running = list(before.scores)
    previous: ScoreEvent | None = None
    for event in events:
        same_move = (
            previous is not None
            and previous.player == event.player
            and previous.from_score == event.from_score
        )
        if not same_move:
            # a new score starts where the player's front peg stood
            assert event.from_score == running[event.player], (event, running)
        # every point counts, except that the peg stops in the game hole
        running[event.player] = min(running[event.player] + event.points, target)
        assert event.points > 0
        assert event.score == running[event.player]
        assert event.hand_number == after.hand_number
        previous = event
    assert tuple(running) == after.scores
    for p in (0, 1):
        mine = [e for e in events if e.player == p]
        if mine:  # leapfrog: the back peg sits where the front peg was before the last score
            assert after.pegs[p] == Pegs(mine[-1].score, mine[-1].from_score)
        else:
            assert after.pegs[p] == before.pegs[p]
    for p in (0, 1):
        assert after.scores[p] >= before.scores[p]
    if events:
        # nothing is pegged after the event that reaches the target
        reached = [i for i, e in enumerate(events) if e.score >= after.rules.target]
        assert not reached or reached[0] == len(events) - 1


def random_steps(
    state: GameState, rng: random.Random, *, deep: bool
) -> list[tuple[GameState, Action, GameState, tuple[ScoreEvent, ...]]]:
    """Play random legal actions (chance drawn from ``rng``) until the game is over,
    checking the invariants after every action; ``deep`` adds the legality and view
    checks (slower: they try every candidate action)."""
    steps = []
    check_state(state)
    while not state.is_over:
        if state.is_chance:
            action: Action = chance_action(state, rng)
        else:
            action = rng.choice(state.legal_actions())
        after, events = state.apply(action)
        check_state(after)
        check_step(state, after, events)
        if deep:
            check_legality(after, rng)
            check_view(after)
        steps.append((state, action, after, events))
        state = after
    return steps


def discard_view(cards: str, mine: int, theirs: int, *, dealer: bool) -> PlayerView:
    """A discard with the given six cards on the given scores (tests of the end start there)."""
    dealt = parse_cards(cards)
    others = [c for c in DECK if c not in dealt][:6]
    me, other = (1, 0) if not dealer else (0, 1)
    hands = [(), ()]
    hands[me], hands[other] = tuple(dealt), tuple(others)
    pegs = [Pegs(), Pegs()]
    pegs[me], pegs[other] = Pegs(mine, 0), Pegs(theirs, 0)
    state = GameState(
        phase=Phase.DISCARD,
        dealer=0,
        hand_number=5,
        pegs=(pegs[0], pegs[1]),
        dealt=(hands[0], hands[1]),
    )
    return view_of(state, me)
