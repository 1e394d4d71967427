"""Godsend cards: 24 Camelot + 26 Avalon (TT-20..TT-22, TX-3, TH-7, TH-8).

Only names are known for a handful (Will of God, Beswitched, Dwarves, Alchemy, Black Knight,
Ring of Stones, Guinguemar, Chivalry, Plague); every text is a house design. A Godsend with
target "opponent" is placed in front of the opponent its picker names.
"""

from __future__ import annotations

from .carddata import CardData, Game, Source, Target, slug

_G = tuple[str, str, Source, str, tuple[str | int, ...], Target]

_CAMELOT: list[_G] = [
    (
        "Will of God",
        "Take 3 Will of God tokens: at Dusk, before the tally, spend any of them; each "
        "cancels 10 of your Injury.",
        "inferred",
        "will_of_god",
        (3, 10),
        "self",
    ),
    (
        "Beswitched",
        "Place on an opponent: this round their cards count 2 lower in Melees.",
        "house",
        "value_malus",
        (2,),
        "opponent",
    ),
    (
        "Dwarves",
        "This round, Poisoned basic weapons in your Weapon Hits inflict 5 instead of 10.",
        "house",
        "poison_soft",
        (),
        "self",
    ),
    (
        "Alchemy",
        "This round your Alchemy cards count 3 higher in Melees.",
        "house",
        "value_bonus",
        ("alchemy", 3),
        "self",
    ),
    (
        "Black Knight",
        "Place on an opponent: they take 15 Injury at once.",
        "house",
        "injure",
        (15,),
        "opponent",
    ),
    ("Holy Grail", "Heal 25 at once.", "house", "heal", (25,), "self"),
    ("Lady of the Lake", "Heal 20 at once.", "house", "heal", (20,), "self"),
    (
        "The Round Table",
        "This round, Shame costs you no Injury.",
        "house",
        "shame_free",
        (),
        "self",
    ),
    (
        "Fire Drake",
        "Place on an opponent: this round their Swords hits inflict double Injury.",
        "house",
        "double_suit",
        ("swords",),
        "opponent",
    ),
    (
        "Wyvern",
        "Place on an opponent: this round their Arrows hits inflict double Injury.",
        "house",
        "double_suit",
        ("arrows",),
        "opponent",
    ),
    (
        "Hex",
        "Place on an opponent: this round their Sorcery hits inflict double Injury.",
        "house",
        "double_suit",
        ("sorcery",),
        "opponent",
    ),
    (
        "Treachery",
        "Place on an opponent: this round their Deception hits inflict double Injury.",
        "house",
        "double_suit",
        ("deception",),
        "opponent",
    ),
    (
        "Jousting Shield",
        "This round, your Injury at Dusk is at most 50.",
        "house",
        "cap",
        (50,),
        "self",
    ),
    ("Healing Herbs", "Heal 15 at once.", "house", "heal", (15,), "self"),
    (
        "Pilgrimage",
        "At Dusk this round, reduce your Injury by 20.",
        "house",
        "dusk_reduce",
        (20,),
        "self",
    ),
    (
        "Saint's Relic",
        "This round, Merlin, Morgan le Fay and Mists of Avalon in your Weapon Hits "
        "inflict 10 instead of 25.",
        "house",
        "special_soft",
        (10,),
        "self",
    ),
    (
        "Longbowman",
        "This round your Arrows cards count 2 higher in Melees.",
        "house",
        "value_bonus",
        ("arrows", 2),
        "self",
    ),
    (
        "Court Wizard",
        "This round your Sorcery cards count 2 higher in Melees.",
        "house",
        "value_bonus",
        ("sorcery", 2),
        "self",
    ),
    (
        "Spymaster",
        "This round your Deception cards count 2 higher in Melees.",
        "house",
        "value_bonus",
        ("deception", 2),
        "self",
    ),
    (
        "Ambush",
        "Place on an opponent: they take 10 Injury at once.",
        "house",
        "injure",
        (10,),
        "opponent",
    ),
    (
        "Blessed Armour",
        "This round, Swords cards in your Weapon Hits inflict no Injury.",
        "house",
        "suit_free",
        ("swords",),
        "self",
    ),
    (
        "Shield Wall",
        "This round, Arrows cards in your Weapon Hits inflict no Injury.",
        "house",
        "suit_free",
        ("arrows",),
        "self",
    ),
    (
        "Amulet",
        "This round, Sorcery cards in your Weapon Hits inflict no Injury.",
        "house",
        "suit_free",
        ("sorcery",),
        "self",
    ),
    (
        "Pentecost Feast",
        "At Dusk this round, reduce your Injury by 15.",
        "house",
        "dusk_reduce",
        (15,),
        "self",
    ),
]

