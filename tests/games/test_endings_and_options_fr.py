"""The English the first i18n pass left in the games, now in the reader's language (issue
12): Colovini's ending rebuilt from its reason and crowns, the Tournament's, Colovini's and
jousting's table options on the create form and the table page, the Tournament's power
questions (the order of powers, a seat nobody can name), the seat stand-in, and the
jousting lay form's places (the inputs keep their names)."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from accounts.models import User
from games.engine.core import to_json
from games.log import definition_of, load_state
from games.models import Game
from games.presentation import feed_in_words
from games.presentation.registry import presenter_for
from games.presentation.tournament import choices
from games.presentation.tournament.wire import ev
from games.presentation.words import Reader, name_of
from games.services.moves import move_submit

from .conftest import make_user, open_table, seat_users, started_game
from .page_play import logged_in

NAMES = ["Ann", "Bo"]


def ended(reason: str, winners: list[int], crowns: list[int]) -> dict[str, Any]:
    # The engine's summary is English and must not be what the page shows.
    outcome = {"reason": reason, "winners": winners, "crowns": crowns, "summary": "English"}
    return {"status": Game.Status.FINISHED, "view": {"outcome": outcome}}


def test_colovinis_ending_is_worded_from_its_reason_and_crowns() -> None:
    presenter = presenter_for("colovini-avalon")
    with translation.override("fr"):
        assert (
            presenter.phase_line(ended("fifteen_crowns", [1], [9, 15]), NAMES)
            == "Bo gagne avec 15 couronnes."
        )
        assert presenter.phase_line(ended("deadlock", [0], [12, 11]), NAMES) == (
            "Ann gagne avec 12 couronnes, le plus grand nombre quand plus aucune carte ne "
            "peut être jouée."
        )
        assert presenter.phase_line(ended("deadlock", [0, 1], [1, 1]), NAMES) == (
            "Victoire partagée : plus aucune carte ne peut être jouée et chacun a 1 couronne."
        )
    with translation.override("en"):
        assert (
            presenter.phase_line(ended("fifteen_crowns", [1], [9, 15]), NAMES)
            == "Bo wins with 15 crowns."
        )
    # An aborted game (no outcome in the view) says the site's summary, not a phase.
    aborted = {"status": "aborted", "outcome": {"summary": "The game is over."}, "view": {}}
    with translation.override("fr"):
        assert presenter.phase_line(aborted, NAMES) == translation.gettext("The game is over.")
        assert presenter.phase_line(aborted, NAMES) != "The game is over."


def test_a_json_clients_ending_is_the_pages() -> None:
    """feed_in_words (the API and the socket's JSON): `outcome.summary` becomes the ending
    the page's banner shows, in the active language, with the players' names; the rest of
    the outcome is kept, and a feed without an outcome is left alone."""
    feed = {
        **ended("fifteen_crowns", [1], [9, 15]),
        "game": "colovini-avalon",
        "outcome": {"winners": [1], "summary": "Seat 2 wins with 15 crowns.", "reason": "x"},
        "players": [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Bo"}],
    }
    with translation.override("fr"):
        worded = feed_in_words(feed)
    assert worded["outcome"] == {
        "winners": [1],
        "summary": "Bo gagne avec 15 couronnes.",
        "reason": "x",
    }
    with translation.override("en"):
        assert feed_in_words(feed)["outcome"]["summary"] == "Bo wins with 15 crowns."
    assert feed["outcome"]["summary"] == "Seat 2 wins with 15 crowns."  # not changed in place
    playing: dict[str, Any] = {"game": "colovini-avalon", "outcome": None, "view": {}}
    assert feed_in_words(playing) is playing


def test_the_tournaments_stand_ins_and_order_of_powers_in_french() -> None:
    with translation.override("fr"):
        assert name_of(NAMES, 5) == "Place 5"
        assert name_of(NAMES, 5, choices.STRANGER) == "Quelqu'un"
        assert choices.in_order(["A", "B", "C"]) == "A, puis B, puis C"
        # The weapon turned up is named in French, not by the engine's English name.
        turned = {"ask": {"power": "swords-7", "name": "7 of Swords"}}
        assert "7 d'Épées" in choices.title(turned)
        line = choices.CHOICE_WORDS.describe(
            {"type": ev.OrderChosen.TYPE, "seat": 1, "order": ["mordred", "will-of-god"]},
            Reader(NAMES),
        )
        assert line.startswith("Les pouvoirs du Crépuscule de Bo") or ", puis " in line
        assert ", puis " in line
        assert ", then " not in line
    with translation.override("en"):
        assert name_of(NAMES, 5) == "Seat 5"
        assert choices.in_order(["A", "B"]) == "A, then B"


def test_th9_tt23_th4_the_waiting_seats_read_what_is_decided_not_use_order() -> None:
    """The phase line the other seats read while a decision is pending names the decision:
    a turned-up card's value (TH-4), the order of Dusk powers (TT-23), whom Mordred's card
    goes to (TH-9); a plain power still reads "decides whether to use"."""
    presenter = presenter_for("tournament-avalon")

    def waiting(**ask: Any) -> str:
        feed = {"status": Game.Status.PLAYING, "view": {"phase": "choice", "ask": ask}}
        return presenter.phase_line(feed, NAMES)

    with translation.override("en"):
        turned = waiting(seat=1, power="mists-2", options=["value:1", "value:2"])
        order = waiting(seat=0, power="order", options=["order:a,b", "order:b,a"], about=[1])
        target = waiting(seat=1, power="mordred", options=["to:0", "to:2"])
        assert waiting(seat=1, power="guinevere", options=["use", "decline"]) == (
            "Bo decides whether to use Guinevere."
        )
        assert turned == "Bo gives the Mists of Avalon its value as it turns up."
        assert order == "Ann chooses the order of the conflicting Dusk powers."
        assert target == "Bo chooses whom Mordred's card goes to."
        asked = {"type": ev.ChoiceAsked.TYPE, "seat": 0, "power": "order"}
        assert choices.CHOICE_WORDS.describe(asked, Reader(NAMES)) == order
    with translation.override("fr"):
        assert waiting(seat=0, power="order", options=["order:a,b", "order:b,a"]) == (
            "Ann choisit l'ordre des pouvoirs en conflit au Crépuscule."
        )
        assert "utilise" not in waiting(seat=1, power="mists-2", options=["value:1", "value:2"])
        assert waiting(seat=1, power="mordred", options=["to:0", "to:2"]) == (
            "Bo choisit à qui va la carte de Mordred."
        )


def barter_done(game: Game) -> None:
    """Every pending knight says "done" (the barter ends; the knights lay their sets)."""
    game.refresh_from_db()
    definition = definition_of(game)
    users = seat_users(game)
    for seat in sorted(definition.pending_seats(load_state(game, definition))):
        game.refresh_from_db()
        state = load_state(game, definition)
        moves = definition.legal_moves(state, seat)
        move = next((m for m in moves if to_json(m)["type"] == "ja.say_done"), moves[0])
        move_submit(
            game=game, user=users[seat], move_json=to_json(move), expected_seq=game.state_seq
        )


def french_user() -> User:
    user = make_user()
    user.language = "fr"
    user.save(update_fields=["language"])
    return user


@pytest.mark.django_db
def test_table_options_in_french_on_the_create_form_and_the_table_page() -> None:
    me = french_user()
    client = logged_in(me)
    tournament = client.get("/tables/new/?game=tournament-avalon").content.decode()
    for french in ("Santé de départ", "Valeurs empoisonnées", "Séparez-les par des virgules."):
        assert french in tournament
    assert "Starting Health" not in tournament
    assert "Le roi Arthur" in tournament  # a Protagonist to choose, by its French name
    assert "King Arthur" not in tournament
    jousting = client.get("/tables/new/?game=jousting-avalon").content.decode()
    assert "Offres par séance de troc" in jousting
    assert "Jugement de Dieu en direct" in jousting
    table = open_table([me, make_user()], slug="colovini-avalon")
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert "Ne pas attendre les réactions impossibles" in page
    assert "Skip impossible reactions" not in page
    chosen = {"characters": ["king-arthur", "guinevere", "sir-gawain"]}
    users = [me, make_user(), make_user()]
    table = open_table(users, slug="tournament-camelot", options=chosen)
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert "Le roi Arthur, Guenièvre, " in page  # names in French, not a Python list
    assert "Santé de départ" in page


@pytest.mark.django_db
def test_the_jousting_lay_form_names_its_places_in_french(monkeypatch: Any) -> None:
    # A fixed seed: a deal where a knight holds a full set once the barter is over.
    monkeypatch.setattr(Game._meta.get_field("seed"), "default", lambda: "i18n-left")
    game = started_game([french_user() for _ in range(3)], slug="jousting-avalon")
    clients = [logged_in(user) for user in seat_users(game).values()]
    for _round in range(3):
        pages = [client.get(f"/games/{game.pk}/").content.decode() for client in clients]
        laying = [page for page in pages if 'name="r_sword"' in page]
        if laying:
            break
        barter_done(game)
    else:
        pytest.fail("no knight could lay a set")
    page = laying[0]
    assert "<legend>Épée</legend>" in page  # the place in French, the input keeps its name
    assert "<legend>Sword</legend>" not in page
    # One card per place: each place is named in the singular (it said "Armures").
    assert "<legend>Armure</legend>" in page
    assert "<legend>Armures</legend>" not in page


@pytest.mark.django_db
def test_opening_a_table_says_so_in_the_hosts_language() -> None:
    host = make_user()
    host.language = "fr"
    host.save(update_fields=["language"])
    client = logged_in(host)
    response = client.post(
        "/tables/new/",
        {
            "game": "resistance-avalon",
            "seat_count": 5,
            "visibility": "public",
            "time_per_move": 86400,
            "timeout_policy": "default_move",
        },
        follow=True,
    )
    assert response.status_code == 200
    said = [str(m) for m in response.context["messages"]]
    assert said == ["Votre table est ouverte. Partagez-la et attendez les joueurs."], said


@pytest.mark.django_db
def test_the_timeout_policy_field_is_labelled_in_french() -> None:
    """The create form's choice of what happens at a timeout had no label of its own: the
    field's name ("Timeout policy") showed on French pages."""
    page = logged_in(french_user()).get("/tables/new/?game=resistance-avalon").content.decode()
    assert "Quand le temps est écoulé" in page
    assert "Timeout policy" not in page


@pytest.mark.django_db
def test_tt5_the_table_page_words_chosen_values_and_random_protagonists() -> None:
    """The table page showed an option's stored id ("avalon") where the create form offers
    "Avalon", and "none" for Protagonists left to chance (TT-5: dealt at random)."""
    me = french_user()
    users = [me, make_user(), make_user()]
    table = open_table(users, slug="tournament-avalon", options={"chaos": False})
    page = logged_in(me).get(f"/tables/{table.pk}/").content.decode()
    assert "<dd>Avalon</dd>" in page
    assert "<dd>avalon</dd>" not in page
    assert "<dd>tirés au hasard</dd>" in page
    assert "<dd>aucune</dd>" not in page
    me.language = "en"
    me.save(update_fields=["language"])
    page = logged_in(me).get(f"/tables/{table.pk}/").content.decode()
    assert "<dd>dealt at random</dd>" in page


@pytest.mark.django_db
def test_the_tournament_boards_rules_and_cards_line_elides_in_french() -> None:
    """The board said "règles de Avalon · cartes de Avalon": French elides before a vowel;
    the line names the boxes without "de"."""
    me = french_user()
    game = started_game([me, make_user(), make_user()], slug="tournament-avalon")
    page = logged_in(me).get(f"/games/{game.pk}/").content.decode()
    assert "règles : Avalon · cartes : Avalon" in page
    assert "de Avalon" not in page
