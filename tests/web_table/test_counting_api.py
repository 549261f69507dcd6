"""Count your own hand and muggins at the web table: the new-game options, the claim
through the JSON API and the plain forms, what the views hide before the claim, what
they say after it, the record, the replay and the counting figures on /stats."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from sqlalchemy import func, select
from table_support import stored_record, stored_state

from cribkit.cards import parse_card, parse_cards
from cribkit.rules import GameRules
from cribkit.scoring import show_points
from cribkit.web.site.models import GameRow
from cribkit.web.table.games.summary import summarize
from cribkit.web.table.replay.moments import moments

SEED = 7


def create(client: Any, **options: Any) -> dict[str, Any]:
    response = client.post("/api/games", json={"level": "greedy", "seed": SEED, **options})
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()["view"]
    return data


def move(client: Any, view: dict[str, Any], action: dict[str, Any]) -> Any:
    return client.post(
        f"/api/games/{view['id']}/actions", json={"action": action, "version": view["version"]}
    )


def until_asked(client: Any, view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Random legal moves (the next count laid down first) until the person is asked to
    count, checking on the way that no view ever holds a count before it is claimed."""
    while view["phase"] != "game_over":
        legal = view["legal_actions"]
        if any(a["type"] == "claim" for a in legal):
            return view
        counting = [a for a in legal if a["type"] == "count"]
        reply = move(client, view, counting[0] if counting else rng.choice(legal))
        assert reply.status_code == 200, reply.text
        view = reply.json()
    return view


def true_count(view: dict[str, Any]) -> int:
    laid = view["to_count"]
    cards, starter = parse_cards(laid["cards"]), parse_card(laid["starter"])
    return show_points(cards, starter, crib=laid["context"] == "crib")


def test_the_options_are_off_by_default_and_kept_in_the_view(client: Any) -> None:
    plain = create(client)
    assert plain["counting"] == {"manual_count": [], "muggins": False}
    chosen = create(client, count_own=True, muggins=True)
    assert chosen["counting"] == {"manual_count": [0], "muggins": True}


def test_muggins_alone_or_an_option_that_is_not_a_bool_is_refused(client: Any) -> None:
    alone = client.post("/api/games", json={"level": "greedy", "muggins": True})
    assert alone.status_code == 422 and alone.json()["code"] == "muggins_needs_manual_count"
    zh = client.post(
        "/api/games", json={"muggins": True}, headers={"Accept-Language": "zh-CN"}
    ).json()
    assert "抢分" in zh["detail"]
    for bad in ("yes", 1, None):
        response = client.post("/api/games", json={"count_own": bad})
        assert response.status_code == 422, bad


def test_the_plain_forms_refuse_muggins_alone_and_open_nothing(client: Any, app: Any) -> None:
    """Without the script the new-game and friend forms send muggins as ticked: alone it is
    refused with the reason (never silently dropped), and no game or table is made."""
    for path, data in (
        ("/table/new", {"level": "greedy", "muggins": "1"}),
        ("/table/friend", {"name": "Ann", "muggins": "1"}),
    ):
        refused = client.post(path, data=data, follow_redirects=False)
        assert refused.status_code == 422, path
        assert "muggins needs manual counting" in refused.text
        zh = client.post(path, data=data, headers={"Accept-Language": "zh-CN"})
        assert zh.status_code == 422 and "抢分" in zh.text
    with app.state.database.session() as session:
        assert session.scalar(select(func.count()).select_from(GameRow)) == 0
    both = client.post("/table/new", data={"count_own": "1", "muggins": "1"})
    assert both.status_code == 200 and 'id="play-area"' in both.text


@pytest.mark.postgres_too
def test_the_claim_waits_hides_the_count_and_a_short_claim_gives_muggins(
    client: Any, app: Any
) -> None:
    rng = random.Random(4)
    view = until_asked(client, create(client, count_own=True, muggins=True), rng)
    laid = view["to_count"]
    assert laid["player"] == 0 and set(laid) == {"player", "context", "cards", "starter"}
    counted = len(view["shows"])
    state = stored_state(app, view["id"])
    pending = state.to_count
    assert pending is not None and [str(c) for c in pending.cards] == laid["cards"]
    # the person's own count is nowhere in what they may read before the claim
    assert all(s["player"] != 0 or s["context"] != laid["context"] for s in view["shows"])
    assert not [e for e in view["events"] if e["player"] == 0 and e["context"] == laid["context"]]
    history = client.get(f"/api/games/{view['id']}/history").json()
    said = [t for t in history["talk"] if t["hand_number"] == view["hand_number"]]
    assert len([t for t in said if t["kind"] == "show"]) == counted
    assert all(s["total"] is not None for s in view["shows"])
    hint = client.get(f"/api/games/{view['id']}/hint")
    assert hint.status_code == 422 and hint.json()["code"] == "hint_count_yourself"
    nexts = move(client, view, {"type": "next", "player": 0})
    assert nexts.status_code == 422 and nexts.json()["code"] == "claim_first"

    total = true_count(view)
    assert total >= 2  # this seed's hand scores, so the claim below falls short
    claim = total - 2
    before = view["scores"]
    reply = move(client, view, {"type": "claim", "player": 0, "points": claim})
    assert reply.status_code == 200, reply.text
    after = reply.json()
    shown = after["shows"][counted]  # laid down at once, with the engine's itemized count
    assert (shown["claim"], shown["total"], shown["missed"]) == (claim, total, total - claim)
    assert sum(item["points"] for item in shown["items"]) == total
    muggins = [e for e in after["events"] if e["context"] == "muggins"]
    assert [(e["player"], e["points"]) for e in muggins] == [(1, 2)]
    assert shown["muggins"] == 2
    assert after["scores"][0] == before[0] + claim + sum(
        s["total"] for s in after["shows"][counted + 1 :] if s["player"] == 0
    )
    talk = [t["text"] for t in client.get(f"/api/games/{view['id']}/history").json()["talk"]]
    assert f"You counted {claim}: 2 missed." in talk
    assert "Muggins: 2 for Computer." in talk


