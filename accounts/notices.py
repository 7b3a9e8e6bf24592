"""Notices: the one way a person is told something (issue 36). Any app writes a notice with
:func:`notify`; once its transaction commits, the notice goes to every channel its recipient has
(``personal.delivery``, connected to :data:`created`): his notices page and the header's count, his
player's own stream (``games.live.player_events``: the event ``notice``), and an e-mail where he has an
address and has not muted its kind.

The rules at home here:

* a notice has a kind (:data:`KINDS`: what it is about, what its recipient's preferences name), a
  text written in its recipient's language (:func:`language_of`: the one he chose, else the site's
  default), a link to a page of the site, and its ``params`` (the ids a program reads: the game, the
  event, the round);
* an app adding a kind registers it (:func:`register_kind`) with a label for the preferences; a
  notice of a kind nobody registered is still delivered, and e-mailed;
* :func:`notify` writes the notices in the caller's transaction and hands their ids to
  :data:`created` after it commits; a notice written otherwise (``Notice.objects.create``) reaches
  the same delivery (``personal.delivery`` listens to its save too), and one written in bulk by hand
  is found by the sweep. The database remembers what is owed (``Notice.delivery``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.dispatch import Signal
from django.utils import translation
from django.utils.functional import Promise
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from accounts.models import Notice, NoticePreference

# Sent once the transaction that wrote notices commits, with ``sender=Notice`` and ``ids`` (a list).
created = Signal()

ROUND_PUBLISHED, GAME_END = Notice.ROUND_PUBLISHED, "game-end"
DRAW_OFFER, TAKEBACK = "draw-offer", "takeback"
RESULT_SUBMITTED, RESULT_DISPUTED = "result-submitted", "result-disputed"
RESULT_DECIDED, RESULT_ANNULLED = "result-decided", "result-annulled"
DEADLINE = "deadline"

#: every kind of notice, with its label (the account page's e-mail preferences, the API's)
KINDS: dict[str, Promise | str] = {
    ROUND_PUBLISHED: _("A round with your game is published (when it starts)"),
    Notice.YOUR_MOVE: _("Your move in a correspondence game"),
    Notice.TIME_WARNING: _("Your clock runs low"),
    DRAW_OFFER: _("A draw is offered to you"),
    TAKEBACK: _("A takeback is asked of you"),
    GAME_END: _("Your game ends"),
    Notice.FORFEIT: _("A game of yours is lost by forfeit (no first move in time)"),
    Notice.CHALLENGE: _("Challenges to you and their answers"),
    RESULT_SUBMITTED: _("A result of your game is submitted"),
    RESULT_DISPUTED: _("A result of your game is disputed"),
    RESULT_DECIDED: _("A result of your game is decided by the arbiter"),
    RESULT_ANNULLED: _("Your game is annulled by the arbiter"),
    DEADLINE: _("A round you run passed its deadline (organisers and arbiters)"),
    Notice.AUTOPILOT: _("A step your event took by itself (organisers)"),
    Notice.AUTOPILOT_STOPPED: _("Your event's autopilot stopped (organisers)"),
    Notice.WEBHOOK_FAILING: _("A webhook of your event is failing (organisers)"),
}

#: the longest kind a notice stores (``Notice.kind``)
KIND_LENGTH = 20

Text = str | Callable[[], str]


def register_kind(kind: str, label: Promise | str) -> None:
    """Add a kind of notice (an app's own, in its ``ready``), with its label for the preferences."""
    if not kind or len(kind) > KIND_LENGTH:
        raise ValueError(f"a notice's kind has 1 to {KIND_LENGTH} characters: {kind!r}")
    KINDS.setdefault(kind, label)


def language_of(user_id: int | None) -> str:
    """The language of the user's notices: his stored one (``NoticePreference.language``), else the
    site's default."""
    found = NoticePreference.objects.filter(user_id=user_id).values_list("language", flat=True).first()
    return found or settings.LANGUAGE_CODE


def languages_of(user_ids: Iterable[int]) -> dict[int, str]:
    """Each user's notice language, read at once (the site's default for those who chose none)."""
    ids = list(user_ids)
    chosen = dict(NoticePreference.objects.filter(user_id__in=ids).values_list("user_id", "language"))
    return {uid: chosen.get(uid) or settings.LANGUAGE_CODE for uid in ids}


def written(text: Text, language: str) -> str:
    """``text`` in ``language``: a callable is called with that language active."""
    if not callable(text):
        return str(text)
    with translation.override(language):
        return capfirst(str(text()))


def notify(
    user_ids: Iterable[int | None],
    kind: str,
    text: Text,
    link: str = "",
    params: Mapping[str, Any] | None = None,
    languages: Mapping[int, str] | None = None,
) -> list[Notice]:
    """Tell each of ``user_ids`` (None and repeats are left out) something of ``kind``: ``text`` is
    written once per language of the recipients (a callable called in each, or a plain text), linking
    ``link``, with ``params`` for programs (``languages``: each recipient's, when the caller read them
    already). Written in the current transaction; delivered to every channel once it commits
    (:data:`created`). The notices written."""
    ids = sorted({uid for uid in user_ids if uid is not None})
    if not ids:
        return []
    if not kind or len(kind) > KIND_LENGTH:
        raise ValueError(f"a notice's kind has 1 to {KIND_LENGTH} characters: {kind!r}")
    if languages is None or not set(ids) <= set(languages):
        languages = languages_of(ids)
    else:
        languages = {uid: languages[uid] or settings.LANGUAGE_CODE for uid in ids}
    texts = {language: written(text, language) for language in set(languages.values())}
    notices = Notice.objects.bulk_create(
        [
            Notice(
                recipient_id=uid,
                kind=kind,
                text=texts[languages[uid]],
                link=link[:300],
                params=dict(params or {}),
            )
            for uid in ids
        ]
    )
    delivered_on_commit([notice.pk for notice in notices if notice.pk is not None])
    return notices


_batch: ContextVar[list[int] | None] = ContextVar("accounts_notices_batch", default=None)


def delivered_on_commit(ids: list[int]) -> None:
    """Hand the notices ``ids`` to their delivery once the transaction commits (at once outside one;
    a failure there is logged, never the writer's: the sweep delivers what is still owed); inside
    :func:`together`, with the others written there."""
    collected = _batch.get()
    if collected is not None:
        collected.extend(ids)
    elif ids:
        transaction.on_commit(lambda: created.send(sender=Notice, ids=ids), robust=True)


@contextmanager
def together() -> Iterator[list[int]]:
    """The notices written meanwhile (a round's to its players) are handed to their delivery
    together, once (one delivery, one e-mail task a batch), when the transaction commits."""
    collected: list[int] = []
    token = _batch.set(collected)
    try:
        yield collected
    finally:
        _batch.reset(token)
    delivered_on_commit(collected)


def read_about(user_ids: Iterable[int | None], link: str, kinds: Iterable[str]) -> int:
    """Mark read the unread notices of ``kinds`` linking ``link`` of ``user_ids`` (a game's notices
    about a move, once the move is made or the game is over); how many."""
    ids = [uid for uid in user_ids if uid is not None]
    if not ids:
        return 0
    kinds = [str(kind) for kind in kinds]  # a kind's text (a choice's value)
    with connection.cursor() as cursor:  # the statement composed once a process for its shape
        cursor.execute(_reading(len(ids), len(kinds)), [True, *ids, link, *kinds, False])
        return int(cursor.rowcount)


@functools.cache
def _reading(users: int, kinds: int) -> str:
    """:func:`read_about`'s update for ``users`` recipients and ``kinds`` kinds (as the ORM writes it)."""
    quote = connection.ops.quote_name
    field = functools.partial(_column, quote)
    return (
        f"UPDATE {quote(Notice._meta.db_table)} SET {field('read')} = %s "
        f"WHERE {field('recipient')} IN ({', '.join(['%s'] * users)}) AND {field('link')} = %s "
        f"AND {field('kind')} IN ({', '.join(['%s'] * kinds)}) AND {field('read')} = %s"
    )


def _column(quote: Callable[[str], str], name: str) -> str:
    return quote(Notice._meta.get_field(name).column)
