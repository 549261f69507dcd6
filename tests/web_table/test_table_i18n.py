"""The table in Simplified Chinese: refused moves and hints answer in the reader's language.

The engine says both in English; the API translates them from the error's code and the
hint's numbers. English readers get the engine's words unchanged.
"""

from __future__ import annotations

import dataclasses
import gettext
import re
from collections.abc import Callable, Iterable
from typing import Any

import pytest
from servers import ServerProcess
from table_support import stored_state

from cribkit.actions import Discard
from cribkit.analysis.hints import expert_analysis, hint, play_hint
from cribkit.analysis.pegging import PlayEvaluation
from cribkit.analysis.pegvalue import pegging_by_throw, weighted_value
from cribkit.cards import parse_card
from cribkit.errors import CribkitError, IllegalActionError
from cribkit.events import Pegs
from cribkit.game import Game
from cribkit.scoring import MAX_COUNT
from cribkit.state import Phase
from cribkit.view import view_of
from cribkit.web.site.errors_i18n import error_message
from cribkit.web.site.hints_i18n import hint_explanation
from cribkit.web.site.i18n import Catalogues, language_by_code
from screenshots import Snap
from state_support import past_the_cut

ZH = {"Accept-Language": "zh-CN,zh;q=0.9,en;q=0.5"}
EN = {"Accept-Language": "en-GB,en;q=0.8"}
View = dict[str, Any]


def english_words(text: str) -> set[str]:
    """Latin words of two letters or more (cards like 10♥ and J♠ are not words)."""
    return {word.lower() for word in re.findall(r"[A-Za-z]{2,}", text)}


def assert_chinese(text: str) -> None:
    """Chinese prose, with only the table-talk call 'go' kept in English."""
    assert re.search(r"[\u4e00-\u9fff]", text), text
    assert english_words(text) <= {"go"}, text


def new_game(client: Any, seed: int = 7) -> View:
    response = client.post("/api/games", json={"level": "greedy", "seed": seed})
    assert response.status_code == 201, response.text
    view: View = response.json()["view"]
    while view["phase"] == "cut_for_deal":  # the person cuts for the deal first
        body = {"action": view["legal_actions"][0], "version": view["version"]}
        reply = client.post(f"/api/games/{view['id']}/actions", json=body)
        assert reply.status_code == 200, reply.text
        view = reply.json()
    return view


def to_discard(client: Any, view: View) -> View:
    """Cut for deal (the first open position) until the cards are dealt."""
    while view["phase"] == "cut_for_deal":
        view = move(client, view, view["legal_actions"][0], EN).json()
    return view


def move(client: Any, view: View, action: Any, headers: dict[str, str]) -> Any:
    body = {"action": action, "version": view["version"]}
    return client.post(f"/api/games/{view['id']}/actions", json=body, headers=headers)


def play_until(client: Any, view: View, wanted: Callable[[View], bool]) -> View:
    """Make the first legal move until ``wanted(view)`` (the game must get there)."""
    while not wanted(view):
        assert view["phase"] != "game_over", "the game ended first"
        response = move(client, view, view["legal_actions"][0], EN)
        assert response.status_code == 200, response.text
        view = response.json()
    return view


def my_turn_to_play(view: View) -> bool:
    return any(action["type"] == "play" for action in view["legal_actions"])


def too_high(view: View) -> str | None:
    """A held card the count has no room for, when it is the person's turn to play."""
    playable = {a["card"] for a in view["legal_actions"] if a["type"] == "play"}
    if view["phase"] != "play" or not playable:
        return None
    return next((card for card in view["hand"] if card not in playable), None)


def test_a_move_in_the_wrong_phase_is_refused_in_each_language(client: Any) -> None:
    view = to_discard(client, new_game(client))
    action = {"type": "play", "player": 0, "card": view["hand"][0]}
    english = move(client, view, action, EN)
    chinese = move(client, view, action, ZH)
    assert english.status_code == chinese.status_code == 422
    assert english.json() == {
        "detail": "cannot play a card now: the game is in the discard phase",
        "code": "wrong_phase",
    }
    assert chinese.json() == {
        "detail": "现在不能出牌：游戏正处于放底牌阶段。",
        "code": "wrong_phase",
    }
    assert client.get(f"/api/games/{view['id']}").json() == view


def first_game_reaching(
    client: Any, wanted: Callable[[View], bool], seeds: Iterable[int] = range(7, 20)
) -> View:
    """The first seeded game whose first-legal-move play gets to ``wanted``."""
    for seed in seeds:
        view = new_game(client, seed=seed)
        while not wanted(view) and view["phase"] != "game_over":
            view = move(client, view, view["legal_actions"][0], EN).json()
        if wanted(view):
            return view
    raise AssertionError("no seed reaches the wanted view")


