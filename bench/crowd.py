"""``python -m bench crowd``: many human-paced friend tables at once, against real servers.

N tables of two players, each player with an HTTP client (its own cookie) and a WebSocket;
whoever may move thinks 2-4 s (drawn from a seeded ``random.Random``) and posts a move; the
figure is the time from posting until the *other* player's socket delivers the new version.
K spectators watch the tables (a socket each, by invite code). The server's CPU time is
read from ``/proc/PID/stat`` (utime + stime of each ``cribkit serve`` and its workers)
before and after the timed window, so "CPU per move" is the server's machine time divided
by the moves made in it; RSS is ``VmRSS`` of each server process at the end.

Not Locust: its users are independent, so timing one user's move until it reaches *another*
user's socket needs plumbing of our own anyway, and its gevent monkey-patching does not mix
with asyncio WebSocket clients. Plain asyncio + ``httpx`` + ``websockets`` (the project's
own dependencies) drive a thousand sockets from one process.

``--url`` plays against servers already running (a cluster's proxy: ``make cluster``)
instead of starting its own; their CPU is then not read. The tables outlive a server
going away (``bench.live_table``): ``answers_lost`` counts the requests that failed on the
way (each move then found stored or sent again), ``socket_closes`` the sockets' close codes,
and ``lost_or_doubled`` the games whose stored version is not the number of moves made.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import sys
import tempfile
import time
import traceback
from collections.abc import Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, TypeVar

import httpx
from websockets.asyncio.client import connect

from bench import percentile
from bench.computer_table import ComputerGame
from bench.live_table import MOVES_BY, MoveRefusedError, Table, ws_url
from bench.serving import Served, app_processes, scratch_postgres, sqlite_file

__all__ = ["CrowdResult", "Options", "main", "run_crowd"]

OPENING_IN_FLIGHT = 16
"""Tables opened at once before the timed window (opening is not what is measured)."""


@dataclass(frozen=True, slots=True)
class Options:
    """What to run: the bench's command-line flags."""

    tables: int = 40
    duration: float = 30.0
    spectators: int = 0
    seed: int = 1
    database: str = "sqlite"
    channel: str = "database"
    processes: int = 1
    workers: int = 1
    think_min: float = 2.0
    think_max: float = 4.0
    url: str = ""
    """Play against servers already running there instead of starting them."""
    pids: tuple[int, ...] = ()
    """With ``url``: the servers' processes, whose CPU, RSS and open files are read."""
    sample: float = 0.0
    """Seconds between progress samples (0: none), for a soak's figures over time."""
    computer: str = ""
    """A level: N games against the computer instead of N friend tables ("" for tables)."""
    moves_by: str = "socket"
    """Friend moves over the mover's socket, as the page sends them, or ``api``."""


