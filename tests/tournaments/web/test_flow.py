"""The organiser's flow through the web pages, end to end (round robin, withdrawals, 2-game matches).

Pairing and standings run as Celery tasks queued with ``delay_on_commit`` (eager in the test
settings); the ``client`` fixture runs them when each request ends, as its commit would.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.contrib.messages import get_messages
from django.urls import reverse

from arbiter import registry
from games.records import services as game_services
from tests.conftest import event_form_data, make_event, start
from tournaments.models import Event, Pairing, Registration, Round, Standing

pytestmark = pytest.mark.django_db

# Who wins each encounter (None: a draw), independent of colours.
OUTCOMES = {
    frozenset({"Anna", "Bert"}): "Anna",
    frozenset({"Anna", "Cees"}): None,
    frozenset({"Anna", "Dirk"}): "Dirk",
    frozenset({"Bert", "Cees"}): "Bert",
    frozenset({"Bert", "Dirk"}): "Bert",
    frozenset({"Cees", "Dirk"}): "Cees",
}


def code_for(pairing: Pairing) -> str:
    white, black = pairing.white.player.display_name, pairing.black.player.display_name
    winner = OUTCOMES[frozenset({white, black})]
    return "1/2-1/2" if winner is None else "1-0" if winner == white else "0-1"


def texts(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


@pytest.fixture
def signed_in(client, organiser):
    """The organiser, signed in through the sign-in page."""
    response = client.post(reverse("login"), {"username": "olga", "password": "pw-olga-12345"})
    assert response.status_code == 302
    return organiser


def create_event(client, **overrides) -> Event:
    data = event_form_data(
        "Spring Open",
        "gipf-standard",
        rounds="",
        tie_break_1="direct-encounter",
        tie_break_2="sonneborn-berger",
        location="Haarlem",
        start_date="2025-04-12",
    )
    data.update(overrides)
    response = client.post(reverse("tournaments:event-create"), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    return Event.objects.get(name=data["name"])


def round_pairings(event: Event, number: int) -> list[Pairing]:
    return list(
        Pairing.objects.filter(round__event=event, round__number=number).select_related(
            "white__player", "black__player"
        )
    )


def test_sign_in_and_out(client):
    response = client.get(reverse("login"))
    assert response.status_code == 200
    assert "Sign in" in response.content.decode()
    get_user_model().objects.create_user("someone", password="pw-someone-1")
    response = client.post(reverse("login"), {"username": "someone", "password": "wrong"})
    assert response.status_code == 200 and "Please enter a correct username" in response.content.decode()
    response = client.post(reverse("login"), {"username": "someone", "password": "pw-someone-1"})
    assert response.status_code == 302
    page = client.get(reverse("tournaments:event-list")).content.decode()
    assert "someone" in page and "Sign out" in page and "New event" in page
    response = client.post(reverse("logout"))
    assert response.status_code == 302
    assert "Sign out" not in client.get(reverse("tournaments:event-list")).content.decode()


def test_round_robin_from_creation_to_final_standings(client, signed_in):
    event = create_event(client)
    assert event.organisers.filter(pk=signed_in.pk).exists()
    assert (event.win_points, event.draw_points, event.loss_points, event.bye_points) == (2, 1, 0, 2)
    # stored as FIDE C.07 codes (issue 10)
    assert event.tie_breaks == ["DE", "SB"]
    assert event.status == Event.Status.CREATED

    url = reverse("tournaments:registrations", args=[event.slug])
    response = client.post(url, {"action": "paste", "players": "Anna, 2000\nBert 1900\nCees, 1800\n"})
    assert response.status_code == 302
    assert "3 players registered." in texts(response)
    response = client.post(url, {"action": "register", "name": "Dirk", "rating": "1700"})
    assert response.status_code == 302
    assert event.registrations.count() == 4

    response = client.post(
        reverse("tournaments:event-start", args=[event.slug]), {"top_seed_colour": "white"}
    )
    round_1_url = reverse("tournaments:round-detail", args=[event.slug, 1])
    assert response.status_code == 302 and response["Location"] == round_1_url
    event.refresh_from_db()
    assert event.status == Event.Status.RUNNING and event.rounds == 3 and event.top_seed_colour == "white"
    numbers = dict(event.registrations.values_list("player__display_name", "pairing_number"))
    assert numbers == {"Anna": 1, "Bert": 2, "Cees": 3, "Dirk": 4}

    for number in (1, 2, 3):
        round_url = reverse("tournaments:round-detail", args=[event.slug, number])
        round_ = Round.objects.get(event=event, number=number)
        assert round_.status == Round.Status.PAIRED
        pairings = round_pairings(event, number)
        assert len(pairings) == 2 and not any(p.is_bye for p in pairings)
        page = client.get(round_url).content.decode()
        for pairing in pairings:
            assert pairing.white.player.display_name in page and pairing.black.player.display_name in page
        assert "Save results" in page

        first, second = pairings
        # the round form with board 2 left empty
        response = client.post(
            reverse("tournaments:round-results", args=[event.slug, number]),
            {f"board{first.board}_game1": code_for(first), f"board{second.board}_game1": ""},
        )
        assert response.status_code == 302
        # closing is refused and names the missing board
        response = client.post(
            reverse("tournaments:round-close", args=[event.slug, number]), {"confirmed": "yes"}
        )
        assert response.status_code == 302
        message = " ".join(texts(response))
        assert f"board {second.board}" in message and str(second) in message
        assert f"board {first.board} " not in message
        round_.refresh_from_db()
        assert round_.status == Round.Status.PAIRED

        # board 2 on its own page: first a wrong result, then the correction
        board_url = reverse("tournaments:pairing-result", args=[event.slug, number, second.board])
        assert client.get(board_url).status_code == 200
        wrong = "0-1" if code_for(second) != "0-1" else "1-0"
        assert client.post(board_url, {"result": wrong}).status_code == 302
        assert Pairing.objects.get(pk=second.pk).results == wrong
        assert client.post(board_url, {"result": code_for(second)}).status_code == 302
        assert Pairing.objects.get(pk=second.pk).results == code_for(second)

        response = client.post(
            reverse("tournaments:round-close", args=[event.slug, number]), {"confirmed": "yes"}
        )
        assert response.status_code == 302
        round_.refresh_from_db()
        assert round_.status == Round.Status.CLOSED
        assert Standing.objects.filter(event=event, after_round=number).count() == 4

        if number < 3:
            # finishing early is refused
            response = client.post(
                reverse("tournaments:event-finish", args=[event.slug]), {"confirmed": "yes"}
            )
            assert "only" in " ".join(texts(response))
            response = client.post(reverse("tournaments:round-pair-next", args=[event.slug]))
            assert response["Location"] == reverse("tournaments:round-detail", args=[event.slug, number + 1])

    # every pair met exactly once
    met = {
        frozenset({p.white.player.display_name, p.black.player.display_name})
        for n in (1, 2, 3)
        for p in round_pairings(event, n)
    }
    assert met == set(OUTCOMES)

    response = client.post(reverse("tournaments:round-pair-next", args=[event.slug]))
    assert "all 3 rounds have been played" in " ".join(texts(response))
    assert event.round_set.count() == 3

    response = client.post(reverse("tournaments:event-finish", args=[event.slug]), {"confirmed": "yes"})
    assert response["Location"] == reverse("tournaments:standings", args=[event.slug])
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED

    # By hand: Bert 2 (beat Cees, Dirk); Anna 1½ (beat Bert, drew Cees); Cees 1½ (drew Anna, beat
    # Dirk); Dirk 1 (beat Anna). Anna and Cees drew each other (direct encounter equal), so
    # Sonneborn-Berger decides: Anna 1×2 + ½×1½ = 2¾, Cees ½×1½ + 1×1 = 1¾.
    expected = [("Bert", 1, 4), ("Anna", 2, 3), ("Cees", 3, 3), ("Dirk", 4, 2)]
    stored = Standing.objects.filter(event=event, after_round=3).select_related("registration__player")
    assert [(s.registration.player.display_name, s.rank, s.points) for s in stored] == expected
    by_name = {s.registration.player.display_name: s for s in stored}
    # stored by C.07 code as decimals (issue 10): 2¾ and 1¾ as above (C.07 9.1 SB, round robin)
    assert by_name["Anna"].tie_breaks["SB"] == "2.75"
    assert by_name["Cees"].tie_breaks["SB"] == "1.75"

    page = client.get(reverse("tournaments:standings", args=[event.slug])).content.decode()
    assert "Final standings" in page
    order = [page.index(f">{name}</a>") for name, _, _ in expected]
    assert order == sorted(order)
    rows = re.findall(r"<tr\s*>(.*?)</tr>", page, flags=re.S)
    anna = next(row for row in rows if ">Anna<" in row)
    # the page shows tie-break values as decimals labelled by C.07 code (issue 10): SB 2¾ is 2.75
    assert "1½" in anna and "2.75" in anna
    assert "<abbr" in page and "DE" in page and "SB" in page

    crosstable = client.get(reverse("tournaments:crosstable", args=[event.slug]))
    assert crosstable.status_code == 200
    assert "R3" in crosstable.content.decode()


def test_withdrawal_in_a_running_round_robin_gives_forfeits(client, signed_in):
    event = create_event(client, name="Withdrawal Cup")
    url = reverse("tournaments:registrations", args=[event.slug])
    client.post(url, {"action": "paste", "players": "Anna 2000\nBert 1900\nCees 1800\nDirk 1700"})
    client.post(reverse("tournaments:event-start", args=[event.slug]), {"top_seed_colour": "lot"})
    event.refresh_from_db()
    assert event.top_seed_colour in ("white", "black")  # drawn by lot: either, but drawn

    dirk = Registration.objects.get(event=event, player__display_name="Dirk")
    response = client.post(url, {"action": "withdraw", "confirmed": "yes", "registration": dirk.pk})
    assert response.status_code == 302
    assert "Dirk withdrawn from round 2 on." in texts(response)
    dirk.refresh_from_db()
    assert dirk.status == Registration.Status.WITHDRAWN and dirk.withdrawn_from_round == 2
    # a second withdrawal is refused with a message
    response = client.post(url, {"action": "withdraw", "confirmed": "yes", "registration": dirk.pk})
    assert "Dirk has already withdrawn" in " ".join(texts(response))
    # a round robin takes no new players once running
    response = client.post(url, {"action": "register", "name": "Eva"})
    assert response.status_code == 302
    assert "A round robin cannot take players after it has started." in texts(response)
    assert not event.registrations.filter(player__display_name="Eva").exists()

    for pairing in round_pairings(event, 1):
        client.post(
            reverse("tournaments:pairing-result", args=[event.slug, 1, pairing.board]), {"result": "1-0"}
        )
    client.post(reverse("tournaments:round-close", args=[event.slug, 1]), {"confirmed": "yes"})
    client.post(reverse("tournaments:round-pair-next", args=[event.slug]))
    # Berger round 2 for four is 4-3 and 1-2, with the colours of the lot: Dirk meets Cees and
    # loses by forfeit, whichever colour he has.
    dirk_board = next(p for p in round_pairings(event, 2) if dirk.pk in (p.white_id, p.black_id))
    assert {dirk_board.white.player.display_name, dirk_board.black.player.display_name} == {"Dirk", "Cees"}
    assert dirk_board.source == Pairing.Source.FORFEIT
    dirk_has_white = dirk_board.white_id == dirk.pk
    assert dirk_board.results == ("-/+" if dirk_has_white else "+/-")
    assert (dirk_board.white_score, dirk_board.black_score) == ((0, 2) if dirk_has_white else (2, 0))
    other = next(p for p in round_pairings(event, 2) if p.pk != dirk_board.pk)
    assert other.source != Pairing.Source.FORFEIT and other.results == ""
    page = client.get(reverse("tournaments:round-detail", args=[event.slug, 2])).content.decode()
    assert "forfeit" in page


def test_two_game_matches_take_two_codes(client, signed_in):
    event = create_event(client, name="Match Day", games_per_pairing="2", game="dvonn")
    client.post(
        reverse("tournaments:registrations", args=[event.slug]),
        {"action": "paste", "players": "Anna 2000\nBert 1900"},
    )
    client.post(reverse("tournaments:event-start", args=[event.slug]), {"top_seed_colour": "white"})
    (pairing,) = round_pairings(event, 1)
    results_url = reverse("tournaments:round-results", args=[event.slug, 1])
    # only one game of the two: a form error, nothing stored
    response = client.post(results_url, {"board1_game1": "1-0", "board1_game2": ""})
    assert response.status_code == 400
    assert "Enter every game of the match." in response.content.decode()
    assert Pairing.objects.get(pk=pairing.pk).white_score is None
    # game 1 won by White, game 2 (colours swapped) drawn: 1½ – ½
    response = client.post(results_url, {"board1_game1": "1-0", "board1_game2": "1/2-1/2"})
    assert response.status_code == 302
    pairing.refresh_from_db()
    assert pairing.results == "1-0 1/2-1/2"
    assert (pairing.white_score, pairing.black_score) == (3, 1)
    # the board page wants two codes
    board_url = reverse("tournaments:pairing-result", args=[event.slug, 1, 1])
    response = client.post(board_url, {"result": "1-0"})
    assert response.status_code == 400
    assert "expected 2 game results" in response.content.decode()
    assert client.post(board_url, {"result": "0-1 0-1"}).status_code == 302
    pairing.refresh_from_db()
    assert (pairing.white_score, pairing.black_score) == (2, 2)
    page = client.get(reverse("tournaments:round-detail", args=[event.slug, 1])).content.decode()
    assert "1 – 1" in page


def test_arbiter_decision_is_recorded_and_not_overridden_by_a_record(client, organiser, commit) -> None:  # type: ignore[no-untyped-def]
    event = make_event(organiser, "Ann 1900\nBob 1800", name="Adjudicated", game="dvonn")
    pairing = start(event, organiser).pairings.get()
    client.force_login(organiser)
    url = reverse("tournaments:pairing-result", args=[event.slug, 1, pairing.board])
    response = client.post(url, {"result": "1/2-1/2", "arbiter_decision": "on"})
    assert response.status_code == 302
    pairing.refresh_from_db()
    assert (pairing.results, pairing.source) == ("1/2-1/2", Pairing.Source.ARBITER)
    record = commit(
        game_services.submit_record,
        pairing,
        organiser,
        registry.random_record("dvonn", 3, {"White": "Ann", "Black": "Bob"}),
    )
    record.refresh_from_db()
    pairing.refresh_from_db()
    assert record.status == "valid" and not record.applied and "arbiter" in record.note
    assert pairing.results == "1/2-1/2"
