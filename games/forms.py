"""The create-table form: table settings plus the chosen game's options, built from its
Config (config_fields), validated by the same service code the API uses."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms

from games.engine.core import GameDefinition, all_games, config_fields

from .models import Table, TimePerMove
from .services.errors import BadOptions
from .services.lobby import decode_options

OPTION_PREFIX = "opt_"


def game_choices() -> list[tuple[str, str]]:
    return [(g.slug, g.name) for g in sorted(all_games(), key=lambda g: g.name)]


def _choice_label(value: Any) -> str:
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
            raise forms.ValidationError("Write whole numbers separated by commas.") from None


class TableCreateForm(forms.Form):
    title = forms.CharField(max_length=80, required=False, label="Table name (optional)")
    seat_count = forms.IntegerField(label="Seats")
    visibility = forms.ChoiceField(choices=Table.Visibility.choices, initial="public")
    auto_start = forms.BooleanField(
        required=False, label="Start by itself when every seat is taken"
    )
    time_per_move = forms.TypedChoiceField(
        choices=TimePerMove.choices, coerce=int, initial=TimePerMove.ONE_DAY
    )
    skip_weekends = forms.BooleanField(required=False, label="Weekends do not count")
    timeout_policy = forms.ChoiceField(
        choices=Table.TimeoutPolicy.choices, initial=Table.TimeoutPolicy.DEFAULT_MOVE
    )
    allow_vacation = forms.BooleanField(required=False, initial=True)

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
        seats.help_text = f"{definition.min_players} to {definition.max_players} players"
        for spec in config_fields(definition.config_type):
            self.fields[OPTION_PREFIX + spec["name"]] = self._option_field(spec)

    @staticmethod
    def _option_field(spec: dict[str, Any]) -> forms.Field:
        common = {"label": spec["label"], "help_text": spec["help"], "initial": spec["default"]}
        choices = [(c, _choice_label(c)) for c in spec.get("choices") or []]
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
            common["help_text"] = f"{spec['help']} Separate them with commas.".strip()
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
        return [self[name] for name in self.fields if not name.startswith(OPTION_PREFIX)]

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
        try:
            config = decode_options(self.definition.slug, self.options(), seats)
        except BadOptions as exc:
            # RA-3: a table that cannot be dealt is refused, with the reason.
            raise forms.ValidationError(exc.message) from None
        self.advice = config.advice(seats)  # RA-4: shown, never enforced
        return cleaned
