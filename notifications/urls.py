"""Routes of the notifications, mounted under /notifications/."""

from __future__ import annotations

from django.urls import URLPattern, path

from . import views

urlpatterns: list[URLPattern] = [
    path("unsubscribe/<str:token>/", views.unsubscribe, name="notifications_unsubscribe"),
]
