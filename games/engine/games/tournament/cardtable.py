"""The readable card table (docs/tournament-cards.md), generated from the card data so the
document and the code can never disagree (TH-7: house texts are marked).

    python -m games.engine.games.tournament.cardtable > docs/tournament-cards.md
"""

from __future__ import annotations

from .carddata import CardData
from .characters import ALWAYS, CHARACTERS
from .godsends import CHAOS_EXCLUDED, GODSENDS
from .locations import LOCATIONS

RULINGS = [
    "Simultaneous effects (TT-23) resolve seat by seat from the lowest Health, and within a "
    "seat its Godsends, then its Protagonist, Companion and hosted Location; where their "
    "order changes a Dusk tally, the player with the least Health chooses it.",
    "A player whose turn comes with an empty hand (Arthur Pendragon's command, or uneven "
    "hands under Camelot rules) is Shamed without discarding (the rulebook's Arthur ruling).",
    "Under Camelot rules the round ends when every hand is empty (TT-15).",
    "Mists of Avalon discards only opponents' cards played before it and face up, as the "
    'rulebook says ("only affects opponents who played cards before"; "only discards '
    'revealed faceup card(s)") (TA-8).',
    "A Melee left with no card at all has no loser; its Lead Player leads again.",
    "Wild and special weapons get their value when played face up; in the Elf Queen's "
    "face-down Melees their player gives it as the card is turned up, card by card in turn "
    "order (the Lead Suit is announced when the first card is played) (TH-4).",
    "Powers that may be used or kept (Guinevere, Elf Knight, Sir Galahad, Armor of Avalon, "
    "Chivalry, Will of God) ask their owner each time they could apply; a player who runs "
    "out of time keeps the power (TH-9). At Dusk, before the tally, Will of God and "
    "Chivalry tokens left may be spent (Dusk step 3).",
    "Mordred's owner chooses among opponents tied for the most Health.",
    "Lancelot du Lac's card goes to the healthiest opponent (his owner chooses among tied "
    "opponents); cards discarded by the Armor of Avalon do not Shame their players.",
    "The Lion's extra card must be a basic or Alchemy card that is in-suit in that Melee.",
    "Value powers change the printed value; a card may count above 15 or below 1.",
    "Fey Changelings pass left in odd rounds and right in even rounds (TA-3).",
]

MARKS = {"rulebook": "rulebook", "inferred": "inferred", "house": "**house** ✱"}


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _threshold(c: CardData) -> str:
    if c.threshold is None:
        return ""
    return "none (always active)" if c.threshold >= ALWAYS else str(c.threshold)


def _characters(game: str) -> list[str]:
    rows = [
        "| Protagonist | Text | Source | Companion | Threshold | Text | Source |",
        "|---|---|---|---|---|---|---|",
    ]
    for p in CHARACTERS.values():
        if p.kind != "protagonist" or p.game != game:
            continue
        c = CHARACTERS[p.pair or ""]
        rows.append(
            f"| {p.name} | {_cell(p.text)} | {MARKS[p.source]} | {c.name} | "
            f"{_threshold(c)} | {_cell(c.text)} | {MARKS[c.source]} |"
        )
    return rows


def _godsends(game: str) -> list[str]:
    rows = ["| Godsend | Placed on | Text | Source |", "|---|---|---|---|"]
    for g in GODSENDS.values():
        if g.game == game:
            chaos = " (not in Chaos of Battle)" if g.id in CHAOS_EXCLUDED else ""
            rows.append(
                f"| {g.name}{chaos} | {'an opponent' if g.target == 'opponent' else 'you'}"
                f" | {_cell(g.text)} | {MARKS[g.source]} |"
            )
    return rows


def markdown() -> str:
    lines = [
        "# Tournament at Camelot and Tournament at Avalon: every card",
        "",
        "Generated from the card data (`games/engine/games/tournament/`); do not edit by hand:",
        "`python -m games.engine.games.tournament.cardtable > docs/tournament-cards.md`.",
        "",
        "Source: **rulebook** = printed in the rulebook; **inferred** = built from the",
        "rulebooks' interaction notes and public hints (research/cards.md); **house** ✱ = our",
        "own design where the printed text is unknown (TH-7).",
        "",
        "## Weapons",
        "",
        "| Card | Count | Value | Injury when taken |",
        "|---|---|---|---|",
        "| Basic weapons (Swords, Arrows, Sorcery, Deception) | 15 per suit | 1-15 | 5; "
        "Poisoned 10 (values 3, 6, 10, 13 by default, TH-1) |",
        "| Alchemy | 15 | 1-15, takes the Lead Suit | 5 |",
        "| Merlin (Camelot) | 3 | wild: value 1-15 assigned when played | 25 |",
        "| Sorcerer's Apprentice (Camelot) | 2 | wild | 5 |",
        "| Mists of Avalon | 3 | assigned (TH-4); discards the lowest card already in | 25 |",
        "| Morgan le Fay | 3 | assigned (TH-4); the highest value loses | 25 (Poisoned) |",
        "| Apprentice Sorceress | 2 | assigned (TH-4) | 10 (Poisoned) |",
        "| Merlin (Avalon, Carmathen only) | 1 | any suit and value | 25 (TH-5) |",
        "",
        "## Tournament at Camelot characters",
        "",
        *_characters("camelot"),
        "",
        "## Tournament at Avalon characters",
        "",
        *_characters("avalon"),
        "",
        "## Tournament at Camelot Godsends",
        "",
        *_godsends("camelot"),
        "",
        "## Tournament at Avalon Godsends",
        "",
        *_godsends("avalon"),
        "",
        "## Locations (Avalon)",
        "",
        "| Location | Extra Camelot suits (Chaos of Battle) | Host Advantage | Source |",
        "|---|---|---|---|",
        *[
            f"| {loc.name} | {' + '.join(s.title() for s in loc.suits)} | {_cell(loc.text)} | "
            f"{MARKS[loc.source]} |"
            for loc in LOCATIONS.values()
        ],
        "",
        "## Engine rulings",
        "",
        "Where the rulebooks leave a case open, this engine plays it so:",
        "",
        *[f"- {ruling}" for ruling in RULINGS],
        "",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    pass
