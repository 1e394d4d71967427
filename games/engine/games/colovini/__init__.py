"""Avalon by Leo Colovini, 2 players (rules: docs/rules/colovini-avalon.md, CA-1 .. CA-17,
CH-1 .. CH-5), registered as "colovini-avalon".

Modules follow the shape of every game package (docs/engine.md): config, state, moves,
events, rules (the deal, routing moves, the engine's questions), evolve, views, bot and
definition. Per concept: cards, regions and tiles are data (tiles with one small handler
per kind); powers holds the region powers as handlers on named hooks; combat (plays,
enchantments, attacks, reactions, conquest losses) and turn (draws, the end of a turn,
the win) hold the rules that rules.py routes moves to; play_moves lists a turn's legal
moves only when read (the bot reads its parts).

Readings where the rulebook is silent or unclear (each has a test):
- Reactions (CH-3): the defender is asked after every enchantment and attack, even without
  a matching card, so waiting tells the attacker nothing; the table option
  `auto_decline` skips the question when no card could answer.
- Conquest losses the conqueror cannot pay in full (no card in hand or on any pile) lapse.
- Avalon works for the conquest that takes it ("its power applies at once", CA-12), once
  per turn, on the first or second conquest as its owner chooses.
- A third attack after two conquests is refused (CA-10: it could not conquer).
- Dark tiles count what their taker owns when cashed at the start of the next turn.
- When no face-up tile is left, every used tile turns face up again; a dark tile still
  held by a player stays with them.
- Discards (losses, hand limit) go face up on the discard pile.
- If both hands, the deck and the discards are empty at the end of a turn, nothing can
  ever change: the game ends and the most crowns win, shared when equal.
"""

from games.engine.core import register_game

from .config import ColoviniConfig
from .definition import GAME, ColoviniAvalon
from .state import ColoviniState, Phase

register_game(GAME)

__all__ = ["GAME", "ColoviniAvalon", "ColoviniConfig", "ColoviniState", "Phase"]
