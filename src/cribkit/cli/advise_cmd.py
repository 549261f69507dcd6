"""The `cribkit advise` command (being written)."""
