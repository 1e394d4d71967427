"""Small input/output serializers of the games API (validation of shapes only; rules live
in the engine and the services)."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema_field, extend_schema_serializer
from rest_framework import serializers

from games.engine.core import config_fields
from games.models import ChatMessage, Game, Table


class StrictIn(serializers.Serializer[Any]):
    """A request body with only the fields it names: a misspelt optional field (say
    "visiblity": "private") is refused with its name, not dropped for its default (a
    public table). The CSRF field of a form post is no field of the API's."""

    def get_fields(self) -> dict[str, serializers.Field[Any, Any, Any, Any]]:
        # DRF deep-copies the declared fields for each serializer, which runs every field's
        # __init__ again: ~60 % of validating a move's body (issue 14, B1). A field of the
        # plain kinds below is copied as it stands: binding it to this serializer sets the
        # copy's own attributes only, and what it shares with the declared field (its
        # options, messages and validators) is only read. Other fields are deep-copied.
        return {
            name: copy.copy(field) if type(field) in _PLAIN_FIELDS else copy.deepcopy(field)
            for name, field in self._declared_fields.items()
        }

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, Mapping):
            unknown = sorted(str(k) for k in data if k not in self.fields and k != FORM_CSRF)
            if unknown:
                raise serializers.ValidationError({unknown[0]: [_("There is no such field.")]})
        return super().to_internal_value(data)


FORM_CSRF = "csrfmiddlewaretoken"


class TableCreateIn(StrictIn):
    game = serializers.CharField(max_length=40)
    seat_count = serializers.IntegerField(min_value=1, max_value=20)
    options = serializers.DictField(required=False, default=dict)
    title = serializers.CharField(max_length=80, required=False, allow_blank=True)
    visibility = serializers.ChoiceField(Table.Visibility.choices, required=False)
    auto_start = serializers.BooleanField(required=False)
    time_per_move = serializers.ChoiceField(
        [c[0] for c in Table._meta.get_field("time_per_move").choices or []], required=False
    )
    skip_weekends = serializers.BooleanField(required=False)
    timeout_policy = serializers.ChoiceField(Table.TimeoutPolicy.choices, required=False)
    bot_after_timeouts = serializers.IntegerField(min_value=1, max_value=20, required=False)
    extensions_per_player = serializers.IntegerField(min_value=0, max_value=10, required=False)
    allow_vacation = serializers.BooleanField(required=False)
    bots = serializers.IntegerField(
        min_value=0, max_value=19, required=False, help_text="Bots in the other seats."
    )


