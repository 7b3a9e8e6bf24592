"""Everything that changes an event: plain functions, each one transaction, each checking rights.

Views, the API and Celery tasks call these and translate :class:`ServiceError` into messages.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.text import slugify

from tournaments.models import Event, Pairing, Player, Registration, Round, Standing
from tournaments.pairing import (
    BYE_FULL,
    BYE_HALF,
    BYE_PAIRING_ALLOCATED,
    BYE_ZERO,
    EventState,
    PairingError,
    PlayerState,
    RoundEntry,
    pair_round,
)
from tournaments.pairing.round_robin import rounds_for
from tournaments.results import FORFEITS, PointSystem, ResultError, normalise_codes

logger = logging.getLogger(__name__)


class ServiceError(Exception):
    """A request that cannot be carried out; the message is shown to the user as it is."""


# Pairings of a Swiss round that is paired but not yet published (a draft the arbiter may still edit).
DRAFT_PAIRINGS = Q(
    round__event__pairing_system=Event.System.SWISS_DUTCH,
    round__status=Round.Status.PAIRED,
    round__publication__isnull=True,
)


def visible_pairings(pairings: QuerySet[Pairing], user: object) -> QuerySet[Pairing]:
    """The pairings ``user`` may see: draft rounds only for the managers of their event."""
    if getattr(user, "is_superuser", False):
        return pairings
    if not getattr(user, "is_authenticated", False):
        return pairings.exclude(DRAFT_PAIRINGS)
    managed = Q(round__event__organisers=user) | Q(round__event__arbiters=user)
    return pairings.exclude(DRAFT_PAIRINGS & ~Q(pk__in=Pairing.objects.filter(managed).values("pk")))


def require_manager(event: Event, user: object) -> None:
    if not event.can_manage(user):
        raise PermissionDenied("only the event's organisers and arbiters may change it")


def points_of(event: Event) -> PointSystem:
    return PointSystem(win=event.win_points, draw=event.draw_points, loss=event.loss_points)


def bye_points(event: Event, kind: str) -> int:
    return {
        BYE_PAIRING_ALLOCATED: event.bye_points,
        BYE_HALF: event.draw_points,
        BYE_FULL: event.win_points,
        BYE_ZERO: 0,
    }[kind]


# --------------------------------------------------------------------------- players


def unique_handle(name: str) -> str:
    base = slugify(name)[:50] or "player"
    handle, counter = base, 2
    while Player.objects.filter(handle=handle).exists():
        handle, counter = f"{base}-{counter}", counter + 1
    return handle


@dataclass
class ParsedEntry:
    line: int
    name: str
    rating: int | None
    country: str = ""


ENTRY_RE = re.compile(r"^(?P<name>.+?)(?:\s*[,;\t]\s*|\s+)(?P<rating>\d{1,4})\s*$")


def parse_player_list(text: str) -> list[ParsedEntry]:
    """One player a line: ``Name`` or ``Name, 1650`` (a trailing number is the rating)."""
    entries, errors = [], []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        match = ENTRY_RE.match(line)
        name, rating = (
            (match.group("name").strip(" ,;"), int(match.group("rating"))) if match else (line, None)
        )
        name = " ".join(name.split())
        if not name:
            errors.append(f"line {number}: no name")
            continue
        if len(name) > 120:
            errors.append(f"line {number}: name longer than 120 characters")
            continue
        entries.append(ParsedEntry(number, name, rating))
    if errors:
        raise ServiceError("; ".join(errors))
    if not entries:
        raise ServiceError("the list is empty: write one player per line, optionally followed by a rating")
    return entries


def register(event: Event, user: object, player: Player, rating: int | None = None) -> Registration:
    require_manager(event, user)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.status == Event.Status.FINISHED:
            raise ServiceError("the event is finished: no more registrations")
        if event.status == Event.Status.RUNNING and event.is_round_robin:
            raise ServiceError("a round robin cannot take players after it has started")
        if Registration.objects.filter(event=event, player=player).exists():
            raise ServiceError(f"{player} is already registered")
        return Registration.objects.create(
            event=event, player=player, rating=player.rating if rating is None else rating
        )


def register_by_name(event: Event, user: object, name: str, rating: int | None = None) -> Registration:
    """Register an existing player (matched by display name or handle) or create a new one."""
    require_manager(event, user)
    name = name.strip()
    if not name:
        raise ServiceError("a player needs a name")
    with transaction.atomic():
        player = (
            Player.objects.filter(handle=name).first()
            or Player.objects.filter(display_name__iexact=name).order_by("pk").first()
        )
        if player is None:
            player = Player.objects.create(
                display_name=name, handle=unique_handle(name), rating=rating if rating is not None else 1500
            )
        return register(event, user, player, rating)


def register_list(event: Event, user: object, text: str) -> list[Registration]:
    """Register every player of a pasted list, all or nothing."""
    require_manager(event, user)
    entries = parse_player_list(text)
    with transaction.atomic():
        registrations = []
        for entry in entries:
            try:
                registrations.append(register_by_name(event, user, entry.name, entry.rating))
            except ServiceError as exc:
                raise ServiceError(f"line {entry.line} ({entry.name}): {exc}") from exc
        return registrations


def withdraw(registration: Registration, user: object, from_round: int | None = None) -> Registration:
    """Withdraw a player from the next round on (or from ``from_round``); played rounds stay."""
    event = registration.event
    require_manager(event, user)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        registration = Registration.objects.select_for_update().get(pk=registration.pk)
        if registration.status == Registration.Status.WITHDRAWN:
            raise ServiceError(f"{registration.player} has already withdrawn")
        latest = event.current_round()
        next_round = (
            1 if latest is None else latest.number + (0 if latest.status == Round.Status.PENDING else 1)
        )
        first = from_round or next_round
        if first < next_round:
            raise ServiceError(f"round {first} is already paired: withdraw from round {next_round} or later")
        if event.status == Event.Status.CREATED:
            registration.delete()
            registration.status = Registration.Status.WITHDRAWN
            return registration
        registration.status = Registration.Status.WITHDRAWN
        registration.withdrawn_from_round = first
        registration.save(update_fields=["status", "withdrawn_from_round"])
        return registration


# --------------------------------------------------------------------------- the event's life


def initial_ranking(registrations: Iterable[Registration]) -> list[Registration]:
    """FIDE initial ranking: rating descending, then name."""
    return sorted(registrations, key=lambda r: (-r.rating, r.player.display_name.lower(), r.pk))


def start_event(event: Event, user: object, top_seed_colour: str | None = None) -> Round:
    """Freeze pairing numbers, derive the round count of round robins, and pair round 1."""
    require_manager(event, user)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.status != Event.Status.CREATED:
            raise ServiceError("the event has already started")
        registrations = list(event.registrations.select_related("player").filter(status="active"))
        if len(registrations) < 2:
            raise ServiceError("an event needs at least 2 registered players to start")
        if event.is_round_robin:
            cycles = 2 if event.pairing_system == Event.System.DOUBLE_ROUND_ROBIN else 1
            event.rounds = rounds_for(len(registrations), cycles)
        elif not event.rounds:
            raise ServiceError("set the number of rounds before starting a Swiss event")
        for number, registration in enumerate(initial_ranking(registrations), start=1):
            registration.pairing_number = number
            registration.save(update_fields=["pairing_number"])
        if top_seed_colour not in ("white", "black"):
            import random

            top_seed_colour = random.SystemRandom().choice(["white", "black"])
        event.top_seed_colour = event.top_seed_colour or top_seed_colour
        event.status = Event.Status.RUNNING
        event.save(update_fields=["rounds", "status", "top_seed_colour"])
        return _create_round(event, 1)


def pair_next_round(event: Event, user: object) -> Round:
    """Create the next round and pair it (in a Celery task, eagerly in the embedded setup)."""
    require_manager(event, user)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.status != Event.Status.RUNNING:
            raise ServiceError("the event is not running")
        latest = event.current_round()
        if latest is not None and latest.status != Round.Status.CLOSED:
            raise ServiceError(f"round {latest.number} is not closed yet")
        number = 1 if latest is None else latest.number + 1
        if event.rounds and number > event.rounds:
            raise ServiceError(f"all {event.rounds} rounds have been played: finish the event")
        return _create_round(event, number)


def _create_round(event: Event, number: int) -> Round:
    from tournaments.tasks import pair_round_task

    try:
        with transaction.atomic():
            round_ = Round.objects.create(event=event, number=number)
    except IntegrityError as exc:
        raise ServiceError(f"round {number} already exists") from exc
    pair_round_task.delay_on_commit(round_.pk)
    return round_


def retry_pairing(round_: Round, user: object) -> Round:
    require_manager(round_.event, user)
    from tournaments.tasks import pair_round_task

    with transaction.atomic():
        round_ = Round.objects.select_for_update().get(pk=round_.pk)
        if round_.status != Round.Status.PENDING:
            raise ServiceError(f"round {round_.number} is already paired")
        round_.pairing_error = ""
        round_.pairing_progress = 0
        round_.save(update_fields=["pairing_error", "pairing_progress"])
    pair_round_task.delay_on_commit(round_.pk)
    return round_


def build_state(event: Event, round_number: int) -> EventState:
    """The event as the pairing engines see it before ``round_number`` is paired."""
    points = points_of(event)
    registrations = list(event.registrations.select_related("player").exclude(pairing_number=None))
    by_id = {registration.pk: registration for registration in registrations}
    histories: dict[int, dict[int, RoundEntry]] = {r.pk: {} for r in registrations}
    totals = {r.pk: 0 for r in registrations}
    pairings = Pairing.objects.filter(round__event=event, round__number__lt=round_number).select_related(
        "round"
    )
    for pairing in pairings:
        rnd = pairing.round.number
        if pairing.black_id is None:
            letter = {BYE_PAIRING_ALLOCATED: "U", BYE_HALF: "H", BYE_FULL: "F", BYE_ZERO: "Z"}[pairing.bye]
            histories[pairing.white_id][rnd] = RoundEntry(None, None, letter)
            totals[pairing.white_id] += pairing.white_score or 0
            continue
        codes = pairing.result_codes
        white_score, black_score = (pairing.white_score or 0), (pairing.black_score or 0)
        totals[pairing.white_id] += white_score
        totals[pairing.black_id] += black_score
        forfeit = any(code in FORFEITS for code in codes)
        for me, other, colour, mine, theirs in (
            (pairing.white_id, pairing.black_id, "w", white_score, black_score),
            (pairing.black_id, pairing.white_id, "b", black_score, white_score),
        ):
            if forfeit:
                letter = "+" if mine > theirs else "-"
            else:
                letter = "1" if mine > theirs else "0" if mine < theirs else "="
            histories[me][rnd] = RoundEntry(by_id[other].pairing_number, colour, letter)
    players = []
    for registration in sorted(registrations, key=lambda r: r.pairing_number or 0):
        history = [
            histories[registration.pk].get(rnd, RoundEntry(None, None, "Z")) for rnd in range(1, round_number)
        ]
        players.append(
            PlayerState(
                number=registration.pairing_number or 0,
                name=registration.player.display_name,
                rating=registration.rating,
                points=totals[registration.pk],
                history=history,
                available=registration.is_active_in(round_number),
            )
        )
    from tournaments.swiss import apply_bye_requests

    apply_bye_requests(event, round_number, players)
    forbidden = [
        (pair.first.pairing_number or 0, pair.second.pairing_number or 0)
        for pair in event.forbidden_pairs.select_related("first", "second")
        if pair.first.pairing_number and pair.second.pairing_number
    ]
    return EventState(
        system=event.pairing_system,
        players=players,
        round_to_pair=round_number,
        total_rounds=event.rounds or 0,
        top_seed_colour=event.top_seed_colour or "white",
        forbidden_pairs=forbidden,
        win_points=points.win,
        draw_points=points.draw,
        loss_points=points.loss,
        bye_points=event.bye_points,
    )


def pair_round_now(round_id: int) -> Round:
    """Pair a pending round. Idempotent: a round already paired is left as it is."""
    # Progress is written outside the pairing transaction so pages can show it meanwhile.
    Round.objects.filter(pk=round_id, status=Round.Status.PENDING).update(
        pairing_progress=10, pairing_error=""
    )
    with transaction.atomic():
        round_ = Round.objects.select_for_update().select_related("event").get(pk=round_id)
        if round_.status != Round.Status.PENDING:
            return round_
        event = round_.event
        try:
            with transaction.atomic():  # a savepoint: a failure stores no pairing at all
                paired = pair_round(build_state(event, round_.number))
                save_pairings(round_, paired.pairs, paired.byes)
        except PairingError as exc:
            return _pairing_failed(round_, str(exc))
        except SoftTimeLimitExceeded:
            limit = settings.PAIRING_TIME_LIMIT
            return _pairing_failed(
                round_, f"the pairing took longer than {limit} seconds and was stopped; retry it"
            )
        except Exception as exc:  # never a stuck round: the error is shown on the round page
            logger.exception("pairing round %s of %s failed", round_.number, event.slug)
            return _pairing_failed(round_, f"the pairing failed unexpectedly ({type(exc).__name__}: {exc})")
        round_.status = Round.Status.PAIRED
        round_.paired_at = timezone.now()
        round_.pairing_error = ""
        round_.pairing_progress = 100
        round_.save(update_fields=["status", "paired_at", "pairing_error", "pairing_progress"])
        return round_


def _pairing_failed(round_: Round, message: str) -> Round:
    round_.pairing_progress = 0
    round_.pairing_error = message
    round_.save(update_fields=["pairing_error", "pairing_progress"])
    return round_


def save_pairings(round_: Round, pairs: list[tuple[int, int]], byes: list[tuple[int, str]]) -> None:
    """Store boards in order, then byes; games against withdrawn players become forfeits."""
    event = round_.event
    numbers = {r.pairing_number: r for r in event.registrations.exclude(pairing_number=None)}
    points = points_of(event)
    board = 0
    for white_number, black_number in pairs:
        board += 1
        white, black = numbers[white_number], numbers[black_number]
        pairing = Pairing(round=round_, board=board, white=white, black=black)
        white_in, black_in = white.is_active_in(round_.number), black.is_active_in(round_.number)
        if not (white_in and black_in):
            code = "+/-" if white_in else "-/+" if black_in else "-/-"
            codes = [code] * event.games_per_pairing
            if event.games_per_pairing == 2 and code != "-/-":
                codes[1] = "-/+" if code == "+/-" else "+/-"
            pairing.results = " ".join(codes)
            pairing.white_score, pairing.black_score = points.pairing_scores(codes)
            pairing.source = Pairing.Source.FORFEIT
        pairing.save()
    for number, kind in byes:
        board += 1
        score = bye_points(event, kind)
        Pairing.objects.create(
            round=round_,
            board=board,
            white=numbers[number],
            bye=kind,
            white_score=score * event.games_per_pairing if kind != BYE_ZERO else 0,
            source=Pairing.Source.BYE,
        )


def record_result(
    pairing: Pairing, user: object, result: str | list[str], source: object = "reported"
) -> Pairing:
    """Enter or correct the result of a pairing (refused once its round is closed)."""
    require_manager(pairing.round.event, user)
    return apply_result(pairing, result, source)


def apply_result(pairing: Pairing, result: str | list[str], source: object) -> Pairing:
    """Store a pairing's result without a permission check (callers check: views, verified records)."""
    with transaction.atomic():
        pairing = (
            Pairing.objects.select_for_update().select_related("round", "round__event").get(pk=pairing.pk)
        )
        event = pairing.round.event
        if pairing.round.status == Round.Status.CLOSED:
            raise ServiceError(f"round {pairing.round.number} is closed: results can no longer change")
        if pairing.is_bye:
            raise ServiceError("a bye has no result to enter")
        try:
            codes = normalise_codes(result, event.games_per_pairing)
        except ResultError as exc:
            raise ServiceError(str(exc)) from exc
        pairing.results = " ".join(codes)
        pairing.white_score, pairing.black_score = points_of(event).pairing_scores(codes)
        pairing.source = Pairing.Source.FORFEIT if any(code in FORFEITS for code in codes) else source
        pairing.save(update_fields=["results", "white_score", "black_score", "source", "updated_at"])
        return pairing


