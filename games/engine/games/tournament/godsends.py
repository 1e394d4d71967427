"""Godsend cards: 24 Camelot + 26 Avalon (TT-20..TT-22, TX-3, TH-7, TH-8).

Only names are known for a handful (Will of God, Beswitched, Dwarves, Alchemy, Black Knight,
Ring of Stones, Guinguemar, Chivalry, Plague); every text is a house design. A Godsend with
target "opponent" is placed in front of the opponent its picker names.
"""

from __future__ import annotations

from games.engine.core import N_

from .carddata import CardData, Game, Source, Target, slug

_G = tuple[str, str, Source, str, tuple[str | int, ...], Target]

_CAMELOT: list[_G] = [
    (
        "Will of God",
        N_(
            "Take 3 Will of God tokens: at Dusk, before the tally, spend any of them; each "
            "cancels 10 of your Injury."
        ),
        "inferred",
        "will_of_god",
        (3, 10),
        "self",
    ),
    (
        "Beswitched",
        N_("Place on an opponent: this round their cards count 2 lower in Melees."),
        "house",
        "value_malus",
        (2,),
        "opponent",
    ),
    (
        "Dwarves",
        N_("This round, Poisoned basic weapons in your Weapon Hits inflict 5 instead of 10."),
        "house",
        "poison_soft",
        (),
        "self",
    ),
    (
        "Alchemy",
        N_("This round your Alchemy cards count 3 higher in Melees."),
        "house",
        "value_bonus",
        ("alchemy", 3),
        "self",
    ),
    (
        "Black Knight",
        N_("Place on an opponent: they take 15 Injury at once."),
        "house",
        "injure",
        (15,),
        "opponent",
    ),
    ("Holy Grail", N_("Heal 25 at once."), "house", "heal", (25,), "self"),
    ("Lady of the Lake", N_("Heal 20 at once."), "house", "heal", (20,), "self"),
    (
        "The Round Table",
        N_("This round, Shame costs you no Injury."),
        "house",
        "shame_free",
        (),
        "self",
    ),
    (
        "Fire Drake",
        N_("Place on an opponent: this round their Swords hits inflict double Injury."),
        "house",
        "double_suit",
        ("swords",),
        "opponent",
    ),
    (
        "Wyvern",
        N_("Place on an opponent: this round their Arrows hits inflict double Injury."),
        "house",
        "double_suit",
        ("arrows",),
        "opponent",
    ),
    (
        "Hex",
        N_("Place on an opponent: this round their Sorcery hits inflict double Injury."),
        "house",
        "double_suit",
        ("sorcery",),
        "opponent",
    ),
    (
        "Treachery",
        N_("Place on an opponent: this round their Deception hits inflict double Injury."),
        "house",
        "double_suit",
        ("deception",),
        "opponent",
    ),
    (
        "Jousting Shield",
        N_("This round, your Injury at Dusk is at most 50."),
        "house",
        "cap",
        (50,),
        "self",
    ),
    ("Healing Herbs", N_("Heal 15 at once."), "house", "heal", (15,), "self"),
    (
        "Pilgrimage",
        N_("At Dusk this round, reduce your Injury by 20."),
        "house",
        "dusk_reduce",
        (20,),
        "self",
    ),
    (
        "Saint's Relic",
        N_(
            "This round, Merlin, Morgan le Fay and Mists of Avalon in your Weapon Hits "
            "inflict 10 instead of 25."
        ),
        "house",
        "special_soft",
        (10,),
        "self",
    ),
    (
        "Longbowman",
        N_("This round your Arrows cards count 2 higher in Melees."),
        "house",
        "value_bonus",
        ("arrows", 2),
        "self",
    ),
    (
        "Court Wizard",
        N_("This round your Sorcery cards count 2 higher in Melees."),
        "house",
        "value_bonus",
        ("sorcery", 2),
        "self",
    ),
    (
        "Spymaster",
        N_("This round your Deception cards count 2 higher in Melees."),
        "house",
        "value_bonus",
        ("deception", 2),
        "self",
    ),
    (
        "Ambush",
        N_("Place on an opponent: they take 10 Injury at once."),
        "house",
        "injure",
        (10,),
        "opponent",
    ),
    (
        "Blessed Armour",
        N_("This round, Swords cards in your Weapon Hits inflict no Injury."),
        "house",
        "suit_free",
        ("swords",),
        "self",
    ),
    (
        "Shield Wall",
        N_("This round, Arrows cards in your Weapon Hits inflict no Injury."),
        "house",
        "suit_free",
        ("arrows",),
        "self",
    ),
    (
        "Amulet",
        N_("This round, Sorcery cards in your Weapon Hits inflict no Injury."),
        "house",
        "suit_free",
        ("sorcery",),
        "self",
    ),
    (
        "Pentecost Feast",
        N_("At Dusk this round, reduce your Injury by 15."),
        "house",
        "dusk_reduce",
        (15,),
        "self",
    ),
]

