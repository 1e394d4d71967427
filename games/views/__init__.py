"""Page views (server-rendered): tables.py (lobby, create, table page, my games), play.py
(game page, moves and chat from plain forms), replay.py (step through a finished game)."""
