"""The engine names the Colovini presenter speaks (moves, events, phases, tiles), imported
in one place so a rename in the engine touches one file here; and the few values of the
engine's view (views.py) that have no engine constant. Events and moves
come as their modules (`ev.TileTaken`, `mv.PlayCard`), not as long lists of class names."""

from games.engine.games.colovini import GAME
from games.engine.games.colovini import events as ev
from games.engine.games.colovini import moves as mv
from games.engine.games.colovini.cards import card_name
from games.engine.games.colovini.moves import ATTACK, ENCHANT, REINFORCE
from games.engine.games.colovini.regions import BY_KEY
from games.engine.games.colovini.state import Phase
from games.engine.games.colovini.tiles import TILES

# The view's words for what the defender answers (views.py `_reaction`, CH-3) and a
# tile's status (views.py `_tiles`).
ENCHANTMENT = "enchantment"
TILE_HELD, TILE_USED = "held", "used"

__all__ = [
    "BY_KEY",
    "card_name",
    "ATTACK",
    "ENCHANT",
    "ENCHANTMENT",
    "GAME",
    "REINFORCE",
    "TILES",
    "TILE_HELD",
    "TILE_USED",
    "Phase",
    "ev",
    "mv",
]
