"""The `cribkit replay` command (being written)."""