def missing_results(round_: Round) -> list[Pairing]:
    return list(round_.pairings.filter(white_score=None).select_related("white__player", "black__player"))


def close_round(round_: Round, user: object) -> Round:
    """Close a paired round once every result is in; refuses with the boards still missing."""
    require_manager(round_.event, user)
    with transaction.atomic():
        round_ = Round.objects.select_for_update().select_related("event").get(pk=round_.pk)
        if round_.status == Round.Status.CLOSED:
            raise ServiceError(f"round {round_.number} is already closed")
        if round_.status != Round.Status.PAIRED:
            raise ServiceError(f"round {round_.number} is not paired yet")
        missing = missing_results(round_)
        if missing:
            boards = ", ".join(f"board {p.board} ({p})" for p in missing)
            raise ServiceError(f"results missing on {boards}")
        round_.status = Round.Status.CLOSED
        round_.closed_at = timezone.now()
        round_.save(update_fields=["status", "closed_at"])
    from tournaments.tasks import update_standings_task

    update_standings_task.delay_on_commit(round_.event_id)
    return round_


def finish_event(event: Event, user: object) -> Event:
    require_manager(event, user)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.status != Event.Status.RUNNING:
            raise ServiceError("only a running event can be finished")
        latest = event.current_round()
        if latest is None or latest.status != Round.Status.CLOSED:
            raise ServiceError("close the last round before finishing the event")
        if event.rounds and latest.number < event.rounds:
            raise ServiceError(f"only {latest.number} of {event.rounds} rounds have been played")
        event.status = Event.Status.FINISHED
        event.save(update_fields=["status"])
    return event


