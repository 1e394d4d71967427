"""A site event's log line (a hand-over, an abort, a void, an abandonment) is worded from the
event's fields in the reader's language, with the seat's name of today: the stored English
`text` named players as they were then (a deleted account's old name too) and read in
English to French players. Old notices and anything the fields do not hold keep the stored
words."""

from __future__ import annotations

from typing import Any

from django.utils import translation

from games.presentation.notices import current_handovers, notice_text
from games.rendering import log_lines

NAMES = ["Ann", "Bot 2", "Deleted player 7", "Percival"]


def entry(seq: int, type_: str, actor_kind: str = "moderator", **event: Any) -> dict[str, Any]:
    return {
        "seq": seq,
        "type": type_,
        "actor_kind": actor_kind,
        "event": {"type": type_, **event},
        "created_at": None,
    }


HANDED_TO_BOT = entry(
    3, "site.seat_handed_over", seat=1, to="bot", text="A moderator handed Bo's seat to a bot."
)
FIRST_SUB = entry(
    4,
    "site.seat_handed_over",
    seat=3,
    to="substitute",
    text="A moderator handed Cy's seat to Dan (a substitute).",
)
SECOND_SUB = entry(
    9,
    "site.seat_handed_over",
    seat=3,
    to="substitute",
    text="A moderator handed Dan's seat to Percival (a substitute).",
)
DELETED = entry(
    5,
    "site.seat_handed_over",
    "system",
    seat=2,
    to="bot",
    text="Deleted player 7 deleted their account: the game's bot plays their seat from now on.",
)
ABANDONED = entry(
    12,
    "site.game_abandoned",
    "timeout",
    seat=0,
    text="Annie did not move in time, grace period included: the game is abandoned.",
)
ABORTED = entry(13, "site.game_aborted", text="A moderator aborted this game: Cheating <b>seen</b>")
OLD_NOTICE = entry(2, "site.notice", kind="game_voided", text="Voided long ago.")


def line(e: dict[str, Any], entries: list[dict[str, Any]] | None = None) -> str:
    current = current_handovers(entries or [e])
    return notice_text(e, NAMES, e["seq"] in current)


def test_hand_overs_name_the_seat_and_todays_taker_only_on_its_last_hand_over() -> None:
    assert line(HANDED_TO_BOT) == "A moderator handed seat 2 to a bot."
    both = [FIRST_SUB, SECOND_SUB]
    # Dan left the seat when Percival got it: the first hand-over cannot name today's taker.
    assert line(FIRST_SUB, both) == "A moderator handed seat 4 to a substitute."
    assert line(SECOND_SUB, both) == "A moderator handed seat 4 to Percival, a substitute."


def test_a_deleted_account_and_an_abandonment_read_by_the_seats_name_of_today() -> None:
    assert line(DELETED) == (
        "Deleted player 7 deleted their account: the game's bot plays their seat from now on."
    )
    # The stored text kept the old name ("Annie"); the seat is Ann's now in every reader's log.
    assert line(ABANDONED) == (
        "Ann did not move in time, grace period included: the game is abandoned."
    )


def test_a_moderators_reason_is_kept_as_typed_and_old_notices_read_as_stored() -> None:
    assert line(ABORTED) == "A moderator aborted this game: Cheating <b>seen</b>"
    assert line(OLD_NOTICE) == "Voided long ago."
    # A seat outside the table (a damaged or foreign row) falls back to the stored words.
    odd = entry(6, "site.seat_handed_over", seat=9, to="bot", text="stored")
    assert line(odd) == "stored"


def test_french_readers_read_site_events_in_french() -> None:
    feed = {"game": "resistance", "players": [{"seat": i, "name": n} for i, n in enumerate(NAMES)]}
    entries = [HANDED_TO_BOT, FIRST_SUB, SECOND_SUB, DELETED, ABANDONED, ABORTED]
    with translation.override("fr"):
        texts = [ln["text"] for ln in log_lines(feed, entries)]
    assert texts == [
        "Un modérateur a confié la place 2 à un robot.",
        "Un modérateur a confié la place 4 à un remplaçant.",
        "Un modérateur a confié la place 4 à Percival, remplaçant.",
        "Deleted player 7 a supprimé son compte : le robot de la partie joue désormais à sa place.",
        "Ann n\u2019a pas joué à temps, délai de grâce compris : la partie est abandonnée.",
        "Un modérateur a interrompu cette partie : Cheating <b>seen</b>",
    ]
