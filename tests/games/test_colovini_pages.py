"""Page tests of Avalon by Leo Colovini (CA-1 .. CA-17, CH-1 .. CH-5): each seat's page shows
its own hand and never the opponent's or a face-down region (CH-4), and whole games are
played by posting only what the pages' forms offer, every move type the engine lists.

The helpers (`PageForms`, `post_through_page`) are shared with the jousting page tests.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from html.parser import HTMLParser
from random import Random
from typing import Any

import pytest
from django.test import Client

from games.engine.core import JSON, to_json
from games.log import definition_of, load_state
from games.models import Game

from .conftest import make_user, seat_users, started_game
from .page_play import game_at_pages, logged_in, pages_of_seats, spectator_page, states_in_play

pytestmark = pytest.mark.django_db


class PageForms(HTMLParser):
    """The move forms of a game page: per form its hidden fields and the choices offered."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict[str, Any]] = []
        self._form: dict[str, Any] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form" and a.get("action", "").endswith("/move/"):
            self._form = {"hidden": {}, "choices": {}, "numbers": set(), "lists": []}
            self.forms.append(self._form)
        elif tag == "input" and self._form is not None:
            kind, name, value = a.get("type", "text"), a.get("name", ""), a.get("value", "")
            if kind == "hidden" and name == "list_field":
                self._form["lists"].append(value)
            elif kind == "hidden":
                self._form["hidden"][name] = value
            elif kind in ("radio", "checkbox"):
                self._form["choices"].setdefault(name, set()).add(value)
            elif kind == "number":
                self._form["numbers"].add(name)

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None


def page_forms(html: str) -> list[dict[str, Any]]:
    parser = PageForms()
    parser.feed(html)
    return parser.forms


