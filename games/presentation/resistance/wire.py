"""The engine names the Resistance presenter speaks (moves, events, phases), imported in
one place so a rename in the engine touches one file here. Events and moves come as their
modules (`ev.TeamProposed`, `mv.Vote`), not as long lists of class names."""

from games.engine.games.resistance import GAME
from games.engine.games.resistance import events as ev
from games.engine.games.resistance import moves as mv
from games.engine.games.resistance.roles import Phase, Role, Side

__all__ = ["GAME", "Phase", "Role", "Side", "ev", "mv"]
