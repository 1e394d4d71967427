"""The signed one-click unsubscribe link (no log-in): GET or a mail client's RFC 8058 POST
turns that kind of email off; the page offers to turn it back on."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt

from .models import Kind
from .unsubscribe import read_token, set_subscribed


# Mail clients post the one-click unsubscribe (RFC 8058) without a session: the token is the proof.
@csrf_exempt
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    found = read_token(token)
    if found is None:
        return render(request, "notifications/unsubscribe.html", {"invalid": True}, status=400)
    user, kind = found
    subscribed = request.method == "POST" and request.POST.get("resubscribe") == "1"
    set_subscribed(user, kind, subscribed)
    return render(
        request,
        "notifications/unsubscribe.html",
        {"kind_label": Kind(kind).label, "subscribed": subscribed, "token": token},
    )
