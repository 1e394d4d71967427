"""Routes of the time controls, mounted under /clock/."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, include, path

from . import views

# One game's clock, below /clock/games/<id>/.
game_patterns = [
    path("panel/", views.panel, name="clock_panel"),
    path("extend/", views.extend, name="clock_extend"),
    path("take-back/", views.take_back, name="clock_take_back"),
]
# The private calendar feed and its link, below /clock/calendar/.
calendar_patterns = [
    path("renew/", views.calendar_renew, name="clock_calendar_renew"),
    path("revoke/", views.calendar_revoke, name="clock_calendar_revoke"),
    path("<str:token>.ics", views.calendar_feed, name="clock_calendar"),
]

urlpatterns: list[URLPattern | URLResolver] = [
    path("games/<int:game_id>/", include(game_patterns)),
    path("vacation/", views.vacation_declare, name="clock_vacation_declare"),
    path("vacation/<int:vacation_id>/end/", views.vacation_end, name="clock_vacation_end"),
    path("calendar/", include(calendar_patterns)),
]
