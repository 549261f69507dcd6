"""The `cribkit distribution` command (being written)."""
