# The link from a pairing to its games moves to the tournaments side (issue 21 item 3): a
# PairingGame row per game of a pairing, filled from Game.pairing and Game.number, which
# games 0011 then removes.

import django.db.models.deletion
from django.db import migrations, models


def link_games(apps, schema_editor):
    """A link for every game that names a pairing, with its number in the match."""
    Game = apps.get_model("games", "Game")
    PairingGame = apps.get_model("tournaments", "PairingGame")
    rows = Game.objects.exclude(pairing=None).values_list("pk", "pairing_id", "number").order_by("pk")
    PairingGame.objects.bulk_create(
        (PairingGame(game_id=game, pairing_id=pairing, number=number) for game, pairing, number in rows.iterator()),
        batch_size=1000,
    )


def unlink_games(apps, schema_editor):
    """Back: each linked game names its pairing and number again (games 0011 undone first)."""
    Game = apps.get_model("games", "Game")
    PairingGame = apps.get_model("tournaments", "PairingGame")
    for game, pairing, number in PairingGame.objects.values_list("game_id", "pairing_id", "number").iterator():
        Game.objects.filter(pk=game).update(pairing_id=pairing, number=number)


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0010_game_on_service"),
        ("tournaments", "0018_play_mode_and_time_control"),
    ]

    operations = [
        migrations.CreateModel(
            name="PairingGame",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("number", models.PositiveSmallIntegerField(default=1)),
                (
                    "game",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE, related_name="pairing_game", to="games.game"
                    ),
                ),
                (
                    "pairing",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="pairing_games",
                        to="tournaments.pairing",
                    ),
                ),
            ],
            options={
                "ordering": ["pairing", "number"],
            },
        ),
        migrations.AddField(
            model_name="pairing",
            name="games",
            field=models.ManyToManyField(related_name="+", through="tournaments.PairingGame", to="games.game"),
        ),
        migrations.AddConstraint(
            model_name="pairinggame",
            constraint=models.UniqueConstraint(fields=("pairing", "number"), name="pairing_game_number"),
        ),
        migrations.RunPython(link_games, unlink_games),
    ]
