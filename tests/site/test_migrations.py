"""The migration graph loads as `sqlmigrate` loads it, without applying any `replaces`:
every dependency names a migration file that exists (a squash's replaced files are gone,
so the project's squashed migrations replace nothing)."""

from __future__ import annotations

from django.apps import apps
from django.db.migrations.loader import MigrationLoader


def test_the_migration_graph_loads_without_replacements() -> None:
    loader = MigrationLoader(None, replace_migrations=False)  # raises on a missing parent
    ours = {app.label for app in apps.get_app_configs() if "site-packages" not in app.path}
    replacing = [key for key, m in loader.disk_migrations.items() if key[0] in ours and m.replaces]
    assert not replacing
