"""Which of the table's routes draw on which budget (``cribkit.web.site.rate_limits``).

Reading a game or a table is free; what costs (a new game, a join, a move, a replay or a
review of a record, a socket, a line of chat) or what could be guessed (an invite code: each
miss) is counted. The JSON API and the no-JS forms doing the same thing share one bucket.
"""

from __future__ import annotations

from cribkit.web.site.rate_limits import Rule

__all__ = ["RULES"]

_ID = r"[^/]+"

RULES = (
    # new tables: against the computer, for a friend, a rematch, the computer taking a seat
    Rule("create", "POST", r"/api/games"),
    Rule("create", "POST", r"/table/new"),
    Rule("create", "POST", r"/api/tables"),
    Rule("create", "POST", r"/table/friend"),
    Rule("create", "POST", rf"/api/games/{_ID}/rematch"),
    Rule("create", "POST", rf"/api/tables/{_ID}/computer"),
    # invite codes: joining by one or looking one up costs only when the code does not
    # exist (404), so guessing runs dry while a friend's joins and polling never do
    Rule("join", "POST", rf"/api/tables/{_ID}/join", misses_only=True),
    Rule("join", "POST", r"/join", misses_only=True),
    Rule("join", "POST", rf"/t/{_ID}/join", misses_only=True),
    Rule("join", "GET", rf"/t/{_ID}(/qr\.svg)?", misses_only=True),
    Rule("join", "GET", rf"/api/tables/{_ID}(/history|/chat)?", misses_only=True),
    # moves (and resigning), by the API and by the no-JS form
    Rule("moves", "POST", rf"/api/games/{_ID}/actions"),
    Rule("moves", "POST", rf"/games/{_ID}/move"),
    Rule("moves", "POST", rf"/api/games/{_ID}/resign"),
    Rule("moves", "POST", rf"/games/{_ID}/resign"),
    # records: an upload replayed (each step posts it again) or reviewed, a game reviewed
    Rule("records", "POST", r"/replay"),
    Rule("records", "POST", r"/replay/review"),
    Rule("records", "GET", rf"/api/games/{_ID}/review"),
    Rule("records", "GET", rf"/games/{_ID}/review"),
    # table chat: each line said or mute changed, by the API and by the no-JS forms
    Rule("chat", "POST", rf"/api/tables/{_ID}/chat"),
    Rule("chat", "PUT", rf"/api/tables/{_ID}/chat/mute"),
    Rule("chat", "POST", rf"/games/{_ID}/chat(/mute)?"),
    # live sockets: each open (a page that reconnects in a loop spends it)
    Rule("sockets", "WS", rf"/ws/games/{_ID}"),
)
