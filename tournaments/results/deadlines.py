"""A round's deadline (``Round.deadline``, for correspondence rounds played on the service).

The rules at home here:

* the event's organisers and arbiters set or clear a round's deadline (``accounts.policy``: manage
  event) while the round is open; a deadline is a moment, stored in UTC;
* once it has passed, the sweep (:func:`sweep_work`, registered in ``TournamentsConfig.ready``)
  flags the round's unfinished games for the arbiters: each organiser and arbiter of the event gets
  one notice (kind ``deadline``, linking the round) listing the boards still without a result, in
  his language, on every channel he has (``accounts.notices.notify``: an e-mail too). That notice is also what the database remembers: a round
  is flagged once. Nothing is decided for them: the arbiter adjudicates or annuls a game in play
  (``games.play.arbitration``), or sets a pairing's result on the round, and closes the round;
* a round closed, or with no unfinished board at its deadline, is not flagged.
"""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import formats
from django.utils.translation import gettext as _

from accounts.models import Notice
from accounts.notices import DEADLINE, notify
from accounts.policy import Action, require
from tournaments.errors import Conflict
from tournaments.models import Pairing, Round


def set_deadline(round_: Round, user: object, deadline: datetime | None) -> Round:
    """Set (or clear, with None) the deadline of an open round."""
    require(user, Action.MANAGE_EVENT, round_.event)
    if round_.status == Round.Status.CLOSED:
        raise Conflict(_("round %(number)s is closed: it has no deadline to set") % {"number": round_.number})
    round_.deadline = deadline
    round_.save(update_fields=["deadline"])
    return round_


def unfinished(round_: Round) -> list[Pairing]:
    """The round's boards (not byes) still without a result, in board order."""
    return list(
        round_.pairings.exclude(black=None)
        .filter(white_score=None)
        .select_related("white__player", "black__player")
        .order_by("board")
    )


def sweep_work(now: datetime) -> dict[str, list[int]]:
    """Flag for their arbiters the open rounds past their deadline with unfinished boards, once."""
    flagged: list[int] = []
    for round_ in (
        Round.objects.filter(deadline__lte=now).exclude(status=Round.Status.CLOSED).select_related("event")
    ):
        if flag(round_):
            flagged.append(round_.pk)
    return {"deadline_flagged": flagged}


def flag(round_: Round) -> bool:
    """Tell the officials of a round past its deadline which boards are unfinished (once)."""
    link = round_.get_absolute_url()
    with transaction.atomic():
        Round.objects.select_for_update().filter(pk=round_.pk).exists()
        if Notice.objects.filter(kind=DEADLINE, link=link).exists():
            return False
        boards = unfinished(round_)
        event = round_.event
        ids = set(event.organisers.values_list("pk", flat=True)) | set(
            event.arbiters.values_list("pk", flat=True)
        )
        users = list(
            get_user_model()
            .objects.filter(pk__in=ids, is_active=True)
            .order_by("pk")
            .values_list("pk", flat=True)
        )
        if not boards or not users:
            return False

        def text() -> str:  # in each official's language
            return _(
                "Round %(round)s of %(event)s passed its deadline (%(deadline)s) with unfinished games: "
                "%(boards)s. Adjudicate or annul them, or set their results, then close the round."
            ) % {
                "round": round_.number,
                "event": event.name,
                "deadline": formats.date_format(round_.deadline, "DATETIME_FORMAT"),
                "boards": ", ".join(
                    _("board %(board)s (%(white)s – %(black)s)")
                    % {"board": p.board, "white": p.white.player, "black": p.black.player}  # type: ignore[union-attr]
                    for p in boards
                ),
            }

        # delivered to every channel of each official (accounts.notices), his e-mail included
        notify(users, DEADLINE, text, link, {"event": event.slug, "round": round_.number})
        return True
