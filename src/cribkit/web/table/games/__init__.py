"""Games at the table: the stored game service, its JSON API, the history and the table page.

The service (``service``) creates, loads and applies moves through ``loaded`` (the game in
memory and its errors), ``computer`` (the computer's replies), ``cache``, ``rows`` (the
database row), ``moves`` (whose move it is), ``names`` and ``pacing`` (the show counted one
count at a time). ``api``, ``api_history`` and ``page`` serve it over HTTP.
"""
