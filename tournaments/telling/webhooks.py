"""Webhooks for organisers (as Challonge's and start.gg's): an event may name URLs that receive a
signed JSON POST at each step of the event.

The rules at home here:

* the kinds: :data:`KINDS` (a round paired, published, closed; a pairing's result official; the
  event finished), each whoever took the step (an organiser or the autopilot);
* an event's organisers (``accounts.policy``: ``MANAGE_WEBHOOKS``) add and remove its URLs (at most
  :data:`MAX_WEBHOOKS`, ``http`` or ``https``) and read its secret and deliveries; the secret is made
  with the first URL and can be replaced;
* a step writes one :class:`~tournaments.models.WebhookDelivery` a URL in the transaction that takes
  it (:func:`emit`): the body, the same bytes at every attempt, is
  ``{"id", "kind", "event", "sent_at", "data"}``; its signature, ``X-Gipf-Signature:
  sha256=<hex>``, is the HMAC-SHA256 of those bytes with the event's secret (:func:`signature`);
* it is sent by a task once the transaction commits (:func:`deliver`): a 2xx answer delivers it;
  anything else (a refused address, a timeout, a 3xx, 4xx or 5xx) is logged on the delivery and
  tried again after :func:`backoff` (30 s doubling, at most an hour), :data:`ATTEMPTS` times in all,
  then it is failed and the organisers are told (``telling.webhook_failing``). The database
  remembers what is due (``next_attempt_at``): the sweep (:func:`sweep_work`) queues it again;
* never to a loopback, private, link-local, multicast or reserved address (each address the host
  name resolves to is checked at every attempt) unless ``WEBHOOKS_ALLOW_PRIVATE``; no redirect is
  followed, no proxy is used, each POST waits ``WEBHOOK_TIMEOUT`` seconds at most (the standard
  library's ``urllib``: no client beyond it is needed for one POST).
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import json
import logging
import secrets
import socket
import urllib.error
import urllib.request
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.policy import Action, require
from common.sweep import enqueue_on_commit, send
from tournaments.errors import ServiceError
from tournaments.models import Event, Pairing, Round, Webhook, WebhookDelivery
from tournaments.rounds import played_on_service
from tournaments.telling import notices as telling

logger = logging.getLogger(__name__)

ROUND_PAIRED, ROUND_PUBLISHED, ROUND_CLOSED = "round.paired", "round.published", "round.closed"
RESULT_OFFICIAL, EVENT_FINISHED = "result.official", "event.finished"
KINDS = (ROUND_PAIRED, ROUND_PUBLISHED, ROUND_CLOSED, RESULT_OFFICIAL, EVENT_FINISHED)
MAX_WEBHOOKS = 5
ATTEMPTS = 8
FIRST_WAIT, LONGEST_WAIT = timedelta(seconds=30), timedelta(hours=1)
SIGNATURE_HEADER = "X-Gipf-Signature"


class WebhookError(ServiceError):
    """A webhook's URL the service does not send to (the message says why)."""


# --------------------------------------------------------------------------- the organiser's


def secret_of(event: Event) -> str:
    """The event's webhook secret, made now when it has none."""
    if not event.webhook_secret:
        event.webhook_secret = secrets.token_hex(32)
        Event.objects.filter(pk=event.pk, webhook_secret="").update(webhook_secret=event.webhook_secret)
        event.webhook_secret = Event.objects.values_list("webhook_secret", flat=True).get(pk=event.pk)
    return event.webhook_secret


def check_url(url: str) -> str:
    """``url`` stripped, when the service may send to it; a :class:`WebhookError` otherwise (a host
    written as a refused address is refused now; a name is checked at every attempt)."""
    url = (url or "").strip()
    if len(url) > 500:
        raise WebhookError(_("a webhook's URL is at most 500 characters"))
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise WebhookError(_("a webhook's URL starts with http:// or https:// and names a host"))
    if parts.username or parts.password:
        raise WebhookError(
            _("a webhook's URL carries no user name or password: the signature proves the sender")
        )
    try:
        address = ipaddress.ip_address(parts.hostname)
    except ValueError:
        address = None
    if (address is not None and refused(address)) or (
        parts.hostname.lower() == "localhost" and not settings.WEBHOOKS_ALLOW_PRIVATE
    ):
        raise WebhookError(_("a webhook is never sent to a loopback or private address"))
    return url


def add_webhook(event: Event, user: object, url: str) -> Webhook:
    require(user, Action.MANAGE_WEBHOOKS, event)
    url = check_url(url)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.webhooks.filter(url=url).exists():
            raise WebhookError(_("this URL is already a webhook of the event"))
        if event.webhooks.count() >= MAX_WEBHOOKS:
            raise WebhookError(_("an event has at most %(count)s webhooks") % {"count": MAX_WEBHOOKS})
        secret_of(event)
        return Webhook.objects.create(event=event, url=url)


