"""``manage.py recompute_standings [--event SLUG]``: store every event's standings again.

The stored standings (after each closed round) hold the tie-break values computed when the round
closed; after a change in how C.07 is read (docs/standings.md) this brings them up to date. The
work is :func:`tournaments.standings.services.recompute_stored_standings`; idempotent.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from tournaments.models import Event
from tournaments.standings.services import recompute_stored_standings


class Command(BaseCommand):
    help = "Store the standings after every closed round again (every event, or the one given)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--event", metavar="SLUG", help="only this event")

    def handle(self, *args: Any, **options: Any) -> None:
        events = Event.objects.order_by("pk")
        if options["event"]:
            events = events.filter(slug=options["event"])
            if not events.exists():
                raise CommandError(_("no event %(slug)s") % {"slug": options["event"]})
        total = 0
        for event in events:
            numbers = recompute_stored_standings(event.pk)
            total += len(numbers)
            if numbers:
                self.stdout.write(
                    _("%(event)s: standings after %(rounds)d closed rounds stored again")
                    % {"event": event.slug, "rounds": len(numbers)}
                )
        self.stdout.write(_("%(rounds)d standings recomputed") % {"rounds": total})
