"""The shape of card data shared by characters, Godsends and Locations (TH-7).

Every power-bearing card is data: name, game, kind, threshold, text and `source`
(rulebook | inferred | house). `effect` names the handler family in `powers/`, `params`
tunes it, so the text shown to players and the code that runs stay side by side.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Source = Literal["rulebook", "inferred", "house"]
CardKind = Literal["protagonist", "companion", "godsend", "location"]
Target = Literal["self", "opponent"]
Game = Literal["camelot", "avalon"]


@dataclass(frozen=True)
class CardData:
    id: str
    name: str
    game: Game
    kind: CardKind
    text: str
    source: Source
    effect: str
    params: tuple[str | int, ...] = ()
    threshold: int | None = None  # companions: Health at or below which it unlocks (TT-5)
    pair: str | None = None  # protagonist <-> companion
    target: Target = "self"  # Godsends: whom it is placed on (TT-22)
    suits: tuple[str, ...] = ()  # Locations: the extra Camelot suits (TX-2)


def slug(name: str) -> str:
    name = name.lower().replace("'", "")
    return "".join(c if c.isalnum() else "-" for c in name).replace("--", "-").strip("-")
