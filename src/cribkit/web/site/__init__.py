"""The site: what every room stands on — settings, languages, templating, security headers,
player identity, the database and its migrations, and the words rooms share.

It imports the engine only, never a room.
"""
