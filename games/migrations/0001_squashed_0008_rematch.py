"""The games app's schema as of 0008_rematch, in one migration (squashed before the first
production deploy; the chain it replaced is gone: the data fixes of 0005 and 0006 had only
development data to fix)."""

import django.db.models.deletion
import django.utils.timezone
import games.models
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='Game',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('seed', models.CharField(default=games.models.new_seed, editable=False, max_length=64)),
                ('rules_version', models.PositiveIntegerField(default=1)),
                ('state', models.JSONField(blank=True, null=True)),
                ('state_seq', models.PositiveIntegerField(default=0)),
                ('status', models.CharField(choices=[('playing', 'Playing'), ('finished', 'Finished'), ('aborted', 'Aborted'), ('voided', 'Voided')], db_index=True, default='playing', max_length=10)),
                ('outcome', models.JSONField(blank=True, null=True)),
                ('started_at', models.DateTimeField(auto_now_add=True)),
                ('finished_at', models.DateTimeField(blank=True, null=True)),
            ],
        ),
        migrations.CreateModel(
            name='Presence',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('channel_name', models.CharField(max_length=200, unique=True)),
                ('connected_at', models.DateTimeField(auto_now_add=True)),
                ('last_seen', models.DateTimeField(db_index=True, default=django.utils.timezone.now)),
                ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='presences', to='games.game')),
                ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
        ),
        migrations.CreateModel(
            name='Table',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('game_slug', models.CharField(db_index=True, max_length=40)),
                ('title', models.CharField(blank=True, max_length=80)),
                ('options', models.JSONField(blank=True, default=dict)),
                ('visibility', models.CharField(choices=[('public', 'Public'), ('private', 'Private (invite link)')], default='public', max_length=10)),
                ('invite_code', models.CharField(default=games.models.new_invite_code, max_length=32, unique=True)),
                ('seat_count', models.PositiveSmallIntegerField()),
                ('auto_start', models.BooleanField(default=False)),
                ('time_per_move', models.PositiveIntegerField(choices=[(300, 'Live (5 minutes)'), (43200, '12 hours'), (86400, '1 day'), (172800, '2 days'), (259200, '3 days'), (604800, '7 days')], default=86400)),
                ('skip_weekends', models.BooleanField(default=False)),
                ('timeout_policy', models.CharField(choices=[('default_move', 'Play a neutral default move'), ('bot', 'A bot takes the seat'), ('abandon', 'Abandon the game')], default='default_move', max_length=20)),
                ('bot_after_timeouts', models.PositiveSmallIntegerField(default=3)),
                ('extensions_per_player', models.PositiveSmallIntegerField(default=2)),
                ('allow_vacation', models.BooleanField(default=True)),
                ('status', models.CharField(choices=[('open', 'Open'), ('playing', 'Playing'), ('finished', 'Finished'), ('aborted', 'Aborted'), ('voided', 'Voided')], db_index=True, default='open', max_length=10)),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('host', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='hosted_tables', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'ordering': ['-created_at'],
            },
        ),
        migrations.CreateModel(
            name='Seat',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('position', models.PositiveSmallIntegerField(blank=True, null=True)),
                ('is_bot', models.BooleanField(default=False)),
                ('deadline_at', models.DateTimeField(blank=True, db_index=True, null=True)),
                ('timeouts_in_a_row', models.PositiveSmallIntegerField(default=0)),
                ('extensions_left', models.PositiveSmallIntegerField(default=0)),
                ('last_seen_seq', models.PositiveIntegerField(default=0)),
                ('joined_at', models.DateTimeField(auto_now_add=True)),
                ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='seats', to=settings.AUTH_USER_MODEL)),
                ('table', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='seats', to='games.table')),
            ],
            options={
                'ordering': ['position', 'joined_at'],
            },
        ),
        migrations.CreateModel(
            name='Rematch',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('accepted', models.ManyToManyField(blank=True, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('game', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='rematch', to='games.game')),
                ('table', models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='rematch_of', to='games.table')),
            ],
        ),
        migrations.AddField(
            model_name='game',
            name='table',
            field=models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='game', to='games.table'),
        ),
        migrations.CreateModel(
            name='ChatMessage',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('channel', models.CharField(choices=[('players', 'Players'), ('spectators', 'Spectators')], max_length=10)),
                ('body', models.TextField(max_length=1000)),
                ('created_at', models.DateTimeField(auto_now_add=True, db_index=True)),
                ('hidden_by_moderator', models.BooleanField(default=False)),
                ('hidden_at', models.DateTimeField(blank=True, null=True)),
                ('author', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='chat_messages', to=settings.AUTH_USER_MODEL)),
                ('hidden_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('table', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='chat_messages', to='games.table')),
            ],
            options={
                'ordering': ['created_at', 'pk'],
            },
        ),
        migrations.CreateModel(
            name='GameEvent',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('seq', models.PositiveIntegerField()),
                ('type', models.CharField(max_length=80)),
                ('payload', models.JSONField()),
                ('schema_version', models.PositiveSmallIntegerField(default=1)),
                ('actor_seat', models.PositiveSmallIntegerField(blank=True, null=True)),
                ('actor_kind', models.CharField(choices=[('player', 'Player'), ('timeout', 'Timeout'), ('bot', 'Bot'), ('system', 'System'), ('moderator', 'Moderator')], default='player', max_length=10)),
                ('created_at', models.DateTimeField(default=django.utils.timezone.now)),
                ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='events', to='games.game')),
            ],
            options={
                'ordering': ['game', 'seq'],
                'constraints': [models.UniqueConstraint(fields=('game', 'seq'), name='gameevent_unique_seq')],
            },
        ),
        migrations.CreateModel(
            name='MoveReceipt',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('key', models.CharField(max_length=80)),
                ('move_digest', models.CharField(blank=True, default='', max_length=64)),
                ('result', models.JSONField()),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='receipts', to='games.game')),
                ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'constraints': [models.UniqueConstraint(fields=('game', 'user', 'key'), name='movereceipt_unique_key')],
            },
        ),
        migrations.AddIndex(
            model_name='table',
            index=models.Index(fields=['status', 'visibility', '-created_at'], name='table_lobby'),
        ),
        migrations.AddConstraint(
            model_name='seat',
            constraint=models.UniqueConstraint(condition=models.Q(('position__isnull', False)), fields=('table', 'position'), name='seat_unique_position'),
        ),
        migrations.AddConstraint(
            model_name='seat',
            constraint=models.UniqueConstraint(condition=models.Q(('user__isnull', False)), fields=('table', 'user'), name='seat_unique_user'),
        ),
        migrations.AddIndex(
            model_name='game',
            index=models.Index(fields=['status', '-started_at'], name='game_watch'),
        ),
    ]
