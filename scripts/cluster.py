"""A cribkit cluster as production would run it, on one machine: ``make cluster``.

Layout (all names carry ``--name``, so a test's cluster and yours keep apart)::

    root namespace           namespace NAME-hub               namespace NAME-h1 (h2, ...)
    HAProxy                  bridge NAME-br 10.S.0.1/24 ----- eth0 10.S.0.11/24
      bind 127.0.0.1:PORT      (a veth pair per host)         cribkit serve --workers W
      servers 10.S.0.1N:8000 --- connected from NAME-hub        --host 10.S.0.11 --port 8000
      bind 10.S.0.1:5432, :6379 in NAME-hub -> 127.0.0.1:5432, :6379 (PostgreSQL, Redis)

Nothing is added to the root namespace's links or addresses: the bridge and every veth end
live in the hub namespace, and HAProxy (built with namespace support) reaches into it, both
to its app hosts and to carry PostgreSQL and Redis, which listen on 127.0.0.1 only, to the
hosts (one event-driven process instead of a socat child per connection). So the machine's
own network, which browsers and other services here watch, never changes under them, and
nothing in the system's services or kernel settings changes either (no extra
``listen_addresses``, no ``route_localnet``).

Commands: ``up`` (migrations once, then the hosts, then HAProxy; everything created is
removed again if a step fails), ``down``, ``status``, ``kill N`` (kill -9 of every process
in host N's namespace), ``start N``, ``restart N`` (graceful: HAProxy stops sending it new
work, SIGTERM, start again, back in rotation) and ``rolling`` (restart each host in turn).
What runs is recorded in ``STATE/cluster.json`` so ``down`` finds it; run as root.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import asdict, dataclass, field
from pathlib import Path

__all__ = ["Cluster", "Layout", "haproxy_config", "main", "missing_tools"]

APP_PORT = 8000
DEFAULT_STATE = Path("/tmp/cribkit-cluster")
POSTGRES = ("127.0.0.1", 5432)
REDIS = ("127.0.0.1", 6379)
READY_SECONDS = 180.0
"""A host warms the engine's tables before it serves: seconds on an idle machine, more
than a minute on a loaded one."""
STOP_SECONDS = 30.0
"""cribkit serve drains for up to 20 s (``GRACE_SECONDS``) after SIGTERM."""


@dataclass
class Layout:
    """What a cluster is made of; saved as ``cluster.json`` while it runs."""

    name: str = "cribkit"
    subnet: int = 231
    hosts: int = 2
    workers: int = 2
    port: int = 8800
    state: str = str(DEFAULT_STATE)
    database: str = ""
    testing: bool = False
    """Hosts in test mode (``CRIBKIT_TESTING``: no warm-up of the engine's tables, so a
    host serves in seconds, not a minute on a loaded machine)."""
    pids: dict[str, int] = field(default_factory=dict)

    @property
    def gateway(self) -> str:
        return f"10.{self.subnet}.0.1"

    def address(self, host: int) -> str:
        return f"10.{self.subnet}.0.{10 + host}"

    def namespace(self, host: int) -> str:
        return f"{self.name}-h{host}"

    def server(self, host: int) -> str:
        """The host's name in HAProxy's backend."""
        return f"h{host}"

    @property
    def hub(self) -> str:
        """The namespace of the bridge that joins the hosts (and of HAProxy's connections)."""
        return f"{self.name}-hub"

    @property
    def bridge(self) -> str:
        return f"{self.name[:10]}-br"

    def veth(self, host: int) -> str:
        return f"{self.name[:10]}-v{host}"

    @property
    def folder(self) -> Path:
        return Path(self.state)

    @property
    def url(self) -> str:
        """Where clients go: HAProxy."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def database_name(self) -> str:
        return self.database or f"{self.name.replace('-', '_')}_cluster"


def missing_tools() -> str | None:
    """Why this machine cannot run a cluster, or None."""
    if os.geteuid() != 0:
        return "network namespaces need root"
    for tool in ("ip", "haproxy"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed"
    built = subprocess.run(["haproxy", "-vv"], capture_output=True, text=True).stdout
    if "+NS" not in built.split():
        return "this HAProxy was built without network namespaces (USE_NS)"
    probe = f"cribkit-probe-{os.getpid()}"
    made = subprocess.run(["ip", "netns", "add", probe], capture_output=True, text=True)
    if made.returncode != 0:
        return f"ip netns does not work here: {made.stderr.strip()}"
    subprocess.run(["ip", "netns", "delete", probe], capture_output=True)
    for what, (host, port) in (("PostgreSQL", POSTGRES), ("Redis", REDIS)):
        try:
            socket.create_connection((host, port), timeout=1).close()
        except OSError as exc:
            return f"{what} does not answer on {host}:{port}: {exc}"
    return None


_SERVER_DEFAULTS = " ".join(
    (
        "inter 1s fall 2 rise 2",
        "on-marked-down shutdown-sessions",
        "observe layer4 error-limit 1 on-error mark-down",
    )
)


def _forwarder(name: str, layout: Layout, target: tuple[str, int]) -> str:
    """A TCP frontend on the hub's address (inside its namespace) to a root-namespace service."""
    host, port = target
    return f"""
frontend {name}
    mode tcp
    bind {layout.gateway}:{port} namespace {layout.hub}
    # pooled and LISTEN connections may idle for long: only the kernel's keepalive ends them
    timeout client 24h
    default_backend {name}_root

backend {name}_root
    mode tcp
    timeout server 24h
    server {name} {host}:{port}
"""


def haproxy_config(layout: Layout) -> str:
    """The proxy: HTTP health checks on /health, WebSocket tunnels, failover in a second;
    and the hosts' way to PostgreSQL and Redis."""
    servers = "\n".join(
        f"    server {layout.server(h)} {layout.address(h)}:{APP_PORT} check namespace {layout.hub}"
        for h in range(1, layout.hosts + 1)
    )
    forwarders = _forwarder("postgres", layout, POSTGRES) + _forwarder("redis", layout, REDIS)
    return f"""# generated by scripts/cluster.py; see docs/deployment.md
global
    maxconn 8000
    stats socket {layout.folder / "haproxy.sock"} mode 600 level admin
    pidfile {layout.folder / "haproxy.pid"}

defaults
    mode http
    option forwardfor
    # a connection refused (a host killed or restarting) is tried again on another host;
    # a request already sent is never resent (a move must not be applied twice)
    retries 3
    option redispatch 1
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    timeout http-keep-alive 10s
    # an upgraded WebSocket: the table pings every 25 s, so an hour is only an upper bound
    timeout tunnel 1h

frontend web
    bind 127.0.0.1:{layout.port}
    default_backend app

backend app
    # sockets are long-lived: the fewest connections is the fairest share
    balance leastconn
    option httpchk
    http-check send meth GET uri /health ver HTTP/1.1 hdr Host localhost
    http-check expect status 200
    # checked every second, out after two failures; a host whose connections fail is out
    # at once (observe layer4), and its WebSocket tunnels are cut so pages reconnect
    default-server {_SERVER_DEFAULTS}
{servers}
{forwarders}"""


def _run(*command: str) -> None:
    subprocess.run(command, check=True, capture_output=True, text=True)


def _quiet(*command: str) -> None:
    subprocess.run(command, capture_output=True, text=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def _wait_gone(pid: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)
        if not _alive(pid):
            return True
        time.sleep(0.1)
    return False


def _healthy(url: str) -> bool:
    """``GET /health`` answers 200 (with a Host the app accepts, as HAProxy's check sends)."""
    request = urllib.request.Request(f"{url}/health", headers={"Host": "localhost"})
    try:
        with urllib.request.urlopen(request, timeout=2) as answer:
            return bool(answer.status == 200)
    except OSError:
        return False


_HEALTH_CHECK = (
    "import sys, urllib.request as u\n"
    "r = u.Request(sys.argv[1] + '/health', headers={'Host': 'localhost'})\n"
    "sys.exit(0 if u.urlopen(r, timeout=2).status == 200 else 1)\n"
)


def _healthy_in(namespace: str, url: str) -> bool:
    """``_healthy`` asked from inside ``namespace`` (a host is reachable only from the hub)."""
    command = ["ip", "netns", "exec", namespace, sys.executable, "-I", "-S", "-c", _HEALTH_CHECK]
    try:
        checked = subprocess.run([*command, url], capture_output=True, timeout=10)
    except subprocess.TimeoutExpired:
        return False
    return checked.returncode == 0


class Cluster:
    """Bring a cluster up and down, kill and restart its hosts (see the module's doc)."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout

    # ------------------------------------------------------------------ state
    @classmethod
    def load(cls, state: Path) -> Cluster:
        saved = json.loads((state / "cluster.json").read_text())
        return cls(Layout(**saved))

    def _save(self) -> None:
        self.layout.folder.mkdir(parents=True, exist_ok=True)
        (self.layout.folder / "cluster.json").write_text(json.dumps(asdict(self.layout)))

    def _spawn(self, key: str, command: list[str], env: dict[str, str] | None = None) -> int:
        """Start a process in a session of its own (its forks die with it); log to a file."""
        with (self.layout.folder / f"{key}.log").open("ab") as log:
            process = subprocess.Popen(
                command, stdout=log, stderr=log, env=env, start_new_session=True
            )
        self.layout.pids[key] = process.pid
        self._save()
        return process.pid

    # ------------------------------------------------------------------ up
    def up(self) -> None:
        """Network, database, proxy (the hosts' way to the database too), hosts; on any
        failure, everything back down."""
        self.layout.folder.mkdir(parents=True, exist_ok=True)
        self._save()
        try:
            self._network()
            self._database()
            self._proxy()
            hosts = range(1, self.layout.hosts + 1)
            pids = {host: self._launch(host) for host in hosts}  # they warm up side by side
            for host in hosts:
                self._wait_ready(host, pids[host])
            for host in hosts:  # HAProxy checked them down while they started: until back
                self._wait_up(host)
            self._wait_proxy()
        except BaseException:
            self.down()
            raise

    def _network(self) -> None:
        """The hub namespace with its bridge, and each host's namespace joined to it: every
        link is made inside a namespace, none in the root one."""
        lay = self.layout
        _run("ip", "netns", "add", lay.hub)
        _run("ip", "-n", lay.hub, "link", "add", lay.bridge, "type", "bridge")
        _run("ip", "-n", lay.hub, "addr", "add", f"{lay.gateway}/24", "dev", lay.bridge)
        _run("ip", "-n", lay.hub, "link", "set", lay.bridge, "up")
        _run("ip", "-n", lay.hub, "link", "set", "lo", "up")
        for host in range(1, lay.hosts + 1):
            ns, veth = lay.namespace(host), lay.veth(host)
            _run("ip", "netns", "add", ns)
            _run(
                "ip", "-n", lay.hub, "link", "add", veth, "type", "veth",
                "peer", "name", "eth0", "netns", ns,
            )  # fmt: skip
            _run("ip", "-n", lay.hub, "link", "set", veth, "master", lay.bridge, "up")
            _run("ip", "-n", ns, "addr", "add", f"{lay.address(host)}/24", "dev", "eth0")
            _run("ip", "-n", ns, "link", "set", "eth0", "up")
            _run("ip", "-n", ns, "link", "set", "lo", "up")

    def _database(self) -> None:
        """A fresh database, migrated once here, before any host starts; its cookie key
        is given to every host."""
        from sqlalchemy import create_engine, text

        from cribkit.web.site.db import Database

        name = self.layout.database_name
        admin = create_engine(
            f"postgresql+psycopg://postgres@{POSTGRES[0]}:{POSTGRES[1]}/postgres",
            isolation_level="AUTOCOMMIT",
        )
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            connection.execute(text(f'CREATE DATABASE "{name}"'))
        admin.dispose()
        database = Database(f"postgresql+psycopg://postgres@{POSTGRES[0]}:{POSTGRES[1]}/{name}")
        try:
            database.migrate()
            (self.layout.folder / "secret").write_text(database.stored_secret("cookie"))
        finally:
            database.dispose()

    def _host_env(self) -> dict[str, str]:
        lay = self.layout
        env = {k: v for k, v in os.environ.items() if not k.startswith("CRIBKIT_")}
        env.update(
            CRIBKIT_DATABASE_URL=f"postgresql+psycopg://postgres@{lay.gateway}:5432/"
            + lay.database_name,
            CRIBKIT_REDIS_URL=f"redis://{lay.gateway}:6379/0",
            CRIBKIT_LIVE_PREFIX=lay.database_name,
            CRIBKIT_SECRET_KEY=(lay.folder / "secret").read_text(),
            CRIBKIT_PUBLIC_URL=lay.url,
        )
        if lay.testing:
            env["CRIBKIT_TESTING"] = "1"
        return env

    def start(self, host: int) -> None:
        """Start host ``host``'s ``cribkit serve``, wait until it is healthy, put it back
        into HAProxy's rotation."""
        self._wait_ready(host, self._launch(host))
        self._admin(f"set server app/{self.layout.server(host)} state ready")

    def _launch(self, host: int) -> int:
        lay = self.layout
        command = [
            "ip", "netns", "exec", lay.namespace(host),
            sys.executable, "-c", "from cribkit.cli import main; main()", "serve",
            "--host", lay.address(host), "--port", str(APP_PORT),
            "--workers", str(lay.workers), "--forwarded-allow-ips", lay.gateway,
        ]  # fmt: skip
        return self._spawn(lay.server(host), command, self._host_env())

    def _wait_ready(self, host: int, pid: int) -> None:
        lay = self.layout
        deadline = time.monotonic() + READY_SECONDS
        while not _healthy_in(lay.hub, f"http://{lay.address(host)}:{APP_PORT}"):
            if _wait_gone(pid, 0) or time.monotonic() > deadline:
                log = (lay.folder / f"{lay.server(host)}.log").read_text()[-2000:]
                raise RuntimeError(f"host {host} did not come up:\n{log}")
            time.sleep(0.2)

    def _proxy(self) -> None:
        """HAProxy, before the hosts: they reach PostgreSQL and Redis through it."""
        lay = self.layout
        cfg = lay.folder / "haproxy.cfg"
        cfg.write_text(haproxy_config(lay))
        _run("haproxy", "-c", "-q", "-f", str(cfg))
        self._spawn("haproxy", ["haproxy", "-db", "-f", str(cfg)])
        deadline = time.monotonic() + 10
        for port in (POSTGRES[1], REDIS[1]):
            while not self._reaches(f"{lay.gateway}:{port}"):
                if time.monotonic() > deadline:
                    raise RuntimeError("HAProxy did not come up: see haproxy.log")
                time.sleep(0.2)

    def _reaches(self, address: str) -> bool:
        """Whether a TCP connection to ``address`` opens from inside the hub namespace."""
        host, port = address.rsplit(":", 1)
        probe = f"import socket; socket.create_connection(('{host}', {port}), timeout=1).close()"
        command = ["ip", "netns", "exec", self.layout.hub, sys.executable, "-I", "-S", "-c"]
        return subprocess.run([*command, probe], capture_output=True).returncode == 0

    def _wait_proxy(self) -> None:
        """Until the proxy answers /health through a host (its checks found one up)."""
        deadline = time.monotonic() + 15
        while not _healthy(self.layout.url):
            if time.monotonic() > deadline:
                raise RuntimeError("HAProxy did not come up: see haproxy.log")
            time.sleep(0.2)

    def _admin(self, command: str) -> str:
        """One command on HAProxy's runtime API (its stats socket)."""
        with socket.socket(socket.AF_UNIX) as sock:
            sock.settimeout(5)
            sock.connect(str(self.layout.folder / "haproxy.sock"))
            sock.sendall(command.encode() + b"\n")
            answer = b""
            while chunk := sock.recv(65536):
                answer += chunk
        return answer.decode()

    # ------------------------------------------------------------------ faults
    def namespace_pids(self, host: int) -> list[int]:
        listed = subprocess.run(
            ["ip", "netns", "pids", self.layout.namespace(host)], capture_output=True, text=True
        )
        return [int(pid) for pid in listed.stdout.split()]

    def kill(self, host: int) -> list[int]:
        """kill -9 every process in the host's namespace (a machine that dies)."""
        pids = self.namespace_pids(host)
        for pid in pids:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        for pid in pids:
            _wait_gone(pid, 5)
        return pids

    def stop(self, host: int) -> None:
        """A graceful stop: HAProxy drains the host (no new connections; ``maint`` would
        cut its WebSocket tunnels with no close code), then SIGTERM: requests in flight
        finish and the sockets are closed with 1012, so the pages reconnect at once."""
        lay = self.layout
        self._admin(f"set server app/{lay.server(host)} state drain")
        pid = lay.pids.get(lay.server(host))
        if pid is not None and _alive(pid):
            os.kill(pid, signal.SIGTERM)
            if not _wait_gone(pid, STOP_SECONDS):
                self.kill(host)
        self.kill(host)  # nothing may be left behind in the namespace

    def restart(self, host: int) -> None:
        self.stop(host)
        self.start(host)
        self._wait_up(host)

    def proxy_status(self, host: int) -> str:
        """HAProxy's word for the host: ``UP``, ``DOWN``, ``MAINT``, ``UP 1/2`` (rising)..."""
        for line in self._admin("show stat").splitlines():
            fields = line.split(",")
            if len(fields) > 17 and fields[0] == "app" and fields[1] == self.layout.server(host):
                return fields[17]
        return "?"

    def _wait_up(self, host: int) -> None:
        """Until HAProxy's checks have taken the host back fully (rise 2: about 2 s)."""
        deadline = time.monotonic() + 15
        while self.proxy_status(host) != "UP":
            if time.monotonic() > deadline:
                raise RuntimeError(f"HAProxy did not take host {host} back")
            time.sleep(0.2)

    def rolling(self) -> None:
        for host in range(1, self.layout.hosts + 1):
            self.restart(host)

    # ------------------------------------------------------------------ down
    def down(self) -> None:
        """Stop everything this cluster started and remove what it created (each step
        on its own: one failing must not leave the rest behind)."""
        lay = self.layout
        for host in range(1, lay.hosts + 1):
            with contextlib.suppress(Exception):
                self.kill(host)
        for key, pid in list(lay.pids.items()):
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(pid, signal.SIGTERM)  # the whole session: a host's workers too
            if not _wait_gone(pid, 5):
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(pid, signal.SIGKILL)
            del lay.pids[key]
        for host in range(1, lay.hosts + 1):
            _quiet("ip", "netns", "delete", lay.namespace(host))
        _quiet("ip", "netns", "delete", lay.hub)  # its bridge and veth ends go with it
        with contextlib.suppress(Exception):
            self._drop_database()
        with contextlib.suppress(FileNotFoundError):
            (lay.folder / "cluster.json").unlink()

    def _drop_database(self) -> None:
        from sqlalchemy import create_engine, text

        admin = create_engine(
            f"postgresql+psycopg://postgres@{POSTGRES[0]}:{POSTGRES[1]}/postgres",
            isolation_level="AUTOCOMMIT",
        )
        with admin.connect() as connection:
            name = self.layout.database_name
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()

    def status(self) -> str:
        lines = [f"proxy {self.layout.url}"]
        for host in range(1, self.layout.hosts + 1):
            pids = self.namespace_pids(host)
            lines.append(f"{self.layout.namespace(host)} {self.layout.address(host)}: {pids}")
        with contextlib.suppress(OSError):
            for host in range(1, self.layout.hosts + 1):
                lines.append(f"HAProxy: {self.layout.server(host)} {self.proxy_status(host)}")
        return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="scripts/cluster.py",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "command", choices=("up", "down", "status", "kill", "start", "restart", "rolling")
    )
    parser.add_argument("host", nargs="?", type=int, help="the host, 1..N (kill, start, restart)")
    parser.add_argument("--state", type=Path, default=DEFAULT_STATE, help=f"({DEFAULT_STATE})")
    parser.add_argument("--hosts", type=int, default=2, help="app hosts (2)")
    parser.add_argument("--workers", type=int, default=2, help="--workers of each host (2)")
    parser.add_argument("--port", type=int, default=8800, help="HAProxy's port on 127.0.0.1 (8800)")
    parser.add_argument("--name", default="cribkit", help="prefix of namespaces and links")
    parser.add_argument("--subnet", type=int, default=231, help="10.S.0.0/24 (231)")
    args = parser.parse_args(argv)
    if args.command == "up":
        if (args.state / "cluster.json").exists():
            parser.error(f"a cluster already runs from {args.state}: `make cluster-down` first")
        if not 2 <= args.hosts <= 9 or args.workers < 1 or not 1 <= args.subnet <= 254:
            parser.error("--hosts must be 2..9, --workers at least 1, --subnet 1..254")
        problem = missing_tools()
        if problem is not None:
            parser.error(f"cannot run a cluster: {problem}")
        layout = Layout(
            args.name, args.subnet, args.hosts, args.workers, args.port, str(args.state)
        )
        Cluster(layout).up()
        print(f"cluster up: {layout.url} ({layout.hosts} hosts x {layout.workers} workers)")
        return 0
    if not (args.state / "cluster.json").exists():
        if args.command == "down":
            return 0
        parser.error(f"no cluster runs from {args.state}: `make cluster` first")
    cluster = Cluster.load(args.state)
    if args.command in ("kill", "start", "restart") and not (
        args.host is not None and 1 <= args.host <= cluster.layout.hosts
    ):
        parser.error(f"{args.command} needs a host, 1..{cluster.layout.hosts}")
    if args.command == "down":
        cluster.down()
    elif args.command == "status":
        print(cluster.status())
    elif args.command == "kill":
        print(f"killed {cluster.kill(args.host)}")
    elif args.command == "start":
        cluster.start(args.host)
    elif args.command == "restart":
        cluster.restart(args.host)
    else:
        cluster.rolling()
    return 0


if __name__ == "__main__":
    sys.exit(main())
