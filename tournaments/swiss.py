"""Swiss-specific writes: requested byes, late entries, forbidden pairs, hand edits and publication.

Same conventions as :mod:`tournaments.services`: each function is one transaction, checks the
user's rights, and raises :class:`~tournaments.services.ServiceError` with a message for the user.
The pairing itself stays in ``services.pair_round_now``; :func:`apply_bye_requests` is the hook
``services.build_state`` calls so requested byes reach the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction

from tournaments.models import (
    ByeRequest,
    Event,
    ForbiddenPair,
    Pairing,
    PairingAudit,
    Player,
    Registration,
    Round,
    RoundPublication,
    SwissSettings,
)
from tournaments.pairing.state import (
    BYE_FULL,
    BYE_HALF,
    BYE_PAIRING_ALLOCATED,
    BYE_ZERO,
    EventState,
    PlayerState,
)
from tournaments.services import (
    ServiceError,
    build_state,
    initial_ranking,
    register,
    register_by_name,
    require_manager,
    save_pairings,
)

LETTER_OF_KIND = {BYE_HALF: "H", BYE_FULL: "F", BYE_ZERO: "Z"}
BYE_KINDS = (BYE_PAIRING_ALLOCATED, BYE_HALF, BYE_FULL, BYE_ZERO)
# Before this round is paired, a late entrant is ranked among the others by rating; afterwards
# he gets the next free number (see docs/pairing.md).
RENUMBER_BEFORE_ROUND = 4


def settings_of(event: Event) -> SwissSettings:
    """The event's Swiss settings (unsaved defaults when the organiser never set them)."""
    try:
        return event.swiss_settings
    except SwissSettings.DoesNotExist:
        return SwissSettings(event=event)


def update_settings(
    event: Event,
    user: object,
    *,
    max_half_byes: int | None = None,
    half_bye_refused_rounds: list[int] | None = None,
    late_entry_bye: str | None = None,
    bye_points: int | None = None,
) -> SwissSettings:
    require_manager(event, user)
    with transaction.atomic():
        settings, _ = SwissSettings.objects.get_or_create(event=event)
        if max_half_byes is not None:
            if max_half_byes < 0:
                raise ServiceError("the number of half-point byes cannot be negative")
            settings.max_half_byes = max_half_byes
        if half_bye_refused_rounds is not None:
            rounds = sorted({int(n) for n in half_bye_refused_rounds})
            if any(n < 1 or (event.rounds and n > event.rounds) for n in rounds):
                raise ServiceError(f"refused rounds must be between 1 and {event.rounds or 'the last round'}")
            settings.half_bye_refused_rounds = rounds
        if late_entry_bye is not None:
            if late_entry_bye not in SwissSettings.LateEntryBye.values:
                raise ServiceError("late entrants score zero-point or half-point byes for missed rounds")
            settings.late_entry_bye = late_entry_bye
        settings.save()
        if bye_points is not None:
            if bye_points not in (0, event.draw_points, event.win_points):
                raise ServiceError("the pairing-allocated bye is worth a loss, a draw or a win")
            Event.objects.filter(pk=event.pk).update(bye_points=bye_points)
            event.bye_points = bye_points
        return settings


# --------------------------------------------------------------------------- byes


def apply_bye_requests(event: Event, round_number: int, players: list[PlayerState]) -> None:
    """Mark players with a requested bye in ``round_number`` as unavailable, with its letter."""
    requests = {
        request.registration.pairing_number: request.kind
        for request in ByeRequest.objects.filter(
            registration__event=event, round_number=round_number
        ).select_related("registration")
    }
    for player in players:
        kind = requests.get(player.number)
        if kind is not None and player.available:
            player.available = False
            player.absent_code = LETTER_OF_KIND[kind]


def _next_unpaired_round(event: Event) -> int:
    latest = event.current_round()
    if latest is None:
        return 1
    return latest.number + (0 if latest.status == Round.Status.PENDING else 1)


