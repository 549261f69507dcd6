"""Preferences remembered per player: the API, the settings page, the new-game form, the
language, and the pace the server applies (the computer's pause, "say go for me" and
"play my last card for me")."""

from __future__ import annotations

from typing import Any

from counting_policy import next_move
from fastapi.testclient import TestClient
from sqlalchemy import update

from cribkit.web.site.i18n import LANG_COOKIE
from cribkit.web.site.models import PreferencesRow
from cribkit.web.site.players_identity import PLAYER_COOKIE
from cribkit.web.site.theme import THEME_COOKIE

DEFAULTS = {
    "level": "casual",
    "count_own": False,
    "muggins": False,
    "speed": "normal",
    "auto_go": True,
    "auto_last": False,
    "sound": False,
    "notify": False,
    "language": "",
    "theme": "auto",
    "pause_ms": 900,
}


def put(client: TestClient, **changes: Any) -> Any:
    return client.put("/api/preferences", json=changes)


def test_a_new_player_has_the_defaults_and_a_change_is_kept(client: TestClient) -> None:
    assert client.get("/api/preferences").json() == DEFAULTS
    answer = put(client, speed="relaxed", sound=True, level="hard")
    assert answer.status_code == 200
    kept = client.get("/api/preferences").json()
    chosen = {"speed": "relaxed", "sound": True, "level": "expert", "pause_ms": 1600}
    assert kept == {**DEFAULTS, **chosen}


def test_bad_preferences_are_refused_and_change_nothing(client: TestClient) -> None:
    put(client, speed="fast")
    for body, code in [
        ({"speed": "warp"}, "invalid_request"),
        ({"sound": "yes"}, "invalid_request"),
        ({"colour": "red"}, "invalid_request"),
        ({"level": "grandmaster"}, "unknown_level"),
        ({"muggins": True}, "muggins_needs_count_own"),
        ({"language": "fr"}, "invalid_request"),
        ({"theme": "sepia"}, "invalid_request"),
    ]:
        answer = client.put("/api/preferences", json=body)
        assert answer.status_code == 422, body
        assert answer.json()["code"] == code, answer.json()
    assert client.get("/api/preferences").json() == {**DEFAULTS, "speed": "fast", "pause_ms": 0}


def test_the_view_carries_the_pace_the_player_chose(client: TestClient) -> None:
    put(client, speed="relaxed")
    view = client.post("/api/games", json={"seed": 1}).json()["view"]
    assert view["pace"]["speed"] == "relaxed" and view["pace"]["pause_ms"] == 1600
    put(client, speed="fast")
    assert client.get(f"/api/games/{view['id']}").json()["pace"]["pause_ms"] == 0


def _play(client: TestClient, seed: int, hands: int) -> tuple[list[dict[str, Any]], str]:
    """The person's views over ``hands`` deals (first legal moves), and the game's id."""
    view = client.post("/api/games", json={"seed": seed}).json()["view"]
    views = [view]
    while view["hand_number"] <= hands and view["phase"] != "game_over":
        action = next_move(view)
        assert action is not None
        body = {"action": action, "version": view["version"]}
        view = client.post(f"/api/games/{view['id']}/actions", json=body).json()
        views.append(view)
    return views, view["id"]


def _offered_go(view: dict[str, Any]) -> bool:
    return [a["type"] for a in view["legal_actions"]] == ["go"]


def _offered_last_card(view: dict[str, Any]) -> bool:
    plays = [a for a in view["legal_actions"] if a["type"] == "play"]
    return view["phase"] == "play" and len(view["hand"]) == 1 and len(plays) == 1


def test_go_is_said_for_the_player_unless_they_turn_it_off(client: TestClient) -> None:
    put(client, auto_go=False)
    views, _ = _play(client, seed=7, hands=3)
    assert any(_offered_go(view) for view in views)
    put(client, auto_go=True)
    views, game_id = _play(client, seed=7, hands=3)
    assert not any(_offered_go(view) for view in views)
    said = [e for view in views for e in view["play_log"] if e["player"] == 0 and not e["card"]]
    assert said  # the server said the person's go in the record, as a move of theirs
    assert client.get(f"/api/games/{game_id}/history").status_code == 200


def test_the_last_card_is_played_for_the_player_when_they_ask(client: TestClient) -> None:
    views, _ = _play(client, seed=7, hands=3)
    assert any(_offered_last_card(view) for view in views)
    put(client, auto_last=True)
    views, _ = _play(client, seed=7, hands=3)
    assert not any(_offered_last_card(view) for view in views)


