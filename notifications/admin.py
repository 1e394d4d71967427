"""Admin of the notifications: what was sent, skipped or held back, and why."""

from collections.abc import Iterator
from typing import Any

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from .models import Notice, OptOut, PushSubscription


class ReasonFilter(admin.AllValuesFieldListFilter):
    """The reasons a notice was skipped or held back; a sent notice has none, shown as
    "(none)" instead of an empty link (a link without a name, for a screen reader)."""

    def choices(self, changelist: Any) -> Iterator[Any]:
        for choice in super().choices(changelist):
            if choice["display"] == "":
                choice["display"] = _("(none)")
            yield choice


@admin.register(Notice)
class NoticeAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = (
        "user",
        "game",
        "kind",
        "channel",
        "status",
        "reason",
        "created_at",
        "sent_at",
    )
    list_filter = ("kind", "channel", "status", ("reason", ReasonFilter))


@admin.register(OptOut)
class OptOutAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("user", "kind", "channel", "created_at")


@admin.register(PushSubscription)
class PushSubscriptionAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """The browsers subscribed to pushes; the keys are the browser's and not shown."""

    list_display = ("user", "device", "created_at", "last_push_at")
    fields = ("user", "device", "created_at", "last_push_at")
    readonly_fields = fields
