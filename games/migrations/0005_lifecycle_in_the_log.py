"""Issue 13: a game's status, finish time and outcome are a fold of its log. Bring the logs
written before that up to it, appending only (the log is never rewritten):

- A game abandoned on time (clock.Abandonment) closed without any event: it gets its
  `site.game_abandoned` event, logged at the abandonment's time.
- A closed game's `finished_at` becomes its closing event's time (the rules' last event, or
  the void / abort / abandonment); earlier code took the time a moment apart from the row's.
"""

from django.db import migrations
from django.db.models import Q

ABORTS = Q(type__in=["site.game_aborted", "site.game_abandoned"]) | Q(
    type="site.notice", payload__kind="game_aborted"
)
VOIDS = Q(type="site.game_voided") | Q(type="site.notice", payload__kind="game_voided")
ABANDONED = "A player did not move in time, grace period included: the game is abandoned."


def forward(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    GameEvent = apps.get_model("games", "GameEvent")
    Abandonment = apps.get_model("clock", "Abandonment")
    for abandonment in Abandonment.objects.order_by("pk").iterator():
        game = Game.objects.get(pk=abandonment.game_id)
        if game.status != "aborted" or GameEvent.objects.filter(ABORTS, game=game).exists():
            continue
        GameEvent.objects.create(
            game=game,
            seq=game.state_seq + 1,
            type="site.game_abandoned",
            payload={"type": "site.game_abandoned", "seat": abandonment.seat, "text": ABANDONED},
            actor_kind="timeout",
            created_at=abandonment.at,
        )
        Game.objects.filter(pk=game.pk).update(state_seq=game.state_seq + 1)
    for game in Game.objects.exclude(status="playing").iterator():
        rows = GameEvent.objects.filter(game=game)
        if game.status == "finished":
            closing = rows.exclude(type__startswith="site.").order_by("-seq").first()
        else:
            closing = rows.filter(VOIDS if game.status == "voided" else ABORTS).order_by("seq").first()
        if closing is not None and closing.created_at != game.finished_at:
            Game.objects.filter(pk=game.pk).update(finished_at=closing.created_at)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0004_gameevent_created_at_service_time"),
        ("clock", "0001_initial"),
    ]

    operations = [migrations.RunPython(forward, migrations.RunPython.noop)]
