"""Notices of play on the service: "your move", the time warning, and their e-mails.

The rules at home here:

* when a move is stored and the game goes on (``games.signals.move_played``), the player now to
  move gets a "your move" notice for that game; the mover's own unread notices of that game
  ("your move", the time warning) are cleared, so a long game leaves at most one of each per player;
* when the sweep finds the player to move short of time (``games.signals.time_running_out``, once
  a move), he gets a time warning, replacing an earlier unread one of that game;
* e-mails (when ``NOTICE_EMAILS`` is on, to users with an address) are sent by
  :func:`send_play_emails`, run by Celery beat (``accounts.send_play_notices``) and by the embedded
  default's sweep on a request: by default at most one digest a day listing the notices not yet
  e-mailed; one e-mail per notice for a user who asked for it; none for a user who asked for none
  (``NoticePreference``, set on the account page). The database remembers what went out
  (``Notice.emailed_at``, ``NoticePreference.digest_sent_at``), marked before the e-mails are sent
  after commit: each notice goes out at most once (a failed sending is logged, not retried);
* notices and their e-mails are written in each recipient's language (:func:`language_of`): the one
  he chose for them on his account page, else the one he last chose on the site's language switcher
  while signed in, else the one the site spoke to him in when he signed in (stored then when he had
  none), else the site's default (``LANGUAGE_CODE``); the game's page is linked.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import send_mail
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from accounts.models import Notice, NoticePreference
from common.locking import locked
from games.models import Game
from games.play import clocks
from games.play.vacations import duration_text

logger = logging.getLogger(__name__)

PLAY_KINDS = (Notice.YOUR_MOVE, Notice.TIME_WARNING)
EMAILED_KINDS = (*PLAY_KINDS, Notice.CHALLENGE)  # a challenge's notices too (personal.challenge_notices)
DIGEST_EVERY = timedelta(days=1)


def _user_of(game: Game, side: int | None) -> int | None:
    if side is None:
        return None
    return game.white.user_id if side == 0 else game.black.user_id


def _replace(user_id: int, game: Game, kind: str, text: str) -> Notice:
    """The user's notice of ``kind`` for ``game``, replacing his unread one of that kind."""
    link = game.get_absolute_url()
    Notice.objects.filter(recipient_id=user_id, kind=kind, link=link, read=False).delete()
    return Notice.objects.create(recipient_id=user_id, kind=kind, link=link, text=text)


def on_move_played(sender: object, game: Game, to_move: int | None, **kwargs: object) -> Notice | None:
    """Receiver of ``move_played``: "your move" for the player now to move; the mover's cleared."""
    mover = _user_of(game, None if to_move is None else 1 - to_move)
    if mover is not None:
        Notice.objects.filter(
            recipient_id=mover, kind__in=PLAY_KINDS, link=game.get_absolute_url(), read=False
        ).delete()
    user_id = _user_of(game, to_move)
    if user_id is None:
        return None
    with translation.override(language_of(user_id)):
        text = _("Your move in %(game)s (%(name)s), move %(ply)s played") % {
            "game": f"{game.white} – {game.black}",
            "name": game.game_name,
            "ply": game.plies,
        }
    return _replace(user_id, game, Notice.YOUR_MOVE, text)


def on_time_running_out(
    sender: object, game: Game, side: int, left: timedelta, **kwargs: object
) -> Notice | None:
    """Receiver of ``time_running_out``: the time warning for the player to move."""
    user_id = _user_of(game, side)
    if user_id is None:
        return None
    control = clocks.parse(game.time_control)
    where = {"game": f"{game.white} – {game.black}"}
    with translation.override(language_of(user_id)):
        if control is not None and control.kind == clocks.CORRESPONDENCE:
            where["left"] = duration_text(left)
            text = _("Only %(left)s left on your clock in %(game)s: move before it runs out") % where
        else:
            text = _("Less than a minute left on your clock in %(game)s") % where
    return _replace(user_id, game, Notice.TIME_WARNING, text)


def language_of(user_id: int | None) -> str:
    """The language of the user's notices: his stored one (``NoticePreference.language``), else the
    site's default."""
    found = NoticePreference.objects.filter(user_id=user_id).values_list("language", flat=True).first()
    return found or settings.LANGUAGE_CODE


def _language(code: str) -> str:
    """``code`` when it is one of the site's languages, else ""."""
    return code if code in dict(settings.LANGUAGES) else ""


