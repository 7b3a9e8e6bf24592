"""The one delivery of notices (issue 36): a notice written (``accounts.notices.notify``, or saved
by hand) goes, once its transaction commits, to every channel its recipient has.

The rules at home here:

* **his notices** are the rows themselves: the notices page, ``GET /api/notices/``, the header's
  count;
* **his own stream**: the recipient's player hears the event ``notice`` (``games.live.player_events``:
  its id, kind, text, link, params and his unread count), which the header counts live; the
  events of a batch are published together (``games.live.batch``), once their notices are marked;
* **e-mail**, where ``NOTICE_EMAILS`` is on, he has an address and his preferences take its kind
  (``NoticePreference.emails_kind``): sent by the Celery task ``personal.notice_emails``
  (``personal.emails``: his language, the unsubscribe link and headers), queued after commit with
  the notices' ids, never inside the transaction that wrote them; a mail server that is down is
  retried with back-off and never fails a request;
* the database remembers what is owed (``Notice.delivery``: ``new``, then ``mail`` while its e-mail
  is owed, then ``done``): a delivery takes its notices under their locks (those another run holds
  are skipped), so each goes out once; the sweep (:func:`sweep_work`) delivers the notices still
  ``new`` after the grace period (a process that died after the commit, a notice written in bulk by
  hand) and queues again the e-mails owed whose task gave up.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Count, Q

from accounts.models import Notice, NoticePreference, Player
from common import sweep
from personal.emails import wants_mail

logger = logging.getLogger(__name__)

#: the player stream's event of a notice (``games.live.player_events``)
NOTICE_EVENT = "notice"
#: the e-mails one task sends at most (a round's publication queues a task per this many)
MAIL_BATCH = 50
#: an e-mail owed is queued again by the sweep when its last try is older than this (its task's
#: retries, with their back-off, are over by then), and given up a day after its notice
MAIL_AGAIN_AFTER = timedelta(minutes=15)
MAIL_GIVE_UP = timedelta(days=1)
#: the notices the sweep delivers a run at most
SWEEP_BATCH = 500


def on_created(sender: object, ids: list[int], **kwargs: object) -> None:
    """Receiver of ``accounts.notices.created`` (after commit): deliver them."""
    deliver(ids)


def on_saved(sender: object, instance: Notice, created: bool, raw: bool = False, **kwargs: object) -> None:
    """Receiver of a notice's ``post_save``: a notice saved by hand is delivered as well, once its
    transaction commits (``accounts.notices.notify`` writes in bulk: it sends no such signal)."""
    if created and not raw and instance.delivery == Notice.Delivery.NEW:
        from accounts.notices import delivered_on_commit

        delivered_on_commit([instance.pk])


def deliver(ids: Iterable[int]) -> list[int]:
    """Deliver the notices ``ids`` still owed (``new``): their stream events, published together once
    their marks commit, and their e-mails queued; the ids delivered. Never raises: what fails is
    left to the sweep."""
    wanted = sorted(set(ids))
    if not wanted:
        return []
    try:
        return _deliver(wanted)
    except Exception:  # noqa: BLE001 - a notice is written whatever happens here: the sweep delivers it
        logger.warning("notices %s could not be delivered now; the sweep will", wanted[:20], exc_info=True)
        return []


def _deliver(ids: list[int]) -> list[int]:
    from games.live import batch as live_batch  # the streams, loaded when a notice is delivered
    from games.live import player_events

    # their stream events collected, published together once their marks are committed
    with live_batch.collecting() as events, transaction.atomic():
        notices = list(
            Notice.objects.filter(pk__in=ids, delivery=Notice.Delivery.NEW)
            .select_related("recipient")
            .select_for_update(skip_locked=True, of=("self",))
            .order_by("pk")
        )
        if not notices:
            return []
        users = {notice.recipient_id for notice in notices}
        preferences = {p.user_id: p for p in NoticePreference.objects.filter(user_id__in=users)}
        mail = [n.pk for n in notices if wants_mail(n, preferences.get(n.recipient_id))]
        Notice.objects.filter(pk__in=mail).update(delivery=Notice.Delivery.MAIL)
        Notice.objects.filter(pk__in=[n.pk for n in notices if n.pk not in set(mail)]).update(
            delivery=Notice.Delivery.DONE
        )
        players = dict(Player.objects.filter(user_id__in=users).values_list("user_id", "pk"))
        unread = _unread(users)
        for notice in notices:
            player_id = players.get(notice.recipient_id)
            if player_id is not None:
                player_events.publish(
                    player_id, NOTICE_EVENT, event_of(notice, unread.get(notice.recipient_id, 0))
                )
    live_batch.publish_all(events)  # one storage transaction, one round trip to Redis
    queue_mail(mail)
    return [notice.pk for notice in notices]


def _unread(users: Iterable[int]) -> dict[int, int]:
    counted = (
        Notice.objects.filter(recipient_id__in=list(users), read=False)
        .values("recipient_id")
        .annotate(count=Count("pk"))
        .order_by()
    )
    return {row["recipient_id"]: row["count"] for row in counted}


def event_of(notice: Notice, unread: int) -> dict[str, Any]:
    """The stream's ``notice`` event: the notice as the API lists it, and its recipient's unread count."""
    return {
        "notice": notice.pk,
        "kind": notice.kind,
        "text": notice.text,
        "link": notice.link,
        "params": notice.params,
        "unread": unread,
    }


def queue_mail(ids: list[int]) -> None:
    """Queue the e-mails of the notices ``ids`` (owed: ``mail``), :data:`MAIL_BATCH` a task; a broker
    out of reach leaves them to the sweep (on the embedded default the task runs here, now)."""
    from personal.tasks import notice_emails_task  # Celery loaded by what queues, not by every import

    for start in range(0, len(ids), MAIL_BATCH):
        sweep.send(notice_emails_task, ids[start : start + MAIL_BATCH])


def sweep_work(now: datetime) -> dict[str, list[int]]:
    """The notices still owed past the grace period: delivered (``new``), their e-mails queued again
    (``mail``, last tried :data:`MAIL_AGAIN_AFTER` ago or never, written less than
    :data:`MAIL_GIVE_UP` ago); those older are given up (logged)."""
    grace = now - timedelta(seconds=settings.SWEEP_GRACE)
    owed = Notice.objects.filter(created_at__lte=grace).exclude(delivery=Notice.Delivery.DONE)
    new = list(
        owed.filter(delivery=Notice.Delivery.NEW).order_by("pk").values_list("pk", flat=True)[:SWEEP_BATCH]
    )
    delivered = deliver(new)
    stale = owed.filter(delivery=Notice.Delivery.MAIL, created_at__lt=now - MAIL_GIVE_UP)
    given_up = stale.update(delivery=Notice.Delivery.DONE)
    if given_up:
        logger.warning("%s notice e-mails were given up a day after their notices", given_up)
    again = list(
        owed.filter(delivery=Notice.Delivery.MAIL)
        .filter(Q(emailed_at__isnull=True) | Q(emailed_at__lte=now - MAIL_AGAIN_AFTER))
        .order_by("pk")
        .values_list("pk", flat=True)[:SWEEP_BATCH]
    )
    queue_mail(again)
    return {"notices_delivered": delivered, "notice_emails": again}
