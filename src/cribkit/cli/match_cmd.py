"""The `cribkit match` command (being written)."""
