"""Replays: a finished game or an uploaded record stepped through moment by moment.

``moments`` splits a record into what the page shows; ``routes`` serves the pages.
"""
