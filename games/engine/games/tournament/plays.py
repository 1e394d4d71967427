"""Which cards a player may play now: following suit and Alchemy (TT-9..TT-11, TC-3, TA-4,
TA-5), plus the play options powers add (King Arthur's +3, Merlin's and The Lion's extra card,
Arthur Pendragon's command, Sir Morien's Swords, Guinguemar)."""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from games.engine.core.memo import per_key

from .copying import record
from .hooks import Powers, active, in_play, seats_powers
from .moves import Command, PlayCard, Shame
from .state import TState
from .weapons import SUITS, assigns_value, weapon

Play = PlayCard | Shame | Command


def actor(state: TState) -> int:
    """Who plays the card of the current slot (Arthur's commanded opponent, else the turn)."""
    return state.commanded if state.commanded is not None else state.turn


def leading(state: TState) -> bool:
    return state.played == 0


def suits_in_play(state: TState) -> tuple[str, ...]:
    if state.n == 2:
        return tuple(s for s in SUITS if s != "arrows")  # TC-2
    return SUITS


def camelot_alchemy(state: TState, seat: int) -> bool:
    """TC-3 applies under Camelot rules, and to a player under Guinguemar."""
    return state.rules.ruleset == "camelot" or bool(active(state, seat, "guinguemar"))


def elf_queen_leads(state: TState) -> bool:
    return bool(active(state, state.lead, "elf_queen"))


def follow_suits(state: TState, hidden: bool | None = None) -> frozenset[str]:
    """The Lead Suit, plus Swords while Sir Morien's Swords card is in the Melee;
    `hidden`: `elf_queen_leads(state)` when the caller knows it already."""
    lead = state.lead_suit
    suits = _LEAD_ONLY.get(lead)  # the prebuilt sets: no set built per listing
    if suits is None:
        suits = frozenset((lead,)) if lead else frozenset()
    if (
        "swords" in suits
        or not in_play(state, "morien")
        or (elf_queen_leads(state) if hidden is None else hidden)
    ):
        return suits
    for entry in state.melee:
        w = weapon(entry.card)
        if w.kind == "basic" and w.suit == "swords" and active(state, entry.seat, "morien"):
            return suits | _SWORDS
    return suits


_SWORDS: Final = frozenset(("swords",))


@lru_cache(maxsize=8192)
def play_card(
    card: str, value: int = 0, suit: str = "", extra: str = "", boost: bool = False
) -> PlayCard:
    """`PlayCard(...)`, built once per distinct play: moves are frozen values, and a turn's
    legal plays are listed again at every turn (a wild card alone brings 60)."""
    return PlayCard(card, value, suit, extra, boost)


# `Shame(card)`, built once per card (listed for a whole hand at every turn that cannot
# follow), as `play_card` for plays; `plain(card)` is `play_card(card)`: both one dict
# lookup in C (`map` over a hand, no Python loop)
shame: Final = per_key(Shame, kept=1024)
plain: Final = per_key(play_card, kept=1024)


def _two_cards(card: str, value: int, suit: str, extra: str) -> PlayCard:
    """`PlayCard(card, value, suit, extra)`, Merlin's or The Lion's play of two cards: built
    at each listing, not kept by `play_card` (a wild card's 60 plays times each extra card
    pushed the hand's own plays out of its cache, 1,700 misses in six games of six), and
    without the call through the record's interpreted `__init__` (every field named)."""
    return record(
        _PLAY_CARD, {"card": card, "value": value, "suit": suit, "extra": extra, "boost": False}
    )


_PLAY_CARD: Final = PlayCard  # a C static: built for every extra card listed


@lru_cache(maxsize=64)
def _commands(n: int, seat: int) -> tuple[Command, ...]:
    """Arthur Pendragon's commands of `seat` at a table of `n`: one per opponent."""
    return tuple(Command(t) for t in range(n) if t != seat)


@lru_cache(maxsize=1024)
def _wild_plays(card: str, suits: tuple[str, ...], face_down: bool = False) -> tuple[PlayCard, ...]:
    """TH-2/TH-4: a value 1..15, chosen as it is played, or as it is turned up in the Elf
    Queen's face-down Melees (value 0 until then)."""
    if face_down:
        return tuple(play_card(card, 0, s) for s in suits)
    return tuple(play_card(card, v, s) for s in suits for v in range(1, 16))


def base_plays(
    state: TState,
    seat: int,
    hand: tuple[str, ...],
    powers: tuple[tuple[Powers, ...], frozenset[str]],
) -> list[Play]:
    """TT-10, TT-11, TC-3, TA-4, TA-5: the plain plays and Shames of `seat` from `hand`;
    `powers`: `hooks.seats_powers(state)`, which the caller asks once."""
    if not hand:
        return [shame("")]
    plays: list[Play] = []
    seats, effects = powers
    # camelot_alchemy(state, seat) and elf_queen_leads(state), from the table in hand
    camelot = state.rules.ruleset == "camelot" or "guinguemar" in seats[seat].effects
    hidden = "elf_queen" in seats[state.lead].effects
    if state.played == 0:  # leading(state)
        tags = [_sort_of(c) for c in hand]
        alchemy_leads = not camelot or _SUITS.isdisjoint(tags)  # TC-3: no basic card
        for card, tag in zip(hand, tags, strict=True):
            if tag is _WILD:
                plays.extend(_wild_plays(card, suits_in_play(state), hidden))  # TH-3
            elif tag is not _ALCHEMY or alchemy_leads:
                plays.append(plain(card))
        return plays
    # The hand sorted in one pass (each card's weapon looked up once): the wild and
    # special cards' plays, the other cards, and of those the in-suit and Alchemy ones.
    if state.alchemy_led:
        suits: frozenset[str] = frozenset()
    elif "morien" in effects:  # Sir Morien's Swords may be in the Melee
        suits = follow_suits(state, hidden)
    else:  # the Lead Suit alone (a suit outside the table's falls back to follow_suits)
        suits = _LEAD_ONLY.get(state.lead_suit) or follow_suits(state, hidden)
    wilds: list[PlayCard] = []
    others: list[str] = []
    in_suit: list[str] = []
    alchemy: list[str] = []
    for c in hand:
        tag = _sort_of(c)
        if tag is _WILD:  # assigns_value
            wilds.extend(_wild_plays(c, ("",), hidden))
            continue
        others.append(c)
        if tag is _ALCHEMY:
            alchemy.append(c)
        elif tag in suits:  # a basic card's suit
            in_suit.append(c)
    if state.alchemy_led:  # TC-3 / TA-4: every card may follow
        return [*map(plain, others), *wilds]
    if camelot:
        if in_suit:
            plays = list(map(plain, in_suit))
        elif alchemy:
            plays = list(map(plain, alchemy))
        else:
            plays = list(map(shame, hand))
    else:
        plays = list(map(plain, in_suit + alchemy))
        if not in_suit and not alchemy:
            plays += map(shame, hand)
    return plays + list(wilds)


