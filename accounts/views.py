"""Profile page views: edit the profile, create and revoke the personal API token, and the
header's language switch.

The token is DRF's `rest_framework.authtoken` token (one per user); clients send it as
`Authorization: Token <key>`. The key is shown once, right after it is created.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import check_for_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django.views.i18n import set_language
from rest_framework.authtoken.models import Token

from games.services.presence import token_sockets_recheck

from .forms import ProfileForm
from .models import User
from .verification import user_is_verified

NEW_TOKEN_SESSION_KEY = "accounts.new_api_token"


def _user(request: HttpRequest) -> User:
    # login_required guarantees an authenticated accounts.User here.
    assert isinstance(request.user, User)
    return request.user


@login_required
def profile(request: HttpRequest) -> HttpResponse:
    user = _user(request)
    if request.method == "POST":
        form = ProfileForm(request.POST, instance=user)
        if form.is_valid():
            form.save()
            if user.language:
                # This message already speaks the language just chosen.
                translation.activate(user.language)
            messages.success(request, _("Your profile is saved."))
            return redirect("profile")
    else:
        form = ProfileForm(instance=user)
    token = Token.objects.filter(user=user).first()
    context = {
        "form": form,
        "token": token,
        "new_token_key": request.session.pop(NEW_TOKEN_SESSION_KEY, None),
        "verified": user_is_verified(user),
    }
    return render(request, "accounts/profile.html", context, status=400 if form.errors else 200)


@login_required
@require_POST
def token_create(request: HttpRequest) -> HttpResponse:
    """Create (or replace) the user's API token; the old key stops working at once."""
    user = _user(request)
    Token.objects.filter(user=user).delete()
    token = Token.objects.create(user=user)
    token_sockets_recheck(user_id=user.pk)  # sockets opened with the old key
    request.session[NEW_TOKEN_SESSION_KEY] = token.key
    messages.success(request, _("A new API token was created. Copy it now: it is shown once."))
    return redirect("profile")


@login_required
@require_POST
def token_revoke(request: HttpRequest) -> HttpResponse:
    user = _user(request)
    deleted, _by_model = Token.objects.filter(user=user).delete()
    if deleted:
        token_sockets_recheck(user_id=user.pk)  # sockets opened with the key
        messages.success(request, _("Your API token was revoked."))
    else:
        messages.info(request, _("You had no API token."))
    return redirect("profile")


@require_POST
def language_set(request: HttpRequest) -> HttpResponse:
    """The header's and the profile's language switch (a plain form POST, no JavaScript):
    Django's set_language (the cookie, then back to `next`), and for a signed-in player the
    profile too, so emails and other devices follow."""
    response = set_language(request)
    code = request.POST.get("language", "")
    user = request.user
    known = code in dict(settings.LANGUAGES) and check_for_language(code)
    if isinstance(user, User) and known and user.language != code:
        user.language = code
        user.save(update_fields=["language"])
    return response
