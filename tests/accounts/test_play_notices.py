"""Notices of play on the service (``personal.play_notices``): "your move", the time warning and
their e-mails (a digest a day at most by default, one a move on request), with the time moved by
hand.

Clock figures worked by hand: 1d/2d gives White one day for his first move and warns under a tenth
of the 2 days it banks (4 hours 48 minutes), so at 20 hours he is warned with 4 hours left; 5+3 gives 300 seconds, so at 241 seconds 59 are left
(under the minute's warning).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.conf import settings
from django.core import mail
from django.test import override_settings
from django.urls import reverse
from django.utils import translation

from accounts.models import Notice, NoticePreference
from common.sweep import sweep
from config.celery import app as celery_app
from games.models import Game
from games.play import service, state
from personal.play_notices import send_play_emails
from tests.games.play.timing import Clock, clocks_from_creation, frozen, person

# their clocks run from the creation: these tests are about a running clock, not the first moves
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("clocks_from_creation")]
__all__ = ["clocks_from_creation"]  # the fixture, imported to be found here


@pytest.fixture
def clock() -> Iterator[Clock]:
    with frozen() as at:
        yield at


@pytest.fixture
def people(db: None) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for name in ("Ann", "Bob"):
        found[name.lower()], found[name] = person(name)
    return found


def move(game: Game, people: dict[str, Any]) -> None:
    game.refresh_from_db()
    mover = state.player_to_move(game)
    assert mover is not None
    service.make_move(
        game, people[mover.display_name.lower()], state.legal_moves(game)[0], state.ply_of(game)
    )


def of(user: Any, kind: str) -> list[str]:
    return list(Notice.objects.filter(recipient=user, kind=kind, read=False).values_list("text", flat=True))


def test_your_move_is_one_notice_per_game_replaced_as_play_goes_on(
    people: dict[str, Any], clock: Clock
) -> None:
    game = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "3d/15d")
    move(game, people)
    assert of(people["bob"], Notice.YOUR_MOVE) == ["Your move in Ann – Bob (DVONN), move 1 played"]
    assert of(people["ann"], Notice.YOUR_MOVE) == []
    move(game, people)
    assert of(people["ann"], Notice.YOUR_MOVE) == ["Your move in Ann – Bob (DVONN), move 2 played"]
    assert of(people["bob"], Notice.YOUR_MOVE) == []  # he moved: cleared
    for _ in range(10):
        move(game, people)
    # twelve moves: one notice, for the player to move (Ann, White, after an even number)
    assert Notice.objects.filter(kind=Notice.YOUR_MOVE).count() == 1
    assert of(people["ann"], Notice.YOUR_MOVE) == ["Your move in Ann – Bob (DVONN), move 12 played"]
    # a read notice stays read and is not replaced: a new one comes beside it
    Notice.objects.filter(kind=Notice.YOUR_MOVE).update(read=True)
    move(game, people)
    move(game, people)
    assert Notice.objects.filter(recipient=people["ann"], kind=Notice.YOUR_MOVE).count() == 2


def test_the_time_warning_comes_once_a_move(people: dict[str, Any], clock: Clock, commit: Any) -> None:
    """1d/2d warns under a tenth of the 2 days banked at most: 4 hours 48 minutes."""
    game = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "1d/2d")
    clock.at(hours=19)
    assert commit(sweep, clock.now).time_warned == []  # 5 hours left: no warning yet
    clock.at(hours=20)
    assert commit(sweep, clock.now).time_warned == [game.pk]
    assert of(people["ann"], Notice.TIME_WARNING) == [
        "Only 4 hours left on your clock in Ann – Bob: move before it runs out"
    ]
    clock.at(hours=20, minutes=30)
    assert commit(sweep, clock.now).time_warned == []  # once a move
    clock.at(hours=20, minutes=40)
    move(game, people)
    assert of(people["ann"], Notice.TIME_WARNING) == []  # she moved: cleared
    # Bob has one day for his move from 20:40: warned from 4 h 48 min before its end, 39:52, on
    clock.at(hours=39, minutes=50)
    assert commit(sweep, clock.now).time_warned == []
    clock.at(hours=40, minutes=40)
    assert commit(sweep, clock.now).time_warned == [game.pk]
    assert of(people["bob"], Notice.TIME_WARNING) == [
        "Only 4 hours left on your clock in Ann – Bob: move before it runs out"
    ]


def test_a_live_game_warns_under_a_minute(people: dict[str, Any], clock: Clock, commit: Any) -> None:
    game = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "5+3")
    clock.at(seconds=239)
    assert commit(sweep, clock.now).time_warned == []  # 61 s left
    clock.at(seconds=241)
    assert commit(sweep, clock.now).time_warned == [game.pk]
    assert of(people["ann"], Notice.TIME_WARNING) == ["Less than a minute left on your clock in Ann – Bob"]


@override_settings(NOTICE_EMAILS=True)
def test_a_digest_a_day_at_most_by_default(people: dict[str, Any], clock: Clock) -> None:
    game = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "3d/15d")
    move(game, people)  # Bob to move
    assert send_play_emails() == 1
    assert [m.to for m in mail.outbox] == [["bob@example.org"]]
    assert "Your move in Ann – Bob" in mail.outbox[0].body and f"/games/{game.pk}/" in mail.outbox[0].body
    assert send_play_emails() == 0  # what went out is remembered
    clock.at(hours=2)
    move(game, people)  # Ann to move: her first digest
    assert send_play_emails() == 1 and mail.outbox[-1].to == ["ann@example.org"]
    move(game, people)  # Bob to move again, the same day: no second digest for him yet
    assert send_play_emails() == 0
    clock.at(hours=23, minutes=59)
    assert send_play_emails() == 0  # Bob's digest went out at 09:00 yesterday
    clock.at(hours=24)
    assert send_play_emails() == 1 and mail.outbox[-1].to == ["bob@example.org"]
    assert "move 3 played" in mail.outbox[-1].body
    assert len(mail.outbox) == 3


@override_settings(NOTICE_EMAILS=True)
def test_one_email_a_move_or_none_on_request(people: dict[str, Any], clock: Clock) -> None:
    NoticePreference.objects.create(user=people["bob"], move_emails=NoticePreference.MoveEmails.EACH)
    NoticePreference.objects.create(user=people["ann"], move_emails=NoticePreference.MoveEmails.NONE)
    game = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "3d/15d")
    move(game, people)
    assert send_play_emails() == 1
    move(game, people)  # Ann to move: she wants none
    move(game, people)  # Bob to move: one more
    assert send_play_emails() == 1
    assert [m.to for m in mail.outbox] == [["bob@example.org"], ["bob@example.org"]]
    assert send_play_emails() == 0


def test_no_emails_unless_the_site_sends_notices(people: dict[str, Any], clock: Clock) -> None:
    with override_settings(NOTICE_EMAILS=False):
        game = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "3d/15d")
        move(game, people)
        assert send_play_emails() == 0 and mail.outbox == []


def test_the_account_page_sets_the_emails(people: dict[str, Any], client: Any) -> None:
    client.force_login(people["ann"])
    assert 'value="daily" selected' in client.get("/accounts/me/").content.decode()
    client.post("/accounts/me/", {"action": "notice-emails", "move_emails": "each"})
    assert NoticePreference.objects.get(user=people["ann"]).move_emails == "each"
    refused = client.post("/accounts/me/", {"action": "notice-emails", "move_emails": "hourly"}, follow=True)
    assert "choose how often" in refused.content.decode()
    assert NoticePreference.objects.get(user=people["ann"]).move_emails == "each"


def test_beat_sends_the_play_emails() -> None:
    schedule = celery_app.conf.beat_schedule
    assert schedule["play-notices"]["task"] == "accounts.send_play_notices"
    from personal.tasks import send_play_notices_task  # what autodiscovery loads in a worker

    assert celery_app.tasks["accounts.send_play_notices"].name == send_play_notices_task.name


@override_settings(NOTICE_EMAILS=True)
def test_notices_of_play_are_written_in_each_recipients_language(
    people: dict[str, Any], clock: Clock, commit: Any
) -> None:
    """Bob reads his notices in Ukrainian, Ann in the site's default (English), whatever language the
    request that wrote them spoke. 1d/2d: Bob, to move from 0 h, is warned at 20 h with 4 hours left
    (Ukrainian: 4 is "години")."""
    NoticePreference.objects.create(user=people["bob"], language="uk")
    game = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "1d/2d")
    with translation.override("en-gb"):
        move(game, people)  # Ann's move, her request in English
    assert of(people["bob"], Notice.YOUR_MOVE) == ["Ваш хід у партії Ann – Bob (DVONN), зіграно ходів: 1"]
    clock.at(hours=20)
    assert commit(sweep, clock.now).time_warned == [game.pk]
    assert of(people["bob"], Notice.TIME_WARNING) == [
        "На вашому годиннику в партії Ann – Bob залишилося лише 4 години: зробіть хід, поки час не вичерпано"
    ]
    with translation.override("en-gb"):
        assert send_play_emails() == 1
    (digest,) = mail.outbox
    assert digest.to == ["bob@example.org"]
    assert digest.subject == "Турніри проєкту GIPF: Ваші партії на сервісі"
    assert "Ваш хід у партії Ann – Bob" in digest.body and "залишилося лише 4 години" in digest.body
    with translation.override("uk"):
        move(game, people)  # Bob's move, his request in Ukrainian
        assert send_play_emails() == 1
    assert of(people["ann"], Notice.YOUR_MOVE) == ["Your move in Ann – Bob (DVONN), move 2 played"]
    assert mail.outbox[-1].to == ["ann@example.org"]
    assert mail.outbox[-1].subject == "GIPF project tournaments: Your games on the service"
    assert "Your move in Ann – Bob (DVONN), move 2 played" in mail.outbox[-1].body


def test_the_account_page_sets_the_notices_language(people: dict[str, Any], client: Any) -> None:
    client.force_login(people["ann"])
    page = client.get("/accounts/me/").content.decode()
    assert 'name="language"' in page and 'value="en-gb" selected' in page  # the site's default
    client.post("/accounts/me/", {"action": "notice-emails", "move_emails": "each", "language": "uk"})
    chosen = NoticePreference.objects.get(user=people["ann"])
    assert (chosen.move_emails, chosen.language) == ("each", "uk")
    refused = client.post(
        "/accounts/me/", {"action": "notice-emails", "move_emails": "none", "language": "fr"}, follow=True
    )
    assert "choose one of the site" in refused.content.decode()
    chosen.refresh_from_db()
    assert (chosen.move_emails, chosen.language) == ("each", "uk")  # both or neither


def test_the_language_switcher_and_the_sign_in_keep_the_notices_language(
    people: dict[str, Any], client: Any
) -> None:
    # signing in stores the language the site speaks to a user who has none
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "uk"
    client.post(reverse("login"), {"username": "ann", "password": "pw-ann-12345"})
    assert NoticePreference.objects.get(user=people["ann"]).language == "uk"
    # the switcher, signed in: his choice
    client.post("/i18n/setlang/", {"language": "en-gb", "next": "/"})
    assert NoticePreference.objects.get(user=people["ann"]).language == "en-gb"
    client.post("/i18n/setlang/", {"language": "xx", "next": "/"})  # not a language of the site
    assert NoticePreference.objects.get(user=people["ann"]).language == "en-gb"
    # signing in again keeps the language he has
    client.logout()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "uk"
    client.post(reverse("login"), {"username": "ann", "password": "pw-ann-12345"})
    assert NoticePreference.objects.get(user=people["ann"]).language == "en-gb"
    # the switcher still switches the site for anyone, and stores nothing for a visitor
    client.logout()
    answer = client.post("/i18n/setlang/", {"language": "uk", "next": "/"})
    assert answer.status_code == 302 and answer.cookies[settings.LANGUAGE_COOKIE_NAME].value == "uk"
    assert not NoticePreference.objects.filter(user=people["bob"]).exists()
