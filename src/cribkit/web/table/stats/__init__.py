"""/stats: a player's record against the computer and the accuracy chart of reviewed games."""
