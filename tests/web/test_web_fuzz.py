"""A schema-driven fuzz of the whole JSON API: schemathesis reads ``/openapi.json`` and sends
valid and invalid requests to every operation, failing on any 5xx, an undeclared status, a
body that does not match the declared schema, or invalid input that is not refused.

The body check is schemathesis's ``response_schema_conformance`` (one of its default checks,
never excluded here): every JSON answer, success or error, is validated against the model
its status declares, and no model takes a field it does not list.

Each operation is its own test (so pytest-xdist spreads them) with its own app and
database. Half the requests to ``/api/games/{game_id}...`` go to a real game of the
player (moves, hints and stale versions against a live position), and half the requests to
``/api/tables/{code}...`` to the code of a real table the player hosts (its chat and mute
among them); the rest to ids and codes that do not exist. The number of examples is
bounded so the whole fuzz takes about a minute on two cores.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from fastapi.testclient import TestClient

from cribkit.web.app import create_app
from cribkit.web.site.settings import Settings

pytestmark = pytest.mark.fuzz

EXAMPLES = 50
"""Examples per operation: the operations take about 40 s of CI on two cores (80 until
session 23, when CI passed its 10 minutes; the examples are derandomized, so each run tries
the same ones)."""


ACCEPTS_ALL_VALID = {("POST", "/api/games"), ("GET", "/api/games/{game_id}")}
"""Where every schema-valid request must succeed. Elsewhere a valid request may still be
refused with the declared 422: a string of cards the schema allows may be no hand ("",
"5H 5H"), a well-formed move may be illegal in the position, a hint may come out of turn."""


def _muggins_alone(case: schemathesis.Case) -> bool:
    """A new game asking for muggins without counting its own hand: refused on purpose
    (nobody overlooks points the engine counts), so the one valid body that is refused."""
    body = case.body if isinstance(case.body, dict) else {}
    return (case.method, case.path) == ("POST", "/api/games") and (
        body.get("muggins") is True and body.get("count_own") is not True
    )


def _settings(database_url: str) -> Settings:
    return Settings(database_url=database_url, secret_key="fuzz-key", testing=True)


# The document only (building it touches no database): what the fuzz generates from.
SCHEMA = schemathesis.openapi.from_dict(create_app(_settings("sqlite:///unused.sqlite3")).openapi())


@dataclass(frozen=True)
class Table:
    """An app on its own database, and a player with a game in progress on it and a
    table opened for a friend."""

    app: Any
    cookies: dict[str, str]
    game_id: str
    code: str


@pytest.fixture
def table(sqlite_url: str) -> Table:
    app = create_app(_settings(sqlite_url))
    with TestClient(app) as client:
        created = client.post("/api/games", json={"level": "random", "seed": 7})
        assert created.status_code == 201
        opened = client.post("/api/tables", json={"name": "Ann", "seed": 7})
        assert opened.status_code == 201
        return Table(app, dict(client.cookies), created.json()["id"], opened.json()["code"])


@SCHEMA.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
def test_api_never_fails_and_keeps_its_word(case: schemathesis.Case, table: Table) -> None:
    excluded = []
    if (case.method, case.path) not in ACCEPTS_ALL_VALID or _muggins_alone(case):
        excluded.append(positive_data_acceptance)
    game_id = (case.path_parameters or {}).get("game_id")
    if isinstance(game_id, str) and len(game_id) % 2 == 0:
        case.path_parameters = {**(case.path_parameters or {}), "game_id": table.game_id}
    code = (case.path_parameters or {}).get("code")
    if isinstance(code, str) and len(code) % 2 == 0:
        case.path_parameters = {**(case.path_parameters or {}), "code": table.code}
    case.call_and_validate(app=table.app, cookies=table.cookies, excluded_checks=excluded)
