"""Where sanctions and switches take effect:

- `sanction_gate(user, action)`: one of the actor gates every games service runs before
  acting for a user (games.services.gates): a suspended or banned user may not play, chat or
  join; nobody may open a table while the "stop table creation" switch is on. Pages, the
  API and the websocket all inherit it because they all call those services.
- `notice_at_login`: the suspension notice (reason, end date) as a message at log-in; the
  same notice stays on every page through the context processor.
"""

from __future__ import annotations

from typing import Any

from allauth.account.signals import user_logged_in
from django.contrib import messages
from django.http import HttpRequest
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from .errors import Suspended, TableCreationPaused
from .models import Sanction, SiteSwitches
from .selectors import sanction_active_for


def sanction_notice(sanction: Sanction) -> str:
    """The sentence a sanctioned player reads."""
    if sanction.kind == Sanction.Kind.BAN:
        return _("Your account is banned: %(reason)s") % {"reason": sanction.reason}
    assert sanction.until is not None
    end = timezone.localtime(sanction.until, timezone.get_current_timezone())
    until = f"{date_format(end, 'DATETIME_FORMAT')} ({end:%Z})"
    return _("Your account is suspended until %(until)s: %(reason)s") % {
        "until": until,
        "reason": sanction.reason,
    }


def sanction_gate(user: Any, action: str) -> None:
    sanction = sanction_active_for(user)
    if sanction is not None:
        raise Suspended(sanction_notice(sanction))
    if action == "create_table" and SiteSwitches.load().stop_table_creation:
        raise TableCreationPaused(
            _("New tables are paused for a moment (planned maintenance). Games in play go on.")
        )


def notice_at_login(sender: Any, request: HttpRequest, user: Any, **kwargs: Any) -> None:
    sanction = sanction_active_for(user)
    if sanction is not None:
        messages.error(request, sanction_notice(sanction))


def connect() -> None:
    """Called once from ModerationConfig.ready(): the login notice."""
    user_logged_in.connect(notice_at_login, dispatch_uid="moderation.notice_at_login")
