"""Admin of the time controls: vacations and allowances (read mostly), abandonments."""

from django.contrib import admin

from .models import Abandonment, Vacation, VacationAccount


@admin.register(Vacation)
class VacationAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("user", "starts_at", "ends_at", "charged_seconds")
    list_filter = ("starts_at",)


@admin.register(VacationAccount)
class VacationAccountAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("user", "balance_seconds", "last_played_week")


@admin.register(Abandonment)
class AbandonmentAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("game", "seat", "at")
