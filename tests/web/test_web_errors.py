"""Errors in one shape: an ``ApiError`` under ``/api`` (as the OpenAPI document declares it)
and a page in the reader's language everywhere else, for 404, 405, 422 and even a bug."""

from __future__ import annotations

import re
import warnings
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from html_support import parse_html
from starlette.exceptions import HTTPException

from cribkit.web.app import create_app
from cribkit.web.site.errors import ApiError
from cribkit.web.site.settings import Settings

ZH = {"Accept-Language": "zh-CN,zh;q=0.9"}
EN = {"Accept-Language": "en-US,en;q=0.8"}
HAN = re.compile(r"[\u4e00-\u9fff]")


def api_error(response: Any) -> ApiError:
    body = response.json()
    assert set(body) <= set(ApiError.model_fields), body
    return ApiError.model_validate(body)


@pytest.mark.parametrize("path", ["/no-such-page", "/rules/extra", "/static/css/none.css"])
@pytest.mark.parametrize(
    ("headers", "cookies", "title"),
    [
        (EN, {}, "Page not found"),
        (ZH, {}, "找不到页面"),
        (EN, {"cribkit_lang": "zh"}, "找不到页面"),
        (ZH, {"cribkit_lang": "en"}, "Page not found"),
    ],
)
def test_an_unknown_page_is_a_404_page_in_the_readers_language(
    client: Any, path: str, headers: dict[str, str], cookies: dict[str, str], title: str
) -> None:
    client.cookies.update(cookies)
    response = client.get(path, headers=headers)
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("text/html")
    page = parse_html(response.text)
    assert page.by_id("error-title").text() == title
    message = page.by_id("error-message").text()
    assert bool(HAN.search(message)) == (title == "找不到页面"), message
    assert response.headers["content-language"] == ("zh-Hans" if HAN.search(title) else "en")
    links = {a.attrs.get("href") for a in page.find_all("a")}
    assert "/" in links  # the way back to the table


def test_a_method_a_page_does_not_take_is_a_405_page_naming_what_it_takes(client: Any) -> None:
    response = client.post("/rules", headers=ZH)
    assert response.status_code == 405
    assert response.headers["allow"] == "GET"
    page = parse_html(response.text)
    assert page.by_id("error-title").text() == "此处不允许这样做"
    assert HAN.search(page.by_id("error-message").text())


@pytest.mark.parametrize("headers", [EN, ZH], ids=["en", "zh"])
def test_the_api_keeps_json_for_unknown_paths_and_methods(
    client: Any, headers: dict[str, str]
) -> None:
    missing = client.get("/api/no-such-thing", headers=headers)
    assert missing.status_code == 404
    assert missing.headers["content-type"].startswith("application/json")
    assert api_error(missing).code == "not_found"
    refused = client.delete("/api/score", headers=headers)
    assert refused.status_code == 405
    assert refused.headers["allow"] == "GET, POST"  # both routes, not the first one found
    error = api_error(refused)
    assert error.code == "method_not_allowed"
    assert bool(HAN.search(error.detail)) == (headers is ZH)


@pytest.mark.parametrize(
    ("path", "body", "content_type"),
    [
        ("/api/score", b"\xff\xfe\xfd", "text/plain"),
        ("/api/peg", b'{"play": "\xff"}', "application/json"),
        ("/api/advise", b'{"cards": "5H 5D 5C JS 4D KC", "dealer": 1}', "application/json"),
        ("/api/score", b'{"hand": ["5H", NaN]}', "application/json"),
        ("/api/score", b'{"hand": "5H 5D 5C JS 5S", "crib": "yes"}', "application/json"),
    ],
    ids=["text-not-utf8", "json-not-utf8", "dealer-1", "NaN-card", "crib-text"],
)
def test_tools_refuse_what_they_cannot_read_in_chinese(
    client: Any, path: str, body: bytes, content_type: str
) -> None:
    response = client.post(path, content=body, headers={**ZH, "Content-Type": content_type})
    assert response.status_code in (400, 422)
    error = api_error(response)
    assert HAN.search(error.detail), error.detail


def test_a_query_of_the_wrong_type_is_a_json_422_that_names_it(client: Any) -> None:
    response = client.get("/api/advise?cards=5H&dealer=maybe", headers=ZH)
    assert response.status_code == 422
    error = api_error(response)
    assert [problem.loc for problem in error.problems] == [["query", "dealer"]]
    assert "dealer" in error.detail and HAN.search(error.detail)


# ------------------------------------------------------------------ the OpenAPI document


def operations(document: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [
        (method.upper(), path, operation)
        for path, item in document["paths"].items()
        for method, operation in item.items()
    ]


def test_the_openapi_document_declares_the_error_shape_every_endpoint_returns(
    client: Any,
) -> None:
    document = client.get("/openapi.json").json()
    schemas = document["components"]["schemas"]
    assert "HTTPValidationError" not in schemas and "ValidationError" not in schemas
    assert set(schemas["ApiError"]["properties"]) == set(ApiError.model_fields)
    assert set(schemas["ApiError"]["required"]) == {"detail", "code"}
    for method, path, operation in operations(document):
        responses = operation["responses"]
        assert "422" in responses, (method, path)
        for status, response in responses.items():
            if not status.startswith(("4", "5")):
                continue
            ref = response["content"]["application/json"]["schema"]["$ref"]
            assert ref.rsplit("/", 1)[-1] in {"ApiError", "StaleMove"}, (method, path, status)
    stale = schemas["StaleMove"]
    assert set(ApiError.model_fields) | {"view"} == set(stale["properties"])


def test_validation_errors_match_the_declared_problem_shape(client: Any) -> None:
    document = client.get("/openapi.json").json()
    problem = document["components"]["schemas"]["Problem"]
    response = client.post("/api/score", json={"hand": 5, "crib": "no", "colour": "red"})
    assert response.status_code == 422
    for found in response.json()["problems"]:
        assert set(found) == set(problem["properties"]) == set(problem["required"])
    fields = {found["loc"][1] for found in response.json()["problems"]}
    assert fields == {"hand", "crib", "colour"}


# ------------------------------------------------------------------ a bug, said politely


@pytest.fixture
def buggy_client(settings: Settings) -> Any:
    app = create_app(settings)

    @app.get("/api/boom")
    @app.get("/boom")
    def boom() -> None:
        raise RuntimeError("a bug")

    @app.get("/teapot")
    def teapot() -> None:
        raise HTTPException(status_code=418)

    with TestClient(app, raise_server_exceptions=False) as test_client:
        yield test_client


def test_an_unexpected_error_is_a_polite_500_in_the_right_shape(buggy_client: Any) -> None:
    api = buggy_client.get("/api/boom", headers=ZH)
    assert api.status_code == 500
    error = api_error(api)
    assert error.code == "server_error" and HAN.search(error.detail)
    assert "a bug" not in api.text  # no internals in the answer
    page = buggy_client.get("/boom", headers=EN)
    assert page.status_code == 500
    assert parse_html(page.text).by_id("error-title").text() == "The server made a mistake"


@pytest.mark.parametrize(
    ("headers", "title"), [(EN, "Something went wrong"), (ZH, "出错了")], ids=["en", "zh"]
)
def test_any_other_http_error_on_a_page_is_a_page_with_its_status(
    buggy_client: Any, headers: dict[str, str], title: str
) -> None:
    response = buggy_client.get("/teapot", headers=headers)
    assert response.status_code == 418
    page = parse_html(response.text)
    assert page.by_id("error-title").text() == title
    assert "418" in page.by_id("error-message").text()
