"""Bots at the table: a bot seat (no user, `is_bot`) plays through the same move path as a
person. This module plays one bot turn (the `games.bot_turn` task); when one is queued is
decided by games.services.bot_queue, which explains the whole scheme.

A bot reads only its seat's view, like the player would (never the full state).
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction

from games.engine.core import EngineError, Move, bot_choice, rng_for
from games.log import definition_of, load_state
from games.models import Game, GameEvent

from .bot_queue import bot_seats_pending
from .errors import ServiceError
from .moves import move_submit

logger = logging.getLogger(__name__)


def bot_move_choose(game: Game, definition: Any, state: Any, position: int) -> Move:
    """The bot's move for `position` from the seat's own view; the neutral default move
    (RA-W2) if the bot cannot choose (e.g. moves not enumerable here), so no table stalls."""
    legal = definition.legal_moves(state, position)
    try:
        move: Move = bot_choice(
            definition, state, position, legal, rng_for(f"{game.seed}:bot", game.state_seq)
        )
    except Exception:
        logger.exception("bots: bot of game %s seat %s failed", game.pk, position)
        move = definition.default_move(
            state, position, rng_for(f"{game.seed}:timeout", game.state_seq)
        )
    return move


def bot_turn_play(game_id: int, seq: int) -> bool:
    """Play the lowest pending bot seat of the game if it is still at `seq`; False when
    there was nothing to play (the game moved on, ended, or waits for no bot)."""
    with transaction.atomic():
        game = (
            Game.objects.select_for_update()
            .select_related("table")
            .filter(pk=game_id, status=Game.Status.PLAYING)
            .first()
        )
        if game is None or game.state_seq != seq:
            return False
        definition = definition_of(game)
        state = load_state(game, definition)
        positions = bot_seats_pending(game, state)
        if not positions:
            return False
        move = bot_move_choose(game, definition, state, positions[0])
        try:
            move_submit(
                game=game,
                seat=positions[0],
                move=move,
                expected_seq=seq,
                actor_kind=GameEvent.ActorKind.BOT,
            )
        except (ServiceError, EngineError):
            # Left due: the clock's sweeper tries the seat again at its deadline.
            logger.exception("bots: the move of game %s seat %s was refused", game_id, positions[0])
            return False
    return True
