"""Who is to move and the flag's moment kept on the game (``Game.to_move``, ``Game.flag_at``, indexed
for the clocks' ticker, ``games.play.flags``), filled for the games in play on the service; the draw
offers left open in a game that ended closed with it (lapsed at its end)."""

from django.db import migrations, models


def fill(apps, schema_editor):
    from arbiter import registry
    from arbiter.errors import ArbiterError

    Game = apps.get_model("games", "Game")
    in_play = Game.objects.filter(on_service=True, finished_at__isnull=True).exclude(position="")
    for game in in_play.iterator():
        try:
            game.to_move = registry.status(game.position).to_move
        except ArbiterError:
            game.to_move = None
        flag = None
        if game.first_move_by is not None:
            flag = game.first_move_by
        elif game.turn_started is not None and game.time_control and game.to_move is not None:
            left = game.white_time if game.to_move == 0 else game.black_time
            flag = None if left is None else game.turn_started + left
        game.flag_at = flag
        game.save(update_fields=["to_move", "flag_at"])
    DrawOffer = apps.get_model("games", "DrawOffer")
    stale = DrawOffer.objects.filter(status="open", game__finished_at__isnull=False)
    for offer in stale.select_related("game"):
        offer.status, offer.answered_at = "lapsed", offer.game.finished_at
        offer.save(update_fields=["status", "answered_at"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0022_game_warn_at"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="to_move",
            field=models.PositiveSmallIntegerField(
                blank=True,
                help_text="Whose move it is (0, 1)",
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="game",
            name="flag_at",
            field=models.DateTimeField(
                blank=True,
                help_text="When the player to move's flag falls",
                null=True,
            ),
        ),
        migrations.AddIndex(
            model_name="game",
            index=models.Index(
                condition=models.Q(("flag_at__isnull", False)), fields=["flag_at"], name="game_flag_at"
            ),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
