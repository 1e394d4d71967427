"""The installable web app (issue 16): the web app manifest and the service worker, both
served from the site's root so the worker's scope is the whole site. robots.txt and
/favicon.ico are plain files in root_files/ (WhiteNoise serves them at the root).

The manifest names the site, its colours (the header's navy and the parchment of the pages),
the start page, standalone display and the icons in static/icons/ (drawn by
scripts/draw_icons.py from the emblem). The service worker (templates/pwa/sw.js) only shows
pushes and opens the game a click names: it caches nothing, since every page is live.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

THEME_COLOUR = "#1b2a4a"  # --navy-700, the site header
BACKGROUND_COLOUR = "#f4ecd8"  # --parchment-100, the pages
ICON_SIZES = (48, 72, 96, 144, 192, 256, 384, 512)


@require_safe
@cache_control(max_age=3600)  # private: the description is in the reader's language
def manifest(request: HttpRequest) -> JsonResponse:
    icons: list[dict[str, str]] = [
        {
            "src": static(f"icons/icon-{size}.png"),
            "sizes": f"{size}x{size}",
            "type": "image/png",
            "purpose": "any",
        }
        for size in ICON_SIZES
    ]
    icons += [
        {
            "src": static(f"icons/maskable-{size}.png"),
            "sizes": f"{size}x{size}",
            "type": "image/png",
            "purpose": "maskable",
        }
        for size in (192, 512)
    ]
    data = {
        "id": "/",
        "name": "Avalon Tables",
        "short_name": "Avalon",
        "description": _("Play-by-web tables for five Arthurian board games."),
        "lang": get_language() or "en",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": icons,
    }
    response = JsonResponse(data, json_dumps_params={"ensure_ascii": False})
    response["Content-Type"] = "application/manifest+json"
    return response


@require_safe
@cache_control(no_cache=True)
def service_worker(request: HttpRequest) -> HttpResponse:
    """The worker's script; browsers check it for updates (no-cache: always revalidated)."""
    response = render(request, "pwa/sw.js", content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    return response
