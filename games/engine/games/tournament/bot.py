"""A trick-taking bot that reads only its own view: follows suit sensibly, Feints on purpose,
dumps heavy cards into Melees it cannot lose, keeps wild cards for emergencies, Shames rather
than taking a costly Melee, and uses its powers (Arthur's command, +3, extra cards, Dusk
gifts, Godsends on the healthiest opponent)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import attrgetter, itemgetter
from random import Random
from typing import Any, Final

from games.engine.core import JSON, Move
from games.engine.core.memo import per_key

from . import moves as mv
from .passes import PassChoices
from .weapons import is_weapon, weapon

_CARDS: Final = attrgetter("cards")  # a ChoosePass's cards
_HEAVY: Final = {"merlin": 25, "morgan": 25, "mists": 25, "avalon-merlin": 25, "sorceress": 10}


def _info(view: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    me = view.get("viewer")
    for hand in view.get("hands", []):
        if hand["seat"] == me:
            return {c["card"]: c for c in hand["cards"]}
    return {}


def _injury(card: str, info: Mapping[str, Mapping[str, Any]]) -> int:
    if card in info:
        return int(info[card]["injury"])
    return _HEAVY.get(weapon(card).family, 5)


def _healthiest_opponent(view: Mapping[str, Any], options: Sequence[int]) -> int:
    health = {p["seat"]: p["health"] for p in view["players"]}
    return max(options, key=lambda s: (health[s], -s))


def bot_move(view: Mapping[str, JSON], legal: Sequence[Move], rng: Random) -> Move:
    v: Mapping[str, Any] = view
    if len(legal) == 1:
        return legal[0]
    if type(legal) is PassChoices:  # before `legal[0]`, which would list them
        return _pass(v, legal)
    first = legal[0]
    if isinstance(first, _PLAY_MOVES):
        return _play(v, legal)
    if isinstance(first, mv.Choose):
        return _choose(v, legal)
    if isinstance(first, mv.ChoosePass):
        return _pass(v, legal)
    if isinstance(first, mv.DecidePassing):
        return mv.DecidePassing(True)
    if isinstance(first, mv.GiveCard):
        info = _info(v)
        return min(legal, key=lambda m: (_value(m.card, info), -_injury(m.card, info)))  # type: ignore[attr-defined]
    if isinstance(first, (mv.GiveHit, mv.FinishDusk)):
        gifts = [m for m in legal if isinstance(m, mv.GiveHit)]
        if not gifts:
            return legal[0]
        target = _healthiest_opponent(v, sorted({m.to for m in gifts}))
        mine = [m for m in gifts if m.to == target]
        return max(mine, key=lambda m: (_injury(m.card, {}), m.card))
    if isinstance(first, mv.PickGodsend):
        up = v.get("godsend_up") or []
        for move in legal:
            if isinstance(move, mv.PickGodsend) and move.source in ("left", "right"):
                index = 0 if move.source == "left" else 1
                if index < len(up) and "Heal" in up[index]["text"]:
                    return move
        return legal[0]
    if isinstance(first, mv.PlaceGodsend):
        return mv.PlaceGodsend(_healthiest_opponent(v, [m.target for m in legal]))  # type: ignore[attr-defined]
    if isinstance(first, mv.ChooseLocation):
        return rng.choice(list(legal))
    return rng.choice(list(legal))


def _choose(view: Mapping[str, Any], legal: Sequence[Move]) -> Move:
    """A power's decision: spend it where it saves the most, keep it for a costlier Melee.

    Guinevere, the Elf Knight and Sir Galahad are spent on a loss dearer than an ordinary
    one (or on any loss once the hand is nearly empty: the power resets at Dawn); Armor of
    Avalon whenever breaking the Feint does not make its owner the loser (Lancelot du Lac's
    card then harms the healthiest opponent); Chivalry heals at once and Will of God tokens
    are all spent at Dusk (tokens go with the round); a card to give goes to the first of
    the tied healthiest opponents."""
    ask = view["ask"]
    me = view["viewer"]
    if is_weapon(ask["power"]):
        return _value_choice(view, ask, legal)
    if ask["power"] == "order":  # TT-23: least Injury for me, most for a rival
        mine = ask["about"] == [me]
        pick = (min if mine else max)(zip(ask["results"], ask["options"], strict=True))
        return mv.Choose(pick[1])
    options = [m.option for m in legal if isinstance(m, mv.Choose)]
    keep = next((m for m in legal if isinstance(m, mv.Choose) and m.option == "decline"), legal[0])
    losers = dict(zip(ask["options"], ask["losers"], strict=False))
    if ask["power"] == "armor-of-avalon":
        safe = [o for o in options if o != "decline" and losers.get(o) != me]
        return mv.Choose(safe[0]) if safe else keep
    if ask["power"] in ("chivalry", "will-of-god") or not losers:
        return mv.Choose(options[0])  # every token there is (they go with the round); a target
    hand = next((p["hand_size"] for p in view["players"] if p["seat"] == me), 0)
    dear = 5 * len(view["players"]) + 5
    if ask["stake"] >= dear or hand <= 2:
        return mv.Choose("use")
    return keep


def _value_choice(view: Mapping[str, Any], ask: Mapping[str, Any], legal: Sequence[Move]) -> Move:
    """TH-4, a card turned up in the Elf Queen's Melee: Feint with a value already shown (a
    Feinted card cannot lose), else as high as it goes (as low under Morgan le Fay, where
    the highest loses)."""
    shown = [e for e in view["melee"] if "card" in e and not e.get("face_down")]
    morgan = any(weapon(c).family == "morgan" for c in [ask["power"], *(e["card"] for e in shown)])
    taken = [e["value"] for e in shown if 1 <= e["value"] <= 15]
    value = max(taken) if taken else (1 if morgan else 15)
    want = f"value:{value}"
    return next((m for m in legal if isinstance(m, mv.Choose) and m.option == want), legal[0])


def _value(card: str, info: Mapping[str, Mapping[str, Any]]) -> int:
    value = weapon(card).value
    return 8 if value is None else value


def _pass(view: Mapping[str, Any], legal: Sequence[Move]) -> Move:
    """Pass away low cards (likely losers) and Poisoned ones; keep wild cards and Alchemy."""
    info = _info(view)
    # the three highest (danger, card), most dangerous first: each card's key worked out
    # in one compiled loop and the keys sorted as they are (no Python call per card)
    keyed: list[tuple[int, str]] = []
    for card in info:
        w = weapon(card)
        if w.kind in ("wild", "special", "alchemy"):
            danger = -100 if w.kind != "alchemy" else -20
        else:
            danger = (15 - (w.value or 0)) * 2 + _injury(card, info)
        keyed.append((-danger, card))
    keyed.sort()  # (cards are unique: no two keys tie)
    want = frozenset(card for _, card in keyed[:3])
    if type(legal) is PassChoices:  # the rules' passes: asked, not listed
        return legal.choose(want)
    # The first pass of those cards among the 220 or so, compared by `map` and `index`
    # rather than a loop here (the passing phase lists nothing but passes).
    if set(map(type, legal)) == {mv.ChoosePass}:
        try:
            return legal[list(map(_CARDS, legal)).index(want)]
        except ValueError:
            return legal[0]
    for move in legal:
        if isinstance(move, mv.ChoosePass) and move.cards == want:
            return move
    return legal[0]


def _card_facts(card: str) -> tuple[bool, bool, int, int | None, int, bool]:
    """What `_play` weighs of a card, from the card alone: (wild or special, Morgan le Fay,
    value as `_value` counts it, printed value, `_injury` of a card not in the hand, basic)."""
    w = weapon(card)
    return (
        w.kind == "wild" or w.kind == "special",
        w.family == "morgan",
        8 if w.value is None else w.value,
        w.value,
        _HEAVY.get(w.family, 5),
        w.kind == "basic",
    )


# one dict lookup per card instead of `weapon` and five attribute reads and comparisons
_FACTS: Final = per_key(_card_facts, kept=1024)

# A play of one card as `_play` weighs it: (the move, card, value, suit, extra, boost).
# Typed as a plain tuple: a typed one is unpacked into C values and packed again into a new
# tuple at every list append (two allocations per play read).
_Row = tuple[Any, ...]


def _row(m: mv.PlayCard) -> _Row | None:
    """`m`'s fields, read once per move object and then found by its identity; None for a
    play of two cards (Merlin, The Lion), which `_play` sets aside. The plays of a hand are
    the same objects from turn to turn (plays.play_card keeps them) and `_play` reads
    several fields of each of up to 60 plays of a wild card, where every attribute read of
    a record is a dict lookup. The move is held, so its id is not reused while kept; the
    plays of two cards are built at each listing (plays.py), so they are not kept."""
    key = id(m)
    row = _ROWS.get(key)
    if row is None:
        if m.extra:
            return None
        if len(_ROWS) >= _ROWS_KEPT:
            _ROWS.clear()  # at once, as per_key's tables: a bound, not an LRU
        row = _ROWS[key] = (m, m.card, m.value, m.suit, "", m.boost)
    return row


_ROWS: Final[dict[int, _Row]] = {}
_ROWS_KEPT: Final = 8192


def _same_run(last: _Row, row: _Row) -> bool:
    """Whether the valued play `row` goes on the run `last` is in: the same card and suit."""
    return bool(last[1] == row[1] and last[3] == row[3])


def _keep_run(legal: list[Move], start: int, end: int, plays: list[_Row]) -> None:
    """Keep the run `legal[start:end]` of valued plays of one card and suit (their rows the
    last `end - start` of `plays`) under its first play, for `_play` to take it whole."""
    if end - start < 2:
        return
    if len(_RUNS) >= _RUNS_KEPT:
        _RUNS.clear()
    _RUNS[id(legal[start])] = (tuple(legal[start:end]), plays[start - end :])


def _in_place(legal: list[Move], i: int, moves: tuple[Move, ...]) -> bool:
    """Whether `moves` are the very objects of `legal` from `i` on."""
    return i + len(moves) <= len(legal) and all(legal[i + k] is m for k, m in enumerate(moves))


# A run of a wild card's plays kept by its first play's identity: (its moves, their rows).
# The moves are held, so their ids are not reused while kept.
_RUNS: Final[dict[int, tuple[tuple[Move, ...], list[_Row]]]] = {}
_RUNS_KEPT: Final = 1024
_ROW_VALUE: Final = itemgetter(2)  # a row's assigned value


def _play(view: Mapping[str, Any], legal: Sequence[Move]) -> Move:
    me = view["viewer"]
    # The Injury of each of the seat's cards by id, as its view shows it (`_injury` of a
    # card in the hand; one dict lookup per card weighed below)
    hurt: dict[str, int] = {}
    for hand in view.get("hands", []):
        if hand["seat"] == me:
            for c in hand["cards"]:  # compiled, a loop costs less than dict(zip(map...))
                hurt[c["card"]] = c["injury"]
            break
    melee = view["melee"]
    n = len(view["players"])
    leading = not melee
    left = (view["lead"] - view["turn"] - 1) % n if not leading else n - 1
    facts = _FACTS
    # The plays of one card (no second card) as rows of their fields, each read once
    # (`_row`); Shames and commands apart.
    plays: list[_Row] = []
    shames: list[mv.Shame] = []
    commands: list[mv.Command] = []
    two_cards = False  # some play brings a second card (Merlin, The Lion)
    # One pass: a wild card brings 15 plays per suit, listed one after the other, the same
    # objects at every listing: a run seen before (`_RUNS`, by its first play) is taken
    # whole once its plays are found in place, and a new one is kept for the next time.
    listed = legal if isinstance(legal, list) else list(legal)  # (a list: indexed in C)
    count = len(listed)
    i = 0
    start = -1  # where the run of the last row began in `listed` (-1: no run)
    while i < count:
        m = listed[i]
        if isinstance(m, _PLAY_CARD):
            row = _row(m)
            if row is None:
                two_cards = True
                if start >= 0:
                    _keep_run(listed, start, i, plays)
                    start = -1
            elif row[2]:  # a valued play: a run goes on, or one seen before starts here
                if start >= 0 and not _same_run(plays[-1], row):
                    _keep_run(listed, start, i, plays)
                    start = -1
                if start < 0:
                    seen = _RUNS.get(id(m))
                    if seen is not None and _in_place(listed, i, seen[0]):
                        plays += seen[1]
                        i += len(seen[0])
                        continue
                    start = i
                plays.append(row)
            else:
                if start >= 0:
                    _keep_run(listed, start, i, plays)
                    start = -1
                plays.append(row)
        else:
            if start >= 0:
                _keep_run(listed, start, i, plays)
                start = -1
            if isinstance(m, mv.Shame):
                shames.append(m)
            elif isinstance(m, mv.Command):
                commands.append(m)
        i += 1
    if start >= 0:
        _keep_run(listed, start, count, plays)
    if leading and plays:
        # a wild card's 60 plays are told apart by their value (printed values play as 0)
        basics = [r for r in plays if not r[2] and not r[5] and facts(r[1])[5]]
        pool = basics or [r for r in plays if not r[5]] or plays
        # the first play of the highest (value, -Injury, card, suit): `max` with `_value`
        # and `_injury` inlined (three calls per play less)
        top = pool[0]
        top_key: tuple[Any, ...] = ()
        for r in pool:
            card: str = r[1]
            assigned: int = r[2]
            suit: str = r[3]
            _, _, printed8, _, heavy, _ = facts(card)
            value = printed8 if assigned == 0 else assigned
            injury = hurt.get(card, heavy)
            lead_key = (value, -injury, card, suit)
            if lead_key > top_key:
                top, top_key = r, lead_key
        chosen: mv.PlayCard = top[0]
        return chosen

    # What outcome() compares each candidate with, read once for all of them: the visible
    # values, which of them are live (not Feinted), whether Morgan le Fay is in, how heavy.
    # One pass over the Melee (a comprehension is a call of its own in this Python).
    shown: list[int] = []
    counts: dict[int, int] = {}
    morgan_in = False
    weight = 0
    for e in melee:
        if "card" in e:  # not face down
            card = e["card"]
            x = e["value"]
            shown.append(x)
            counts[x] = counts.get(x, 0) + 1
            _, is_morgan, _, _, heavy, _ = facts(card)
            morgan_in = morgan_in or is_morgan
            weight += hurt.get(card, heavy)  # _injury
    # (no value twice: every shown value is live)
    live_shown = [x for x in shown if counts[x] == 1] if len(counts) < len(shown) else shown
    heavy = int(weight >= 25)  # Poisoned / special
    if not plays:  # nothing to rank (Shames only, or commands)
        if commands:
            return _command(view, commands, me)
        if shames:
            return _shame(shames, hurt)
        return legal[0]

    # The best play kept as the loop goes: the last of the highest (key, card, value,
    # suit) in the order listed, the one a stable sort would put last.
    low = min(live_shown) if live_shown else 0
    high = max(live_shown) if live_shown else 0
    margin = 1 + left + heavy
    any_shown = bool(shown)
    best: mv.PlayCard | None = None
    rank: tuple[Any, ...] = ()
    key: tuple[Any, ...]
    ranked = plays
    if any(r[2] for r in plays):
        # A wild or special card's plays by (card, suit), one per value assigned (printed
        # values play as 0, and a face-down wild card as 0 until turned up): `_wild_pick`
        # ranks a run without scoring each of its 15 values.
        runs: dict[tuple[str, str], list[_Row]] = {}
        unvalued: list[_Row] = []
        for r in plays:
            if not r[2]:
                unvalued.append(r)
                continue
            pair = (r[1], r[3])
            run = runs.get(pair)
            if run is None:
                runs[pair] = [r]
            else:
                run.append(r)
        ranked = unvalued
        ranked += [
            _wild_pick(run, counts, live_shown, morgan_in, any_shown, margin, left)
            for run in runs.values()
        ]
    for r in ranked:
        card, assigned, suit = r[1], r[2], r[3]
        boost: bool = r[5]
        # wild and special cards: their value is the one assigned (m.value)
        wild, is_morgan, printed8, printed, heavy_card, _ = facts(card)
        morgan = morgan_in or is_morgan
        injury = hurt.get(card, heavy_card)
        value = assigned if wild else printed8  # _value, inlined
        # (Feinted, would lose now, solid) for this card against the visible cards; solid:
        # a live card clearly worse than mine is in (by more than the players still to
        # come, since their Feints or Mists could expose me).
        counted = assigned if printed is None else value + (3 if boost else 0)
        if counted in counts:
            feint, lose, solid = True, False, True
        else:
            if live_shown:
                worst = (high if high > counted else counted) if morgan else min(low, counted)
            else:
                worst = counted
            gap = (worst - counted) if morgan else (counted - worst)
            feint, lose, solid = False, worst == counted and any_shown, gap >= margin
        if left == 0:  # last to act: the result is certain
            tier = (injury, -value) if not lose else (-injury, -value)
            key = (not lose, tier, not wild, not boost)
        elif not lose and (solid or feint):  # dump the heaviest, lowest card that stays clear
            key = (True, True, not wild, injury, -value, not boost)
        elif not lose:  # clear for now: keep a margin
            key = (True, False, not wild, value, 0, not boost)
        else:  # at risk: play as high as possible, sparing wild cards
            key = (False, False, value - (5 if wild else 0), 0, 0, not boost)
        candidate = (key, card, assigned, suit)
        if best is None or candidate >= rank:
            best, rank = r[0], candidate
    safe = best is not None and rank[0][0]
    if not safe and commands:
        return _command(view, commands, me)
    if not safe and shames:
        return _shame(shames, hurt)
    if best is None:
        return legal[0]
    return _with_extra(best, rank[0], legal, hurt) if two_cards else best


def _shame(shames: Sequence[mv.Shame], hurt: Mapping[str, int]) -> mv.Shame:
    """The Shame of the heaviest card (the lowest of those), when no play is safe: the
    first of the highest (Injury, -value, card), `max` with `_injury` and `_value` inlined."""
    best = shames[0]
    top: tuple[Any, ...] | None = None
    for m in shames:
        card = m.card
        if card:
            _, _, value, _, heavy, _ = _FACTS(card)
            key: tuple[Any, ...] = (
                hurt.get(card, heavy),
                -value,
                card,
            )
        else:
            key = (0, 0, card)
        if top is None or key > top:
            best, top = m, key
    return best


def _wild_pick(
    run: list[_Row],
    counts: Mapping[int, int],
    live_shown: list[int],
    morgan_in: bool,
    shown: bool,
    margin: int,
    left: int,
) -> _Row:
    """The play of `run` (one wild or special card and suit, one play per value v) that
    `_play` ranks highest, the others never being chosen. Its key there, the card's
    Injury fixed: last to act (left 0), not losing beats losing and the lowest v is best
    in either; else dumping safely (Feinted or solid) beats clear for now beats at risk,
    the lowest v best in the first and the highest in the other two. The same tests of
    Feint, loss and margin as `_play`'s, from the low end or the high end until one
    passes. A play's rank there is unique (card, value, suit and key), so which of the
    plays are scored does not change the best."""
    morgan = morgan_in or _FACTS(run[0][1])[1]
    low = min(live_shown) if live_shown else 0
    high = max(live_shown) if live_shown else 0
    # `_play`'s tests for one value v, worked through for the run (no call per value):
    # v does not lose when Feinted (in `counts`), when nothing is shown, or when it is
    # above the lowest live card (below the highest under Morgan le Fay); v dumps safely
    # when Feinted or when it clears that card by `margin` (which is at least 1).
    ascending = sorted(run, key=_ROW_VALUE)
    if left == 0:
        for r in ascending:
            v: int = r[2]
            if v in counts or not shown or (live_shown and (v < high if morgan else v > low)):
                return r
        return ascending[0]
    for r in ascending:
        v = r[2]
        if v in counts or (live_shown and ((high - v) if morgan else (v - low)) >= margin):
            return r
    for r in reversed(ascending):
        v = r[2]
        if v in counts or not shown or (live_shown and (v < high if morgan else v > low)):
            return r
    return ascending[-1]


def _with_extra(
    best: mv.PlayCard, key: tuple[Any, ...], legal: Sequence[Move], hurt: Mapping[str, int]
) -> mv.PlayCard:
    """Merlin / The Lion: add a second card when the first is clearly clear of the loss,
    dumping the heaviest extra card (its value must not be the lowest either)."""
    if not (key[0] is True and key[1] is True):
        return best
    extras = [
        m
        for m in legal
        if isinstance(m, mv.PlayCard)
        and m.extra
        and (m.card, m.value, m.suit, m.boost) == (best.card, best.value, best.suit, best.boost)
        and _FACTS(m.extra)[2] > _FACTS(best.card)[2] - 3  # `_value` of each
    ]
    if not extras:
        return best
    return max(
        extras,
        key=lambda m: (hurt.get(m.extra, _FACTS(m.extra)[4]), -_FACTS(m.extra)[2], m.extra),
    )


def _command(view: Mapping[str, Any], commands: Sequence[mv.Command], me: int) -> mv.Command:
    target = _healthiest_opponent(view, [c.target for c in commands])
    return mv.Command(target)


# read from C statics, not as attributes of the moves module at every move (or play)
_PLAY_MOVES: Final = (mv.PlayCard, mv.Shame, mv.Command)
_PLAY_CARD: Final = mv.PlayCard
