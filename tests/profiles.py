"""Hypothesis profiles for the test tiers, registered by the root conftest.

``cribkit`` (the default, for ``make test`` and ``make test-all``) has no per-example
deadline: lookup tables are built lazily on first use, so a property's first example can
be slow and a deadline would make it flaky under xdist. ``check`` (``make check``, or
``--hypothesis-profile check`` / ``HYPOTHESIS_PROFILE=check``) runs every property on a
few examples, so the fast tier stays under a minute.
"""

from __future__ import annotations

import os

from hypothesis import settings

__all__ = ["CHECK_EXAMPLES", "examples", "register"]

CHECK_EXAMPLES = 10


def register() -> None:
    settings.register_profile("cribkit", deadline=None)
    settings.register_profile("check", deadline=None, max_examples=CHECK_EXAMPLES)
    settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or "cribkit")


def examples(full: int, *, check: int = CHECK_EXAMPLES) -> int:
    """``full`` for a property that asks for its own count of examples, and at most
    ``check`` under the ``check`` profile (fewer where each example is a whole game):
    ``@settings(max_examples=examples(300))``."""
    if settings.get_current_profile_name() == "check":
        return min(full, check)
    return full