def test_a_card_past_31_is_refused_in_chinese_with_the_numbers(client: Any) -> None:
    view = play_until(client, new_game(client, seed=4), lambda v: too_high(v) is not None)
    card = too_high(view)
    assert card is not None
    count = view["count"]
    action = {"type": "play", "player": 0, "card": card}
    english = move(client, view, action, EN).json()
    chinese = move(client, view, action, ZH).json()
    total, room = count + parse_card(card).pips, MAX_COUNT - count
    assert english["detail"] == (
        f"the count would be {total}; play a card of {room} or less, or say go"
    )
    assert english["code"] == chinese["code"] == "count_past_31"
    assert_chinese(chinese["detail"])
    assert re.findall(r"\d+", chinese["detail"]) == [str(total), str(room)]


def test_a_card_not_held_is_named_as_the_table_draws_it(client: Any) -> None:
    view = play_until(client, new_game(client), my_turn_to_play)
    foreign = next(code for code in ("5H", "6D", "7C", "8S", "9H") if code not in view["hand"])
    action = {"type": "play", "player": 0, "card": foreign}
    english = move(client, view, action, EN).json()
    chinese = move(client, view, action, ZH).json()
    assert english == {"detail": f"you do not hold {foreign}", "code": "card_not_held"}
    assert_chinese(chinese["detail"])
    assert parse_card(foreign).unicode in chinese["detail"]


@pytest.mark.parametrize(
    ("action", "version", "code"),
    [
        ({"type": "discard", "player": 1, "cards": ["5H", "5D"]}, 0, "not_your_seat"),
        ({"type": "discard", "player": 0, "cards": ["XX", "5D"]}, 0, "action_unreadable"),
        ({"type": "shuffle", "player": 0}, 0, "action_unknown_type"),
        ("play the five", 0, "action_not_object"),
        ({"type": "go", "player": 0}, "zero", "invalid_request"),
    ],
)
def test_malformed_moves_are_refused_in_chinese(
    client: Any, action: Any, version: Any, code: str
) -> None:
    view = new_game(client)
    if version == 0:
        version = view["version"]
    response = move(client, {**view, "version": version}, action, ZH)
    assert response.status_code == 422
    assert response.json()["code"] == code
    detail = response.json()["detail"]
    assert re.search(r"[\u4e00-\u9fff]", detail), detail
    # API words a script sends (type, discard, play...) may stay; English prose may not.
    assert not english_words(detail) & {"the", "an", "is", "not", "your", "send", "bad", "with"}


def test_a_stale_move_and_a_missing_game_answer_in_chinese(client: Any) -> None:
    view = new_game(client)
    action = view["legal_actions"][0]
    assert move(client, view, action, ZH).status_code == 200
    stale = move(client, view, action, ZH)
    assert stale.status_code == 409 and stale.json()["code"] == "stale_version"
    assert_chinese(stale.json()["detail"])
    assert stale.json()["view"]["version"] == view["version"] + 1
    missing = client.get("/api/games/nope", headers=ZH)
    assert missing.status_code == 404 and missing.json()["code"] == "game_not_found"
    assert_chinese(missing.json()["detail"])
    english = client.get("/api/games/nope", headers=EN).json()
    assert english["detail"] == "there is no such game at this table"


def engine_hint(app: Any, game_id: str) -> Any:
    """The engine's own hint for the person's view of the stored game."""
    return hint(view_of(stored_state(app, game_id), 0))


def test_the_discard_hint_in_chinese_has_the_engines_numbers(client: Any, app: Any) -> None:
    view = to_discard(client, new_game(client))
    english = client.get(f"/api/games/{view['id']}/hint", headers=EN).json()
    chinese = client.get(f"/api/games/{view['id']}/hint", headers=ZH).json()
    assert english["explanation"] == engine_hint(app, view["id"]).explanation
    assert {k: v for k, v in chinese.items() if k != "explanation"} == {
        k: v for k, v in english.items() if k != "explanation"
    }
    text = chinese["explanation"]
    assert_chinese(text)
    best = chinese["discards"][0]
    assert " ".join(parse_card(code).unicode for code in best["keep"]) in text
    assert f"{best['hand_ev']:.2f}" in text and f"{best['total_ev']:.2f}" in text


