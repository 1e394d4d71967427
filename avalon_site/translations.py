"""Each language's translations of the messages it was asked for, kept (issue 14: a watched
move's renders asked gettext ~190 times per 5-player move, most of them the same constant
strings of the templates and presenters).

Django's translation object of a language (trans_real.DjangoTranslation, one per language
per process) answers `gettext` by looking the message up in each of its catalogs, then
again as a plural form, then in its fallback: two to four dictionary scans over every
app's catalog, for an English reader (whose messages are mostly missing from the catalogs)
every time. Its catalogs are fixed once it is made (Django makes a new object when the
translation settings or files change), so its answer to a message never changes: `install`
makes `gettext` keep each answer on the object itself, a dictionary lookup after the
first. Bounded: past KEPT_MAX messages a language's new messages are looked up as before.
"""

from __future__ import annotations

from typing import Any

KEPT_MAX = 8192


def install() -> None:
    from django.utils.translation import trans_real

    translation = trans_real.DjangoTranslation
    if getattr(translation.gettext, "kept", False):
        return
    lookup = translation.gettext

    def gettext(self: Any, message: str) -> str:
        try:
            return self._kept_gettext[message]  # type: ignore[no-any-return]
        except AttributeError:
            self._kept_gettext = {}
        except (KeyError, TypeError):
            pass
        result: str = lookup(self, message)
        kept = self._kept_gettext
        if type(message) is str and type(result) is str and len(kept) < KEPT_MAX:
            kept[message] = result
        return result

    gettext.kept = True  # type: ignore[attr-defined]
    translation.gettext = gettext  # type: ignore[method-assign]
