"""Template context shared by every page: site name and the embedded-mode hint."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def site(request: HttpRequest) -> dict[str, object]:
    return {
        "SITE_NAME": "Avalon Tables",
        # In embedded DEBUG mode the footer tells developers where the emails go.
        "EMBEDDED_MAIL_DIR": (
            str(settings.EMAIL_FILE_PATH)
            if settings.DEBUG and settings.EMAIL_BACKEND.endswith("filebased.EmailBackend")
            else ""
        ),
    }