def test_the_play_and_go_hints_in_chinese(client: Any, app: Any) -> None:
    view = first_game_reaching(client, lambda v: v["phase"] == "play", seeds=range(12, 20))
    seen: set[str] = set()
    while view["phase"] == "play" and len(seen) < 2:
        if view["legal_actions"]:
            kind = view["legal_actions"][0]["type"]
            chinese = client.get(f"/api/games/{view['id']}/hint", headers=ZH).json()
            english = client.get(f"/api/games/{view['id']}/hint", headers=EN).json()
            assert english["explanation"] == engine_hint(app, view["id"]).explanation
            text = chinese["explanation"]
            assert_chinese(text)
            if kind == "play":
                best = chinese["plays"][0]
                assert parse_card(best["card"]).unicode in text
                # the text rounds the exact value to two places; the JSON carries four
                said = re.search(r"[+-]\d+\.\d\d", text)
                assert said is not None
                assert abs(float(said.group()) - best["expected_net_points"]) <= 0.00501
            else:
                assert str(view["count"]) in text
            seen.add(kind)
        view = move(client, view, view["legal_actions"][0], EN).json()
    assert "play" in seen


def test_a_throw_for_the_pegging_is_explained_in_chinese_with_the_engines_numbers() -> None:
    """Where the pegging turns the throw from the most hand and crib, the Chinese sentence
    gives the same four numbers as the engine's: each keep's pegging and its total."""
    zh = language_by_code("zh")
    assert zh is not None
    translations = Catalogues().get(zh)
    found = 0
    for seed in range(60):
        view = view_of(past_the_cut(Game(seed=seed)).state, 0)
        advice = hint(view)
        best = expert_analysis(view.hand, dealer=view.is_dealer).best
        assert isinstance(advice.action, Discard)
        if set(advice.action.cards) == set(best.throw):
            continue
        winner = advice.discards[0]
        pegging = pegging_by_throw(view.hand, dealer=view.is_dealer)
        numbers = [
            f"{pegging[frozenset(winner.throw)]:+.2f}",
            f"{pegging[frozenset(best.throw)]:+.2f}",
            f"{weighted_value(winner, pegging, dealer=view.is_dealer):.2f}",
            f"{weighted_value(best, pegging, dealer=view.is_dealer):.2f}",
        ]
        english = hint_explanation(advice, view, gettext.NullTranslations())
        chinese = hint_explanation(advice, view, translations)
        assert english == advice.explanation
        assert_chinese(chinese)
        for number in numbers:
            assert number in english and number in chinese
        found += 1
    assert found >= 2


def test_a_near_tie_that_prints_alike_is_called_the_same_in_both_languages() -> None:
    """Nets a few thousandths apart print alike, so the hint says "the same as" rather
    than "-1.96 against -1.96"; nets that print apart keep "against"."""
    zh = language_by_code("zh")
    assert zh is not None
    translations = Catalogues().get(zh)
    game = past_the_cut(Game(seed=3))
    view = view_of(game.state, game.state.to_play if game.state.to_play is not None else 0)
    nine, ten = parse_card("9H"), parse_card("TS")
    for runner_net, same in ((-1.958, True), (-1.949, False)):
        plays = (PlayEvaluation(nine, -1.961, 0), PlayEvaluation(ten, runner_net, 0))
        english = play_hint(view, plays).explanation
        chinese = hint_explanation(play_hint(view, plays), view, translations)
        assert ("the same as 10♠" in english) is same
        assert ("against -1.95 for 10♠" in english) is not same
        assert english.count("-1.96") == 1
        assert_chinese(chinese)
        assert chinese.count("-1.96") == 1
        assert ("-1.95" in chinese) is not same


def test_every_count_at_the_table_is_said_in_chinese_with_the_english_beside(
    client: Any,
) -> None:
    """The view's shows and scores (what the page says live) and the history's talk (what
    a reload says) give each count in Chinese first, the engine's English call beside."""
    view = play_until(client, new_game(client), lambda v: bool(v["shows"]))
    zh = client.get(f"/api/games/{view['id']}", headers=ZH).json()
    for shown in zh["shows"]:
        assert shown["spoken"].endswith(f"（{shown['call']}）"), shown
        assert re.search(r"[\u4e00-\u9fff]", shown["spoken"].split("（")[0]), shown
        assert len(shown["spoken_items"]) == len(shown["items"])
        for said, item in zip(shown["spoken_items"], shown["items"], strict=True):
            assert said.endswith(f"（{item['call']}）") and not said.startswith(item["call"])
    for event in zh["events"]:
        assert event["spoken"].endswith(f"（{event['call']}）"), event
    english = client.get(f"/api/games/{view['id']}", headers=EN).json()
    assert [s["spoken"] for s in english["shows"]] == [s["call"] for s in english["shows"]]
    talk = client.get(f"/api/games/{view['id']}/history", headers=ZH).json()["talk"]
    shows = [line["text"] for line in talk if line["kind"] == "show"]
    assert len(shows) >= len(zh["shows"])
    for line, shown in zip(shows[-len(zh["shows"]) :], zh["shows"], strict=True):
        assert shown["spoken"] in line and f"（{shown['total']} 分）" in line
    scored = [line["text"] for line in talk if line["kind"] == "scored"]
    assert scored and all("）”" in line for line in scored)