class TableOut(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    game = serializers.CharField(source="game_slug")
    title = serializers.CharField()
    options = serializers.DictField()
    host = serializers.CharField(source="host.public_name")
    visibility = serializers.CharField()
    seat_count = serializers.IntegerField()
    seats_taken = serializers.SerializerMethodField()
    auto_start = serializers.BooleanField()
    time_per_move = serializers.IntegerField()
    timeout_policy = serializers.CharField()
    status = serializers.CharField()
    game_id = serializers.SerializerMethodField()
    created_at = serializers.DateTimeField()

    def get_seats_taken(self, table: Table) -> int:
        taken = getattr(table, "taken", None)
        return int(taken) if taken is not None else table.seats.count()

    def get_game_id(self, table: Table) -> int | None:
        game = getattr(table, "game", None) if table.status != Table.Status.OPEN else None
        return game.pk if game is not None else None


class TableSeatOut(serializers.Serializer[Any]):
    """A seat of a table: who sits there (a bot has no user) and where (null until dealt)."""

    user_id = serializers.IntegerField(allow_null=True)
    name = serializers.SerializerMethodField()
    position = serializers.IntegerField(allow_null=True)
    is_bot = serializers.BooleanField()

    def get_name(self, seat: Any) -> str:
        return str(seat.user.public_name) if seat.user else "Bot"


class TableDetailOut(TableOut):
    """A table with its seats (GET /api/tables/{id}/)."""

    seats = serializers.SerializerMethodField()

    @extend_schema_field(TableSeatOut(many=True))
    def get_seats(self, table: Table) -> Any:
        return TableSeatOut(table.seats.select_related("user"), many=True).data


class TableCreatedOut(TableOut):
    """A table just opened: only its host learns the invite code, here."""

    invite_code = serializers.CharField()


class InviteOut(serializers.Serializer[Any]):
    """The table's new invite code, for its host (POST /api/tables/{id}/invite/renew/)."""

    invite_code = serializers.CharField()


class GameTypeOut(serializers.Serializer[Any]):
    """A game the site plays (its engine definition) and the options of its tables."""

    slug = serializers.CharField()
    name = serializers.CharField()
    min_players = serializers.IntegerField()
    max_players = serializers.IntegerField()
    options = serializers.SerializerMethodField()

    def get_options(self, definition: Any) -> list[dict[str, Any]]:
        return config_fields(definition.config_type)


class GameOut(serializers.Serializer[Any]):
    """One of the caller's games, with their seat and whether it is their turn (as
    games_for_user marks them)."""

    game_id = serializers.IntegerField(source="pk")
    table_id = serializers.IntegerField()
    game = serializers.CharField(source="table.game_slug")
    status = serializers.CharField()
    seq = serializers.IntegerField(source="state_seq")
    my_seat = serializers.SerializerMethodField()
    my_turn = serializers.SerializerMethodField()

    def get_my_seat(self, game: Game) -> int | None:
        return getattr(game, "my_seat", None)

    def get_my_turn(self, game: Game) -> bool:
        return bool(getattr(game, "my_turn", False))


class WatchOut(serializers.Serializer[Any]):
    """A game in progress at a public table: only what any spectator may know."""

    game_id = serializers.IntegerField(source="pk")
    table_id = serializers.IntegerField()
    game = serializers.CharField(source="table.game_slug")
    title = serializers.CharField(source="table.title")
    players = serializers.SerializerMethodField()
    seq = serializers.IntegerField(source="state_seq")
    started_at = serializers.DateTimeField()

    def get_players(self, game: Game) -> list[str]:
        seats = getattr(game.table, "players", None)
        if seats is None:
            seats = game.table.seats.filter(position__isnull=False).order_by("position")
        return [s.user.public_name if s.user else "" for s in seats]


class JoinIn(StrictIn):
    invite_code = serializers.CharField(max_length=32, required=False, allow_blank=True)


class RemoveIn(StrictIn):
    user_id = serializers.IntegerField()


@extend_schema_field(
    {
        "type": "object",
        "properties": {"type": {"type": "string"}},
        "required": ["type"],
        "description": "One of the feed's legal_moves (its fields as listed there; a field "
        "the move does not have is refused).",
    }
)
class MoveField(serializers.JSONField):
    """Any JSON in, for the engine's codec to judge (its refusals name the field)."""


# Fields with no child field or serializer inside (StrictIn.get_fields).
_PLAIN_FIELDS = {
    serializers.IntegerField,
    serializers.CharField,
    serializers.BooleanField,
    MoveField,
}


class MoveIn(StrictIn):
    expected_seq = serializers.IntegerField(min_value=0, help_text="the feed's seq")
    move = MoveField()
    idempotency_key = serializers.CharField(max_length=80, required=False, allow_blank=False)


class PlayerOut(serializers.Serializer[Any]):
    seat = serializers.IntegerField()
    name = serializers.CharField()
    user_id = serializers.IntegerField(allow_null=True)
    is_bot = serializers.BooleanField()
    online = serializers.BooleanField()
    deadline_at = serializers.DateTimeField(allow_null=True)


@extend_schema_serializer(component_name="GameOutcome")
class GameOutcomeOut(serializers.Serializer[Any]):
    winners = serializers.ListField(child=serializers.IntegerField())
    summary = serializers.CharField(
        help_text="How the game ended, in the request's language (the user's profile, else "
        "Accept-Language), as the game page says it."
    )
    reason = serializers.CharField()
    scores = serializers.DictField()


@extend_schema_serializer(component_name="GameFeed")
class GameFeedOut(serializers.Serializer[Any]):
    """A game as one seat (or a spectator: `my_seat` null) may see it now: its `view`
    (the game's own shape, with only what this seat may know) and the moves it may send
    (`legal_moves`, each a body for `move` of POST .../moves/)."""

    game_id = serializers.IntegerField()
    table_id = serializers.IntegerField()
    game = serializers.CharField(help_text="the game's slug")
    game_name = serializers.CharField()
    seq = serializers.IntegerField(help_text="send it back as expected_seq with a move")
    status = serializers.ChoiceField(Game.Status.choices)
    pending_seats = serializers.ListField(child=serializers.IntegerField())
    my_seat = serializers.IntegerField(allow_null=True)
    view = serializers.DictField()
    legal_moves = serializers.ListField(child=serializers.DictField())
    players = PlayerOut(many=True)
    outcome = GameOutcomeOut(allow_null=True)


class MoveOut(serializers.Serializer[Any]):
    seq = serializers.IntegerField()
    applied_events = serializers.IntegerField()
    game = GameFeedOut()


class EventOut(serializers.Serializer[Any]):
    """One entry of a game's log as the caller's seat may see it (every entry once the game
    is over); entries the seat may not see at all are left out."""

    seq = serializers.IntegerField()
    type = serializers.CharField()
    actor_seat = serializers.IntegerField(allow_null=True)
    actor_kind = serializers.CharField()
    created_at = serializers.DateTimeField()
    event = serializers.DictField(help_text="the event, redacted for the caller's seat")


@extend_schema_serializer(component_name="ErrorDetail")
class ErrorDetailOut(serializers.Serializer[Any]):
    code = serializers.CharField(help_text="stable, for programs")
    message = serializers.CharField(help_text="for people, in the request's language")
    field = serializers.CharField(required=False, help_text="the input at fault")
    current_seq = serializers.IntegerField(required=False, help_text="with stale_seq")
    rule = serializers.DictField(
        required=False, help_text="with an illegal move: the rule's id and url"
    )


@extend_schema_serializer(component_name="Error")
class ErrorOut(serializers.Serializer[Any]):
    """Every refusal of the API: {"error": {"code", "message", ...}}."""

    error = ErrorDetailOut()


class ChatIn(StrictIn):
    body = serializers.CharField(max_length=1000, trim_whitespace=True)


class ChatOut(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    author = serializers.CharField(source="author.public_name")
    channel = serializers.ChoiceField(ChatMessage.Channel.choices)
    body = serializers.CharField(source="shown_body")  # placeholder once hidden (issue 5)
    created_at = serializers.DateTimeField()
