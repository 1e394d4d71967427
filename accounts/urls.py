"""Routes of the accounts app, mounted under /accounts/ before allauth's own."""

from django.urls import URLPattern, URLResolver, include, path

from . import data_views, views

# The profile's pages, below /accounts/profile/.
profile_patterns = [
    path("", views.profile, name="profile"),
    path("token/", views.token_create, name="api_token_create"),
    path("token/revoke/", views.token_revoke, name="api_token_revoke"),
    path("data/", data_views.your_data, name="your_data"),
    path("data/download/", data_views.data_download, name="data_download"),
    path("delete/", data_views.account_delete, name="account_delete"),
]

urlpatterns: list[URLPattern | URLResolver] = [
    path("language/", views.language_set, name="language_set"),
    path("profile/", include(profile_patterns)),
]
