"""Routes of the accounts app, mounted under /accounts/ before allauth's own."""

from django.urls import URLPattern, path

from . import views

urlpatterns: list[URLPattern] = [
    path("profile/", views.profile, name="profile"),
    path("profile/token/", views.token_create, name="api_token_create"),
    path("profile/token/revoke/", views.token_revoke, name="api_token_revoke"),
]
