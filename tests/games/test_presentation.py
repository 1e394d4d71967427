"""Presentation by registration (issue 13): every game has its own presenter, looked up
by slug in one registry; every event type a game can log has a wording of its own; and
the game page's templates show view models without deciding rules or phases.

No database: presenters read feeds, which these tests build from the engine directly.
"""

from __future__ import annotations

import re
from pathlib import Path
from random import Random
from typing import Any

import pytest
from django.conf import settings

from games.engine.core import Event, all_games, apply, get_game, rng_for, start
from games.presentation import Presenter, presenter_for, register_presenter
from games.presentation.base import GENERIC
from games.presentation.registry import registered_presenters
from games.presentation.words import Reader

# The site's games (tests register toy games of their own, worded generically).
SLUGS = [g.slug for g in all_games() if type(g).__module__.startswith("games.engine.games.")]


def _event_types() -> set[str]:
    found: set[str] = set()
    stack: list[type] = [Event]
    while stack:
        cls = stack.pop()
        stack.extend(cls.__subclasses__())
        if isinstance(getattr(cls, "TYPE", None), str):
            found.add(cls.TYPE)  # type: ignore[attr-defined]
    return found


@pytest.mark.parametrize("slug", SLUGS)
def test_every_game_has_a_registered_presenter_of_its_own(slug: str) -> None:
    presenter = presenter_for(slug)
    assert presenter is not GENERIC
    assert slug in presenter.slugs
    assert registered_presenters()[slug] is presenter


def test_an_unknown_game_gets_the_generic_presenter() -> None:
    assert presenter_for("no-such-game") is GENERIC


def test_a_slug_is_worded_by_one_presenter_only() -> None:
    class Impostor(Presenter):
        slugs = (SLUGS[0],)

    with pytest.raises(ValueError, match="already registered"):
        register_presenter(Impostor())


@pytest.mark.parametrize("slug", SLUGS)
def test_every_event_type_of_a_game_has_its_own_log_wording(slug: str) -> None:
    """The table of wordings covers every event class the game registers (by the type
    name's prefix), so no log line falls back to the generic "Type: field value"."""
    words = presenter_for(slug).words
    assert words is not None
    prefixes = {name.split(".")[0] for name in words.types()}
    assert len(prefixes) == 1, f"{slug} words events of several games: {prefixes}"
    prefix = prefixes.pop()
    game_events = {name for name in _event_types() if name.startswith(prefix + ".")}
    assert game_events - words.types() == set(), "event types without a wording"


def _playout(slug: str, seed: str) -> tuple[int, list[tuple[Event, Any]]]:
    """A seeded random playout to the end: (players, [(event, state just after it)])."""
    game = get_game(slug)
    config, players = next(iter(game.contract_configs()))
    rng = Random(seed)
    events, state = start(game, config, players, rng_for(seed, 0))
    log: list[tuple[Event, Any]] = []
    after = None
    for event in [*events]:
        after = game.evolve(after, event)
        log.append((event, after))
    while game.outcome(state) is None:
        seat = rng.choice(sorted(game.pending_seats(state)))
        move = rng.choice(list(game.legal_moves(state, seat)))
        new, state = apply(game, state, seat, move, rng_for(seed, len(log)))
        for event in new:
            after = game.evolve(after, event)
            log.append((event, after))
    return players, log


@pytest.mark.parametrize("slug", SLUGS)
def test_every_logged_event_is_worded_as_each_reader_sees_it(slug: str) -> None:
    """Redacted shapes too (a vote another seat cast, a count of cards drawn): each gets
    the game's own wording, for every seat and for a spectator."""
    presenter = presenter_for(slug)
    assert presenter.words is not None
    game = get_game(slug)
    players, log = _playout(slug, "issue-13")
    names = [f"P{s}" for s in range(players)]
    for viewer in [*range(players), None]:
        reader = Reader(names, viewer, presenter.stranger)
        for event, after in log:
            shown = game.redact(event, viewer, after)
            if shown is not None:
                assert presenter.words.describe(shown, reader), shown


TEMPLATES = Path(settings.BASE_DIR) / "templates" / "games"
# The games' wire prefixes ("ra", "tournament", ...), from their wording tables.
PREFIXES = sorted(
    {n.split(".")[0] for slug in SLUGS for n in presenter_for(slug).words.types()}  # type: ignore[union-attr]
)
# What a template deciding a rule or a phase looks like: reading the engine's raw view or
# the feed's status, testing the game or a phase, or naming a move or event type.
WIRE = "|".join(PREFIXES)
RULE_LOGIC = re.compile(
    rf"\bview\.|feed\.status|feed\.game\s*[!=]=|\.phase\b|[\"']({WIRE})\.[a-z_]+[\"']"
)


@pytest.mark.parametrize("path", sorted(TEMPLATES.rglob("*.html")), ids=lambda p: p.name)
def test_game_templates_show_view_models_and_decide_no_rule(path: Path) -> None:
    found = [line for line in path.read_text().splitlines() if RULE_LOGIC.search(line)]
    assert not found, f"{path.name} decides what a presenter should: {found}"
