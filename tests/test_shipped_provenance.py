"""Every shipped table says how it was built, the readers never see that record, and the
Makefile's rebuild chain runs the commands the tables record, in the order they read
each other."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from cribkit.analysis import shipped
from cribkit.analysis.shipped import PROVENANCE, shipped_arrays, shipped_provenance
from cribkit.errors import CribkitError
from script_support import load_script

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "src" / "cribkit" / "data"
TABLES = sorted(path.stem for path in DATA.glob("*.npz"))
COMMIT = re.compile(r"[0-9a-f]{40}")
CHAIN = ["pegging", "keeps", "leads", "realized", "winprob"]
"""Each build reads the tables built before it (``build_<name>.py``); the win table is the
December-2026 expert's self-play, which reads none of the opening tables."""


def test_there_are_tables_to_check() -> None:
    assert {
        "pegging",
        "keeps",
        "leads",
        "pegging-realized",
        "winprob",
        "answers",
        "answers-unread",
        "leads-answered",
    } <= set(TABLES)


@pytest.mark.parametrize("name", TABLES)
def test_each_table_records_its_command_and_commit(name: str) -> None:
    record = shipped_provenance(name, "the build")
    command = str(record["command"]).split()
    assert command[0] == "python"
    assert re.fullmatch(r"scripts/build_\w+\.py", command[1])
    assert (ROOT / command[1]).is_file()
    assert COMMIT.fullmatch(str(record["commit"]))
    assert record["dirty"] in (True, False, None)


@pytest.mark.parametrize("name", TABLES)
def test_readers_never_see_the_provenance(name: str) -> None:
    arrays = shipped_arrays(name, "the build")
    assert PROVENANCE not in arrays
    with np.load(DATA / f"{name}.npz") as data:
        assert sorted(arrays) == sorted(key for key in data.files if key != PROVENANCE)


def test_a_table_without_provenance_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shipped, "_read", lambda name, builder: {"mean": np.zeros(2)})
    with pytest.raises(CribkitError, match=r"does not say how it was built: rerun build_x\.py"):
        shipped_provenance("old", "build_x.py")


def _head() -> str:
    done = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True
    )
    if done.returncode != 0:
        pytest.skip("not a git checkout")
    return done.stdout.strip()


def test_write_table_records_the_command_line_and_commit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    table_build = load_script("table_build")
    script = ROOT / "scripts" / "build_leads.py"
    monkeypatch.setattr(sys, "argv", [str(script), "--jobs", "2", "--note", "two words"])
    output = tmp_path / "table.npz"
    table_build.write_table(output, "a test table", value=np.arange(3.0))
    with np.load(output) as data:
        assert data.files == ["value", PROVENANCE]
        assert np.array_equal(data["value"], np.arange(3.0))
        entry = str(data[PROVENANCE])
    record = table_build.build_provenance([str(script), "--jobs", "2", "--note", "two words"])
    assert record["command"] == "python scripts/build_leads.py --jobs 2 --note 'two words'"
    assert record["commit"] == _head()
    assert isinstance(record["dirty"], bool)
    assert shipped.provenance_entry(record) == entry


def test_write_table_refuses_an_array_named_provenance(tmp_path: Path) -> None:
    table_build = load_script("table_build")
    output = tmp_path / "table.npz"
    with pytest.raises(ValueError, match="provenance"):
        table_build.write_table(output, "a test table", provenance=np.zeros(1))
    assert not output.exists()


def _dry_run(target: str) -> list[str]:
    """The build commands ``make -n -B target`` would run, as ``python scripts/...``."""
    if shutil.which("make") is None:
        pytest.skip("no make")
    done = subprocess.run(
        ["make", "-n", "-B", target], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return [
        "python " + line.split("/python ", 1)[1]
        for line in done.stdout.splitlines()
        if "scripts/build_" in line
    ]


def test_make_rebuilds_the_chain_in_the_order_the_tables_read_each_other() -> None:
    commands = _dry_run("src/cribkit/data/winprob.npz")
    assert [re.search(r"build_(\w+)\.py", command)[1] for command in commands] == CHAIN


@pytest.mark.parametrize("name", TABLES)
def test_make_runs_the_command_each_table_records(name: str) -> None:
    recorded = shipped_provenance(name, "the build")["command"]
    assert _dry_run(f"src/cribkit/data/{name}.npz")[-1] == recorded
