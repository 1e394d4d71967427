"""Template context shared by every page: site name and the embedded-mode hint."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest

from accounts.verification import user_is_verified


def site(request: HttpRequest) -> dict[str, object]:
    user = getattr(request, "user", None)
    return {
        "SITE_NAME": "Avalon Tables",
        # A callable: templates evaluate it only where used (one query, logged-in pages only).
        "EMAIL_UNVERIFIED": lambda: bool(
            user is not None and user.is_authenticated and not user_is_verified(user)
        ),
        # In embedded DEBUG mode the footer tells developers where the emails go.
        "EMBEDDED_MAIL_DIR": (
            str(settings.EMAIL_FILE_PATH)
            if settings.DEBUG and settings.EMAIL_BACKEND.endswith("filebased.EmailBackend")
            else ""
        ),
    }
