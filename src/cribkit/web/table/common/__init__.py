"""Pieces several table features share: the pegboard's geometry and reading record uploads."""