def test_starting_a_game_remembers_its_options_and_the_form_is_filled_from_them(
    client: TestClient,
) -> None:
    client.post("/api/games", json={"level": "expert", "count_own": True, "muggins": True})
    kept = client.get("/api/preferences").json()
    assert (kept["level"], kept["count_own"], kept["muggins"]) == ("expert", True, True)
    page = client.get("/?new=1").text
    assert 'value="expert" checked' in page
    assert 'id="count-own" checked' in page and 'id="muggins" checked' in page


def test_the_saved_language_applies_unless_the_language_cookie_chose(client: TestClient) -> None:
    assert 'lang="en"' in client.get("/rules").text
    put(client, language="zh")
    client.cookies.delete(LANG_COOKIE)  # another browser of the same player: no cookie
    assert 'lang="zh-Hans"' in client.get("/rules").text
    client.cookies.set(LANG_COOKIE, "en")
    assert 'lang="en"' in client.get("/rules").text


def test_the_saved_theme_applies_unless_the_theme_cookie_chose(client: TestClient) -> None:
    assert 'data-theme="auto"' in client.get("/rules").text
    answer = put(client, theme="dark")
    assert answer.status_code == 200 and answer.json()["theme"] == "dark"
    assert answer.cookies.get(THEME_COOKIE) == "dark"  # shown at once on this browser
    client.cookies.delete(THEME_COOKIE)  # another browser of the same player: no cookie
    assert 'data-theme="dark"' in client.get("/rules").text
    client.get("/theme/light", follow_redirects=False)  # the header's switch
    assert 'data-theme="light"' in client.get("/rules").text
    assert client.get("/api/preferences").json()["theme"] == "light"  # saved for the player


def test_the_header_switches_save_the_choice_for_a_known_player_only(client: TestClient) -> None:
    client.get("/lang/zh", follow_redirects=False)  # nobody yet: a cookie, no identity
    assert PLAYER_COOKIE not in client.cookies
    put(client, speed="fast")  # now a player
    client.get("/lang/zh", follow_redirects=False)
    client.get("/theme/dark", follow_redirects=False)
    kept = client.get("/api/preferences").json()
    assert (kept["language"], kept["theme"], kept["speed"]) == ("zh", "dark", "fast")
    client.cookies.delete(LANG_COOKIE)  # another browser of the same player
    client.cookies.delete(THEME_COOKIE)
    page = client.get("/rules").text
    assert 'lang="zh-Hans"' in page and 'data-theme="dark"' in page
    client.get("/theme/purple", follow_redirects=False)  # not a theme: nothing saved
    assert client.get("/api/preferences").json()["theme"] == "dark"


def test_the_settings_page_saves_every_preference_in_one_form(client: TestClient) -> None:
    page = client.get("/settings")
    assert page.status_code == 200 and 'value="auto_go" checked' in page.text
    assert 'name="theme" value="auto" checked' in page.text
    form = {
        "level": "easy",  # an old name, kept as the level it became
        "speed": "fast",
        "language": "",
        "theme": "dark",
        "on": ["count_own", "sound"],
    }
    answer = client.post("/settings", data=form, follow_redirects=False)
    assert answer.status_code == 303
    kept = client.get("/api/preferences").json()
    assert kept == {
        **DEFAULTS,
        "level": "beginner",
        "speed": "fast",
        "pause_ms": 0,
        "count_own": True,
        "sound": True,
        "auto_go": False,
        "theme": "dark",
    }
    assert 'data-theme="dark"' in client.get("/settings").text
    for bad in ({"speed": "warp"}, {"theme": "sepia"}):
        refused = client.post("/settings", data={**form, **bad})
        assert refused.status_code == 422, bad
    assert client.get("/api/preferences").json() == kept


def test_a_row_saved_with_an_old_level_name_reads_as_the_level_it_became(
    client: TestClient, app: Any
) -> None:
    put(client, speed="fast")  # a saved row for this player
    app.state.preferences.seconds = 0  # read each row afresh, as another process's change
    for old, new in [("easy", "beginner"), ("medium", "casual"), ("hard", "expert")]:
        with app.state.games.database.session() as session:  # as a row from before
            session.execute(update(PreferencesRow).values(level=old))  # the only row
            session.commit()
        assert client.get("/api/preferences").json()["level"] == new
        assert f'name="level" value="{new}" checked' in client.get("/?new=1").text


def test_the_schema_s_levels_are_exactly_the_levels_a_put_takes(client: TestClient) -> None:
    document = client.get("/openapi.json").json()
    listed = document["components"]["schemas"]["PreferencesChange"]["properties"]["level"]["enum"]
    for level in listed:
        assert put(client, level=level).status_code == 200, level
    assert put(client, level="").status_code == 422  # not listed, and refused