def remove_webhook(webhook: Webhook, user: object) -> None:
    require(user, Action.MANAGE_WEBHOOKS, webhook.event)
    webhook.delete()


def new_secret(event: Event, user: object) -> str:
    """Replace the event's secret: the messages signed from now on are signed with the new one."""
    require(user, Action.MANAGE_WEBHOOKS, event)
    Event.objects.filter(pk=event.pk).update(webhook_secret=secrets.token_hex(32))
    event.refresh_from_db(fields=["webhook_secret"])
    return event.webhook_secret


def deliveries_of(event: Event, user: object) -> Any:
    require(user, Action.MANAGE_WEBHOOKS, event)
    return WebhookDelivery.objects.filter(webhook__event=event).select_related("webhook")


# --------------------------------------------------------------------------- messages


def signature(secret: str, body: bytes) -> str:
    """The signature header's value: ``sha256=`` and the HMAC-SHA256 of ``body`` with ``secret``, in hex."""
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def emit(event: Event, kind: str, data_of: Callable[[], dict[str, Any]]) -> list[int]:
    """One delivery of ``kind`` to each webhook of ``event``, its data ``data_of()`` (read only when
    there is one), in the caller's transaction; each sent once it commits. The deliveries' ids."""
    if not event.webhook_secret:  # made with its first URL: an event that never had one asks nothing
        return []
    hooks = list(Webhook.objects.filter(event_id=event.pk).order_by("pk"))
    ids: list[int] = []
    now = timezone.now()
    data = data_of() if hooks else {}
    for hook in hooks:
        delivery = WebhookDelivery.objects.create(webhook=hook, kind=kind, body="", next_attempt_at=now)
        message = {
            "id": delivery.pk,
            "kind": kind,
            "event": event.slug,
            "sent_at": now.isoformat(),
            "data": data,
        }
        delivery.body = json.dumps(message, sort_keys=True, separators=(",", ":"), default=str)
        delivery.save(update_fields=["body"])
        ids.append(delivery.pk)
    if ids:
        from tournaments.telling.tasks import deliver_webhook_task  # Celery loaded by what queues

        for pk in ids:
            enqueue_on_commit(deliver_webhook_task, pk)
    return ids


def round_data(round_: Round) -> dict[str, Any]:
    """A round as the webhooks tell it: its number, status, start, and each board with its players,
    result and games (their ids: ``/api/play/{id}/`` on the service)."""
    boards = []
    pairings = round_.pairings.select_related("white__player", "black__player").order_by("board")
    for pairing in pairings.prefetch_related("games"):
        boards.append(
            {
                "board": pairing.board,
                "white": pairing.white.player.handle,
                "black": pairing.black.player.handle if pairing.black is not None else None,
                "bye": pairing.bye or None,
                "result": pairing.results or None,
                "games": sorted(game.pk for game in pairing.games.all()),
            }
        )
    return {
        "round": round_.number,
        "status": round_.status,
        "on_service": played_on_service(round_),
        "starts_at": round_.starts_at.isoformat() if round_.starts_at else None,
        "boards": boards,
    }


def result_data(pairing: Pairing) -> dict[str, object]:
    """A pairing's result as the webhooks tell it (points in half-points)."""
    return {
        "round": pairing.round.number,
        "board": pairing.board,
        "white": pairing.white.player.handle,
        "black": pairing.black.player.handle if pairing.black is not None else None,
        "result": pairing.results,
        "white_half_points": pairing.white_score,
        "black_half_points": pairing.black_score,
        "source": pairing.source,
    }


def backoff(attempts: int) -> timedelta:
    """The wait before the next attempt after ``attempts`` failed ones: 30 s doubling, an hour at most."""
    return min(FIRST_WAIT * 2 ** max(attempts - 1, 0), LONGEST_WAIT)


def refused(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """Whether the service refuses to send to ``address`` (unless ``WEBHOOKS_ALLOW_PRIVATE``)."""
    if settings.WEBHOOKS_ALLOW_PRIVATE:
        return False
    mapped = getattr(address, "ipv4_mapped", None)
    address = mapped or address
    return bool(
        address.is_private
        or address.is_loopback
        or address.is_link_local
        or address.is_multicast
        or address.is_reserved
        or address.is_unspecified
    )


def _check_host(url: str) -> None:
    parts = urlsplit(url)
    host, port = parts.hostname or "", parts.port or (443 if parts.scheme == "https" else 80)
    try:
        found = socket.getaddrinfo(host, port, proto=socket.IPPROTO_TCP)
    except OSError as exc:
        raise WebhookError(_("the host %(host)s could not be resolved") % {"host": host}) from exc
    for *_rest, sockaddr in found:
        if refused(ipaddress.ip_address(str(sockaddr[0]).split("%")[0])):
            raise WebhookError(
                _("%(host)s is a loopback or private address: webhooks are never sent there") % {"host": host}
            )


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None  # a 3xx is an answer, not a place to go: the delivery fails with it


_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}), _NoRedirect())


