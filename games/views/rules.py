"""The How to play pages: one per game, open to everyone (players read them before they
sign up), each rule under an anchor of its ID."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from games.presentation.rules import rulebook_for, rulebooks


def rules_page(request: HttpRequest, slug: str) -> HttpResponse:
    book = rulebook_for(slug)
    if book is None:
        raise Http404("No such game.")
    others = [b for s, b in sorted(rulebooks().items()) if s != slug]
    return render(request, "games/rules.html", {"book": book, "others": others})
