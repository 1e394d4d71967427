"""Posting a chat line from a page (the table page before the start, the game page after):
one answer for both."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect

from accounts.models import User
from games.models import Table
from games.services.chat import chat_post
from games.services.errors import ServiceError


def post_chat(request: HttpRequest, table: Table, user: User, back: str) -> HttpResponse:
    """Post the form's `body` at `table`. An htmx request gets 204 (the line arrives over
    the websocket) or the refusal's status with its sentence as text (site.js shows it under
    the form); a plain form goes back to `back`, with the refusal as a message."""
    try:
        chat_post(table=table, user=user, body=request.POST.get("body", ""))
    except ServiceError as exc:
        if request.htmx:  # type: ignore[attr-defined]
            return HttpResponse(exc.message, status=exc.status)
        messages.error(request, exc.message)
    if request.htmx:  # type: ignore[attr-defined]
        return HttpResponse(status=204)
    return redirect(back)
