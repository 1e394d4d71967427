"""Routes of the notifications, mounted under /notifications/."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, include, path

from . import decision_views, push_views, views

# Browser notifications (issue 16), below /notifications/push/.
push_patterns = [
    path("", push_views.push_settings, name="notifications_push"),
    path("subscribe/", push_views.push_subscribe, name="push_subscribe"),
    path("unsubscribe/", push_views.push_unsubscribe, name="push_unsubscribe"),
    path("devices/<int:pk>/remove/", push_views.push_device_remove, name="push_device_remove"),
]

urlpatterns: list[URLPattern | URLResolver] = [
    path("unsubscribe/<str:token>/", views.unsubscribe, name="notifications_unsubscribe"),
    path("decide/<str:token>/", decision_views.decision, name="decision"),
    path("decide/<str:token>/done/", decision_views.decision_done, name="decision_done"),
    path("push/", include(push_patterns)),
]
