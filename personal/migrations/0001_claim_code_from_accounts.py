"""ClaimCode moves from ``accounts`` to ``personal``: the state arrives here with its table
``accounts_claimcode``, whose columns, keys and rows stay as they are; its content type (and with it
the admin's permissions) follows the model."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def _content_type(apps, schema_editor, old, new):  # type: ignore[no-untyped-def]
    content_type = apps.get_model("contenttypes", "ContentType")
    content_type.objects.using(schema_editor.connection.alias).filter(app_label=old, model="claimcode").update(
        app_label=new
    )


def forwards(apps, schema_editor):  # type: ignore[no-untyped-def]
    _content_type(apps, schema_editor, "accounts", "personal")


def backwards(apps, schema_editor):  # type: ignore[no-untyped-def]
    _content_type(apps, schema_editor, "personal", "accounts")


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("accounts", "0005_claim_code_to_personal"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("tournaments", "0010_round_work_marks"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="ClaimCode",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID"),
                        ),
                        (
                            "code",
                            models.CharField(help_text="Stored without dashes, upper case", max_length=16, unique=True),
                        ),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        ("used_at", models.DateTimeField(blank=True, null=True)),
                        (
                            "registration",
                            models.OneToOneField(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="claim_code",
                                to="tournaments.registration",
                            ),
                        ),
                        (
                            "used_by",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={"db_table": "accounts_claimcode", "ordering": ["registration"]},
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(forwards, backwards, elidable=True),
    ]
