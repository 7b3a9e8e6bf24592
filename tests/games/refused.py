"""A record submitted for a board of a small round robin, and the record's page: shared by each
game's test of a refused record's board (``games:record-detail`` shows the position before the
refused ply)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from games.models import SubmittedRecord
from games.records import services
from tournaments.events import services as event_services
from tournaments.models import Pairing
from tournaments.registration import services as registration_services


def anns_board(capture: Any, name: str, game: str) -> tuple[User, Pairing]:
    """Olga's round robin of Ann (1900) and Bob (1800) in ``game``, started with Ann White: Olga and
    its one pairing."""
    olga = User.objects.create_user("olga", password="pw-olga-12345")
    event = event_services.create_event(olga, name=name, game=game, pairing_system="round-robin")
    registration_services.register_list(event, olga, "Ann 1900\nBob 1800")
    with capture(execute=True):
        round_ = event_services.start_event(event, olga, "white")
    return olga, Pairing.objects.get(round=round_, white__player__display_name="Ann")


def submitted_page(capture: Any, name: str, game: str, text: str) -> tuple[SubmittedRecord, str]:
    """``text`` submitted by Olga for Ann's board (see :func:`anns_board`): the record as stored, and
    its page's HTML."""
    olga, pairing = anns_board(capture, name, game)
    with capture(execute=True):
        record = services.submit_record(pairing, olga, text, 1)
    record.refresh_from_db()
    return record, Client().get(reverse("games:record-detail", args=[record.pk])).content.decode()
