# Game no longer names a pairing: the link lives on the tournaments side (tournaments 0019
# copied Game.pairing and Game.number into PairingGame first).

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0010_game_on_service"),
        ("tournaments", "0019_pairing_game"),
    ]

    operations = [
        migrations.AlterModelOptions(
            name="game",
            options={},
        ),
        migrations.RemoveConstraint(
            model_name="game",
            name="game_once_per_pairing_number",
        ),
        migrations.RemoveField(
            model_name="game",
            name="number",
        ),
        migrations.RemoveField(
            model_name="game",
            name="pairing",
        ),
    ]
