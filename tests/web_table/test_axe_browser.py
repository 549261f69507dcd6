"""axe-core finds no WCAG 2.1 A/AA violation on any page, in the states that matter, in
English and Chinese, light and dark: the home page, the table at the cut, the discard, the
play, the show, counting your own hand, the end (a win and a skunk), a friend table
(waiting, playing, watched), review, replay, each practice drill asked and answered,
stats with games, calculator, advisor, rules, score sheet, invite/join, settings, the
offline page and the error pages; and the pages a player without JavaScript meets (the
plain table in each state, the friend table waiting, playing and watched, the forms).

The games are reached through the JSON API with seeded games (one server for the module);
each page is then loaded in a context of the language and colour scheme under test.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest
from axe_support import axe_script, axe_violations, describe_violations  # noqa: F401
from servers import ServerProcess

pytestmark = [pytest.mark.browser]

WIN_SEED, SKUNK_SEED = 1, 8
"""Seeds whose game, the person always making the first legal move against the random
computer, ends in a win for the person and in a skunk of the person."""

Action = Callable[[Any], None]


@dataclass(frozen=True)
class Scene:
    """A page in one state: where to go, what shows it is ready, whose cookies, what to do."""

    name: str
    path: str
    ready: str = "main"
    who: str = "host"
    then: Action | None = None
    script: bool = True


@dataclass
class Seeded:
    """The module's server with its games, and each person's cookies."""

    server: ServerProcess
    states: dict[str, Path] = field(default_factory=dict)
    scenes: list[Scene] = field(default_factory=list)


def _post(page: Any, url: str, body: dict[str, Any], status: int = 200) -> dict[str, Any]:
    answer = page.request.post(url, data=body)
    assert answer.status == status, answer.text()
    data: dict[str, Any] = answer.json()
    return data


def _play(
    page: Any, base: str, game: dict[str, Any], until: Callable[[dict[str, Any]], bool]
) -> dict[str, Any]:
    """First legal move after first legal move until ``until(view)`` or the end."""
    view: dict[str, Any] = game["view"]
    for _ in range(1000):
        if view["phase"] == "game_over" or until(view):
            return view
        body = {"action": view["legal_actions"][0], "version": view["version"]}
        view = _post(page, f"{base}/api/games/{game['id']}/actions", body)
    raise AssertionError("no end in 1,000 moves")


def _game(
    page: Any, base: str, seed: int, until: Callable[[dict[str, Any]], bool], **extra: Any
) -> str:
    game = _post(page, f"{base}/api/games", {"level": "random", "seed": seed, **extra}, 201)
    _play(page, base, game, until)
    game_id: str = game["id"]
    return game_id


def _phase(name: str) -> Callable[[dict[str, Any]], bool]:
    return lambda view: view["phase"] == name and bool(view["legal_actions"])


def _claiming(view: dict[str, Any]) -> bool:
    return any(action["type"] == "claim" for action in view["legal_actions"])


def _answer_count(page: Any) -> None:
    page.fill("#answer", "7")
    page.click(".drill-form button[type=submit]")


def _answer_discard(page: Any) -> None:
    boxes = page.locator(".pick input[type=checkbox]")
    boxes.nth(0).check()
    boxes.nth(1).check()
    page.click(".drill-form button[type=submit]")


def _answer_pegging(page: Any) -> None:
    page.locator(".pick input[type=radio]:not([disabled])").first.check()
    page.click(".drill-form button[type=submit]")


def _open_hint(page: Any) -> None:
    page.keyboard.press("1")
    page.keyboard.press("h")
    page.wait_for_selector("#hint-box:not([hidden])")


def _table(name: str, game_id: str, **extra: Any) -> Scene:
    return Scene(name, f"/games/{game_id}", "#table[data-version]", **extra)


def _scriptless(scene: Scene) -> Scene:
    """The same page with JavaScript off: the plain table, forms and links only."""
    ready = scene.ready
    if scene.ready == "#table[data-version]":  # the version is the script's; a rail has no forms
        ready = "main" if scene.who == "rail" else "#plain-table"
    return replace(scene, name=f"{scene.name}-nojs", ready=ready, script=False)


def _seed_everything(browser: Any, server: ServerProcess, folder: Path) -> Seeded:
    base = server.url
    seeded = Seeded(server)
    contexts = {who: browser.new_context() for who in ("host", "friend", "rail")}
    host = contexts["host"].new_page()
    cut = _game(host, base, 3, lambda view: True)
    discard = _game(host, base, 4, _phase("discard"))
    play = _game(host, base, 5, _phase("play"))
    show = _game(host, base, 6, _phase("show"))
    counting = _game(host, base, 7, _claiming, count_own=True)
    won = _game(host, base, WIN_SEED, lambda view: False)
    skunked = _game(host, base, SKUNK_SEED, lambda view: False)
    waiting = _post(host, f"{base}/api/tables", {"name": "Ann", "seed": 9}, 201)
    playing = _post(host, f"{base}/api/tables", {"name": "Ann", "seed": 10}, 201)
    friend = contexts["friend"].new_page()
    _post(friend, f"{base}/api/tables/{playing['code']}/join", {"name": "Bo"})
    rail = contexts["rail"].new_page()
    rail.goto(f"{base}/t/{playing['code']}")  # the rail gets its own player cookie
    seeded.scenes = [
        Scene("home", "/?new=1", "#newgame"),
        Scene("home-no-games", "/stats", who="rail"),
        _table("cut", cut),
        _table("discard", discard),
        _table("discard-hint", discard, then=_open_hint),
        _table("play", play),
        _table("show", show),
        _table("count-own", counting),
        _table("end-win", won),
        _table("end-skunk", skunked),
        _table("friend-waiting", waiting["game_id"]),
        _table("friend-playing", playing["game_id"]),
        Scene("friend-spectator", f"/t/{playing['code']}", "#table[data-version]", who="rail"),
        Scene("invite-join", f"/t/{waiting['code']}", "#join", who="friend"),
        Scene("join-bad-code", "/t/NOPE-NOPE-NO", "#join"),
        Scene("review-win", f"/games/{won}/review"),
        Scene("review-skunk", f"/games/{skunked}/review"),
        Scene("replay", f"/games/{won}/replay?step=40"),
        Scene("replay-upload", "/replay"),
        Scene("stats", "/stats"),
        Scene("calculator", "/calculator"),
        Scene("calculator-result", "/calculator?hand=5H+5C+5S+JD&starter=5D"),
        Scene("calculator-error", "/calculator?hand=5H+5C+ZZ&starter=5D"),
        Scene("advisor", "/advisor"),
        Scene("advisor-result", "/advisor?cards=5H+5C+6S+JD+QS+KH&dealer=1"),
        Scene("rules", "/rules"),
        Scene("reference", "/reference"),
        Scene("practice", "/practice"),
        Scene("practice-count", "/practice/count?kind=hard&seed=21"),
        Scene("practice-count-answered", "/practice/count?kind=hard&seed=21", then=_answer_count),
        Scene("practice-discard", "/practice/discard?seed=11"),
        Scene("practice-discard-answered", "/practice/discard?seed=11", then=_answer_discard),
        Scene("practice-pegging", "/practice/pegging?seed=5"),
        Scene("practice-pegging-answered", "/practice/pegging?seed=5", then=_answer_pegging),
        Scene("settings", "/settings"),
        Scene("offline", "/offline"),
        Scene("not-found", "/no-such-page"),
        Scene("game-not-found", "/games/nosuchgame", "main"),
    ]
    scriptless = {"home", "cut", "discard", "play", "show", "count-own", "end-win", "end-skunk"}
    scriptless |= {"friend-waiting", "friend-playing", "friend-spectator", "invite-join"}
    scriptless |= {"offline", "settings", "practice-count", "calculator-result"}
    seeded.scenes += [_scriptless(scene) for scene in seeded.scenes if scene.name in scriptless]
    for who, context in contexts.items():
        seeded.states[who] = folder / f"{who}.json"
        context.storage_state(path=str(seeded.states[who]))
        context.close()
    return seeded


@pytest.fixture(scope="module")
def seeded(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Seeded]:
    """One server for the module, with every game and table the scenes look at."""
    folder = tmp_path_factory.mktemp("axe")
    server = ServerProcess(f"sqlite:///{folder / 'axe.sqlite3'}", folder / "serve.log").start()
    try:
        yield _seed_everything(browser, server, folder)
    finally:
        server.stop()


PARTS = 4
"""Each pairing's scenes in this many tests (every PARTS-th scene from the part's index), so
that work stealing spreads a pairing's minute and a half over the workers."""

