"""The `cribkit score` command (being written)."""
