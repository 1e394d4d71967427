"""Build exact Tournament tables for rule tests: chosen hands, characters and Health."""

from __future__ import annotations

from random import Random
from typing import Any

from games.engine.core import Event, Move, apply, fold
from games.engine.games.tournament import events as ev
from games.engine.games.tournament.characters import CHARACTERS
from games.engine.games.tournament.config import DEFAULT_POISONED
from games.engine.games.tournament.definition import AVALON, CAMELOT
from games.engine.games.tournament.godsends import godsend_deck
from games.engine.games.tournament.moves import PlayCard
from games.engine.games.tournament.state import Rules, TState


def table(
    hands: list[list[str]],
    *,
    ruleset: str = "avalon",
    deck: str = "avalon",
    characters: list[str | None] | None = None,
    health: int | list[int] = 400,
    lead: int = 0,
    dealer: int | None = None,
    powers: bool = True,
    chaos: bool = False,
    draw: tuple[str, ...] = (),
    start_melee: bool = True,
    round_no: int = 1,
    unlocked: dict[int, int] | None = None,
) -> TState:
    """A table in round `round_no` whose Melee led by `lead` is about to start. `unlocked`:
    seats whose Companion has unlocked, with their Health (it overrides `health`)."""
    n = len(hands)
    if unlocked:
        every = [health] * n if isinstance(health, int) else health
        health = [unlocked.get(seat, h) for seat, h in enumerate(every)]
    chars = characters or [None] * n
    companions = tuple(CHARACTERS[c].pair if c else None for c in chars)
    dealer = (lead - 1) % n if dealer is None else dealer
    rules = Rules(ruleset, deck, chaos, powers, DEFAULT_POISONED, "tournament-avalon")
    start_health = health if isinstance(health, int) else 400
    events: list[Event] = [
        ev.GameStarted(
            rules,
            tuple(chars),
            companions,
            start_health,
            dealer,
            tuple(godsend_deck(deck, chaos)),
            None,
        ),
        ev.Dealt(round_no, dealer, tuple(tuple(h) for h in hands), draw),
    ]
    if isinstance(health, list):
        events += [ev.HealthChanged(s, h - 400, "test") for s, h in enumerate(health)]
    if start_melee:
        events.append(ev.MeleeStarted(lead))
    events += [ev.CompanionUnlocked(seat, at) for seat, at in (unlocked or {}).items()]
    return fold(AVALON, events)  # type: ignore[no-any-return]


def game_for(state: TState) -> Any:
    return CAMELOT if state.rules.ruleset == "camelot" else AVALON


def act(state: TState, seat: int, move: Move, seed: int = 0) -> tuple[list[Event], TState]:
    events, new = apply(game_for(state), state, seat, move, Random(seed))
    return events, new


def plays(state: TState, *moves: Move | str) -> tuple[list[Event], TState]:
    """Seats 0, 1, 2, ... make `moves` in turn (a card's name: playing it); all their events."""
    events: list[Event] = []
    for seat, move in enumerate(moves):
        new, state = act(state, seat, PlayCard(move) if isinstance(move, str) else move)
        events += new
    return events, state


def kinds(events: list[Event]) -> list[str]:
    return [type(e).__name__ for e in events]


def of(events: list[Event], cls: type) -> list[Any]:
    return [e for e in events if isinstance(e, cls)]


def armor_table(healthiest: int = 400) -> TState:
    """Four players; seat 1 is Lancelot du Lac with Armor of Avalon unlocked (200 Health);
    seat 0 has `healthiest` Health, seats 2 and 3 have 300. The hands make a Feint of 3s
    (seats 1 and 2) with a 4 and a 9 around it."""
    return table(
        [
            ["swords-4", "arrows-1"],
            ["swords-3", "arrows-3"],
            ["alchemy-3", "arrows-2"],
            ["swords-9", "arrows-5"],
        ],
        characters=[None, "lancelot-du-lac", None, None],
        health=[healthiest, 200, 300, 300],
        unlocked={1: 200},
    )


ARMOR_PLAYS = ["swords-4", "swords-3", "alchemy-3", "swords-9"]
