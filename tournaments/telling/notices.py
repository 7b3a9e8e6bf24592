"""The notices of an event's own flow, all in one place: the kinds are ``accounts.models.Notice``'s
(``ROUND_PUBLISHED``, ``AUTOPILOT``, ``AUTOPILOT_STOPPED``, ``WEBHOOK_FAILING``; a forfeit's notice
is the game's end, ``personal.notices``).

The rules at home here:

* a round made public tells each of its players with an account, in his language: his board, his
  colour and opponent, when his game starts and the grace for its first move (or his bye), linking
  his game (else the round);
* each step the event takes by itself, the autopilot stopping (with why) and a webhook failing tell
  each organiser of the event;
* every notice is written through :func:`tell`, in the same transaction as what it tells, and
  handed to the notices' one delivery once it commits (``accounts.notices.delivered_on_commit``:
  his stream, the header's count, his e-mail, ``personal.delivery``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import datetime, timedelta
from functools import partial

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

from accounts.models import Notice, NoticePreference
from accounts.notices import delivered_on_commit
from games.play.endings import grace_text
from tournaments.models import AutopilotStep, Event, Pairing, Round


def tell(user_ids: Iterable[int | None], kind: str, link: str, text_of: Callable[[], str]) -> list[Notice]:
    """One notice of ``kind`` to each user, written by ``text_of()`` in his notices' language."""
    return tell_each([(pk, link, text_of) for pk in user_ids if pk is not None], kind)


def tell_each(
    notes: list[tuple[int, str, Callable[[], str]]], kind: str, params: list[dict[str, object]] | None = None
) -> list[Notice]:
    """Notices of ``kind``, one a ``(user id, link, text_of)`` (with its ``params``, for programs, when
    given), each in its recipient's language; the languages read in one query and the notices written
    in one, delivered to every channel once the transaction commits."""
    if not notes:
        return []
    ids = {pk for pk, _link, _text in notes}
    languages = dict(NoticePreference.objects.filter(user_id__in=ids).values_list("user_id", "language"))
    notices = []
    for number, (pk, link, text_of) in enumerate(notes):
        with translation.override(languages.get(pk) or settings.LANGUAGE_CODE):
            text = text_of()[:2000]
        more = params[number] if params else {}
        notices.append(Notice(recipient_id=pk, kind=kind, link=link[:300], text=text, params=more))
    written = Notice.objects.bulk_create(notices)
    delivered_on_commit([notice.pk for notice in written if notice.pk is not None])
    return written


def organisers(event: Event) -> list[int]:
    return list(event.organisers.values_list("pk", flat=True))


def moment(at: datetime) -> str:
    """A moment as every notice writes it, in UTC (the service's time zone): 2026-05-01 18:00 UTC."""
    return at.strftime("%Y-%m-%d %H:%M UTC")


def round_published(round_: Round, grace: timedelta | None) -> int:
    """Tell every player of the public ``round_`` his board and when his game starts; how many told."""
    event = round_.event
    notes: list[tuple[int, str, Callable[[], str]]] = []
    params: list[dict[str, object]] = []
    pairings = round_.pairings.select_related("white__player", "black__player").prefetch_related("games")
    for pairing in pairings.order_by("board"):
        games = sorted(pairing.games.all(), key=lambda game: game.pk)
        link = games[0].get_absolute_url() if games else round_.get_absolute_url()
        sides = [(pairing.white, pairing.black, _white)]
        if pairing.black is not None:
            sides.append((pairing.black, pairing.white, _black))
        for mine, theirs, colour in sides:
            if mine.player.user_id is not None:
                notes.append(
                    (
                        mine.player.user_id,
                        link,
                        partial(_board_text, event, round_, pairing, theirs, colour, grace),
                    )
                )
                params.append(
                    {
                        "event": event.slug,
                        "round": round_.number,
                        "board": pairing.board,
                        "game": games[0].pk if games else None,
                        "starts_at": round_.starts_at.isoformat() if round_.starts_at else None,
                    }
                )
    return len(tell_each(notes, Notice.ROUND_PUBLISHED, params))


def _white() -> str:
    return _("White")


def _black() -> str:
    return _("Black")


def _board_text(
    event: Event,
    round_: Round,
    pairing: Pairing,
    opponent: object,
    colour: Callable[[], str],
    grace: timedelta | None,
) -> str:
    where = {"round": round_.number, "event": event.name}
    if pairing.black_id is None:
        return _("Round %(round)s of %(event)s is published: you have a bye (%(bye)s)") % {
            **where,
            "bye": pairing.get_bye_display(),
        }
    text = _(
        "Round %(round)s of %(event)s is published: you play %(colour)s against %(opponent)s on "
        "board %(board)s"
    ) % {
        **where,
        "colour": colour(),
        "opponent": getattr(opponent, "player", opponent),
        "board": pairing.board,
    }
    if pairing.has_result:  # a forfeit at the pairing (a withdrawn player)
        return text + _("; its result is already set: %(result)s") % {"result": pairing.results}
    if round_.starts_at is not None and grace is not None:
        text += _("; your game starts at %(start)s, and each first move is due within %(grace)s") % {
            "start": moment(round_.starts_at),
            "grace": grace_text(grace),
        }
    return text


def step_taken(event: Event, kind: str, round_number: int | None, text_of: Callable[[], str]) -> list[Notice]:
    """A step the event took by itself (its autopilot's, a round closing by itself): logged
    (:class:`~tournaments.models.AutopilotStep`, in the site's language) and told to its organisers."""
    with translation.override(settings.LANGUAGE_CODE):
        text = text_of()
    AutopilotStep.objects.create(event=event, kind=kind, round_number=round_number, text=text[:1000])
    return tell(organisers(event), Notice.AUTOPILOT, autopilot_link(event), text_of)


def autopilot_link(event: Event) -> str:
    from django.urls import reverse

    return reverse("tournaments:event-autopilot", args=[event.slug])


def stopped(event: Event, reason: str) -> list[Notice]:
    """Tell the organisers that the autopilot stopped, and why."""
    return tell(
        organisers(event),
        Notice.AUTOPILOT_STOPPED,
        autopilot_link(event),
        lambda: (
            _(
                "The autopilot of %(event)s stopped: %(reason)s. Set it right, then resume the autopilot "
                "on the event's autopilot page."
            )
            % {"event": event.name, "reason": reason}
        ),
    )


def webhook_failing(event: Event, url: str, error: str) -> list[Notice]:
    """Tell the organisers that a webhook's message could not be delivered after its last attempt."""
    return tell(
        organisers(event),
        Notice.WEBHOOK_FAILING,
        event.get_absolute_url(),
        lambda: (
            _("A webhook of %(event)s is failing: %(url)s did not take a message (%(error)s)")
            % {"event": event.name, "url": url, "error": error}
        ),
    )
