from django.db import migrations, models
import django.db.models.deletion


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0018_clk31_starts_takebacks"),
    ]

    operations = [
        migrations.CreateModel(
            name="DrawOffer",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "side",
                    models.PositiveSmallIntegerField(
                        choices=[(0, "White"), (1, "Black")], help_text="Who offered it"
                    ),
                ),
                ("ply", models.PositiveIntegerField(help_text="The moves played when it was offered")),
                ("offered_at", models.DateTimeField()),
                (
                    "status",
                    models.CharField(
                        choices=[
                            ("open", "Offered"),
                            ("accepted", "Accepted"),
                            ("declined", "Declined"),
                            ("lapsed", "Lapsed"),
                        ],
                        default="open",
                        max_length=10,
                    ),
                ),
                ("answered_at", models.DateTimeField(blank=True, null=True)),
                (
                    "game",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="draw_offers",
                        to="games.game",
                    ),
                ),
            ],
            options={"ordering": ["-offered_at", "-pk"]},
        ),
        migrations.AddConstraint(
            model_name="drawoffer",
            constraint=models.UniqueConstraint(
                condition=models.Q(("status", "open")), fields=("game",), name="one_open_draw_offer_per_game"
            ),
        ),
    ]
