"""Admin actions that ask for a reason first: the action renders a small form listing the
chosen objects; posting it back (with "apply") runs one moderation service per object and
reports the outcome. Refusals of a service are shown as error messages, nothing half-done.

An action is declared with `form_action`: the decorated method says what to do with one
object and the form's data and returns the message to show.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import Model, QuerySet
from django.http import HttpRequest
from django.template.response import TemplateResponse

from accounts.models import User
from games.services.errors import ServiceError

from .models import Report


class ReasonForm(forms.Form):
    reason = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3, "cols": 60}),
        max_length=2000,
        help_text="Written to the audit log; for games and seats also shown to the players.",
    )


class SuspendForm(ReasonForm):
    days = forms.IntegerField(min_value=1, max_value=3650, initial=7)


class SeatForm(ReasonForm):
    seat = forms.IntegerField(min_value=0, max_value=19, help_text="Seat number, from 0.")


class ExtendForm(SeatForm):
    hours = forms.IntegerField(min_value=1, max_value=336, initial=24)


class SubstituteForm(SeatForm):
    substitute = forms.CharField(max_length=150, help_text="Username of the new player.")


class ResolveForm(ReasonForm):
    status = forms.ChoiceField(
        choices=[(Report.Status.ACTIONED, "Actioned"), (Report.Status.DISMISSED, "Dismissed")]
    )


def run_with_form(
    modeladmin: Any,  # a ModelAdmin, or a mixin of one
    request: HttpRequest,
    queryset: QuerySet[Any],
    *,
    action: str,
    title: str,
    form_class: type[forms.Form],
    apply: Callable[[Model, dict[str, Any]], str | None],
    single: bool = False,
) -> TemplateResponse | None:
    """Ask for the form, then call `apply(obj, cleaned_data)` for each chosen object."""
    if single and queryset.count() != 1:
        modeladmin.message_user(request, f"{title}: choose exactly one.", messages.WARNING)
        return None
    form = form_class(request.POST if "apply" in request.POST else None)
    if "apply" in request.POST and form.is_valid():
        for obj in queryset:
            try:
                done = apply(obj, form.cleaned_data)
            except ServiceError as exc:
                modeladmin.message_user(request, f"{obj}: {exc.message}", messages.ERROR)
            else:
                modeladmin.message_user(request, done or f"{obj}: done.", messages.SUCCESS)
        return None
    context = {
        **modeladmin.admin_site.each_context(request),
        "title": title,
        "objects": list(queryset),
        "form": form,
        "action": action,
        "opts": modeladmin.model._meta,
    }
    return TemplateResponse(request, "admin/moderation/action_form.html", context)


def permission_check(codename: str) -> Callable[[Any, HttpRequest], bool]:
    """An admin's `has_<codename>_permission` method, for the actions that name it."""

    def has_permission(modeladmin: Any, request: HttpRequest) -> bool:
        return bool(request.user.has_perm(f"moderation.{codename}"))

    return has_permission


Apply = Callable[[Any, Any, User, dict[str, Any]], str | None]


def form_action(
    description: str,
    *,
    permission: str,
    title: str | None = None,
    form_class: type[forms.Form] = ReasonForm,
    single: bool = False,
) -> Callable[[Apply], Callable[..., TemplateResponse | None]]:
    """Decorator of `apply(modeladmin, obj, by, data) -> message`: an admin action (named
    after the method) that asks for `form_class`, then applies it to each chosen object as
    the signed-in moderator `by`. `single`: the action takes exactly one object. The
    form's title is `title`, else the description."""

    def decorate(apply: Apply) -> Callable[..., TemplateResponse | None]:
        @admin.action(description=description, permissions=[permission])
        def action(
            modeladmin: Any, request: HttpRequest, queryset: QuerySet[Any]
        ) -> TemplateResponse | None:
            by = request.user
            assert isinstance(by, User)
            return run_with_form(
                modeladmin,
                request,
                queryset,
                action=apply.__name__,
                title=title or description,
                form_class=form_class,
                apply=lambda obj, data: apply(modeladmin, obj, by, data),
                single=single,
            )

        action.__name__ = apply.__name__
        action.__doc__ = apply.__doc__
        return action

    return decorate


def form_actions(
    permission: str,
) -> partial[Callable[[Apply], Callable[..., TemplateResponse | None]]]:
    """`form_action` with its permission fixed: the decorator of one admin's actions."""
    return partial(form_action, permission=permission)
