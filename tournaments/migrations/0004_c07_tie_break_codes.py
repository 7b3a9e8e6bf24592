"""Tie-breaks by FIDE C.07 code: events' lists and stored standings move from the long names.

buchholz -> BH, buchholz-cut1 -> BH-C1, sonneborn-berger -> SB, direct-encounter -> DE,
wins -> WON (it counted games won over the board), progressive -> PS. Stored values become
decimal strings (Buchholz, PS and DE were half-points, SB quarter-points, wins a count).
"""

from fractions import Fraction

from django.db import migrations, models

CODES = {
    "buchholz": "BH",
    "buchholz-cut1": "BH-C1",
    "sonneborn-berger": "SB",
    "direct-encounter": "DE",
    "wins": "WON",
    "progressive": "PS",
}
SCALES = {
    "buchholz": 2,
    "buchholz-cut1": 2,
    "sonneborn-berger": 4,
    "direct-encounter": 2,
    "wins": 1,
    "progressive": 2,
}


def _decimal(value, scale):
    real = Fraction(int(value), scale)
    if scale == 1:
        return str(real.numerator)
    places = 1 if (real * 10).denominator == 1 else 2
    return f"{float(real):.{places}f}"


def forwards(apps, schema_editor):
    Event = apps.get_model("tournaments", "Event")
    Standing = apps.get_model("tournaments", "Standing")
    for event in Event.objects.all():
        codes = [CODES.get(code, code) for code in event.tie_breaks or []]
        if codes != list(event.tie_breaks or []):
            event.tie_breaks = codes
            event.save(update_fields=["tie_breaks"])
    for standing in Standing.objects.all():
        values = standing.tie_breaks or {}
        if any(key in CODES for key in values):
            standing.tie_breaks = {
                CODES.get(key, key): (_decimal(value, SCALES[key]) if key in SCALES else value)
                for key, value in values.items()
            }
            standing.save(update_fields=["tie_breaks"])


def backwards(apps, schema_editor):
    Event = apps.get_model("tournaments", "Event")
    names = {code: name for name, code in CODES.items()}
    for event in Event.objects.all():
        event.tie_breaks = [names.get(code, code) for code in event.tie_breaks or []]
        event.save(update_fields=["tie_breaks"])


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0003_pairing_restrict"),
    ]

    operations = [
        migrations.AlterField(
            model_name="event",
            name="tie_breaks",
            field=models.JSONField(
                blank=True, default=list, help_text="Ordered list of FIDE C.07 tie-break codes"
            ),
        ),
        migrations.AlterField(
            model_name="standing",
            name="tie_breaks",
            field=models.JSONField(default=dict, help_text="C.07 code -> value as a decimal string"),
        ),
        migrations.RunPython(forwards, backwards),
    ]