@dataclass
class CrowdResult:
    """The figures of one run (latencies in seconds, CPU in seconds, RSS in MB)."""

    options: Options
    moves: int = 0
    elapsed: float = 0.0
    latencies: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    error_examples: dict[str, str] = field(default_factory=dict)
    """The first error of each kind with the frames it was raised in (to find it again)."""
    server_cpu: float = 0.0
    client_cpu: float = 0.0
    rss_mb: dict[int, float] = field(default_factory=dict)
    spectator_views: int = 0
    samples: list[dict[str, object]] = field(default_factory=list)
    recovered: int = 0
    answers_lost: dict[str, int] = field(default_factory=dict)
    socket_closes: dict[int, int] = field(default_factory=dict)
    lost_or_doubled: int = 0
    api_fallbacks: int = 0
    """Moves posted to the API because the mover's socket was not open at that moment."""
    games: int = 0
    """Games begun at the tables (the first of each included): a memory figure's scale."""

    def tally(self, table: Table) -> None:
        """Add what one table saw of servers going away."""
        self.recovered += table.recovered
        self.api_fallbacks += table.api_fallbacks
        for kind, count in table.failures.items():
            self.answers_lost[kind] = self.answers_lost.get(kind, 0) + count
        for seat in table.seats:
            for code in seat.closes:
                self.socket_closes[code] = self.socket_closes.get(code, 0) + 1

    def error(self, exc: BaseException) -> None:
        name = exc.__class__.__name__
        if isinstance(exc, httpx.HTTPStatusError):
            name = f"HTTP {exc.response.status_code}"
        elif isinstance(exc, MoveRefusedError):
            name = f"socket answer {exc.status}"
        self.errors[name] = self.errors.get(name, 0) + 1
        if name not in self.error_examples:  # the first of each kind, where it was raised
            where = traceback.extract_tb(exc.__traceback__)[-3:]
            places = " < ".join(f"{Path(f.filename).name}:{f.lineno} {f.name}" for f in where[::-1])
            self.error_examples[name] = f"{exc!r} at {places}"

    def _setup(self) -> dict[str, object]:
        """The servers the run started, or only the address of those it was given."""
        if self.options.url:
            return {"url": self.options.url, "pids": list(self.options.pids)}
        return {
            "database": self.options.database,
            "channel": self.options.channel,
            "processes": self.options.processes,
            "workers": self.options.workers,
        }

    def _reads_servers(self) -> bool:
        """Whether the servers' processes are known (started here, or named by ``--pid``)."""
        return not self.options.url or bool(self.options.pids)

    def figures(self) -> dict[str, object]:
        """The figures as one JSON-ready mapping (milliseconds for times)."""
        ms = {
            f"p{int(q * 100)}_ms": round(percentile(self.latencies, q) * 1000, 1)
            for q in (0.5, 0.95, 0.99)
            if self.latencies
        }
        return {
            **({"computer": self.options.computer} if self.options.computer else {}),
            "tables": self.options.tables,
            **({} if self.options.computer else {"moves_by": self.options.moves_by}),
            "spectators": self.options.spectators,
            **self._setup(),
            "seconds": round(self.elapsed, 1),
            "moves": self.moves,
            "moves_per_s": round(self.moves / self.elapsed, 1) if self.elapsed else 0.0,
            "games": self.games,
            **ms,
            "server_cpu_s": round(self.server_cpu, 2) if self._reads_servers() else None,
            "cpu_ms_per_move": round(1000 * self.server_cpu / self.moves, 2)
            if self.moves and self._reads_servers()
            else None,
            "client_cpu_s": round(self.client_cpu, 2),
            "rss_mb": {str(pid): round(mb, 1) for pid, mb in self.rss_mb.items()},
            "spectator_views": self.spectator_views,
            "errors": sum(self.errors.values()),
            "error_kinds": dict(sorted(self.errors.items())),
            "error_examples": dict(sorted(self.error_examples.items())),
            "answers_lost": dict(sorted(self.answers_lost.items())),
            "moves_recovered": self.recovered,
            "api_fallbacks": self.api_fallbacks,
            "socket_closes": {str(code): n for code, n in sorted(self.socket_closes.items())},
            "lost_or_doubled": self.lost_or_doubled,
            "load_average": os.getloadavg()[0],
            **({"samples": self.samples} if self.samples else {}),
        }


def _family(pid: int) -> list[int]:
    """``pid`` and its living descendants (uvicorn's workers, its reloader's children)."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                parents.setdefault(int(fields[1]), []).append(int(entry.name))
    family, todo = [], [pid]
    while todo:
        current = todo.pop()
        family.append(current)
        todo.extend(parents.get(current, []))
    return family


def _cpu_seconds(pids: Sequence[int]) -> float:
    """utime + stime of these processes, from ``/proc/PID/stat``, in seconds."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # fields 14 and 15 of stat(5)
    return total / ticks


def _open_files(pid: int) -> int:
    """How many file descriptors the process has open (0 once it is gone)."""
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return 0


