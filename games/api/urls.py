"""API routes (mounted at /api/ by games/urls.py), the OpenAPI schema and its docs page."""

from __future__ import annotations

from django.urls import path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from . import views

urlpatterns = [
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
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
    path("tables/<int:table_id>/", views.TableDetailApi.as_view(), name="api-table"),
    path("tables/<int:table_id>/join/", views.TableJoinApi.as_view(), name="api-table-join"),
    path("tables/<int:table_id>/leave/", views.TableLeaveApi.as_view(), name="api-table-leave"),
    path(
        "tables/<int:table_id>/remove/",
        views.TableRemovePlayerApi.as_view(),
        name="api-table-remove",
    ),
    path("tables/<int:table_id>/start/", views.TableStartApi.as_view(), name="api-table-start"),
    path("tables/<int:table_id>/chat/", views.ChatListApi.as_view(), name="api-chat"),
    path("tables/<int:table_id>/chat/post/", views.ChatPostApi.as_view(), name="api-chat-post"),
    path("games/", views.GameListApi.as_view(), name="api-games"),
    path("games/watch/", views.WatchListApi.as_view(), name="api-games-watch"),
    path("games/<int:game_id>/", views.GameDetailApi.as_view(), name="api-game"),
    path("games/<int:game_id>/moves/", views.GameMoveApi.as_view(), name="api-game-move"),
    path("games/<int:game_id>/events/", views.GameEventListApi.as_view(), name="api-game-events"),
]
