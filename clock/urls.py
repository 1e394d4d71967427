"""Routes of the time controls, mounted under /clock/."""

from __future__ import annotations

from django.urls import URLPattern, path

from . import views

urlpatterns: list[URLPattern] = [
    path("games/<int:game_id>/panel/", views.panel, name="clock_panel"),
    path("games/<int:game_id>/extend/", views.extend, name="clock_extend"),
    path("games/<int:game_id>/take-back/", views.take_back, name="clock_take_back"),
    path("vacation/", views.vacation_declare, name="clock_vacation_declare"),
    path("vacation/<int:vacation_id>/end/", views.vacation_end, name="clock_vacation_end"),
    path("calendar/renew/", views.calendar_renew, name="clock_calendar_renew"),
    path("calendar/revoke/", views.calendar_revoke, name="clock_calendar_revoke"),
    path("calendar/<str:token>.ics", views.calendar_feed, name="clock_calendar"),
]
