"""Between two people the table names the other player wherever it would say "the computer":
in the page the server draws (labels, score sheet, the table without the script), in the talk
retold from the record, in English and in Chinese, for both seats. No fast play at such a
table, and the rail sees where the cuts were made, as the players do."""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator
from html import unescape
from typing import Any

import pytest
from friends_support import hidden_from, join, open_table, play_both_seats
from table_support import stored_state

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from fastapi.testclient import TestClient

from cribkit.web.site.i18n import Catalogues, language_by_code
from cribkit.web.table.games.names import clean_name

ZH = {"Accept-Language": "zh-CN,zh;q=0.9"}
NAMES = ("Ann", "Bo")


@pytest.fixture
def third_client(app: Any) -> Iterator[TestClient]:
    """A spectator's browser."""
    with TestClient(app) as test_client:
        yield test_client


def _tr(language: str) -> Any:
    found = language_by_code(language)
    assert found is not None
    return Catalogues().get(found)


def _computer_words(language: str) -> list[str]:
    """What the table calls the computer, in ``language``: none of it may show here."""
    tr = _tr(language)
    msgids = ("Computer", "computer deals", "The computer deals.", "Computer's crib")
    return [tr.gettext(text) for text in msgids]


def _text(html: str, pattern: str) -> list[str]:
    """The text of every element the pattern's group catches, tags stripped."""
    found = re.findall(pattern, html, re.S)
    return [unescape(re.sub(r"<[^>]+>", "", text)).strip() for text in found]


def _labels(html: str) -> dict[str, Any]:
    return {
        "scoreline": [
            _text(html, rf'class="score lane-{p}"><span class="who">(.*?)</span>')[0]
            for p in (0, 1)
        ],
        "sheet": [_text(html, rf'class="lane-{p} seat-head">(.*?)</th>') for p in (0, 1)],
        "deal_marks": [re.findall(rf'data-deal-{p}="([^"]*)"', html)[0] for p in (0, 1)],
        "opponent": _text(
            html, r'<div class="row opponent">\s*<span class="label"[^>]*>(.*?)</span>'
        ),
        "pegboard": _text(html, r'<title id="pegboard-title">(.*?)</title>')[0],
    }


@pytest.fixture
def finished(app: Any, client: Any, other_client: Any) -> dict[str, Any]:
    """A whole game between Ann (seat 0) and Bo (seat 1), played to 121."""
    table = open_table(client, NAMES[0], seed=31)
    join(other_client, table["code"], NAMES[1])
    final = play_both_seats(app, table["game_id"], {0: client, 1: other_client}, rng_seed=5)
    return {"game_id": table["game_id"], "code": table["code"], "final": final}


LANGUAGES = ("en", "zh")
"""The finished game is read in both languages (a whole game is the cost)."""


@pytest.mark.heavy
@pytest.mark.postgres_too
def test_each_seat_sees_the_other_by_name_on_the_page_in_the_talk_and_the_replay(
    client: Any, other_client: Any, finished: dict[str, Any]
) -> None:
    for language in LANGUAGES:
        _check_the_drawn_page(client, other_client, finished, language)
        _check_the_retold_talk(client, other_client, finished, language)
        _check_the_replay(client, other_client, finished, language)


def _check_the_drawn_page(
    client: Any, other_client: Any, finished: dict[str, Any], language: str
) -> None:
    headers = ZH if language == "zh" else {}
    you = _tr(language).gettext("You")
    you_deal = _tr(language).gettext("you deal")
    game_id = finished["game_id"]
    for seat, browser in ((0, client), (1, other_client)):
        html = browser.get(f"/games/{game_id}", headers=headers).text
        other = NAMES[1 - seat]
        labels = _labels(html)
        expected = [you, other] if seat == 0 else [other, you]
        assert labels["scoreline"] == expected, labels
        # The live score sheet and the plain one.
        assert labels["sheet"] == [[expected[0]] * 2, [expected[1]] * 2], labels
        assert labels["deal_marks"][seat] == you_deal
        assert other in labels["deal_marks"][1 - seat]
        assert labels["opponent"] == [other, other], labels  # the scripted felt, the plain one
        assert you in labels["pegboard"] and other in labels["pegboard"]
        # The score sheet's rows and the end banner of the table without the script.
        marks = _text(html, r'<span class="dealer-mark">(.*?)</span>')
        assert marks and set(marks) <= set(labels["deal_marks"]), marks
        banner = _text(html, r'<p class="banner-text">(.*?)</p>')
        assert len(banner) == 1
        scores = finished["final"]["outcome"]["scores"]
        if finished["final"]["outcome"]["winner"] == seat:
            assert banner[0] == _tr(language).gettext("You win, {you} to {computer}!").format(
                you=scores[seat], computer=scores[1 - seat]
            )
        else:
            assert other in banner[0] and str(scores[1 - seat]) in banner[0]
        # What shows: not the script's own strings, nor the hidden forms to start a game.
        drawn = re.sub(
            r'<script type="application/json" id="table-strings">.*?</script>', "", html, flags=re.S
        )
        drawn = re.sub(r"<(section|p)\b[^>]*\bhidden>.*?</\1>", "", drawn, flags=re.S)
        for word in _computer_words(language):
            assert word not in drawn, (seat, word)


