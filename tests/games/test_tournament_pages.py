"""Page tests of Tournament at Camelot / Avalon: each seat's page shows its own hand and
never another's (the engine's secrets, TA-3 passing included), and whole games are played
only by posting the forms the pages show (the first form, first choice, at every step)."""

from __future__ import annotations

import itertools
import json
import random
import re
from html.parser import HTMLParser
from typing import Any

import pytest
from django.http import QueryDict

from games.engine.core import from_json, to_json
from games.log import definition_of, load_state
from games.models import Game
from games.presentation import composed_move

from .conftest import finished_pages, make_user, seat_users, started_game
from .page_play import game_at_pages, logged_in, pages_of_seats, spectator_page, states_in_play

pytestmark = pytest.mark.django_db


# Protagonists without a power that acts before the first passing (Nimue picks a Location).
PLAIN = {"health": 300, "characters": ["sir-percival", "merlin", "sir-bors"]}


class FormsParser(HTMLParser):
    """The forms inside <section id="actions">: action URL and the fields a person would
    send by taking the first choice of each (first radio, first option, first 3 cards)."""

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0  # >0 while inside the actions section
        self.forms: list[dict[str, Any]] = []
        self.form: dict[str, Any] | None = None
        self.select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "section":
            if a.get("id") == "actions":
                self.depth = 1
            elif self.depth:
                self.depth += 1
        if not self.depth:
            return
        if tag == "form":
            self.form = {"action": a.get("action", ""), "fields": [], "seen": set(), "all": {}}
            self.forms.append(self.form)
        elif tag == "input" and self.form is not None:
            self._input(a)
        elif tag == "select" and self.form is not None:
            self.select = a["name"]
        elif tag == "option" and self.form is not None and self.select:
            self.form["all"].setdefault(self.select, []).append(a["value"])
            if self.select not in self.form["seen"]:
                self.form["seen"].add(self.select)
                self.form["fields"].append((self.select, a["value"]))

    def _input(self, a: dict[str, str]) -> None:
        assert self.form is not None
        kind, name = a.get("type", "text"), a.get("name", "")
        if kind == "hidden":
            self.form["fields"].append((name, a.get("value", "")))
        elif kind == "radio":
            self.form["all"].setdefault(name, []).append(a["value"])
            if name not in self.form["seen"]:
                self.form["seen"].add(name)
                self.form["fields"].append((name, a["value"]))
        elif kind == "checkbox" and name == "l_cards":
            chosen = sum(1 for k, _ in self.form["fields"] if k == name)
            if chosen < 3:  # TA-3
                self.form["fields"].append((name, a["value"]))

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self.select = None
        elif tag == "form":
            self.form = None
        elif tag == "section" and self.depth:
            self.depth -= 1


def page_forms(html: str) -> list[dict[str, Any]]:
    parser = FormsParser()
    parser.feed(html)
    return [f for f in parser.forms if "/move/" in f["action"]]


def post_data(form: dict[str, Any]) -> dict[str, list[str]]:
    data: dict[str, list[str]] = {}
    for key, value in form["fields"]:
        data.setdefault(key, []).append(value)
    return data


def hand_ids(html: str) -> set[str]:
    return set(re.findall(r'data-card="([^"]+)"', html))


def test_each_seat_sees_its_own_hand_and_never_another() -> None:
    users = [make_user() for _ in range(3)]
    game = started_game(users, slug="tournament-avalon", options=PLAIN)
    definition = definition_of(game)
    state = load_state(game, definition)
    seats = seat_users(game)
    for seat, html in pages_of_seats(game).items():
        mine = set(state.player(seat).hand)
        assert mine <= hand_ids(html), "every card of my hand is drawn"
        assert "Choose 3 cards to pass" in html  # TA-3, round 1
        for other in seats:
            if other == seat:
                continue
            for card in state.player(other).hand:
                assert f'"{card}"' not in html
                assert f"{card}&quot;" not in html
        for secret in definition.secrets(state):
            if seat not in secret.knowers and "card" in secret.fragment:
                assert f'data-card="{secret.fragment["card"]}"' not in html
    watcher = spectator_page(game)
    assert not hand_ids(watcher)
    assert "hands stay hidden" in watcher


def test_passing_choice_stays_with_its_owner() -> None:
    users = [make_user() for _ in range(3)]
    game = started_game(users, slug="tournament-avalon", options=PLAIN)
    clients = {s: logged_in(u) for s, u in seat_users(game).items()}
    form = page_forms(clients[0].get(f"/games/{game.pk}/").content.decode())[0]
    chosen = [v.strip('"') for k, v in form["fields"] if k == "l_cards"]
    assert len(chosen) == 3
    r = clients[0].post(form["action"], post_data(form))
    assert r.status_code == 302
    mine = clients[0].get(f"/games/{game.pk}/").content.decode()
    assert "You pass" in mine
    assert set(chosen) <= hand_ids(mine)
    for seat in (1, 2):
        other = clients[seat].get(f"/games/{game.pk}/").content.decode()
        assert not set(chosen) & hand_ids(other), "TA-3: the choice is secret"


