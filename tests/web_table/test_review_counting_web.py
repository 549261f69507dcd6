"""The review page and JSON of a game where the player counted their own hand under
muggins and counted wrong: each claim against the engine's count, muggins given, the
way to that moment of the replay, in English and Chinese; nothing of it without counting."""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator
from typing import Any

import pytest
from friends_support import join, open_table
from review_support import player_of, stored_finished_game
from table_support import stored_record

from count_review_support import play_miscounting
from cribkit.analysis.review import review_game
from cribkit.web.table.replay.moments import moment_of_action, moments
from cribkit.web.table.review.api import GameReviewOut
from zh_lint import problems

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from fastapi.testclient import TestClient

EN = {"Accept-Language": "en"}
ZH = {"Accept-Language": "zh-CN,zh;q=0.9"}
SEED = 3


def stored_miscounted_game(app: Any, player_id: str) -> str:
    """A finished game of ``player_id``'s with "count my own hand" and muggins, counted
    two short once and three over once, stored as the table stores one."""
    service = app.state.games
    loaded = service.create(player_id, "random", seed=SEED, count_own=True, muggins=True)
    wrong = play_miscounting(loaded.game, SEED)
    assert wrong.short and wrong.over
    assert service.store(loaded.id, loaded.game, loaded.version, 99)
    game_id: str = loaded.id
    return game_id


@pytest.fixture
def counted(client: TestClient, app: Any) -> Iterator[str]:
    first = client.post("/api/games", json={"level": "random", "seed": 1}).json()["id"]
    yield stored_miscounted_game(app, player_of(app, first))


def told_counts(html: str) -> list[dict[str, str]]:
    return [
        dict(re.findall(r'data-(\w+)="([^"]*)"', item))
        for item in re.findall(r'<li class="counted-show" ([^>]*)>', html)
    ]


def test_the_json_review_has_each_claim_and_the_counting_totals(
    client: TestClient, app: Any, counted: str
) -> None:
    data = client.get(f"/api/games/{counted}/review").json()
    review = review_game(stored_record(app, counted), 0)
    assert data["counts"] == [count.to_dict() for count in review.counts]
    assert [c["claimed"] - c["true"] for c in data["counts"] if c["claimed"] != c["true"]] == [
        -2,
        3,
    ]
    short = next(c for c in review.counts if c.missed)
    assert short.muggins == short.missed == 2 == data["counting_muggins"]
    assert data["counting_missed"] == 2 and data["counting_over_claimed"] == 3
    for count in review.counts:  # the engine's own breakdown of what was laid down
        assert count.true == sum(item.points for item in count.show.breakdown.items)
    assert {d["kind"] for d in data["decisions"]} <= {"discard", "play", "go"}
    assert GameReviewOut.model_validate(data).model_dump() == data  # the API's schema


def test_the_review_page_tells_each_count_with_a_link_to_its_moment(
    client: TestClient, app: Any, counted: str
) -> None:
    html = client.get(f"/games/{counted}/review", headers=EN).text
    record = stored_record(app, counted)
    review = review_game(record, 0)
    told = told_counts(html)
    assert [int(c["step"]) for c in told] == [c.step for c in review.counts]
    for item, count in zip(told, review.counts, strict=True):
        assert (int(item["claimed"]), int(item["true"])) == (count.claimed, count.true)
        assert (int(item["missed"]), int(item["muggins"])) == (count.missed, count.muggins)
        assert int(item["over"]) == count.over_claimed and item["what"] == count.what
        verdict = "over" if count.over_claimed else "short" if count.missed else "right"
        assert item["result"] == verdict
        assert f'href="/games/{counted}/replay?action={count.step}"' in html
    short = next(c for c in review.counts if c.missed)
    over = next(c for c in review.counts if c.over_claimed)
    assert f"You counted {short.claimed}: 2 missed. Muggins: 2 for Computer." in html
    assert f"You claimed {over.claimed}: over-claimed by 3, so only {over.true} is pegged." in html
    assert re.search(r'data-figure="counting_missed">2<', html)
    assert re.search(r'data-figure="counting_muggins">2<', html)
    assert re.search(r'data-figure="counting_over_claimed">3<', html)
    exact = sum(1 for c in review.counts if c.claimed == c.true)
    assert re.search(rf'data-figure="counts_exact">{exact}<', html)
    missed = re.findall(r'data-counting-missed="(\d+)"', html)
    assert [int(n) for n in missed] == [hand.counting_missed for hand in review.per_hand]
    assert re.search(rf'data-figure="accuracy">{review.accuracy:.2f}<', html)
    steps = list(record.replay())
    frames = list(moments(steps))
    page = client.get(f"/games/{counted}/replay?action={short.step}", headers=EN).text
    index = moment_of_action(frames, steps, short.step)
    assert f"Step {index + 1} of {len(frames)}" in page
    assert f"You say your count: {short.claimed}." in page


