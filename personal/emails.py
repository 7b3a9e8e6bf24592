"""The notices' e-mails (``personal.delivery``): one e-mail a notice, in its recipient's language,
with a one-click unsubscribe of its kind.

The rules at home here:

* the subject is the site's name and the notice's sentence, the body the sentence, the page it
  links, and how to stop such e-mails: a link to stop e-mails of this kind (signed with
  ``django.core.signing``: the recipient and the kind, nothing to sign in for; a link whose
  signature does not hold is refused) and to the account page's choices; the headers
  ``List-Unsubscribe`` (that link) and ``List-Unsubscribe-Post: List-Unsubscribe=One-Click``
  (RFC 8058: a mail program unsubscribes with one POST);
* :func:`send_emails` sends the notices still owed (``Notice.delivery`` ``mail``), each under its
  own lock (one another run holds is skipped; one sent already is left): a notice is e-mailed at
  most once. A recipient refused by the server is given up (logged); a server out of reach stops
  the run with :class:`MailDown` (the task retries it with back-off), each notice not sent marked
  with the moment it was tried (``Notice.emailed_at``, for the sweep); a recipient who muted the
  kind or lost his address meanwhile gets nothing;
* links are full with ``SITE_URL`` (the site's address), paths without it.
"""

from __future__ import annotations

import contextlib
import logging
import smtplib
from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMessage, get_connection
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from accounts.models import Notice, NoticePreference
from accounts.notices import KINDS
from common.locking import locked

logger = logging.getLogger(__name__)

UNSUBSCRIBE_SALT = "personal.emails.unsubscribe"
#: the kind an unsubscribe link names to stop every e-mail of notices
ALL = "all"
SUBJECT_CHARS = 150


class MailDown(Exception):
    """The mail server could not be reached or failed: the e-mails not sent are tried again."""


class BadLink(Exception):
    """An unsubscribe link whose signature does not hold (forged, cut, or of another site)."""


def site_url(path: str) -> str:
    return getattr(settings, "SITE_URL", "").rstrip("/") + path


def unsubscribe_token(user_id: int, kind: str) -> str:
    return signing.dumps([user_id, kind], salt=UNSUBSCRIBE_SALT)


def read_token(token: str) -> tuple[int, str]:
    """The user and the kind an unsubscribe link names; :class:`BadLink` unless it is ours, intact."""
    try:
        user_id, kind = signing.loads(token, salt=UNSUBSCRIBE_SALT)
    except (signing.BadSignature, ValueError, TypeError):
        raise BadLink(token) from None
    if not isinstance(user_id, int) or not isinstance(kind, str):
        raise BadLink(token)
    return user_id, kind


def unsubscribe_url(user_id: int, kind: str) -> str:
    return site_url(reverse("accounts:unsubscribe", args=[unsubscribe_token(user_id, kind)]))


def kind_label(kind: str) -> str:
    """The kind's label in the active language (a kind nobody registered: the kind itself)."""
    if kind == ALL:
        return _("all notices")
    return str(KINDS.get(kind, kind or _("results of your games")))


def compose(notice: Notice, language: str, connection: Any = None) -> EmailMessage:
    """The e-mail of ``notice``, in ``language``."""
    user_id, kind = notice.recipient_id, notice.kind
    stop = unsubscribe_url(user_id, kind or ALL)
    with translation.override(language):
        first_line = notice.text.splitlines()[0] if notice.text else ""
        subject = _("GIPF project tournaments: %(subject)s") % {"subject": first_line}
        if len(subject) > SUBJECT_CHARS:
            subject = subject[: SUBJECT_CHARS - 1] + "…"
        body = render_to_string(
            "accounts/notice_email.txt",
            {
                "text": notice.text,
                "link": site_url(notice.link) if notice.link else "",
                "kind": kind_label(kind),
                "stop": stop,
                "stop_all": unsubscribe_url(user_id, ALL),
                "account": site_url(reverse("accounts:account")),
            },
        )
    return EmailMessage(
        subject,
        body,
        None,
        [notice.recipient.email],
        connection=connection,
        headers={
            "List-Unsubscribe": f"<{stop}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
    )


def wants_mail(notice: Notice, preference: NoticePreference | None) -> bool:
    """Whether ``notice`` goes out by e-mail: the site sends notices, its recipient has an address
    (and an active account), and his preferences take its kind."""
    recipient = notice.recipient
    if not getattr(settings, "NOTICE_EMAILS", False) or not recipient.email or not recipient.is_active:
        return False
    return preference is None or preference.emails_kind(notice.kind)


def _owed(pk: int) -> Notice | None:
    """The notice ``pk``, locked, if its e-mail is still owed (None: sent, given up, or another run's)."""
    return (
        Notice.objects.filter(pk=pk, delivery=Notice.Delivery.MAIL)
        .select_for_update(skip_locked=True, of=("self",), no_key=True)
        .select_related("recipient")
        .first()
    )


def send_emails(ids: Iterable[int]) -> int:
    """E-mail the notices ``ids`` still owed; the number sent. :class:`MailDown` when the server
    cannot be reached or fails (the notices not sent stay owed, marked tried now)."""
    ids = sorted(set(ids))
    if not ids or not Notice.objects.filter(pk__in=ids, delivery=Notice.Delivery.MAIL).exists():
        return 0
    connection = get_connection()
    try:
        connection.open()
    except (OSError, smtplib.SMTPException) as exc:
        _tried(ids)
        raise MailDown(str(exc)) from exc
    sent = 0
    try:
        for position, pk in enumerate(ids):
            failure: Exception | None = None
            with transaction.atomic():
                notice = _owed(pk)
                if notice is None:
                    continue
                preference = NoticePreference.objects.filter(user_id=notice.recipient_id).first()
                done = True
                if wants_mail(notice, preference):
                    language = (preference.language if preference else "") or settings.LANGUAGE_CODE
                    try:
                        sent += compose(notice, language, connection).send()
                    except smtplib.SMTPRecipientsRefused:
                        logger.warning("the mail server refused the address of notice %s: given up", pk)
                    except (OSError, smtplib.SMTPException) as exc:
                        failure, done = exc, False
                if done:
                    notice.delivery, notice.emailed_at = Notice.Delivery.DONE, timezone.now()
                    notice.save(update_fields=["delivery", "emailed_at"])
            if failure is not None:
                _tried(ids[position:])
                raise MailDown(str(failure)) from failure
    finally:
        with contextlib.suppress(OSError, smtplib.SMTPException):
            connection.close()
    return sent


def _tried(ids: list[int]) -> None:
    """Mark the e-mails of ``ids`` still owed as tried now (the sweep waits before queueing them again)."""
    Notice.objects.filter(pk__in=ids, delivery=Notice.Delivery.MAIL).update(emailed_at=timezone.now())


def unsubscribe(user_id: int, kind: str) -> NoticePreference | None:
    """Stop the e-mails of ``kind`` (``all``: every e-mail of notices) to ``user_id``; None without
    such a user."""
    from django.contrib.auth import get_user_model

    if not get_user_model().objects.filter(pk=user_id).exists():
        return None
    with transaction.atomic():
        preference, _created = NoticePreference.objects.get_or_create(user_id=user_id)
        preference = locked(NoticePreference.objects.filter(pk=preference.pk)).get()
        if kind == ALL:
            preference.emails = False
        elif kind not in preference.email_off:
            preference.email_off = sorted({*preference.email_off, kind})
        preference.save(update_fields=["emails", "email_off"])
    return preference
