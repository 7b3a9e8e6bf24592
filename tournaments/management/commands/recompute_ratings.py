"""``manage.py recompute_ratings [--family F]``: rebuild the rating lists from all closed rounds.

The rebuild itself (order of the rounds, starting figures) is :mod:`tournaments.ratings.recompute`;
this command only chooses the families and prints what was done.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.utils.translation import gettext as _

from tournaments.ratings.families import families, family_names
from tournaments.ratings.recompute import recompute_family


class Command(BaseCommand):
    help = "Rebuild every rating of a family (all families by default) from its closed rounds, in the order they closed."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--family", choices=families(), help="only this family's list")

    def handle(self, *args: Any, **options: Any) -> None:
        for family in [options["family"]] if options["family"] else families():
            periods = recompute_family(family)
            self.stdout.write(
                _("%(family)s: %(periods)d rating periods recomputed")
                % {"family": family_names()[family], "periods": periods}
            )