def half_byes_taken(registration: Registration) -> int:
    stored = Pairing.objects.filter(white=registration, bye=Pairing.Bye.HALF).count()
    requested = ByeRequest.objects.filter(registration=registration, kind=ByeRequest.Kind.HALF)
    paired_rounds = set(
        Round.objects.filter(event=registration.event)
        .exclude(status=Round.Status.PENDING)
        .values_list("number", flat=True)
    )
    return stored + sum(1 for r in requested if r.round_number not in paired_rounds)


def request_bye(
    registration: Registration, user: object, round_number: int, kind: str = BYE_HALF
) -> ByeRequest:
    """Record that a player will not play ``round_number``: a half-point, full-point or zero-point bye.

    Half-point byes follow the organiser's rules (how many per player, rounds where they are
    refused); a zero-point bye (known absence) is always accepted; a full-point bye is the
    organiser's decision.
    """
    event = registration.event
    require_manager(event, user)
    if kind not in (BYE_HALF, BYE_FULL, BYE_ZERO):
        raise ServiceError(f"'{kind}' is not a bye a player can ask for (half, full or zero)")
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        registration = Registration.objects.select_related("player").get(pk=registration.pk)
        if event.pairing_system != Event.System.SWISS_DUTCH:
            raise ServiceError("requested byes exist only in Swiss events")
        if event.status == Event.Status.FINISHED:
            raise ServiceError("the event is finished")
        if event.rounds and not 1 <= round_number <= event.rounds:
            raise ServiceError(f"round {round_number} does not exist: the event has {event.rounds} rounds")
        if round_number < _next_unpaired_round(event):
            raise ServiceError(f"round {round_number} is already paired")
        if not registration.is_active_in(round_number):
            raise ServiceError(f"{registration.player} has withdrawn")
        if ByeRequest.objects.filter(registration=registration, round_number=round_number).exists():
            raise ServiceError(f"{registration.player} already has a bye in round {round_number}")
        if kind == BYE_HALF:
            settings = settings_of(event)
            if round_number in (settings.half_bye_refused_rounds or []):
                raise ServiceError(f"half-point byes are not given in round {round_number}")
            if half_byes_taken(registration) >= settings.max_half_byes:
                raise ServiceError(
                    f"{registration.player} has already had the {settings.max_half_byes} half-point "
                    f"bye{'s' if settings.max_half_byes != 1 else ''} the event allows"
                )
        return ByeRequest.objects.create(
            registration=registration,
            round_number=round_number,
            kind=kind,
            created_by=user if getattr(user, "is_authenticated", False) else None,
        )


def cancel_bye(request: ByeRequest, user: object) -> None:
    event = request.registration.event
    require_manager(event, user)
    with transaction.atomic():
        if request.round_number < _next_unpaired_round(event):
            raise ServiceError(f"round {request.round_number} is already paired: the bye stays")
        request.delete()


# --------------------------------------------------------------------------- late entries


def add_late_entry(
    event: Event, user: object, player: Player | str, rating: int | None = None
) -> Registration:
    """Register a player in a running Swiss event.

    Missed rounds (every round already paired) become byes of the organiser's late-entry kind
    (zero or half points). Before round 4 is paired the pairing numbers are recomputed from the
    initial ranking (rating, then name) so the newcomer takes his place; later he gets the next
    free number.
    """
    require_manager(event, user)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.pairing_system != Event.System.SWISS_DUTCH:
            raise ServiceError("late entries are for Swiss events; a round robin cannot take players")
        if event.status != Event.Status.RUNNING:
            raise ServiceError("the event is not running: register the player normally")
        if isinstance(player, str):
            registration = register_by_name(event, user, player, rating)
        else:
            registration = register(event, user, player, rating)
        missed = list(
            Round.objects.filter(event=event).exclude(status=Round.Status.PENDING).order_by("number")
        )
        next_round = _next_unpaired_round(event)
        if next_round < RENUMBER_BEFORE_ROUND:
            active = list(event.registrations.select_related("player").exclude(pairing_number=None))
            ranked = initial_ranking([*active, registration])
            event.registrations.update(pairing_number=None)
            for number, entry in enumerate(ranked, start=1):
                Registration.objects.filter(pk=entry.pk).update(pairing_number=number)
        else:
            highest = max(
                event.registrations.exclude(pairing_number=None).values_list("pairing_number", flat=True)
            )
            Registration.objects.filter(pk=registration.pk).update(pairing_number=highest + 1)
        registration.refresh_from_db()
        kind = settings_of(event).late_entry_bye
        for round_ in missed:
            board = (round_.pairings.order_by("-board").values_list("board", flat=True).first() or 0) + 1
            Pairing.objects.create(
                round=round_,
                board=board,
                white=registration,
                bye=kind,
                white_score=(event.draw_points if kind == BYE_HALF else 0) * event.games_per_pairing,
                source=Pairing.Source.BYE,
            )
        return registration


