"""Admin for players: search by name and email, filter by active / staff / verified."""

from __future__ import annotations

from typing import TYPE_CHECKING

from allauth.account.models import EmailAddress
from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.db.models import Exists, OuterRef, QuerySet
from django.db.models.expressions import BaseExpression
from django.http import HttpRequest
from rest_framework.authtoken.admin import TokenAdmin as DrfTokenAdmin
from rest_framework.authtoken.models import TokenProxy

from games.admin import ConditionFilter
from moderation.admin_users import UserModerationMixin

from .models import PROFILE_FIELDS, User


class VerifiedFilter(ConditionFilter):
    """Whether the user has at least one verified email address (allauth's EmailAddress)."""

    title = "verified email"
    parameter_name = "verified"

    def options(self) -> list[tuple[str, str, BaseExpression]]:
        verified = Exists(EmailAddress.objects.filter(user=OuterRef("pk"), verified=True))
        return [("yes", "Yes", verified), ("no", "No", ~verified)]


if TYPE_CHECKING:
    _BaseUserAdmin = DjangoUserAdmin[User]
else:  # generic for the type checker only
    _BaseUserAdmin = DjangoUserAdmin


@admin.register(User)
class UserAdmin(UserModerationMixin, _BaseUserAdmin):  # moderation: issue 5
    list_display = (
        "username",
        "display_name",
        "email",
        "is_verified",
        "is_active",
        "is_staff",
        "date_joined",
    )
    list_filter = ("is_active", "is_staff", VerifiedFilter, "is_superuser")
    search_fields = ("username", "display_name", "first_name", "last_name", "email")
    ordering = ("-date_joined",)
    fieldsets = (
        *(DjangoUserAdmin.fieldsets or ()),
        ("Profile", {"fields": PROFILE_FIELDS}),
    )

    def get_queryset(self, request: HttpRequest) -> QuerySet[User]:
        verified = EmailAddress.objects.filter(user=OuterRef("pk"), verified=True)
        queryset: QuerySet[User] = super().get_queryset(request)
        return queryset.annotate(has_verified_email=Exists(verified))

    @admin.display(boolean=True, description="verified", ordering="has_verified_email")
    def is_verified(self, obj: User) -> bool:
        return bool(getattr(obj, "has_verified_email", False))


# DRF's token admin describes its search box with a help text ("Username") and Django labels
# the box with a magnifier image only, so axe finds a box named by its description alone
# (label-title-only, issue 12). The same admin without that help text: the image's alt
# ("Search") names the box, as on every other changelist.
admin.site.unregister(TokenProxy)


@admin.register(TokenProxy)
class TokenAdmin(DrfTokenAdmin):
    search_help_text = None
