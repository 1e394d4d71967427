"""The game admin's moderation actions (mixed into games.admin.GameAdmin): abort, void,
verify, extend a deadline, hand a seat to a bot or a substitute. Each asks for a reason
(admin_actions.run_with_form) and calls one moderation service."""

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


class GameModerationActions:
    actions: Any = [
        "abort_games",
        "void_games",
        "verify_games",
        "extend_deadline",
        "replace_seat_with_bot",
        "hand_seat_to_substitute",
    ]

    def has_moderate_games_permission(self, request: HttpRequest) -> bool:
        return bool(request.user.has_perm("moderation.moderate_games"))

    def _by(self, request: HttpRequest) -> User:
        assert isinstance(request.user, User)
        return request.user

    @admin.action(description="Abort (no result)", permissions=["moderate_games"])
    def abort_games(self, request: HttpRequest, queryset: QuerySet[Game]) -> Any:
        by = self._by(request)

        def apply(game: Any, d: dict[str, Any]) -> str:
            game_services.game_abort(game=game, by=by, reason=d["reason"])
            return f"Game {game.pk} aborted."

        return forms.run_with_form(
            self,
            request,
            queryset,
            action="abort_games",
            title="Abort games",
            form_class=forms.ReasonForm,
            apply=apply,
        )

    @admin.action(description="Void (annul the result)", permissions=["moderate_games"])
    def void_games(self, request: HttpRequest, queryset: QuerySet[Game]) -> Any:
        by = self._by(request)

        def apply(game: Any, d: dict[str, Any]) -> str:
            game_services.game_void(game=game, by=by, reason=d["reason"])
            return f"Game {game.pk} voided."

        return forms.run_with_form(
            self,
            request,
            queryset,
            action="void_games",
            title="Void games",
            form_class=forms.ReasonForm,
            apply=apply,
        )

    @admin.action(description="Verify (rebuild from the log)", permissions=["moderate_games"])
    def verify_games(self, request: HttpRequest, queryset: QuerySet[Game]) -> None:
        for game in queryset:
            result = game_services.game_verify(game=game, by=self._by(request))
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

    @admin.action(description="Extend a deadline", permissions=["moderate_games"])
    def extend_deadline(self, request: HttpRequest, queryset: QuerySet[Game]) -> Any:
        by = self._by(request)

        def apply(game: Any, d: dict[str, Any]) -> str:
            seat = game_services.deadline_extend(
                game=game, seat=d["seat"], hours=d["hours"], by=by, reason=d["reason"]
            )
            until = f"{seat.deadline_at:%Y-%m-%d %H:%M}"
            return f"Seat {d['seat']} of game {game.pk} now has until {until}."

        return forms.run_with_form(
            self,
            request,
            queryset,
            action="extend_deadline",
            title="Extend a deadline",
            form_class=forms.ExtendForm,
            apply=apply,
            single=True,
        )

    @admin.action(description="Replace a seat with a bot", permissions=["moderate_games"])
    def replace_seat_with_bot(self, request: HttpRequest, queryset: QuerySet[Game]) -> Any:
        by = self._by(request)

        def apply(game: Any, d: dict[str, Any]) -> str:
            game_services.seat_replace_with_bot(
                game=game, seat=d["seat"], by=by, reason=d["reason"]
            )
            return f"Seat {d['seat']} of game {game.pk} is now played by a bot."

        return forms.run_with_form(
            self,
            request,
            queryset,
            action="replace_seat_with_bot",
            title="Replace a seat with a bot",
            form_class=forms.SeatForm,
            apply=apply,
            single=True,
        )

    @admin.action(description="Hand a seat to a substitute", permissions=["moderate_games"])
    def hand_seat_to_substitute(self, request: HttpRequest, queryset: QuerySet[Game]) -> Any:
        by = self._by(request)

        def apply(game: Any, d: dict[str, Any]) -> str:
            substitute = User.objects.filter(username=d["substitute"]).first()
            if substitute is None:
                raise ServiceError(f"There is no user {d['substitute']!r}.")
            game_services.seat_hand_to_substitute(
                game=game, seat=d["seat"], substitute=substitute, by=by, reason=d["reason"]
            )
            return f"Seat {d['seat']} of game {game.pk} is now played by {substitute}."

        return forms.run_with_form(
            self,
            request,
            queryset,
            action="hand_seat_to_substitute",
            title="Hand a seat to a substitute",
            form_class=forms.SubstituteForm,
            apply=apply,
            single=True,
        )
