"""API routes (mounted at /api/ by games/urls.py), the OpenAPI schema and its docs page."""

from __future__ import annotations

from typing import Any

from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework.renderers import JSONRenderer

from . import views
from .errors import api_exception_handler


class SchemaApi(SpectacularAPIView):
    """The schema (YAML, or JSON with ?format=json); a refusal (a method other than GET)
    in the API's one error shape and in JSON, as every other operation's, not DRF's YAML."""

    def get_exception_handler(self) -> Any:
        return api_exception_handler

    def handle_exception(self, exc: Exception) -> Any:
        self.request.accepted_renderer = JSONRenderer()
        self.request.accepted_media_type = JSONRenderer.media_type
        return super().handle_exception(exc)


# One table's and one game's operations, below their prefix (written once, not per route).
table_patterns = [
    path("", views.TableDetailApi.as_view(), name="api-table"),
    path("join/", views.TableJoinApi.as_view(), name="api-table-join"),
    path("leave/", views.TableLeaveApi.as_view(), name="api-table-leave"),
    path("remove/", views.TableRemovePlayerApi.as_view(), name="api-table-remove"),
    path("invite/renew/", views.TableInviteRenewApi.as_view(), name="api-table-invite-renew"),
    path("start/", views.TableStartApi.as_view(), name="api-table-start"),
    path("chat/", views.ChatListApi.as_view(), name="api-chat"),
    path("chat/post/", views.ChatPostApi.as_view(), name="api-chat-post"),
]
game_patterns = [
    path("", views.GameDetailApi.as_view(), name="api-game"),
    path("moves/", views.GameMoveApi.as_view(), name="api-game-move"),
    path("events/", views.GameEventListApi.as_view(), name="api-game-events"),
]

urlpatterns = [
    path("schema/", SchemaApi.as_view(), name="api-schema"),
    # The split view serves its start-up script from the same URL (?script) instead of inline,
    # and our template links a stylesheet instead of an inline <style>: the page passes the
    # site's Content-Security-Policy unchanged. Swagger UI itself comes from
    # drf-spectacular-sidecar's static files (settings.SPECTACULAR_SETTINGS).
    path(
        "docs/",
        SpectacularSwaggerSplitView.as_view(
            url_name="api-schema", template_name="api/swagger_ui.html"
        ),
        name="api-docs",
    ),
    path("game-types/", views.GameTypeListApi.as_view(), name="api-game-types"),
    path("tables/", views.TableListApi.as_view(), name="api-tables"),
    path("tables/create/", views.TableCreateApi.as_view(), name="api-table-create"),
    path("tables/<int:table_id>/", include(table_patterns)),
    path("games/", views.GameListApi.as_view(), name="api-games"),
    path("games/watch/", views.WatchListApi.as_view(), name="api-games-watch"),
    path("games/<int:game_id>/", include(game_patterns)),
]
