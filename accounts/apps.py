"""Django app config for accounts (custom user, profile, allauth glue)."""

from typing import Any

from django.apps import AppConfig
from django.contrib.auth.signals import user_logged_out
from django.http import HttpRequest


class AccountsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        user_logged_out.connect(_sockets_of_session_close, dispatch_uid="accounts-logout-sockets")


def _sockets_of_session_close(sender: Any, request: HttpRequest, user: Any, **kwargs: Any) -> None:
    """Logging out closes the game sockets this browser opened while logged in (sent before
    Django flushes the session, so its key is still the one the sockets were opened with)."""
    from games.services.presence import session_sockets_end

    key = getattr(getattr(request, "session", None), "session_key", None)
    if user is not None and getattr(user, "pk", None) is not None and key:
        session_sockets_end(user_id=user.pk, session_key=key)
