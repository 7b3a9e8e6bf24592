"""``manage.py standings_trf FILE [--tie-breaks BH,BH-C1,SB,DE,...] [--json]``: C.07 standings of a TRF file.

The file is read by :mod:`tournaments.trf.standings` and ranked by the same code as stored events
(:func:`tournaments.standings.compute.compute_standings`) after its last played round, with the
given tie-breaks or those of record 202. Text: a header, then one line per player in final
order (rank, pairing number, name, points, each tie-break as a decimal number); ``--json``: a
list of objects (``rank``, ``number``, ``name``, ``points``, one key per tie-break code).
The format is documented in docs/standings.md. Nothing touches the database.
"""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from tournaments.errors import ServiceError
from tournaments.trf.standings import as_json, as_text, parse_codes, standings_of


class Command(BaseCommand):
    help = "Standings of a TRF file by FIDE C.07 tie-breaks (read from the file; nothing is stored)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="TRF file")
        parser.add_argument(
            "--tie-breaks",
            default=None,
            help="comma-separated C.07 codes, e.g. BH-C1,BH,SB,DE (default: the file's record 202)",
        )
        parser.add_argument("--json", action="store_true", help="print JSON instead of text")

    def handle(self, *args: object, **options: object) -> None:
        path = Path(str(options["file"]))
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise CommandError(_("cannot read %(path)s: %(error)s") % {"path": path, "error": exc}) from exc
        try:
            option = options.get("tie_breaks")
            codes = parse_codes(str(option)) if option is not None else None
            result = standings_of(text, codes)
        except ServiceError as exc:
            raise CommandError(f"{path}: {exc}") from exc
        self.stdout.write(
            as_json(result) if options.get("json") else as_text(result),
            ending="" if not options.get("json") else "\n",
        )