def set_language(user: Any, language: str) -> NoticePreference:
    """The user's choice of language for his notices (the account page)."""
    if not _language(language):
        from accounts.errors import AccountError

        raise AccountError(_("choose one of the site's languages for your notices"))
    preference, _created = NoticePreference.objects.update_or_create(
        user_id=user.pk, defaults={"language": language}
    )
    return preference


def remember_language(user: Any, language: str, keep: bool = False) -> None:
    """The language the user reads the site in becomes his notices' (the language switcher), or only
    when he has none yet (``keep``: his sign-in). A language the site does not speak is ignored."""
    if getattr(user, "pk", None) is None or not _language(language):
        return
    if not keep:
        NoticePreference.objects.update_or_create(user_id=user.pk, defaults={"language": language})
        return
    preference, _created = NoticePreference.objects.get_or_create(user_id=user.pk)
    if not preference.language:
        NoticePreference.objects.filter(pk=preference.pk, language="").update(language=language)


def on_signed_in(sender: object, request: Any, user: Any, **kwargs: object) -> None:
    """Receiver of ``user_logged_in``: a user without a language for his notices gets the one the
    site speaks to him in (the language switcher's cookie, else his browser's)."""
    remember_language(user, getattr(request, "LANGUAGE_CODE", "") or "", keep=True)


def preference_of(user: Any) -> str:
    found = NoticePreference.objects.filter(user_id=getattr(user, "pk", None)).values_list(
        "move_emails", flat=True
    )
    return str(found.first() or NoticePreference.MoveEmails.DAILY)


def set_preference(user: Any, move_emails: str) -> NoticePreference:
    if move_emails not in NoticePreference.MoveEmails.values:
        from accounts.errors import AccountError

        raise AccountError(_("choose how often to be e-mailed about your games"))
    preference, _created = NoticePreference.objects.update_or_create(
        user_id=user.pk, defaults={"move_emails": move_emails}
    )
    return preference


def send_play_emails(now: datetime | None = None) -> int:
    """E-mail the play notices not e-mailed yet, as each user asked; the number of e-mails sent.
    Idempotent: what went out is marked in the same transaction that chose it."""
    if not getattr(settings, "NOTICE_EMAILS", False):
        return 0
    now = now or timezone.now()
    pending = Notice.objects.filter(kind__in=EMAILED_KINDS, emailed_at=None, read=False).exclude(
        recipient__email=""
    )
    outbox: list[tuple[str, str, str]] = []
    for user_id in sorted(set(pending.values_list("recipient_id", flat=True))):
        with transaction.atomic():
            preference, _created = NoticePreference.objects.get_or_create(user_id=user_id)
            preference = locked(NoticePreference.objects.filter(pk=preference.pk)).get()
            mode = preference.move_emails
            if mode == NoticePreference.MoveEmails.NONE:
                continue
            last = preference.digest_sent_at
            if mode == NoticePreference.MoveEmails.DAILY and last is not None and now - last < DIGEST_EVERY:
                continue
            notices = list(pending.filter(recipient_id=user_id).order_by("created_at", "pk"))
            if not notices:
                continue
            address = get_user_model().objects.values_list("email", flat=True).get(pk=user_id)
            Notice.objects.filter(pk__in=[n.pk for n in notices]).update(emailed_at=now)
            with translation.override(preference.language or settings.LANGUAGE_CODE):
                if mode == NoticePreference.MoveEmails.EACH:
                    outbox += [(address, _subject(n.text), _body([n])) for n in notices]
                else:
                    preference.digest_sent_at = now
                    preference.save(update_fields=["digest_sent_at"])
                    outbox.append((address, _subject(_("Your games on the service")), _body(notices)))
    sent = 0
    for address, subject, body in outbox:
        try:
            sent += send_mail(subject, body, None, [address])
        except Exception:  # any transport error: the notices page still has them
            logger.exception("the play e-mail to %s could not be sent", address)
    return sent


def _subject(text: str) -> str:
    """An e-mail's subject, in the active language (the recipient's)."""
    return _("GIPF project tournaments: %(subject)s") % {"subject": text}


def _body(notices: list[Notice]) -> str:
    base = getattr(settings, "SITE_URL", "").rstrip("/")
    return "".join(f"{notice.text}\n{base}{notice.link}\n\n" for notice in notices)
