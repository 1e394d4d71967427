"""Forms of the accounts app: the profile (display name, time zone, notification prefs) and
the password re-entry that confirms an account deletion."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from allauth.account.forms import LoginForm, SignupForm
from django import forms
from django.contrib.auth.hashers import make_password
from django.http import HttpRequest
from django.utils.translation import gettext_lazy

from .models import User, time_zone_names

if TYPE_CHECKING:
    _UserModelForm = forms.ModelForm[User]
else:  # ModelForm is generic for the type checker only (no django_stubs_ext monkeypatch).
    _UserModelForm = forms.ModelForm


class ProfileForm(_UserModelForm):
    """Edit the profile stored on the user row. Email and password live on allauth's pages."""

    time_zone = forms.ChoiceField(
        choices=[],
        help_text="Deadlines and quiet hours are shown and applied in this zone.",
    )

    class Meta:
        model = User
        fields = [
            "display_name",
            "time_zone",
            "email_on_turn",
            "deadline_warnings",
            "daily_digest",
            "quiet_hours_start",
            "quiet_hours_end",
        ]
        widgets = {
            "quiet_hours_start": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
            "quiet_hours_end": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Choices computed per form so the (cached) zone list is never baked into a migration.
        field = self.fields["time_zone"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [(name, name.replace("_", " ")) for name in time_zone_names()]
        self.fields["display_name"].widget.attrs.update({"autocomplete": "nickname"})

    def clean_display_name(self) -> str:
        name: str = " ".join(self.cleaned_data.get("display_name", "").split())
        return name


class AvalonLoginForm(LoginForm):  # type: ignore[misc]
    """allauth's login form with a label that says both identifiers are accepted."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["login"].label = "Username or email"


class AvalonSignupForm(SignupForm):  # type: ignore[misc]
    """allauth's signup, with the same work whether or not the email is registered.

    With enumeration prevention allauth answers an existing email like a new one, but
    skips creating the user, and so hashing the password: that path answered about 30
    times faster, which told who is registered (issue 15). Hashing the submitted password
    there too (and throwing the hash away) makes both paths cost the same.
    """

    def try_save(self, request: HttpRequest) -> Any:
        if self.account_already_exists:
            make_password(self.cleaned_data.get("password1") or None)
        return super().try_save(request)


class AccountDeleteForm(forms.Form):
    """The password again, so a borrowed or stolen session cannot delete the account."""

    password = forms.CharField(
        label=gettext_lazy("Your password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
        help_text=gettext_lazy("Type your password to confirm. This cannot be undone."),
    )
