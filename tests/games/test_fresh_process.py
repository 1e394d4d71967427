"""A fresh process knows every game's moves as soon as Django is set up: its first request
may be a move, decoded before anything asked for a game (it was a 400 "unknown type")."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import django
django.setup()
from games.services.moves import decode_move
print(type(decode_move({"type": "ra.vote", "approve": True})).__name__)
"""


def test_a_fresh_process_decodes_a_move_first() -> None:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "avalon_site.settings"}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() != ""
