"""Run the benchmarks: ``python -m bench`` for all, ``python -m bench scoring`` for one.

``python -m bench crowd --tables N ...`` is the crowd load run (see ``bench/crowd.py``).

``--json`` prints every row as one JSON document on stdout (the table goes to stderr).
A benchmark module that fails is reported and the others still run; the exit status
is then 1.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import pkgutil
import sys
import time
import traceback

import bench
from bench import Report


def available() -> list[str]:
    """Names of the benchmark modules (``bench_scoring.py`` -> ``scoring``), sorted."""
    return sorted(
        info.name.removeprefix("bench_")
        for info in pkgutil.iter_modules(bench.__path__)
        if info.name.startswith("bench_")
    )


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["crowd"]:  # a load run with its own flags, not one of the bench_* modules
        from bench.crowd import main as crowd

        return crowd(argv[1:])
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("names", nargs="*", help=f"modules to run (default all: {available()})")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON on stdout")
    args = parser.parse_args(argv)
    names = [name.removeprefix("bench_").removesuffix(".py") for name in args.names]
    unknown = sorted(set(names) - set(available()))
    if unknown:
        print(f"no benchmark named {', '.join(unknown)}; there are: {available()}", file=sys.stderr)
        return 2
    report = Report()
    failed = False
    sink = sys.stderr if args.json else sys.stdout
    with contextlib.redirect_stdout(sink):
        for name in names or available():
            report.module = name
            print(f"{name}", flush=True)
            started = time.perf_counter()
            try:
                importlib.import_module(f"bench.bench_{name}").run(report)
            except Exception:
                failed = True
                traceback.print_exc()
            print(f"  ({time.perf_counter() - started:.1f} s)", flush=True)
    if args.json:
        print(json.dumps([row.to_dict() for row in report.rows], indent=2, ensure_ascii=False))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