async def _sample(
    result: CrowdResult, family: Sequence[int], started: float, stop: float, every: float
) -> None:
    """Every ``every`` seconds until ``stop``: the window's moves and p95, each server
    process's RSS and open descriptors, the errors so far (one JSON line on stderr each)."""
    seen = 0
    while time.perf_counter() + every <= stop:
        await asyncio.sleep(every)
        window, seen = result.latencies[seen:], len(result.latencies)
        row: dict[str, object] = {
            "t_s": round(time.perf_counter() - started),
            "moves": len(window),
            "p95_ms": round(percentile(window, 0.95) * 1000, 1) if window else None,
            "rss_mb": {str(pid): round(_rss_mb(pid), 1) for pid in family},
            "fds": {str(pid): _open_files(pid) for pid in family},
            "errors": sum(result.errors.values()),
            "load_average": round(os.getloadavg()[0], 2),
        }
        result.samples.append(row)
        print(json.dumps(row), file=sys.stderr, flush=True)


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def _spectate(url: str, table: Table, result: CrowdResult, stop: float) -> None:
    """Watch one table by its code until ``stop``; counts the views that arrive."""
    code = table.code
    socket_url = f"{ws_url(url)}/ws/games/{table.game_id}?code={code}"
    try:
        async with connect(socket_url) as socket:
            while time.perf_counter() < stop:
                with contextlib.suppress(TimeoutError):
                    raw = await asyncio.wait_for(socket.recv(), stop - time.perf_counter())
                    if json.loads(raw).get("type") == "view":
                        result.spectator_views += 1
                if table.code != code:  # a new game at that table: follow it
                    return await _spectate(url, table, result, stop)
    except Exception as exc:
        result.error(exc)


class Player(Protocol):
    """A table or a game the bench plays at human pace."""

    async def next_move(self, rng: random.Random) -> Callable[[], Awaitable[float]]:
        """Choose the next move; the returned call posts it and answers its latency."""
        ...

    async def settle(self, result: CrowdResult) -> None:
        """Add what the player saw of servers going away to ``result`` (before it closes)."""
        ...

    def games_begun(self) -> int:
        """Games this player began (a new one follows each that ended)."""
        ...

    async def close(self) -> None: ...


class CrowdTable(Table):
    """A friend table that, once the window ends, adds its answers lost and recovered, its
    sockets' closes and its stored games' mismatches to the crowd's figures."""

    def games_begun(self) -> int:
        return len(self.moves)

    async def settle(self, result: CrowdResult) -> None:
        await self.close_sockets()  # their closes are the run's, not the bench's own
        result.tally(self)
        try:
            result.lost_or_doubled += len(await self.stored_mismatches())
        except Exception as exc:
            result.error(exc)


P = TypeVar("P", bound=Player)


async def _drive(
    player: Player, rng: random.Random, options: Options, result: CrowdResult, stop: float
) -> None:
    """Play at human pace until ``stop`` (on the ``perf_counter`` clock)."""
    while time.perf_counter() < stop:
        try:
            post = await player.next_move(rng)
            think = rng.uniform(options.think_min, options.think_max)
            if time.perf_counter() + think >= stop:
                return
            await asyncio.sleep(think)
            latency = await post()
        except Exception as exc:  # counted, not fatal: the figures say how many failed
            result.error(exc)
            await asyncio.sleep(options.think_min)
            continue
        result.moves += 1
        result.latencies.append(latency)


async def _open_all(
    options: Options, result: CrowdResult, open_one: Callable[[int], Awaitable[P]]
) -> list[P]:
    """``options.tables`` players opened, a few at a time (opening is not measured)."""
    gate = asyncio.Semaphore(OPENING_IN_FLIGHT)

    async def gated(index: int) -> P | None:
        try:
            async with gate:
                return await open_one(index)
        except Exception as exc:
            result.error(exc)
            return None

    opened = await asyncio.gather(*(gated(index) for index in range(options.tables)))
    return [player for player in opened if player is not None]


