"""Django's template backend, each page render's context freed as the render ends
(issue 14, B3).

A render given the request (a page, Django's `render` and TemplateResponse) builds a
RequestContext, and each of its layers (ContextDict) points back at it, for `with
context.push()`. That cycle held the page's whole context, the game's view with its log and
chat, and the request, about 100 objects a page, for the collector to find; on a loaded
server, the young collections promoted those of the renders in flight to the oldest
generation, freed only by full collections. A render without a request builds a plain
Context, with no cycle: it is left as Django does it.

The test client's record of a render (`response.context`) is a copy, made while it ran.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.template import TemplateDoesNotExist
from django.template.backends import django as django_backend
from django.template.context import make_context


class Template(django_backend.Template):
    def render(
        self, context: dict[str, Any] | None = None, request: HttpRequest | None = None
    ) -> str:
        if request is None:
            return super().render(context, request)
        made = make_context(context, request, autoescape=self.backend.engine.autoescape)
        try:
            return self.template.render(made)
        except TemplateDoesNotExist as exc:
            django_backend.reraise(exc, self.backend)
        finally:
            made.dicts.clear()  # the layers, and with them the cycle


class DjangoTemplates(django_backend.DjangoTemplates):
    """settings.TEMPLATES' backend: Django's, its templates the one above."""

    def from_string(self, template_code: str) -> Template:
        return Template(self.engine.from_string(template_code), self)

    def get_template(self, template_name: str) -> Template:
        try:
            return Template(self.engine.get_template(template_name), self)
        except TemplateDoesNotExist as exc:
            django_backend.reraise(exc, self)
