"""An event as one JSON document: the download's stable shape (docs/downloads.md).

Version 1 of the shape holds ``format``, ``version`` and five parts:

* ``event``: slug, name, game, pairing system, rounds, games per pairing, status, rated,
  location, start date, the points of a win, draw, loss and pairing-allocated bye (numbers in
  points), whether a round robin's bye is scored, and the tie-breaks (C.07 codes in order);
* ``players``: per registration in pairing-number order: number, name, handle, country, rating at
  the start, status and the first round no longer played after a withdrawal;
* ``rounds``: per round its number, status and ``pairings`` (board, white and black pairing
  numbers, the bye kind, the result codes of each game, the points of each side; null while no
  result); draft rounds only for the event's managers;
* ``standings``: after which round, whether live, and the lines in order (rank, number, name,
  points, and the tie-break values by C.07 code as numbers).

Points are numbers of points (half-points / 2); missing values are null. New keys may be added in
a later version; existing keys keep their meaning.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from games.options import every_option
from tournaments.events.game_options import options_of
from tournaments.models import Event, Pairing
from tournaments.standings.services import standing_lines

FORMAT = "gipf-tournaments/event"
VERSION = 1


def _points(half_points: int | None) -> float | None:
    return None if half_points is None else half_points / 2


def _number(value: Decimal | None) -> int | float | None:
    """A stored tie-break value as JSON writes it: 3 for counts, 13.5 or 31.0 for points."""
    if value is None:
        return None
    exponent = value.as_tuple().exponent
    return int(value) if isinstance(exponent, int) and exponent >= 0 else float(value)


def event_document(event: Event, user: object) -> dict[str, Any]:
    """The event as the JSON download gives it, as far as ``user`` may see it."""
    registrations = list(event.registrations.select_related("player"))
    registrations.sort(key=lambda r: (r.pairing_number is None, r.pairing_number or 0, r.player.display_name))
    number_of = {r.pk: r.pairing_number for r in registrations}
    pairings = (
        Pairing.objects.filter(round__event=event)
        .visible_to(user)
        .select_related("round")
        .order_by("round__number", "board")
    )
    rounds: dict[int, dict[str, Any]] = {
        round_.number: {"number": round_.number, "status": round_.status, "pairings": []}
        for round_ in event.round_set.order_by("number")
    }
    for pairing in pairings:
        rounds[pairing.round.number]["pairings"].append(
            {
                "board": pairing.board,
                "white": number_of.get(pairing.white_id),
                "black": number_of.get(pairing.black_id) if pairing.black_id else None,
                "bye": pairing.bye or None,
                "results": pairing.result_codes,
                "white_points": _points(pairing.white_score),
                "black_points": _points(pairing.black_score) if pairing.black_id else None,
            }
        )
    visible = [r for r in rounds.values() if r["pairings"] or r["status"] != "paired"]
    lines, after_round, live = standing_lines(event)
    return {
        "format": FORMAT,
        "version": VERSION,
        "event": {
            "slug": event.slug,
            "name": event.name,
            "game": event.game,
            # each start option registered games declare, by name ("" : none of the event's own)
            **{name: options_of(event).get(name, "") for name in every_option()},
            "pairing_system": event.pairing_system,
            "rounds": event.rounds,
            "games_per_pairing": event.games_per_pairing,
            "status": event.status,
            "rated": event.rated,
            "location": event.location,
            "start_date": event.start_date.isoformat() if event.start_date else None,
            "points": {
                "win": _points(event.win_points),
                "draw": _points(event.draw_points),
                "loss": _points(event.loss_points),
                "bye": _points(event.bye_points),
            },
            "round_robin_bye_scored": event.round_robin_bye_scored,
            "unrecorded_results": event.unrecorded_results,
            "rate_unrecorded": event.rate_unrecorded,
            "tie_breaks": list(event.tie_breaks),
        },
        "players": [
            {
                "number": r.pairing_number,
                "name": r.player.display_name,
                "handle": r.player.handle,
                "country": r.player.country,
                "rating": r.rating,
                "status": r.status,
                "withdrawn_from_round": r.withdrawn_from_round,
            }
            for r in registrations
        ],
        "rounds": visible,
        "standings": {
            "after_round": after_round,
            "live": live,
            "lines": [
                {
                    "rank": line.rank,
                    "number": line.registration.pairing_number,
                    "name": line.registration.player.display_name,
                    "points": _points(line.points),
                    "tie_breaks": {code: _number(value) for code, value in line.tie_breaks},
                }
                for line in lines
            ],
        },
    }