async def _timed(
    served: Sequence[Served],
    result: CrowdResult,
    players: Sequence[Player],
    beside: Callable[[float], list[Awaitable[None]]],
) -> None:
    """Drive ``players`` (and ``beside(stop)``) for the timed window; read the servers'
    CPU and RSS around it; settle each player (what it saw of servers going away), then
    close it."""
    options = result.options
    family = [pid for one in served if one.pid for pid in _family(one.pid)]  # --pid at --url
    # The load generator's own full collections (up to half a second with a thousand
    # sockets open) would be counted as the servers' latency: what the opening made is
    # frozen for the window, so the bench's collector walks only what the window makes.
    gc.collect()
    gc.freeze()
    cpu_before, client_before = _cpu_seconds(family), time.process_time()
    started = time.perf_counter()
    stop = started + options.duration
    rngs = [random.Random(f"{options.seed}:{index}") for index in range(len(players))]
    every = options.sample
    sampler = [_sample(result, family, started, stop, every)] if every > 0 else []
    drivers = [
        _drive(player, rng, options, result, stop)
        for player, rng in zip(players, rngs, strict=True)
    ]
    await asyncio.gather(*drivers, *beside(stop), *sampler)
    gc.unfreeze()
    result.elapsed = time.perf_counter() - started
    result.server_cpu = _cpu_seconds(family) - cpu_before
    result.client_cpu = time.process_time() - client_before
    result.rss_mb = {pid: _rss_mb(pid) for pid in family}
    for player in players:
        result.games += player.games_begun()
        await player.settle(result)
        with contextlib.suppress(Exception):
            await player.close()


async def _computer_crowd(served: Sequence[Served], options: Options) -> CrowdResult:
    """``options.tables`` people each playing the computer at ``options.computer``."""
    result = CrowdResult(options)
    urls = [one.url for one in served]

    async def open_one(index: int) -> ComputerGame:
        return await ComputerGame.open(urls[index % len(urls)], options.computer)

    games = await _open_all(options, result, open_one)
    await _timed(served, result, games, lambda _stop: [])
    result.spectator_views = sum(game.games for game in games)  # games started, in this mode
    return result


async def _crowd(served: Sequence[Served], options: Options) -> CrowdResult:
    result = CrowdResult(options)
    urls = [one.url for one in served]

    async def open_one(index: int) -> CrowdTable:
        host, friend = urls[index % len(urls)], urls[(index + 1) % len(urls)]
        return await CrowdTable.open(host, friend, moves_by=options.moves_by)

    tables = await _open_all(options, result, open_one)

    def watchers(stop: float) -> list[Awaitable[None]]:
        return [
            _spectate(urls[index % len(urls)], tables[index % len(tables)], result, stop)
            for index in range(options.spectators if tables else 0)
        ]

    await _timed(served, result, tables, watchers)
    return result


@contextlib.contextmanager
def _servers(options: Options, folder: Path) -> Iterator[list[Served]]:
    env = {
        "CRIBKIT_LIVE_PREFIX": "cribkit_crowd",
        # the whole crowd joins from one address: its 600 joins a minute would cap the run
        # at 600 tables, so the bench's own servers take any number (a player's budget holds)
        "CRIBKIT_RATE_JOIN_ADDRESS": "100000/minute",
    }
    if options.channel == "redis":
        redis_url = os.environ.get("CRIBKIT_BENCH_REDIS_URL") or os.environ.get(
            "CRIBKIT_TEST_REDIS_URL"
        )
        if not redis_url:
            raise SystemExit(
                "--channel redis: set CRIBKIT_BENCH_REDIS_URL or CRIBKIT_TEST_REDIS_URL"
            )
        env["CRIBKIT_REDIS_URL"] = redis_url
    count, workers = options.processes, options.workers
    if options.database == "sqlite":
        with app_processes(
            sqlite_file(folder, "crowd"), count, folder, env=env, workers=workers
        ) as s:
            yield s
        return
    with scratch_postgres() as database:
        if database is None:
            raise SystemExit("--database postgres: no PostgreSQL server answered")
        with app_processes(database, count, folder, env=env, workers=workers) as served:
            yield served


def run_crowd(options: Options) -> CrowdResult:
    """Start the servers the options name, run the crowd against them, stop them (or only
    run it, against ``--url``)."""
    crowd = _computer_crowd if options.computer else _crowd
    if options.url:
        url = options.url.rstrip("/")
        given = [Served(url, pid) for pid in options.pids] or [Served(url, 0)]
        return asyncio.run(crowd(given, options))
    with tempfile.TemporaryDirectory() as name, _servers(options, Path(name)) as served:
        return asyncio.run(crowd(served, options))


