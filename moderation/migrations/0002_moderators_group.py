"""The "Moderators" group with exactly the permissions moderation needs (issue 5).

Moderators view users, games, tables, the log, chat, reports, sanctions, the audit log and
IP sightings; act through the custom permissions (moderate users / games / chat); work the
report queue; change the site switches. They get no add/change/delete on users (so no
staff flags, groups or permissions: superusers alone manage staff) and nothing that could
alter the event log.
"""

from django.contrib.auth.management import create_permissions
from django.db import migrations

PERMISSIONS = [
    ("accounts", "user", "view_user"),
    ("games", "table", "view_table"),
    ("games", "game", "view_game"),
    ("games", "gameevent", "view_gameevent"),
    ("games", "chatmessage", "view_chatmessage"),
    ("moderation", "sanction", "view_sanction"),
    ("moderation", "sanction", "moderate_users"),
    ("moderation", "auditlog", "view_auditlog"),
    ("moderation", "auditlog", "moderate_games"),
    ("moderation", "auditlog", "moderate_chat"),
    ("moderation", "report", "view_report"),
    ("moderation", "report", "change_report"),
    ("moderation", "siteswitches", "view_siteswitches"),
    ("moderation", "siteswitches", "change_siteswitches"),
    ("moderation", "ipsighting", "view_ipsighting"),
]


def create_group(apps, schema_editor):
    # Permissions are normally created after all migrations ran; create them now.
    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.get_or_create(name="Moderators")
    perms = [
        Permission.objects.get(
            content_type__app_label=app, content_type__model=model, codename=codename
        )
        for app, model, codename in PERMISSIONS
    ]
    group.permissions.set(perms)


def remove_group(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name="Moderators").delete()


class Migration(migrations.Migration):
    dependencies = [
        ("moderation", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("accounts", "0001_squashed_0004_user_deleted_at_tombstone"),
        ("games", "0001_squashed_0008_rematch"),
    ]

    operations = [migrations.RunPython(create_group, remove_group)]
