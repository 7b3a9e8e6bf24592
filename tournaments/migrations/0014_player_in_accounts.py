"""Player now lives in ``accounts`` (same table ``tournaments_player``): the keys of registrations,
ratings and rating changes point there, and the model leaves this app's state. The database is
not touched."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0013_event_unrecorded_results"),
        ("accounts", "0002_player"),
        ("games", "0005_player_in_accounts"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="registration",
                    name="player",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="registrations",
                        to="accounts.player",
                    ),
                ),
                migrations.AlterField(
                    model_name="rating",
                    name="player",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="ratings",
                        to="accounts.player",
                    ),
                ),
                migrations.AlterField(
                    model_name="ratingchange",
                    name="player",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="rating_changes",
                        to="accounts.player",
                    ),
                ),
                migrations.DeleteModel(name="Player"),
            ],
            database_operations=[],
        ),
    ]