def _check_the_retold_talk(
    client: Any, other_client: Any, finished: dict[str, Any], language: str
) -> None:
    headers = ZH if language == "zh" else {}
    game_id = finished["game_id"]
    talks = {
        seat: browser.get(f"/api/games/{game_id}/history", headers=headers).json()["talk"]
        for seat, browser in ((0, client), (1, other_client))
    }
    you = _tr(language).gettext("You")
    for seat, talk in talks.items():
        said = " ".join(line["text"] for line in talk)
        for word in _computer_words(language):
            assert word not in said, (seat, word)
        for line in talk:
            if line["kind"] in ("play", "go", "scored"):
                expected = you if line["player"] == seat else NAMES[1 - seat]
                assert line["text"].startswith(expected), (seat, line)
        assert NAMES[1 - seat] in said


def _cut_for_deal(game_id: str, *browsers: Any) -> None:
    """Each seat cuts at the first place left in the spread."""
    for browser in browsers:
        view = browser.get(f"/api/games/{game_id}").json()
        move = {"action": view["legal_actions"][0], "version": view["version"]}
        assert browser.post(f"/api/games/{game_id}/actions", json=move).status_code == 200


def test_the_table_without_script_speaks_to_seat_one_from_seat_one(
    client: Any, other_client: Any
) -> None:
    table = open_table(client, NAMES[0], seed=31)
    join(other_client, table["code"], NAMES[1])
    game_id = table["game_id"]
    _cut_for_deal(game_id, client, other_client)
    view = other_client.get(f"/api/games/{game_id}").json()
    assert view["phase"] == "discard"
    html = other_client.get(f"/games/{game_id}").text
    meta = _text(html, r'<p class="plain-meta">(.*?)</p>')[0]
    legend = _text(html, r'<legend class="status">(.*?)</legend>')[0]
    cuts = _text(html, r'<ul class="plain-cuts">(.*?)</ul>')[0]
    if view["dealer"] == 1:
        assert meta.endswith("You deal.") and legend == "Choose two cards for your crib."
    else:
        assert meta.endswith("Ann deals.") and legend == "Choose two cards for Ann's crib."
    mine, theirs = (
        {"T": "10"}.get(card[0], card[0]) for card in reversed(view["cut_for_deal"][-1])
    )
    assert re.fullmatch(rf"Cut for deal: You {mine}\S, Ann {theirs}\S\.", cuts), cuts


def test_a_name_is_text_on_the_page_and_never_a_sentence_place() -> None:
    assert clean_name("  {you}  Ann\x00 ") == "you Ann"
    assert clean_name("<b>Bo</b>") == "<b>Bo</b>"  # kept as typed; the page escapes it


def test_a_name_with_markup_is_escaped_in_the_drawn_table(client: Any, other_client: Any) -> None:
    table = open_table(client, "<i>Ann</i>", seed=31)
    join(other_client, table["code"], NAMES[1])
    game_id = table["game_id"]
    _cut_for_deal(game_id, client, other_client)
    html = other_client.get(f"/games/{game_id}").text
    assert "<i>Ann</i>" not in html
    assert "&lt;i&gt;Ann&lt;/i&gt;" in html


def _fast_play_hidden(html: str) -> bool:
    found = re.search(r'<p id="speed-setting"( hidden)?>', html)
    assert found is not None
    return found.group(1) is not None