# --------------------------------------------------------------------------- forbidden pairs


def add_forbidden_pair(
    event: Event, user: object, first: Registration, second: Registration, reason: str = ""
) -> ForbiddenPair:
    require_manager(event, user)
    if first.pk == second.pk:
        raise ServiceError("a forbidden pair needs two different players")
    if first.event_id != event.pk or second.event_id != event.pk:
        raise ServiceError("both players must be registered in this event")
    with transaction.atomic():
        exists = ForbiddenPair.objects.filter(event=event, first=first, second=second).exists() or (
            ForbiddenPair.objects.filter(event=event, first=second, second=first).exists()
        )
        if exists:
            raise ServiceError(f"{first.player} and {second.player} are already a forbidden pair")
        return ForbiddenPair.objects.create(event=event, first=first, second=second, reason=reason[:120])


def remove_forbidden_pair(pair: ForbiddenPair, user: object) -> None:
    require_manager(pair.event, user)
    pair.delete()


# --------------------------------------------------------------------------- hand edits


@dataclass
class EditCheck:
    """What a proposed set of boards breaks. ``blocking`` problems make it impossible to store."""

    violations: list[str] = field(default_factory=list)
    blocking: list[str] = field(default_factory=list)


def _colours(player: PlayerState) -> list[str]:
    return [entry.colour or "" for entry in player.history if entry.played]


def check_pairings(state: EventState, pairs: list[tuple[int, int]], byes: list[tuple[int, str]]) -> EditCheck:
    """List the pairing rules that boards ``pairs`` + ``byes`` break for the round in ``state``. Pure."""
    check = EditCheck()
    known = {player.number for player in state.players}
    seen: dict[int, int] = {}
    for number in [n for pair in pairs for n in pair] + [n for n, _ in byes]:
        seen[number] = seen.get(number, 0) + 1
    for number, count in sorted(seen.items()):
        if number not in known:
            check.blocking.append(f"player {number} is not in the event")
        elif count > 1:
            check.blocking.append(f"player {number} appears {count} times")
    for _number, kind in byes:
        if kind not in BYE_KINDS:
            check.blocking.append(f"'{kind}' is not a bye kind")
    for white, black in pairs:
        if white == black:
            check.blocking.append(f"player {white} is paired with himself")
    if check.blocking:
        return check
    for player in state.players:
        if player.number not in seen and (player.available or player.absent_code):
            check.violations.append(f"player {player.number} ({player.name}) is missing")
        if player.number in seen and not player.available and not player.absent_code:
            check.violations.append(f"player {player.number} ({player.name}) has withdrawn but is paired")
    met = {
        (min(p.number, e.opponent), max(p.number, e.opponent))
        for p in state.players
        for e in p.history
        if e.played and e.opponent is not None
    }
    forbidden = {(min(a, b), max(a, b)) for a, b in state.forbidden_pairs}
    for white, black in pairs:
        key = (min(white, black), max(white, black))
        if key in met:
            check.violations.append(f"{white} - {black}: rematch, they have already played each other")
        if key in forbidden:
            check.violations.append(f"{white} - {black}: a forbidden pair")
        for number, colour in ((white, "w"), (black, "b")):
            colours = _colours(state.player(number)) + [colour]
            name = "white" if colour == "w" else "black"
            if len(colours) >= 3 and colours[-1] == colours[-2] == colours[-3]:
                check.violations.append(f"{number} gets {name} a third time in a row")
            difference = colours.count("w") - colours.count("b")
            if abs(difference) > 2:
                check.violations.append(f"{number} would have a colour difference of {difference:+d}")
    pabs = [number for number, kind in byes if kind == BYE_PAIRING_ALLOCATED]
    if len(pabs) > 1:
        check.violations.append(f"more than one pairing-allocated bye ({', '.join(map(str, pabs))})")
    for number in pabs:
        history = state.player(number).history
        if any(e.opponent is None and e.code in ("U", "F") or e.code == "+" for e in history):
            check.violations.append(
                f"{number} gets a pairing-allocated bye but already had a bye or a win without play"
            )
    for number, kind in byes:
        player = state.player(number)
        if kind != BYE_PAIRING_ALLOCATED and LETTER_OF_KIND.get(kind) != player.absent_code:
            check.violations.append(f"{number} gets a {kind} bye nobody asked for")
    return check


