"""The create-table form: table settings plus the chosen game's options, built from its
Config (config_fields), validated by the same service code the API uses."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, overload

from django import forms
from django.core.paginator import Page, Paginator
from django.db.models import QuerySet
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.engine.core import GameDefinition, all_games, config_fields

from .models import Table, TimePerMove
from .presentation.base import Presenter
from .presentation.game_cards import players_text
from .presentation.registry import presenter_for
from .presentation.rules import rule_link
from .selectors import tables_open
from .services.errors import BadOptions, say
from .services.lobby import decode_options

OPTION_PREFIX = "opt_"


def game_choices() -> list[tuple[str, str]]:
    # The names in the reader's language (marked for translation in
    # games/presentation/rules/catalogue.py).
    return [(g.slug, gettext(g.name)) for g in sorted(all_games(), key=lambda g: g.name)]


def option_value_label(value: Any) -> str:
    """Option values are ids ("king-arthur"); people read names ("King Arthur")."""
    return str(value).replace("-", " ").title() if isinstance(value, str) else str(value)


def _coercer(sample: Any) -> Callable[[Any], Any]:
    """Posted values are text; an option of ints (Starting Health) gets ints back."""
    kind = type(sample)

    def coerce(value: Any) -> Any:
        return kind(value)

    return coerce


class ListField(forms.CharField):
    """A list option typed as comma-separated values (e.g. TH-1's Poisoned values)."""

    def __init__(self, *, item: str, **kwargs: Any) -> None:
        self.ints = "int" in item
        super().__init__(**kwargs)

    def to_python(self, value: Any) -> Any:
        text = super().to_python(value)
        parts = [p.strip() for p in str(text).strip("[]()").split(",") if p.strip()]
        if not self.ints:
            return parts
        try:
            return [int(p) for p in parts]
        except ValueError:
            raise forms.ValidationError(_("Write whole numbers separated by commas.")) from None


class TableCreateForm(forms.Form):
    title = forms.CharField(max_length=80, required=False, label=_("Table name (optional)"))
    seat_count = forms.IntegerField(label=_("Seats"))
    visibility = forms.ChoiceField(
        label=_("Visibility"),
        choices=Table.Visibility.choices,
        initial="public",
        help_text=_(
            "Public tables are listed in the lobby; a private one is joined only through "
            "its invite link."
        ),
    )
    auto_start = forms.BooleanField(
        required=False, label=_("Start by itself when every seat is taken")
    )
    time_per_move = forms.TypedChoiceField(
        label=_("Time per move"),
        choices=TimePerMove.choices,
        coerce=int,
        initial=TimePerMove.ONE_DAY,
        help_text=_("How long each player has for a move before the timeout policy applies."),
    )
    skip_weekends = forms.BooleanField(
        required=False,
        label=_("Weekends do not count"),
        help_text=_("The clock stops on Saturdays and Sundays (in the host's time zone)."),
    )
    timeout_policy = forms.ChoiceField(
        label=_("When time runs out"),
        choices=Table.TimeoutPolicy.choices,
        initial=Table.TimeoutPolicy.DEFAULT_MOVE,
        help_text=_(
            "What happens when a player runs out of time: a neutral move is played for "
            "them, a bot takes their seat, or the game ends without a result."
        ),
    )
    allow_vacation = forms.BooleanField(
        required=False,
        initial=True,
        label=_("Allow vacation"),
        help_text=_(
            "Players may pause their clock with vacation days they earn by playing (set on "
            "their profile); the game waits for them."
        ),
    )
    bots = forms.IntegerField(
        required=False,
        min_value=0,
        initial=0,
        label=_("Bots"),
        help_text=_("Bots take this many of the other seats; you can add more before the start."),
    )

    def __init__(self, definition: GameDefinition[Any, Any], *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.definition = definition
        self.advice: list[str] = []
        seats = self.fields["seat_count"]
        assert isinstance(seats, forms.IntegerField)
        seats.min_value = definition.min_players
        seats.max_value = definition.max_players
        seats.initial = definition.min_players
        seats.widget.attrs.update(min=definition.min_players, max=definition.max_players)
        seats.help_text = players_text(definition.min_players, definition.max_players)
        bots = self.fields["bots"]
        assert isinstance(bots, forms.IntegerField)
        bots.max_value = definition.max_players - 1
        bots.widget.attrs.update(min=0, max=definition.max_players - 1)
        for spec in config_fields(definition.config_type):
            option = self._option_field(spec, presenter_for(definition.slug))
            # The rules an option is about, linked after its help (one helper: rule_link).
            option.rules = [rule_link(definition.slug, rule) for rule in spec["rules"]]  # type: ignore[attr-defined]
            self.fields[OPTION_PREFIX + spec["name"]] = option

    @staticmethod
    def _option_field(spec: dict[str, Any], presenter: Presenter) -> forms.Field:
        # The game's words are msgids of the games' catalogue (the engine marks them N_).
        common = {
            "label": gettext(spec["label"]),
            "help_text": gettext(spec["help"]) if spec["help"] else "",
            "initial": spec["default"],
        }
        choices = [
            (c, presenter.option_choice(spec["name"], c) or option_value_label(c))
            for c in spec.get("choices") or []
        ]
        if str(spec["type"]).startswith(("tuple[", "list[", "frozenset[")):  # a list option
            if choices:
                return forms.TypedMultipleChoiceField(
                    choices=choices,
                    coerce=_coercer(choices[0][0]),
                    required=False,
                    widget=forms.CheckboxSelectMultiple(attrs={"class": "option-checks"}),
                    **common,
                )
            common["initial"] = ", ".join(str(v) for v in spec["default"] or [])
            separate = gettext("Separate them with commas.")
            common["help_text"] = f"{common['help_text']} {separate}".strip()
            return ListField(required=False, item=str(spec["type"]), **common)
        if choices:
            return forms.TypedChoiceField(choices=choices, coerce=_coercer(choices[0][0]), **common)
        if spec["type"] == "bool":
            return forms.BooleanField(required=False, **common)
        if spec["type"] == "int":
            return forms.IntegerField(**common)
        return forms.CharField(required=False, **common)

    def option_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith(OPTION_PREFIX)]

    def setting_fields(self) -> list[forms.BoundField]:
        """The table's settings; the bots field has its own place (games/partials/bots_create)."""
        return [
            self[name]
            for name in self.fields
            if not name.startswith(OPTION_PREFIX) and name != "bots"
        ]

    def options(self) -> dict[str, Any]:
        return {
            name[len(OPTION_PREFIX) :]: value
            for name, value in self.cleaned_data.items()
            if name.startswith(OPTION_PREFIX)
        }

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        seats = cleaned.get("seat_count")
        if seats is None:
            return cleaned
        if (cleaned.get("bots") or 0) >= seats:
            self.add_error("bots", _("Leave at least one seat for you: fewer bots, please."))
        try:
            config = decode_options(self.definition.slug, self.options(), seats)
        except BadOptions as exc:
            # RA-3: a table that cannot be dealt is refused, with the reason.
            raise forms.ValidationError(exc.message) from None
        self.advice = [say(text) for text in config.advice(seats)]  # RA-4: shown, never enforced
        return cleaned


# The lobby's filters and pages: one form for the lobby page and the API, so both read the
# same query string the same way.
TABLES_PER_PAGE = 24
MAX_PER_PAGE = 100


def _any(choices: list[tuple[Any, Any]]) -> list[tuple[Any, Any]]:
    return [("", _("Any")), *choices]


def _game_filter() -> list[tuple[Any, Any]]:
    return [("", _("All games")), *game_choices()]


def _seat_counts() -> list[tuple[Any, Any]]:
    low = min(g.min_players for g in all_games())
    high = max(g.max_players for g in all_games())
    return _any([(n, str(n)) for n in range(low, high + 1)])


def _free_seats() -> list[tuple[Any, Any]]:
    return _any([(n, _("%(n)d or more") % {"n": n}) for n in (1, 2, 3)])


class GameFilterForm(forms.Form):
    """GET parameter `game`: a game's slug, or left out for every game."""

    game = forms.ChoiceField(required=False, choices=_game_filter, label=_("Game"))


class LobbyFilterForm(GameFilterForm):
    """GET parameters `game`, `players`, `time` (seconds per move) and `free` (at least
    this many free seats); each may be left out."""

    players = forms.TypedChoiceField(
        required=False, choices=_seat_counts, coerce=int, empty_value=None, label=_("Players")
    )
    time = forms.TypedChoiceField(
        required=False,
        choices=lambda: _any(list(TimePerMove.choices)),
        coerce=int,
        empty_value=None,
        label=_("Time per move"),
    )
    free = forms.TypedChoiceField(
        required=False, choices=_free_seats, coerce=int, empty_value=None, label=_("Free seats")
    )

    def tables(self) -> QuerySet[Table]:
        """The open tables these filters pick (call once the form is valid)."""
        data = self.cleaned_data
        return tables_open(
            data.get("game") or None,
            players=data.get("players"),
            time_per_move=data.get("time"),
            free=data.get("free"),
        )


class Chained(Sequence[Any]):
    """A list followed by a queryset, paged as one: Paginator reads `count()` and slices, and
    the queryset is read only for the pages that reach it (the games in play, then those
    over: games.selectors)."""

    def __init__(self, head: list[Any], tail: QuerySet[Any]) -> None:
        self.head = head
        self.tail = tail

    def count(self) -> int:  # type: ignore[override]  # Paginator's count, not Sequence's
        return len(self.head) + self.tail.count()

    def __len__(self) -> int:
        return self.count()

    def __iter__(self) -> Iterator[Any]:  # one read of the queryset, not one per item
        yield from self.head
        yield from self.tail

    @overload
    def __getitem__(self, index: int) -> Any: ...
    @overload
    def __getitem__(self, index: slice) -> list[Any]: ...
    def __getitem__(self, index: int | slice) -> Any:
        kept = len(self.head)
        if isinstance(index, int):
            return self.head[index] if index < kept else self.tail[index - kept]
        start, stop = index.start or 0, index.stop
        rest = self.tail[max(0, start - kept) : None if stop is None else stop - kept]
        reaches = stop is None or stop > kept
        return self.head[start:stop] + (list(rest) if reaches else [])


def page_of(items: QuerySet[Any] | Chained, number: Any, size: int = TABLES_PER_PAGE) -> Page[Any]:
    """One page of `items`; a page number out of range or not a number gives the nearest
    page (the first or the last), never an error."""
    return Paginator(items, size).get_page(number)


def page_size(value: Any) -> int:
    """The API's `page_size`: 1 to MAX_PER_PAGE, the default when absent or not a number."""
    try:
        size = int(value)
    except (TypeError, ValueError):
        return TABLES_PER_PAGE
    return max(1, min(size, MAX_PER_PAGE))
