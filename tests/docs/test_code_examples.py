"""Every code example of the README and the docs runs: ``python`` blocks (``>>>`` blocks as
doctests) and ``console`` sessions of ``cribkit`` commands, whose output must be what the
page shows. The README's session runs the installed ``cribkit`` script, as a reader would."""

from __future__ import annotations

import doctest
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from markdown_support import (
    PAGES,
    README,
    Block,
    Command,
    assert_shown,
    commands,
    fenced_blocks,
    page_id,
)
from typer.testing import CliRunner

from cribkit.cli import app

PYTHON_PAGES = [page for page in PAGES if fenced_blocks(page, "python")]
CONSOLE_PAGES = [page for page in PAGES if fenced_blocks(page, "console")]
WIDTH = "80"
"""The terminal width the pages' tables and wrapped prose were printed at."""


def _run_python(block: Block, namespace: dict[str, Any]) -> None:
    """Run one block in the page's namespace: as a doctest if it is a ``>>>`` session."""
    if block.text.lstrip().startswith(">>>"):
        test = doctest.DocTestParser().get_doctest(
            block.text, namespace, block.where, str(block.path), block.line - 1
        )
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        runner.run(test, clear_globs=False)
        namespace.update(test.globs)  # the doctest ran on a copy: keep its names
        assert runner.failures == 0, f"{block.where}: {runner.failures} doctest failure(s)"
    else:
        exec(compile(block.text, block.where, "exec"), namespace)


@pytest.mark.parametrize("page", PYTHON_PAGES, ids=page_id)
def test_every_python_block_runs(
    page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A page's blocks run in order in one namespace, as a reader would type them."""
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, Any] = {"__name__": "__docs__"}
    for block in fenced_blocks(page, "python"):
        _run_python(block, namespace)


def _in_process(command: Command) -> tuple[str, int]:
    result = CliRunner().invoke(app, list(command.args))
    return result.stderr + result.stdout, result.exit_code


def _installed(command: Command) -> tuple[str, int]:
    """Run the ``cribkit`` script installed beside this interpreter."""
    script = Path(sys.executable).with_name("cribkit")
    assert script.exists(), f"{script} is missing: run make install"
    env = {**os.environ, "COLUMNS": WIDTH, "PYTHONIOENCODING": "utf-8"}
    done = subprocess.run(
        [str(script), *command.args], capture_output=True, text=True, env=env, timeout=120
    )
    return done.stderr + done.stdout, done.returncode


def _check_session(block: Block, run: Any) -> None:
    for command in commands(block):
        printed, status = run(command)
        if command.echo_exit:
            printed += f"\nexit {status}"
        else:
            assert status == 0, f"{block.where}: cribkit {' '.join(command.args)}\n{printed}"
        assert_shown(command.shown, printed)


@pytest.mark.parametrize("page", [p for p in CONSOLE_PAGES if p != README], ids=page_id)
def test_every_console_session_prints_what_the_page_shows(
    page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each session runs in a fresh folder, its commands in order (a record made by one is
    there for the next)."""
    monkeypatch.setenv("COLUMNS", WIDTH)
    for number, block in enumerate(fenced_blocks(page, "console")):
        folder = tmp_path / str(number)
        folder.mkdir()
        monkeypatch.chdir(folder)
        _check_session(block, _in_process)


def test_the_readme_session_runs_on_the_installed_script(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (block,) = fenced_blocks(README, "console")
    _check_session(block, _installed)


def test_the_readme_has_its_two_examples() -> None:
    """One Python example and one command-line session, short enough to read at a glance."""
    (python,) = fenced_blocks(README, "python")
    (console,) = fenced_blocks(README, "console")
    assert 5 <= len(python.lines) <= 14
    assert 3 <= len(console.lines) <= 6
    assert len(commands(console)) >= 2
