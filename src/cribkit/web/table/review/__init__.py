"""Reviews of finished games: the engine's review of one seat, kept, served and shown.

``reviews`` prices and stores them; ``api`` serves one as JSON; ``page`` and ``routes``
show it to a reader (a stored game of theirs, or an uploaded record).
"""
