"""Alembic migrations of the web database (run by ``cribkit.web.db.migrate``)."""
