"""Routes of the notifications, mounted under /notifications/."""

from __future__ import annotations

from django.urls import URLPattern, path

from . import decision_views, push_views, views

urlpatterns: list[URLPattern] = [
    path("unsubscribe/<str:token>/", views.unsubscribe, name="notifications_unsubscribe"),
    path("decide/<str:token>/", decision_views.decision, name="decision"),
    path("decide/<str:token>/done/", decision_views.decision_done, name="decision_done"),
    path("push/", push_views.push_settings, name="notifications_push"),
    path("push/subscribe/", push_views.push_subscribe, name="push_subscribe"),
    path("push/unsubscribe/", push_views.push_unsubscribe, name="push_unsubscribe"),
    path("push/devices/<int:pk>/remove/", push_views.push_device_remove, name="push_device_remove"),
]
