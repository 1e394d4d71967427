"""Benchmark-only floor endpoint: the database writes of a move (one event insert, one game
update, one transaction) with no engine, to compare move_submit against.

Not part of the site: avalon_site/urls.py mounts it only when settings.BENCH_FLOOR is on
(AVALON_BENCH_FLOOR=1, which benchmarks/bench_moves.py sets for its own server).
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import F
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import path
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from games.models import Game, GameEvent


@csrf_exempt
@require_POST
def floor_move(request: HttpRequest, game_id: int) -> HttpResponse:
    with transaction.atomic():
        game = Game.objects.select_for_update().only("pk", "state_seq").get(pk=game_id)
        seq = game.state_seq + 1
        GameEvent.objects.create(
            game=game, seq=seq, type="bench.floor", payload={"type": "bench.floor"}
        )
        Game.objects.filter(pk=game.pk).update(state_seq=F("state_seq") + 1)
    return JsonResponse({"seq": seq})


urlpatterns = [path("bench/floor/<int:game_id>/", floor_move, name="bench-floor")]
