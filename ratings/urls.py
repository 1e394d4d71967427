"""Routes of the ratings, mounted under /ratings/."""

from django.urls import path

from . import views

urlpatterns = [
    path("", views.index, name="ratings"),
    path("<slug:slug>/", views.board, name="leaderboard"),
    path("<slug:slug>/<str:season>/", views.season_board, name="season_leaderboard"),
]
