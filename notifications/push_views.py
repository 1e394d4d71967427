"""The notification settings page for pushes (issue 16): this browser's switch (static/js/
push.js subscribes through the browser's PushManager and posts the subscription here), the
list of the user's subscribed browsers with a remove button each (works without JavaScript),
and which kinds of notification to push.

The JSON endpoints answer 400 with {"error": <a sentence>} for bad input and change nothing.
"""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from accounts.models import User

from .devices import (
    DeviceError,
    NewSubscription,
    device_name,
    device_subscribe,
    device_unsubscribe,
    devices_list,
    push_kinds_get,
    push_kinds_set,
)
from .vapid import public_key

# A subscription's JSON is a few hundred bytes; anything much larger is not one.
MAX_BODY = 8192


class PushKindsForm(forms.Form):
    turn = forms.BooleanField(required=False, label=gettext_lazy("It is my move"))
    deadline = forms.BooleanField(required=False, label=gettext_lazy("My time runs out soon"))
    game_over = forms.BooleanField(required=False, label=gettext_lazy("A game of mine ends"))


def _user(request: HttpRequest) -> User:
    assert isinstance(request.user, User)  # login_required
    return request.user


@login_required
def push_settings(request: HttpRequest) -> HttpResponse:
    """GET: the page. POST: save which kinds of notification to push."""
    user = _user(request)
    if request.method == "POST":
        form = PushKindsForm(request.POST)
        if form.is_valid():
            push_kinds_set(user, {k: bool(v) for k, v in form.cleaned_data.items()})
            messages.success(request, _("Your notification choices are saved."))
            return redirect("notifications_push")
    else:
        form = PushKindsForm(initial=push_kinds_get(user))
    devices = devices_list(user)
    context = {
        "form": form,
        "devices": devices,
        "endpoints": [d.endpoint for d in devices],
        "vapid_public_key": public_key(),
    }
    return render(request, "notifications/push_settings.html", context)


def _json_body(request: HttpRequest) -> dict[str, Any] | None:
    if len(request.body) > MAX_BODY:
        return None
    try:
        data = json.loads(request.body)
    except (ValueError, UnicodeDecodeError):
        return None
    return data if isinstance(data, dict) else None


def _refused(message: str) -> JsonResponse:
    return JsonResponse({"error": message}, status=400)


@login_required
@require_POST
def push_subscribe(request: HttpRequest) -> JsonResponse:
    """This browser's PushSubscription (its toJSON()) to store for the signed-in user."""
    data = _json_body(request)
    keys = data.get("keys") if data else None
    if data is None or not isinstance(keys, dict):
        return _refused(_("The browser sent no subscription."))
    fields = (data.get("endpoint"), keys.get("p256dh"), keys.get("auth"))
    if not all(isinstance(f, str) for f in fields):
        return _refused(_("The browser sent no subscription."))
    endpoint, p256dh, auth = (str(f) for f in fields)
    device = device_name(request.headers.get("User-Agent", ""))
    try:
        row = device_subscribe(_user(request), NewSubscription(endpoint, p256dh, auth, device))
    except DeviceError as exc:
        return _refused(str(exc))
    return JsonResponse({"device": row.device}, status=201)


@login_required
@require_POST
def push_unsubscribe(request: HttpRequest) -> JsonResponse:
    """This browser stops: forget its endpoint (only the user's own)."""
    data = _json_body(request)
    endpoint = data.get("endpoint") if data else None
    if not isinstance(endpoint, str):
        return _refused(_("The browser sent no subscription."))
    return JsonResponse({"removed": device_unsubscribe(_user(request), endpoint=endpoint)})


@login_required
@require_POST
def push_device_remove(request: HttpRequest, pk: int) -> HttpResponse:
    """Remove one browser from the list (a lost phone, an old computer)."""
    if device_unsubscribe(_user(request), pk=pk):
        messages.success(request, _("That device no longer receives notifications."))
    else:
        messages.info(request, _("That device was already removed."))
    return redirect("notifications_push")
