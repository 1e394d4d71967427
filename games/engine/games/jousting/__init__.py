"""Avalon, the jousting game (FUN Connection; rules: docs/rules/jousting-avalon.md),
registered as "jousting-avalon".

How the engine reads the rules where the web needs a decision (cited in the modules):
- Barter (JA-6, JH-3): offers give cards and/or coins for cards and/or coins, to one knight
  or open to all; accepting re-checks both sides and swaps atomically. A new offer reopens
  the session for its addressees; an accepted trade reopens it for everyone. The session
  ends when every knight has said "done" since (the timeout default is "done"). Offers per
  knight per session are limited by a table option (default 10), and offers and showings
  carry the table's `stamp` from the view so none is made against a stale table.
- legal_moves lists a small sample of offers and showings; decide() accepts every legal one.
- Duels (JA-9): all duelists of a round lay at once, in secret; the duels are then revealed
  and settled one by one in course order, each followed by its junk-pile purchases (JA-13).
- God's judgement (JA-12, JH-5): by lot from the seed by default; with the live option the
  chips are thrown (public) and the first pick received decides (see judgement.py).
- Withdrawal (JA-7) is open to every knight still in the fighting whenever the game waits
  on anyone, also when it is not their turn (`optional_seats`, see rules.py): their duels
  not yet revealed are called off, a live judgement of their own goes to the other.
- The end (JA-14, JH-6) is checked after every event: the game ends as soon as at most one
  knight can still show a complete set (fitness.py); that knight gets the 10-coin bonus
  only if they hold a set at that moment.
"""

from games.engine.core import register_game

from .cards import JOKER, KINDS, card_name, deck
from .config import JoustingConfig
from .definition import GAME, JoustingAvalon
from .state import BARTER, DISQUALIFIED, DRAFT, FIT, JUDGEMENT, JUNK, LAYING, JoustingState

register_game(GAME)

__all__ = [
    "GAME",
    "JoustingAvalon",
    "JoustingConfig",
    "JoustingState",
    # The phases and knight statuses of the state, the deck and its cards' names: what the
    # web names.
    "BARTER",
    "DRAFT",
    "JUDGEMENT",
    "JUNK",
    "LAYING",
    "DISQUALIFIED",
    "FIT",
    "JOKER",
    "KINDS",
    "card_name",
    "deck",
]
