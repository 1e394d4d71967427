"""The game admin's moderation actions (mixed into games.admin.GameAdmin): abort, void,
verify, extend a deadline, hand a seat to a bot or a substitute. Each asks for a reason
(admin_actions.form_action) and calls one moderation service."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from accounts.models import User
from games.models import Game
from games.services.errors import ServiceError

from . import admin_actions as forms
from .services import games as game_services

moderate = forms.form_actions("moderate_games")


class GameModerationActions:
    actions: Any = [
        "abort_games",
        "void_games",
        "verify_games",
        "extend_deadline",
        "replace_seat_with_bot",
        "hand_seat_to_substitute",
    ]

    has_moderate_games_permission = forms.permission_check("moderate_games")

    @moderate("Abort (no result)", title="Abort games")
    def abort_games(self, game: Game, by: User, data: dict[str, Any]) -> str:
        game_services.game_abort(game=game, by=by, reason=data["reason"])
        return f"Game {game.pk} aborted."

    @moderate("Void (annul the result)", title="Void games")
    def void_games(self, game: Game, by: User, data: dict[str, Any]) -> str:
        game_services.game_void(game=game, by=by, reason=data["reason"])
        return f"Game {game.pk} voided."

    @admin.action(description="Verify (rebuild from the log)", permissions=["moderate_games"])
    def verify_games(self, request: HttpRequest, queryset: QuerySet[Game]) -> None:
        assert isinstance(request.user, User)
        for game in queryset:
            result = game_services.game_verify(game=game, by=request.user)
            if result["ok"]:
                messages.success(
                    request,
                    f"Game {game.pk}: the log folds to the cached state (seq {result['log_seq']}).",
                )
            else:
                messages.error(
                    request,
                    f"Game {game.pk}: MISMATCH — log seq {result['log_seq']}, cache "
                    f"seq {result['state_seq']}, differing: {', '.join(result['differing'])}.",
                )

    @moderate("Extend a deadline", form_class=forms.ExtendForm, single=True)
    def extend_deadline(self, game: Game, by: User, data: dict[str, Any]) -> str:
        seat = game_services.deadline_extend(
            game=game, seat=data["seat"], hours=data["hours"], by=by, reason=data["reason"]
        )
        until = f"{seat.deadline_at:%Y-%m-%d %H:%M}"
        return f"Seat {data['seat']} of game {game.pk} now has until {until}."

    @moderate("Replace a seat with a bot", form_class=forms.SeatForm, single=True)
    def replace_seat_with_bot(self, game: Game, by: User, data: dict[str, Any]) -> str:
        game_services.seat_replace_with_bot(
            game=game, seat=data["seat"], by=by, reason=data["reason"]
        )
        return f"Seat {data['seat']} of game {game.pk} is now played by a bot."

    @moderate("Hand a seat to a substitute", form_class=forms.SubstituteForm, single=True)
    def hand_seat_to_substitute(self, game: Game, by: User, data: dict[str, Any]) -> str:
        substitute = User.objects.filter(username=data["substitute"]).first()
        if substitute is None:
            raise ServiceError(f"There is no user {data['substitute']!r}.")
        game_services.seat_hand_to_substitute(
            game=game, seat=data["seat"], substitute=substitute, by=by, reason=data["reason"]
        )
        return f"Seat {data['seat']} of game {game.pk} is now played by {substitute}."