def test_an_untranslated_code_falls_back_to_the_english_message() -> None:
    zh = language_by_code("zh")
    assert zh is not None
    translations = Catalogues().get(zh)
    assert error_message(CribkitError("no code at all"), translations) == "no code at all"
    unknown = IllegalActionError("a brand new problem", code="not_in_the_catalogue")
    assert error_message(unknown, translations) == "a brand new problem"
    known = IllegalActionError("you do not hold 5H", code="card_not_held", params={"card": "5H"})
    assert error_message(known, gettext.NullTranslations()) == "you do not hold 5H"
    assert error_message(known, translations) == "你手里没有 5♥。"


# ---------------------------------------------------------------- in the browser


def prose(text: str) -> str:
    """Text minus the English table talk quoted in it (“fifteen two”) or set beside the
    Chinese in full-width brackets (十五得 2（fifteen two）), kept by design."""
    return re.sub(r"“[^”]*”|（[^）]*）", "", text)


def wait_for_move(page: Any, version: str | None) -> None:
    page.wait_for_selector(f'#table:not([data-version="{version}"])', timeout=10_000)


@pytest.mark.browser
def test_the_table_speaks_chinese_in_the_browser(
    browser: Any, server: ServerProcess, snap: Snap
) -> None:
    context = browser.new_context(
        viewport={"width": 1280, "height": 900}, locale="zh-CN", extra_http_headers=ZH
    )
    page = context.new_page()
    page.goto(f"{server.url}/?seed=2024")
    page.click("#start")
    page.wait_for_selector("#spread button.cut-card")
    while page.get_attribute("#table", "data-phase") == "cut_for_deal":
        version = page.get_attribute("#table", "data-version")
        page.locator("#spread button.cut-card:not([disabled])").first.click(
            position={"x": 3, "y": 12}
        )
        wait_for_move(page, version)
    page.wait_for_selector("#hand button.in-hand")
    page.click("#hint-button")
    page.wait_for_selector("#hint-box:not([hidden])")
    assert_chinese(page.inner_text("#hint-box"))
    snap(page, "zh-test-discard-hint.png", full_page=True)
    version = page.get_attribute("#table", "data-version")
    for key in ("1", "2", "Enter"):
        page.keyboard.press(key)
    wait_for_move(page, version)
    if page.get_attribute("#table", "data-phase") == "starter":  # pone cuts the pack
        version = page.get_attribute("#table", "data-version")
        page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
        wait_for_move(page, version)
    hinted = False
    while page.get_attribute("#table", "data-phase") == "play":
        if not hinted and page.is_visible("#hand button.in-hand:not([disabled])"):
            page.click("#hint-button")
            page.wait_for_selector("#hint-box:not([hidden])")
            assert_chinese(page.inner_text("#hint-box"))
            snap(page, "zh-test-play-hint.png", full_page=True)
            hinted = True
        version = page.get_attribute("#table", "data-version")
        if page.is_visible("#primary"):
            page.click("#primary")  # go
        else:
            page.locator("#hand button.in-hand:not([disabled])").first.click()
        wait_for_move(page, version)
    assert hinted and page.get_attribute("#table", "data-phase") == "show"
    page.click("#primary")  # the second count of the show
    snap(page, "zh-test-show.png", full_page=True)
    for selector in ("#status", "#meta", "#show-panel h2", "#pegboard-title"):
        assert english_words(page.text_content(selector) or "") <= {"go"}, selector
    for line in page.locator("#talk li").all_inner_texts():
        assert english_words(prose(line)) <= {"go"}, line
    context.close()


def test_the_throw_near_the_end_is_explained_in_chinese_with_the_winning_chances() -> None:
    """Near 121 the hint weighs winning chances: either the best hold also wins most, or
    another hold is kept for its chance; both are said in Chinese with the numbers."""
    zh = language_by_code("zh")
    assert zh is not None
    translations = Catalogues().get(zh)
    seen: set[bool] = set()
    for seed in range(12):
        game = Game(seed=seed)
        while game.state.phase is Phase.CUT_FOR_DEAL:  # the cut for deal, then the deal
            game.apply(game.state.legal_actions()[0])
        for mine, theirs in ((112, 104), (100, 108)):
            pegs = (Pegs(mine, mine - 2), Pegs(theirs, theirs - 2))
            view = view_of(dataclasses.replace(game.state, pegs=pegs), 0)
            advice = hint(view)
            assert advice.win_chances, "near the end the hint has winning chances"
            text = hint_explanation(advice, view, translations)
            assert_chinese(text)
            assert f"{advice.win_chances[0]:.0%}" in text
            kept = " ".join(card.unicode for card in advice.discards[0].keep)
            assert kept in text
            switched = advice.explanation.startswith("Near the end")
            assert ("临近终局" in text) == switched
            seen.add(switched)
    assert seen == {True, False}
