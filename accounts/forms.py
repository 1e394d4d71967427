"""Forms of the accounts app: the profile (display name, language, time zone, notification
prefs), the sign-up and log-in tweaks, and the password re-entry that confirms an account
deletion."""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING, Any

from allauth.account.forms import LoginForm, SignupForm
from django import forms
from django.conf import settings
from django.contrib.auth.hashers import make_password
from django.core.exceptions import ValidationError
from django.db.models import Q
from django.http import HttpRequest
from django.utils import translation
from django.utils.translation import gettext, gettext_lazy

from .models import PROFILE_FIELDS, User, time_zone_names

if TYPE_CHECKING:
    _UserModelForm = forms.ModelForm[User]
else:  # ModelForm is generic for the type checker only (no django_stubs_ext monkeypatch).
    _UserModelForm = forms.ModelForm


class ProfileForm(_UserModelForm):
    """Edit the profile stored on the user row. Email and password live on allauth's pages."""

    time_zone = forms.ChoiceField(
        label=gettext_lazy("Time zone"),
        choices=[],
        help_text=gettext_lazy("Deadlines and quiet hours are shown and applied in this zone."),
    )

    class Meta:
        model = User
        fields = PROFILE_FIELDS
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
        name = display_name_tidy(self.cleaned_data.get("display_name", ""))
        taken = User.objects.filter(Q(username__iexact=name) | Q(display_name__iexact=name))
        if name and taken.exclude(pk=self.instance.pk).exists():
            # Everyone reads players by this name (the players panel, the log, the chat).
            raise ValidationError(gettext("Another player already goes by this name."))
        return name


def display_name_tidy(text: str) -> str:
    """A display name as others will read it: NFKC-normalised (fullwidth letters read as
    plain ones), without control or format characters, spaces collapsed. A bidi override
    (U+202E) in a name reversed the rest of every log line it starts ("Ann plays ..."),
    and zero-width characters made a copy of another player's name that looks the same."""
    text = unicodedata.normalize("NFKC", text)
    kept = "".join(c for c in text if unicodedata.category(c) not in ("Cc", "Cf"))
    return " ".join(kept.split())


class AvalonLoginForm(LoginForm):  # type: ignore[misc]
    """allauth's login form with a label that says both identifiers are accepted."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["login"].label = gettext_lazy("Username or email")


class AvalonSignupForm(SignupForm):  # type: ignore[misc]
    """allauth's signup, with the browser's time zone, and the same work whether or not the
    email is registered.

    The time zone is a hidden field that site.js fills from the browser
    (`Intl.DateTimeFormat().resolvedOptions().timeZone`); a zone the server does not know
    (or none, without JavaScript) is ignored and the account keeps the default, UTC.

    With enumeration prevention allauth answers an existing email like a new one, but
    skips creating the user, and so hashing the password: that path answered about 30
    times faster, which told who is registered (issue 15). Hashing the submitted password
    there too (and throwing the hash away) makes both paths cost the same.
    """

    time_zone = forms.CharField(
        required=False, max_length=64, widget=forms.HiddenInput(attrs={"data-time-zone": ""})
    )

    def clean_username(self) -> str:
        # NFKC first, as Django's own user forms do (AbstractBaseUser.normalize_username):
        # allauth stores the name as typed, so "arthur" in fullwidth letters was a second
        # account that every page shows like "arthur". Normalised, it meets "arthur" in
        # allauth's case-insensitive uniqueness check.
        self.cleaned_data["username"] = User.normalize_username(
            self.cleaned_data.get("username") or ""
        )
        name: str = super().clean_username()
        if name and User.objects.filter(display_name__iexact=name).exists():
            # Shown as it is (no display name yet): it would read as that other player.
            raise ValidationError(gettext("Another player already goes by this name."))
        return name

    def clean_time_zone(self) -> str:
        zone = str(self.cleaned_data.get("time_zone") or "").strip()
        return zone if zone in time_zone_names() else ""

    def custom_signup(self, request: HttpRequest, user: Any) -> None:
        super().custom_signup(request, user)
        zone = self.cleaned_data.get("time_zone")
        if zone:
            user.time_zone = zone
        # The language the player signed up in is theirs: the verification email already
        # speaks it, and so will every later email (written outside their requests).
        language = translation.get_language()
        user.language = language if language in dict(settings.LANGUAGES) else ""
        user.save(update_fields=["time_zone", "language"])

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