_AVALON: list[_G] = [
    (
        "Ring of Stones",
        "Choose a Location at once: you host it this round and gain its Host "
        "Advantage (it adds no weapons to the deck).",
        "inferred",
        "ring_of_stones",
        (),
        "self",
    ),
    (
        "Guinguemar",
        "Place on an opponent: this round Enhanced Alchemy does not apply to them "
        "(they follow Camelot's Alchemy rules).",
        "inferred",
        "guinguemar",
        (),
        "opponent",
    ),
    (
        "Chivalry",
        "Take 3 Chivalry tokens: after a Melee you lose this round, you may spend one to heal 5.",
        "inferred",
        "chivalry",
        (3, 5),
        "self",
    ),
    (
        "Plague",
        "Place 3 Plague tokens on an opponent: each inflicts 5 Injury on them at Dusk.",
        "inferred",
        "dusk_extra",
        (15,),
        "opponent",
    ),
    ("Apples of Avalon", "Heal 25 at once.", "house", "heal", (25,), "self"),
    ("Healing Spring", "Heal 15 at once.", "house", "heal", (15,), "self"),
    (
        "Fey Glamour",
        "This round your Alchemy cards count 2 higher in Melees.",
        "house",
        "value_bonus",
        ("alchemy", 2),
        "self",
    ),
    (
        "Sacred Well",
        "At Dusk this round, reduce your Injury by 20.",
        "house",
        "dusk_reduce",
        (20,),
        "self",
    ),
    (
        "Druid's Blessing",
        "This round, Poisoned basic weapons in your Weapon Hits inflict 5 instead of 10.",
        "house",
        "poison_soft",
        (),
        "self",
    ),
    (
        "Morgan's Curse",
        "Place on an opponent: this round their Sorcery hits inflict double Injury.",
        "house",
        "double_suit",
        ("sorcery",),
        "opponent",
    ),
    (
        "Raven Omen",
        "Place on an opponent: they take 10 Injury at once.",
        "house",
        "injure",
        (10,),
        "opponent",
    ),
    (
        "Oak Charm",
        "This round, Deception cards in your Weapon Hits inflict no Injury.",
        "house",
        "suit_free",
        ("deception",),
        "self",
    ),
    (
        "Silver Arrows",
        "This round your Arrows cards count 2 higher in Melees.",
        "house",
        "value_bonus",
        ("arrows", 2),
        "self",
    ),
    (
        "Mistwalker",
        "This round, Merlin, Morgan le Fay and Mists of Avalon in your Weapon Hits "
        "inflict 10 instead of 25.",
        "house",
        "special_soft",
        (10,),
        "self",
    ),
    ("Fey Veil", "This round, Shame costs you no Injury.", "house", "shame_free", (), "self"),
    (
        "Barge of Avalon",
        "This round, your Injury at Dusk is at most 50.",
        "house",
        "cap",
        (50,),
        "self",
    ),
    (
        "Wild Hunt",
        "Place on an opponent: this round their Arrows hits inflict double Injury.",
        "house",
        "double_suit",
        ("arrows",),
        "opponent",
    ),
    (
        "Bramble Curse",
        "Place on an opponent: this round their cards count 2 lower in Melees.",
        "house",
        "value_malus",
        (2,),
        "opponent",
    ),
    (
        "Beltane Fire",
        "Place on an opponent: this round their Swords hits inflict double Injury.",
        "house",
        "double_suit",
        ("swords",),
        "opponent",
    ),
    (
        "Samhain Shadows",
        "Place on an opponent: at Dusk this round they take 10 more Injury.",
        "house",
        "dusk_extra",
        (10,),
        "opponent",
    ),
    (
        "Holly Crown",
        "This round, Swords cards in your Weapon Hits inflict no Injury.",
        "house",
        "suit_free",
        ("swords",),
        "self",
    ),
    (
        "Willow Wand",
        "This round your Sorcery cards count 2 higher in Melees.",
        "house",
        "value_bonus",
        ("sorcery", 2),
        "self",
    ),
    (
        "Hawthorn Shield",
        "This round, Arrows cards in your Weapon Hits inflict no Injury.",
        "house",
        "suit_free",
        ("arrows",),
        "self",
    ),
    ("Nine Sisters", "Heal 20 at once.", "house", "heal", (20,), "self"),
    (
        "Lake Mist",
        "At Dusk this round, reduce your Injury by 15.",
        "house",
        "dusk_reduce",
        (15,),
        "self",
    ),
    (
        "Changeling Trick",
        "Place on an opponent: this round their Deception hits inflict double Injury.",
        "house",
        "double_suit",
        ("deception",),
        "opponent",
    ),
]

_BOXES: tuple[tuple[Game, list[_G]], ...] = (("camelot", _CAMELOT), ("avalon", _AVALON))

GODSENDS: dict[str, CardData] = {
    slug(name): CardData(
        slug(name), name, game, "godsend", text, source, effect, params, target=target
    )
    for game, cards in _BOXES
    for name, text, source, effect, params, target in cards
}

CHAOS_EXCLUDED = ("beswitched", "dwarves", "alchemy", "black-knight")  # TX-3


def godsend_deck(deck: str, chaos: bool) -> list[str]:
    """TT-22, TX-3: the Godsends shuffled for a table."""
    if chaos:
        return [g for g in GODSENDS if g not in CHAOS_EXCLUDED]
    return [g.id for g in GODSENDS.values() if g.game == deck]
