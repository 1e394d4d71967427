"""Admin of the notifications: what was sent, skipped or held back, and why."""

from django.contrib import admin

from .models import Notice, OptOut


@admin.register(Notice)
class NoticeAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("user", "game", "kind", "status", "reason", "created_at", "sent_at")
    list_filter = ("kind", "status", "reason")


@admin.register(OptOut)
class OptOutAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("user", "kind", "created_at")
