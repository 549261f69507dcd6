"""The `cribkit play` command (being written)."""
