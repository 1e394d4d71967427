"""The five Avalon Locations: extra Camelot suits (TX-2) and Host Advantages (TH-7, TH-8).

Twilight and Oak Forest's suits are in the rulebook; Carmathen shares a suit with Twilight
and brings the special Merlin; the two unnamed Locations share no suit with Twilight.
"""

from __future__ import annotations

from games.engine.core import N_

from .carddata import CardData

LOCATIONS: dict[str, CardData] = {
    c.id: c
    for c in (
        CardData(
            "twilight",
            "Twilight",
            "avalon",
            "location",
            N_(
                "Host Advantage: this round, Sorcery cards in the Host's Weapon Hits inflict no "
                "Injury."
            ),
            "house",
            "suit_free",
            ("sorcery",),
            suits=("swords", "sorcery"),
        ),
        CardData(
            "oak-forest",
            "Oak Forest",
            "avalon",
            "location",
            N_("Host Advantage: the Host heals 15 at Dawn."),
            "house",
            "dawn_heal",
            (15,),
            suits=("swords", "deception"),
        ),
        CardData(
            "carmathen",
            "Carmathen",
            "avalon",
            "location",
            N_(
                "Host Advantage: at Dawn the Host adds the special Merlin to their hand (wild, "
                "25 Injury; set aside again at Dusk)."
            ),
            "inferred",
            "carmathen",
            (),
            suits=("sorcery", "alchemy"),
        ),
        CardData(
            "tintagel",
            "Tintagel",
            "avalon",
            "location",
            N_("Host Advantage: this round, Shame costs the Host no Injury."),
            "house",
            "shame_free",
            (),
            suits=("arrows", "deception"),
        ),
        CardData(
            "glastonbury-tor",
            "Glastonbury Tor",
            "avalon",
            "location",
            N_(
                "Host Advantage: this round, Poisoned basic weapons in the Host's Weapon Hits "
                "inflict 5 instead of 10."
            ),
            "house",
            "poison_soft",
            (),
            suits=("arrows", "alchemy"),
        ),
    )
}


def next_locations(previous: str | None) -> list[str]:
    """TX-4: a new Location shares a suit with the previous one (or is the same)."""
    if previous is None:
        return list(LOCATIONS)
    suits = set(LOCATIONS[previous].suits)
    return [lid for lid, loc in LOCATIONS.items() if suits & set(loc.suits)]
