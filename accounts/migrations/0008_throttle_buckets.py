"""The throttles' counts in the database (``accounts.ThrottleBucket``, ``accounts.api``): exact under
concurrency, whatever the cache does."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0007_notices_delivered_everywhere"),
    ]

    operations = [
        migrations.CreateModel(
            name="ThrottleBucket",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("key", models.CharField(max_length=250, unique=True)),
                ("hits", models.JSONField(default=list)),
                ("updated", models.DateTimeField(auto_now=True, db_index=True)),
            ],
        ),
    ]
