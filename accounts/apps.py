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
        from allauth.account import signals

        user_logged_out.connect(_sockets_of_session_close, dispatch_uid="accounts-logout-sockets")
        for changed in (signals.password_changed, signals.password_set, signals.password_reset):
            changed.connect(_sockets_recheck, dispatch_uid="accounts-password-sockets")


def _sockets_of_session_close(sender: Any, request: HttpRequest, user: Any, **kwargs: Any) -> None:
    """Logging out closes the game sockets this browser opened while logged in (sent before
    Django flushes the session, so its key is still the one the sockets were opened with)."""
    from games.services.presence import session_sockets_end

    key = getattr(getattr(request, "session", None), "session_key", None)
    if user is not None and getattr(user, "pk", None) is not None and key:
        session_sockets_end(user_id=user.pk, session_key=key)


def _sockets_recheck(sender: Any, request: HttpRequest, user: Any, **kwargs: Any) -> None:
    """A new password signs out the user's other sessions: their sockets check again."""
    from games.services.presence import session_sockets_recheck

    if getattr(user, "pk", None) is not None:
        session_sockets_recheck(user_id=user.pk)
