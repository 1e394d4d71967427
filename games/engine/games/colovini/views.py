"""What each viewer may see: per-seat views, redacted events, and the list of secrets.

CH-4: hands, the deck order and face-down regions are secret; the opponent sees a hand's
size only. Everything on the table is face up (CA-5), and so is the discard pile (our
reading: the rulebook never hides it). At the end everything is revealed.

Secret facts use one JSON shape everywhere, so the leak test can find them:
{"seat": s, "hand": [...]} (sorted), {"deck": [...]} and {"region_index": i, "region": key}.
"""

from __future__ import annotations

from itertools import count, repeat
from typing import Any, Final

from games.engine.core import JSON, Event, Secret, Viewer, public_redact, to_json
from games.engine.core.memo import options_of, shared

from . import combat, powers
from .config import HAND_LIMIT, MAX_CONQUESTS, WIN_CROWNS
from .events import CardsDrawn, DeckReshuffled, GameSetUp, Pile
from .regions import BY_KEY, POWER_TEXT
from .rules import outcome, pending_seats
from .state import COUNTER, OVER, ColoviniState
from .tiles import TILES


def hand(seat: int, cards: tuple[str, ...]) -> dict[str, JSON]:
    return {"seat": seat, "hand": list(cards)}


def view(state: ColoviniState, viewer: Viewer) -> dict[str, JSON]:
    over = state.phase is OVER
    pending = pending_seats(state)
    out: dict[str, JSON] = {
        "game": "colovini-avalon",
        "phase": state.phase.value,
        "turn": state.turn,
        "active": state.active,
        "waiting_for": sorted(pending),
        "options": options_of(state.config),
        "win_crowns": WIN_CROWNS,
        "hand_limit": HAND_LIMIT,
        "max_conquests": MAX_CONQUESTS,
        "conquests_this_turn": state.conquests,
        "avalon_used": state.avalon_used,
        "regions": list(_regions(state, over)),
        "players": [_player(state, s) for s in (0, 1)],
        "deck_size": len(state.deck),
        "discard": list(state.discard),
        "tiles": _tiles(state),
        "reaction": _reaction(state),
        "losses": _losses(state),
        "outcome": _outcome(state),
        "you": None if viewer is None else _you(state, viewer, pending),
        "reveal": _reveal(state) if over else None,
    }
    return out


def bot_view(state: ColoviniState, seat: int) -> dict[str, JSON]:
    """The part of `view(state, seat)` the bot reads (bot.py), built without the rest: the
    same values under a subset of the keys, so nothing the seat may not know (tests/engine
    check it against the full view at every decision of seeded games, and that the bot
    chooses the same from both). The region row is the shared one, not a copy: the bot only
    reads it."""
    return {
        "turn": state.turn,
        "win_crowns": WIN_CROWNS,
        "hand_limit": HAND_LIMIT,
        "max_conquests": MAX_CONQUESTS,
        "conquests_this_turn": state.conquests,
        "avalon_used": state.avalon_used,
        "regions": _bot_regions(state),
        # (shared by value: the crowns change only with a conquest; the bot only reads it)
        "players": shared("ca.bot_players", state.both_crowns(), _crowns_of, by_value=True),
        "discard": list(state.discard),
        "you": hand(seat, state.hands[seat]),
    }


def _crowns_of(crowns: tuple[int, int]) -> list[JSON]:
    return [{"seat": s, "crowns": c} for s, c in enumerate(crowns)]


def _regions(state: ColoviniState, over: bool) -> list[dict[str, JSON]]:
    # Most moves change no region or only a pile or two (a card played, a loss paid from
    # a pile): the row of the last view is handed out again, or built from its entries,
    # found by identity (the state's fields are the very same objects), with only the
    # changed regions' entries looked up. A conquest (faces, owners, defences) or another
    # game's state builds the row entry by entry, each shared by value.
    fixed = (state.row, state.face_up, over, state.owners, powers.defence_bonuses(state))
    # (as objects: compiled, a `tuple[Pile, Pile]` item is unboxed and boxed anew, so an
    # identity test of two would never hold)
    piles: tuple[object, ...] = state.piles
    last_fixed, last_piles, last_row = _LAST_ROW[0]
    if fixed == last_fixed:  # the parts' identities first: cheap when unchanged
        if piles is last_piles:
            return last_row
        row = [
            entry if pair is last_pair else _region(fixed, index, state.piles[index])
            for index, (pair, last_pair, entry) in enumerate(
                zip(piles, last_piles, last_row, strict=True)
            )
        ]
    else:
        keys, face_up, over, owners, defences = fixed
        entries = zip(count(), keys, face_up, repeat(over), owners, defences, state.piles)
        row = [_region_entry(entry) for entry in entries]
    _LAST_ROW[0] = (fixed, piles, row)
    return row