_WILD: Final = "wild"
_ALCHEMY: Final = "alchemy"
_SUITS: Final = frozenset(SUITS)


def _sort(card: str) -> str:
    """How `base_plays` sorts a card: `_WILD` (wild or special), `_ALCHEMY`, or a basic
    card's suit."""
    w = weapon(card)
    if w.kind == "wild" or w.kind == "special":
        return _WILD
    if w.kind == "alchemy":
        return _ALCHEMY
    assert w.suit is not None  # a basic card
    return w.suit


def _sort_of(card: str) -> str:
    """`_sort(card)`, worked out once per card: one dict lookup per card of a hand at every
    listing (instead of weapon() and two or three reads), in compiled code (no call through
    Python, as a `per_key` table's would be)."""
    tag = _SORTS.get(card)
    if tag is None:
        tag = _sort(card)
        if len(_SORTS) < 1024:  # a bounded table, as per_key's
            _SORTS[card] = tag
    return tag


_SORTS: Final[dict[str, str]] = {}

# follow_suits without Sir Morien: the Lead Suit alone (none before a suit is led)
_LEAD_ONLY: Final[dict[str | None, frozenset[str]]] = {
    None: frozenset(),
    "": frozenset(),
    **{suit: frozenset((suit,)) for suit in SUITS},
}


def _extras(state: TState, seat: int, main: PlayCard, hand: tuple[str, ...]) -> list[str]:
    """Merlin: a Sorcery card every Melee. The Lion: once per round, a card legal there."""
    rest = list(hand)
    rest.remove(main.card)
    out: list[str] = []
    for data in active(state, seat, "extra_card"):
        if data.params[0] == "sorcery":
            out += [c for c in rest if weapon(c).kind == "basic" and weapon(c).suit == "sorcery"]
        elif data.id not in state.player(seat).used:
            out += [c for c in rest if not assigns_value(c) and _fits(state, seat, main, c)]
    return sorted(set(out))


def _fits(state: TState, seat: int, main: PlayCard, card: str) -> bool:
    """The Lion's extra card must be in-suit for the Melee as the main card leaves it."""
    w = weapon(card)
    if leading(state):
        lead = weapon(main.card)
        if lead.kind == "alchemy":
            return True
        suit = lead.suit or main.suit
    elif state.alchemy_led:
        return True
    else:
        return (w.kind == "basic" and w.suit in follow_suits(state)) or (
            w.kind == "alchemy" and not camelot_alchemy(state, seat)
        )
    return (w.kind == "basic" and w.suit == suit) or (
        w.kind == "alchemy" and not camelot_alchemy(state, seat)
    )


def legal_plays(state: TState) -> list[Play]:
    """Every legal move of the current actor in the play phase."""
    commanded = state.commanded
    own_turn = commanded is None
    seat = state.turn if commanded is None else commanded  # actor(state), inlined
    player = state.players[seat]
    out: list[Play] = []
    powers = seats_powers(state)
    plays = base_plays(state, seat, player.hand, powers)
    if not own_turn:
        return plays
    # asked once, not per play: a wild card alone brings 60 plays
    mine = powers[0][seat].by_effect  # `active` of the three effects below
    # (most seats have none of the three: no generator is started for an empty tuple)
    boosts, commands = mine.get("king_arthur"), mine.get("arthur")
    can_boost = boosts is not None and any(d.id not in player.used for d in boosts)
    extras = bool(mine.get("extra_card"))
    arthur = (
        commands is not None
        and bool(player.hand)
        and any(d.id not in player.used for d in commands)
    )
    if not can_boost and not extras:  # no play brings another: the base plays as they are
        return [*plays, *_commands(state.n, seat)] if arthur else plays
    # The extra cards depend on the main card and the suit it names only, not on the value
    # a wild card is given: worked out once per pair (4 for a wild card's 60 plays).
    extras_of: dict[tuple[str, str], list[str]] = {}
    for play in plays:
        out.append(play)
        if not isinstance(play, PlayCard):
            continue
        card, value, suit = play.card, play.value, play.suit  # each read once
        if can_boost and weapon(card).kind in ("basic", "alchemy"):
            out.append(play_card(card, value, suit, "", True))
        if extras:
            pair = (card, suit)
            found = extras_of.get(pair)
            if found is None:
                found = extras_of[pair] = _extras(state, seat, play, player.hand)
            for extra in found:
                out.append(_two_cards(card, value, suit, extra))
    if arthur:
        out += _commands(state.n, seat)
    return out
