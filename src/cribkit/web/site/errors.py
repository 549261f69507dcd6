"""Every error answer in one shape: JSON under ``/api``, a page in the reader's language elsewhere.

FastAPI's stock answers differ by source (a list of pydantic problems for a malformed
request, ``{"detail": "Not Found"}`` for an unknown path) and echo the input back, which
breaks on values JSON cannot hold (``NaN``, undecodable bytes) and turns bad input into a
500. Here every API error is an :class:`ApiError` (a sentence in the reader's language, a
stable ``code`` and the field-by-field ``problems``), the same model the OpenAPI document
declares, and every page error is ``error.html`` with a way back to the table.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from http import HTTPStatus
from typing import Any

from fastapi import FastAPI
from fastapi.exceptions import RequestValidationError
from pydantic import Field
from starlette.exceptions import HTTPException
from starlette.requests import HTTPConnection, Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Match, Mount

from cribkit.errors import CribkitError
from cribkit.web.site.errors_i18n import error_message
from cribkit.web.site.i18n import N_, translator
from cribkit.web.site.schemas import ResponseModel
from cribkit.web.site.templating import render

__all__ = [
    "ERROR_RESPONSES",
    "RATE_LIMITED_RESPONSES",
    "ApiError",
    "ApiProblem",
    "Problem",
    "api_error",
    "api_problem",
    "error_page",
    "install_error_handlers",
    "invalid_request",
    "is_api",
    "problem_content",
    "refusal",
]


class Problem(ResponseModel):
    """One field the server could not use, and why."""

    loc: list[str | int] = Field(description="Where: 'body', 'query' or 'path', then the field.")
    msg: str = Field(description="What is wrong with it, in the reader's language.")
    type: str = Field(description="A stable name for the kind of problem.")


class ApiError(ResponseModel):
    """The body of every 4xx (and 5xx) answer of the JSON API."""

    detail: str = Field(description="What went wrong, in the reader's language.")
    code: str = Field(description="A stable name for the problem.", examples=["game_not_found"])
    problems: list[Problem] = Field(
        default_factory=list,
        description="Field by field, when the request itself was at fault (else left out).",
    )


ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    400: {"model": ApiError, "description": "The body could not be read (not UTF-8 JSON)."},
    422: {"model": ApiError, "description": "The request is malformed or cannot be used."},
}
"""The errors every API router declares, so the OpenAPI document says what 400 and 422 return."""

RATE_LIMITED_RESPONSES: dict[int | str, dict[str, Any]] = {
    429: {
        "model": ApiError,
        "description": "Too many requests of this kind (code rate_limited); nothing was changed.",
        "headers": {
            "Retry-After": {
                "description": "Seconds to wait before trying again.",
                "schema": {"type": "integer"},
            }
        },
    }
}
"""What the routers whose operations have a budget (``rate_limits``) declare beside them."""


class ApiProblem(Exception):
    """Raised by an API route (or a dependency) to answer with an :class:`ApiError` (the
    handler below); ``extra`` goes beside it, as the current ``view`` of a stale move."""

    def __init__(
        self,
        status_code: int,
        detail: str,
        code: str,
        problems: Sequence[Problem] = (),
        extra: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(detail)
        self.status_code = status_code
        self.body = ApiError(detail=detail, code=code, problems=list(problems))
        self.extra = extra or {}


def problem_content(problem: ApiProblem) -> dict[str, Any]:
    """The answer's JSON body: the error (``problems`` only when there are some) and what
    goes beside it (a stale move's current ``view``)."""
    return _content(problem.body, problem.extra)


def _content(body: ApiError, extra: dict[str, Any]) -> dict[str, Any]:
    return {**body.model_dump(exclude_defaults=True), **extra}


def is_api(request: Request) -> bool:
    """Whether the request is for the JSON API (which never answers with a page)."""
    path = request.url.path
    return path == "/api" or path.startswith("/api/")


def _json(
    body: ApiError, status_code: int, headers: dict[str, str] | None = None, **extra: Any
) -> JSONResponse:
    """``body`` as sent: ``problems`` only when there are some."""
    return JSONResponse(_content(body, extra), status_code=status_code, headers=headers)


def api_problem(
    request: HTTPConnection, status_code: int, error: CribkitError, **extra: Any
) -> ApiProblem:
    """An engine or table error in the reader's language, with its stable code, to raise
    (``request`` may be a socket: a move sent over it is answered the same way)."""
    detail = error_message(error, translator(request))
    return ApiProblem(status_code, detail, code=error.code or "invalid", extra=extra)


def api_error(
    request: Request,
    status_code: int,
    error: CribkitError,
    **extra: Any,
) -> JSONResponse:
    """The same error as :func:`api_problem`, as the answer itself."""
    problem = api_problem(request, status_code, error, **extra)
    return _json(problem.body, status_code, **problem.extra)


# ------------------------------------------------------------------ pages

_TITLES: dict[int, str] = {
    400: N_("The request could not be read"),
    403: N_("Refused"),
    404: N_("Page not found"),
    405: N_("Not allowed here"),
    422: N_("Something in the request is not right"),
    429: N_("Too many requests"),
    500: N_("The server made a mistake"),
}
_MESSAGES: dict[int, str] = {
    400: N_("The request could not be read: its body is not UTF-8 JSON or form data."),
    404: N_("There is nothing at this address. It may have been mistyped, or the game is gone."),
    405: N_("This address does not accept that kind of request."),
    422: N_("The request has a value the server cannot use."),
    500: N_("Something failed on the server; nothing was changed. Try again in a moment."),
}
_OTHER_TITLE = N_("Something went wrong")
_OTHER_MESSAGE = N_("The server could not answer this request (%(status)d %(reason)s).")


def _reason(status_code: int) -> str:
    try:
        return HTTPStatus(status_code).phrase
    except ValueError:
        return "Error"


def _default_message(request: Request, status_code: int) -> str:
    tr = translator(request)
    if status_code in _MESSAGES:
        return tr.gettext(_MESSAGES[status_code])
    return tr.gettext(_OTHER_MESSAGE) % {"status": status_code, "reason": _reason(status_code)}


def _code(status_code: int) -> str:
    return {404: "not_found", 405: "method_not_allowed"}.get(status_code, f"http_{status_code}")


def error_page(
    request: Request,
    status_code: int,
    message: str | None = None,
    *,
    headers: dict[str, str] | None = None,
) -> HTMLResponse:
    """The error page in the reader's language: what happened and the way back."""
    tr = translator(request)
    title = tr.gettext(_TITLES.get(status_code, _OTHER_TITLE))
    response = render(
        request,
        "error.html",
        {
            "status": status_code,
            "title": title,
            "message": message or _default_message(request, status_code),
        },
        status_code=status_code,
    )
    response.headers.update(headers or {})
    return response


def refusal(
    request: Request,
    status_code: int,
    message: str,
    *,
    code: str,
    params: dict[str, Any] | None = None,
    headers: dict[str, str] | None = None,
) -> Response:
    """A refusal made before any route runs (a middleware): ``message`` (a catalogue
    message, filled from ``params``) in the reader's language, as the page or as the
    ``ApiError`` under ``/api``; ``headers`` (a ``Retry-After``) go on either."""
    detail = translator(request).gettext(message)
    if params:
        detail = detail % params
    if not is_api(request):
        return error_page(request, status_code, detail, headers=headers)
    return _json(ApiError(detail=detail, code=code), status_code, headers)


# ------------------------------------------------------------------ malformed requests

_PROBLEMS: dict[str, str] = {
    "missing": N_("this field is required"),
    "json_invalid": N_("the body is not valid JSON"),
    "json_type": N_("the body is not valid JSON"),
    "model_attributes_type": N_("expected a JSON object (Content-Type: application/json)"),
    "dict_type": N_("expected a JSON object"),
    "model_type": N_("expected a JSON object"),
    "string_type": N_("expected text (a JSON string)"),
    "string_too_long": N_("this text is too long"),
    "int_type": N_("expected a whole number"),
    "int_parsing": N_("expected a whole number"),
    "int_from_float": N_("expected a whole number"),
    "finite_number": N_("expected a whole number"),
    "bool_type": N_("expected true or false"),
    "bool_parsing": N_("expected true or false"),
    "list_type": N_("expected a list"),
    "extra_forbidden": N_("this field is not known here"),
    "greater_than_equal": N_("the number must be at least %(limit)s"),
    "less_than_equal": N_("the number must be at most %(limit)s"),
    "string_pattern_mismatch": N_("this text is not in the expected form"),
}
_UNKNOWN_PROBLEM = N_("this value cannot be used here")
_INVALID_REQUEST = N_("The request is not valid: %(problems)s")
_LIMITS = ("ge", "le", "gt", "lt")


def _problem(error: dict[str, Any], request: HTTPConnection) -> Problem:
    """One pydantic error as a :class:`Problem`, without echoing the input back."""
    kind = str(error.get("type", "value_error"))
    template = translator(request).gettext(_PROBLEMS.get(kind, _UNKNOWN_PROBLEM))
    context = error.get("ctx") or {}
    limit = next((context[key] for key in _LIMITS if key in context), "")
    loc = [part if isinstance(part, int) else str(part) for part in error.get("loc", ())]
    return Problem(
        loc=loc, msg=template % {"limit": limit} if "%(" in template else template, type=kind
    )


def _field(problem: Problem) -> str:
    """The field as a reader names it: ``level``, ``hand`` (not ``body`` or a union branch)."""
    names = [str(part) for part in problem.loc[1:2]]
    return names[0] if names else str(problem.loc[0]) if problem.loc else ""


def _summary(problems: Iterable[Problem]) -> str:
    """One line per field (a union's several branches say the first one's complaint)."""
    seen: dict[str, str] = {}
    for problem in problems:
        if problem.type.startswith("json_"):
            seen.setdefault("", problem.msg)
        else:
            seen.setdefault(_field(problem), problem.msg)
    return "; ".join(f"{field}: {msg}" if field else msg for field, msg in seen.items())


# ------------------------------------------------------------------ handlers


_METHODS = ("DELETE", "GET", "HEAD", "PATCH", "POST", "PUT")


def _allowed_methods(request: Request) -> str:
    """Every method the path takes: Starlette names only the first route's (GET or POST)."""
    routes = [route for route in request.app.router.routes if not isinstance(route, Mount)]
    allowed = [
        method
        for method in _METHODS
        if any(
            route.matches({**request.scope, "method": method})[0] is Match.FULL for route in routes
        )
    ]
    return ", ".join(allowed)


async def _on_http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    headers = dict(exc.headers or {})
    if exc.status_code == 405:
        headers["Allow"] = _allowed_methods(request) or headers.get("Allow", "")
    if not is_api(request):
        return error_page(request, exc.status_code, headers=headers)
    body = ApiError(detail=_default_message(request, exc.status_code), code=_code(exc.status_code))
    return _json(body, exc.status_code, headers)


def invalid_request(request: HTTPConnection, errors: Sequence[Any]) -> ApiProblem:
    """A malformed request (pydantic's ``errors``) as a 422 ``invalid_request``, field by field."""
    problems = [_problem(error, request) for error in errors]
    detail = translator(request).gettext(_INVALID_REQUEST) % {"problems": _summary(problems)}
    return ApiProblem(422, detail, code="invalid_request", problems=problems)


async def _on_invalid_request(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, RequestValidationError)
    problem = invalid_request(request, exc.errors())
    if not is_api(request):
        return error_page(request, 422, str(problem))
    return _json(problem.body, 422)


async def _on_api_problem(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ApiProblem)
    return JSONResponse(problem_content(exc), status_code=exc.status_code)


async def _on_unexpected(request: Request, exc: Exception) -> Response:
    """A bug, said politely (Starlette re-raises it afterwards, so the server logs it)."""
    if not is_api(request):
        return error_page(request, 500)
    body = ApiError(detail=_default_message(request, 500), code="server_error")
    return _json(body, 500)


def install_error_handlers(app: FastAPI) -> None:
    """Answer every error of ``app`` in the shapes above."""
    app.add_exception_handler(HTTPException, _on_http_error)
    app.add_exception_handler(RequestValidationError, _on_invalid_request)
    app.add_exception_handler(ApiProblem, _on_api_problem)
    app.add_exception_handler(Exception, _on_unexpected)
