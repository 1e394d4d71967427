"""Words the engine gives people, kept translatable without Django (issue 12).

The engine writes every text a player reads as an English template marked with `N_` (a
no-op here; `makemessages --keyword=N_` extracts it as a msgid) and its parameters apart,
in a `Message`. A parameter may itself be a `Message` (a card's name, "Swords or Arrows"),
so names are translated too. The edge renders a message with its language's `gettext`
(`render(message, gettext)`); `str(message)` is the English text, for logs and tests.
A template is never an f-string: the msgid must be the same whatever the parameters.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any


def N_(text: str) -> str:
    """Mark `text` as a msgid to extract; the engine keeps it in English."""
    return text


Translate = Callable[[str], str]


@dataclass(frozen=True)
class Message:
    """An English template (`%(name)s` placeholders) and its parameters."""

    text: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return render(self, _english)


def msg(text: str, **params: Any) -> Message:
    """A `Message` of `text` (already marked with `N_`) and `params`."""
    return Message(text, params)


def joined(items: list[Message] | list[str], last: str) -> Message:
    """ "Swords or Arrows": items joined by ", " and the `last` template (two parameters,
    `some` and `last`, e.g. N_("%(some)s or %(last)s")); a lone item is itself, none is
    empty."""
    parts = [item if isinstance(item, Message) else Message(item) for item in items]
    if len(parts) <= 1:
        return parts[0] if parts else Message("")
    out = Message(last, {"some": parts[-2], "last": parts[-1]})
    for part in reversed(parts[:-2]):
        out = Message(N_("%(first)s, %(rest)s"), {"first": part, "rest": out})
    return out


def _english(text: str) -> str:
    return text


def render(message: Message | str, translate: Translate) -> str:
    """The text of `message` in the language of `translate` (parameters first)."""
    if isinstance(message, str):
        return message
    text = translate(message.text) if message.text else ""
    if not message.params:
        return text
    params = {
        key: render(value, translate) if isinstance(value, Message) else value
        for key, value in message.params.items()
    }
    return text % params
