"""Player moves from ``tournaments`` to ``accounts``: the state moves, the table and its rows stay.

The model keeps its table ``tournaments_player``; no column, key or row changes. ``games`` 0005 and
``tournaments`` 0014 then point their keys at ``accounts.Player`` and drop the old model from the
state, again without touching the database.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0001_claim_codes_and_notices"),
        ("tournaments", "0013_event_unrecorded_results"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="Player",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("display_name", models.CharField(max_length=120)),
                        (
                            "handle",
                            models.SlugField(
                                help_text="Unique short name, e.g. 'k.brouwer'", max_length=60, unique=True
                            ),
                        ),
                        (
                            "country",
                            models.CharField(blank=True, help_text="Country code, e.g. NED", max_length=3),
                        ),
                        (
                            "fide_id",
                            models.PositiveBigIntegerField(
                                blank=True,
                                help_text="FIDE-style identification number (TRF), when known",
                                null=True,
                                unique=True,
                            ),
                        ),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        (
                            "user",
                            models.OneToOneField(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="player",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={"db_table": "tournaments_player", "ordering": ["display_name"]},
                ),
            ],
            database_operations=[],
        ),
    ]
