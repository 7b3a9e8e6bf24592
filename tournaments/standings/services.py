"""Standings and the crosstable of a stored event, for the pages and the API alike.

:func:`round_scores` reads the stored pairings into the rounds FIDE C.07 needs (opponent,
colour, points, forfeit, bye kind, withdrawal); :func:`standing_lines` gives the stored standings
after the last closed round, or live ones before; :func:`store_standings` is what the task runs
after a round closes (tie-break values stored as decimal strings keyed by C.07 code);
:func:`recompute_stored_standings` stores them again after every closed round (a change of reading);
:func:`crosstable` is the one crosstable (the page shows its symbols, the API its numbers).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from django.db import transaction

from tournaments.core.codes import BYE_LETTERS, FORFEITS, GAME_LETTERS, first_named_is_white, format_points
from tournaments.models import Event, Pairing, Registration, Round, Standing
from tournaments.rounds import last_closed_round
from tournaments.standings.compute import RoundScore, StandingRow, compute_standings, decimal
from tournaments.standings.field import ABSENCE


def round_scores(event: Event, up_to_round: int | None = None) -> list[RoundScore]:
    """Every registration's rounds with a result, for the standings (C.07 section 16 data).

    Each pairing gives the opponent, colour, points, forfeit, the letters of each game and the
    bye kind (its TRF letter); rounds after a registration's withdrawal that have no pairing are
    marked withdrawn (the absent rounds :class:`~tournaments.standings.field.Field` fills in).
    """
    scores = []
    # A draft round (not published) counts for nobody's standings: its boards may still change.
    pairings = (
        Pairing.objects.filter(round__event=event)
        .exclude(white_score=None)
        .exclude(round__in=Round.objects.drafts())
    )
    if up_to_round is not None:
        pairings = pairings.filter(round__number__lte=up_to_round)
    seen: set[tuple[int, int]] = set()
    # plain rows, not model instances: a 1,000-player Swiss has 5,500 pairings after 11 rounds
    for number, white_id, black_id, white_score, black_score, results, source, bye in pairings.values_list(
        "round__number", "white_id", "black_id", "white_score", "black_score", "results", "source", "bye"
    ):
        white_points = white_score or 0
        seen.add((number, white_id))
        if black_id is None:
            scores.append(RoundScore(number, white_id, white_points, bye=BYE_LETTERS.get(bye, ABSENCE)))
            continue
        seen.add((number, black_id))
        black_points = black_score or 0
        codes = results.split()
        forfeit = source == Pairing.Source.FORFEIT or any(code in FORFEITS for code in codes)
        letters = [GAME_LETTERS[code] for code in codes if code in GAME_LETTERS]
        white_games = tuple(pair[0] if first_named_is_white(i) else pair[1] for i, pair in enumerate(letters))
        black_games = tuple(pair[1] if first_named_is_white(i) else pair[0] for i, pair in enumerate(letters))
        for me, other, colour, mine, theirs, games in (
            (white_id, black_id, "w", white_points, black_points, white_games),
            (black_id, white_id, "b", black_points, white_points, black_games),
        ):
            scores.append(
                RoundScore(
                    number, me, mine, other, mine > theirs, colour=colour, forfeit=forfeit, games=games
                )
            )
    last = up_to_round if up_to_round is not None else event.round_set.count()
    for registration in event.registrations.exclude(withdrawn_from_round=None):
        for number in range(registration.withdrawn_from_round or 1, last + 1):
            if (number, registration.pk) not in seen:
                scores.append(RoundScore(number, registration.pk, 0, bye=ABSENCE, withdrawn=True))
    return scores


def standings(event: Event, after_round: int | None = None) -> list[StandingRow]:
    """Live standings (not stored) as StandingRow objects keyed by registration id."""
    registrations = list(event.registrations.all())
    scores = round_scores(event, after_round)
    # Live: up to the last round with a result (a round in progress is not an absence).
    rounds = (
        after_round
        if after_round is not None
        else max((s.round for s in scores if not s.withdrawn), default=0)
    )
    return compute_standings(
        [r.pk for r in registrations],
        [s for s in scores if s.round <= rounds],
        list(event.tie_breaks),
        rounds,
        points=event.point_system,
        round_robin=event.system_spec.round_robin,
        ratings={r.pk: r.rating or 0 for r in registrations},  # 0: unrated, left out of ARO
        games_per_pairing=event.games_per_pairing,
        cycles=event.system_spec.cycles,
    )


@dataclass
class StandingLine:
    rank: int
    registration: Registration
    points: int
    games: int
    tie_breaks: list[tuple[str, Decimal | None]] = field(default_factory=list)  # (C.07 code, value)


def _stored(value: object) -> Decimal | None:
    """A stored tie-break value (a decimal string) as a Decimal; None when absent."""
    if value is None or value == "":
        return None
    return Decimal(str(value))


def standing_lines(event: Event) -> tuple[list[StandingLine], int | None, bool]:
    """(lines, after_round, live): stored standings after the last closed round, or live ones.

    Tie-break values are decimal strings labelled by C.07 code (stored so, see ``store_standings``).
    """
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
                    [(code, _stored(s.tie_breaks.get(code))) for code in codes],
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
            [(code, _stored(decimal(code, row.tie_breaks.get(code)))) for code in codes],
        )
        for row in standings(event)
    ]
    return lines, (closed.number if closed else None), True


def store_standings(event_id: int, after_round: int | None = None) -> int:
    """Recompute and store the standings after the last closed round (after closed round
    ``after_round`` when given: a corrected result's recomputation). Idempotent."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event_id)
        closed = (
            last_closed_round(event)
            if after_round is None
            else event.round_set.filter(status=Round.Status.CLOSED, number=after_round).first()
        )
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
                tie_breaks={code: decimal(code, value) for code, value in row.tie_breaks.items()},
                games=row.games,
            )
            for row in rows
        )
        return len(rows)


def recompute_stored_standings(event_id: int) -> list[int]:
    """Store the standings after every closed round of the event again, by today's reading of
    C.07 (``manage.py recompute_standings``); the round numbers recomputed."""
    numbers = list(
        Round.objects.filter(event_id=event_id, status=Round.Status.CLOSED)
        .order_by("number")
        .values_list("number", flat=True)
    )
    for number in numbers:
        store_standings(event_id, number)
    return numbers


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