def _flatten(move: Mapping[str, JSON], prefix: str = "") -> dict[str, JSON]:
    """Dotted field names as the composed forms name them ("give.coins")."""
    out: dict[str, JSON] = {}
    for key, value in move.items():
        if key == "type":
            continue
        if isinstance(value, dict):
            out.update(_flatten(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = value
    return out


def form_post_for(html: str, move: Mapping[str, JSON]) -> dict[str, Any]:
    """The POST a player makes through the page's forms to play `move`; fails the test
    when the page offers no way to play it."""
    for form in page_forms(html):
        if "move" in form["hidden"] and json.loads(form["hidden"]["move"]) == move:
            return dict(form["hidden"])
    for form in page_forms(html):
        if form["hidden"].get("move_type") != move["type"]:
            continue
        post: dict[str, Any] = dict(form["hidden"].items())
        post["list_field"] = form["lists"]
        for key, value in _flatten(move).items():
            if f"c_{key}" in form["hidden"]:
                assert json.loads(form["hidden"][f"c_{key}"]) == value, key
            elif isinstance(value, list):
                offered = form["choices"].get(f"l_{key}", set())
                wanted = [json.dumps(v) for v in value]
                assert set(wanted) <= offered, (key, wanted, offered)
                post[f"l_{key}"] = wanted
            elif f"r_{key}" in form["numbers"]:
                post[f"r_{key}"] = json.dumps(value)
            else:
                offered = form["choices"].get(f"r_{key}", set())
                assert json.dumps(value) in offered, (key, value, offered)
                post[f"r_{key}"] = json.dumps(value)
        return post
    raise AssertionError(f"the page offers no form for {move}")


def post_through_page(client: Client, game: Game, move: Mapping[str, JSON]) -> str:
    """GET the page, post `move` through its forms, and check the move was taken."""
    page = client.get(f"/games/{game.pk}/").content.decode()
    before = game.state_seq
    r = client.post(f"/games/{game.pk}/move/", form_post_for(page, move))
    assert r.status_code == 302
    game.refresh_from_db()
    if game.state_seq == before:
        after = client.get(f"/games/{game.pk}/").content.decode()
        error = re.search(r'class="message[^"]*"[^>]*>([^<]*)', after)
        raise AssertionError(f"{move} was refused: {error.group(1) if error else after[:500]}")
    return page


def hand_marks(html: str) -> set[tuple[int, str]]:
    """Cards the page shows as held: (seat, card) from data-seat/data-card."""
    return {(int(s), c) for s, c in re.findall(r'data-seat="(\d+)" data-card="([^"]+)"', html)}


def check_colovini_page(html: str, viewer: int, secrets: list[Any]) -> None:
    """CH-4 on the HTML: hands are marked with their seat; no other seat's hand shows,
    and no face-down region is named."""
    assert {s for s, _ in hand_marks(html)} <= {viewer}
    for secret in secrets:
        if viewer in secret.knowers:
            continue
        fragment = secret.fragment
        if "region" in fragment:
            assert f'data-region="{fragment["region"]}"' not in html


LAST = frozenset({"ca.let_pass", "ca.end_turn", "ja.say_done", "ja.withdraw"})
CHANCE = frozenset({"ca.use_avalon", "ca.resist", "ca.counter_spell", "ja.pick_chip"})


def choose(definition: Any, state: Any, seat: int, posted: set[str], rng: Random) -> Any:
    """A move type not posted yet when one is legal (so every type gets its turn),
    else mostly the engine's bot, sometimes any legal move."""
    legal = list(definition.legal_moves(state, seat))
    fresh = [m for m in legal if type(m).TYPE not in posted]
    # Passing moves are offered beside every reaction: try the reaction first.
    eager = [m for m in fresh if type(m).TYPE not in LAST]
    if eager or fresh:
        return rng.choice(eager or fresh)
    if rng.random() < 0.2:
        return rng.choice(legal)
    return definition.bot_move(definition.view(state, seat), legal, rng)


@dataclass(frozen=True)
class Forms:
    """How a whole game is played through the page forms: whose page acts when several
    seats may (`seat`), the move it posts (`move`, as `choose`), and every how many
    moves the pages are checked, up to how many moves; and what the final page says."""

    seat: Callable[[Any, Random], int]
    move: Callable[[Any, Any, int, set[str], Random], Any]
    every: int
    limit: int
    says: str


def play_to_the_end(
    game: Game,
    definition: Any,
    clients: Mapping[int, Client],
    rng: Random,
    forms: Forms,
    check: Callable[[str, int, list[Any]], None],
) -> set[str]:
    """Plays `game` to its end through the acting seat's page forms; every `forms.every`
    moves checks (`check`) that page and the next seat's page after the move (not at
    the end, where everything is revealed). Each move type offered is posted the first
    time it is legal, unless another new type was chosen at that decision and the game
    never offered it again (only ever seen for the rare ones listed in CHANCE); passes
    are covered by the explicit checks. At the end the page says `forms.says` and the
    replay opens as a seat, as everyone and as another seat. The move types posted."""
    offered: set[str] = set()
    posted: set[str] = set()
    for step, state in enumerate(states_in_play(game, definition, forms.limit)):
        seat = forms.seat(state, rng)
        offered |= {type(m).TYPE for m in definition.legal_moves(state, seat)}
        move = to_json(forms.move(definition, state, seat, posted, rng))
        page = post_through_page(clients[seat], game, move)
        posted.add(str(move["type"]))
        if step % forms.every == 0:
            check(page, seat, definition.secrets(state))
            after = load_state(game, definition)  # the move may have ended the game
            other = (seat + 1) % len(clients)
            html = clients[other].get(f"/games/{game.pk}/").content.decode()
            if definition.outcome(after) is None:
                check(html, other, definition.secrets(after))
    assert offered - posted <= CHANCE | LAST, (offered, posted)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert forms.says in clients[0].get(f"/games/{game.pk}/").content.decode()
    for query in ("as=0&step=5", "as=all&step=9", "as=1"):
        assert clients[0].get(f"/games/{game.pk}/replay/?{query}").status_code == 200
    return posted


def test_each_seat_sees_its_own_hand_and_never_the_other() -> None:
    users = [make_user(), make_user()]
    game = started_game(users, slug="colovini-avalon")
    state = load_state(game)
    secrets = definition_of(game).secrets(state)
    for seat, page in pages_of_seats(game).items():
        assert hand_marks(page) == {(seat, c) for c in state.hands[seat]}
        assert "Your hand" in page
        assert "— only you see this" in page
        check_colovini_page(page, seat, secrets)
        assert page.count('class="ca-region ') == 11  # CA-2: the whole row, face down
    spectator = spectator_page(game)
    assert hand_marks(spectator) == set()
    check_colovini_page(spectator, -1, secrets)


@pytest.mark.parametrize("seed", [1, 2])
def test_whole_games_through_the_page_forms(seed: int) -> None:
    """Every move goes through what the acting seat's page offers (play card with its
    card/region/mode form, reactions CH-3, losses CA-11, end of turn CA-13/CA-16,
    discards); every move type the engine listed was posted at least once."""
    game, definition, clients = game_at_pages(
        "colovini-avalon", 2, options={"auto_decline": seed == 2}
    )
    posted = play_to_the_end(
        game,
        definition,
        clients,
        Random(seed),
        Forms(
            seat=lambda state, rng: min(definition.pending_seats(state)),
            move=choose,
            every=7,
            limit=3000,
            says="Hands at the end",
        ),
        check_colovini_page,
    )
    assert {"ca.play_card", "ca.end_turn"} <= posted  # let_pass: see the CH-3 test


def test_the_attacker_is_told_they_wait_for_the_answer() -> None:
    """CH-3: during a reaction the attacker's page says they are waiting."""
    users = [make_user(), make_user()]
    game = started_game(users, slug="colovini-avalon")
    definition = definition_of(game)
    clients = {s: logged_in(u) for s, u in seat_users(game).items()}
    for _ in range(400):
        state = load_state(game, definition)
        if state.phase.value in ("counter", "resist"):
            attacker = state.reaction.attacker
            page = clients[attacker].get(f"/games/{game.pk}/").content.decode()
            assert "You are waiting for" in page
            defender = clients[1 - attacker].get(f"/games/{game.pk}/").content.decode()
            assert "Let it pass" in defender
            post_through_page(clients[1 - attacker], game, {"type": "ca.let_pass"})
            return
        seat = min(definition.pending_seats(state))
        legal = definition.legal_moves(state, seat)
        hostile = [m for m in legal if getattr(m, "mode", "") in ("attack", "enchant")]
        post_through_page(clients[seat], game, to_json((hostile or legal)[0]))
    raise AssertionError("no enchantment or attack happened")
