"""A whole round of a Swiss event played through the pages by player accounts, with real records.

Four players (Ann 1900, Bob 1800, Cid 1700, Dan 1600) in a Swiss event of GIPF standard and one of
DVONN; Olga organises, Ada is the arbiter. The organiser publishes round 1 and prints the claim
codes; each player signs up and claims his player; on one board White submits a real record and
Black confirms it, on the other White submits and Black disputes; Ada decides from her queue; Olga
closes the round. The records come from ../shared/records; their results are the ones the shared
README and the records' own tags give: GIPF standard-01 ends 1-0, standard-04 0-1; the Little Golem
DVONN game ends with White resigning (0-1); CodeCup game 0 ends 36 - 9 in stacks (1-0).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from games.models import Game
from tests.conftest import CommittingClient, make_swiss, shared_path, start
from tournaments.models import Event, Pairing, Round

pytestmark = pytest.mark.django_db

SLIP = re.compile(r"<h3>(\w+)</h3>.*?([A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4})", re.S)


def gipf(number: str) -> Callable[[str, str], str]:
    text = shared_path("records", "gipf", f"standard-{number}.txt").read_text(encoding="utf-8")
    return lambda white, black: text.replace('[White "reference"]', f'[White "{white}"]').replace(
        '[Black "reference"]', f'[Black "{black}"]'
    )


def little_golem() -> Callable[[str, str], str]:
    text = shared_path("records", "dvonn", "littlegolem-dvonn.mc.2014.may.1.1.txt").read_text(
        encoding="utf-8"
    )
    return lambda white, black: text.replace("White [CleverHunk steven cullum]", f"White [{white}]").replace(
        "Black [Xander (xandern .BSW)]", f"Black [{black}]"
    )


def codecup_game_0() -> Callable[[str, str], str]:
    text = shared_path("records", "dvonn", "random-games-codecup-format.txt").read_text(encoding="utf-8")
    game = "# game " + text.split("# game ")[1]
    return lambda white, black: game.strip()


# game, (record confirmed on board 1, its result), (record disputed on board 2, its result)
CASES = {
    "gipf-standard": ((lambda: gipf("01"), "1-0"), (lambda: gipf("04"), "0-1")),
    "dvonn": ((little_golem, "0-1"), (codecup_game_0, "1-0")),
}


@pytest.mark.parametrize("game", sorted(CASES))
def test_a_round_played_by_player_accounts(
    game: str, organiser: User, django_capture_on_commit_callbacks: Any
) -> None:
    def new_client() -> Client:
        """A browser whose requests end as real ones do: the verification they queue runs."""
        return CommittingClient(django_capture_on_commit_callbacks)

    def signed_in(user: User) -> Client:
        client = new_client()
        client.force_login(user)
        return client

    (confirmed_record, confirmed_result), (disputed_record, disputed_result) = CASES[game]
    confirmed_text, disputed_text = confirmed_record(), disputed_record()
    ada = User.objects.create_user("ada", password="pw-ada-12345")
    event = make_swiss(organiser, "Ann 1900\nBob 1800\nCid 1700\nDan 1600", rounds=3, game=game, name="Open")
    event.arbiters.add(ada)
    round_ = start(event, organiser)
    olga = signed_in(organiser)
    published = olga.post(
        reverse("tournaments:swiss-round-publish", args=[event.slug, 1]), {"confirmed": "yes"}
    )
    assert published.status_code == 302

    # the organiser prints the claim codes; each player signs up and claims his player
    slips = olga.get(reverse("accounts:claim-codes", args=[event.slug]) + "?print=1").content.decode()
    codes = dict(SLIP.findall(slips))
    assert sorted(codes) == ["Ann", "Bob", "Cid", "Dan"]
    players: dict[str, Client] = {}
    for name, code in codes.items():
        client = new_client()
        password = f"{name.lower()}-plays-{game}-2026"
        signup = client.post(
            reverse("accounts:signup"),
            {
                "username": name.lower(),
                "email": f"{name.lower()}@example.org",
                "password1": password,
                "password2": password,
            },
        )
        assert signup.status_code == 302, signup.content.decode()[:2000]
        assert client.post(reverse("accounts:claim"), {"code": code}).status_code == 302
        players[name] = client

    first, second = Pairing.objects.filter(round=round_, black__isnull=False).order_by("board")
    names = {p.pk: (p.white.player.display_name, p.black.player.display_name) for p in (first, second)}  # type: ignore[union-attr]

    def submit(pairing: Pairing, text: str) -> None:
        white, black = names[pairing.pk]
        page = players[white].get(reverse("accounts:my-games")).content.decode()
        submit_url = reverse("games:submit", args=[pairing.pk])
        assert submit_url in page  # "my games" asks him for the record
        response = players[white].post(submit_url, {"game_number": 1, "record": text.replace("\n", "\r\n")})
        assert response.status_code == 302 and "/games/records/" in response["Location"]

    # board 1: White submits, Black confirms from his games page
    submit(first, confirmed_text(*names[first.pk]))
    game1 = Game.objects.get(pairing_game__pairing=first)
    assert game1.state == Game.State.PROVISIONAL and game1.result == confirmed_result
    black1 = players[names[first.pk][1]]
    assert "Confirm or dispute the result" in black1.get(reverse("accounts:my-games")).content.decode()
    assert black1.post(reverse("games:confirm", args=[game1.pk])).status_code == 302
    game1.refresh_from_db()
    assert game1.state == Game.State.CONFIRMED

    # board 2: White submits, Black disputes with a reason
    submit(second, disputed_text(*names[second.pk]))
    game2 = Game.objects.get(pairing_game__pairing=second)
    assert game2.result == disputed_result
    black2 = players[names[second.pk][1]]
    reason = "my opponent took back a move"
    assert black2.post(reverse("games:dispute", args=[game2.pk]), {"reason": reason}).status_code == 302
    game2.refresh_from_db()
    assert game2.state == Game.State.DISPUTED
    white2 = players[names[second.pk][0]]
    assert reason in white2.get(reverse("accounts:notices")).content.decode()

    # the round cannot close while a result is disputed
    close = reverse("tournaments:round-close", args=[event.slug, 1])
    olga.post(close, {"confirmed": "yes"})
    assert Round.objects.get(pk=round_.pk).status == Round.Status.PAIRED

    # the arbiter finds the game in her queue and makes the submitted record official
    arbiter = signed_in(ada)
    queue = arbiter.get(reverse("games:queue", args=[event.slug])).content.decode()
    disputed_section = queue.split('id="queue-disputed"')[1].split("</section>")[0]
    assert game2.get_absolute_url() in disputed_section
    record = game2.submissions.get()
    decided = arbiter.post(
        reverse("games:decide", args=[game2.pk]),
        {"kind": "submission", "submission": record.pk, "reason": "the record is complete and legal"},
    )
    assert decided.status_code == 302
    game2.refresh_from_db()
    assert game2.state == Game.State.DECIDED and game2.result == disputed_result
    assert "The arbiter decided" in black2.get(reverse("accounts:notices")).content.decode()

    # the round closes; the results are those of the records
    assert olga.post(close, {"confirmed": "yes"}).status_code == 302
    assert Round.objects.get(pk=round_.pk).status == Round.Status.CLOSED
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.results == confirmed_result and second.results == disputed_result
    win = Event.objects.get(pk=event.pk).win_points
    expected = {"1-0": (win, 0), "0-1": (0, win)}
    assert (first.white_score, first.black_score) == expected[confirmed_result]
    assert (second.white_score, second.black_score) == expected[disputed_result]
    # nothing waits for the players any more
    for client in players.values():
        assert "Nothing: no game waits" in client.get(reverse("accounts:my-games")).content.decode()
