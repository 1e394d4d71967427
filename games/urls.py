"""Routes of the games app: the API under /api/ and the pages (lobby, tables, games)."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, include, path

from .views import play, replay, rules, tables

urlpatterns: list[URLPattern | URLResolver] = [
    path("api/", include("games.api.urls")),
    path("lobby/", tables.lobby_page, name="lobby"),
    path("my-games/", tables.my_games, name="my_games"),
    path("tables/new/", tables.table_create, name="table_create"),
    path("tables/<int:table_id>/", tables.table_page, name="table"),
    path("tables/<int:table_id>/join/", tables.table_join, name="table_join"),
    path("tables/<int:table_id>/leave/", tables.table_leave, name="table_leave"),
    path("tables/<int:table_id>/remove/", tables.table_remove, name="table_remove"),
    path("tables/<int:table_id>/start/", tables.table_start, name="table_start"),
    path("tables/<int:table_id>/bots/add/", tables.table_bot_add, name="table_bot_add"),
    path("tables/<int:table_id>/bots/remove/", tables.table_bot_remove, name="table_bot_remove"),
    path(
        "tables/<int:table_id>/invite/renew/", tables.table_invite_renew, name="table_invite_renew"
    ),
    path("tables/<int:table_id>/chat/", tables.table_chat, name="table_chat"),
    path("invite/<str:code>/", tables.table_invite, name="table_invite"),
    path("games/<int:game_id>/", play.game_page, name="game"),
    path("games/<int:game_id>/move/", play.game_move, name="game_move"),
    path("games/<int:game_id>/chat/", play.game_chat, name="game_chat"),
    path("games/<int:game_id>/replay/", replay.game_replay, name="game_replay"),
    path("rules/<slug:slug>/", rules.rules_page, name="rules"),
    path("games/<int:game_id>/rematch/", play.game_rematch, name="game_rematch"),
]
