"""``/openapi.json`` says what every JSON endpoint answers, and the real answers keep to it.

The tour (``api_tour``) answers every endpoint for real: a seeded game through every phase,
a table between two people to its rematch, a table the computer sits in, the review, the
tools, and their errors. Each answer is checked against the schema its operation declares
for its status, where no object takes a field it does not list: a field added to a payload
builder, or dropped from it, fails here until its model says so.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
import schemathesis
from api_tour import Answer, operations, take_tour
from table_support import make_app

from cribkit.web.app import create_app
from cribkit.web.site.settings import Settings

SPEC = create_app(Settings(database_url="sqlite:///unused.sqlite3", testing=True)).openapi()
SCHEMA = schemathesis.openapi.from_dict(SPEC)
JSON = "application/json"


def _success_schemas(operation: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        answer["content"][JSON]["schema"]
        for status, answer in operation["responses"].items()
        if status.startswith("2") and JSON in answer.get("content", {})
    ]


def _json_operations() -> list[tuple[str, str]]:
    """Every operation answering JSON (the record is text, and is declared so)."""
    return [
        (template, method)
        for template, method, operation in operations(SPEC)
        if template.startswith("/api/") and _success_schemas(operation)
    ]


def test_every_json_endpoint_declares_the_shape_of_its_success() -> None:
    undeclared = [
        (method, template)
        for template, method, operation in operations(SPEC)
        for schema in _success_schemas(operation)
        if not {"$ref", "anyOf", "properties"} & set(schema)
    ]
    assert undeclared == []
    assert len(_json_operations()) == 25  # the record's text is the twenty-sixth


@pytest.fixture(scope="module")
def tour_answers(tmp_path_factory: pytest.TempPathFactory) -> list[Answer]:
    folder: Path = tmp_path_factory.mktemp("tour")
    return take_tour(make_app(f"sqlite:///{folder / 'tour.sqlite3'}")).answers


def test_every_answer_of_the_tour_keeps_to_the_document(tour_answers: list[Answer]) -> None:
    for answer in tour_answers:
        operation = SCHEMA[answer.template][answer.method]
        operation.validate_response(answer.response)  # raises, naming the first mismatch


def test_the_tour_answers_every_json_endpoint_with_a_success(tour_answers: list[Answer]) -> None:
    succeeded = {(a.template, a.method) for a in tour_answers if a.response.is_success}
    assert set(_json_operations()) - succeeded == set()


def _with(answer: Answer, body: Any) -> httpx.Response:
    """``answer``'s response with another JSON body."""
    response = answer.response
    changed = httpx.Response(
        response.status_code, json=body, headers={"content-type": JSON}, request=response.request
    )
    changed.elapsed = response.elapsed  # as if sent (schemathesis reads it)
    return changed


def test_a_field_no_model_lists_is_a_mismatch(tour_answers: list[Answer]) -> None:
    """The documents forbid unlisted fields, at the top and inside (the view's pegs)."""
    first: dict[tuple[str, str], Answer] = {}
    for answer in tour_answers:
        if answer.response.is_success and answer.template != "/api/games/{game_id}/record":
            first.setdefault((answer.template, answer.method), answer)
    for (template, method), answer in first.items():
        body = answer.response.json()
        drifted = {**body, "drifted": True}
        assert not SCHEMA[template][method].is_valid_response(_with(answer, drifted)), template
    view = first[("/api/games/{game_id}", "GET")].response.json()
    view["pegs"][0]["middle"] = 3
    assert not SCHEMA["/api/games/{game_id}"]["GET"].is_valid_response(
        _with(first[("/api/games/{game_id}", "GET")], view)
    )


def test_the_documents_examples_are_accepted(client: Any) -> None:
    """An example the schema offers is a request the server takes (the score example
    once lacked its starter and was refused)."""
    score = SPEC["components"]["schemas"]["ScoreRequest"]["properties"]
    assert client.post("/api/score", json={"hand": score["hand"]["examples"][0]}).status_code == 200
    query = next(p for p in SPEC["paths"]["/api/score"]["get"]["parameters"] if p["name"] == "hand")
    assert (
        client.get("/api/score", params={"hand": query["schema"]["examples"][0]}).status_code == 200
    )


@pytest.mark.parametrize(
    ("model", "path"), [("CreateGame", "/api/games"), ("OpenTable", "/api/tables")]
)
def test_the_schema_says_muggins_needs_count_own(client: Any, model: str, path: str) -> None:
    """The one cross-field rule of a new game is in the schema too (if/then), so a
    schema-valid body is never refused for it."""
    assert SPEC["components"]["schemas"][model]["then"]["properties"]["count_own"] == {
        "const": True
    }
    assert client.post(path, json={"muggins": True}).status_code == 422
    assert client.post(path, json={"muggins": True, "count_own": True}).status_code == 201
