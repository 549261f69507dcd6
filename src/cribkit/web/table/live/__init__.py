"""Live play: game G is at version V, told to every socket watching G, in any process.

The game service announces each stored change on a ``Channel``; the socket side only
subscribes and sends each watcher their own view, read fresh. Nothing about the cards
ever travels on a channel.
"""
