"""axe-core in Chromium: the accessibility rules of WCAG 2.1 A and AA, run on a page as it
stands, with every violation described (rule, node, help) so a failure says what to fix.

axe-core comes from npm through the repository's own ``package.json`` and lock: the
``axe_source`` fixture runs ``npm ci`` once when ``node_modules/axe-core`` is missing.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
AXE_FILE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

__all__ = ["WCAG_21_AA", "axe_script", "axe_violations", "describe_violations"]


def _install_axe() -> None:
    """``npm ci`` from the committed lock: the same axe-core everywhere, or a clear error."""
    npm = shutil.which("npm")
    if npm is None:
        pytest.skip("npm is not installed (apt-get install npm): no axe-core to inject")
    result = subprocess.run(
        [npm, "ci", "--no-audit", "--no-fund"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    if result.returncode != 0:
        raise RuntimeError(f"npm ci failed:\n{result.stdout}\n{result.stderr}")


@pytest.fixture(scope="session")
def axe_script() -> Path:
    """``axe.min.js``, installed from the lock on first use: give it to a browser context
    with ``context.add_init_script(path=...)`` (every page then has ``window.axe``, added
    through the DevTools protocol, so the site's CSP still holds for its own scripts)."""
    if not AXE_FILE.exists():
        _install_axe()
    return AXE_FILE


def axe_violations(page: Any) -> list[dict[str, Any]]:
    """Run axe (WCAG 2.1 A and AA) on ``page`` as it stands and return its violations."""
    options = {"runOnly": {"type": "tag", "values": WCAG_21_AA}, "resultTypes": ["violations"]}
    results: dict[str, Any] = page.evaluate(
        "(options) => window.axe.run(document, options)", options
    )
    violations: list[dict[str, Any]] = results["violations"]
    return violations


def describe_violations(where: str, violations: list[dict[str, Any]]) -> list[str]:
    """One line per node in violation: where, the rule, the node's selector and HTML, the help."""
    lines = []
    for violation in violations:
        for node in violation["nodes"]:
            target = " ".join(str(t) for t in node["target"])
            lines.append(
                f"{where}: [{violation['id']}] {target} {node['html'][:160]}\n"
                f"    {violation['help']} ({violation['helpUrl']})\n"
                f"    {node.get('failureSummary', '').splitlines()[-1:]}"
            )
    return lines
