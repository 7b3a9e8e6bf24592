"""The arbiter's queue of an event: what waits for its officials in the open rounds.

Disputed games, provisional (unconfirmed) results, boards without a result and refused submissions
of the rounds paired and not closed; the event's organisers and arbiters only.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from accounts.policy import Action, require
from games.models import Game, SubmittedRecord
from tournaments.models import Event, Pairing, Round


@dataclass
class Queue:
    """What waits for the arbiter in an event's open rounds."""

    disputed: list[Game] = field(default_factory=list)
    provisional: list[Game] = field(default_factory=list)
    missing: list[Pairing] = field(default_factory=list)
    refused: list[SubmittedRecord] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not (self.disputed or self.provisional or self.missing or self.refused)


def queue(event: Event, user: object) -> Queue:
    """The arbiter's queue of ``event`` (its organisers and arbiters only)."""
    require(user, Action.MANAGE_EVENT, event)
    open_rounds = Round.objects.filter(event=event, status=Round.Status.PAIRED)
    games = Game.objects.filter(pairing_game__pairing__round__in=open_rounds).select_related(
        "pairing_game__pairing__round", "white", "black"
    )
    order = ("pairing_game__pairing__round__number", "pairing_game__pairing__board", "pairing_game__number")
    return Queue(
        disputed=list(games.filter(state=Game.State.DISPUTED).order_by(*order)),
        provisional=list(games.filter(state=Game.State.PROVISIONAL).order_by(*order)),
        missing=list(
            Pairing.objects.filter(round__in=open_rounds, white_score=None, black__isnull=False)
            .select_related("round", "white__player", "black__player")
            .order_by("round__number", "board")
        ),
        refused=list(
            SubmittedRecord.objects.filter(
                game__pairing_game__pairing__round__in=open_rounds, status=SubmittedRecord.Status.INVALID
            )
            .select_related(
                "game__pairing_game__pairing__round", "game__white", "game__black", "submitted_by"
            )
            .order_by("-submitted_at", "-pk")
        ),
    )
