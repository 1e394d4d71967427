"""The engine names the Colovini presenter speaks (moves, events, phases, tiles), imported
in one place so a rename in the engine touches one file here; and the few values of the
engine's view (views.py) that have no engine constant."""

from games.engine.games.colovini import GAME
from games.engine.games.colovini.events import (
    AttackResisted,
    AvalonUsed,
    CardDiscarded,
    CardPlayed,
    CardsDrawn,
    DeckReshuffled,
    Enchanted,
    EnchantmentCountered,
    GameEnded,
    GameSetUp,
    LossesEnded,
    LossPaid,
    RegionConquered,
    TileCashed,
    TileTaken,
    TurnEnded,
    TurnStarted,
)
from games.engine.games.colovini.moves import (
    ATTACK,
    ENCHANT,
    REINFORCE,
    CounterSpell,
    Discard,
    EndTurn,
    LetPass,
    LoseHandCard,
    LosePileTop,
    PlayCard,
    Resist,
    UseAvalon,
)
from games.engine.games.colovini.state import Phase
from games.engine.games.colovini.tiles import TILES

# The view's words for what the defender answers (views.py `_reaction`, CH-3) and a
# tile's status (views.py `_tiles`).
ENCHANTMENT = "enchantment"
TILE_HELD, TILE_USED = "held", "used"

__all__ = [
    "ATTACK",
    "ENCHANT",
    "ENCHANTMENT",
    "GAME",
    "REINFORCE",
    "TILES",
    "TILE_HELD",
    "TILE_USED",
    "AttackResisted",
    "AvalonUsed",
    "CardDiscarded",
    "CardPlayed",
    "CardsDrawn",
    "CounterSpell",
    "DeckReshuffled",
    "Discard",
    "Enchanted",
    "EnchantmentCountered",
    "EndTurn",
    "GameEnded",
    "GameSetUp",
    "LetPass",
    "LoseHandCard",
    "LosePileTop",
    "LossPaid",
    "LossesEnded",
    "Phase",
    "PlayCard",
    "RegionConquered",
    "Resist",
    "TileCashed",
    "TileTaken",
    "TurnEnded",
    "TurnStarted",
    "UseAvalon",
]
