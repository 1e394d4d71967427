"""The accounts app's schema as of 0004_user_deleted_at_tombstone, and the site's name, in one
migration (squashed before the first production deploy; the chain it replaced is gone)."""

import os
from urllib.parse import urlsplit

import accounts.models
import django.contrib.auth.models
import django.contrib.auth.validators
import django.utils.timezone
from django.db import migrations, models


def name_site(apps, schema_editor):
    """Name the Sites framework's site "Avalon Tables" (allauth puts it in every email)."""
    Site = apps.get_model("sites", "Site")
    site_url = os.environ.get("SITE_URL", "http://127.0.0.1:8000")
    domain = urlsplit(site_url).netloc or "127.0.0.1:8000"
    Site.objects.update_or_create(pk=1, defaults={"domain": domain, "name": "Avalon Tables"})


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('sites', '0002_alter_domain_unique'),
        ('auth', '0012_alter_user_first_name_max_length'),
    ]

    operations = [
        migrations.CreateModel(
            name='User',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('password', models.CharField(max_length=128, verbose_name='password')),
                ('last_login', models.DateTimeField(blank=True, null=True, verbose_name='last login')),
                ('is_superuser', models.BooleanField(default=False, help_text='Designates that this user has all permissions without explicitly assigning them.', verbose_name='superuser status')),
                ('username', models.CharField(error_messages={'unique': 'A user with that username already exists.'}, help_text='Required. 150 characters or fewer. Letters, digits and @/./+/-/_ only.', max_length=150, unique=True, validators=[django.contrib.auth.validators.UnicodeUsernameValidator()], verbose_name='username')),
                ('first_name', models.CharField(blank=True, max_length=150, verbose_name='first name')),
                ('last_name', models.CharField(blank=True, max_length=150, verbose_name='last name')),
                ('email', models.EmailField(blank=True, max_length=254, verbose_name='email address')),
                ('is_staff', models.BooleanField(default=False, help_text='Designates whether the user can log into this admin site.', verbose_name='staff status')),
                ('is_active', models.BooleanField(default=True, help_text='Designates whether this user should be treated as active. Unselect this instead of deleting accounts.', verbose_name='active')),
                ('date_joined', models.DateTimeField(default=django.utils.timezone.now, verbose_name='date joined')),
                ('display_name', models.CharField(blank=True, help_text='Shown to other players instead of your username.', max_length=40)),
                ('time_zone', models.CharField(default='UTC', help_text='Deadlines and quiet hours are shown and applied in this zone.', max_length=64, validators=[accounts.models.validate_time_zone])),
                ('email_on_turn', models.BooleanField(default=True, help_text='One email each time you must act.', verbose_name='email me when it is my turn')),
                ('deadline_warnings', models.BooleanField(default=True, help_text='Warn me before a move deadline passes.', verbose_name='deadline warnings')),
                ('daily_digest', models.BooleanField(default=False, help_text='Collect turn notices into one email a day instead of single emails.', verbose_name='daily digest')),
                ('quiet_hours_start', models.TimeField(blank=True, help_text='No email from this local time...', null=True)),
                ('quiet_hours_end', models.TimeField(blank=True, help_text='...until this local time.', null=True)),
                ('deleted_at', models.DateTimeField(blank=True, editable=False, help_text='Set when the player deleted their account: this row is a scrubbed tombstone.', null=True)),
                ('groups', models.ManyToManyField(blank=True, help_text='The groups this user belongs to. A user will get all permissions granted to each of their groups.', related_name='user_set', related_query_name='user', to='auth.group', verbose_name='groups')),
                ('user_permissions', models.ManyToManyField(blank=True, help_text='Specific permissions for this user.', related_name='user_set', related_query_name='user', to='auth.permission', verbose_name='user permissions')),
            ],
            options={
                'verbose_name': 'user',
                'verbose_name_plural': 'users',
                'abstract': False,
            },
            managers=[
                ('objects', django.contrib.auth.models.UserManager()),
            ],
        ),
        migrations.RunPython(name_site, migrations.RunPython.noop),
    ]
