"""Standings and the crosstable of a stored event, for the pages and the API alike.

:func:`standing_lines` gives the stored standings after the last closed round, or live ones
before; :func:`store_standings` is what the task runs after a round closes; :func:`crosstable`
is the one crosstable (the page shows its symbols, the API its numbers).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction

from tournaments.events.selectors import last_closed_round
from tournaments.models import Event, Pairing, Registration, Standing
from tournaments.results.codes import FORFEITS, format_points
from tournaments.standings.compute import RoundScore, StandingRow, compute_standings


def round_scores(event: Event, up_to_round: int | None = None) -> list[RoundScore]:
    """Every registration's score in every round with a result, for the standings."""
    scores = []
    pairings = Pairing.objects.filter(round__event=event).exclude(white_score=None).select_related("round")
    if up_to_round is not None:
        pairings = pairings.filter(round__number__lte=up_to_round)
    for pairing in pairings:
        number = pairing.round.number
        played = pairing.black_id is not None and pairing.source != Pairing.Source.FORFEIT
        white_points = pairing.white_score or 0
        if pairing.black_id is None:
            scores.append(RoundScore(number, pairing.white_id, white_points))
            continue
        black_points = pairing.black_score or 0
        scores.append(
            RoundScore(
                number,
                pairing.white_id,
                white_points,
                pairing.black_id if played else None,
                played and white_points > black_points,
            )
        )
        scores.append(
            RoundScore(
                number,
                pairing.black_id,
                black_points,
                pairing.white_id if played else None,
                played and black_points > white_points,
            )
        )
    return scores


def standings(event: Event, after_round: int | None = None) -> list[StandingRow]:
    """Live standings (not stored) as StandingRow objects keyed by registration id."""
    registrations = [r.pk for r in event.registrations.all()]
    rounds = after_round if after_round is not None else (event.round_set.count())
    return compute_standings(registrations, round_scores(event, after_round), list(event.tie_breaks), rounds)


@dataclass
class StandingLine:
    rank: int
    registration: Registration
    points: int
    games: int
    tie_breaks: list[tuple[str, int | None]] = field(default_factory=list)


def standing_lines(event: Event) -> tuple[list[StandingLine], int | None, bool]:
    """(lines, after_round, live): stored standings after the last closed round, or live ones."""
    closed = last_closed_round(event)
    registrations = {r.pk: r for r in event.registrations.select_related("player")}
    codes = list(event.tie_breaks)
    if closed is not None:
        stored = list(Standing.objects.filter(event=event, after_round=closed.number))
        if stored:
            lines = [
                StandingLine(
                    s.rank,
                    registrations[s.registration_id],
                    s.points,
                    s.games,
                    [(code, s.tie_breaks.get(code)) for code in codes],
                )
                for s in stored
                if s.registration_id in registrations
            ]
            return lines, closed.number, False
    lines = [
        StandingLine(
            row.rank,
            registrations[row.player],
            row.points,
            row.games,
            [(code, row.tie_breaks.get(code)) for code in codes],
        )
        for row in standings(event)
    ]
    return lines, (closed.number if closed else None), True


def store_standings(event_id: int) -> int:
    """Recompute and store the standings after the last closed round. Idempotent."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event_id)
        closed = last_closed_round(event)
        if closed is None:
            return 0
        rows = standings(event, closed.number)
        Standing.objects.filter(event=event, after_round=closed.number).delete()
        Standing.objects.bulk_create(
            Standing(
                event=event,
                after_round=closed.number,
                registration_id=row.player,
                rank=row.rank,
                points=row.points,
                tie_breaks=row.tie_breaks,
                games=row.games,
            )
            for row in rows
        )
        return len(rows)


# --------------------------------------------------------------------------- crosstable


@dataclass
class CrossCell:
    """One player's round: opponent's pairing number and colour, points (half-points), bye kind."""

    opponent: int | None
    colour: str  # "w", "b", or "" for a bye
    points: int | None  # None while the result is still to come
    bye: str = ""
    forfeit: bool = False
    symbol: str = ""  # as the page shows it: 1, 0, ½, + or −, … for a result to come

    @property
    def note(self) -> str:
        return "bye" if self.bye else "forfeit" if self.forfeit else ""


@dataclass
class CrossRow:
    registration: Registration
    cells: dict[int, CrossCell]
    total: int


def _symbol(event: Event, score: int | None, other: int | None, forfeit: bool) -> str:
    if score is None:
        return "…"
    if event.games_per_pairing == 1 and not forfeit:
        return {event.win_points: "1", event.loss_points: "0"}.get(score, format_points(score) or "0")
    if forfeit and event.games_per_pairing == 1:
        return "+" if (other is not None and score > other) else "−"
    return format_points(score) or "0"


def crosstable(event: Event, user: object) -> list[CrossRow]:
    """Per player in pairing-number order: every round ``user`` may see, and the total."""
    registrations = [
        r for r in event.registrations.select_related("player") if r.pairing_number is not None
    ] or list(event.registrations.select_related("player"))
    registrations.sort(key=lambda r: (r.pairing_number or 0, r.player.display_name))
    rows = {r.pk: CrossRow(r, {}, 0) for r in registrations}
    pairings = (
        Pairing.objects.filter(round__event=event).visible_to(user).select_related("round", "white", "black")
    )
    for pairing in pairings:
        number = pairing.round.number
        if pairing.is_bye:
            row = rows[pairing.white_id]
            score = pairing.white_score
            symbol = "…" if score is None else (format_points(score) or "0")
            row.cells[number] = CrossCell(None, "", score, pairing.bye, False, symbol)
            row.total += score or 0
            continue
        forfeit = any(code in FORFEITS for code in pairing.result_codes)
        for me, opponent, colour, mine, theirs in (
            (pairing.white, pairing.black, "w", pairing.white_score, pairing.black_score),
            (pairing.black, pairing.white, "b", pairing.black_score, pairing.white_score),
        ):
            row = rows[me.pk]  # type: ignore[union-attr]
            row.cells[number] = CrossCell(
                opponent.pairing_number,  # type: ignore[union-attr]
                colour,
                mine,
                "",
                forfeit,
                _symbol(event, mine, theirs, forfeit),
            )
            row.total += mine or 0
    return list(rows.values())
