"""Routes of the accounts app, mounted under /accounts/ before allauth's own."""

from django.urls import URLPattern, path

from . import data_views, views

urlpatterns: list[URLPattern] = [
    path("language/", views.language_set, name="language_set"),
    path("profile/", views.profile, name="profile"),
    path("profile/token/", views.token_create, name="api_token_create"),
    path("profile/token/revoke/", views.token_revoke, name="api_token_revoke"),
    path("profile/data/", data_views.your_data, name="your_data"),
    path("profile/data/download/", data_views.data_download, name="data_download"),
    path("profile/delete/", data_views.account_delete, name="account_delete"),
]
