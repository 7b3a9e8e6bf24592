"""Which stored player a name in a pasted list or a TRF file means: the one home of that rule.

A FIDE-style identification number decides when the entry has one and a player holds it. Otherwise
the name is compared exactly (ignoring case and repeated spaces) with display names and handles;
``@handle`` names one player outright. Several players with that name are told apart by the rating
the entry gives (the player's rating in the event's game family, else the rating of his latest
registration); when that still leaves more than one, the organiser is asked to choose by handle
(:class:`AmbiguousPlayer`). No match means a new player.
"""

from __future__ import annotations

from django.db.models import Q
from django.utils.translation import gettext as _

from accounts.models import Player
from tournaments.errors import ServiceError
from tournaments.models import Registration
from tournaments.ratings.services import current_rating


class AmbiguousPlayer(ServiceError):
    """Several stored players fit an entry; the organiser must choose one by handle."""

    def __init__(self, name: str, candidates: list[Player]) -> None:
        self.name = name
        self.candidates = candidates
        handles = ", ".join(f"@{p.handle}" for p in candidates)
        super().__init__(
            _("several players are called %(name)s (%(handles)s): write the handle of the one meant instead")
            % {"name": name, "handles": handles}
        )


class UnknownHandle(ServiceError):
    def __init__(self, handle: str) -> None:
        self.handle = handle
        super().__init__(_("no player has the handle @%(handle)s") % {"handle": handle})


def normalised(name: str) -> str:
    return " ".join(name.split())


def parse_fide_id(text: str) -> int | None:
    """The number of a TRF identification field; None when empty or not a plain number."""
    text = text.strip()
    if not text.isascii() or not text.isdigit() or len(text) > 15:
        return None
    number = int(text)
    return number or None


def find_player(
    name: str, *, rating: int | None = None, fide_id: int | None = None, family: str | None = None
) -> Player | None:
    """The stored player meant by an entry, None when it is a new player. Raises AmbiguousPlayer."""
    if fide_id is not None:
        by_id = Player.objects.filter(fide_id=fide_id).first()
        if by_id is not None:
            return by_id
    name = normalised(name)
    if name.startswith("@"):
        handle = name[1:].strip()
        found = Player.objects.filter(handle=handle).first()
        if found is None:
            raise UnknownHandle(handle)
        return found
    candidates = list(Player.objects.filter(Q(display_name__iexact=name) | Q(handle=name)).order_by("pk"))
    if fide_id is not None:
        # A candidate known under another number is another person.
        candidates = [p for p in candidates if p.fide_id is None]
    if len(candidates) <= 1:
        return candidates[0] if candidates else None
    if rating is not None:
        fitting = [p for p in candidates if _rating_of(p, family) == rating]
        if len(fitting) == 1:
            return fitting[0]
    raise AmbiguousPlayer(name, candidates)


def _rating_of(player: Player, family: str | None) -> int | None:
    if family is not None:
        rating = current_rating(player, family)
        if rating is not None:
            return rating
    latest = Registration.objects.filter(player=player).order_by("-pk").values_list("rating", flat=True)
    return latest.first()
