"""The JSON endpoints: the CLI's shapes, the engine's numbers, the pages' error messages."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest
from html_support import parse_html

from cribkit.analysis import analyze_discard
from cribkit.cards import format_cards_unicode, parse_cards
from cribkit.scoring import score_play


def _cli_json(*args: str) -> Any:
    """What ``cribkit ... --json`` prints, run as a user would run it."""
    code = "import sys; from cribkit.cli import main; sys.argv[0] = 'cribkit'; main()"
    run = subprocess.run(
        [sys.executable, "-c", code, *args, "--json"], capture_output=True, text=True, check=True
    )
    return json.loads(run.stdout)


@pytest.mark.heavy
@pytest.mark.parametrize("crib", [False, True])
def test_score_has_the_cli_shape(client: Any, crib: bool) -> None:
    body = {"hand": "4S 5S 6S JS", "starter": "9H", "crib": crib}
    expected = _cli_json("score", "4S", "5S", "6S", "JS", "9H", *(["--crib"] if crib else []))
    assert expected["total"] == (9 if crib else 13)
    assert client.post("/api/score", json=body).json() == expected
    query = {"hand": "4S 5S 6S JS", "starter": "9H", "crib": str(crib).lower()}
    assert client.get("/api/score", params=query).json() == expected


def test_score_accepts_a_list_and_five_cards(client: Any) -> None:
    listed = client.post("/api/score", json={"hand": ["5H", "5D", "5C", "JS", "5S"]}).json()
    assert listed["total"] == 29 and listed["starter"] == "5S" and len(listed["hand"]) == 4


def test_peg_scores_each_card_with_the_engine(client: Any) -> None:
    plays = client.post("/api/peg", json={"play": "6D 4C 5H 3S"}).json()["plays"]
    cards = parse_cards("6D 4C 5H 3S")
    for i, step in enumerate(plays):
        expected = score_play(cards[:i], cards[i])
        assert step["card"] == str(cards[i]) and step["go"] is False
        assert step["points"] == expected.total
        assert step["items"] == [item.to_dict() for item in expected.items]
    assert [step["count"] for step in plays] == [6, 10, 15, 18]


@pytest.mark.heavy
def test_peg_has_the_cli_shape(client: Any) -> None:
    for play in ("QS 9D 8C 4H 7H", "QS 9D 8C go 7H"):
        cli = _cli_json("peg", *play.split())
        ours = client.post("/api/peg", json={"play": play}).json()
        assert ours["plays"] == cli["plays"]


def test_peg_go_step(client: Any) -> None:
    plays = client.get("/api/peg", params={"play": "QS 9D 8C go 7H"}).json()["plays"]
    go = plays[3]
    assert go["card"] is None and go["go"] is True and go["points"] == 1
    assert go["items"] == [{"kind": "go", "points": 1, "cards": ["8C"], "call": "one for the go"}]
    assert go["call"] == "one for the go"
    assert plays[4]["count"] == 7


@pytest.mark.parametrize("dealer", [True, False])
def test_advise_returns_the_engines_ranking(client: Any, dealer: bool) -> None:
    cards = "5H 5D 5C JS 4D KC"
    answer = client.post("/api/advise", json={"cards": cards, "dealer": dealer}).json()
    engine = analyze_discard(cards, dealer=dealer).to_dict()
    assert answer["options"] == engine["options"]
    assert answer["dealer"] is dealer and len(answer["options"]) == 15
    assert answer["cards"] == ["5H", "5D", "5C", "JS", "4D", "KC"]
    best = analyze_discard(cards, dealer=dealer).best
    assert answer["explanation"].startswith(f"Keep {format_cards_unicode(best.keep)}")
    totals = [option["total_ev"] for option in answer["options"]]
    assert totals == sorted(totals, reverse=True)


def test_advise_explanation_in_chinese(client: Any) -> None:
    answer = client.get(
        "/api/advise",
        params={"cards": "5H 5D 5C JS 4D KC", "dealer": "true"},
        headers={"Accept-Language": "zh-CN"},
    ).json()
    best = analyze_discard("5H 5D 5C JS 4D KC", dealer=True).best
    assert answer["explanation"].startswith(f"留 {format_cards_unicode(best.keep)}")


@pytest.mark.parametrize(
    ("path", "body", "page", "field"),
    [
        ("/api/score", {"hand": "5H 5D 5C JS"}, "/calculator?hand=5H+5D+5C+JS", "starter"),
        ("/api/score", {"hand": "5H 5x"}, "/calculator?hand=5H+5x", "hand"),
        ("/api/score", {"hand": "5H 5H 5C JS 5S"}, "/calculator?hand=5H+5H+5C+JS+5S", "hand"),
        ("/api/peg", {"play": "QS 9D 8C 5H"}, "/calculator?play=QS+9D+8C+5H", "play"),
        ("/api/advise", {"cards": "5H 5D", "dealer": True}, "/advisor?cards=5H+5D", "cards"),
    ],
)
@pytest.mark.parametrize("language", ["en", "zh-CN"])
def test_errors_are_422_with_the_pages_message(
    client: Any, path: str, body: dict[str, object], page: str, field: str, language: str
) -> None:
    headers = {"Accept-Language": language}
    response = client.post(path, json=body, headers=headers)
    assert response.status_code == 422
    answer = response.json()
    (problem,) = answer["problems"]
    assert problem["loc"] == ["body", field] and problem["type"] == "cribkit.input"
    shown = parse_html(client.get(page, headers=headers).text).by_id(f"{field}-error").text()
    assert problem["msg"] == answer["detail"] == shown
    assert answer["code"] == "invalid_input"


def test_malformed_requests_are_4xx(client: Any) -> None:
    assert client.post("/api/score", json={}).status_code == 422
    assert client.post("/api/advise", json={"cards": "5H 5D 5C JS 4D KC"}).status_code == 422
    assert client.get("/api/peg").status_code == 422
    assert (
        client.post(
            "/api/score", content=b"{not json", headers={"content-type": "application/json"}
        ).status_code
        == 422
    )
