"""Fixtures the CLI tests share."""

from __future__ import annotations

import pytest
from cli_support import Matches

import cribkit.cli.ladder_cmd as ladder_cmd


@pytest.fixture
def matches(monkeypatch: pytest.MonkeyPatch) -> Matches:
    """Every ``run_match`` the ladder calls, still played: what a resumed ladder skipped."""
    played = Matches()
    real = ladder_cmd.run_match

    def counting(a: str, b: str, **kwargs: object) -> object:
        played.pairs.append((a, b))
        played.keywords.append(kwargs)
        return real(a, b, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ladder_cmd, "run_match", counting)
    return played
