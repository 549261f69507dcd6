"""Chinese as a native reader expects it, over every page and every message in zh-CN.

The lint (``tests/zh_lint.py``) fails on ASCII punctuation inside a Chinese line and on
English words other than the table-talk calls (kept beside a Chinese phrase, never
alone), card notation, numbers and names. It reads the whole zh_CN catalogue, the engine's
errors as ``errors_i18n`` translates them, and the tool pages and the table's pages as
they are served in Chinese. The replay of a whole game is in ``tests/web_table``.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from babel.messages.pofile import read_po
from html_support import parse_html

from cribkit.errors import CribkitError
from cribkit.state import Phase
from cribkit.web.site.errors_i18n import ERROR_MESSAGES, PHASE_NAMES, error_message
from cribkit.web.site.i18n import DOMAIN, LOCALE_DIR, Catalogues, language_by_code
from zh_lint import html_lines, problems

ZH = {"Accept-Language": "zh-CN"}
PAGES = [
    "/",
    "/stats",
    "/rules",
    "/reference",
    "/calculator",
    "/calculator?hand=5H+5D+5C+JS&starter=5S&play=QS+9D+8C+go+7H",
    "/calculator?hand=2C+4D+6H+8S&starter=KH&crib=1&play=6D+4C+5H+3S",
    "/calculator?hand=5x",
    "/calculator?hand=5H+5D+5C+JS&starter=JS",
    "/calculator?hand=5H+5D&play=QS+9D+8C+7H",
    "/advisor",
    "/advisor?cards=3C+TC+KC+2C+5C+2S&dealer=1",
    "/advisor?cards=7C+JS+4D+7S+QH+AD&dealer=0",
    "/advisor?cards=5H+5D+5C+JS+4D+KC&dealer=0",
    "/advisor?cards=5H+5D",
    "/no-such-page",  # the error page
    "/games/no-such-game/replay",
]
SAMPLE_PARAMS: dict[str, str | int] = {
    "phase": Phase.PLAY.value,
    "player": 1,
    "cards": "QH",
    "hand": "5H 6D 7C 8S",
    "card": "5H",
    "total": 34,
    "room": 7,
    "count": 27,
    "type": "42",
    "level": "9",
    "position": 17,
    "low": 4,
    "high": 36,
    "packet": 4,
    "language": "9",
    "speed": "9",
    "theme": "9",
}
PARAMS_BY_CODE: dict[str, dict[str, str | int]] = {
    "show_wait": {"seconds": 42},
    "discard_count": {"cards": 3},
    "bad_seed": {"max": 2**53 - 1},
    "chat_too_long": {"max": 200},
}
"""Where a code's parameter differs from the sample (``cards`` is a number of cards)."""


def _zh() -> Any:
    language = language_by_code("zh")
    assert language is not None
    return Catalogues().get(language)


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("十五得 2（fifteen two）", []),
        ("报分：十五得 2、十五得 4……（fifteen two, fifteen four …）", []),
        ("打出 5♥ 和 10♠，累计 15。", []),
        ("“nothing” = 0", ["English alone: 'nothing'"]),
        ("报分： nothing", []),
        ("给出的 double skunk", []),
        ("Go", ["English alone: 'Go'"]),
        ("手牌 = 4 (手牌)", ["ASCII '(' in a Chinese line", "ASCII ')' in a Chinese line"]),
        ("发到的牌: 5♥", ["ASCII ':' in a Chinese line"]),
        ("记分板: 你 0, 电脑 0", ["ASCII ':' in a Chinese line", "ASCII ',' in a Chinese line"]),
        ("这一手得分.", ["ASCII full stop after Chinese"]),
        ("主流 app 也是这样算的", ["English word 'app'"]),
        ("结束于 2026-12-01 05:30", []),
        ("也可以用 <code>cribkit play --save FILE</code> 保存。", []),
        (
            "也可以用 cribkit play --save FILE 保存。",
            ["English word 'save'", "English word 'FILE'"],
        ),
    ],
)
def test_the_lint_catches_what_the_issue_lists(line: str, expected: list[str]) -> None:
    assert problems(line) == expected


def test_every_catalogue_entry_reads_as_chinese() -> None:
    with (LOCALE_DIR / "zh_CN" / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as handle:
        catalog = read_po(handle, locale="zh_CN")
    found = {}
    for message in catalog:
        if not message.id:
            continue
        strings = [message.string] if isinstance(message.string, str) else message.string
        for string in strings:
            if problems(string):
                found[string] = problems(string)
    assert len(catalog) > 300
    assert found == {}


@pytest.mark.parametrize("code", sorted(ERROR_MESSAGES))
def test_engine_errors_read_as_chinese(code: str) -> None:
    base, _, action = code.partition("/")
    params = {**SAMPLE_PARAMS, **PARAMS_BY_CODE.get(base, {})}
    if action:
        params["action"] = action
    error = CribkitError("an English message", code=base, params=params)
    said = error_message(error, _zh())
    assert said != "an English message"  # it was translated
    assert re.search(r"[\u4e00-\u9fff]", said)
    assert problems(said) == []


def test_phase_names_read_as_chinese() -> None:
    zh = _zh()
    for name in PHASE_NAMES.values():
        assert problems(zh.gettext(name)) == [] and zh.gettext(name) != name


@pytest.mark.parametrize("path", PAGES)
def test_every_page_reads_as_chinese(client: Any, path: str) -> None:
    response = client.get(path, headers=ZH)
    assert 'lang="zh-Hans"' in response.text
    page = parse_html(response.text)
    lines = list(html_lines(page))
    assert any(re.search(r"[\u4e00-\u9fff]", line) for line in lines)
    wrong = {line: problems(line) for line in lines if problems(line)}
    assert wrong == {}


def test_the_tables_script_strings_read_as_chinese(client: Any) -> None:
    page = parse_html(client.get("/", headers=ZH).text)
    strings = json.loads(page.by_id("table-strings").text())
    flat = [v for v in strings.values() if isinstance(v, str)]
    flat += list(strings["kinds"].values())
    assert len(flat) > 40
    wrong = {text: problems(text) for text in flat if problems(text)}
    assert wrong == {}


def _finished_game(client: Any) -> str:
    """A whole game against the computer, always taking the first legal move: its id."""
    response = client.post("/api/games", json={"level": "easy", "seed": 7}, headers=ZH)
    assert response.status_code == 201, response.text
    game_id: str = response.json()["id"]
    view = response.json()["view"]
    while view["phase"] != "game_over":
        body = {"action": view["legal_actions"][0], "version": view["version"]}
        response = client.post(f"/api/games/{game_id}/actions", json=body, headers=ZH)
        assert response.status_code == 200, response.text
        view = response.json()
    return game_id


REPLAY_STRIDE = 3
"""Every third step of the replay and its last (each kind of moment comes many times in a
game; every step until session 23, 30 s of CI)."""


@pytest.mark.heavy
def test_stats_and_the_replay_steps_read_as_chinese(client: Any) -> None:
    game_id = _finished_game(client)
    stats = client.get("/stats", headers=ZH).text
    assert f"/games/{game_id}/replay" in stats
    pages = {"/stats": stats}
    step, last = 0, False
    while not last:
        path = f"/games/{game_id}/replay?step={step}"
        pages[path] = client.get(path, headers=ZH).text
        last = 'rel="next"' not in pages[path]  # a step past the end shows the last
        step += REPLAY_STRIDE
    assert step > 50
    wrong = {
        (path, line): problems(line)
        for path, html in pages.items()
        for line in html_lines(parse_html(html))
        if problems(line)
    }
    assert wrong == {}
