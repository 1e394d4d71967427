"""Template context for every page: the site banner and the viewer's own sanction notice."""

from __future__ import annotations

from django.http import HttpRequest

from .enforcement import sanction_notice
from .models import SiteSwitches
from .selectors import sanction_active_for


def moderation(request: HttpRequest) -> dict[str, object]:
    sanction = sanction_active_for(getattr(request, "user", None))
    return {
        "SITE_BANNER": SiteSwitches.load().banner,
        "MY_SANCTION_NOTICE": sanction_notice(sanction) if sanction else "",
    }
