"""Django's makemessages, also extracting the engine's `N_` marker (issue 12).

The rules engine stays free of Django: it marks the texts it gives players with its own
no-op `N_` (games.engine.core.messages) and the edge translates them. xgettext knows `N_`
for C but not for Python, so the keyword is added here; an app's command of the same name
takes the place of Django's, so `manage.py makemessages` and scripts/makemessages use it.
"""

from __future__ import annotations

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=N_"]
