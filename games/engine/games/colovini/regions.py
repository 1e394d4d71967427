"""The 11 region cards (CA-2, CH-1) as data: crowns, landscape and power.

The printed crowns and landscapes are unknown; CH-1 fixes ours here, in one table, so a
better source only changes data. Powers are named here and handled in powers.py.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine.core import N_

PLAIN, FOREST, HILL = "plain", "forest", "hill"
LANDSCAPES = (PLAIN, FOREST, HILL)

CASTLE = "castle"  # CA-14
AVALON = "avalon"  # CA-15
STONE_CIRCLE = "stone_circle"  # CA-15
SWAMP = "swamp"  # CA-15: no power, no reinforcements


@dataclass(frozen=True)
class Region:
    key: str
    name: str
    crowns: int
    landscape: str | None  # None: Avalon and the Swamp never count for reinforcements
    power: str | None

    @property
    def counts_for_tiles(self) -> bool:
        """CA-15, CA-16: Avalon and the Swamp give no reinforcements and break chains."""
        return self.landscape is not None


REGIONS: tuple[Region, ...] = (
    Region("avalon", N_("Avalon"), 1, None, AVALON),
    Region("swamp", N_("Swamp"), 1, None, SWAMP),
    Region("plain-1", N_("Plain"), 2, PLAIN, None),
    Region("plain-2", N_("Plain"), 2, PLAIN, None),
    Region("castle-1", N_("Castle in the plain"), 3, PLAIN, CASTLE),
    Region("forest-1", N_("Forest"), 2, FOREST, None),
    Region("stone-circle", N_("Magic Stone Circle in the forest"), 2, FOREST, STONE_CIRCLE),
    Region("castle-2", N_("Castle in the forest"), 3, FOREST, CASTLE),
    Region("hill-1", N_("Hill"), 2, HILL, None),
    Region("hill-2", N_("Hill"), 2, HILL, None),
    Region("castle-3", N_("Castle in the hills"), 3, HILL, CASTLE),
)

BY_KEY = {region.key: region for region in REGIONS}
ROW_LENGTH = len(REGIONS)
EXPECTED_CROWNS = sum(r.crowns for r in REGIONS) / len(REGIONS)  # a face-down region, on average

POWER_TEXT = {
    CASTLE: N_("Defence +1: an attacker needs more cards than the owner, and loses one more."),
    AVALON: N_("Its owner loses one card fewer after one conquest per turn."),
    STONE_CIRCLE: N_("Its owner may attack with a sorceress as if she were a knight."),
    SWAMP: N_("Gives no reinforcements."),
}
