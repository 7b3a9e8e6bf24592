# Notices delivered on every channel (issue 36): each notice's params and how far its delivery went;
# e-mail preferences per kind instead of the play notices' digest. The notices already there count as
# delivered; a user who wanted no e-mail of his games keeps none of their kinds.

from django.db import migrations, models
from django.db.models import Q

PLAY_KINDS = ["your-move", "time-warning", "challenge"]


def keep_the_choice_of_no_emails(apps, schema_editor):
    Preference = apps.get_model("accounts", "NoticePreference")
    Preference.objects.filter(move_emails="none").update(email_off=PLAY_KINDS)


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0006_api_tokens_and_bots"),
    ]

    operations = [
        migrations.AddField(
            model_name="notice",
            name="params",
            field=models.JSONField(
                blank=True,
                default=dict,
                help_text="What it names, for programs: the game's id, the event, the round",
            ),
        ),
        migrations.AddField(
            model_name="notice",
            name="delivery",
            field=models.CharField(
                choices=[("new", "Not delivered yet"), ("mail", "Its e-mail is owed"), ("done", "Delivered")],
                default="done",
                max_length=4,
            ),
        ),
        migrations.AlterField(
            model_name="notice",
            name="delivery",
            field=models.CharField(
                choices=[("new", "Not delivered yet"), ("mail", "Its e-mail is owed"), ("done", "Delivered")],
                default="new",
                max_length=4,
            ),
        ),
        migrations.AlterField(
            model_name="notice",
            name="emailed_at",
            field=models.DateTimeField(blank=True, help_text="When it went out by e-mail", null=True),
        ),
        migrations.AlterField(
            model_name="notice",
            name="kind",
            field=models.CharField(blank=True, help_text="What it is about, e.g. your-move", max_length=20),
        ),
        migrations.AddIndex(
            model_name="notice",
            index=models.Index(
                condition=~Q(delivery="done"), fields=["created_at"], name="notice_to_deliver"
            ),
        ),
        migrations.AddField(
            model_name="noticepreference",
            name="emails",
            field=models.BooleanField(default=True, help_text="Notices come by e-mail at all"),
        ),
        migrations.AddField(
            model_name="noticepreference",
            name="email_off",
            field=models.JSONField(
                blank=True, default=list, help_text="The kinds of notice that never come by e-mail"
            ),
        ),
        migrations.AlterField(
            model_name="noticepreference",
            name="language",
            field=models.CharField(
                blank=True,
                choices=[("en-gb", "English"), ("uk", "Українська")],
                help_text="The language of his notices and their e-mails; empty: the site's default",
                max_length=10,
            ),
        ),
        migrations.RunPython(keep_the_choice_of_no_emails, migrations.RunPython.noop),
        migrations.RemoveField(model_name="noticepreference", name="digest_sent_at"),
        migrations.RemoveField(model_name="noticepreference", name="move_emails"),
    ]
