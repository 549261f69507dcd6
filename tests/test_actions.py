"""Actions as values: the text form of game records and the JSON form of the web API
read back to the same action; anything else is refused with a message."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cribkit.actions import (
    Action,
    CutForDeal,
    Deal,
    Discard,
    Go,
    NextHand,
    Play,
    TurnStarter,
    action_from_dict,
    action_to_dict,
    parse_action,
)
from cribkit.cards import DECK, parse_cards
from cribkit.errors import InvalidRecordError

cards = st.sampled_from(DECK)
seats = st.sampled_from((0, 1))
pairs = st.lists(cards, min_size=2, max_size=2, unique=True).map(lambda c: (c[0], c[1]))
twelve = st.lists(cards, min_size=12, max_size=12, unique=True)
player_actions = st.one_of(
    st.builds(Discard, seats, pairs),
    st.builds(Play, seats, cards),
    st.builds(Go, seats),
    st.builds(NextHand, seats),
)
actions = st.one_of(
    player_actions,
    st.builds(CutForDeal, pairs),
    twelve.map(lambda c: Deal((tuple(c[:6]), tuple(c[6:])))),
    st.builds(TurnStarter, cards),
)


@given(actions)
def test_text_round_trip(action: Action) -> None:
    assert parse_action(action.to_text()) == action
    assert parse_action(action.to_text().lower()) == action  # cards read liberally


@given(actions)
def test_json_round_trip(action: Action) -> None:
    data = action_to_dict(action)
    if isinstance(action, CutForDeal | Deal | TurnStarter):
        with pytest.raises(InvalidRecordError):
            action_from_dict(data)  # chance never comes from outside
    else:
        assert action_from_dict(data) == action


def test_text_forms() -> None:
    five_h, five_d = parse_cards("5H 5D")
    assert Discard(1, (five_h, five_d)).to_text() == "p1 discard 5D 5H"
    assert Discard(1, (five_h, five_d)) == Discard(1, (five_d, five_h))
    assert Play(0, five_h).to_text() == "p0 play 5H"
    assert Go(1).to_text() == "p1 go" and NextHand(0).to_text() == "p0 next"
    assert TurnStarter(five_d).to_text() == "starter 5D"
    assert action_to_dict(Play(0, five_h)) == {"type": "play", "player": 0, "card": "5H"}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty line"),
        ("p0 play", "unknown move"),
        ("p0 play 5H 6H", "unknown move"),
        ("p3 go", "p0/p1"),
        ("p0 discard 5H", "cannot read action"),
        ("cut 5H", "cannot read action"),
        ("deal 5H 6H 7H", "'/'"),
        ("p1 play 1Z", "1Z"),
        ("hello world", "expected cut, deal, starter"),
    ],
)
def test_bad_text_is_refused(text: str, message: str) -> None:
    with pytest.raises(InvalidRecordError) as info:
        parse_action(text)
    assert message in str(info.value)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "JSON object"),
        ({"type": "play", "card": "5H"}, "'player': 0 or 1"),
        ({"type": "play", "player": True, "card": "5H"}, "'player': 0 or 1"),
        ({"type": "play", "player": 2, "card": "5H"}, "'player': 0 or 1"),
        ({"type": "play", "player": 0, "card": "ZZ"}, "bad play action"),
        ({"type": "discard", "player": 0, "cards": "5H 6H"}, "list of two cards"),
        ({"type": "cut", "player": 0}, "unknown action type 'cut'"),
    ],
)
def test_bad_json_is_refused(data: object, message: str) -> None:
    with pytest.raises(InvalidRecordError) as info:
        action_from_dict(data)
    assert message in str(info.value)