def update_event_settings(event: Event, user: object, fields: dict[str, object]) -> Event:
    """Change the settings of an event that has not started."""
    require_manager(event, user)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.status != Event.Status.CREATED:
            raise ServiceError("the event has started: its settings can no longer change")
        if not fields.get("tie_breaks"):
            from tournaments.standings import default_tie_breaks

            fields["tie_breaks"] = default_tie_breaks(str(fields["pairing_system"]))
        for name, value in fields.items():
            setattr(event, name, value)
        event.save(update_fields=list(fields))
        return event


def create_event(user: object, **fields: object) -> Event:
    """Create an event with ``user`` as its organiser; the slug is derived when not given."""
    if not getattr(user, "is_authenticated", False):
        raise PermissionDenied("sign in to create an event")
    with transaction.atomic():
        name = str(fields.get("name", "")).strip()
        if not name:
            raise ServiceError("an event needs a name")
        slug = str(fields.pop("slug", "") or "") or slugify(name)[:70] or "event"
        base, counter = slug, 2
        while Event.objects.filter(slug=slug).exists():
            slug, counter = f"{base}-{counter}", counter + 1
        if not fields.get("tie_breaks"):
            from tournaments.standings import default_tie_breaks

            fields["tie_breaks"] = default_tie_breaks(str(fields.get("pairing_system", "round-robin")))
        event = Event.objects.create(slug=slug, **fields)
        event.organisers.add(user)  # type: ignore[arg-type]
        return event


