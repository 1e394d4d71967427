"""The engine names the Tournament presenter speaks (definitions, moves, events, card
data), imported in one place so a rename in the engine touches one file here; and named
values of the engine's view and events, the phases typed by the engine's own `Phase` so
mypy refuses a phase the engine does not have. Events and moves come as their modules
(`ev.CardPlayed`, `mv.PlayCard`), as in the other games, not as long lists of class names."""

from typing import Final

from games.engine.games.tournament import events as ev
from games.engine.games.tournament import moves as mv
from games.engine.games.tournament.carddata import CardData
from games.engine.games.tournament.characters import ALWAYS
from games.engine.games.tournament.config import DEFAULT_POISONED, PASS_COUNT
from games.engine.games.tournament.definition import AVALON, CAMELOT
from games.engine.games.tournament.hooks import card as card_data
from games.engine.games.tournament.powers.shame import shame_injury_in_view
from games.engine.games.tournament.state import DECLINE, Phase
from games.engine.games.tournament.weapons import (
    injury,
    is_poisoned,
    is_weapon,
    weapon,
    weapon_name,
)

LOCATION: Final[Phase] = "location"
SWORD: Final[Phase] = "sword"
PASSING: Final[Phase] = "passing"
PLAY: Final[Phase] = "play"
GIFT: Final[Phase] = "gift"
DUSK: Final[Phase] = "dusk"
GODSEND: Final[Phase] = "godsend"
PLACE: Final[Phase] = "place"
CHOICE: Final[Phase] = "choice"
OVER: Final[Phase] = "over"

LEFT, RIGHT, DECK = "left", "right", "deck"  # GodsendTaken.source, PickGodsend.source
MISTS = "mists"  # Shamed.why: the Mists of Avalon, no card discarded
SWIFT_END = "swift_end"  # RoundEnded.reason
ZERO_HEALTH = "zero_health"  # GameEnded.reason
HOUSE, INFERRED = "house", "inferred"  # CardData.source besides "rulebook" [TH-7]
OPPONENT = "opponent"  # CardData.target of a Godsend placed on an opponent

__all__ = [
    "ALWAYS",
    "AVALON",
    "CAMELOT",
    "CHOICE",
    "DECK",
    "DECLINE",
    "DEFAULT_POISONED",
    "DUSK",
    "GIFT",
    "GODSEND",
    "HOUSE",
    "INFERRED",
    "LEFT",
    "LOCATION",
    "MISTS",
    "OPPONENT",
    "OVER",
    "PASSING",
    "PASS_COUNT",
    "PLACE",
    "PLAY",
    "RIGHT",
    "SWIFT_END",
    "SWORD",
    "ZERO_HEALTH",
    "CardData",
    "card_data",
    "ev",
    "injury",
    "is_poisoned",
    "is_weapon",
    "mv",
    "shame_injury_in_view",
    "weapon",
    "weapon_name",
]
