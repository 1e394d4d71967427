"""Admin of the games domain for moderators (issue 5): tables, games, the event log and
chat. Nothing here writes a model directly: every action calls a moderation service, which
goes through the games services and writes the audit log.

- GameEvent is read-only for everyone (no add, change or delete, superusers included); Table
  and Game cannot be deleted here either, since that would cascade into the log.
- The per-game seed is never shown.
"""

from __future__ import annotations

import abc
import datetime as dt
from typing import TYPE_CHECKING, Any

from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Exists, Max, OuterRef, Q, QuerySet
from django.db.models.expressions import BaseExpression
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from django.utils import timezone
from django.utils.html import format_html

from accounts.models import User
from games.engine.core import all_games
from games.models import ChatMessage, Game, GameEvent, Seat, Table
from moderation import admin_actions as forms
from moderation.admin_game_actions import GameModerationActions
from moderation.admin_game_log import game_log_view, game_replay_view
from moderation.models import Report
from moderation.services import chat as chat_services
from moderation.services import games as game_services


class ReadOnlyMixin:
    """No add or delete for anyone; every field shown read-only."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ConditionFilter(admin.SimpleListFilter, abc.ABC):
    """A list filter whose every choice keeps the rows meeting one condition (an `Exists`
    over a related table, or its negation); a subclass lists (value, label, condition)."""

    @abc.abstractmethod
    def options(self) -> list[tuple[str, str, BaseExpression]]:
        """The filter's choices: (value in the URL, label, condition the rows meet)."""

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [(value, label) for value, label, _ in self.options()]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        for value, _, condition in self.options():
            if self.value() == value:
                return queryset.filter(condition)
        return queryset


def _can(request: HttpRequest, codename: str) -> bool:
    return request.user.has_perm(f"moderation.{codename}")


class GameSlugFilter(admin.SimpleListFilter):
    title = "game"
    parameter_name = "game"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [(g.slug, g.name) for g in all_games()]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        return queryset.filter(table__game_slug=self.value()) if self.value() else queryset


class StalledFilter(admin.SimpleListFilter):
    """Games in play whose last event is older than N days."""

    title = "stalled for"
    parameter_name = "stalled"
    DAYS = ("1", "3", "7", "14")

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [(days, f"{days} day{'s' if days != '1' else ''}") for days in self.DAYS]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        value = self.value() or ""
        if value not in self.DAYS:
            return queryset  # only the offered choices: "²" passed isdigit() and int() failed
        cutoff = timezone.now() - dt.timedelta(days=int(value))
        return queryset.filter(status=Game.Status.PLAYING, last_event_at__lt=cutoff)


class ReportedFilter(ConditionFilter):
    title = "reported"
    parameter_name = "reported"

    def options(self) -> list[tuple[str, str, BaseExpression]]:
        reports = Report.objects.filter(game=OuterRef("pk"))
        return [
            ("open", "Open reports", Exists(reports.filter(status=Report.Status.OPEN))),
            ("any", "Any report", Exists(reports)),
        ]


if TYPE_CHECKING:
    _SeatInlineBase = admin.TabularInline[Seat, Any]
else:  # generic for the type checker only
    _SeatInlineBase = admin.TabularInline


class SeatInline(ReadOnlyMixin, _SeatInlineBase):
    model = Seat
    fields = ("position", "user", "is_bot", "deadline_at", "timeouts_in_a_row", "extensions_left")
    readonly_fields = fields
    extra = 0
    can_delete = False


@admin.register(Table)
class TableAdmin(ReadOnlyMixin, admin.ModelAdmin[Table]):
    list_display = ("id", "game_slug", "title", "host", "status", "visibility", "created_at")
    list_filter = ("status", "game_slug", "visibility", "timeout_policy")
    search_fields = ("title", "host__username", "host__display_name")
    exclude = ("invite_code",)
    inlines = [SeatInline]


