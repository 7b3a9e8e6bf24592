"""``manage.py pair_trf FILE [--rounds N]``: pair the next round of a TRF file.

The pairing state is read from the file itself (:mod:`tournaments.trf.pairing`), paired by the
same engines as stored events, and printed as the reference engines print it: the number of
pairs, then ``white black`` one pair a line, then ``N 0`` for the player with the
pairing-allocated bye. Nothing touches the database.
"""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.core.errors import PairingError, TrfError
from tournaments.trf.pairing import pair_next_round


class Command(BaseCommand):
    help = "Pair the next round of a TRF file (read from the file; nothing is stored)."
    # Nothing here touches the site (URLs, admin, database): its system checks would load the
    # whole web stack (DRF, the API schema) for a command that reads one file.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="TRF file (rounds played so far, XXR, XXC)")
        parser.add_argument(
            "--rounds", type=int, default=None, help="total number of rounds, when the file has no XXR/142"
        )

    def handle(self, *args: object, **options: object) -> None:
        path = Path(str(options["file"]))
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise CommandError(f"cannot read {path}: {exc}") from exc
        rounds = options.get("rounds")
        if rounds is not None and int(str(rounds)) < 1:
            raise CommandError("--rounds must be at least 1")
        try:
            paired = pair_next_round(text, total_rounds=int(str(rounds)) if rounds is not None else None)
        except TrfError as exc:
            raise CommandError(f"{path}: {exc}") from exc
        except PairingError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(paired.as_reference_text())