def test_fast_play_is_offered_only_where_the_computer_plays(
    client: Any, other_client: Any, third_client: Any
) -> None:
    assert not _fast_play_hidden(client.get("/").text)
    computer = client.post("/api/games", json={"level": "greedy", "seed": 3}).json()
    assert not _fast_play_hidden(client.get(f"/games/{computer['id']}").text)
    table = open_table(client, NAMES[0])
    join(other_client, table["code"], NAMES[1])
    assert _fast_play_hidden(client.get(f"/games/{table['game_id']}").text)
    assert _fast_play_hidden(other_client.get(f"/games/{table['game_id']}").text)
    assert _fast_play_hidden(third_client.get(f"/t/{table['code']}").text)
    filled = open_table(client, NAMES[0], computer_fills_in=True)
    client.post(f"/api/tables/{filled['code']}/computer")
    assert not _fast_play_hidden(client.get(f"/games/{filled['game_id']}").text)


CUT_FIELDS = ("cut_for_deal", "cut_for_deal_positions", "cut_positions", "starter_position")


@pytest.mark.heavy
def test_the_rail_sees_every_cut_and_reads_the_talk_with_both_names_and_no_hidden_card(
    app: Any, client: Any, other_client: Any, third_client: Any
) -> None:
    """One whole game watched by the code: after every move the rail's cuts are the players'
    and its talk names both players and shows no card hidden from it."""
    table = open_table(client, NAMES[0], seed=58)
    join(other_client, table["code"], NAMES[1])
    code = table["code"]
    assert third_client.get("/api/tables/ABCDE-FGHJK/history").status_code == 404
    assert third_client.get(f"/api/games/{table['game_id']}/history").status_code == 404
    seen: dict[str, set[Any]] = {field: set() for field in CUT_FIELDS}

    def compare_cuts(view: dict[str, Any]) -> None:
        public = third_client.get(f"/api/tables/{code}").json()
        for field in CUT_FIELDS:
            assert public[field] == view[field], field
            seen[field].add(repr(public[field]))
        positions = [p for pair in public["cut_for_deal_positions"] for p in pair]
        positions += [p for p in [*public["cut_positions"], public["starter_position"]] if p]
        assert all(isinstance(p, int) and not isinstance(p, bool) for p in positions)

    def check_talk() -> None:
        history = third_client.get(f"/api/tables/{code}/history").json()
        state = stored_state(app, table["game_id"])
        secret = hidden_from(state, None)
        for line in history["talk"]:
            # Earlier hands' cards (and the cut for deal) went back into the pack.
            if line["kind"] != "cut" and line["hand_number"] == state.hand_number:
                assert not [c for c in secret if c.unicode in line["text"]], line
            if line["kind"] in ("play", "go", "scored"):
                assert line["text"].startswith(NAMES[line["player"]]), line
        paced = third_client.get(f"/api/tables/{code}").json()
        assert history["version"] == paced["version"]
        totals = history["sheet"][-1]["totals"] if history["sheet"] else [0, 0]
        assert totals == paced["scores"]

    def check(view: dict[str, Any]) -> None:
        compare_cuts(view)
        check_talk()

    play_both_seats(
        app,
        table["game_id"],
        {0: client, 1: other_client},
        rng_seed=3,
        spectator=(third_client, code),
        on_move=check,
    )
    # The game went through a cut for deal half made and made, and many starter cuts.
    assert len(seen["starter_position"]) > 2 and len(seen["cut_positions"]) >= 2
    assert len(seen["cut_for_deal_positions"]) >= 2


def _check_the_replay(
    client: Any, other_client: Any, finished: dict[str, Any], language: str
) -> None:
    headers = ZH if language == "zh" else {}
    tr = _tr(language)
    game_id = finished["game_id"]
    for seat, browser in ((0, client), (1, other_client)):
        other = NAMES[1 - seat]
        said: list[str] = []
        for step in range(0, 80, 3):
            html = browser.get(f"/games/{game_id}/replay?step={step}", headers=headers).text
            said += _text(html, r'<p class="lead" id="said"[^>]*>(.*?)</p>')
        assert any(line.startswith(other) for line in said), said
        assert any(line.startswith(tr.gettext("You")) for line in said), said
        last = browser.get(f"/games/{game_id}/replay?step=100000", headers=headers).text
        scoreline = [
            _text(last, rf'class="score lane-{p}"><span class="who">(.*?)</span>')[0]
            for p in (0, 1)
        ]
        you = tr.gettext("You")
        assert scoreline == ([you, other] if seat == 0 else [other, you])
        shown = " ".join(said) + " ".join(_text(last, r'<p class="banner-text">(.*?)</p>'))
        for word in _computer_words(language):
            assert word not in shown, (seat, word)
        assert language != "en" or "computer" not in shown.lower()