# The Avalon box's house Godsends that play as a Camelot one, under Avalon names.
_CAMELOT_BY_NAME = {card[0]: card for card in _CAMELOT}


def _like(name: str, camelot: str) -> _G:
    """An Avalon Godsend with the text, source, effect and target of a Camelot one."""
    _, text, source, effect, params, target = _CAMELOT_BY_NAME[camelot]
    return (name, text, source, effect, params, target)


_AVALON: list[_G] = [
    (
        "Ring of Stones",
        N_(
            "Choose a Location at once: you host it this round and gain its Host "
            "Advantage (it adds no weapons to the deck)."
        ),
        "inferred",
        "ring_of_stones",
        (),
        "self",
    ),
    (
        "Guinguemar",
        N_(
            "Place on an opponent: this round Enhanced Alchemy does not apply to them "
            "(they follow Camelot's Alchemy rules)."
        ),
        "inferred",
        "guinguemar",
        (),
        "opponent",
    ),
    (
        "Chivalry",
        N_(
            "Take 3 Chivalry tokens: after a Melee you lose this round, you may spend one to "
            "heal 5."
        ),
        "inferred",
        "chivalry",
        (3, 5),
        "self",
    ),
    (
        "Plague",
        N_("Place 3 Plague tokens on an opponent: each inflicts 5 Injury on them at Dusk."),
        "inferred",
        "dusk_extra",
        (15,),
        "opponent",
    ),
    _like("Apples of Avalon", "Holy Grail"),
    _like("Healing Spring", "Healing Herbs"),
    (
        "Fey Glamour",
        N_("This round your Alchemy cards count 2 higher in Melees."),
        "house",
        "value_bonus",
        ("alchemy", 2),
        "self",
    ),
    _like("Sacred Well", "Pilgrimage"),
    _like("Druid's Blessing", "Dwarves"),
    _like("Morgan's Curse", "Hex"),
    _like("Raven Omen", "Ambush"),
    (
        "Oak Charm",
        N_("This round, Deception cards in your Weapon Hits inflict no Injury."),
        "house",
        "suit_free",
        ("deception",),
        "self",
    ),
    _like("Silver Arrows", "Longbowman"),
    _like("Mistwalker", "Saint's Relic"),
    _like("Fey Veil", "The Round Table"),
    _like("Barge of Avalon", "Jousting Shield"),
    _like("Wild Hunt", "Wyvern"),
    _like("Bramble Curse", "Beswitched"),
    _like("Beltane Fire", "Fire Drake"),
    (
        "Samhain Shadows",
        N_("Place on an opponent: at Dusk this round they take 10 more Injury."),
        "house",
        "dusk_extra",
        (10,),
        "opponent",
    ),
    _like("Holly Crown", "Blessed Armour"),
    _like("Willow Wand", "Court Wizard"),
    _like("Hawthorn Shield", "Shield Wall"),
    _like("Nine Sisters", "Lady of the Lake"),
    _like("Lake Mist", "Pentecost Feast"),
    _like("Changeling Trick", "Treachery"),
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