def test_an_over_claim_is_pegged_at_the_true_count(client: Any) -> None:
    view = until_asked(client, create(client, count_own=True), random.Random(2))
    total, counted = true_count(view), len(view["shows"])
    reply = move(client, view, {"type": "claim", "player": 0, "points": total + 3}).json()
    shown = reply["shows"][counted]
    assert (shown["claim"], shown["over_claimed"], shown["muggins"]) == (total + 3, 3, 0)
    mine = [e for e in reply["events"] if e["player"] == 0 and e["context"] == shown["context"]]
    assert sum(e["points"] for e in mine) == min(total, 121 - view["scores"][0])
    assert not [e for e in reply["events"] if e["context"] == "muggins"]


def test_bad_claims_are_refused_and_change_nothing(client: Any) -> None:
    view = until_asked(client, create(client, count_own=True, muggins=True), random.Random(3))
    for points, code in ((-1, "claim_range"), (30, "claim_range"), ("7", "claim_range")):
        reply = move(client, view, {"type": "claim", "player": 0, "points": points})
        assert reply.status_code == 422 and reply.json()["code"] == code, reply.text
    seat = move(client, view, {"type": "claim", "player": 1, "points": 3})
    assert seat.status_code == 422 and seat.json()["code"] == "not_your_seat"
    again = client.get(f"/api/games/{view['id']}").json()
    assert again["version"] == view["version"] and again["to_count"] == view["to_count"]


def test_claims_are_refused_in_a_game_without_the_option(client: Any) -> None:
    view = create(client)
    reply = move(client, view, {"type": "claim", "player": 0, "points": 3})
    assert reply.status_code == 422 and reply.json()["code"] == "wrong_phase"


def _finish(client: Any, view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Play the game out, every count of the person's a guess around the true count."""
    while view["phase"] != "game_over":
        view = until_asked(client, view, rng)
        if view["phase"] == "game_over":
            break
        guess = max(0, min(29, true_count(view) + rng.choice((-2, 0, 0, 1))))
        reply = move(client, view, {"type": "claim", "player": 0, "points": guess})
        assert reply.status_code == 200, reply.text
        view = reply.json()
    return view


def stat(html: str, name: str) -> str:
    found = re.search(rf'data-stat="{name}">([^<]*)<', html)
    assert found, name
    return found.group(1)


def test_a_whole_game_keeps_its_claims_in_the_record_replay_and_stats(
    client: Any, app: Any
) -> None:
    rng = random.Random(5)
    assert 'data-stat="counts_made"' not in client.get("/stats").text  # no counted game yet
    view = _finish(client, create(client, count_own=True, muggins=True), rng)
    record = stored_record(app, view["id"])
    assert record.rules == GameRules(manual_count=frozenset({0}), muggins=True)
    text = client.get(f"/api/games/{view['id']}/record").text
    assert "manual_count=0 muggins=on" in text and "p0 claim " in text
    figures = summarize(record, 0)
    assert figures.counts_made > 0
    html = client.get("/stats").text
    assert stat(html, "counts_made") == str(figures.counts_made)
    assert stat(html, "counts_exact").startswith(f"{figures.counts_exact} (")
    assert stat(html, "count_points_missed") == str(figures.count_points_missed)
    assert stat(html, "count_points_over") == str(figures.count_points_over)
    steps = list(moments(record.replay()))
    claim_step = next(i for i, m in enumerate(steps) if m.said.kind == "claim")
    page = client.get(f"/games/{view['id']}/replay?step={claim_step}").text
    assert "You say your count:" in page
    shown = client.get(f"/games/{view['id']}/replay?step={claim_step + 1}").text
    assert 'class="claim-result' in shown


def test_the_plain_table_asks_for_the_count_with_a_form(client: Any, app: Any) -> None:
    created = client.post(
        "/table/new",
        data={"level": "greedy", "seed": str(SEED), "count_own": "1", "muggins": "1"},
        follow_redirects=False,
    )
    assert created.status_code == 303
    game_id = created.headers["location"].rsplit("/", 1)[-1]
    view = until_asked(client, client.get(f"/api/games/{game_id}").json(), random.Random(4))
    page = client.get(f"/games/{game_id}").text
    assert 'class="plain-move plain-claim' in page and 'name="points"' in page
    assert page.count('<div class="show lane-') == len(view["shows"])  # not the one to count
    form = {"type": "claim", "version": str(view["version"])}
    refused = client.post(f"/games/{game_id}/move", data={**form, "points": "lots"})
    assert refused.status_code == 422 and "a count is a whole number from 0 to 29" in refused.text
    zh = client.post(
        f"/games/{game_id}/move",
        data={**form, "points": "99"},
        headers={"Accept-Language": "zh-CN"},
    )
    assert zh.status_code == 422 and "报的分数须是 0 到 29 之间的整数" in zh.text
    total = true_count(view)
    done = client.post(f"/games/{game_id}/move", data={**form, "points": str(total + 1)})
    assert done.status_code == 200  # the redirect back to the table, followed
    assert f"You claimed {total + 1}: over-claimed by 1, so only {total} is pegged." in done.text


def test_the_new_game_form_offers_both_options_unticked(client: Any) -> None:
    page = client.get("/").text
    for name in ("count_own", "muggins"):
        box = re.search(rf'<input type="checkbox" name="{name}"[^>]*>', page)
        assert box is not None and "checked" not in box.group(0)
