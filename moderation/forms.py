"""The players' report form (from the game page or a chat message)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from .models import Report


class ReportForm(forms.Form):
    target = forms.TypedChoiceField(label=_("Player"), coerce=int, required=False)
    reason = forms.ChoiceField(label=_("Reason"), choices=Report.Reason.choices)
    details = forms.CharField(
        label=_("Details"),
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=_("What happened? Moderators read this; the player does not."),
    )

    def __init__(self, *args: Any, targets: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["target"]
        assert isinstance(field, forms.TypedChoiceField)
        field.choices = targets
        if not targets:
            field.widget = forms.HiddenInput()
