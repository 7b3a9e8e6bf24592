"""What an irreversible action of an event will do, said before it is done: closing a round,
publishing a round's pairings, finishing the event, withdrawing (or removing) a player.

One text for both edges: the pages show it on a confirmation page with an explicit checkbox
(``tournaments.web.views.confirm``), the API answers it as a 400 (:class:`ConfirmationRequired`,
code ``confirmation_required``) until the request carries ``"confirm": true``. Each function returns
the :class:`Confirmation` to ask for when the action would go through now, None otherwise (then the
service is called and carries the action out, or says why not).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from accounts.errors import ServiceError
from tournaments.models import Event, PlayMode, Registration, Round
from tournaments.results.services import missing_results
from tournaments.rounds import can_finish, next_unpaired_round, play_mode, time_control, without_account


@dataclass(frozen=True)
class Confirmation:
    """The action's title (also the page's button) and what it does, one sentence each."""

    title: str
    consequences: list[str]


class ConfirmationRequired(ServiceError):
    """An irreversible action asked for without ``confirm``: the message says what it would do."""

    def __init__(self, asked: Confirmation) -> None:
        super().__init__(_("%(title)s: send it again with confirm set to true.") % {"title": asked.title})
        self.data = {"code": "confirmation_required", "would": asked.consequences}


def close_round(round_: Round) -> Confirmation | None:
    if round_.status != Round.Status.PAIRED or missing_results(round_):
        return None
    number = round_.number
    return Confirmation(
        _("Close round %(number)s") % {"number": number},
        [
            _("Its results become final: afterwards a result changes only by a correction with a reason."),
            _("Unanswered provisional results become official."),
            _("The standings after round %(number)s are stored and its games are rated.")
            % {"number": number},
        ],
    )


def publish_round(round_: Round) -> Confirmation | None:
    if not round_.is_draft:
        return None
    return Confirmation(
        _("Publish the pairings of round %(number)s") % {"number": round_.number},
        [*where_played(round_), _("The pairings can no longer be edited by hand.")],
    )


def finish_event(event: Event) -> Confirmation | None:
    if not can_finish(event, event.current_round()):
        return None
    return Confirmation(
        _("Finish %(name)s") % {"name": event.name},
        [
            _("The event is marked finished: no more rounds are paired and no players join or leave."),
            _("The standings after the last closed round are the final standings."),
        ],
    )


def withdraw(event: Event, registration: Registration) -> Confirmation | None:
    """Withdrawing (or, before the start, removing) a player."""
    if registration.status != Registration.Status.ACTIVE:
        return None
    player = registration.player
    if event.status == Event.Status.CREATED:
        return Confirmation(
            _("Remove %(player)s") % {"player": player},
            [_("%(player)s is no longer registered (register him again to undo it).") % {"player": player}],
        )
    first = next_unpaired_round(event)
    return Confirmation(
        _("Withdraw %(player)s") % {"player": player},
        [
            _("%(player)s is not paired from round %(number)s on; the rounds played stay.")
            % {"player": player, "number": first},
            _("The withdrawal can be undone until round %(number)s is paired.") % {"number": first},
        ],
    )


def require_confirmed(asked: Confirmation | None, confirm: bool) -> None:
    """The API's rule: an action that would go through needs ``confirm``; else it is refused
    with what it would do."""
    if asked is not None and not confirm:
        raise ConfirmationRequired(asked)


def where_played(round_: Round) -> list[str]:
    """What publishing the round starts, by where its games are played; the players the service
    cannot seat (no account)."""
    mode, control = play_mode(round_), time_control(round_) or _("no clock")
    if mode == PlayMode.SERVICE:
        lines = [
            _(
                "Everyone sees the pairings; the games start on the service at once (time control %(control)s)."
            )
            % {"control": control}
        ]
    elif mode == PlayMode.BOTH:
        lines = [
            _(
                "Everyone sees the pairings; the games start on the service at once (time control "
                "%(control)s), or the players submit their games played elsewhere."
            )
            % {"control": control}
        ]
    else:
        lines = [_("Everyone sees the pairings, and the players can submit their games.")]
    missing = without_account(round_.event, round_)
    if missing:
        lines.append(
            _("No account, so they cannot play on the service: %(players)s.")
            % {"players": ", ".join(player.display_name for player in missing)}
        )
    return lines
