"""The engine names the jousting presenter speaks (moves, events, phases, knight statuses,
the deck), imported in one place, the constants as the game's package exports them, so a
rename in the engine touches one file here; and the few values of events and the view that
have no engine constant. Events and moves come as their modules (`ev.TradeMade`,
`mv.MakeOffer`), not as long lists of class names."""

from games.engine.games.jousting import (
    BARTER,
    DISQUALIFIED,
    DRAFT,
    FIT,
    GAME,
    JOKER,
    JUDGEMENT,
    JUNK,
    KINDS,
    LAYING,
    card_name,
    deck,
)
from games.engine.games.jousting import events as ev
from games.engine.games.jousting import moves as mv

DECLINED = "declined"  # OfferClosed.how: the addressee declined (else the maker took it back)
PLACES = "places"  # a duel's `how` when it was won on places [JA-11], not by judgement

__all__ = [
    "BARTER",
    "DECLINED",
    "DISQUALIFIED",
    "DRAFT",
    "FIT",
    "GAME",
    "JOKER",
    "JUDGEMENT",
    "KINDS",
    "JUNK",
    "LAYING",
    "PLACES",
    "card_name",
    "deck",
    "ev",
    "mv",
]
