"""TRF files in and out of the database: export a stored event, import a file as a new event.

:func:`import_event` is all or nothing; every problem with the file is a
:class:`~tournaments.trf.format.TrfError` naming the line and the reason. :func:`trf_download` is
the one download of an event's file, served by the event's page and the API.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.errors import Conflict
from accounts.models import Player
from games.choices import default_game
from tournaments.core.codes import (
    BYE_LETTERS,
    BYE_OF_LETTER,
    CODE_OF_LETTERS,
    FORFEITS,
    GAME_LETTERS,
    first_named_is_white,
)
from tournaments.core.errors import TrfError
from tournaments.core.systems import SWISS_DUTCH
from tournaments.events.services import create_event
from tournaments.models import ByeRequest, Event, ForbiddenPair, Pairing, Registration, Round
from tournaments.ratings.families import family_of
from tournaments.registration.matching import AmbiguousPlayer, find_player, parse_fide_id
from tournaments.registration.services import unique_handle
from tournaments.standings.services import standing_lines
from tournaments.trf.format import (
    TrfDocument,
    TrfPlayer,
    TrfPoints,
    TrfRound,
    outline_of,
    parse_trf,
    write_trf,
)


def export_event(event: Event, user: object = None) -> TrfDocument:
    """The stored event as a TRF document (2-game matches: one TRF round per game).

    Given a ``user`` (a request's), draft rounds are written only when he may manage the event;
    without one (internal callers) everything is.
    """
    games = event.games_per_pairing
    registrations = list(event.registrations.select_related("player").exclude(pairing_number=None))
    number_of = {r.pk: r.pairing_number for r in registrations}
    players = {
        r.pk: TrfPlayer(
            number=r.pairing_number,
            name=r.player.display_name,
            rating=max(r.rating or 0, 0),  # unrated: blank
            federation=r.player.country[:3],
        )
        for r in registrations
    }
    pairings = Pairing.objects.filter(round__event=event).select_related("round")
    if user is not None:
        pairings = pairings.visible_to(user)
    last = 0
    for pairing in pairings:
        first_round = (pairing.round.number - 1) * games + 1
        last = max(last, pairing.round.number)
        white = players.get(pairing.white_id)
        if white is None:
            continue
        if pairing.black_id is None:
            for offset in range(games):
                white.rounds[first_round + offset] = TrfRound(None, None, BYE_LETTERS[pairing.bye])
            continue
        black = players[pairing.black_id]
        codes = pairing.result_codes or [""] * games
        for offset, code in enumerate(codes[:games]):
            w, b = (white, black) if first_named_is_white(offset) else (black, white)
            letters = GAME_LETTERS.get(code, ("", ""))
            w.rounds[first_round + offset] = TrfRound(b.number, "w", letters[0])
            b.rounds[first_round + offset] = TrfRound(w.number, "b", letters[1])
    # Byes requested for the round still to be paired: the TRF in-tournament convention.
    pending = last + 1
    if not event.round_set.filter(number=pending).exclude(status="pending").exists():
        requests = ByeRequest.objects.filter(registration__event=event, round_number=pending)
        for request in requests:
            player = players.get(request.registration_id)
            if player is not None and games == 1:
                player.rounds[pending] = TrfRound(None, None, BYE_LETTERS[request.kind])
    point_system = event.point_system
    trf_points = TrfPoints(
        win=point_system.win, draw=point_system.draw, loss=point_system.loss, absent=0, pab=point_system.pab
    )
    for player in players.values():
        player.points = sum(trf_points.of(entry) for entry in player.rounds.values())
    _rank_by_standings(event, players)
    forbidden = [
        (number_of[pair.first_id], number_of[pair.second_id])
        for pair in event.forbidden_pairs.all()
        if pair.first_id in number_of and pair.second_id in number_of
    ]
    return TrfDocument(
        name=event.name,
        city=event.location,
        start_date=event.start_date.strftime("%Y/%m/%d") if event.start_date else "",
        kind=event.get_pairing_system_display(),
        total_rounds=(event.rounds or 0) * games or None,
        top_seed_colour=event.top_seed_colour or None,
        points=trf_points,
        forbidden_pairs=forbidden,
        players=sorted(players.values(), key=lambda p: p.number),
        tie_breaks=list(event.tie_breaks),
    )


def _rank_by_standings(event: Event, players: dict[int, TrfPlayer]) -> None:
    """Record 001's rank: the event's standings (stored after the last closed round, live before),
    tie-breaks included; a player the standings do not hold ranks after them by points."""
    ranks = {line.registration.pk: line.rank for line in standing_lines(event)[0]}
    for registration_id, player in players.items():
        player.rank = ranks.get(registration_id, 0)
    last = max(ranks.values(), default=0)
    unranked = sorted((p for p in players.values() if not p.rank), key=lambda p: (-p.points, p.number))
    for player in unranked:
        player.rank = last + 1 + sum(1 for other in unranked if other.points > player.points)


def export_event_text(event: Event, user: object = None) -> str:
    return write_trf(export_event(event, user))


class TrfExportConflict(Conflict):
    """The stored event cannot be written as a TRF file (the page and the API answer 409)."""


@dataclass(frozen=True)
class TrfDownload:
    filename: str
    text: str


def trf_download(event: Event, user: object = None) -> TrfDownload:
    """The event as a FIDE TRF-2026 download, for the page and the API alike (public, like the
    crosstable; a draft round only for the event's managers)."""
    try:
        text = export_event_text(event, user)
    except TrfError as exc:
        raise TrfExportConflict(
            _("This event cannot be exported as TRF: %(reason)s") % {"reason": exc}
        ) from exc
    return TrfDownload(f"{event.slug}.trf", text)


def import_event(
    text: str,
    user: object,
    *,
    game: str | None = None,
    total_rounds: int | None = None,
    slug: str | None = None,
    pairing_system: str = SWISS_DUTCH,
    choices: Mapping[int, str] | None = None,
) -> Event:
    """Store the TRF file ``text`` as a new running event; all or nothing. Raises TrfError.

    Rounds with games become closed rounds (or paired ones while a game has no result yet);
    when the file ends with a round holding only H/F/Z entries (the in-tournament convention for
    the round about to be paired), those become bye requests for that round.

    Each player of the file is matched with the stored players (registration/matching); where the
    name is ambiguous the organiser chooses: ``choices`` maps a pairing number to a handle or to
    ``"new"`` (a new player). ``game`` is the registry's first (:func:`games.choices.default_game`)
    when not given.
    """
    game = game or default_game()
    document = parse_trf(text)
    outline = outline_of(document, total_rounds)
    played, requested, rounds = outline.played, outline.requested, outline.rounds
    points = document.points
    with transaction.atomic():
        event = create_event(
            user,
            name=document.name or "Imported tournament",
            slug=slug or "",
            game=game,
            pairing_system=pairing_system,
            rounds=rounds,
            win_points=points.win,
            draw_points=points.draw,
            loss_points=points.loss,
            bye_points=points.pab,
            round_robin_bye_scored=points.pab > 0,
            location=document.city[:200],
            top_seed_colour=outline.top_seed_colour or "",
            start_date=_date(document.start_date),
        )
        registrations: dict[int, Registration] = {}
        meant: dict[int, int] = {}
        for player in sorted(document.players, key=lambda p: p.number):
            person = _stored_player(player, family_of(game), (choices or {}).get(player.number))
            if person.pk in meant:
                raise TrfError(
                    0,
                    f"players {meant[person.pk]} and {player.number} are both @{person.handle}: "
                    f"choose another player for one of them",
                )
            meant[person.pk] = player.number
            registration = Registration(
                event=event, player=person, pairing_number=player.number, rating=player.rating or None
            )
            gone_from = outline.withdrawn_from(player)
            if gone_from is not None:
                registration.status = Registration.Status.WITHDRAWN
                registration.withdrawn_from_round = gone_from
            registration.save()
            registrations[player.number] = registration
        point_system = event.point_system
        for round_number in range(1, played + 1):
            entries = {p.number: p.rounds.get(round_number) for p in document.players}
            pending = any(e is not None and e.is_game and e.code == "" for e in entries.values())
            now = timezone.now()
            round_ = Round.objects.create(
                event=event,
                number=round_number,
                status=Round.Status.PAIRED if pending else Round.Status.CLOSED,
                paired_at=now,
                closed_at=None if pending else now,
                pairing_progress=100,
            )
            boards = _boards(document, round_number, entries)
            pairings = []
            for board, (white, black) in enumerate(boards, start=1):
                if black is None:
                    kind = BYE_OF_LETTER[entries[white].code]  # type: ignore[union-attr]
                    pairings.append(
                        Pairing(
                            round=round_,
                            board=board,
                            white=registrations[white],
                            bye=kind,
                            white_score=point_system.bye_score(kind),
                            source=Pairing.Source.BYE,
                        )
                    )
                    continue
                w_entry, b_entry = entries[white], entries[black]
                pairing = Pairing(
                    round=round_, board=board, white=registrations[white], black=registrations[black]
                )
                if w_entry.code:  # type: ignore[union-attr]
                    code = CODE_OF_LETTERS[(w_entry.code, b_entry.code)]  # type: ignore[union-attr]
                    pairing.results = code
                    pairing.white_score, pairing.black_score = point_system.pairing_scores([code])
                    pairing.source = Pairing.Source.FORFEIT if code in FORFEITS else Pairing.Source.ARBITER
                pairings.append(pairing)
            Pairing.objects.bulk_create(pairings)
        for number, entry in requested.items():
            ByeRequest.objects.create(
                registration=registrations[number],
                round_number=played + 1,
                kind=BYE_OF_LETTER[entry.code],
                created_by=user if getattr(user, "is_authenticated", False) else None,
            )
        for first, second in document.forbidden_pairs:
            ForbiddenPair.objects.get_or_create(
                event=event, first=registrations[first], second=registrations[second]
            )
        event.status = Event.Status.RUNNING
        event.save(update_fields=["status"])
    return event


def _stored_player(entry: TrfPlayer, family: str, choice: str | None) -> Player:
    """The stored player an entry of the file means, or a new one (the organiser's choice first)."""
    fide_id = parse_fide_id(entry.fide_id)
    name = entry.name[:120]
    if choice is not None and choice.strip().lower() != "new":
        handle = choice.strip().removeprefix("@")
        chosen = Player.objects.filter(handle=handle).first()
        if chosen is None:
            raise TrfError(0, f"player {entry.number}: no player has the handle @{handle}")
        return chosen
    if choice is None:
        try:
            found = find_player(name, rating=entry.rating or None, fide_id=fide_id, family=family)
        except AmbiguousPlayer as exc:
            handles = ", ".join(f"@{p.handle}" for p in exc.candidates)
            raise TrfError(
                0,
                f"player {entry.number} ({name}) may be any of {handles}: "
                f"say which one (or 'new') under 'match players'",
            ) from exc
        if found is not None:
            if fide_id is not None and found.fide_id is None:
                found.fide_id = fide_id
                found.save(update_fields=["fide_id"])
            return found
    taken = fide_id is not None and Player.objects.filter(fide_id=fide_id).exists()
    return Player.objects.create(
        display_name=name,
        handle=unique_handle(name),
        country=entry.federation[:3],
        fide_id=None if taken else fide_id,
    )


def _date(text: str) -> date | None:
    match = re.match(r"^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$", text.strip())
    if not match:
        return None
    try:
        return date(*(int(part) for part in match.groups()))
    except ValueError:
        return None


def _boards(
    document: TrfDocument, round_number: int, entries: dict[int, TrfRound | None]
) -> list[tuple[int, int | None]]:
    """Games of a round in board order (higher scores first), then byes (U, H, F, Z)."""
    before = {
        p.number: sum(document.points.of(v) for k, v in p.rounds.items() if k < round_number)
        for p in document.players
    }
    games = []
    byes = []
    for number, entry in entries.items():
        if entry is None:
            continue
        if entry.is_game:
            if entry.colour == "w":
                games.append((number, entry.opponent or 0))
        else:
            byes.append(number)
    games.sort(
        key=lambda pair: (
            -max(before[pair[0]], before[pair[1]]),
            -(before[pair[0]] + before[pair[1]]),
            min(pair),
        )
    )
    order = "UHFZ"
    byes.sort(key=lambda n: (order.index(entries[n].code), n))  # type: ignore[union-attr]
    return [(w, b) for w, b in games] + [(n, None) for n in byes]
