# The single rating of a player is gone: ratings live per family (0005 moved them).

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0005_ratings_per_family")]

    operations = [
        migrations.RemoveField(model_name="player", name="rating"),
        migrations.RemoveField(model_name="player", name="rated_games"),
    ]
