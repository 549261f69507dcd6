"""The machinery of the test tiers: the small Hypothesis profile, screenshots only when
asked, and the markers given by the fixtures a test takes (so `make check` leaves it out)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from profiles import CHECK_EXAMPLES, examples
from screenshots import SCREENSHOTS_ENV, Snap, screenshots_folder
from tier_marks import FIXTURE_MARKS, mark_by_fixtures


def profile(name: str) -> Iterator[None]:
    before = settings.get_current_profile_name()
    settings.load_profile(name)
    yield
    settings.load_profile(before)


@pytest.fixture
def full_profile() -> Iterator[None]:
    yield from profile("cribkit")


@pytest.fixture
def check_profile() -> Iterator[None]:
    yield from profile("check")


def test_a_propertys_own_count_of_examples_stands_outside_the_check_profile(
    full_profile: None,
) -> None:
    assert examples(300) == 300 and examples(10, check=2) == 10


def test_the_check_profile_caps_every_propertys_examples(check_profile: None) -> None:
    assert settings.default.max_examples == CHECK_EXAMPLES
    assert examples(300) == CHECK_EXAMPLES and examples(10, check=2) == 2 and examples(3) == 3


class Target:
    def __init__(self) -> None:
        self.taken: list[tuple[str, dict[str, Any]]] = []

    def screenshot(self, *, path: str, **options: Any) -> None:
        self.taken.append((path, options))


def test_no_screenshot_is_taken_unless_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(SCREENSHOTS_ENV, raising=False)
    target = Target()
    assert screenshots_folder() is None
    assert Snap(screenshots_folder())(target, "table.png", full_page=True) is None
    assert target.taken == []


def test_asked_screenshots_go_to_the_named_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(SCREENSHOTS_ENV, str(tmp_path / "shots"))
    target = Target()
    path = Snap(screenshots_folder())(target, "table.png", full_page=True)
    assert path == tmp_path / "shots" / "table.png" and path.parent.is_dir()
    assert target.taken == [(str(path), {"full_page": True})]


class Item:
    def __init__(self, *fixtures: str, marked: str = "") -> None:
        self.fixturenames = fixtures
        self.markers = {marked} - {""}

    def get_closest_marker(self, name: str) -> object | None:
        return name if name in self.markers else None

    def add_marker(self, name: str) -> None:
        self.markers.add(name)


def test_a_test_is_marked_by_the_fixtures_it_takes() -> None:
    items = [Item("tmp_path"), Item("tmp_path", "own_server"), Item("browser", marked="browser")]
    items += [Item(fixture) for fixture in FIXTURE_MARKS]
    mark_by_fixtures(items)
    assert [item.markers for item in items[:3]] == [set(), {"server"}, {"browser"}]
    assert [item.markers for item in items[3:]] == [{m} for m in FIXTURE_MARKS.values()]