CI_PARTS = {("en-GB", "light"): (0, 2), ("zh-CN", "dark"): (1, 3)}
"""The parts CI runs: every scene once, every other one in English and light and the rest in
Chinese and dark, so both languages and both schemes meet tables, tools and forms, with and
without the script. The slow tier runs every part of all four pairings: every scene in each
language and each scheme."""


def _pairings() -> list[Any]:
    params = []
    pairings = [("en-GB", "light"), ("zh-CN", "dark"), ("en-GB", "dark"), ("zh-CN", "light")]
    for locale, scheme in pairings:
        for part in range(PARTS):
            in_ci = part in CI_PARTS.get((locale, scheme), ())
            marks = () if in_ci else (pytest.mark.slow,)
            params.append(pytest.param(locale, scheme, part, marks=marks))
    return params


@pytest.mark.parametrize(("locale", "scheme", "part"), _pairings())
def test_no_page_has_an_axe_violation(
    browser: Any,
    seeded: Seeded,
    axe_script: Path,  # noqa: F811
    locale: str,
    scheme: str,
    part: int,
) -> None:
    found: list[str] = []
    contexts: dict[tuple[str, bool], Any] = {}
    for scene in seeded.scenes[part::PARTS]:
        key = (scene.who, scene.script)
        if key not in contexts:
            contexts[key] = browser.new_context(
                storage_state=str(seeded.states[scene.who]), locale=locale, color_scheme=scheme
            )
            contexts[key].add_init_script(path=str(axe_script))
            if not scene.script:
                # The site's scripts never load: the page a player without JavaScript gets.
                # (Not java_script_enabled=False: axe itself needs the page's timers.)
                contexts[key].route("**/*.js", lambda route: route.abort())
        page = contexts[key].new_page()
        page.goto(f"{seeded.server.url}{scene.path}")
        page.wait_for_selector(scene.ready)
        if scene.then is not None:
            scene.then(page)
            page.wait_for_load_state()
        found += describe_violations(f"{scene.name} ({locale}, {scheme})", axe_violations(page))
        page.close()
    for context in contexts.values():
        context.close()
    assert not found, f"{len(found)} nodes in violation:\n" + "\n".join(found)