def post(url: str, body: bytes, headers: dict[str, str]) -> int:
    """POST ``body`` to ``url``; the answer's status (an ``HTTPError``'s too). Raises for no answer."""
    _check_host(url)
    request = urllib.request.Request(url, data=body, method="POST", headers=headers)
    try:
        with _OPENER.open(request, timeout=settings.WEBHOOK_TIMEOUT) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as exc:
        return int(exc.code)


def _claim(delivery_id: int, now: datetime) -> WebhookDelivery | None:
    """The pending delivery, due by ``now``, taken for one attempt (its next attempt pushed past the
    attempt's time, so no other run takes it meanwhile); None when there is nothing to do."""
    with transaction.atomic():
        delivery = (
            WebhookDelivery.objects.select_for_update(skip_locked=True)
            .select_related("webhook__event")
            .filter(pk=delivery_id, status=WebhookDelivery.Status.PENDING)
            .first()
        )
        if delivery is None or (delivery.next_attempt_at and delivery.next_attempt_at > now):
            return None
        delivery.next_attempt_at = now + timedelta(seconds=3 * settings.WEBHOOK_TIMEOUT + 30)
        delivery.save(update_fields=["next_attempt_at"])
        return delivery


def deliver(delivery_id: int) -> str:
    """One attempt of a pending delivery that is due (idempotent: anything else is left alone); its
    status after it."""
    now = timezone.now()
    delivery = _claim(delivery_id, now)
    if delivery is None:
        return "not due"
    event = delivery.webhook.event
    body = delivery.body.encode()
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "gipf-tournaments-webhook/1",
        SIGNATURE_HEADER: signature(secret_of(event), body),
        "X-Gipf-Event": delivery.kind,
        "X-Gipf-Delivery": str(delivery.pk),
    }
    status, error = None, ""
    try:
        status = post(delivery.webhook.url, body, headers)
        if not 200 <= status < 300:
            error = _("the receiver answered %(status)s") % {"status": status}
    except WebhookError as exc:
        error = str(exc)
    except (OSError, ValueError) as exc:  # refused, timed out, reset, a bad answer
        error = f"{type(exc).__name__}: {exc}"
    return _record(delivery, status, error[:300])


def _record(delivery: WebhookDelivery, status: int | None, error: str) -> str:
    now = timezone.now()
    delivery.attempts += 1
    delivery.response_status = status
    delivery.error = error
    if not error:
        delivery.status, delivery.delivered_at, delivery.next_attempt_at = "delivered", now, None
    elif delivery.attempts >= ATTEMPTS:
        delivery.status, delivery.next_attempt_at = "failed", None
    else:
        delivery.next_attempt_at = now + backoff(delivery.attempts)
    with transaction.atomic():
        delivery.save(
            update_fields=[
                "attempts",
                "response_status",
                "error",
                "status",
                "delivered_at",
                "next_attempt_at",
            ]
        )
        if delivery.status == WebhookDelivery.Status.FAILED:
            telling.webhook_failing(delivery.webhook.event, delivery.webhook.url, error)
    if delivery.status == WebhookDelivery.Status.PENDING:
        _again_later(delivery)
    return str(delivery.status)


def _again_later(delivery: WebhookDelivery) -> None:
    """Queue the next attempt for its moment (a worker's; the embedded default's sweep instead)."""
    if settings.CELERY_TASK_ALWAYS_EAGER or delivery.next_attempt_at is None:
        return
    from tournaments.telling.tasks import deliver_webhook_task

    try:
        deliver_webhook_task.apply_async((delivery.pk,), eta=delivery.next_attempt_at)
    except Exception:  # the broker out of reach: the sweep sends it when it is due
        logger.warning("could not schedule webhook delivery %s; the sweep will", delivery.pk, exc_info=True)


def sweep_work(now: datetime) -> dict[str, list[int]]:
    """Queue every pending delivery due by ``now`` (its task lost, or scheduled on no worker)."""
    from tournaments.telling.tasks import deliver_webhook_task

    due = WebhookDelivery.objects.filter(status=WebhookDelivery.Status.PENDING, next_attempt_at__lte=now)
    sent = [
        pk for pk in due.order_by("pk").values_list("pk", flat=True)[:100] if send(deliver_webhook_task, pk)
    ]
    return {"webhooks": sent}
