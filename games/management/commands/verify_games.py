"""`manage.py verify_games`: fold every game's log again and compare it with the cached
state, seq and status (games.log.fold_check), and count the rows of every table.

Run against a restored backup by scripts/backup-restore-drill; safe on a live database
(reads only). Exits 1 when any game does not fold to its cache. `--json` prints one JSON
object: {"games", "events", "verified", "failed": [...], "rows": {"app.model": n}}.
"""

from __future__ import annotations

import json
from typing import Any

from django.apps import apps
from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.log import fold_check
from games.models import Game


def _check(game: Game) -> dict[str, Any]:
    try:
        return fold_check(game)
    except KeyError as exc:  # a game type this code base does not register
        return {"ok": False, "events": 0, "error": str(exc)}


class Command(BaseCommand):
    help = "Rebuild every game from its event log, compare with the cache; count rows."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--game", type=int, action="append", help="only this game (repeat)")
        parser.add_argument("--json", action="store_true", help="print one JSON report")

    def handle(self, *args: Any, **options: Any) -> None:
        games = Game.objects.select_related("table").order_by("pk")
        if options["game"]:
            games = games.filter(pk__in=options["game"])
        checked = [(game.pk, _check(game)) for game in games.iterator()]
        failed = [{"game": pk, **result} for pk, result in checked if not result["ok"]]
        report = {
            "games": len(checked),
            "events": sum(result["events"] for _, result in checked),
            "verified": len(checked) - len(failed),
            "failed": failed,
            "rows": {
                model._meta.label_lower: model._default_manager.count()
                for model in sorted(apps.get_models(), key=lambda m: m._meta.label_lower)
                if not model._meta.proxy  # its rows are its concrete model's, counted once
            },
        }
        if options["json"]:
            self.stdout.write(json.dumps(report, sort_keys=True))
        else:
            self.stdout.write(
                f"{report['verified']} of {report['games']} games ({report['events']} events) "
                "fold to their cached state, seq and status."
            )
            for item in failed:
                self.stdout.write(f"  game {item['game']}: {json.dumps(item, sort_keys=True)}")
            for label, count in report["rows"].items():
                self.stdout.write(f"  {label}: {count} rows")
        if failed:
            raise CommandError(f"{len(failed)} game(s) do not fold to their cached state.")
