"""Hand edits of a draft round and its publication.

A Swiss round, once paired, is a draft its managers may edit by hand (:func:`edit_pairings`,
after :func:`preview_edit`), until it is published (:func:`publish_round`). The conditions for an
edit have one home, :func:`edit_refusal`, used by the service and the page alike.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.policy import Action, require
from tournaments.errors import ServiceError
from tournaments.models import Event, Pairing, PairingAudit, Round, RoundPublication
from tournaments.pairing.checks import EditCheck, check_pairings
from tournaments.pairing.history import build_state
from tournaments.pairing.publication import make_public
from tournaments.pairing.services import save_pairings
from tournaments.rounds import check_play, is_public
from tournaments.signals import PUBLISHED, step_taken


def edit_refusal(round_: Round) -> str:
    """Why the round's pairings cannot be edited by hand ('' when they can)."""
    if not round_.event.system_spec.draft_rounds:
        return _("only the pairings of Swiss events are edited by hand")
    if round_.status != Round.Status.PAIRED:
        return _("round %(number)s is not paired, or already closed: it cannot be edited") % {
            "number": round_.number
        }
    if round_.is_published:
        return _("round %(number)s is published: its pairings can no longer change") % {
            "number": round_.number
        }
    if (
        round_.pairings.exclude(white_score=None)
        .exclude(black=None)
        .exclude(source=Pairing.Source.FORFEIT)
        .exists()
    ):
        return _("results have been entered in round %(number)s: it cannot be re-paired") % {
            "number": round_.number
        }
    return ""


def round_boards(round_: Round) -> dict[str, list[list[Any]]]:
    """The round's boards as ``{"pairs": [[white, black], ...], "byes": [[number, kind], ...]}``."""
    pairs: list[list[Any]] = []
    byes: list[list[Any]] = []
    for pairing in round_.pairings.select_related("white", "black").order_by("board"):
        if pairing.black_id is None:
            byes.append([pairing.white.pairing_number, pairing.bye])
        else:
            pairs.append([pairing.white.pairing_number, pairing.black.pairing_number])  # type: ignore[union-attr]
    return {"pairs": pairs, "byes": byes}


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
    require(user, Action.MANAGE_EVENT, round_.event)
    with transaction.atomic():
        round_ = Round.objects.select_for_update().select_related("event").get(pk=round_.pk)
        refusal = edit_refusal(round_)
        if refusal:
            raise ServiceError(refusal)
        pairs = [(int(w), int(b)) for w, b in pairs]
        byes = [(int(n), str(kind)) for n, kind in byes]
        check = check_pairings(build_state(round_.event, round_.number), pairs, byes)
        if check.blocking:
            raise ServiceError(
                _("the pairings cannot be stored: %(problems)s") % {"problems": "; ".join(check.blocking)}
            )
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


def set_round_play(round_: Round, user: object, play_mode: str, time_control: str) -> Round:
    """Where this round's games are played and their time control ("" for either: the event's);
    refused once the round's pairings are public (its games may exist then)."""
    require(user, Action.MANAGE_EVENT, round_.event)
    written = check_play(play_mode, time_control) if play_mode else check_play("elsewhere", time_control)
    with transaction.atomic():
        round_ = Round.objects.select_for_update().select_related("event").get(pk=round_.pk)
        if is_public(round_):
            raise ServiceError(
                _("round %(number)s is public: where its games are played can no longer change")
                % {"number": round_.number}
            )
        round_.play_mode, round_.time_control = play_mode, written
        round_.save(update_fields=["play_mode", "time_control"])
    return round_


def publish_round(round_: Round, user: object) -> RoundPublication:
    """Make a paired round's pairings public; hand edits are refused from then on."""
    require(user, Action.MANAGE_EVENT, round_.event)
    return publish(round_, user if getattr(user, "is_authenticated", False) else None)


def publish(round_: Round, by: object = None) -> RoundPublication:
    """:func:`publish_round` for a caller that checked the right to (``by`` None: the autopilot)."""
    with transaction.atomic():
        round_ = Round.objects.select_for_update().select_related("event").get(pk=round_.pk)
        if round_.status == Round.Status.PENDING:
            raise ServiceError(_("round %(number)s is not paired yet") % {"number": round_.number})
        publication, created = RoundPublication.objects.get_or_create(
            round=round_, defaults={"published_by": by}
        )
        if not created:
            raise ServiceError(_("round %(number)s is already published") % {"number": round_.number})
        make_public(round_)
        step_taken.send(sender=Event, event_id=round_.event_id, step=PUBLISHED, round_number=round_.number)
        return publication
