"""Real ``cribkit serve`` processes for the browser and multi-process tests."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

CLI = [sys.executable, "-c", "from cribkit.cli import main; main()"]


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class ServerProcess:
    """``cribkit serve`` on a free port; ``stop()`` and ``start()`` again to restart it."""

    def __init__(
        self,
        database_url: str,
        log: Path,
        *,
        env: dict[str, str] | None = None,
        args: tuple[str, ...] = (),
    ) -> None:
        self.database_url = database_url
        self.args = args
        self.port = free_port()
        self.log = log
        # No key from the environment: the server keeps its cookie key in the database.
        self.env = {**os.environ, "CRIBKIT_TESTING": "1"}
        self.env.pop("CRIBKIT_SECRET_KEY", None)
        self.env.update(env or {})
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> ServerProcess:
        command = [
            *CLI,
            "serve",
            "--port",
            str(self.port),
            "--database-url",
            self.database_url,
            *self.args,
        ]
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(command, env=self.env, stdout=log, stderr=log)
        deadline = time.monotonic() + 90  # a loaded CI machine imports slowly
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"cribkit serve exited: {self.log.read_text()}")
            try:
                with urllib.request.urlopen(f"{self.url}/openapi.json", timeout=2) as answer:
                    if answer.status == 200:
                        return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"cribkit serve did not answer: {self.log.read_text()}")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None