# --------------------------------------------------------------------------- standings


def round_scores(event: Event, up_to_round: int | None = None) -> list:
    """Every registration's score in every closed-or-paired round, for the standings."""
    from tournaments.standings import RoundScore

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


def standings(event: Event, after_round: int | None = None) -> list:
    """Live standings (not stored) as StandingRow objects keyed by registration id."""
    from tournaments.standings import compute_standings

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
    """(lines, after_round, live): stored standings after the last closed round, or live ones.

    The page and the API both show these.
    """
    closed = event.round_set.filter(status=Round.Status.CLOSED).order_by("-number").first()
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
    rows = standings(event)
    lines = [
        StandingLine(
            row.rank,
            registrations[row.player],
            row.points,
            row.games,
            [(code, row.tie_breaks.get(code)) for code in codes],
        )
        for row in rows
    ]
    return lines, (closed.number if closed else None), True


def store_standings(event_id: int) -> int:
    """Recompute and store the standings after the last closed round. Idempotent."""

    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event_id)
        closed = event.round_set.filter(status=Round.Status.CLOSED).order_by("-number").first()
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


# --------------------------------------------------------------------------- ratings


def rate_closed_rounds(event_id: int) -> int:
    """Apply the rating changes of every closed round not rated yet, in order. Idempotent."""
    from tournaments.models import Player, RatingChange
    from tournaments.ratings import RatedGame, rate_round
    from tournaments.results import BLACK_WIN, DRAW, WHITE_WIN

    rated = 0
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event_id)
        for round_ in event.round_set.filter(status=Round.Status.CLOSED).order_by("number"):
            if round_.rating_changes.exists():
                continue
            games: list[RatedGame] = []
            for pairing in round_.pairings.exclude(black=None).select_related("white", "black"):
                first, second = pairing.white.player_id, pairing.black.player_id  # type: ignore[union-attr]
                for index, code in enumerate(pairing.result_codes):
                    if code not in (WHITE_WIN, BLACK_WIN, DRAW):
                        continue
                    white, black = (first, second) if index % 2 == 0 else (second, first)
                    games.append(RatedGame(white, black, {WHITE_WIN: 1.0, DRAW: 0.5, BLACK_WIN: 0.0}[code]))
            players = {
                p.pk: p
                for p in Player.objects.select_for_update().filter(
                    pk__in={g.white for g in games} | {g.black for g in games}
                )
            }
            new = rate_round({pk: p.rating for pk, p in players.items()}, games)
            for pk, rating in new.items():
                player = players[pk]
                count = sum(1 for g in games if pk in (g.white, g.black))
                RatingChange.objects.create(
                    player=player, round=round_, before=player.rating, after=rating, games=count
                )
                player.rating = rating
                player.rated_games += count
                player.save(update_fields=["rating", "rated_games"])
            rated += 1
    return rated


