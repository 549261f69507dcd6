"""Alembic migrations of the web database (run by ``cribkit.web.site.db.migrate``)."""
