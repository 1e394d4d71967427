"""Reads of the accounts domain: everything the site holds about one player, for the
"Your data" download (`user_data_get`).

Games come from the games selectors with the player's own seat, so the download can never
show more than the game page, the API and the replay would: while a game is in play, the
seat's own view and the log redacted for that seat; once it is over, the log as the replay
reveals it (RA-23). Chat is the player's own messages only. Moderation records are the ones
about the player as the player was told of them: a sanction's kind, reason and dates (the
reason is shown to them at log-in), never who imposed or lifted it nor the lifting note,
which are the moderators' own. Reports others made about the player are not included (they
would name the reporters).
"""

from __future__ import annotations

from typing import Any

from allauth.account.models import EmailAddress
from django.utils import timezone
from rest_framework.authtoken.models import Token

from clock.models import Vacation, VacationAccount
from games.engine.core import JSON
from games.models import ChatMessage, Game, Seat, Table
from games.selectors import events_after, game_view_for_user
from moderation.models import IpSighting, Report, Sanction
from notifications.models import PushSubscription
from ratings.selectors import ratings_of, season_history

from .models import User

FORMAT = "avalon-tables-user-data"
VERSION = 1


def _iso(value: Any) -> str | None:
    return value.isoformat() if value is not None else None


def _profile(user: User) -> dict[str, JSON]:
    token = Token.objects.filter(user=user).first()
    return {
        "username": user.username,
        "display_name": user.display_name,
        "email_addresses": [
            {"email": a.email, "verified": a.verified, "primary": a.primary}
            for a in EmailAddress.objects.filter(user=user).order_by("-primary", "email")
        ],
        "time_zone": user.time_zone,
        "preferences": {
            "email_on_turn": user.email_on_turn,
            "deadline_warnings": user.deadline_warnings,
            "daily_digest": user.daily_digest,
            "quiet_hours_start": _iso(user.quiet_hours_start),
            "quiet_hours_end": _iso(user.quiet_hours_end),
        },
        # The browsers that receive pushes, by name (the endpoint and keys are the browser's).
        "push_devices": [
            {"device": d.device, "subscribed_at": _iso(d.created_at)}
            for d in PushSubscription.objects.filter(user=user)
        ],
        "date_joined": _iso(user.date_joined),
        "last_login": _iso(user.last_login),
        # The key is a password: a file lying in a downloads folder must not hold it.
        "api_token_created": _iso(token.created) if token else None,
    }


def _games(user: User) -> list[dict[str, JSON]]:
    """Every game in which the player holds a seat now, as that seat sees it."""
    games = (
        Game.objects.filter(table__seats__user=user, table__seats__position__isnull=False)
        .select_related("table")
        .order_by("started_at", "pk")
        .distinct()
    )
    out: list[dict[str, JSON]] = []
    for game in games:
        feed = game_view_for_user(game, user)
        seat = feed["my_seat"]
        assert isinstance(seat, int)
        over = game.status != Game.Status.PLAYING
        out.append(
            {
                "game_id": game.pk,
                "table_id": game.table_id,
                "title": game.table.title,
                "started_at": _iso(game.started_at),
                "finished_at": _iso(game.finished_at),
                "your_seat": seat,
                "feed": feed,
                # The same reveal the replay and the API give once a game is over (RA-23).
                "events": list(events_after(game, 0, seat, reveal=over)),
            }
        )
    return out


def _waiting_tables(user: User) -> list[dict[str, JSON]]:
    seats = Seat.objects.filter(user=user, table__status=Table.Status.OPEN).select_related("table")
    return [
        {
            "table_id": s.table_id,
            "game": s.table.game_slug,
            "title": s.table.title,
            "you_host": s.table.host_id == user.pk,
            "joined_at": _iso(s.joined_at),
        }
        for s in seats.order_by("joined_at")
    ]


def _chat(user: User) -> list[dict[str, JSON]]:
    games = Game.objects.filter(table__chat_messages__author=user)
    game_of = dict(games.values_list("table_id", "pk"))
    return [
        {
            "table_id": m.table_id,
            "game_id": game_of.get(m.table_id),
            "channel": m.channel,
            "text": m.body,  # their own words, even when a moderator hid them from others
            "sent_at": _iso(m.created_at),
            "hidden_by_moderator": m.hidden_by_moderator,
        }
        for m in ChatMessage.objects.filter(author=user).order_by("created_at", "pk")
    ]


def _sanctions(user: User) -> list[dict[str, JSON]]:
    now = timezone.now()
    return [
        {
            "kind": s.kind,
            "reason": s.reason,
            "created_at": _iso(s.created_at),
            "until": _iso(s.until),
            "lifted_at": _iso(s.lifted_at),
            "active": s.lifted_at is None
            and (s.kind == Sanction.Kind.BAN or (s.until is not None and s.until > now)),
        }
        for s in Sanction.objects.filter(user=user).order_by("created_at", "pk")
    ]


def _reports_made(user: User) -> list[dict[str, JSON]]:
    reports = Report.objects.filter(reporter=user).select_related("target").order_by("created_at")
    return [
        {
            "about": r.target.public_name,
            "game_id": r.game_id,
            "chat_message_id": r.chat_message_id,
            "reason": r.reason,
            "details": r.details,
            "status": r.status,
            "created_at": _iso(r.created_at),
        }
        for r in reports
    ]


def _vacations(user: User) -> dict[str, JSON]:
    account = VacationAccount.objects.filter(user=user).first()
    return {
        "allowance_days": account.balance_days if account else None,
        "declared": [
            {"starts_at": _iso(v.starts_at), "ends_at": _iso(v.ends_at)}
            for v in Vacation.objects.filter(user=user).order_by("starts_at")
        ],
    }


def _ip_sightings(user: User) -> list[dict[str, JSON]]:
    return [
        {"ip": s.ip, "first_seen": _iso(s.first_seen), "last_seen": _iso(s.last_seen)}
        for s in IpSighting.objects.filter(user=user).order_by("first_seen")
    ]


def user_data_get(user: User) -> dict[str, JSON]:
    """Everything the site holds about `user`, as plain JSON, for them to download."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(),
        "profile": _profile(user),
        "games": list(_games(user)),
        "tables_waiting": list(_waiting_tables(user)),
        "chat_messages": list(_chat(user)),
        "sanctions": list(_sanctions(user)),
        "reports_made": list(_reports_made(user)),
        "ratings": [dict(r) for r in ratings_of(user.pk)],
        "season_ratings": [dict(r) for r in season_history(user.pk)],
        "vacations": _vacations(user),
        "ip_addresses_seen": list(_ip_sightings(user)),
    }
