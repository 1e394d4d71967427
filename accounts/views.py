"""Profile page views: edit the profile, create and revoke the personal API token.

The token is DRF's `rest_framework.authtoken` token (one per user); clients send it as
`Authorization: Token <key>`. The key is shown once, right after it is created.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST
from rest_framework.authtoken.models import Token

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
            messages.success(request, "Your profile is saved.")
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
    request.session[NEW_TOKEN_SESSION_KEY] = token.key
    messages.success(request, "A new API token was created. Copy it now: it is shown once.")
    return redirect("profile")


@login_required
@require_POST
def token_revoke(request: HttpRequest) -> HttpResponse:
    deleted, _ = Token.objects.filter(user=_user(request)).delete()
    if deleted:
        messages.success(request, "Your API token was revoked.")
    else:
        messages.info(request, "You had no API token.")
    return redirect("profile")
