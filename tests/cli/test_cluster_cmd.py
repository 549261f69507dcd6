"""`cribkit match` and `cribkit ladder` with --cluster: the same summaries as in plain
processes, on a Dask LocalCluster of two worker processes; clear refusals otherwise."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_support import Matches, assert_bad_input, assert_json_error, invoke, json_out

import cribkit.cluster as cluster_module

MATCH = ["match", "greedy", "random", "--games", "8", "--seed", "5", "--json"]
LADDER = ["ladder", "--games", "4", "--seed", "3", "--players", "random,greedy,beginner"]
TIMING = ("seconds", "games_per_second")


def _figures(data: object) -> dict[str, object]:
    """A summary's fields but its timing, which no two runs share."""
    assert isinstance(data, dict)
    return {key: value for key, value in data.items() if key not in TIMING}


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """The address of a LocalCluster of two worker processes, closed after the module."""
    distributed = pytest.importorskip("distributed", reason="needs the cluster extra")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as local:
        yield str(local.scheduler_address)


@pytest.mark.heavy
def test_a_local_cluster_gives_the_plain_summary_field_by_field() -> None:
    plain = json_out(invoke([*MATCH, "--jobs", "2"]))
    clustered = invoke([*MATCH, "--jobs", "2", "--cluster", "local"])
    assert "Dask cluster tcp://127.0.0.1:" in clustered.stderr
    assert "2 workers" in clustered.stderr
    assert _figures(json_out(clustered)) == _figures(plain)


@pytest.mark.heavy
def test_a_scheduler_address_gives_the_plain_summary(scheduler: str) -> None:
    plain = json_out(invoke([*MATCH, "--jobs", "1"]))
    clustered = json_out(invoke([*MATCH, "--cluster", scheduler]))
    assert _figures(clustered) == _figures(plain)
    assert set(_figures(plain)) >= {"a_wins", "margin_ci", "points_per_hand", "seed"}


@pytest.mark.heavy
def test_a_ladder_on_the_cluster_resumes_and_rates_as_in_plain_processes(
    scheduler: str, tmp_path: Path, matches: Matches
) -> None:
    plain_out, cluster_out = tmp_path / "plain.json", tmp_path / "cluster.json"
    plain = json_out(invoke([*LADDER, "-j", "1", "--json", "--out", str(plain_out)]))
    clustered = json_out(
        invoke([*LADDER, "--cluster", scheduler, "--json", "--out", str(cluster_out)])
    )
    assert clustered == plain
    assert json.loads(cluster_out.read_text()) == json.loads(plain_out.read_text())
    saved = json.loads(cluster_out.read_text())
    del saved["matches"]["beginner|greedy"]  # as if stopped before the last match
    cluster_out.write_text(json.dumps(saved))
    matches.clear()
    again = json_out(invoke([*LADDER, "--cluster", scheduler, "--json", "--out", str(cluster_out)]))
    unsaved = [
        pair
        for pair, keywords in zip(matches.pairs, matches.keywords, strict=True)
        if not keywords["done"]
    ]
    assert unsaved == [("beginner", "greedy")]  # the others start from their saved games
    # on the cluster, not in plain processes
    assert all(keywords["executor"] is not None for keywords in matches.keywords)
    assert again == plain
    assert json.loads(cluster_out.read_text()) == json.loads(plain_out.read_text())


@pytest.mark.heavy
def test_workers_with_another_engine_are_refused(
    scheduler: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    request: pytest.FixtureRequest,
) -> None:
    # This side's version changes; the workers still report the installed one.
    monkeypatch.setattr(cluster_module, "package_version", lambda: "9.9.9")
    cluster_module.installed_engine.cache_clear()
    request.addfinalizer(cluster_module.installed_engine.cache_clear)
    out = tmp_path / "ladder.json"
    result = invoke([*LADDER, "--cluster", scheduler, "--out", str(out)])
    assert_bad_input(result, "2 worker(s)", "run another cribkit", "9.9.9+")
    assert not out.exists()


def test_an_unreachable_scheduler_is_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("distributed", reason="needs the cluster extra")
    monkeypatch.setattr(cluster_module, "CONNECT_TIMEOUT", 0.5)
    out = tmp_path / "ladder.json"
    result = invoke([*LADDER, "--cluster", "tcp://127.0.0.1:9", "--out", str(out)])
    assert_bad_input(result, "cannot reach a Dask scheduler at tcp://127.0.0.1:9", "refused")
    assert not out.exists()
    assert_json_error(
        invoke([*MATCH, "--cluster", "no-port-here"]), "cluster_unreachable", "no-port-here"
    )


def test_a_scheduler_without_workers_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    distributed = pytest.importorskip("distributed", reason="needs the cluster extra")
    monkeypatch.setattr(cluster_module, "CONNECT_TIMEOUT", 0.5)
    with distributed.LocalCluster(n_workers=0, processes=False, dashboard_address=None) as empty:
        address = str(empty.scheduler_address)
        assert_json_error(
            invoke([*MATCH, "--cluster", address]),
            "cluster_no_workers",
            f"the Dask scheduler at {address} has no worker after 0.5 s",
        )


def test_jobs_are_refused_with_a_remote_cluster() -> None:
    pytest.importorskip("distributed", reason="needs the cluster extra")
    assert_json_error(
        invoke([*MATCH, "--jobs", "4", "--cluster", "tcp://127.0.0.1:9"]),
        "jobs_with_cluster",
        "dask worker ADDRESS --nworkers N",
    )


def test_without_the_extra_nothing_is_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed: ImportError
    out = tmp_path / "ladder.json"
    result = invoke([*LADDER, "--cluster", "local", "--out", str(out)])
    assert_bad_input(result, "pip install 'cribkit[cluster]'")
    assert not out.exists()