def round_boards(round_: Round) -> dict:
    """The round's boards as ``{"pairs": [[white, black], ...], "byes": [[number, kind], ...]}``."""
    pairs, byes = [], []
    for pairing in round_.pairings.select_related("white", "black").order_by("board"):
        if pairing.black_id is None:
            byes.append([pairing.white.pairing_number, pairing.bye])
        else:
            pairs.append([pairing.white.pairing_number, pairing.black.pairing_number])  # type: ignore[union-attr]
    return {"pairs": pairs, "byes": byes}


def is_published(round_: Round) -> bool:
    return RoundPublication.objects.filter(round=round_).exists()


def preview_edit(round_: Round, pairs: list[tuple[int, int]], byes: list[tuple[int, str]]) -> EditCheck:
    """The rules an edit would break, without storing anything."""
    return check_pairings(build_state(round_.event, round_.number), pairs, byes)


def edit_pairings(
    round_: Round,
    user: object,
    pairs: list[tuple[int, int]],
    byes: list[tuple[int, str]],
    reason: str = "",
) -> PairingAudit:
    """Replace the boards of a paired, unpublished round by hand; keep an audit record.

    Rule breaches (rematch, forbidden pair, colours, second bye, missing player) are allowed —
    the arbiter decides — and listed in the audit; boards that cannot be stored (a player twice,
    unknown players) are refused.
    """
    require_manager(round_.event, user)
    with transaction.atomic():
        round_ = Round.objects.select_for_update().select_related("event").get(pk=round_.pk)
        if round_.status != Round.Status.PAIRED:
            raise ServiceError(f"round {round_.number} is not paired, or already closed: it cannot be edited")
        if is_published(round_):
            raise ServiceError(f"round {round_.number} is published: its pairings can no longer change")
        if (
            round_.pairings.exclude(white_score=None)
            .exclude(black=None)
            .exclude(source=Pairing.Source.FORFEIT)
            .exists()
        ):
            raise ServiceError(f"results have been entered in round {round_.number}: it cannot be re-paired")
        pairs = [(int(w), int(b)) for w, b in pairs]
        byes = [(int(n), str(kind)) for n, kind in byes]
        check = check_pairings(build_state(round_.event, round_.number), pairs, byes)
        if check.blocking:
            raise ServiceError("the pairings cannot be stored: " + "; ".join(check.blocking))
        before = round_boards(round_)
        round_.pairings.all().delete()
        save_pairings(round_, pairs, byes)
        return PairingAudit.objects.create(
            round=round_,
            user=user if getattr(user, "is_authenticated", False) else None,
            before=before,
            after=round_boards(round_),
            violations=check.violations,
            reason=reason[:200],
        )


def publish_round(round_: Round, user: object) -> RoundPublication:
    """Make a paired round's pairings public; hand edits are refused from then on."""
    require_manager(round_.event, user)
    with transaction.atomic():
        round_ = Round.objects.select_for_update().get(pk=round_.pk)
        if round_.status == Round.Status.PENDING:
            raise ServiceError(f"round {round_.number} is not paired yet")
        publication, created = RoundPublication.objects.get_or_create(
            round=round_,
            defaults={"published_by": user if getattr(user, "is_authenticated", False) else None},
        )
        if not created:
            raise ServiceError(f"round {round_.number} is already published")
        return publication
