"""Tables between two people: invites, seats, the computer filling in, and rematches.

``tables`` is the service; ``api`` and ``routes`` serve it; ``payloads`` and
``public_view`` say what players and spectators see of a table; ``strings`` and
``seat_words`` are the words each reader hears ("you", or a friend's name).
"""