@admin.register(Game)
class GameAdmin(GameModerationActions, ReadOnlyMixin, admin.ModelAdmin[Game]):
    list_display = (
        "id",
        "game_name",
        "table_link",
        "status",
        "last_event_at",
        "open_reports",
        "log_links",
    )
    list_filter = (GameSlugFilter, "status", StalledFilter, ReportedFilter)
    search_fields = ("=id", "table__title", "table__seats__user__username")
    fields = (
        "table",
        "status",
        "rules_version",
        "state_seq",
        "outcome",
        "started_at",
        "finished_at",
    )  # never the seed; the full state is behind the (audited) log view

    def get_queryset(self, request: HttpRequest) -> QuerySet[Game]:
        return (
            super()
            .get_queryset(request)
            .select_related("table")
            .annotate(
                last_event_at=Max("events__created_at"),
                open_report_count=Count(
                    "reports", filter=Q(reports__status=Report.Status.OPEN), distinct=True
                ),
            )
        )

    def get_urls(self) -> list[URLPattern]:
        site = self.admin_site
        return [
            path("<int:game_id>/log/", site.admin_view(self.log_view), name="games_game_log"),
            path(
                "<int:game_id>/replay/",
                site.admin_view(self.replay_view),
                name="games_game_replay",
            ),
            *super().get_urls(),
        ]

    def log_view(self, request: HttpRequest, game_id: int) -> TemplateResponse:
        return game_log_view(self, request, game_id)

    def replay_view(self, request: HttpRequest, game_id: int) -> TemplateResponse:
        return game_replay_view(self, request, game_id)

    @admin.display(description="game", ordering="table__game_slug")
    def game_name(self, obj: Game) -> str:
        return obj.table.game_slug

    @admin.display(description="table")
    def table_link(self, obj: Game) -> str:
        url = reverse("admin:games_table_change", args=[obj.table_id])
        return format_html('<a href="{}">{}</a>', url, obj.table.title or f"Table {obj.table_id}")

    @admin.display(description="last event", ordering="last_event_at")
    def last_event_at(self, obj: Game) -> Any:
        return getattr(obj, "last_event_at", None)

    @admin.display(description="open reports", ordering="open_report_count")
    def open_reports(self, obj: Game) -> int:
        return int(getattr(obj, "open_report_count", 0))

    @admin.display(description="moderator views")
    def log_links(self, obj: Game) -> str:
        return format_html(
            '<a href="{}">full log</a> · <a href="{}">replay</a>',
            reverse("admin:games_game_log", args=[obj.pk]),
            reverse("admin:games_game_replay", args=[obj.pk]),
        )


@admin.register(GameEvent)
class GameEventAdmin(ReadOnlyMixin, admin.ModelAdmin[GameEvent]):
    """The log: read-only for everyone, superusers included (design: append-only)."""

    list_display = ("game", "seq", "type", "actor_kind", "actor_seat", "created_at")
    list_filter = ("actor_kind",)
    search_fields = ("=game__id", "type")
    list_select_related = ("game__table",)

    def get_actions(self, request: HttpRequest) -> dict[str, Any]:
        return {}  # not even "delete selected"

    def change_view(
        self,
        request: HttpRequest,
        object_id: str,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        # One event in full is a read of the unredacted log: allowed and audited as the
        # log view is (moderation.admin_game_log), not to whoever may list the events.
        if not request.user.has_perm("moderation.moderate_games"):
            raise PermissionDenied
        event = GameEvent.objects.filter(pk=object_id).select_related("game__table").first()
        if event is not None and self.has_view_permission(request, event):
            assert isinstance(request.user, User)
            game_services.game_log_read(game=event.game, by=request.user, what="event")
        return super().change_view(request, object_id, form_url, extra_context)


@admin.register(ChatMessage)
class ChatMessageAdmin(ReadOnlyMixin, admin.ModelAdmin[ChatMessage]):
    list_display = ("created_at", "table", "author", "channel", "shown", "hidden_by_moderator")
    list_filter = ("hidden_by_moderator", "channel")
    search_fields = ("body", "author__username", "author__display_name", "=table__id")
    list_select_related = ("author", "table")
    actions = ["hide_messages", "restore_messages"]

    @admin.display(description="message")
    def shown(self, obj: ChatMessage) -> str:
        if obj.hidden_by_moderator:
            return f"[hidden] {obj.body[:80]}"
        return obj.body[:80]

    def has_moderate_chat_permission(self, request: HttpRequest) -> bool:
        return _can(request, "moderate_chat")

    @forms.form_action(
        "Hide (removed by a moderator)", title="Hide messages", permission="moderate_chat"
    )
    def hide_messages(self, message: ChatMessage, by: User, data: dict[str, Any]) -> str:
        chat_services.chat_hide(messages=[message], by=by, reason=data["reason"])
        return f"Message {message.pk} hidden."

    @forms.form_action(
        "Restore hidden messages", title="Restore messages", permission="moderate_chat"
    )
    def restore_messages(self, message: ChatMessage, by: User, data: dict[str, Any]) -> str:
        chat_services.chat_restore(messages=[message], by=by, reason=data["reason"])
        return f"Message {message.pk} restored."
