"""The one delivery of notices (``personal.delivery``): whoever writes a notice, however, it reaches
the stream and the e-mail once; what a crash or a bulk write leaves owed, the sweep delivers; a task
run twice sends nothing twice."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest
from django.core import mail
from django.test import override_settings
from django.utils import timezone
from django_eventstream.models import Event

from accounts.models import Notice
from common.sweep import sweep
from games.live import player_events
from personal import delivery, emails
from tests.games.play.timing import person

pytestmark = pytest.mark.django_db


@pytest.fixture
def ann(db: None) -> Any:
    user, player = person("Ann")
    return user, player


def stream(player: Any) -> list[tuple[str, dict[str, Any]]]:
    stored = Event.objects.filter(channel=player_events.channel_of(player.pk), eid__gt=0).order_by("eid")
    return [(event.type, json.loads(json.loads(event.data))) for event in stored]


@override_settings(NOTICE_EMAILS=True)
def test_a_notice_saved_by_hand_is_delivered_once_it_commits(ann: Any, commit: Any) -> None:
    user, player = ann
    made = commit(Notice.objects.create, recipient=user, kind="deadline", text="By hand", link="/x/")
    made.refresh_from_db()
    assert made.delivery == "done" and [m.subject for m in mail.outbox] == [
        "GIPF project tournaments: By hand"
    ]
    assert stream(player) == [
        (
            "notice",
            {
                "notice": made.pk,
                "kind": "deadline",
                "text": "By hand",
                "link": "/x/",
                "params": {},
                "unread": 1,
            },
        )
    ]
    # delivered again (a second run, the sweep): nothing more
    assert delivery.deliver([made.pk]) == [] and len(mail.outbox) == 1 and len(stream(player)) == 1


@override_settings(NOTICE_EMAILS=True)
def test_notices_written_in_bulk_by_hand_are_delivered_by_the_sweep(ann: Any) -> None:
    user, player = ann
    Notice.objects.bulk_create([Notice(recipient=user, kind="deadline", text=f"Bulk {n}") for n in range(3)])
    assert sweep(timezone.now()).notices_delivered == []  # not before the grace period
    later = timezone.now() + timedelta(seconds=61)
    assert len(sweep(later).notices_delivered) == 3
    assert sorted(m.subject for m in mail.outbox) == [f"GIPF project tournaments: Bulk {n}" for n in range(3)]
    assert [data["unread"] for _kind, data in stream(player)] == [3, 3, 3]
    assert sweep(later).notices_delivered == [] and len(mail.outbox) == 3


@override_settings(NOTICE_EMAILS=True)
def test_an_email_task_run_twice_sends_once(ann: Any) -> None:
    user, _player = ann
    notice = Notice.objects.create(recipient=user, kind="deadline", text="Once", delivery="mail")
    assert emails.send_emails([notice.pk]) == 1
    assert emails.send_emails([notice.pk]) == 0
    assert len(mail.outbox) == 1


@override_settings(NOTICE_EMAILS=True)
def test_no_address_gets_no_email(ann: Any, commit: Any) -> None:
    user, _player = ann
    user.email = ""
    user.save()
    made = commit(Notice.objects.create, recipient=user, kind="deadline", text="No address")
    made.refresh_from_db()
    assert (made.delivery, mail.outbox) == ("done", [])
