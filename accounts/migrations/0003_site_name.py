"""Name the Sites framework's site "Avalon Tables" (allauth puts it in every email)."""

import os
from urllib.parse import urlsplit

from django.db import migrations


def name_site(apps, schema_editor):
    Site = apps.get_model("sites", "Site")
    site_url = os.environ.get("SITE_URL", "http://127.0.0.1:8000")
    domain = urlsplit(site_url).netloc or "127.0.0.1:8000"
    Site.objects.update_or_create(pk=1, defaults={"domain": domain, "name": "Avalon Tables"})


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0002_profile_fields"),
        ("sites", "0002_alter_domain_unique"),
    ]

    operations = [migrations.RunPython(name_site, migrations.RunPython.noop)]
