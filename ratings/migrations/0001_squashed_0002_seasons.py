"""The ratings app's schema as of 0002_seasons, in one migration (squashed before the
first production deploy; the chain it replaced is gone). The backfill of seasons in 0002
had only development data to fill and is gone too."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('games', '0001_squashed_0008_rematch'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='RatedGame',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('game_slug', models.CharField(db_index=True, max_length=40)),
                ('teams', models.JSONField(default=list)),
                ('ranks', models.JSONField(default=list)),
                ('changes', models.JSONField(default=dict)),
                ('rated_at', models.DateTimeField(auto_now_add=True)),
                ('season', models.CharField(db_index=True, default='', max_length=8)),
                ('voided_at', models.DateTimeField(blank=True, null=True)),
                ('game', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='rating', to='games.game')),
            ],
        ),
        migrations.CreateModel(
            name='Rating',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('game_slug', models.CharField(db_index=True, max_length=40)),
                ('mu', models.FloatField(default=25.0)),
                ('sigma', models.FloatField(default=8.333333333333334)),
                ('games', models.PositiveIntegerField(default=0)),
                ('updated_at', models.DateTimeField(auto_now=True)),
                ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'constraints': [models.UniqueConstraint(fields=('user', 'game_slug'), name='one_rating_per_game')],
            },
        ),
        migrations.CreateModel(
            name='SeasonRating',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('game_slug', models.CharField(max_length=40)),
                ('season', models.CharField(max_length=8)),
                ('mu', models.FloatField(default=25.0)),
                ('sigma', models.FloatField(default=8.333333333333334)),
                ('games', models.PositiveIntegerField(default=0)),
                ('updated_at', models.DateTimeField(auto_now=True)),
                ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'indexes': [models.Index(fields=['game_slug', 'season'], name='seasonrating_board')],
                'constraints': [models.UniqueConstraint(fields=('user', 'game_slug', 'season'), name='one_rating_per_game_season')],
            },
        ),
    ]
