"""Services of the games domain: every write, each owning its transaction.

lobby.py (tables and seats), moves.py (the one move path), chat.py, broadcast.py (what
each seat receives after a commit), hooks.py (plug-in points for deadlines and
notifications), errors.py (the typed refusals the interfaces map to HTTP).
"""
