"""Games at the table: the stored game service, its JSON API, the history and the table page.

The service (``service``) creates, loads and applies moves through ``loaded`` (the game in
memory, its seats and errors), ``computer`` (the computer's replies), ``cache``, ``rows``
(the database row), ``moves`` (whose move a request may make), ``names`` and ``pacing``
(the show counted one count at a time); ``summary`` keeps a finished game's figures.
These import no other feature of the room. ``api``, ``api_history`` and ``page`` serve
games of both kinds over HTTP, in the words of ``words``, ``friend_words`` and
``seat_words`` ("you" for the reader's seat, a name for the other).
"""