def test_the_counting_section_reads_as_chinese(client: TestClient, counted: str) -> None:
    html = client.get(f"/games/{counted}/review", headers=ZH).text
    section = html.split('id="review-counting"', 1)[1].split(">", 1)[1].split("</section>")[0]
    assert "你的算分" in section and "少算了 2 分" in section and "多报了 3 分" in section
    text = [" ".join(t.split()) for t in re.sub(r"<[^>]+>", "\n", section).splitlines()]
    talk = set(re.findall(r'<td lang="en" class="talk">([^<]*)</td>', section))  # table talk
    lines = [line for line in text if line.strip() and line not in talk]
    assert [(line, problems(line)) for line in lines if problems(line)] == []


def test_a_friend_who_counted_sees_their_own_counts(
    client: TestClient, other_client: TestClient, app: Any
) -> None:
    table = open_table(client, seed=SEED, count_own=True, muggins=True)
    assert join(other_client, table["code"]).status_code == 200
    game_id = table["game_id"]
    service = app.state.games
    loaded = service.load(player_of(app, game_id), game_id)
    wrong = play_miscounting(loaded.game, SEED, seat=1)
    assert wrong.short and wrong.over
    assert service.store(game_id, loaded.game, loaded.version, 99)
    review = review_game(stored_record(app, game_id), 1)
    data = other_client.get(f"/api/games/{game_id}/review").json()
    assert data["seat"] == 1 and data["counts"] == [c.to_dict() for c in review.counts]
    html = other_client.get(f"/games/{game_id}/review", headers=EN).text
    short = next(c for c in review.counts if c.missed)
    assert f"You counted {short.claimed}: 2 missed. Muggins: 2 for your opponent." in html
    assert "对手得 2 分" in other_client.get(f"/games/{game_id}/review", headers=ZH).text


def test_a_game_without_counting_has_no_counting_section(client: TestClient, app: Any) -> None:
    first = client.post("/api/games", json={"level": "random", "seed": 1}).json()["id"]
    game_id = stored_finished_game(app, player_of(app, first), seed=SEED)
    data = client.get(f"/api/games/{game_id}/review").json()
    assert data["counts"] == [] and data["counting_missed"] == 0
    assert GameReviewOut.model_validate(data).model_dump() == data
    html = client.get(f"/games/{game_id}/review", headers=EN).text
    assert 'id="review-counting"' not in html and "data-counting-missed" not in html


def test_an_uploaded_record_with_counting_is_reviewed_with_it(
    client: TestClient, counted: str
) -> None:
    text = client.get(f"/api/games/{counted}/record").text
    page = client.post("/replay/review", data={"text": text, "seat": "0"}, headers=EN).text
    told = told_counts(page)
    assert told and all(
        f'formaction="/replay" name="action" value="{c["step"]}"' in page for c in told
    )
    other = client.post("/replay/review", data={"text": text, "seat": "1"}, headers=EN).text
    assert 'id="review-counting"' not in other
