"""``manage.py pair_trf FILE [--rounds N]``: pair the next round of a TRF file like a stored event.

The file is imported as an event inside a transaction that is rolled back, its next round is
paired by ``services.pair_round_now`` (the path every stored event takes), and the result is
printed as the reference engines print it: the number of pairs, then ``white black`` one pair a
line, then ``N 0`` for the player with the pairing-allocated bye.
"""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection

from tournaments.pairing import PairingError
from tournaments.trf import TrfError, pair_next_round


class Command(BaseCommand):
    help = "Pair the next round of a TRF file through the stored-event path (nothing is kept)."

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
        missing = {"auth_user", "tournaments_event"} - set(connection.introspection.table_names())
        if missing:
            raise CommandError(
                "the database has no tables yet: run 'manage.py migrate' first "
                "(the file is imported into it inside a transaction that is rolled back)"
            )
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
