"""Games played on someone else's executor (a Dask cluster's, cribkit.cluster): the same
games as in plain processes; and the engine fingerprint that keeps a cluster honest."""

from __future__ import annotations

import dataclasses
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from cribkit.cluster import engine_fingerprint, installed_engine
from cribkit.errors import CribkitError
from cribkit.tournament import MatchResult, PairTask, pair_seed, play_pair, play_tasks, run_match


def _summary(result: MatchResult) -> dict[str, object]:
    """A match's JSON figures but its timing."""
    figures = result.to_dict()
    del figures["seconds"], figures["games_per_second"]
    return figures


def test_an_executor_plays_the_same_games_as_the_plain_processes() -> None:
    plain = run_match("greedy", "random", games=8, seed=4, jobs=1)
    with ThreadPoolExecutor(3) as executor:
        pooled = run_match("greedy", "random", games=8, seed=4, jobs=3, executor=executor)
    assert pooled.results == plain.results
    assert _summary(pooled) == _summary(plain)


def test_an_executors_progress_counts_every_game_once() -> None:
    seen: list[tuple[int, int]] = []
    with ThreadPoolExecutor(2) as executor:
        run_match(
            "random",
            "random",
            games=8,
            seed=2,
            jobs=2,
            executor=executor,
            progress=lambda done, total: seen.append((done, total)),
        )
    assert seen[-1] == (8, 8)
    assert [done for done, _ in seen] == sorted({done for done, _ in seen})


def test_setup_is_refused_with_an_executor() -> None:
    tasks = [PairTask("random", "random", ((0, pair_seed(1, 0)),))]
    with ThreadPoolExecutor(1) as executor, pytest.raises(ValueError, match="setup"):
        next(play_tasks(tasks, 1, setup=lambda: None, executor=executor))


def test_a_worker_with_another_engine_refuses_the_games() -> None:
    here = installed_engine()
    task = PairTask("random", "random", ((0, pair_seed(1, 0)),), engine=here)
    assert len(play_pair(task)) == 2
    other = dataclasses.replace(task, engine="0.0.1+000000000000")
    with pytest.raises(CribkitError, match=r"runs another cribkit \(.+\) than the one that sent"):
        play_pair(other)


def test_an_executors_tasks_carry_the_engine() -> None:
    sent: list[PairTask] = []

    class Recording(ThreadPoolExecutor):
        def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def]
            sent.extend(args)
            return super().submit(fn, *args, **kwargs)

    with Recording(1) as executor:
        run_match("random", "random", games=4, seed=1, jobs=1, executor=executor)
    assert sent and {task.engine for task in sent} == {installed_engine()}


def _package(root: Path) -> Path:
    for name, text in (
        ("game.py", "engine = 1\n"),
        ("data/table.json", "[1]\n"),
        ("web/page.py", "page = 1\n"),
        ("cli/command.py", "command = 1\n"),
        ("__pycache__/game.cpython-311.pyc", "compiled"),
        ("data/level_ratings.json", "{}\n"),
    ):
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_the_fingerprint_follows_the_engine_files_only(tmp_path: Path) -> None:
    root = _package(tmp_path / "cribkit")
    before = engine_fingerprint(root)
    assert before == engine_fingerprint(root)
    untouched_files = (
        "web/page.py",
        "cli/command.py",
        "__pycache__/game.cpython-311.pyc",
        "data/level_ratings.json",  # a ladder writes it: its own interim file stays valid
    )
    for untouched in untouched_files:
        (root / untouched).write_text("changed\n", encoding="utf-8")
        assert engine_fingerprint(root) == before, untouched
    (root / "data/table.json").write_text("[2]\n", encoding="utf-8")
    changed = engine_fingerprint(root)
    assert changed != before
    (root / "data/table.json").rename(root / "data/other.json")  # same bytes, another name
    assert engine_fingerprint(root) not in (before, changed)


def test_the_installed_fingerprint_starts_with_the_version() -> None:
    from cribkit.version import package_version

    version, digest = engine_fingerprint().rsplit("+", 1)
    assert version == package_version()
    assert len(digest) == 12 and set(digest) <= set("0123456789abcdef")
