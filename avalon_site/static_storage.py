"""The static files' storage in production: WhiteNoise's compressed manifest storage, with
each file's URL kept once made. Django's `url()` cleans the name, looks it up in the
manifest and joins it to STATIC_URL at every call, and a pushed game update asks it for
every icon of every view (`{% static %}`); the manifest a running process loaded never
changes, so neither do its URLs (Django makes a new storage when the static settings
change)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticStorage(CompressedManifestStaticFilesStorage):  # type: ignore[misc]
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._urls: dict[tuple[str | None, bool, bool], str] = {}

    def url(self, name: str | None, force: bool = False) -> str:
        # DEBUG in the key: Django's answer is the unhashed name under DEBUG.
        key = (name, force, settings.DEBUG)
        found = self._urls.get(key)
        if found is None:
            found = self._urls[key] = super().url(name, force)
        return found