# --------------------------------------------------------------------------- officials

OFFICIAL_ROLES = ("organiser", "arbiter")


def _role_set(event: Event, role: str):  # type: ignore[no-untyped-def]
    if role not in OFFICIAL_ROLES:
        raise ServiceError(f"unknown role '{role}' (organiser or arbiter)")
    return event.organisers if role == "organiser" else event.arbiters


def require_organiser(event: Event, user: object) -> None:
    """Appointing officials is for the event's organisers (and superusers), not its arbiters."""
    if getattr(user, "is_superuser", False):
        return
    if not (getattr(user, "is_authenticated", False) and event.organisers.filter(pk=user.pk).exists()):  # type: ignore[attr-defined]
        raise PermissionDenied("only the event's organisers may appoint or remove officials")


def add_official(event: Event, user: object, username: str, role: str) -> object:
    """Make the account ``username`` an organiser or an arbiter of the event."""
    from django.contrib.auth import get_user_model

    require_organiser(event, user)
    members = _role_set(event, role)
    account = get_user_model().objects.filter(username__iexact=username.strip()).first()
    if account is None:
        raise ServiceError(f"there is no account '{username.strip()}'")
    with transaction.atomic():
        Event.objects.select_for_update().get(pk=event.pk)
        if members.filter(pk=account.pk).exists():
            raise ServiceError(f"{account.get_username()} is already an {role} of this event")
        members.add(account)
    return account


def remove_official(event: Event, user: object, username: str, role: str) -> None:
    """Take an organiser or arbiter off the event; the last organiser stays."""
    require_organiser(event, user)
    members = _role_set(event, role)
    with transaction.atomic():
        Event.objects.select_for_update().get(pk=event.pk)
        account = members.filter(username=username).first()
        if account is None:
            raise ServiceError(f"{username} is not an {role} of this event")
        if role == "organiser" and members.count() == 1:
            raise ServiceError("an event keeps at least one organiser")
        members.remove(account)
