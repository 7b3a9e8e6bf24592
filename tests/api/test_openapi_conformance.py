"""The OpenAPI schema tells the truth: every documented operation of the running service, with the demo
data, is called with requests generated from the schema (schemathesis), anonymously and as the demo
organiser; every answer must be a documented status with a body that matches the documented schema,
and never a server error. Generated requests mostly name events, rounds and games that do not exist, so
every operation is also called once with the demo data's own slugs and ids, and its successful answer's
body checked against the schema (a list documented as a page, or as one object, fails there).

The service runs as it does in production (DEBUG off, a real ``runserver`` process on its own SQLite
database loaded by ``manage.py demo``), so this also checks the settings, middleware and error pages.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.conftest import shared_path

ROOT = Path(__file__).resolve().parents[2]
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    response_headers_conformance,
]

MAX_EXAMPLES = int(os.environ.get("CONFORMANCE_EXAMPLES", "15"))

pytestmark = pytest.mark.slow


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """The service with the demo data, served by a separate process: its base URL and the demo
    organiser's API token."""
    folder = tmp_path_factory.mktemp("service")
    env = {
        key: value for key, value in os.environ.items() if key not in ("DATABASE_URL", "CELERY_BROKER_URL")
    }
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DATABASE_URL=f"sqlite:///{folder / 'service.sqlite3'}",
        DEBUG="0",
        SECRET_KEY="conformance-test-secret-key-" + "x" * 40,
        ALLOWED_HOSTS="127.0.0.1,localhost",
        SECURE_SSL_REDIRECT="0",
        SESSION_COOKIE_SECURE="0",
        CSRF_COOKIE_SECURE="0",
        SECURE_HSTS_SECONDS="0",
        # the conformance checks send hundreds of writes from one account: the throttles, tested on
        # their own elsewhere, would answer 429 to the later operations
        SUBMISSION_RATE="100000/min",
        REPLAY_RATE="100000/min",
        CLAIM_RATE="100000/min",
        TOKEN_RATE="100000/min",
        CHALLENGE_RATE="100000/min",
        CHALLENGE_OPPONENT_RATE="100000/min",
    )
    manage = [sys.executable, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "--noinput", "-v0"], env=env, check=True, cwd=ROOT)
    subprocess.run([*manage, "demo", "--known-passwords"], env=env, check=True, cwd=ROOT, capture_output=True)
    # The organiser signs requests with a token: Basic credentials would hash a password per request.
    token = subprocess.run(
        [*manage, "drf_create_token", "organiser"],
        env=env,
        check=True,
        cwd=ROOT,
        capture_output=True,
        text=True,
    ).stdout.split()[2]
    port = free_port()
    log = (folder / "server.log").open("wb")
    server = subprocess.Popen(
        [*manage, "runserver", f"127.0.0.1:{port}", "--noreload"], env=env, cwd=ROOT, stdout=log, stderr=log
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _attempt in range(150):
            try:
                with urllib.request.urlopen(f"{base}/api/schema/?format=json", timeout=2) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                time.sleep(0.2)
        else:
            pytest.fail(f"the service did not start; its log: {(folder / 'server.log').read_text()[-2000:]}")
        yield base, token
    finally:
        server.terminate()
        server.wait(timeout=20)
        log.close()


def served_schema() -> dict[str, object]:
    """The schema the service serves at /api/schema/, generated in this process from the same code."""
    from drf_spectacular.generators import SchemaGenerator

    return SchemaGenerator().get_schema(request=None, public=True)  # type: ignore[no-any-return]


# Every operation but the schema itself (its answers are the schema document, whatever it says).
schema = schemathesis.openapi.from_dict(served_schema()).exclude(path="/api/schema/")


def every_operation(test: Callable[..., None]) -> Callable[..., None]:
    """The test run on each operation of the schema, on examples hypothesis draws the same way each run."""
    examples = settings(
        max_examples=MAX_EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True
    )
    return schema.parametrize()(examples(test))  # type: ignore[no-any-return]


@every_operation
def test_every_answer_is_documented_anonymous(case: schemathesis.Case, service: tuple[str, str]) -> None:
    base, _token = service
    case.call_and_validate(base_url=base, checks=CHECKS)


@every_operation
def test_every_answer_is_documented_as_organiser(case: schemathesis.Case, service: tuple[str, str]) -> None:
    base, token = service
    case.call_and_validate(base_url=base, checks=CHECKS, headers={"Authorization": f"Token {token}"})


def api_json(base: str, token: str, path: str) -> object:
    request = urllib.request.Request(f"{base}{path}", headers={"Authorization": f"Token {token}"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


def demo_calls(base: str, token: str) -> dict[tuple[str, str], tuple[dict[str, object], object, bool]]:
    """Per operation (path, method): its path parameters and body taken from the demo data, and
    whether the organiser's call must succeed (the calls that depend on a game's state need not)."""
    slug = "dvonn-open"
    rounds = api_json(base, token, f"/api/events/{slug}/rounds/")
    assert isinstance(rounds, list)
    closed = next(p for p in rounds[0]["pairings"] if p["black"] is not None)
    open_ = next(p for p in rounds[-1]["pairings"] if p["black"] is not None and not p["result"])
    games = api_json(base, token, "/api/games/")
    records = api_json(base, token, "/api/records/")
    players = api_json(base, token, "/api/players/")
    assert isinstance(games, dict) and isinstance(records, dict) and isinstance(players, dict)
    game, record = games["results"][0]["id"], records["results"][0]["id"]
    event, number = {"slug": slug}, {"slug": slug, "number": 1}
    missing = {"slug": "no-such-event"}
    corrected = "0-1" if closed["result"] == "1-0" else "1-0"
    replayed = shared_path("records", "gipf", "basic-02.txt").read_text()
    return {
        ("/api/events/", "GET"): ({}, None, True),
        ("/api/events/{slug}/", "GET"): (event, None, True),
        ("/api/events/{slug}/crosstable/", "GET"): (event, None, True),
        ("/api/events/{slug}/rounds/", "GET"): (event, None, True),
        ("/api/events/{slug}/rounds/{number}/", "GET"): (number, None, True),
        ("/api/events/{slug}/standings/", "GET"): (event, None, True),
        ("/api/events/{slug}/trf/", "GET"): (event, None, True),
        # the demo event has started: its game options no longer change (a refusal checked)
        ("/api/events/{slug}/game-options/", "POST"): (event, {"potentials": "Z6 Y6"}, False),
        # round 1's own options read; set no more once the round is public (a 400 checked)
        ("/api/events/{slug}/rounds/{number}/game-options/", "GET"): (number, None, True),
        ("/api/events/{slug}/rounds/{number}/game-options/", "POST"): (number, {"start": "random"}, False),
        ("/api/events/{slug}/play/", "POST"): (event, {"play_mode": "elsewhere", "time_control": ""}, True),
        # round 1 is public: where it is played no longer changes (a 400)
        ("/api/events/{slug}/rounds/{number}/play/", "POST"): (number, {"play_mode": "service"}, False),
        # the last round is open: its deadline is set
        ("/api/events/{slug}/rounds/{number}/deadline/", "POST"): (
            {"slug": slug, "number": rounds[-1]["number"]},
            {"deadline": "2099-12-31T12:00:00Z"},
            True,
        ),
        ("/api/games/", "GET"): ({}, None, True),
        ("/api/games/{id}/", "GET"): ({"id": game}, None, True),
        ("/api/games/{id}/submissions/", "GET"): ({"id": game}, None, True),
        ("/api/games/{id}/record/", "GET"): ({"id": game}, None, True),
        ("/api/games/{id}/confirm/", "POST"): ({"id": game}, None, False),
        ("/api/games/{id}/dispute/", "POST"): ({"id": game}, {"reason": "checking"}, False),
        ("/api/games/{id}/decide/", "POST"): ({"id": game}, {"kind": "result", "result": "1-0"}, False),
        ("/api/games/submit/", "POST"): ({}, {"pairing": open_["id"], "record": replayed}, False),
        ("/api/pairings/{id}/", "GET"): ({"id": closed["id"]}, None, True),
        ("/api/pairings/{id}/result/", "POST"): ({"id": open_["id"]}, {"result": "1-0"}, True),
        ("/api/pairings/{id}/correct/", "POST"): (
            {"id": closed["id"]},
            {"result": corrected, "reason": "the scoresheet was misread"},
            True,
        ),
        # the demo has no game played on the service: its pairing's game is not one (a 404 checked too)
        ("/api/play/", "GET"): ({}, None, True),
        ("/api/play/{id}/", "GET"): ({"id": game}, None, False),
        ("/api/play/{id}/move/", "POST"): ({"id": game}, {"move": "a1", "expected_ply": 0}, False),
        ("/api/play/{id}/resign/", "POST"): ({"id": game}, None, False),
        ("/api/play/{id}/offer-draw/", "POST"): ({"id": game}, None, False),
        ("/api/play/{id}/accept-draw/", "POST"): ({"id": game}, None, False),
        ("/api/play/{id}/decline-draw/", "POST"): ({"id": game}, None, False),
        ("/api/play/{id}/abort/", "POST"): ({"id": game}, None, False),
        ("/api/play/{id}/takeback/", "POST"): ({"id": game}, None, False),
        ("/api/play/{id}/takeback/accept/", "POST"): ({"id": game}, None, False),
        ("/api/play/{id}/takeback/decline/", "POST"): ({"id": game}, None, False),
        ("/api/play/{id}/events/", "GET"): ({"id": game}, None, False),
        # the arbiter's actions on a game played on the service (none in the demo: a 404 checked)
        ("/api/play/{id}/give-time/", "POST"): ({"id": game}, {"player": "white", "seconds": 60}, False),
        ("/api/play/{id}/adjudicate/", "POST"): (
            {"id": game},
            {"result": "1-0", "reason": "checking"},
            False,
        ),
        ("/api/play/{id}/annul/", "POST"): ({"id": game}, {"reason": "checking"}, False),
        # the organiser's account has no player: his vacation is refused (a 400 checked)
        ("/api/vacation/", "GET"): ({}, None, False),
        ("/api/vacation/", "POST"): ({}, None, False),
        ("/api/vacation/end/", "POST"): ({}, None, False),
        # the organiser has no player: his challenge is refused (a 400), and he has none to answer (404s)
        ("/api/play/challenges/", "GET"): ({}, None, True),
        ("/api/play/challenges/", "POST"): (
            {},
            {"opponent": players["results"][0]["handle"], "game": "dvonn"},
            False,
        ),
        ("/api/play/challenges/{id}/", "GET"): ({"id": 1}, None, False),
        ("/api/play/challenges/{id}/accept/", "POST"): ({"id": 1}, None, False),
        ("/api/play/challenges/{id}/decline/", "POST"): ({"id": 1}, None, False),
        ("/api/play/challenges/{id}/withdraw/", "POST"): ({"id": 1}, None, False),
        ("/api/players/", "GET"): ({}, None, True),
        ("/api/players/{handle}/", "GET"): ({"handle": players["results"][0]["handle"]}, None, True),
        ("/api/players/{handle}/rating-history/", "GET"): (
            {"handle": players["results"][0]["handle"]},
            None,
            True,
        ),
        ("/api/ratings/{family}/", "GET"): ({"family": "dvonn"}, None, True),
        ("/api/records/", "GET"): ({}, None, True),
        ("/api/records/{id}/", "GET"): ({"id": record}, None, True),
        ("/api/replay/", "POST"): ({}, {"record": replayed}, True),
        # the signed-in account's own operations (a bot's)
        ("/api/me/", "GET"): ({}, None, True),
        ("/api/me/bot/", "GET"): ({}, None, True),
        ("/api/me/bot/", "POST"): ({}, {"bot": False}, True),
        ("/api/tokens/", "GET"): ({}, None, True),
        # wrong credentials: refused (a 401 checked), nothing created or revoked
        ("/api/tokens/", "POST"): ({}, {"username": "nobody", "password": "wrong", "name": "bot"}, False),
        ("/api/tokens/revoke/", "POST"): (
            {},
            {"username": "nobody", "password": "wrong", "name": "bot"},
            False,
        ),
        # signed in, he creates no account (a 400 checked); a code that is none claims nothing (a 400)
        ("/api/signup/", "POST"): ({}, {"username": "newcomer", "password": "pw-newcomer-12345"}, False),
        ("/api/me/claim/", "POST"): ({}, {"code": "NONE-NONE-NONE"}, False),
        # his notices read and marked read, his e-mail preferences read and one kind's chosen
        ("/api/notices/", "GET"): ({}, None, True),
        ("/api/notices/read/", "POST"): ({}, {}, True),
        ("/api/notices/preferences/", "GET"): ({}, None, True),
        ("/api/notices/preferences/", "POST"): ({}, {"email_kinds": {"autopilot": True}}, True),
        # the organiser has no player: his player stream is refused (a 400 checked)
        ("/api/play/events/", "GET"): ({}, None, False),
        ("/api/events/{slug}/claim-codes/", "GET"): (event, None, True),
        # the organiser's writes: a new event refused for its empty body, the demo event's refused for
        # theirs (a 400 checked), and those that take no body sent to an event that does not exist (a
        # 404 checked), so that the demo event stays as the calls above and below expect it
        ("/api/events/", "POST"): ({}, {}, False),
        ("/api/events/{slug}/settings/", "POST"): (event, {"rounds": "many"}, False),
        ("/api/events/{slug}/swiss-settings/", "POST"): (event, {"bye_points": "many"}, False),
        ("/api/events/{slug}/tie-breaks/", "POST"): (event, {"tie_breaks": "many"}, False),
        ("/api/events/{slug}/registrations/", "POST"): (event, {}, False),
        ("/api/events/{slug}/registrations/list/", "POST"): (event, {}, False),
        ("/api/events/{slug}/byes/", "POST"): (event, {}, False),
        ("/api/events/{slug}/rounds/{number}/results/", "POST"): (number, {}, False),
        ("/api/events/{slug}/rounds/{number}/pairings/", "POST"): (number, {}, False),
        **{
            (path, "POST"): (missing, None, False)
            for path in (
                "/api/events/{slug}/start/",
                "/api/events/{slug}/finish/",
                "/api/events/{slug}/rounds/next/",
            )
        },
        **{
            (path, "POST"): (missing | {"number": 1}, None, False)
            for path in (
                "/api/events/{slug}/rounds/{number}/close/",
                "/api/events/{slug}/rounds/{number}/publish/",
                "/api/events/{slug}/rounds/{number}/retry/",
            )
        },
        ("/api/events/{slug}/byes/{id}/cancel/", "POST"): (missing | {"id": 1}, None, False),
        # the autopilot read; a delay out of range refused (a 400), pause and resume of a missing event (404s)
        ("/api/events/{slug}/autopilot/", "GET"): (event, None, True),
        ("/api/events/{slug}/autopilot/", "POST"): (event, {"auto_pair_delay": -1}, False),
        ("/api/events/{slug}/autopilot/pause/", "POST"): (missing, None, False),
        ("/api/events/{slug}/autopilot/resume/", "POST"): (missing, None, False),
        # the webhooks read with their deliveries; a loopback address refused (a 400), the writes that
        # take no body sent to a missing event (404s): the demo event keeps no webhook
        ("/api/events/{slug}/webhooks/", "GET"): (event, None, True),
        ("/api/events/{slug}/webhooks/", "POST"): (event, {"url": "http://127.0.0.1/hook"}, False),
        ("/api/events/{slug}/webhooks/{id}/remove/", "POST"): (missing | {"id": 1}, None, False),
        ("/api/events/{slug}/webhooks/secret/", "POST"): (missing, None, False),
        ("/api/events/{slug}/webhooks/deliveries/", "GET"): (event, None, True),
        # the officials read; an appointment and a removal of an account that does not exist (400s)
        ("/api/events/{slug}/officials/", "GET"): (event, None, True),
        ("/api/events/{slug}/officials/", "POST"): (event, {"username": "nobody", "role": "arbiter"}, False),
        ("/api/events/{slug}/officials/remove/", "POST"): (
            event,
            {"username": "nobody", "role": "arbiter"},
            False,
        ),
        # the Swiss demo event's forbidden pairs read; a pair of nobody refused (a 400), a missing one (404)
        ("/api/events/{slug}/forbidden-pairs/", "GET"): (event, None, True),
        ("/api/events/{slug}/forbidden-pairs/", "POST"): (event, {"first": "nobody", "second": "x"}, False),
        ("/api/events/{slug}/forbidden-pairs/{id}/remove/", "POST"): (missing | {"id": 1}, None, False),
        ("/api/events/{slug}/claim-codes/{handle}/", "POST"): (missing | {"handle": "nobody"}, None, False),
        ("/api/events/{slug}/registrations/{handle}/withdraw/", "POST"): (
            missing | {"handle": "nobody"},
            None,
            False,
        ),
        ("/api/events/{slug}/registrations/{handle}/undo-withdrawal/", "POST"): (
            missing | {"handle": "nobody"},
            None,
            False,
        ),
    }


def test_every_operation_answers_the_documented_body_with_the_demo_data(service: tuple[str, str]) -> None:
    base, token = service
    calls = demo_calls(base, token)
    operations = [result.ok() for result in schema.get_all_operations()]
    assert {(op.path, op.method.upper()) for op in operations} == set(calls)
    for operation in operations:
        path_parameters, body, must_succeed = calls[(operation.path, operation.method.upper())]
        case = operation.Case(
            path_parameters=path_parameters,
            **({} if body is None else {"body": body, "media_type": "application/json"}),
        )
        response = case.call_and_validate(
            base_url=base, checks=CHECKS, headers={"Authorization": f"Token {token}"}
        )
        if must_succeed:
            assert response.status_code < 300, (operation.label, response.status_code, response.text[:300])
