"""Django app config for the games domain (models, services, selectors, interfaces)."""

from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The broadcast renders each pushed view's HTML once, with the presentation ring's
        # renderer (services never import presentation).
        from games.rendering import render_updates
        from games.services.broadcast import register_page_renderer

        from . import rematch_panel  # noqa: F401  (registers the game page's rematch panel)

        register_page_renderer(render_updates)
        # gettext keeps each language's answers (a watched move's renders ask ~190 times),
        # and the active language and time zone are read without asgiref's lock.
        from avalon_site import active_locals, translations

        translations.install()
        active_locals.install()
        # Importing the games registers their moves with the codec: a fresh process whose
        # first request was a move decoded it before any game was loaded ("unknown type",
        # a 400; seen in bench_moves.py when a new server's first request was a move).
        from games.engine.core import all_games

        all_games()
