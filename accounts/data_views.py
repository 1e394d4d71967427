"""The "Your data" page: download everything the site holds about you (one JSON file) and
delete your account (password re-entered). Thin: the selector and the service do the work.

Both are rate-limited per user (django-ratelimit, in the shared cache): a download folds
every game's log, and the delete form is a password check that must not be brute-forced.
"""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth import logout
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe
from django_ratelimit.core import is_ratelimited

from games.services.errors import ServiceError

from .forms import AccountDeleteForm
from .models import User
from .permissions import verified_required
from .selectors import user_data_get
from .services.data import user_delete

DOWNLOAD_RATE = "10/h"
DELETE_RATE = "5/15m"


def _user(request: HttpRequest) -> User:
    # verified_required guarantees an authenticated accounts.User here.
    assert isinstance(request.user, User)
    return request.user


def _limited(request: HttpRequest, group: str, rate: str) -> bool:
    return bool(is_ratelimited(request=request, group=group, key="user", rate=rate, increment=True))


def _page(request: HttpRequest, form: AccountDeleteForm, status: int = 200) -> HttpResponse:
    return render(request, "accounts/your_data.html", {"form": form}, status=status)


@require_safe
@verified_required
def your_data(request: HttpRequest) -> HttpResponse:
    return _page(request, AccountDeleteForm())


@require_safe
@verified_required
def data_download(request: HttpRequest) -> HttpResponse:
    if _limited(request, "accounts.data_download", DOWNLOAD_RATE):
        messages.error(request, _("You downloaded your data several times: try again later."))
        return _page(request, AccountDeleteForm(), status=429)
    data = user_data_get(_user(request))
    response = HttpResponse(
        json.dumps(data, cls=DjangoJSONEncoder, indent=2, ensure_ascii=False),
        content_type="application/json; charset=utf-8",
    )
    name = f"avalon-tables-data-{timezone.now():%Y-%m-%d}.json"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    response["Cache-Control"] = "no-store"
    return response


@require_POST
@verified_required
def account_delete(request: HttpRequest) -> HttpResponse:
    form = AccountDeleteForm(request.POST)
    if _limited(request, "accounts.account_delete", DELETE_RATE):
        form.add_error(None, _("Too many attempts: wait a few minutes and try again."))
        return _page(request, form, status=429)
    if not form.is_valid():
        return _page(request, form, status=400)
    try:
        user_delete(user=_user(request), password=form.cleaned_data["password"])
    except ServiceError as exc:
        form.add_error("password" if exc.field == "password" else None, exc.message)
        return _page(request, form, status=exc.status)
    logout(request)
    messages.success(request, _("Your account is deleted. Thank you for playing."))
    return redirect("home")
