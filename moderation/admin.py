"""Admin of moderation: the reports queue, sanctions, the read-only audit log, the site
switches and IP sightings. Actions call moderation services (audited); nothing is edited
by hand except the site switches, whose save also goes through a service."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.html import format_html, format_html_join

from accounts.models import User
from games.admin import ReadOnlyMixin
from games.models import ChatMessage

from . import admin_actions as forms
from .models import AuditLog, IpSighting, Report, Sanction, SiteSwitches
from .selectors import chat_around
from .services import reports as report_services
from .services import sanctions as sanction_services
from .services.switches import site_switches_update


def _user(request: HttpRequest) -> User:
    assert isinstance(request.user, User)
    return request.user


@admin.register(Report)
class ReportAdmin(ReadOnlyMixin, admin.ModelAdmin[Report]):
    list_display = (
        "id",
        "created_at",
        "status",
        "reason",
        "reporter",
        "target",
        "game_link",
        "assignee",
    )
    list_filter = ("status", "reason", ("assignee", admin.RelatedOnlyFieldListFilter))
    search_fields = ("target__username", "reporter__username", "details", "=game__id")
    list_select_related = ("reporter", "target", "assignee", "game")
    fields = (
        "status",
        "reason",
        "details",
        "reporter",
        "target",
        "game_link",
        "context",
        "assignee",
        "resolution",
        "created_at",
        "resolved_at",
    )
    readonly_fields = fields
    actions = ["assign_to_me", "resolve"]

    @admin.display(description="game")
    def game_link(self, obj: Report) -> str:
        if obj.game_id is None:
            return "—"
        return format_html(
            '<a href="{}">Game {}</a> (<a href="{}">full log</a>)',
            reverse("admin:games_game_change", args=[obj.game_id]),
            obj.game_id,
            reverse("admin:games_game_log", args=[obj.game_id]),
        )

    @admin.display(description="chat context")
    def context(self, obj: Report) -> str:
        if obj.chat_message is not None:
            around = chat_around(obj.chat_message)
        elif obj.game is not None:  # a report about a game: what the target said there
            around = list(
                ChatMessage.objects.filter(table_id=obj.game.table_id, author_id=obj.target_id)
                .select_related("author")
                .order_by("-pk")[:10]
            )[::-1]
        else:
            return "—"
        lines = [
            format_html(
                # The reported line in <strong>: the Content-Security-Policy forbids style="".
                "<strong>{} <b>{}</b>: {}{}</strong>"
                if m.pk == obj.chat_message_id
                else "{} <b>{}</b>: {}{}",
                f"{m.created_at:%Y-%m-%d %H:%M}",
                m.author.public_name,
                m.body,  # moderators read the original, hidden or not
                " (hidden)" if m.hidden_by_moderator else "",
            )
            for m in around
        ]
        if not lines:
            return "No chat from this player in this game."
        return format_html(
            "<ol>{}</ol>", format_html_join("", "<li>{}</li>", ((x,) for x in lines))
        )

    def has_change_report_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm("moderation.change_report")

    @admin.action(description="Assign to me", permissions=["change_report"])
    def assign_to_me(self, request: HttpRequest, queryset: QuerySet[Report]) -> None:
        for report in queryset:
            report_services.report_assign(report=report, assignee=_user(request), by=_user(request))
        self.message_user(request, f"{queryset.count()} report(s) assigned to you.")

    @forms.form_action(
        "Close (actioned or dismissed)",
        title="Close reports",
        permission="change_report",
        form_class=forms.ResolveForm,
    )
    def resolve(self, report: Report, by: User, data: dict[str, Any]) -> str:
        report_services.report_resolve(
            report=report, status=data["status"], by=by, reason=data["reason"]
        )
        return f"Report {report.pk} closed as {data['status']}."


@admin.register(Sanction)
class SanctionAdmin(ReadOnlyMixin, admin.ModelAdmin[Sanction]):
    """Sanctions are made from the user admin's actions (which log the user out); here
    they are listed and lifted."""

    list_display = ("user", "kind", "until", "reason", "created_by", "created_at", "lifted_at")
    list_filter = ("kind", ("lifted_at", admin.EmptyFieldListFilter))
    search_fields = ("user__username", "reason")
    list_select_related = ("user", "created_by")
    actions = ["lift"]

    has_moderate_users_permission = forms.permission_check("moderate_users")

    @forms.form_action(
        "Lift (the user may play again)", title="Lift sanctions", permission="moderate_users"
    )
    def lift(self, sanction: Sanction, by: User, data: dict[str, Any]) -> str:
        lifted = sanction_services.sanction_lift(user=sanction.user, by=by, reason=data["reason"])
        return f"{sanction.user}: {lifted} sanction(s) lifted."


@admin.register(AuditLog)
class AuditLogAdmin(ReadOnlyMixin, admin.ModelAdmin[AuditLog]):
    list_display = (
        "created_at",
        "actor",
        "action",
        "object_type",
        "object_id",
        "object_repr",
        "reason",
    )
    list_filter = ("action", "object_type")
    search_fields = ("actor__username", "object_repr", "reason", "=object_id")
    list_select_related = ("actor",)
    date_hierarchy = "created_at"

    def get_actions(self, request: HttpRequest) -> dict[str, Any]:
        return {}


@admin.register(SiteSwitches)
class SiteSwitchesAdmin(admin.ModelAdmin[SiteSwitches]):
    fields = ("stop_table_creation", "banner", "updated_at")
    readonly_fields = ("updated_at",)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def changelist_view(self, request: HttpRequest, extra_context: Any = None) -> HttpResponse:
        # One row: go straight to it.
        switches = SiteSwitches.load()
        return HttpResponseRedirect(
            reverse("admin:moderation_siteswitches_change", args=[switches.pk])
        )

    def save_model(self, request: HttpRequest, obj: SiteSwitches, form: Any, change: bool) -> None:
        site_switches_update(
            by=_user(request), stop_table_creation=obj.stop_table_creation, banner=obj.banner
        )
        messages.info(request, "The change is in the audit log.")


@admin.register(IpSighting)
class IpSightingAdmin(ReadOnlyMixin, admin.ModelAdmin[IpSighting]):
    list_display = ("user", "ip", "first_seen", "last_seen")
    search_fields = ("user__username", "ip")
    list_select_related = ("user",)

    def get_actions(self, request: HttpRequest) -> dict[str, Any]:
        return {}
