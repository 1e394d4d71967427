"""Text a client sends that the database can store: PostgreSQL refuses NUL characters in
text and JSON, and lone surrogates (a JSON "\\ud800" escape decodes to one) cannot be
encoded at all. Services check client text here before writing it, whatever the door."""

from __future__ import annotations


def storable(text: str) -> bool:
    """True when `text` holds no NUL and encodes as UTF-8."""
    if "\x00" in text:
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
