"""The tools room: the calculator, the discard advisor, the rules page and the score sheet.

It builds on ``cribkit.web.site`` and the engine; it never imports another room.
"""