# What the last region row was built from (the fixed parts and the piles), and the row
# (one slot: replaced whole).
Fixed = tuple[tuple[str, ...], tuple[bool, ...], bool, tuple[int | None, ...], tuple[int, ...]]
_LAST_ROW: Final[list[tuple[Fixed | tuple[()], tuple[object, ...], list[dict[str, JSON]]]]] = [
    ((), (), [])
]


def _bot_regions(state: ColoviniState) -> list[dict[str, JSON]]:
    """The region row of `bot_view`: each entry the keys the bot reads, kept from the last
    bot row while its region's inputs are the same (the piles by identity: a move changes a
    pile or two, a conquest one region's owner and face), so a move builds one entry or
    none instead of the row (a dict of 13 keys per region, a quarter of a game's work)."""
    keys, face_up, owners, over = state.row, state.face_up, state.owners, state.phase is OVER
    piles: tuple[object, ...] = state.piles  # (as objects: see `_regions`)
    last = _LAST_BOT_ROW[0]
    last_keys, last_face_up, last_owners, last_over, last_piles, last_defences, last_row = last
    same_row = keys is last_keys and over == last_over and len(last_row) == len(keys)
    if same_row and piles is last_piles and owners is last_owners and face_up is last_face_up:
        return last_row
    defences = powers.defence_bonuses(state)
    row: list[dict[str, JSON]] = []
    for index in range(len(keys)):
        if (
            same_row
            and piles[index] is last_piles[index]
            and face_up[index] == last_face_up[index]
            and owners[index] == last_owners[index]
            and defences[index] == last_defences[index]
        ):
            row.append(last_row[index])
        else:
            row.append(_bot_entry(state, index, over, defences[index]))
    _LAST_BOT_ROW[0] = (keys, face_up, owners, over, piles, defences, row)
    return row


def _bot_entry(state: ColoviniState, index: int, over: bool, defence: int) -> dict[str, JSON]:
    """`_region_entry`'s keys that the bot reads (bot.py), the same values."""
    shown = state.face_up[index] or over
    region = BY_KEY[state.row[index]]
    first, second = state.piles[index]  # seat 0's pile, seat 1's
    return {
        "region_index": index,
        "region": region.key if shown else None,
        "crowns": region.crowns if shown else None,
        "owner": state.owners[index],
        "defence_bonus": defence,
        "piles": [list(first), list(second)],
        "counts": [len(first), len(second)],
    }


# What the last bot row was built from (row keys, faces, owners, over, piles, defences)
# and the row.
_LAST_BOT_ROW: Final[
    list[
        tuple[
            tuple[str, ...],
            tuple[bool, ...],
            tuple[int | None, ...],
            bool,
            tuple[object, ...],
            tuple[int, ...],
            list[dict[str, JSON]],
        ]
    ]
] = [((), (), (), False, (), (), [])]


def _region(fixed: Fixed, index: int, piles: tuple[Pile, Pile]) -> dict[str, JSON]:
    """The entry of region `index` with `piles`."""
    row, face_up, over, owners, defences = fixed
    return _region_entry(
        (index, row[index], face_up[index], over, owners[index], defences[index], piles)
    )


def _region_entry(
    key: tuple[int, str, bool, bool, int | None, int, tuple[Pile, Pile]],
) -> dict[str, JSON]:
    index, region_key, face_up, over, owner, defence, piles = key
    shown = face_up or over
    region = BY_KEY[region_key]
    entry: dict[str, JSON] = {
        "region_index": index,
        "position": index + 1,  # for people: the row counted from 1, as in messages
        "face_up": face_up,
        "region": region.key if shown else None,
        "name": region.name if shown else None,
        "crowns": region.crowns if shown else None,
        "landscape": region.landscape if shown else None,
        "power": region.power if shown else None,
        "power_text": POWER_TEXT.get(region.power or "") if shown else None,
        "owner": owner,
        "defence_bonus": defence,
        "piles": [list(piles[s]) for s in (0, 1)],
        "counts": [len(piles[s]) for s in (0, 1)],
    }
    return entry


