# Ratings per game family: the rating list settings, a rating per player and family, the family of
# each rating change, Event.rated. The data step moves today's single rating to the families.

import django.db.models.deletion
from django.db import migrations, models

FAMILY_CHOICES = [("gipf", "GIPF"), ("dvonn", "DVONN")]


def _family(game):
    return "dvonn" if game == "dvonn" else "gipf"


def move_ratings(apps, schema_editor):
    """A player's history goes to the family of each change's event; his current rating and
    rated games go to every family he has changes or registrations in (the last change's rating
    in that family, else his rating of today)."""
    Player = apps.get_model("tournaments", "Player")
    Rating = apps.get_model("tournaments", "Rating")
    RatingChange = apps.get_model("tournaments", "RatingChange")
    Registration = apps.get_model("tournaments", "Registration")
    for change in RatingChange.objects.select_related("round__event"):
        change.family = _family(change.round.event.game)
        change.save(update_fields=["family"])
    ratings = []
    for player in Player.objects.all():
        families = {
            _family(game)
            for game in Registration.objects.filter(player=player).values_list("event__game", flat=True)
        }
        changes = RatingChange.objects.filter(player=player).order_by("created_at", "pk")
        families |= set(changes.values_list("family", flat=True))
        for family in sorted(families):
            mine = [c for c in changes if c.family == family]
            rating = mine[-1].after if mine else player.rating
            ratings.append(
                Rating(player=player, family=family, rating=rating, rated_games=sum(c.games for c in mine))
            )
    Rating.objects.bulk_create(ratings)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0004_c07_tie_break_codes")]

    operations = [
        migrations.CreateModel(
            name="RatingList",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("family", models.CharField(choices=FAMILY_CHOICES, max_length=10, unique=True)),
                ("initial", models.PositiveSmallIntegerField(default=1500, help_text="Rating of a player without one")),
                ("k_new", models.PositiveSmallIntegerField(default=40, help_text="K until `new games` rated games")),
                ("new_games", models.PositiveSmallIntegerField(default=30)),
                ("k_regular", models.PositiveSmallIntegerField(default=20)),
                ("k_top", models.PositiveSmallIntegerField(default=10, help_text="K at or above `top rating`")),
                ("top_rating", models.PositiveSmallIntegerField(default=2400)),
                ("max_difference", models.PositiveSmallIntegerField(default=400, help_text="The 400-point rule")),
                (
                    "provisional_games",
                    models.PositiveSmallIntegerField(
                        default=5, help_text="Provisional (not in the published list) until this many rated games"
                    ),
                ),
            ],
        ),
        migrations.CreateModel(
            name="Rating",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("family", models.CharField(choices=FAMILY_CHOICES, max_length=10)),
                ("rating", models.IntegerField()),
                ("rated_games", models.PositiveIntegerField(default=0)),
                (
                    "player",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE, related_name="ratings", to="tournaments.player"
                    ),
                ),
            ],
            options={
                "ordering": ["family", "-rating", "player__display_name"],
                "constraints": [models.UniqueConstraint(fields=("player", "family"), name="rating_once_per_family")],
            },
        ),
        migrations.AddField(
            model_name="ratingchange",
            name="family",
            field=models.CharField(choices=FAMILY_CHOICES, default="gipf", max_length=10),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="event",
            name="rated",
            field=models.BooleanField(default=True, help_text="The games of this event count for the rating lists"),
        ),
        migrations.RunPython(move_ratings, migrations.RunPython.noop),
    ]
