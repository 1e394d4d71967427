"""The moderation side of the user admin (mixed into accounts.admin.UserAdmin): a user's
games, reports, chat messages, sanctions and the accounts seen from the same addresses;
actions to suspend, ban, lift and mark the email verified.

Superusers alone manage staff: anyone else sees staff accounts read-only, and only
superusers may change passwords, staff flags, groups or permissions.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.html import format_html, format_html_join

from accounts.models import User
from games.models import ChatMessage, Game

from . import admin_actions as forms
from .models import Report, Sanction
from .selectors import accounts_same_ip
from .services import sanctions as services

STAFF_FIELDS = ("is_staff", "is_superuser", "groups", "user_permissions")
MODERATION_FIELDS = ("mod_sanctions", "mod_games", "mod_reports", "mod_chat", "mod_same_ip")

moderate = forms.form_actions("moderate_users")


def _links(rows: list[tuple[str, str]]) -> str:
    if not rows:
        return "—"
    return format_html("<ul>{}</ul>", format_html_join("", '<li><a href="{}">{}</a></li>', rows))


class UserModerationMixin:
    actions: Any = ["suspend_users", "ban_users", "lift_sanctions", "mark_email_verified"]

    # --- who may change what ------------------------------------------------------------

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        if obj is not None and (obj.is_staff or obj.is_superuser) and not request.user.is_superuser:
            return False
        return bool(super().has_change_permission(request, obj))  # type: ignore[misc]

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return bool(request.user.is_superuser)

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        fields = list(super().get_readonly_fields(request, obj))  # type: ignore[misc]
        if not request.user.is_superuser:
            fields += [f for f in STAFF_FIELDS if f not in fields]
        return [*fields, *MODERATION_FIELDS]

    def get_fieldsets(self, request: HttpRequest, obj: Any = None) -> Any:
        fieldsets = list(super().get_fieldsets(request, obj))  # type: ignore[misc]
        if obj is None:
            return fieldsets
        # Right under the name: what a moderator opens the page for.
        return [fieldsets[0], ("Moderation", {"fields": MODERATION_FIELDS}), *fieldsets[1:]]

    def user_change_password(
        self, request: HttpRequest, id: str, form_url: str = ""
    ) -> HttpResponse:
        if not request.user.is_superuser:
            raise PermissionDenied
        response: HttpResponse = super().user_change_password(request, id, form_url)  # type: ignore[misc]
        return response

    # --- what a moderator sees ----------------------------------------------------------

    @admin.display(description="sanctions")
    def mod_sanctions(self, obj: User) -> str:
        rows = [
            (
                reverse("admin:moderation_sanction_change", args=[s.pk]),
                f"{s}{' (active)' if s.is_active else ''} — {s.reason}",
            )
            for s in Sanction.objects.filter(user=obj)[:20]
        ]
        return _links(rows)

    @admin.display(description="games")
    def mod_games(self, obj: User) -> str:
        games = Game.objects.filter(table__seats__user=obj).select_related("table")
        rows = [
            (
                reverse("admin:games_game_change", args=[g.pk]),
                f"Game {g.pk} · {g.table.game_slug} · {g.get_status_display()}",
            )
            for g in games.order_by("-started_at").distinct()[:30]
        ]
        return _links(rows)

    @admin.display(description="reports")
    def mod_reports(self, obj: User) -> str:
        rows = [
            (
                reverse("admin:moderation_report_change", args=[r.pk]),
                f"{'about' if r.target_id == obj.pk else 'by'} them: {r.get_reason_display()} "
                f"({r.get_status_display()})",
            )
            for r in (Report.objects.filter(target=obj) | Report.objects.filter(reporter=obj))[:30]
        ]
        return _links(rows)

    @admin.display(description="chat messages")
    def mod_chat(self, obj: User) -> str:
        count = ChatMessage.objects.filter(author=obj).count()
        url = reverse("admin:games_chatmessage_changelist") + f"?author__id__exact={obj.pk}"
        return format_html('<a href="{}">{} message(s)</a>', url, count)

    @admin.display(description="other accounts from the same IP")
    def mod_same_ip(self, obj: User) -> str:
        rows = [
            (reverse("admin:accounts_user_change", args=[u.pk]), u.username)
            for u in accounts_same_ip(obj)[:30]
        ]
        return _links(rows)

    # --- actions --------------------------------------------------------------------------

    has_moderate_users_permission = forms.permission_check("moderate_users")

    @moderate("Suspend for a number of days", title="Suspend users", form_class=forms.SuspendForm)
    def suspend_users(self, user: User, by: User, data: dict[str, Any]) -> str:
        s = services.user_suspend(user=user, by=by, reason=data["reason"], days=data["days"])
        return f"{user} is suspended until {s.until:%Y-%m-%d %H:%M} and was logged out."

    @moderate("Ban", title="Ban users")
    def ban_users(self, user: User, by: User, data: dict[str, Any]) -> str:
        services.user_ban(user=user, by=by, reason=data["reason"])
        return f"{user} is banned and was logged out."

    @moderate("Lift sanctions")
    def lift_sanctions(self, user: User, by: User, data: dict[str, Any]) -> str:
        lifted = services.sanction_lift(user=user, by=by, reason=data["reason"])
        return f"{user}: {lifted} sanction(s) lifted."

    @moderate("Mark email verified", title="Mark emails verified")
    def mark_email_verified(self, user: User, by: User, data: dict[str, Any]) -> str:
        services.email_mark_verified(user=user, by=by, reason=data["reason"])
        return f"{user.email} of {user} is marked verified."