def play_through_forms(slug: str, players: int, options: dict[str, Any]) -> set[str]:
    return play_and_replay(slug, players, options)[0]


def play_and_replay(slug: str, players: int, options: dict[str, Any]) -> tuple[set[str], str]:
    """A whole game through the page forms: the move types sent, and the replay page (all
    revealed) of the finished game."""
    game, definition, clients = game_at_pages(slug, players, options)
    seen: set[str] = set()
    for state in states_in_play(game, definition, 3000):
        seat = min(definition.pending_seats(state))
        html = clients[seat].get(f"/games/{game.pk}/").content.decode()
        forms = page_forms(html)
        assert forms, f"no form for the pending seat {seat} in phase {state.phase}"
        data = post_data(forms[0])
        seq = game.state_seq
        r = clients[seat].post(forms[0]["action"], data)
        assert r.status_code == 302
        game.refresh_from_db()
        if game.state_seq == seq:  # refused: show the page's message
            page = clients[seat].get(f"/games/{game.pk}/").content.decode()
            message = re.search(r'role="alert">([^<]*)<', page)
            pytest.fail(f"form {data} refused: {message.group(1) if message else page[:500]}")
        move_type = data.get("move_type", [""])[0]
        seen.add(move_type or re.sub(r'.*"type": "([^"]+)".*', r"\1", data["move"][0]))
    final, replay = finished_pages(game, clients[0], "as=all")
    assert "won the Tournament" in final
    return seen, replay


def test_a_whole_avalon_game_through_the_page_forms() -> None:
    seen = play_through_forms("tournament-avalon", 3, {"health": 300})
    assert {"tournament.choose_pass", "tournament.play_card"} <= seen


def test_a_whole_camelot_game_with_arthur_and_percival_through_the_page_forms() -> None:
    options = {
        "health": 300,
        "deck": "avalon",
        "characters": ["arthur-pendragon", "sir-percival", "merlin"],
    }
    seen = play_through_forms("tournament-camelot", 3, options)
    assert "tournament.play_card" in seen
    assert "tournament.pick_godsend" in seen or "tournament.place_godsend" in seen


def test_th9_guinevere_is_asked_on_the_page_and_her_answers_are_in_the_replay() -> None:
    """Guinevere's question is a form of her owner's page like any move (the first answer,
    "pass the loss on", is taken each time), and the replay tells who was asked and what
    they answered."""
    options = {"health": 300, "characters": ["guinevere", "king-arthur", "sir-gawain"]}
    seen, replay = play_and_replay("tournament-camelot", 3, options)
    assert "tournament.choose" in seen
    assert "may use Guinevere: waiting for their answer." in replay
    assert "chooses to use Guinevere." in replay


def test_chaos_of_battle_location_form() -> None:
    options = {"health": 300, "chaos": True}
    seen = play_through_forms("tournament-avalon", 5, options)
    assert "tournament.choose_location" in seen  # TX-4


def test_create_form_reads_well_and_opens_a_tournament_table() -> None:
    from games.models import Table

    c = logged_in(make_user())
    html = c.get("/tables/new/?game=tournament-avalon").content.decode()
    for label in ("Rules", "Cards", "Chaos of Battle", "Starting Health", "Poisoned values"):
        assert label in html
    assert ">King Arthur<" in html or "King Arthur</label>" in html  # names, not ids
    assert 'value="3, 6, 10, 13"' in html  # TH-1 defaults, comma-separated
    base = {
        "game": "tournament-avalon",
        "seat_count": 3,
        "visibility": "public",
        "time_per_move": 86400,
        "timeout_policy": "default_move",
        "opt_ruleset": "avalon",
        "opt_deck": "avalon",
        "opt_health": "300",
        "opt_powers": "on",
        "opt_poisoned": "3, 6, 10, 13",
    }
    r = c.post("/tables/new/", {**base, "opt_characters": ["merlin", "nimue"]})
    assert r.status_code == 200
    assert "one Protagonist per seat" in r.content.decode()
    r = c.post("/tables/new/", base)
    assert r.status_code == 302, r.content.decode()[:2000]
    options = Table.objects.get().options
    assert options["health"] == 300
    assert options["poisoned"] == [3, 6, 10, 13]
    assert options["characters"] == []  # TT-5: random


