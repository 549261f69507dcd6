"""The player's Glicko-2 rating: updated after each rated game, shown on /stats and over
``GET /api/rating``, and behind the home page's suggested level."""
