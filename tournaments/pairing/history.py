"""The pairing state of a stored event: every player's history before a round, from the database.

The same :class:`~tournaments.pairing.state.EventState` is built from a TRF document by
:mod:`tournaments.trf.pairing`; both feed the pure engines.
"""

from __future__ import annotations

from tournaments.core.codes import BYE_LETTERS, BYE_ZERO, round_letters
from tournaments.models import ByeRequest, Event, Pairing
from tournaments.pairing.state import EventState, PlayerState, RoundEntry


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
            player.absent_code = BYE_LETTERS[kind]


def build_state(event: Event, round_number: int) -> EventState:
    """The event as the pairing engines see it before ``round_number`` is paired."""
    points = event.point_system
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
            histories[pairing.white_id][rnd] = RoundEntry(None, None, BYE_LETTERS[pairing.bye])
            totals[pairing.white_id] += pairing.white_score or 0
            continue
        white_score, black_score = (pairing.white_score or 0), (pairing.black_score or 0)
        totals[pairing.white_id] += white_score
        totals[pairing.black_id] += black_score
        white_letter, black_letter = round_letters(pairing.result_codes, white_score, black_score)
        histories[pairing.white_id][rnd] = RoundEntry(
            by_id[pairing.black_id].pairing_number, "w", white_letter
        )
        histories[pairing.black_id][rnd] = RoundEntry(
            by_id[pairing.white_id].pairing_number, "b", black_letter
        )
    absent = RoundEntry(None, None, BYE_LETTERS[BYE_ZERO])
    players = []
    for registration in sorted(registrations, key=lambda r: r.pairing_number or 0):
        history = [histories[registration.pk].get(rnd, absent) for rnd in range(1, round_number)]
        players.append(
            PlayerState(
                number=registration.pairing_number or 0,
                name=registration.player.display_name,
                rating=registration.rating or 0,  # 0: unrated, as in TRF
                points=totals[registration.pk],
                history=history,
                available=registration.is_active_in(round_number),
            )
        )
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
        bye_points=points.pab,
    )
