"""Preferences over HTTP: ``GET/PUT /api/preferences`` and the settings page (``/settings``).

The page is a plain form (it works without JavaScript) and the table's settings panel
uses the API; both write the same row. Saving a language also sets the language cookie,
so the choice shows at once; "as my browser asks" clears it.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Form, Request, Response
from fastapi.responses import HTMLResponse, RedirectResponse
from pydantic import BaseModel, ConfigDict, Field
from starlette.requests import HTTPConnection

from cribkit.errors import CribkitError
from cribkit.players import DEFAULT_LEVEL, LEVEL_ALIASES, LEVELS
from cribkit.web.site.errors import ERROR_RESPONSES, api_problem, error_page
from cribkit.web.site.errors_i18n import error_message
from cribkit.web.site.i18n import LANGUAGES, translator
from cribkit.web.site.level_words import LEVEL_FIELD, level_choices
from cribkit.web.site.players_identity import issue_player, player_id_of, remember_player
from cribkit.web.site.preferences import (
    SPEED_NAMES,
    SPEEDS,
    THEME_NAMES,
    Preferences,
    Speed,
    book_of,
)
from cribkit.web.site.routes_site import remember_language, remember_theme
from cribkit.web.site.schemas import ResponseModel
from cribkit.web.site.templating import render

__all__ = [
    "PreferencesChange",
    "PreferencesOut",
    "remembered_language",
    "remembered_theme",
    "router",
]

router = APIRouter(tags=["preferences"], responses=ERROR_RESPONSES)
LanguageCode = Literal["", "en", "zh"]
ThemeCode = Literal["auto", "light", "dark"]


class PreferencesChange(BaseModel):
    """Any of the preferences; a field left out keeps its saved value."""

    model_config = ConfigDict(strict=True, extra="forbid")

    level: str | None = Field(
        default=None,
        max_length=20,
        description=LEVEL_FIELD,
        json_schema_extra={"enum": [*LEVELS, *LEVEL_ALIASES, None]},  # what is read, and none
    )
    count_own: bool | None = Field(default=None, description="Count my own hand at the show.")
    muggins: bool | None = Field(default=None, description="With count_own: muggins.")
    speed: Speed | None = Field(default=None, description="The computer's pause.")
    auto_go: bool | None = Field(default=None, description="Say go for me when I cannot play.")
    auto_last: bool | None = Field(default=None, description="Play my last card for me.")
    sound: bool | None = Field(default=None, description="A sound when it is my turn.")
    notify: bool | None = Field(default=None, description="A notification (friend games).")
    language: LanguageCode | None = Field(default=None, description="en, zh, or '' (browser).")
    theme: ThemeCode | None = Field(default=None, description="auto (the system's), light, dark.")


class PreferencesOut(ResponseModel):
    """All of the player's preferences (the defaults until they save any)."""

    level: str = Field(description="The computer's level for the next game.")
    count_own: bool
    muggins: bool
    speed: Speed
    auto_go: bool
    auto_last: bool
    sound: bool
    notify: bool
    language: LanguageCode = Field(description="'' : as the browser asks.")
    theme: ThemeCode
    pause_ms: int = Field(ge=0, description="The computer's pause the speed means.")


def _out(chosen: Preferences) -> PreferencesOut:
    return PreferencesOut.model_validate(chosen.to_dict())


def remembered_language(request: HTTPConnection) -> str | None:
    """The language the requesting player saved (``i18n`` asks when no cookie chose)."""
    player_id = player_id_of(request)
    return None if player_id is None else book_of(request).of(player_id).language or None


def remembered_theme(request: HTTPConnection) -> str | None:
    """The colour theme the requesting player saved (``theme`` asks when no cookie chose)."""
    player_id = player_id_of(request)
    return None if player_id is None else book_of(request).of(player_id).theme


def _save(request: Request, response: Response, changes: dict[str, Any]) -> Preferences:
    """Save for the request's player (a new identity if it has none); raises if refused."""
    player_id, is_new = issue_player(request)
    chosen = book_of(request).change(player_id, changes)
    if is_new:
        remember_player(request, response, player_id)
    if changes.get("language") is not None:
        remember_language(response, chosen.language or None)
    if changes.get("theme") is not None:
        remember_theme(response, chosen.theme)
    return chosen


@router.get("/api/preferences")
def get_preferences(request: Request) -> PreferencesOut:
    """Your preferences (the defaults until you save any)."""
    return _out(book_of(request).of(player_id_of(request)))


@router.put("/api/preferences")
def put_preferences(
    request: Request, response: Response, body: PreferencesChange
) -> PreferencesOut:
    """Change some of your preferences; the answer holds all of them."""
    try:
        chosen = _save(request, response, body.model_dump(exclude_none=True))
    except CribkitError as exc:
        raise api_problem(request, 422, exc) from None
    return _out(chosen)


@router.get("/settings", response_class=HTMLResponse, include_in_schema=False)
def settings_page(request: Request) -> HTMLResponse:
    """Every preference in one place, as a plain form."""
    chosen = book_of(request).of(player_id_of(request))
    return _page(request, chosen, saved="saved" in request.query_params)


def _page(request: Request, chosen: Preferences, *, saved: bool) -> HTMLResponse:
    return render(
        request,
        "settings.html",
        {
            "chosen": chosen,
            "speeds": SPEED_NAMES,
            "levels": level_choices(),
            "language_options": LANGUAGES,
            "themes": THEME_NAMES,
            "saved": saved,
        },
    )


@router.post("/settings", include_in_schema=False)
def save_settings(
    request: Request,
    level: Annotated[str, Form(max_length=20)] = DEFAULT_LEVEL,
    speed: Annotated[str, Form(max_length=20)] = "normal",
    language: Annotated[str, Form(max_length=8)] = "",
    theme: Annotated[str, Form(max_length=8)] = "auto",
    flags: Annotated[list[str] | None, Form(alias="on")] = None,
) -> Response:
    """The settings form: every field at once (a box left unticked is off)."""
    ticked = set(flags or [])
    response = RedirectResponse("/settings?saved=1", status_code=303)
    changes: dict[str, Any] = {
        name: name in ticked
        for name in ("count_own", "muggins", "auto_go", "auto_last", "sound", "notify")
    }
    try:
        if speed not in SPEEDS:
            raise CribkitError(
                f"unknown speed {speed!r}: choose relaxed, normal or fast",
                code="unknown_speed",
                params={"speed": repr(speed)},
            )
        chosen = {"level": level, "speed": speed, "language": language, "theme": theme}
        _save(request, response, {**changes, **chosen})
    except CribkitError as exc:
        return error_page(request, 422, error_message(exc, translator(request)))
    return response
