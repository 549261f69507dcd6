"""Actions as values: the text form of game records and the JSON form of the web API
read back to the same action; anything else is refused with a message."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cribkit.actions import (
    Action,
    Cut,
    CutForDeal,
    Deal,
    Discard,
    Go,
    NextHand,
    Play,
    Resign,
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
positions = st.integers(min_value=0, max_value=10**6)
player_actions = st.one_of(
    st.builds(Cut, seats, positions),
    st.builds(Discard, seats, pairs),
    st.builds(Play, seats, cards),
    st.builds(Go, seats),
    st.builds(NextHand, seats),
    st.builds(Resign, seats),
)
actions = st.one_of(
    player_actions,
    st.builds(CutForDeal, pairs, st.tuples(positions, positions)),
    twelve.map(lambda c: Deal((tuple(c[:6]), tuple(c[6:])))),
    st.builds(TurnStarter, cards, positions),
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
    assert TurnStarter(five_d, 12).to_text() == "starter 5D at 12"
    assert CutForDeal((five_h, five_d), (7, 33)).to_text() == "cut 5H 5D at 7 33"
    assert Cut(0, 17).to_text() == "p0 cut 17"
    assert action_to_dict(Play(0, five_h)) == {"type": "play", "player": 0, "card": "5H"}
    assert action_to_dict(Cut(0, 17)) == {"type": "cut", "player": 0, "position": 17}
    assert action_to_dict(CutForDeal((five_h, five_d), (7, 33))) == {
        "type": "cut_for_deal",
        "cards": ["5H", "5D"],
        "positions": [7, 33],
    }
    assert action_to_dict(TurnStarter(five_d, 12)) == {
        "type": "starter",
        "card": "5D",
        "position": 12,
    }


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty line"),
        ("p0 play", "unknown move"),
        ("p0 play 5H 6H", "unknown move"),
        ("p3 go", "p0/p1"),
        ("p0 discard 5H", "cannot read action"),
        ("cut 5H", "cannot read action"),
        ("cut 5H 6H", "cut <card> <card> at <position> <position>"),
        ("cut 5H 6H at 3 x", "'x' is not a position"),
        ("starter 5H", "expected cut, deal, starter"),
        ("p0 cut", "unknown move"),
        ("p0 cut -3", "'-3' is not a position"),
        ("p0 cut ３", "is not a position"),
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
        ({"type": "cut", "player": 0}, "'position' must be a whole number"),
        ({"type": "cut", "player": 0, "position": "7"}, "'position' must be a whole number"),
        ({"type": "cut", "player": 0, "position": True}, "'position' must be a whole number"),
        ({"type": "cut", "player": 0, "position": 7.0}, "'position' must be a whole number"),
        ({"type": "cut_for_deal", "player": 0}, "unknown action type 'cut_for_deal'"),
    ],
)
def test_bad_json_is_refused(data: object, message: str) -> None:
    with pytest.raises(InvalidRecordError) as info:
        action_from_dict(data)
    assert message in str(info.value)