def normal(move: Any) -> str:
    """A move as comparable text: decoded as the engine does (defaults filled), list fields
    such as the passed cards as sorted lists."""
    decoded = to_json(from_json(dict(move)))
    assert isinstance(decoded, dict)
    return json.dumps(
        {k: sorted(v) if isinstance(v, list) else v for k, v in decoded.items()},
        sort_keys=True,
    )


def every_move_of(form: dict[str, Any]) -> list[dict[str, Any]]:
    """Each move a person can send with this form (every combination of its choices)."""
    fixed = [(k, v) for k, v in form["fields"] if k not in form["all"]]
    if any(k == "move" for k, _ in fixed):
        return [json.loads(v) for k, v in fixed if k == "move"]
    names = sorted(form["all"])
    moves = []
    for combo in itertools.product(*(form["all"][n] for n in names)):
        q = QueryDict(mutable=True)
        for k, v in [*fixed, *zip(names, combo, strict=True)]:
            if k not in ("csrfmiddlewaretoken", "expected_seq", "move_type"):
                q.appendlist(k, v)
        moves.append(composed_move(dict(fixed)["move_type"], q))
    return moves


ALL_TYPES = {
    "tournament.play_card",
    "tournament.shame",
    "tournament.choose_pass",
    "tournament.decide_passing",
    "tournament.command",
    "tournament.give_card",
    "tournament.give_hit",
    "tournament.finish_dusk",
    "tournament.choose_location",
    "tournament.pick_godsend",
    "tournament.place_godsend",
    "tournament.choose",
}


@pytest.mark.parametrize(
    ("slug", "players", "options", "seed"),
    [
        (
            "tournament-camelot",
            3,
            {"health": 300, "characters": ["king-arthur", "guinevere", "sir-kay"]},
            1,
        ),
        (
            "tournament-avalon",
            3,
            {"health": 300, "characters": ["arthur-pendragon", "merlin", "sir-bors"]},
            2,
        ),
        (
            "tournament-avalon",
            5,
            {"chaos": True, "health": 300},
            3,
        ),
    ],
)
def test_every_form_on_every_page_is_a_legal_move(
    slug: str, players: int, options: dict[str, Any], seed: int
) -> None:
    """At each step every form of the pending seat's page sends only legal moves, the form
    set covers every legal move type, and a randomly chosen one is accepted."""
    rng = random.Random(seed)
    game, definition, clients = game_at_pages(slug, players, options)
    offered: set[str] = set()
    for state in states_in_play(game, definition, 3000):
        seat = min(definition.pending_seats(state))
        legal = [to_json(m) for m in definition.legal_moves(state, seat)]
        legal_text = {normal(m) for m in legal}
        forms = page_forms(clients[seat].get(f"/games/{game.pk}/").content.decode())
        sent = []
        for form in forms:
            for move in every_move_of(form):
                assert normal(move) in legal_text, f"{move} is not legal in {state.phase}"
                sent.append(move)
        kinds = {str(m["type"]) for m in legal}
        assert kinds == {str(m["type"]) for m in sent}, "every legal kind of move has a form"
        offered |= kinds
        form = rng.choice(forms)
        data = post_data(form)
        for name, values in form["all"].items():
            data[name] = [rng.choice(values)]
        seq = game.state_seq
        assert clients[seat].post(form["action"], data).status_code == 302
        game.refresh_from_db()
        assert game.state_seq > seq, f"refused: {data}"
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert offered <= ALL_TYPES
    assert {"tournament.play_card", "tournament.pick_godsend"} <= offered


def test_a_wild_lead_with_the_lion_offers_each_suit_only_its_own_extra_cards() -> None:
    """TT-10 with The Lion: the extra card must be in the Lead Suit the wild card names, so
    the page gives one form per Lead Suit, each listing only that suit's extra cards."""
    from games.presentation.tournament.forms import _wild

    plays: list[dict[str, Any]] = []
    for suit, extras in {"arrows": ["", "arrows-10"], "deception": ["", "deception-12"]}.items():
        for value in (1, 2):
            plays += [
                {
                    "type": "tournament.play_card",
                    "card": "sorceress-2",
                    "value": value,
                    "suit": suit,
                    "extra": extra,
                    "boost": False,
                }
                for extra in extras
            ]
    forms = _wild({"id": "sorceress-2", "special": True}, plays)
    assert [f["suit"][0] for f in forms] == ['"arrows"', '"deception"']
    assert [[v for v, _ in f["extras"]] for f in forms] == [['"arrows-10"'], ['"deception-12"']]
    assert all(f["suits"] == [] for f in forms)

    same = [p for p in plays if not p["extra"]]
    (single,) = _wild({"id": "sorceress-2", "special": True}, same)
    assert [v for v, _ in single["suits"]] == ['"arrows"', '"deception"']
    assert single["suit"] is None
    assert single["extras"] == []
