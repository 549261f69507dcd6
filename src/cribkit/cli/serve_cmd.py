"""The `cribkit serve` command (being written)."""
