"""Protagonist/Companion pairs: 8 Camelot + 10 Avalon (TT-5, TH-7, TH-8).

Arthur Pendragon and The Sword are printed in full in the Avalon rulebook; the other texts
follow the hints in research/cards.md and are otherwise our house designs (source="house").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.engine.core import N_

from .carddata import CardData, Game, Source, slug

if TYPE_CHECKING:
    from .config import TournamentConfig

ALWAYS = 10_000  # The Green Sash: no Threshold for Use, active from the start


def _pair(
    game: Game,
    protagonist: tuple[str, str, Source, str, tuple[str | int, ...]],
    companion: tuple[str, int, str, Source, str, tuple[str | int, ...]],
) -> list[CardData]:
    p_name, p_text, p_source, p_effect, p_params = protagonist
    c_name, threshold, c_text, c_source, c_effect, c_params = companion
    p_id, c_id = slug(p_name), slug(c_name)
    return [
        CardData(
            p_id,
            p_name,
            game,
            "protagonist",
            p_text,
            p_source,
            p_effect,
            p_params,
            pair=c_id,
        ),
        CardData(
            c_id,
            c_name,
            game,
            "companion",
            c_text,
            c_source,
            c_effect,
            c_params,
            threshold=threshold,
            pair=p_id,
        ),
    ]


_CAMELOT = [
    *_pair(
        "camelot",
        (
            "King Arthur",
            N_(
                "Once per Tourney Round, when you play a card, you may add 3 to its "
                "value (the +3 token)."
            ),
            "inferred",
            "king_arthur",
            (3,),
        ),
        (
            "Excalibur",
            200,
            N_("At Dusk, Swords cards in your Weapon Hits inflict no Injury."),
            "house",
            "suit_free",
            ("swords",),
        ),
    ),
    *_pair(
        "camelot",
        (
            "Guinevere",
            N_(
                "Once per Tourney Round, when you would lose a Melee, you may have it lost "
                "instead by the player of the next card in line (next-lowest, or next-highest "
                "under Morgan le Fay)."
            ),
            "house",
            "guinevere",
            (),
        ),
        (
            "Lancelot",
            150,
            N_("At Dusk, Poisoned basic weapons in your Weapon Hits inflict 5 instead of 10."),
            "house",
            "poison_soft",
            (),
        ),
    ),
    *_pair(
        "camelot",
        ("Sir Gawain", N_("Shame costs you no Injury."), "house", "shame_free", ()),
        (
            "The Green Sash",
            ALWAYS,
            N_("No Threshold: active from the start. At Dusk, reduce your Injury by 10."),
            "house",
            "dusk_reduce",
            (10,),
        ),
    ),
    *_pair(
        "camelot",
        (
            "Mordred",
            N_(
                "At Dusk, before the tally, your most injurious Weapon Hit goes into the "
                "Weapon Hits of the healthiest opponent."
            ),
            "house",
            "mordred",
            (),
        ),
        (
            "Morgause",
            200,
            N_("Whenever you are Shamed, the Lead Player of that Melee takes 5 Injury too."),
            "house",
            "morgause",
            (5,),
        ),
    ),
    *_pair(
        "camelot",
        (
            "Sir Tristan",
            N_("Your Arrows cards count 1 higher in Melees."),
            "house",
            "value_bonus",
            ("arrows", 1),
        ),
        ("Iseult", 200, N_("At Dawn, heal 10."), "house", "dawn_heal", (10,)),
    ),
    *_pair(
        "camelot",
        (
            "Sir Gareth",
            N_("Your Alchemy cards count 2 higher in Melees."),
            "house",
            "value_bonus",
            ("alchemy", 2),
        ),
        (
            "Lynette",
            200,
            N_("At Dusk, Alchemy cards in your Weapon Hits inflict no Injury."),
            "house",
            "suit_free",
            ("alchemy",),
        ),
    ),
    *_pair(
        "camelot",
        ("Sir Bedivere", N_("Your Injury at Dusk is at most 60."), "house", "cap", (60,)),
        (
            "The Scabbard",
            100,
            N_(
                "At Dusk, Merlin, Morgan le Fay and Mists of Avalon in your "
                "Weapon Hits inflict 10 instead of 25."
            ),
            "house",
            "special_soft",
            (10,),
        ),
    ),
    *_pair(
        "camelot",
        (
            "Sir Kay",
            N_("Whenever another player is Shamed, they take 5 more Injury."),
            "house",
            "kay",
            (5,),
        ),
        (
            "Sir Ector",
            200,
            N_("When Sir Ector joins you (at his Threshold), heal 25 at once."),
            "house",
            "join_heal",
            (25,),
        ),
    ),
]

_AVALON = [
    *_pair(
        "avalon",
        (
            "Arthur Pendragon",
            N_(
                "Once per Tourney Round: you may command an opponent to play a "
                "card from their hand in place of yours. They take the results of both the card "
                "they play for their turn and for yours. At the end of Melee, give the opponent a "
                "card from your hand."
            ),
            "rulebook",
            "arthur",
            (),
        ),
        (
            "The Sword",
            200,
            N_(
                "After cards are dealt, but before passing: you may allow or deny "
                "passing cards this Tourney Round. If cards are passed, add the cards to your hand "
                "before you pass."
            ),
            "rulebook",
            "sword",
            (),
        ),
    ),
    *_pair(
        "avalon",
        (
            "Merlin",
            N_(
                "In any Melee, when you play a card you may also play one Sorcery card "
                "from your hand; both count for the loss and as Weapon Hits."
            ),
            "inferred",
            "extra_card",
            ("sorcery",),
        ),
        (
            "Wizard Staff",
            200,
            N_("Your Sorcery cards count 2 higher in Melees."),
            "house",
            "value_bonus",
            ("sorcery", 2),
        ),
    ),
    *_pair(
        "avalon",
        (
            "Sir Percival",
            N_(
                "At Dusk, you may give the Arrows cards in your Weapon Hits to "
                "opponents, to one or several of them."
            ),
            "inferred",
            "percival",
            (),
        ),
        (
            "The Swan",
            200,
            N_(
                "A Godsend placed in front of you that would harm you is discarded "
                "at once; one that heals you heals 10 more."
            ),
            "house",
            "swan",
            (10,),
        ),
    ),
    *_pair(
        "avalon",
        (
            "Nimue",
            N_(
                "At Dawn, choose a Location: you host it this Tourney Round and gain its "
                "Host Advantage (it adds no weapons to the deck)."
            ),
            "inferred",
            "nimue",
            (),
        ),
        (
            "Grimoire",
            200,
            N_("At Dusk, reduce your Injury by 5 for each Sorcery card in your Weapon Hits."),
            "house",
            "grimoire",
            (5,),
        ),
    ),
    *_pair(
        "avalon",
        (
            "Sir Bors",
            N_(
                "When a Melee ends with your card in a Feint, you and every other player "
                "in that Feint heal 5 (once per player)."
            ),
            "inferred",
            "bors",
            (5,),
        ),
        (
            "Sir Lionel",
            200,
            N_(
                "Once per Tourney Round, at Dusk, give up to 2 cards from your "
                "Weapon Hits to one opponent."
            ),
            "inferred",
            "lionel",
            (2,),
        ),
    ),
    *_pair(
        "avalon",
        (
            "Lancelot du Lac",
            N_(
                "When a Feint holding your card breaks, your card leaves the "
                "Melee and goes into the Weapon Hits of the healthiest opponent."
            ),
            "inferred",
            "lancelot",
            (),
        ),
        (
            "Armor of Avalon",
            200,
            N_(
                "Once per Tourney Round, when a Melee ends with your card in a Feint, you may "
                "discard the other cards of that Feint (the Feint breaks)."
            ),
            "inferred",
            "armor",
            (),
        ),
    ),
    *_pair(
        "avalon",
        (
            "Sir Morien",
            N_(
                "While your Swords card is in a Melee, Swords cards are in-suit for "
                "the cards played after it. No effect in Melees led by the Elf Queen."
            ),
            "inferred",
            "morien",
            (),
        ),
        (
            "The Destrier",
            250,
            N_(
                "When you play a Swords card valued 13 or more into a Melee you do not lead, the "
                "Lead Player takes 5 Injury (the charge)."
            ),
            "house",
            "destrier",
            (13, 5),
        ),
    ),
    *_pair(
        "avalon",
        (
            "Elf Queen",
            N_(
                "Melees you lead are played face down: the Lead Suit is announced, and "
                "the cards are revealed in turn after the last card is played."
            ),
            "inferred",
            "elf_queen",
            (),
        ),
        (
            "Elf Knight",
            200,
            N_(
                "Once per Tourney Round, when you would lose a Melee, you may place the "
                "Elf Knight token on your card: it counts as Feinted for that whole Melee."
            ),
            "inferred",
            "elf_knight",
            (),
        ),
    ),
    *_pair(
        "avalon",
        (
            "Sir Yvain",
            N_("At Dusk, Deception cards in your Weapon Hits inflict no Injury."),
            "house",
            "suit_free",
            ("deception",),
        ),
        (
            "The Lion",
            200,
            N_(
                "Once per Tourney Round, when you play a card, you may play one more "
                "card that is legal there; all your cards count for the loss."
            ),
            "inferred",
            "extra_card",
            ("any",),
        ),
    ),
    *_pair(
        "avalon",
        (
            "Sir Galahad",
            N_(
                "Once per Tourney Round, when you lose a Melee, you may take only your "
                "own cards; the rest are set aside for the loser of the next Melee."
            ),
            "house",
            "galahad",
            (),
        ),
        (
            "The Grail",
            100,
            N_(
                "Reaching 0 Health does not end the game for you (or for anyone) "
                "unless your Health falls below -150."
            ),
            "inferred",
            "grail",
            (-150,),
        ),
    ),
]

CHARACTERS: dict[str, CardData] = {c.id: c for c in _CAMELOT + _AVALON}


def protagonists(game: str) -> list[str]:
    return [c.id for c in CHARACTERS.values() if c.kind == "protagonist" and c.game == game]


def protagonists_for(config: TournamentConfig) -> list[str]:
    """TT-5, TX-1: the Protagonists a table deals from."""
    if config.chaos:
        return protagonists("camelot") + protagonists("avalon")
    return protagonists(config.deck)


def threshold(companion: str) -> int:
    """TT-5: the Health at or below which a Companion unlocks."""
    value = CHARACTERS[companion].threshold
    return ALWAYS if value is None else value
