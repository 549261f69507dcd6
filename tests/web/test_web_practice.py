"""/practice: the drills as plain forms, answers checked by the engine, streaks kept."""

from __future__ import annotations

import re
from typing import Any

import pytest
from html_support import parse_html

from cribkit.actions import Play
from cribkit.analysis.discard import HOLDS
from cribkit.analysis.drills import CountKind, count_drill
from cribkit.analysis.pegging import expert_plays
from cribkit.analysis.pegvalue import hold_values_with_pegging
from cribkit.analysis.winprob import endgame_for_play
from cribkit.players.drills import discard_drill, pegging_drill

ZH = {"Accept-Language": "zh-CN"}


def _record(client: Any, drill: str) -> dict[str, int]:
    html = client.get("/practice").text
    match = re.search(rf'data-drill="{drill}" data-attempts="(\d+)" data-streak="(\d+)"', html)
    assert match, html
    return {"attempts": int(match.group(1)), "streak": int(match.group(2))}


def test_the_overview_lists_three_drills(client: Any) -> None:
    html = client.get("/practice").text
    for drill in ("count", "discard", "pegging"):
        assert f'id="drill-{drill}"' in html
    assert 'href="/practice/count?kind=hard"' in html
    assert "Not tried yet." in html
    assert 'href="/practice"' in client.get("/").text  # in the site's menu


@pytest.mark.parametrize("path", ["/practice/count", "/practice/discard", "/practice/pegging"])
def test_a_drill_without_a_number_gets_a_fresh_one(client: Any, path: str) -> None:
    answer = client.get(path, follow_redirects=False)
    assert answer.status_code == 303
    assert re.search(r"[?&]seed=\d+", answer.headers["location"])
    for bad in ("x", "-1", "²", "9" * 40):
        assert client.get(f"{path}?seed={bad}", follow_redirects=False).status_code == 303


def test_counting_right_builds_a_streak_and_wrong_ends_it(client: Any) -> None:
    puzzle = count_drill(7, CountKind.HARD)
    page = client.get("/practice/count?kind=hard&seed=7").text
    for card in puzzle.hand:
        assert f'data-card="{card}"' in page
    right = str(puzzle.answer.total)
    form = {"seed": "7", "kind": "hard", "issued": "0"}
    verdict = client.post("/practice/count", data={**form, "answer": right}).text
    assert 'data-correct="1"' in verdict and puzzle.answer.call in verdict
    client.post("/practice/count", data={**form, "answer": right})
    assert _record(client, "count") == {"attempts": 2, "streak": 2}
    wrong = str(puzzle.answer.total + 2)
    verdict = client.post("/practice/count", data={**form, "answer": wrong}).text
    assert 'data-correct="0"' in verdict and "Over-claimed by 2." in verdict
    assert _record(client, "count") == {"attempts": 3, "streak": 0}


def test_a_count_that_is_not_a_number_is_asked_again(client: Any) -> None:
    page = client.post(
        "/practice/count", data={"seed": "7", "kind": "any", "answer": "ten", "issued": "0"}
    )
    assert page.status_code == 200
    assert "Give the count as a whole number" in page.text
    assert 'aria-invalid="true"' in page.text
    assert _record(client, "count")["attempts"] == 0


def test_a_discard_is_priced_against_the_best(client: Any) -> None:
    view = discard_drill(11)
    values = hold_values_with_pegging(view.hand, dealer=view.is_dealer)  # the expert's values
    throws = [[str(view.hand[i]) for i in throw] for _, throw in HOLDS]
    worst, top = int(values.argmin()), int(values.argmax())
    form = {"seed": "11", "issued": "0"}
    verdict = client.post("/practice/discard", data={**form, "throw": throws[worst]}).text
    lost = float(re.search(r'data-lost="([\d.]+)"', verdict).group(1))  # type: ignore[union-attr]
    assert lost == pytest.approx(values[top] - values[worst], abs=1e-3)
    assert 'data-correct="0"' in verdict
    verdict = client.post("/practice/discard", data={**form, "throw": throws[top]}).text
    assert 'data-correct="1"' in verdict and "The best choice." in verdict
    too_many = client.post(
        "/practice/discard", data={**form, "throw": [str(c) for c in view.hand[:3]]}
    ).text
    assert "Choose exactly two of your six cards" in too_many


def test_a_pegging_puzzle_is_priced_by_the_search(client: Any) -> None:
    view = pegging_drill(5)
    plays = expert_plays(view, endgame_for_play(view))
    page = client.get("/practice/pegging?seed=5").text
    assert f"The count is {view.count}." in page
    worst = plays[-1]
    verdict = client.post(
        "/practice/pegging", data={"seed": "5", "card": str(worst.card), "issued": "0"}
    ).text
    lost = float(re.search(r'data-lost="([\d.]+)"', verdict).group(1))  # type: ignore[union-attr]
    assert lost == pytest.approx(plays[0].expected_net_points - worst.expected_net_points, abs=1e-3)
    why = parse_html(verdict).find_all("p", cls="why")[0].text()
    assert f"{worst.expected_net_points:+.2f} for {worst.card.unicode}, your card." in why
    zh = client.post(
        "/practice/pegging",
        data={"seed": "5", "card": str(worst.card), "issued": "0"},
        headers=ZH,
    ).text
    zh_why = parse_html(zh).find_all("p", cls="why")[0].text()
    assert worst.card.unicode in zh_why and "你出的" in zh_why
    held = [c for c in view.hand if Play(view.player, c) not in view.legal_actions]
    for card in [*held, "ZZ"]:
        refused = client.post(
            "/practice/pegging", data={"seed": "5", "card": str(card), "issued": "0"}
        ).text
        assert "Choose one of the cards you can play." in refused


def test_the_drills_speak_chinese(client: Any) -> None:
    assert "练习" in client.get("/practice", headers=ZH).text
    page = client.get("/practice/count?seed=3&kind=any", headers=ZH).text
    assert "检查" in page or "核对" in page
