"""docs/api.md's curl lines run (issue 30): each line of its ``sh`` blocks is parsed (method, URL,
headers, body, credentials) and sent through the test client in order, as a bot and an organiser
would in their first hour; each must answer 2xx, or the status its ``# 400`` comment names."""

from __future__ import annotations

import contextlib
import json
import re
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from accounts.models import Player
from games.models import Challenge
from games.play import challenges
from tests.conftest import PROJECT_ROOT, make_swiss

pytestmark = pytest.mark.django_db

DOC = Path(PROJECT_ROOT) / "docs" / "api.md"


def curl_lines(section: str) -> list[str]:
    text = DOC.read_text(encoding="utf-8").split(f"## {section}", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```sh\n(.*?)```", text, flags=re.S)
    return [line for block in blocks for line in block.splitlines() if line.startswith("curl ")]


def send(client: APIClient, line: str, values: dict[str, str]) -> Any:
    """Send one curl line; the answer, checked against the status its comment names (else 2xx)."""
    command, _hash, comment = line.partition("  # ")
    words = shlex.split(command)
    method, url, headers, body = "GET", "", {}, None
    words = [re.sub(r"\$([A-Z]+)", lambda m: values.get(m.group(1), m.group(0)), w) for w in words]
    i = 1
    while i < len(words):
        word = words[i]
        if word == "-X":
            method, i = words[i + 1], i + 1
        elif word == "-H":
            name, _colon, value = words[i + 1].partition(": ")
            headers["HTTP_" + name.upper().replace("-", "_")] = value
            i += 1
        elif word == "-d":
            body, i = words[i + 1], i + 1
        elif word.startswith("http") or word.startswith("/"):
            url = word
        i += 1
    assert "$" not in url, line
    headers.pop("HTTP_CONTENT_TYPE", None)
    data = json.loads(body) if body else None
    answer = getattr(client, method.lower())(url, data, format="json", **headers)
    expected = int(comment) if comment.strip().isdigit() else None
    if expected is not None:
        assert answer.status_code == expected, (line, answer.status_code, answer.content[:300])
    else:
        assert 200 <= answer.status_code < 300, (line, answer.status_code, answer.content[:300])
    return answer


def send_section(
    client: APIClient,
    section: str,
    count: int,
    values: dict[str, str],
    capture: Any = None,
    each: Callable[[str, Any], None] | None = None,
) -> list[Any]:
    """Send the section's ``count`` curl lines in order (each at its request's commit with ``capture``,
    the on-commit callbacks' fixture): their answers. The token an answer gives is kept for the lines
    after it; ``each(line, answer)`` is told of every answer."""
    lines = curl_lines(section)
    assert len(lines) == count
    answers = []
    for line in lines:
        with capture(execute=True) if capture else contextlib.nullcontext():
            answer = send(client, line, values)
        answers.append(answer)
        if "/api/tokens/" in line:
            values["TOKEN"] = answer.json()["key"]
        if each:
            each(line, answer)
    return answers


def person(name: str, password: str) -> User:
    user = User.objects.create_user(name, password=password)
    Player.objects.create(display_name=name.title(), handle=name, user=user)
    return user


def test_a_bots_first_hour(django_capture_on_commit_callbacks: Any) -> None:
    person("deep-dvonn", "pw-deep-dvonn-1")
    kris = person("kris", "pw-kris-12345")
    client = APIClient()
    values = {"BASE": ""}
    lines = curl_lines("A bot's first hour")
    assert len(lines) == 8
    for line in lines:
        if "$GAME" in line and "GAME" not in values:  # Kris accepts the challenge meanwhile
            offered = Challenge.objects.get(status=Challenge.Status.OPEN)
            values["GAME"] = str(challenges.accept(offered, kris).pk)
        answer = send(client, line, values)
        if "/api/tokens/" in line and answer.status_code == 201:
            values["TOKEN"] = answer.json()["key"]
        if line.startswith("curl -s $BASE/api/play/$GAME/ "):
            values["MOVE"] = answer.json()["legal_moves"][0]
        if "/record/" in line:  # the one move played so far, Black to move: no result yet
            assert (
                '[White "Deep-Dvonn"]' in answer.json()["record"]
                and '[Result "*"]' in answer.json()["record"]
            )
    assert client.get("/api/me/", HTTP_AUTHORIZATION=f"Token {values['TOKEN']}").json()["my_move"] == []


def test_an_organisers_first_hour(django_capture_on_commit_callbacks: Any, organiser: User) -> None:
    client = APIClient()
    values = {"BASE": ""}
    # the pairing task, at the request's commit
    send_section(client, "An organiser's first hour", 12, values, django_capture_on_commit_callbacks)
    rounds = client.get(
        "/api/events/club-swiss/rounds/", HTTP_AUTHORIZATION=f"Token {values['TOKEN']}"
    ).json()
    assert [(r["number"], r["status"]) for r in rounds] == [(1, "closed"), (2, "paired")]
    standings = client.get("/api/events/club-swiss/standings/").json()
    assert sorted(row["points_half"] for row in standings) == [0, 0, 2, 2]


def test_an_events_officials_and_forbidden_pairs(organiser: User) -> None:
    make_swiss(organiser, "Ann 2000\nBob 1900\nCid 1800\nDan 1700", rounds=3, name="Club Swiss")
    User.objects.create_user("ada", password="pw-ada-12345")
    client = APIClient()
    values = {"BASE": ""}

    def keep_the_pair(line: str, answer: Any) -> None:
        if "forbidden-pairs/ " in line and "-X POST" in line:
            values["PAIR"] = str(answer.json()["id"])

    answers = send_section(client, "An event's officials and forbidden pairs", 7, values, each=keep_the_pair)
    assert answers[2].json() == {"organisers": ["olga"], "arbiters": ["ada"]}
    assert answers[3].json()["detail"] == "an event keeps at least one organiser"
    assert answers[5].json() == [
        {"id": int(values["PAIR"]), "first": "ann", "second": "cid", "reason": "same club"}
    ]
    assert answers[6].json() == []


def test_a_players_first_hour(organiser: User) -> None:
    """Mira signs up, takes a token, claims her player of Club Swiss with her code, then reads and
    marks her notices (none yet) and chooses Ukrainian with no e-mail of her moves."""
    from accounts.models import NoticePreference
    from personal import claims
    from tournaments.models import Registration

    event = make_swiss(organiser, "Mira 2000\nBob 1900", rounds=3, name="Club Swiss")
    (code,) = [c for c in claims.codes_of(event, organiser) if c.registration.player.handle == "mira"]
    client = APIClient()
    values = {"BASE": "", "CODE": code.display}
    answers = send_section(client, "A player's first hour", 9, values)
    assert answers[0].json() == {"username": "mira", "email": "mira@example.org"}
    assert "already exists" in answers[1].json()["fields"]["username"][0]
    assert answers[3].json()["handle"] == "mira"
    assert Registration.objects.get(event=event, player__handle="mira").player.user.username == "mira"
    assert "already used" in answers[4].json()["detail"]
    assert answers[5].json()["count"] == 0
    chosen = NoticePreference.objects.get(user__username="mira")
    assert (chosen.language, chosen.email_off) == ("uk", ["your-move"])


def test_an_event_that_runs_itself(django_capture_on_commit_callbacks: Any, organiser: User) -> None:
    client = APIClient()
    values = {"BASE": ""}
    answers = send_section(client, "An event that runs itself", 9, values, django_capture_on_commit_callbacks)
    created = answers[1].json()
    assert (created["auto_pair"], created["auto_pair_delay"], created["auto_finish"]) == (True, 30, True)
    assert created["first_move_grace"] == 60
    assert len(answers[2].json()["secret"]) == 64
    assert "loopback or private" in answers[3].json()["detail"]
    assert "round 2" in answers[4].json()["detail"]
    assert (answers[5].json()["paused"], answers[6].json()["paused"]) == (True, False)
    assert answers[7].json()["steps"] == [] and answers[8].json()["count"] == 0  # not started: no step yet
