"""Loading the build scripts in ``scripts/`` as modules, so tests can rebuild a sample."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"


def load_script(name: str) -> ModuleType:
    """``scripts/<name>.py`` as the module ``name``, its folder importable (for the helper
    module the scripts share, as when they run). A script already loaded, by a test or by
    another script's import, is that same module: two copies of one script would make its
    functions unpicklable for the worker processes (pickle finds them by module name)."""
    if str(SCRIPTS) not in sys.path:
        sys.path.append(str(SCRIPTS))
    path = SCRIPTS / f"{name}.py"
    loaded = sys.modules.get(name)
    if loaded is not None and getattr(loaded, "__file__", None) == str(path):
        return loaded
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
