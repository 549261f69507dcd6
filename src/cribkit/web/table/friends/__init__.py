"""Tables between two people: invites, seats, the computer filling in, and rematches.

``tables`` is the service; ``api`` and ``routes`` serve it; ``payloads`` and
``public_view`` say what the players and the spectators at the rail see of a table.
The words a reader hears at such a game (``games.seat_words``, ``games.friend_words``)
live with the table page, which draws both kinds of game.
"""