def _options(argv: Sequence[str] | None) -> tuple[Options, bool]:
    parser = argparse.ArgumentParser(
        prog="python -m bench crowd",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--tables", type=int, default=40, help="friend tables (default 40)")
    parser.add_argument("--duration", type=float, default=30.0, help="timed seconds (30)")
    parser.add_argument("--spectators", type=int, default=0, help="spectator sockets in all")
    parser.add_argument("--seed", type=int, default=1, help="seed of the moves and think times")
    parser.add_argument("--database", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument(
        "--channel",
        choices=("database", "redis"),
        default="database",
        help="live fan-out: the database's own (in-process on SQLite, LISTEN/NOTIFY on "
        "PostgreSQL) or Redis pub/sub",
    )
    parser.add_argument("--processes", type=int, default=1, help="cribkit serve processes")
    parser.add_argument("--workers", type=int, default=1, help="--workers of each process")
    parser.add_argument(
        "--think",
        type=float,
        nargs=2,
        default=(2.0, 4.0),
        metavar=("MIN", "MAX"),
        help="a player's thinking time in seconds, drawn uniformly (2 4)",
    )
    parser.add_argument(
        "--url",
        default="",
        help="play against servers already running there (e.g. the cluster's proxy, "
        "http://127.0.0.1:8800) instead of starting them",
    )
    parser.add_argument(
        "--pid",
        type=int,
        action="append",
        default=[],
        help="with --url: a server process (and its workers) whose CPU, RSS and open files "
        "to read, as when the bench starts them; repeat for several",
    )
    parser.add_argument(
        "--sample",
        type=float,
        default=0.0,
        metavar="S",
        help="every S seconds print the window's moves and p95, RSS and open files of each "
        "server process (a JSON line on stderr; kept under 'samples'); for a soak",
    )
    parser.add_argument(
        "--moves",
        choices=MOVES_BY,
        default="socket",
        help="a friend's move goes over their socket, as the page sends it (socket), or to "
        "POST /api/games/{id}/actions (api)",
    )
    parser.add_argument(
        "--computer",
        choices=("easy", "medium", "hard"),
        default="",
        help="play --tables games against the computer at this level instead of friend "
        "tables; the figure is a move's round trip (the answer carries the computer's reply)",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.tables < 1 or args.duration <= 0 or args.spectators < 0:
        parser.error("--tables must be at least 1, --duration positive, --spectators not negative")
    if args.processes < 1 or args.workers < 1:
        parser.error("--processes and --workers must be at least 1")
    if args.pid and not args.url:
        parser.error("--pid names the processes of servers given by --url")
    if args.sample < 0:
        parser.error("--sample must not be negative")
    if args.think[0] < 0 or args.think[1] < args.think[0]:
        parser.error("--think MIN MAX needs 0 <= MIN <= MAX")
    several = args.processes * args.workers > 1
    if several and not args.url and args.database == "sqlite" and args.channel == "database":
        parser.error(
            "SQLite's own channel is in-process: more than one process needs --channel redis"
        )
    return Options(
        tables=args.tables,
        duration=args.duration,
        spectators=args.spectators,
        seed=args.seed,
        database=args.database,
        channel=args.channel,
        processes=args.processes,
        workers=args.workers,
        think_min=args.think[0],
        think_max=args.think[1],
        url=args.url,
        pids=tuple(args.pid),
        sample=args.sample,
        computer=args.computer,
        moves_by=args.moves,
    ), bool(args.json)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the crowd bench and print its figures; exit 1 when any move failed or a game's
    stored moves are not the moves made."""
    options, as_json = _options(argv)
    result = run_crowd(options)
    figures = result.figures()
    if as_json:
        print(json.dumps(figures, indent=2))
    else:
        for key, value in figures.items():
            print(f"  {key:<18} {value}")
    return 1 if result.errors or result.lost_or_doubled else 0


if __name__ == "__main__":
    sys.exit(main())
