"""Routes of moderation's player-facing pages (mounted at /moderation/)."""

from __future__ import annotations

from django.urls import path

from . import views

urlpatterns = [
    path("report/", views.report_page, name="report_create"),
    path("privacy/", views.privacy, name="privacy"),
]
