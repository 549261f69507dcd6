"""The tools' card patterns in the OpenAPI document read exactly what the server reads.

Cards spelled every way ``parse_card`` takes, joined by every separator the fields take:
the pattern matches them and the tool accepts them; a wrong count, a stray token or a go
before any card matches neither. A card given twice is the one refusal a pattern cannot
state (schemathesis.toml says 422 is expected there).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys

from hypothesis import given
from hypothesis import strategies as st

from cribkit.cards import DECK, RANK_SPELLINGS, SUIT_SPELLINGS, Card
from cribkit.web.tools.card_patterns import cards_text, no_card_text, one_card_text, play_text
from cribkit.web.tools.tools import InputError, peg, read_deal, read_play, read_selection

SEPARATORS = st.sampled_from([" ", ",", ";", "+", ", ", " ; ", "\t", "\n"])


@st.composite
def spelled(draw: st.DrawFn, card: Card) -> str:
    """``card`` in any spelling the parser takes (rank or suit first, any case)."""
    ranks = [s for s in RANK_SPELLINGS if rank_of(s) == card.rank.symbol]
    suits = [s for s in SUIT_SPELLINGS if suit_of(s) == card.suit.value]
    rank, suit = draw(st.sampled_from(ranks)), draw(st.sampled_from(suits))
    token = draw(st.sampled_from([rank + suit, suit + rank]))
    return draw(st.sampled_from([token, token.lower(), token.upper()]))


def rank_of(spelling: str) -> str:
    return Card.parse(spelling + "C").rank.symbol


def suit_of(spelling: str) -> str:
    return Card.parse("5" + spelling).suit.value


@st.composite
def typed(draw: st.DrawFn, count: int) -> tuple[list[Card], str]:
    """``count`` distinct cards as a person might type them."""
    cards = draw(st.lists(st.sampled_from(DECK), min_size=count, max_size=count, unique=True))
    text = ""
    for i, card in enumerate(cards):
        text += (draw(SEPARATORS) if i else "") + draw(spelled(card))
    return cards, text


def matches(schema: dict[str, object], text: str) -> bool:
    pattern = schema["pattern"]
    assert isinstance(pattern, str)
    return re.search(pattern, text) is not None


@given(typed(5))
def test_five_cards_typed_any_way_match_and_score(hand: tuple[list[Card], str]) -> None:
    cards, text = hand
    assert matches(cards_text(4, 5), text)
    selection = read_selection(text, None)
    assert [*selection.hand, selection.starter] == cards


@given(typed(6))
def test_six_cards_match_the_advisor_and_it_reads_them(deal: tuple[list[Card], str]) -> None:
    cards, text = deal
    assert matches(cards_text(6, 6), text)
    assert list(read_deal(text)) == cards
    assert not matches(cards_text(4, 5), text)


@given(typed(1))
def test_one_card_matches_the_starter(starter: tuple[list[Card], str]) -> None:
    assert matches(one_card_text(), starter[1])
    assert not matches(no_card_text(), starter[1])


def test_a_play_with_gos_after_cards_matches_and_pegs() -> None:
    for text in ("6D 4C 5H 3S", "KS QS 9D go 8C | 4H / GO", "10H,5H;6H+2D"):
        assert matches(play_text(), text)
        assert peg(read_play(text))


def test_what_the_server_refuses_for_its_shape_the_patterns_refuse_too() -> None:
    refused_shapes = {
        "cards_text(4, 5)": (cards_text(4, 5), ["", "5H", "5H 5D 5C", "5H 5D 5C JS ZZ", "5H5D5C"]),
        "cards_text(6, 6)": (cards_text(6, 6), ["5H 5D 5C JS 4D", "5H 5D 5C JS 4D KC QC"]),
        "play_text()": (play_text(), ["", "go", "go 6D", "| 6D 4C", "6D ZZ", " ".join(["AS"] * 9)]),
        "one_card_text()": (one_card_text(), ["", "5H 5D", "11H", "5X"]),
    }
    for name, (schema, texts) in refused_shapes.items():
        for text in texts:
            assert not matches(schema, text), (name, text)


def test_a_card_twice_is_well_formed_but_refused_with_the_tool_s_message() -> None:
    text = "5H 5D 5C 5h JS"
    assert matches(cards_text(4, 5), text)
    try:
        read_selection(text, None)
    except InputError as error:
        assert error.field == "hand"
    else:
        raise AssertionError("a card given twice was accepted")


def test_the_document_carries_the_patterns() -> None:
    from cribkit.web.app import create_app
    from cribkit.web.site.settings import Settings

    document = create_app(Settings(database_url="sqlite:///unused.sqlite3", testing=True)).openapi()
    get_score = {
        p["name"]: p["schema"] for p in document["paths"]["/api/score"]["get"]["parameters"]
    }
    assert get_score["hand"]["pattern"] == cards_text(4, 5)["pattern"]
    body = document["components"]["schemas"]["ScoreRequest"]
    assert body["then"]["properties"]["hand"]["anyOf"][0]["pattern"] == cards_text(4, 4)["pattern"]
    assert body["else"]["properties"]["hand"]["anyOf"][0]["pattern"] == cards_text(5, 5)["pattern"]


def test_the_patterns_are_the_same_in_every_process() -> None:
    """The go words are a set: spelled in its iteration order, the published schema
    changed with each process's hash seed (two hosts served two schemas)."""
    script = "from cribkit.web.tools.card_patterns import play_text; print(play_text())"
    spelled = {
        subprocess.run(
            [sys.executable, "-c", script],
            env={**os.environ, "PYTHONHASHSEED": str(seed)},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in range(6)
    }
    assert len(spelled) == 1
