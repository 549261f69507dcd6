"""The web front: FastAPI + Jinja2 pages and a JSON API, built by ``create_app``.

Nothing is built on import; ``cribkit.web.app.create_app(settings)`` makes an app.
"""
