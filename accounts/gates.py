"""The accounts' actor gate (listed in games.services.gates): a deleted account acts nowhere.

The interfaces already refuse it (it cannot log in: inactive, unusable password, no token),
so this is the backstop for a caller that skipped them, e.g. a task holding an old user
object. An attribute read, no query: it runs before every move.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.services.errors import Forbidden


def deleted_account_gate(user: object, action: str) -> None:
    if getattr(user, "deleted_at", None) is not None:
        raise Forbidden(_("This account is deleted."))
