"""A tour of the whole JSON API with real answers: every endpoint, its successes and errors.

A seeded game against the computer (counting its own hand, with muggins) is played through
every phase, with a hint at the first of each kind of move and the history now and then;
a table between two people is opened, watched, refused, joined, played to the end from
both seats with a spectator at the rail, and rematched; the computer takes a seat at
another; the review, the record and the tools answer. Each answer is kept with the
operation it came from (the OpenAPI path template and method), so a test can check it
against ``/openapi.json``.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import Any

import httpx

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from fastapi.testclient import TestClient

MAX_MOVES = 600
"""More moves than any game takes (a game is about 150): the walks stop there if not over."""
NO_GAME = "0123456789abcdef0123456789abcdef"
NO_CODE = "ZZZZZ-ZZZZZ"


@dataclass(frozen=True)
class Answer:
    """One response and the operation it answers (``/api/games/{game_id}``, ``GET``)."""

    method: str
    template: str
    response: httpx.Response


@dataclass
class Tour:
    """The answers in order, and the random ids and codes they hold (to compare bodies)."""

    answers: list[Answer] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)

    def call(
        self,
        client: TestClient,
        method: str,
        template: str,
        json: Any = None,
        params: dict[str, str] | None = None,
        **path: str,
    ) -> httpx.Response:
        response = client.request(method, template.format(**path), json=json, params=params)
        self.answers.append(Answer(method, template, response))
        return response

    def name(self, value: str, kind: str) -> str:
        """Remember a server-made id or code so ``normalized`` can stand a fixed name in."""
        self.names.setdefault(value, f"<{kind}{len(self.names)}>")
        return value

    def normalized(self, answer: Answer) -> str:
        """The body with every id and code replaced by its name in the order first met."""
        text = answer.response.text
        for value, name in self.names.items():
            text = text.replace(value, name)
        return text


GAME = "/api/games/{game_id}"
TABLE = "/api/tables/{code}"
CHAT = TABLE + "/chat"


def _move(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    return {"action": rng.choice(view["legal_actions"]), "version": view["version"]}


def _computer_game(tour: Tour, client: TestClient) -> None:
    """Every phase against the computer, its hints, history, errors, record and review."""
    created = tour.call(
        client,
        "POST",
        "/api/games",
        {"level": "random", "seed": 5, "count_own": True, "muggins": True},
    ).json()
    game_id = tour.name(created["id"], "game")
    view = created["view"]
    hinted: set[str] = set()
    rng = random.Random(5)
    tour.call(client, "GET", GAME + "/review", game_id=game_id)  # 409: not over
    tour.call(client, "GET", GAME + "/record", game_id=game_id)  # 409: not over
    tour.call(client, "POST", GAME + "/rematch", game_id=game_id)  # 409: not a table
    for _ in range(MAX_MOVES):
        if view["phase"] == "game_over":
            break
        kind = view["legal_actions"][0]["type"]
        if kind not in hinted:  # 200, or 422 for your own count
            hinted.add(kind)
            tour.call(client, "GET", GAME + "/hint", game_id=game_id)
            tour.call(client, "GET", GAME + "/history", game_id=game_id)
        view = tour.call(
            client, "POST", GAME + "/actions", _move(view, rng), game_id=game_id
        ).json()
    stale = {"action": {"type": "next", "player": 0}, "version": 0}
    tour.call(client, "POST", GAME + "/actions", stale, game_id=game_id)  # 409 with the view
    illegal = {"action": {"type": "go", "player": 0}, "version": view["version"]}
    tour.call(client, "POST", GAME + "/actions", illegal, game_id=game_id)  # 422
    for template in (GAME, GAME + "/hint", GAME + "/history", GAME + "/review", GAME + "/record"):
        tour.call(client, "GET", template, game_id=game_id)
    for template in (GAME, GAME + "/hint", GAME + "/history", GAME + "/review", GAME + "/record"):
        tour.call(client, "GET", template, game_id=NO_GAME)  # 404
    tour.call(client, "POST", GAME + "/actions", illegal, game_id=NO_GAME)  # 404
    tour.call(client, "POST", GAME + "/rematch", game_id=NO_GAME)  # 404
    tour.call(client, "POST", "/api/games", {"level": "nobody"})  # 422
    tour.call(client, "POST", GAME + "/resign", game_id=game_id)  # 422: already over
    tour.call(client, "POST", GAME + "/resign", game_id=NO_GAME)  # 404
    resigned = tour.call(client, "POST", "/api/games", {"level": "random", "seed": 6}).json()
    tour.call(client, "POST", GAME + "/resign", game_id=tour.name(resigned["id"], "resigned"))


def _friend_game(
    tour: Tour, app: Any, host: TestClient, friend: TestClient, rail: TestClient
) -> None:
    """A table between two people: the invite, the refusals, the cut for deal from both
    seats, the rest played out in memory, the game over seen by all and the rematch."""
    opened = tour.call(host, "POST", "/api/tables", {"name": "Ann", "seed": 7}).json()
    code, game_id = tour.name(opened["code"], "code"), tour.name(opened["game_id"], "game")
    tour.name(opened["link"], "link")
    tour.call(rail, "GET", TABLE, code=code)  # waiting for the friend
    waiting = tour.call(host, "GET", GAME, game_id=game_id).json()
    tour.call(host, "GET", GAME + "/hint", game_id=game_id)  # 422: friend not seated
    move = {"action": {"type": "cut", "player": 0, "position": 3}, "version": waiting["version"]}
    tour.call(host, "POST", GAME + "/actions", move, game_id=game_id)  # 409 with the view
    tour.call(friend, "POST", TABLE + "/join", {"name": "Bo"}, code=code)
    tour.call(rail, "POST", TABLE + "/join", {"name": "Cy"}, code=code)  # 409: seats taken
    tour.call(rail, "POST", TABLE + "/join", {}, code=NO_CODE)  # 404
    tour.call(rail, "GET", TABLE, code=NO_CODE)  # 404
    tour.call(rail, "GET", TABLE + "/history", code=NO_CODE)  # 404
    _chat(tour, host, friend, rail, code)
    tour.call(host, "POST", GAME + "/rematch", game_id=game_id)  # 409: not over
    rng = random.Random(7)
    for client in (host, friend):  # each cuts for deal on its own view
        view = tour.call(client, "GET", GAME, game_id=game_id).json()
        tour.call(client, "POST", GAME + "/actions", _move(view, rng), game_id=game_id)
    tour.call(rail, "GET", TABLE, code=code)
    _finish_in_memory(app, game_id, rng)
    for client in (host, friend):
        tour.call(client, "GET", GAME, game_id=game_id)
    tour.call(rail, "GET", TABLE, code=code)
    tour.call(rail, "GET", TABLE + "/history", code=code)
    tour.call(rail, "POST", GAME + "/rematch", game_id=game_id)  # 404: not seated here
    fresh = tour.call(host, "POST", GAME + "/rematch", game_id=game_id).json()
    tour.name(fresh["game_id"], "game")
    tour.call(friend, "POST", GAME + "/rematch", game_id=game_id)  # the same rematch
    tour.call(host, "GET", GAME + "/review", game_id=game_id)


def _chat(tour: Tour, host: TestClient, friend: TestClient, rail: TestClient, code: str) -> None:
    """The table chat: lines from both seats, the refusals, the mute, the reads."""
    tour.call(host, "POST", CHAT, {"text": "<b>hi</b>"}, code=code)
    tour.call(friend, "POST", CHAT, {"phrase": "good_luck"}, code=code)
    tour.call(rail, "POST", CHAT, {"text": "from the rail"}, code=code)  # 403
    tour.call(host, "POST", CHAT, {"text": " "}, code=code)  # 422: empty
    tour.call(host, "POST", CHAT, {"text": "x"}, code=NO_CODE)  # 404
    tour.call(rail, "GET", CHAT, code=code)
    tour.call(rail, "GET", CHAT, code=NO_CODE)  # 404
    tour.call(host, "PUT", CHAT + "/mute", {"muted": True}, code=code)
    tour.call(rail, "PUT", CHAT + "/mute", {"muted": True}, code=code)  # 403
    tour.call(friend, "POST", CHAT, {"text": "muted"}, code=code)
    tour.call(host, "GET", CHAT, code=code)
    tour.call(host, "PUT", CHAT + "/mute", {"muted": False}, code=code)


def _finish_in_memory(app: Any, game_id: str, rng: random.Random) -> None:
    """Play the rest of a stored game by random legal moves and store it, every count
    shown (a few milliseconds instead of three hundred requests)."""
    loaded = app.state.games.load_any(game_id)
    game = loaded.game
    while not game.is_over:
        player = game.state.players_to_move()[0]
        game.apply(rng.choice(game.view(player).legal_actions))
    assert app.state.games.store(game_id, game, loaded.version, 99)


def _computer_sits_in(tour: Tour, host: TestClient, rail: TestClient) -> None:
    """A table where the computer takes the empty seat, played to the end, watched from the
    rail at every change of phase."""
    opened = tour.call(host, "POST", "/api/tables", {"seed": 9, "computer_fills_in": True}).json()
    code, game_id = tour.name(opened["code"], "code"), tour.name(opened["game_id"], "game")
    tour.name(opened["link"], "link")
    tour.call(rail, "POST", TABLE + "/computer", code=code)  # 404: not the host
    tour.call(host, "POST", TABLE + "/computer", code=code)
    tour.call(host, "POST", TABLE + "/computer", code=code)  # 409: the seat is taken
    view, phase, rng = tour.call(host, "GET", GAME, game_id=game_id).json(), "", random.Random(9)
    for _ in range(MAX_MOVES):
        if view["phase"] != phase:
            phase = view["phase"]
            tour.call(rail, "GET", TABLE, code=code)
            tour.call(rail, "GET", TABLE + "/history", code=code)
        if phase == "game_over":
            break
        view = tour.call(host, "POST", GAME + "/actions", _move(view, rng), game_id=game_id).json()
    tour.call(host, "POST", GAME + "/rematch", game_id=game_id)  # 409: the computer's game
    tour.call(host, "POST", CHAT, {"text": "hi"}, code=code)  # 409: no one to chat with
    tour.call(host, "POST", "/api/tables", {"muggins": True})  # 422: muggins alone


def _tools(tour: Tour, client: TestClient) -> None:
    tour.call(client, "POST", "/api/score", {"hand": "5H 5D 5C JS", "starter": "5S"})
    score = {"hand": "5H 5D 5C JS", "starter": "5S", "crib": "true"}
    tour.call(client, "GET", "/api/score", params=score)
    tour.call(client, "POST", "/api/score", {"hand": "5H 5H"})  # 422
    tour.call(client, "POST", "/api/peg", {"play": "QS 9D 8C 4H go 5S"})
    tour.call(client, "GET", "/api/peg", params={"play": "6D 4C 5H 3S"})
    tour.call(client, "POST", "/api/advise", {"cards": "5H 5D 5C JS 4D KC", "dealer": True})
    advise = {"cards": "5H 5D 5C JS 4D KC", "dealer": "false"}
    tour.call(client, "GET", "/api/advise", params=advise)


def _preferences(tour: Tour, client: TestClient) -> None:
    tour.call(client, "GET", "/api/preferences")
    tour.call(client, "PUT", "/api/preferences", {"speed": "fast", "theme": "dark"})
    tour.call(client, "PUT", "/api/preferences", {"muggins": True})  # 422: muggins alone


def take_tour(app: Any) -> Tour:
    """Every JSON endpoint answered for real on ``app`` (a testing app on its own database)."""
    tour = Tour()
    with ExitStack() as stack:
        host, friend, rail = (stack.enter_context(TestClient(app)) for _ in range(3))
        _computer_game(tour, host)
        _friend_game(tour, app, host, friend, rail)
        _computer_sits_in(tour, host, rail)
        tour.call(host, "GET", "/api/rating")  # with the friend game rated
        _tools(tour, rail)
        _preferences(tour, rail)
    return tour


def operations(spec: dict[str, Any]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """Every operation of an OpenAPI document: path template, method, its description."""
    for template, item in spec["paths"].items():
        for method, operation in item.items():
            yield template, method.upper(), operation
