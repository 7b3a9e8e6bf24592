"""The games' keys to players point at ``accounts.Player`` (same table): state only."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0004_submission_kind"),
        ("accounts", "0002_player"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="game",
                    name="white",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="games_as_white",
                        to="accounts.player",
                    ),
                ),
                migrations.AlterField(
                    model_name="game",
                    name="black",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="games_as_black",
                        to="accounts.player",
                    ),
                ),
            ],
            database_operations=[],
        ),
    ]
