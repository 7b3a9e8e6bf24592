"""Seconds for standings + ratings of a big Swiss: ``.venv/bin/python bench/ratings_bench.py [PLAYERS] [ROUNDS]``.

A temporary SQLite database is migrated, then an event of PLAYERS players (1,000 by default) and
ROUNDS closed rounds (11) is made up in bulk: players paired inside their score order, colours
alternating, results drawn with a fixed seed, one pairing-allocated bye when the count is odd.
Timed: the standings after the last round (:func:`tournaments.standings.services.store_standings`)
plus the rating of every round (:func:`tournaments.ratings.rounds.rate_closed_rounds`, one
rating period per round), as the task after a round does. Then a 10,000-game history (two
1,000-player, 10-round Swiss events of the same players, their rounds closed in turn) is rebuilt
by :func:`tournaments.ratings.recompute.recompute_family`, as ``manage.py recompute_ratings``
does. Not timed: building the data.
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

START = datetime(2026, 1, 1, tzinfo=UTC)


def setup_database(folder: str) -> None:
    """Django on a fresh SQLite database in ``folder``, migrated."""
    os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
    os.environ.pop("CELERY_BROKER_URL", None)
    os.environ.setdefault("DEBUG", "1")
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


def make_players(count: int, prefix: str = "player") -> list[Any]:
    from accounts.models import Player

    Player.objects.bulk_create(
        Player(display_name=f"{prefix} {n:05d}", handle=f"{prefix}-{n:05d}") for n in range(1, count + 1)
    )
    return list(Player.objects.filter(handle__startswith=f"{prefix}-").order_by("pk"))


def make_swiss(name: str, players: list[Any], rounds: int, seed: int, close_times: list[datetime]) -> Any:
    """An event of ``players`` with ``rounds`` closed made-up rounds, closed at ``close_times``."""
    from tournaments.models import Event, Pairing, Registration, Round

    rng = random.Random(seed)
    event = Event.objects.create(
        name=name,
        slug=name.lower().replace(" ", "-"),
        game="gipf-standard",
        pairing_system="swiss-dutch",
        rounds=rounds,
        status="running",
        tie_breaks=["BH-C1", "BH", "SB"],
    )
    Registration.objects.bulk_create(
        Registration(event=event, player=p, pairing_number=n, rating=2400 - (n * 900) // len(players))
        for n, p in enumerate(players, 1)
    )
    registrations = list(event.registrations.order_by("pairing_number"))
    strength = {r.pk: r.rating for r in registrations}
    points = {r.pk: 0 for r in registrations}
    for number in range(1, rounds + 1):
        round_ = Round.objects.create(
            event=event, number=number, status="closed", closed_at=close_times[number - 1]
        )
        order = sorted(registrations, key=lambda r: (-points[r.pk], r.pairing_number))
        pairings = []
        if len(order) % 2:
            bye = order.pop()
            pairings.append(
                Pairing(round=round_, board=len(order) // 2 + 1, white=bye, bye="pab", white_score=2)
            )
            points[bye.pk] += 2
        for board, (a, b) in enumerate(zip(order[::2], order[1::2], strict=True), 1):
            white, black = (a, b) if number % 2 else (b, a)
            edge = (strength[white.pk] - strength[black.pk]) / 2000
            draw = rng.random()
            code = "1-0" if draw < 0.45 + edge else "1/2-1/2" if draw < 0.6 + edge else "0-1"
            if rng.random() < 0.01:
                code = "+/-"
            ws, bs = {"1-0": (2, 0), "1/2-1/2": (1, 1), "0-1": (0, 2), "+/-": (2, 0)}[code]
            points[white.pk] += ws
            points[black.pk] += bs
            pairings.append(
                Pairing(
                    round=round_, board=board, white=white, black=black, results=code,
                    white_score=ws, black_score=bs, source="forfeit" if code == "+/-" else "reported",
                )
            )  # fmt: skip
        Pairing.objects.bulk_create(pairings)
    return event


def bench_event(players: int, rounds: int) -> tuple[float, float, int]:
    from tournaments.models import RatingChange
    from tournaments.ratings.rounds import rate_closed_rounds
    from tournaments.standings.services import store_standings

    people = make_players(players)
    times = [START + timedelta(hours=n) for n in range(rounds)]
    event = make_swiss("Bench Swiss", people, rounds, 2026, times)
    started = time.perf_counter()
    store_standings(event.pk)
    standings = time.perf_counter() - started
    started = time.perf_counter()
    rate_closed_rounds(event.pk)
    ratings = time.perf_counter() - started
    return standings, ratings, RatingChange.objects.count()


def bench_recompute(players: int, rounds: int) -> tuple[float, int, int]:
    """Seconds to rebuild the GIPF list from two events of ``players`` sharing them, the number of
    games and of rating periods."""
    from tournaments.models import Event, Pairing
    from tournaments.ratings.recompute import recompute_family
    from tournaments.ratings.rounds import rate_closed_rounds

    Event.objects.update(rated=False)  # the first benchmark's event stays out of the history
    people = make_players(players, "history")
    first = make_swiss(
        "History A", people, rounds, 1, [START + timedelta(hours=2 * n) for n in range(rounds)]
    )
    second = make_swiss(
        "History B", people, rounds, 2, [START + timedelta(hours=2 * n + 1) for n in range(rounds)]
    )
    games = Pairing.objects.filter(round__event__rated=True).exclude(black=None).count()  # 1 % are forfeits
    rate_closed_rounds(first.pk)
    rate_closed_rounds(second.pk)
    started = time.perf_counter()
    periods = recompute_family("gipf")
    return time.perf_counter() - started, games, periods


def main(argv: list[str] | None = None) -> int:
    args = [a for a in (sys.argv[1:] if argv is None else argv) if not a.startswith("--")]
    players = int(args[0]) if args else 1000
    rounds = int(args[1]) if len(args) > 1 else 11
    with tempfile.TemporaryDirectory() as folder:
        setup_database(folder)
        standings, ratings, changes = bench_event(players, rounds)
        print(
            f"{players}-player {rounds}-round Swiss: standings {standings:.2f} s + ratings {ratings:.2f} s"
            f" ({changes} rating changes) = {standings + ratings:.2f} s",
            flush=True,
        )
        seconds, games, periods = bench_recompute(players, 10)
        print(
            f"recompute_ratings of a {games}-game history, 1 % forfeits ({periods} rating periods): {seconds:.2f} s",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
