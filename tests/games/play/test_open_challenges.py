"""Issue 31's challenge journey, the server's side: open challenges (any other player accepts, the
first to accept plays, its challenger withdraws it), the opponent named by name with suggestions,
the time control chosen from presets, the challenged player told at once (notice in his language,
his stream, e-mail as he asked), and the Challenge button of a player's page."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import override_settings
from django.urls import reverse

from accounts.models import Notice, NoticePreference, Player
from games.errors import GameServiceError
from games.models import Challenge, Game
from games.play import challenges
from tests.games.play.test_challenges import api_of, person

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(db: None) -> dict[str, Any]:
    ann, bob, cid = person("Ann"), person("Bob"), person("Cid")
    Player.objects.filter(pk=ann.pk).update(display_name="Anna Vermeer")
    person("Dee", account=False)
    sam = User.objects.create_user("sam", password="pw-sam-12345")  # an account without a player
    return {"ann": ann.user, "bob": bob.user, "cid": cid.user, "sam": sam}


def test_an_open_challenge_is_listed_to_the_others_and_the_first_to_accept_plays(
    people: dict[str, Any], django_capture_on_commit_callbacks: Any
) -> None:
    ann, bob, cid = (api_of(people[n], django_capture_on_commit_callbacks) for n in ("ann", "bob", "cid"))
    sent = ann.post("/api/play/challenges/", {"game": "dvonn", "time_control": "5+3", "colour": "white"})
    assert sent.status_code == 201, sent.json()
    body = sent.json()
    assert (body["challenger"], body["challenged"], body["status"]) == ("ann", None, "open")
    # every other player sees it among the open ones; none has it "to me"
    assert [c["id"] for c in bob.get("/api/play/challenges/?to=anyone").json()] == [body["id"]]
    assert [c["id"] for c in cid.get("/api/play/challenges/?to=anyone&status=open").json()] == [body["id"]]
    assert bob.get("/api/play/challenges/?to=me").json() == []
    # the challenger does not accept his own, and nobody declines an open one
    own = ann.post(f"/api/play/challenges/{body['id']}/accept/")
    assert own.status_code == 400 and "your own challenge" in own.json()["detail"]
    declined = bob.post(f"/api/play/challenges/{body['id']}/decline/")
    assert declined.status_code == 400 and "open challenge is not declined" in declined.json()["detail"]
    # Cid accepts first: he plays Black (Ann chose White), 5 minutes each
    accepted = cid.post(f"/api/play/challenges/{body['id']}/accept/")
    assert accepted.status_code == 201
    game = Game.objects.get()
    assert (game.white.handle, game.black.handle, game.game) == ("ann", "cid", "dvonn")
    assert game.white_time == game.black_time == timedelta(minutes=5)
    # Bob comes second: a 409 naming what became of it, and still one game
    late = bob.post(f"/api/play/challenges/{body['id']}/accept/")
    assert late.status_code == 409 and "it was accepted" in late.json()["detail"]
    assert Game.objects.count() == 1
    shown = ann.get(f"/api/play/challenges/{body['id']}/").json()
    assert (shown["challenged"], shown["status"], shown["game_id"]) == ("cid", "accepted", game.pk)
    # no longer open: gone from Bob's list of open ones
    assert bob.get("/api/play/challenges/?to=anyone").json() == []


def test_an_acceptance_read_before_another_committed_finds_it_taken(people: dict[str, Any]) -> None:
    """The race of two acceptances: the second read the challenge open, the first committed meanwhile;
    the service reads it again under its lock and refuses (409), one game."""
    sent = challenges.challenge(people["ann"], None, "dvonn")
    seen_open = Challenge.objects.get(pk=sent.pk)  # what the second request read
    challenges.accept(Challenge.objects.get(pk=sent.pk), people["bob"])
    assert seen_open.status == "open"
    with pytest.raises(challenges.ChallengeClosed, match="it was accepted"):
        challenges.accept(seen_open, people["cid"])
    assert Game.objects.count() == 1 and Challenge.objects.get().challenged.handle == "bob"


def test_an_open_challenge_is_withdrawn_by_its_challenger_only(
    people: dict[str, Any], django_capture_on_commit_callbacks: Any
) -> None:
    ann, bob = (api_of(people[n], django_capture_on_commit_callbacks) for n in ("ann", "bob"))
    pk = ann.post("/api/play/challenges/", {"opponent": "", "game": "yinsh"}).json()["id"]
    assert bob.post(f"/api/play/challenges/{pk}/withdraw/").status_code == 403
    assert ann.post(f"/api/play/challenges/{pk}/withdraw/").json()["status"] == "withdrawn"
    assert "it was withdrawn" in bob.post(f"/api/play/challenges/{pk}/accept/").json()["detail"]
    # an account without a player accepts nothing: named
    other = ann.post("/api/play/challenges/", {"opponent": None, "game": "yinsh"}, format="json").json()["id"]
    sam = api_of(people["sam"], django_capture_on_commit_callbacks)
    refused = sam.post(f"/api/play/challenges/{other}/accept/")
    assert refused.status_code == 400 and "not linked to a player" in refused.json()["detail"]


@pytest.mark.parametrize(
    ("query", "problem"),
    [("to=everyone", "“everyone” is not whom"), ("status=pending", "“pending” is not a challenge's state")],
)
def test_a_bad_filter_of_the_list_is_a_400_naming_it(
    people: dict[str, Any], django_capture_on_commit_callbacks: Any, query: str, problem: str
) -> None:
    answer = api_of(people["bob"], django_capture_on_commit_callbacks).get(f"/api/play/challenges/?{query}")
    assert answer.status_code == 400 and problem in answer.json()["detail"]


def test_the_opponent_is_named_by_his_name_and_suggested(people: dict[str, Any], client: Any) -> None:
    sent = challenges.challenge(people["bob"], "anna vermeer", "dvonn")
    assert sent.challenged.handle == "ann"
    with pytest.raises(GameServiceError, match="there is no player “Dee”"):
        challenges.challenge(people["bob"], "Dee", "dvonn")  # no account: not found by name
    client.force_login(people["bob"])
    url = reverse("games:challenge-players")
    # "an" is in Anna Vermeer's name and handle; Dee has no account; Bob is not offered himself
    assert client.get(url, {"q": "an"}).json() == {"players": [{"handle": "ann", "name": "Anna Vermeer"}]}
    assert client.get(url, {"q": "b"}).json() == {"players": []}  # one letter: nothing yet
    assert client.get(url, {"q": "bo"}).json() == {"players": []}
    assert client.get(url, {"q": "CI"}).json() == {"players": [{"handle": "cid", "name": "Cid"}]}
    client.logout()
    assert client.get(url, {"q": "an"}).status_code == 302  # to sign in


@pytest.mark.parametrize(
    ("data", "stored"),
    [
        ({"clock": "3+2"}, "3+2"),
        ({"clock": "3d/15d"}, "3d/15d"),
        ({"clock": ""}, ""),
        ({"clock": "custom", "time_control": "20+20"}, "20+20"),
    ],
)
def test_the_time_control_is_a_preset_or_written(
    people: dict[str, Any], client: Any, data: dict[str, str], stored: str
) -> None:
    client.force_login(people["ann"])
    sent = client.post(
        reverse("games:challenges"), {"opponent": "bob", "game": "dvonn", "colour": "white", **data}
    )
    assert sent.status_code == 302
    assert Challenge.objects.get().time_control == stored


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ({"clock": "custom", "time_control": ""}, "write the time control you chose"),
        ({"clock": "custom", "time_control": "5 min"}, "write a time control"),
        ({"clock": "2+1"}, "Select a valid choice"),
        ({"opponent": "", "clock": "5+3"}, "name the player you challenge, or make the challenge open"),
    ],
)
def test_the_form_names_what_is_wrong(
    people: dict[str, Any], client: Any, data: dict[str, str], problem: str
) -> None:
    client.force_login(people["ann"])
    answer = client.post(reverse("games:challenges"), {"opponent": "bob", "game": "dvonn", **data})
    assert answer.status_code == 400 and problem in answer.content.decode()
    assert not Challenge.objects.exists()


def test_the_play_page_sends_an_open_challenge_and_lists_it_to_the_others(
    people: dict[str, Any], client: Any
) -> None:
    client.force_login(people["ann"])
    sent = client.post(
        reverse("games:challenges"),
        {"open_to_all": "on", "opponent": "ignored", "game": "dvonn", "clock": "5+3", "colour": "black"},
    )
    assert sent.status_code == 302
    challenge = Challenge.objects.get()
    assert (challenge.challenged, challenge.time_control) == (None, "5+3")
    page = client.get(reverse("games:challenges")).content.decode()
    assert "anyone (open)" in page and "Withdraw" in page
    client.force_login(people["cid"])
    page = client.get(reverse("games:challenges")).content.decode()
    accept = reverse("games:challenge-answer", args=[challenge.pk, "accept"])
    assert accept in page and reverse("games:challenge-answer", args=[challenge.pk, "decline"]) not in page
    opened = client.post(accept)
    assert opened["Location"] == Game.objects.get().get_absolute_url()


def test_the_play_page_shows_options_only_for_the_games_that_take_them(
    people: dict[str, Any], client: Any
) -> None:
    client.force_login(people["ann"])
    page = client.get(reverse("games:challenges") + "?opponent=bob").content.decode()
    assert 'value="bob"' in page  # the opponent from the player's page
    # GIPF's set of potentials: its field is marked with the GIPF games that declare it, not DVONN
    marked = page.split('data-option-games="')[1].split('"')[0].split()
    assert marked and all(key.startswith("gipf") for key in marked) and "dvonn" not in marked
    assert 'value="10+5" selected' in page and 'value="custom"' in page


def test_the_challenged_is_told_in_his_language_and_by_e_mail_as_he_asked(
    people: dict[str, Any], django_capture_on_commit_callbacks: Any
) -> None:
    people["bob"].email = "bob@example.org"
    people["bob"].save()
    NoticePreference.objects.create(user=people["bob"], language="uk")
    with override_settings(NOTICE_EMAILS=True), django_capture_on_commit_callbacks(execute=True):
        sent = challenges.challenge(people["ann"], "bob", "dvonn", "3d/15d")
    notice = Notice.objects.get(recipient=people["bob"])
    assert notice.kind == "challenge" and notice.link == f"/games/challenges/#challenge-{sent.pk}"
    assert notice.text == "Anna Vermeer викликає вас на гру DVONN (3d/15d)"
    assert [m.to for m in mail.outbox] == [["bob@example.org"]]
    assert "Anna Vermeer викликає вас" in mail.outbox[0].subject
    # accepted: his notice goes, Ann's says the game has begun, linking it
    with django_capture_on_commit_callbacks(execute=True):
        game = challenges.accept(sent, people["bob"])
    assert not Notice.objects.filter(recipient=people["bob"]).exists()
    told = Notice.objects.get(recipient=people["ann"])
    assert told.link == game.get_absolute_url()
    assert told.text == "Bob accepted your challenge to DVONN (3d/15d): the game has begun"


def test_no_e_mail_for_a_player_who_asked_for_none_and_no_notice_for_an_open_challenge(
    people: dict[str, Any], django_capture_on_commit_callbacks: Any
) -> None:
    people["bob"].email = "bob@example.org"
    people["bob"].save()
    NoticePreference.objects.create(user=people["bob"], email_off=["challenge"])
    with override_settings(NOTICE_EMAILS=True), django_capture_on_commit_callbacks(execute=True):
        withdrawn = challenges.challenge(people["ann"], "bob", "yinsh")
        challenges.challenge(people["ann"], "", "yinsh")
    assert mail.outbox == []
    assert Notice.objects.get().recipient == people["bob"]
    challenges.withdraw(withdrawn, people["ann"])
    assert not Notice.objects.exists()  # taken back with the challenge


def test_the_challenge_button_of_a_player_page(people: dict[str, Any], client: Any) -> None:
    bob_page = reverse("tournaments:player-detail", args=["bob"])
    # anonymous: a sign-in link that comes back to the form with Bob filled in
    page = client.get(bob_page).content.decode()
    assert 'href="/accounts/login/?next=/games/challenges/%3Fopponent%3Dbob"' in page
    client.force_login(people["ann"])
    page = client.get(bob_page).content.decode()
    assert 'href="/games/challenges/?opponent=bob#challenge-form"' in page
    assert "?opponent=" not in client.get(reverse("tournaments:player-detail", args=["ann"])).content.decode()
    dee = client.get(reverse("tournaments:player-detail", args=["dee"])).content.decode()
    assert "Dee has no account yet: he cannot be challenged" in dee and "?opponent=" not in dee
    # an account without a player sees no button
    client.force_login(people["sam"])
    assert "?opponent=" not in client.get(bob_page).content.decode()
    # the navigation leads to the Play page
    assert 'href="/games/challenges/"' in client.get("/").content.decode()
