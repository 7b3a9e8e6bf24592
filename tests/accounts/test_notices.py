"""Notices: players and officials are told when a result is submitted, disputed or decided.

The two-player DVONN board of tests.games (Ann White, Bob Black, Olga organiser, Ada arbiter, Sam
stranger): Ann submits a record Bob wins, Bob disputes it, Ada decides.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.core.mail.backends.base import BaseEmailBackend
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone

from accounts.models import Notice, NoticePreference
from common.sweep import sweep
from games.models import Decision
from games.records import confirmation, decisions
from tests.games.records.test_confirmation import BLACK_WINS, Board, make_board

pytestmark = pytest.mark.django_db


@pytest.fixture
def board(django_capture_on_commit_callbacks: Callable[..., Any]) -> Board:
    """The board, without the notices of its round's publication (each player told his board, issue
    36: tests/tournaments/autopilot): the notices here are a result's."""
    made = make_board(django_capture_on_commit_callbacks)
    assert Notice.objects.filter(kind=Notice.ROUND_PUBLISHED).count() == 2  # Ann and Bob
    Notice.objects.filter(kind=Notice.ROUND_PUBLISHED).delete()
    return made


def told(user: User) -> list[str]:
    return list(Notice.objects.filter(recipient=user).order_by("pk").values_list("text", flat=True))


def test_submission_dispute_and_decision_are_told_to_players_and_officials(board: Board) -> None:
    board.submit(board.ann, BLACK_WINS)
    game = board.game()
    # everyone concerned but Ann, who submitted it; not the stranger
    for user in (board.bob, board.olga, board.ada):
        assert len(told(user)) == 1 and "Ann submitted a record" in told(user)[0]
        assert "Trust test round 1 board 1" in told(user)[0]
    assert told(board.ann) == [] and told(board.sam) == []
    assert Notice.objects.filter(recipient=board.bob).get().link == game.get_absolute_url()

    board.run(confirmation.dispute, game, board.bob, "I resigned in a won position by mistake")
    for user in (board.ann, board.olga, board.ada):
        assert "Bob disputed the result" in told(user)[-1] and "won position by mistake" in told(user)[-1]
    assert len(told(board.bob)) == 1  # not told of his own dispute

    board.run(decisions.decide, game, board.ada, kind=Decision.Kind.FORFEIT, result="+/-", reason="Bob left")
    for user in (board.ann, board.bob, board.olga):
        assert "The arbiter decided" in told(user)[-1] and "+/- (Bob left)" in told(user)[-1]
    assert len(told(board.ada)) == 2 and told(board.sam) == []


def test_the_notices_page_shows_only_ones_own(board: Board) -> None:
    board.submit(board.ann, BLACK_WINS)
    bob, sam = Client(), Client()
    bob.force_login(board.bob)
    sam.force_login(board.sam)
    url = reverse("accounts:notices")
    assert "Ann submitted a record" in bob.get(url).content.decode()
    assert "Ann submitted a record" not in sam.get(url).content.decode()
    # the count in the navigation
    assert 'title="unread" data-unread-notices>1<' in bob.get("/").content.decode()
    notice = Notice.objects.get(recipient=board.bob)
    # another user's notice: not found, and left unread
    assert sam.post(url, {"notice": notice.pk}).status_code == 404
    notice.refresh_from_db()
    assert not notice.read
    assert bob.post(url, {"notice": notice.pk}).status_code == 302
    notice.refresh_from_db()
    assert notice.read
    assert 'title="unread" data-unread-notices hidden>0<' in bob.get("/").content.decode()
    assert Client().get(url).status_code == 302  # anonymous: sign in first


@override_settings(NOTICE_EMAILS=True)
def test_notices_are_emailed_after_commit(board: Board, django_capture_on_commit_callbacks: Any) -> None:
    board.ann.email = "ann@example.org"
    board.ann.save()
    board.submit(board.ann, BLACK_WINS)
    assert mail.outbox == []  # Ann is not told of her own submission; nobody else has an address
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        confirmation.dispute(board.game(), board.bob, "wrong game")
    assert mail.outbox == []  # nothing before the commit
    for callback in callbacks:
        callback()
    assert [message.to for message in mail.outbox] == [["ann@example.org"]]
    assert "Bob disputed the result" in mail.outbox[0].body
    assert board.game().get_absolute_url() in mail.outbox[0].body


@override_settings(NOTICE_EMAILS=True, EMAIL_BACKEND="tests.accounts.test_notices.BrokenBackend")
def test_a_failing_mail_server_is_logged_not_raised(
    board: Board, caplog: pytest.LogCaptureFixture, django_capture_on_commit_callbacks: Any
) -> None:
    """The e-mail's task (run in the request on the embedded default) finds the server down: the
    request is not failed, the notice stays, its e-mail owed (tried now) for the sweep, which sends
    it once the server is back."""
    board.bob.email = "bob@example.org"
    board.bob.save()
    game = board.game_or_create()
    client = Client()
    client.force_login(board.ann)
    with (
        caplog.at_level(logging.WARNING, logger="personal.tasks"),
        django_capture_on_commit_callbacks(execute=True),
    ):
        board.submit(board.ann, BLACK_WINS)
    assert "the mail server is out of reach" in caplog.text
    assert len(told(board.bob)) == 1  # the notice stays
    notice = Notice.objects.get(recipient=board.bob)
    assert (notice.delivery, notice.emailed_at is not None) == ("mail", True)  # owed, tried
    assert client.get(game.get_absolute_url()).status_code == 200
    later = timezone.now() + timedelta(minutes=16)  # past the sweep's wait for a tried e-mail
    with override_settings(EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend"):
        assert sweep(later).notice_emails == [notice.pk]
    assert [m.to for m in mail.outbox] == [["bob@example.org"]]
    notice.refresh_from_db()
    assert notice.delivery == "done"


@override_settings(NOTICE_EMAILS=False)
def test_no_email_when_notice_emails_are_off(board: Board) -> None:
    board.bob.email = "bob@example.org"
    board.bob.save()
    board.submit(board.ann, BLACK_WINS)
    assert mail.outbox == [] and len(told(board.bob)) == 1


class BrokenBackend(BaseEmailBackend):
    def send_messages(self, messages: object) -> int:
        raise ConnectionRefusedError("the SMTP server is down")


@override_settings(NOTICE_EMAILS=True)
def test_each_recipient_is_told_in_his_own_language(
    board: Board, django_capture_on_commit_callbacks: Any
) -> None:
    """Ann chose Ukrainian for her notices, Olga nothing (the site's default, English): Bob's
    dispute reaches each in hers, the e-mails too (the Ukrainian text is the catalogue's)."""
    NoticePreference.objects.create(user=board.ann, language="uk")
    board.ann.email, board.olga.email = "ann@example.org", "olga@example.org"
    board.ann.save()
    board.olga.save()
    board.submit(board.ann, BLACK_WINS)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        confirmation.dispute(board.game(), board.bob, "wrong game")
    assert told(board.ann)[-1].startswith("Bob оскаржив(-ла) результат партії")
    assert told(board.ann)[-1].endswith("«wrong game»; вирішує арбітр")
    assert told(board.olga)[-1].startswith("Bob disputed the result of")
    sent = {message.to[0]: message for message in mail.outbox}
    assert sent["ann@example.org"].subject.startswith("Турніри проєкту GIPF: Bob оскаржив(-ла) результат")
    assert "оскаржив(-ла)" in sent["ann@example.org"].body
    assert sent["olga@example.org"].subject.startswith("GIPF project tournaments: Bob disputed the result of")
    assert "Bob disputed the result" in sent["olga@example.org"].body
