# Issue 36: the moment the player to move is warned of his clock running low, indexed.

from django.db import migrations, models
from django.utils import timezone


def warn_the_games_in_play_at_once(apps, schema_editor):
    """The games in play with a running clock are looked at by the next run of the warnings
    (``games.flags.warn_due``), which warns those under their warning and gives the others the
    moment of theirs."""
    Game = apps.get_model("games", "Game")
    Game.objects.filter(on_service=True, finished_at__isnull=True, turn_started__isnull=False).exclude(
        time_control=""
    ).update(warn_at=timezone.now())


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0021_event_game_start_and_grace'),
    ]

    operations = [
        migrations.AddField(
            model_name='game',
            name='warn_at',
            field=models.DateTimeField(blank=True, help_text='When the player to move is to be warned of his time running low', null=True),
        ),
        migrations.AddIndex(
            model_name='game',
            index=models.Index(condition=models.Q(('warn_at__isnull', False)), fields=['warn_at'], name='game_warn_at'),
        ),
        migrations.RunPython(warn_the_games_in_play_at_once, migrations.RunPython.noop),
    ]
