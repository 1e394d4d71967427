"""Top-level URL routes."""

from django.conf import settings
from django.contrib import admin
from django.urls import include, path

from . import pwa, views

urlpatterns = [
    # First: the games' routes (the API among them, its first include) are every move's;
    # each prefix below tried before them cost a move a failed match (issue 14, B1). No
    # route here shares a prefix with another, so their order changes no match.
    path("", include("games.urls")),
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    # At the root: a service worker controls only the paths under its own URL.
    path("sw.js", pwa.service_worker, name="service_worker"),
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    path("accounts/", include("allauth.urls")),
    path("moderation/", include("moderation.urls")),
    path("clock/", include("clock.urls")),
    path("notifications/", include("notifications.urls")),
    path("ratings/", include("ratings.urls")),
]

# The site's own 404 and 403 pages (400, CSRF and 500 are templates: templates/errors/).
handler404 = "avalon_site.errors.not_found"
handler403 = "avalon_site.errors.forbidden"

if settings.BENCH_FLOOR:  # benchmarks only (benchmarks/bench_moves.py); off in production
    urlpatterns.append(path("", include("benchmarks.floor")))