def _player(state: ColoviniState, seat: int) -> dict[str, JSON]:
    held = state.held_tiles[seat]
    return {
        "seat": seat,
        "hand_size": len(state.hands[seat]),
        "crowns": state.crowns(seat),
        "regions": sorted(state.owned(seat)),
        "dark_tile": None if held is None else TILES[held].kind,
        "active": seat == state.active,
    }


def _tiles(state: ColoviniState) -> list[JSON]:
    # The tile row changes only when a turn ends: built once per (used, held) pair.
    key = (state.used_tiles, state.held_tiles)
    return shared("ca.tiles", key, lambda _: _tile_row(state), by_value=True)


def _tile_row(state: ColoviniState) -> list[JSON]:
    free = set(state.free_tiles())
    out: list[JSON] = []
    for index, tile in enumerate(TILES):
        holder = next((s for s in (0, 1) if state.held_tiles[s] == index), None)
        status = "held" if holder is not None else "free" if index in free else "used"
        out.append(
            {
                "tile": index,
                "kind": tile.kind,
                "tint": tile.tint,
                "text": tile.text,
                "status": status,
                "holder": holder,
            }
        )
    return out


def _reaction(state: ColoviniState) -> dict[str, JSON] | None:
    reaction = state.reaction
    if reaction is None:
        return None
    return {
        "kind": "enchantment" if state.phase is COUNTER else "attack",
        "attacker": reaction.attacker,
        "defender": state.opponent(reaction.attacker),
        "region_index": reaction.region,
        "card": reaction.card,
        "answer_with": combat.reaction_card(state),
    }


def _losses(state: ColoviniState) -> dict[str, JSON] | None:
    if state.losses is None:
        return None
    return {
        "seat": state.active,
        "region_index": state.losses.region,
        "remaining": state.losses.remaining,
        "avalon_available": combat.may_use_avalon(state, state.active),
    }


def _outcome(state: ColoviniState) -> dict[str, JSON] | None:
    result = outcome(state)
    if result is None:
        return None
    return {
        "winner": state.winners[0] if len(state.winners) == 1 else None,
        "winners": sorted(result.winners),
        "reason": result.reason,
        "summary": result.summary,
        "crowns": [state.crowns(0), state.crowns(1)],
    }


def _you(state: ColoviniState, me: int, pending: frozenset[int]) -> dict[str, JSON]:
    you = hand(me, state.hands[me])
    you["must_act"] = me in pending
    return you


def _reveal(state: ColoviniState) -> dict[str, JSON]:
    return {
        "hands": [hand(s, state.hands[s]) for s in (0, 1)],
        "deck": list(state.deck),
    }


def redact(event: Event, viewer: Viewer, state: ColoviniState) -> dict[str, JSON] | None:
    """The event as `viewer` may see it; `state` is the state just after it."""
    if state.phase is OVER:
        return dict(to_json(event))
    if isinstance(event, GameSetUp):
        shown: dict[str, Any] = {
            "type": event.TYPE,
            "first": event.first,
            "regions": len(event.row),
            "piles": to_json(event.piles),
            "hand_sizes": [len(h) for h in event.hands],
            "deck_size": len(event.deck),
        }
        if viewer is not None:
            shown["you"] = hand(viewer, tuple(sorted(event.hands[viewer])))
        return shown
    if isinstance(event, CardsDrawn) and viewer != event.seat:
        return {"type": event.TYPE, "seat": event.seat, "count": len(event.cards)}
    if isinstance(event, DeckReshuffled):
        return {"type": event.TYPE, "size": len(event.deck)}
    if isinstance(event, CardsDrawn):
        return dict(to_json(event))
    return public_redact(event, viewer)


def secrets(state: ColoviniState) -> list[Secret]:
    """Every hidden fact of the full state, with who may know it (CH-4)."""
    out = [Secret(frozenset({s}), hand(s, state.hands[s])) for s in (0, 1)]
    if state.deck:
        out.append(Secret(frozenset(), {"deck": list(state.deck)}))
    for index, key in enumerate(state.row):
        if not state.face_up[index]:
            out.append(Secret(frozenset(), {"region_index": index, "region": key}))
    return out
