"""Celery tasks of the games domain. `games.presence_purge` runs from beat
(settings.CELERY_BEAT_SCHEDULE) and removes presence rows of crashed server processes and
spectators' marks long run out;
`games.bot_turn` is queued after a commit that leaves a bot seat pending (bot_turns)."""

from __future__ import annotations

from celery import shared_task

from games.services.bot_turns import bot_turn_play
from games.services.presence import presence_purge_stale, spectator_marks_purge


@shared_task(name="games.presence_purge", ignore_result=True)  # type: ignore[untyped-decorator]
def presence_purge_task() -> int:
    return presence_purge_stale() + spectator_marks_purge()


@shared_task(name="games.bot_turn", ignore_result=True)  # type: ignore[untyped-decorator]
def bot_turn_task(game_id: int, seq: int) -> bool:
    """A bot's turn, queued with the seq it answers: a no-op if the game moved on."""
    return bot_turn_play(game_id, seq)
