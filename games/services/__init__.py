"""Services of the games domain: every write, each owning its transaction.

commit.py (the one commit path of every change of a game, and the ordered steps that follow
each commit), committed.py (what a commit hands those steps), moves.py (the one move path),
lobby.py (tables and seats, the deal), rematch.py (a finished game played again once every
player accepted), chat.py, broadcast.py (what each seat receives after a commit), gates.py
(who may act at all), errors.py (the typed refusals the interfaces map to HTTP).
"""
