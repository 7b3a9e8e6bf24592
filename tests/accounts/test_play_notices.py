"""Notices of play on the service (``personal.play_notices``): "your move" in a slow game, at most one
a game until he moves, read once he moves; the time warning; every notice e-mailed at once after
commit by its task (``personal.delivery``, ``personal.emails``), in the recipient's language, with
a signed one-click unsubscribe; per-kind choices on the account page.

Clock figures worked by hand: 1d/2d gives White one day for his first move and warns under a tenth
of the 2 days it banks (4 hours 48 minutes), so at 20 hours he is warned with 4 hours left; 5+3
gives 300 seconds and warns under 20 % of them, 60 seconds, so at 241 seconds 59 are left.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.core import mail
from django.test import override_settings
from django.urls import reverse
from django.utils import translation

from accounts.models import Notice, NoticePreference
from accounts.notices import notify
from common.sweep import sweep
from games.models import Game
from games.play import service, state
from tests.games.play.timing import Clock, clocks_from_creation, people_named

# their clocks run from the creation: these tests are about a running clock, not the first moves
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("clocks_from_creation")]
__all__ = ["clocks_from_creation"]  # the fixture, imported to be found here


@pytest.fixture
def people(db: None) -> dict[str, Any]:
    return people_named("Ann", "Bob")


def move(game: Game, people: dict[str, Any]) -> None:
    game.refresh_from_db()
    mover = state.player_to_move(game)
    assert mover is not None
    service.make_move(
        game, people[mover.display_name.lower()], state.legal_moves(game)[0], state.ply_of(game)
    )


def of(user: Any, kind: str) -> list[str]:
    return list(Notice.objects.filter(recipient=user, kind=kind, read=False).values_list("text", flat=True))


def test_your_move_is_one_unread_notice_a_game_read_once_he_moves(
    people: dict[str, Any], clock: Clock
) -> None:
    game = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "3d/15d")
    move(game, people)
    assert of(people["bob"], Notice.YOUR_MOVE) == ["Your move in Ann – Bob (DVONN), move 1 played"]
    assert of(people["ann"], Notice.YOUR_MOVE) == []
    move(game, people)
    assert of(people["ann"], Notice.YOUR_MOVE) == ["Your move in Ann – Bob (DVONN), move 2 played"]
    assert of(people["bob"], Notice.YOUR_MOVE) == []  # he moved: read
    for _ in range(10):
        move(game, people)
    # twelve moves: twelve notices, one unread, for the player to move (Ann, White, after an even number)
    assert Notice.objects.filter(kind=Notice.YOUR_MOVE).count() == 12
    assert Notice.objects.filter(kind=Notice.YOUR_MOVE, read=False).count() == 1
    assert of(people["ann"], Notice.YOUR_MOVE) == ["Your move in Ann – Bob (DVONN), move 12 played"]


def test_a_live_game_tells_his_move_on_his_stream_not_by_notice(people: dict[str, Any], clock: Clock) -> None:
    game = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "5+3")
    move(game, people)
    move(game, people)
    assert Notice.objects.filter(kind=Notice.YOUR_MOVE).count() == 0


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
    assert of(people["ann"], Notice.TIME_WARNING) == []  # she moved: read
    # Bob has one day for his move from 20:40: warned from 4 h 48 min before its end, 39:52, on
    clock.at(hours=39, minutes=50)
    assert commit(sweep, clock.now).time_warned == []
    clock.at(hours=40, minutes=40)
    assert commit(sweep, clock.now).time_warned == [game.pk]
    assert of(people["bob"], Notice.TIME_WARNING) == [
        "Only 4 hours left on your clock in Ann – Bob: move before it runs out"
    ]


def test_a_live_game_warns_under_a_fifth_of_its_time(
    people: dict[str, Any], clock: Clock, commit: Any
) -> None:
    game = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "5+3")
    clock.at(seconds=239)
    assert commit(sweep, clock.now).time_warned == []  # 61 s left
    clock.at(seconds=241)
    assert commit(sweep, clock.now).time_warned == [game.pk]
    assert of(people["ann"], Notice.TIME_WARNING) == [
        "Only 59 seconds left on your clock in Ann – Bob: move before it runs out"
    ]


@override_settings(NOTICE_EMAILS=True, SITE_URL="https://gipf.example.org")
def test_each_notice_is_emailed_at_once_after_commit(
    people: dict[str, Any], clock: Clock, commit: Any
) -> None:
    game = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "3d/15d")
    commit(move, game, people)  # Bob to move
    (sent,) = mail.outbox
    assert sent.to == ["bob@example.org"]
    assert sent.subject == "GIPF project tournaments: Your move in Ann – Bob (DVONN), move 1 played"
    assert f"https://gipf.example.org/games/{game.pk}/" in sent.body
    stop = sent.extra_headers["List-Unsubscribe"]
    assert stop.startswith("<https://gipf.example.org/accounts/unsubscribe/") and stop.endswith("/>")
    assert sent.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert stop[1:-1] in sent.body  # the same link in the body
    notice = Notice.objects.get(recipient=people["bob"], kind=Notice.YOUR_MOVE)
    assert (notice.delivery, notice.emailed_at) == ("done", clock.now)
    commit(move, game, people)  # Ann to move: hers
    assert [m.to for m in mail.outbox] == [["bob@example.org"], ["ann@example.org"]]
    assert commit(sweep, clock.now).notice_emails == []  # nothing owed: each went once


@override_settings(NOTICE_EMAILS=True)
def test_a_muted_kind_or_all_emails_off_sends_no_email(
    people: dict[str, Any], clock: Clock, commit: Any
) -> None:
    NoticePreference.objects.create(user=people["bob"], email_off=[Notice.YOUR_MOVE])
    NoticePreference.objects.create(user=people["ann"], emails=False)
    game = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "3d/15d")
    commit(move, game, people)
    commit(move, game, people)
    assert len(of(people["bob"], Notice.YOUR_MOVE)) + len(of(people["ann"], Notice.YOUR_MOVE)) == 1
    assert mail.outbox == []  # the notices came, no e-mail
    assert Notice.objects.exclude(delivery="done").count() == 0  # and none is owed
    # Bob's other kinds still come by e-mail; Ann's none
    commit(
        notify, [people["bob"].pk, people["ann"].pk], Notice.CHALLENGE, "A challenge", "/games/challenges/"
    )
    assert [m.to for m in mail.outbox] == [["bob@example.org"]]


def test_no_emails_unless_the_site_sends_notices(people: dict[str, Any], clock: Clock, commit: Any) -> None:
    with override_settings(NOTICE_EMAILS=False):
        game = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "3d/15d")
        commit(move, game, people)
        assert mail.outbox == [] and len(of(people["bob"], Notice.YOUR_MOVE)) == 1


def test_the_account_page_sets_the_emails_kind_by_kind(people: dict[str, Any], client: Any) -> None:
    client.force_login(people["ann"])
    page = client.get("/accounts/me/").content.decode()
    assert 'name="email" value="your-move" checked' in page and 'name="emails" checked' in page
    kinds = ["your-move", "time-warning", "round-published"]
    client.post(
        "/accounts/me/",
        {
            "action": "notice-emails",
            "kinds": kinds,
            "email": ["time-warning"],
            "emails": "on",
            "language": "uk",
        },
    )
    chosen = NoticePreference.objects.get(user=people["ann"])
    assert (chosen.email_off, chosen.emails, chosen.language) == (
        ["round-published", "your-move"],
        True,
        "uk",
    )
    page = client.get("/accounts/me/").content.decode()
    assert 'name="email" value="your-move">' in page and 'name="email" value="time-warning" checked' in page
    refused = client.post(
        "/accounts/me/", {"action": "notice-emails", "kinds": ["no-such-kind"], "language": "uk"}, follow=True
    )
    assert "there is no kind of notice" in refused.content.decode()
    refused = client.post(
        "/accounts/me/", {"action": "notice-emails", "kinds": kinds, "language": "fr"}, follow=True
    )
    assert "choose one of the site" in refused.content.decode()
    chosen.refresh_from_db()
    assert (chosen.email_off, chosen.emails, chosen.language) == (
        ["round-published", "your-move"],
        True,
        "uk",
    )


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
        commit(move, game, people)  # Ann's move, her request in English
    assert of(people["bob"], Notice.YOUR_MOVE) == ["Ваш хід у партії Ann – Bob (DVONN), зіграно ходів: 1"]
    assert (
        mail.outbox[-1].subject
        == "Турніри проєкту GIPF: Ваш хід у партії Ann – Bob (DVONN), зіграно ходів: 1"
    )
    assert "Припинити листи цього виду" in mail.outbox[-1].body
    clock.at(hours=20)
    with translation.override("en-gb"):
        assert commit(sweep, clock.now).time_warned == [game.pk]
    assert of(people["bob"], Notice.TIME_WARNING) == [
        "На вашому годиннику в партії Ann – Bob залишилося лише 4 години: зробіть хід, поки час не вичерпано"
    ]
    assert mail.outbox[-1].to == ["bob@example.org"] and "залишилося лише 4 години" in mail.outbox[-1].body
    with translation.override("uk"):
        commit(move, game, people)  # Bob's move, his request in Ukrainian
    assert of(people["ann"], Notice.YOUR_MOVE) == ["Your move in Ann – Bob (DVONN), move 2 played"]
    assert mail.outbox[-1].to == ["ann@example.org"]
    assert (
        mail.outbox[-1].subject == "GIPF project tournaments: Your move in Ann – Bob (DVONN), move 2 played"
    )
    assert "Stop e-mails of this kind" in mail.outbox[-1].body


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
