"""The generated haproxy.cfg: HAProxy itself accepts it, and it names what the cluster
relies on (health checks on /health, WebSocket tunnels, failover, the admin socket)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from script_support import load_script

clusters = load_script("cluster")


def _config(tmp_path: Path) -> str:
    layout = clusters.Layout(name="cfgtest", subnet=77, hosts=3, port=18800, state=str(tmp_path))
    text: str = clusters.haproxy_config(layout)
    return text


def test_the_config_balances_every_host_with_health_checks(tmp_path: Path) -> None:
    text = _config(tmp_path)
    assert "bind 127.0.0.1:18800" in text
    for host in (1, 2, 3):
        assert f"server h{host} 10.77.0.1{host}:8000 check namespace cfgtest-hub" in text
    for port in (5432, 6379):  # the hosts' way to PostgreSQL and Redis, from the hub
        assert f"bind 10.77.0.1:{port} namespace cfgtest-hub" in text
        assert f"server {'postgres' if port == 5432 else 'redis'} 127.0.0.1:{port}" in text
    assert "uri /health" in text and "expect status 200" in text
    assert "timeout tunnel" in text and "on-marked-down shutdown-sessions" in text
    assert f"stats socket {tmp_path / 'haproxy.sock'}" in text


@pytest.mark.skipif(shutil.which("haproxy") is None, reason="haproxy is not installed")
def test_haproxy_accepts_the_config(tmp_path: Path) -> None:
    name = f"cfg{os.getpid()}"
    layout = clusters.Layout(name=name, subnet=77, hosts=3, port=18800, state=str(tmp_path))
    made = subprocess.run(["ip", "netns", "add", layout.hub], capture_output=True, text=True)
    if made.returncode != 0:  # HAProxy opens the hub namespace named in the config
        pytest.skip(f"no network namespace here to check against: {made.stderr.strip()}")
    try:
        config = tmp_path / "haproxy.cfg"
        config.write_text(clusters.haproxy_config(layout))
        checked = subprocess.run(
            ["haproxy", "-c", "-f", str(config)], capture_output=True, text=True, timeout=30
        )
    finally:
        subprocess.run(["ip", "netns", "delete", layout.hub], capture_output=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
