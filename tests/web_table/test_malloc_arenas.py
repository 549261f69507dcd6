"""A server process caps glibc's malloc arenas (``CRIBKIT_MALLOC_ARENAS``): its forty worker
threads each made one, and the arenas, not the games, were most of its memory."""

from __future__ import annotations

import json
import platform
import subprocess
import sys
from pathlib import Path

import pytest

from cribkit.errors import CribkitError
from cribkit.web.site.settings import Settings

pytestmark = pytest.mark.skipif(
    platform.system() != "Linux" or platform.libc_ver()[0] != "glibc",
    reason="malloc arenas are glibc's (Linux with glibc only)",
)

# Sixteen threads allocate at once, as a server's workers do; the child prints the arenas
# glibc made. Run in a child so this test process keeps its own allocator settings.
_CHILD = """
import json, sys, threading
from pathlib import Path
from cribkit.web.app import create_app
from cribkit.web.site.malloc_arenas import arena_count
from cribkit.web.site.settings import Settings

create_app(Settings.from_env({"CRIBKIT_SECRET_KEY": "k", **json.loads(sys.argv[1])}))
start = threading.Barrier(16)

def churn() -> None:
    start.wait()
    for _ in range(2000):
        blocks = [bytearray(512) for _ in range(40)]
        del blocks

threads = [threading.Thread(target=churn) for _ in range(16)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
print(arena_count(Path(sys.argv[2])))
"""


def _arenas_after_churn(tmp_path: Path, env: dict[str, str]) -> int:
    clean = {"PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, json.dumps(env), str(tmp_path / "info.xml")],
        capture_output=True,
        text=True,
        check=True,
        env=clean,
        timeout=120,
    )
    return int(done.stdout.strip())


def test_an_app_caps_its_arenas_at_the_setting(tmp_path: Path) -> None:
    capped = _arenas_after_churn(tmp_path, {"CRIBKIT_MALLOC_ARENAS": "2"})
    free = _arenas_after_churn(tmp_path, {"CRIBKIT_MALLOC_ARENAS": "0"})
    assert capped <= 2
    assert free > 2  # the churn does make arenas when nothing caps them


def test_the_default_is_two_and_the_setting_is_checked() -> None:
    assert Settings.from_env({"CRIBKIT_SECRET_KEY": "k"}).malloc_arenas == 2
    assert Settings.from_env({"CRIBKIT_MALLOC_ARENAS": "0"}).malloc_arenas == 0
    with pytest.raises(CribkitError, match="CRIBKIT_MALLOC_ARENAS"):
        Settings.from_env({"CRIBKIT_MALLOC_ARENAS": "few"})
