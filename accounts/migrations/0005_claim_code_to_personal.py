"""ClaimCode moves from ``accounts`` to ``personal`` (above games and tournaments): the state leaves
here, the table ``accounts_claimcode`` and its rows stay (``personal`` 0001 takes the state)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("accounts", "0004_notice_language")]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="ClaimCode")],
            database_operations=[],
        ),
    ]
