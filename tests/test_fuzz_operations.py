"""Hostile input to every write operation of the API's schema: never a 5xx, nothing stored when refused.

The list of operations comes from the generated OpenAPI schema: every POST, PUT, PATCH and DELETE
must have its line in :data:`TARGETS` (who sends it, and which objects its path parameters name),
or the first test fails naming it, so a new operation cannot be left out of the fuzz.

Each operation is then sent, by an account that may take it (so that the requests reach the
validation and the services, not only the 403), requests whose bodies come from the schema
(schemathesis: valid bodies and bodies that break it, with wrong types and missing fields), valid
bodies with fields replaced by hostile values (NUL and control characters, long strings, huge
numbers, other objects' ids) and any JSON at all; the path parameters name the account's own
objects, other accounts' objects, unknown ones and hostile text. Every answer must be below 500; an
answer of 4xx must leave the row count of every model of the project as it was. Each request runs
in a savepoint rolled back after it, so every request meets the same world. Runs are derandomized.
"""

from __future__ import annotations

import json
import traceback
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote, urlencode

import pytest
import schemathesis
from django.apps import apps
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import connection, transaction
from drf_spectacular.generators import SchemaGenerator
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.core import NotSet

from accounts.models import Player, ThrottleBucket
from games.models import Challenge
from games.play import state
from games.records import services as game_services
from personal import claims
from tests.conftest import CommittingAPIClient, make_event
from tests.test_fuzz import json_values, text_values, three_events
from tournaments.autopilot_models import Webhook
from tournaments.models import ByeRequest, ForbiddenPair, Pairing

pytestmark = pytest.mark.django_db

WRITES = ("post", "put", "patch", "delete")

# --------------------------------------------------------------------------- what is fuzzed, by whom

# Who sends each write operation (an account that may take it) and what its path parameters name:
# the name of a pool of the world's objects (World.pools) for each parameter.
ORGANISER, PLAYER, ARBITER, STRANGER, ANONYMOUS = "organiser", "player", "arbiter", "stranger", "anonymous"
EVENT = {"slug": "events"}
ROUND = {"slug": "events", "number": "rounds"}


@dataclass(frozen=True)
class Target:
    actor: str
    parameters: dict[str, str] = field(default_factory=dict)


def _event_writes() -> dict[tuple[str, str], Target]:
    event_paths = [
        "autopilot/",
        "autopilot/pause/",
        "autopilot/resume/",
        "byes/",
        "finish/",
        "forbidden-pairs/",
        "game-options/",
        "officials/",
        "officials/remove/",
        "play/",
        "registrations/",
        "registrations/list/",
        "rounds/next/",
        "settings/",
        "start/",
        "swiss-settings/",
        "webhooks/",
        "webhooks/secret/",
    ]
    round_paths = [
        "close/",
        "deadline/",
        "game-options/",
        "pairings/",
        "play/",
        "publish/",
        "results/",
        "retry/",
    ]
    targets = {("POST", f"/api/events/{{slug}}/{tail}"): Target(ORGANISER, EVENT) for tail in event_paths}
    # a started event's tie-breaks are its arbiters' (a superuser here) to change
    targets[("POST", "/api/events/{slug}/tie-breaks/")] = Target(ARBITER, EVENT)
    targets |= {
        ("POST", f"/api/events/{{slug}}/rounds/{{number}}/{tail}"): Target(ORGANISER, ROUND)
        for tail in round_paths
    }
    for tail, pool in (
        ("byes/{id}/cancel/", "byes"),
        ("forbidden-pairs/{id}/remove/", "forbidden_pairs"),
        ("webhooks/{id}/remove/", "webhooks"),
    ):
        targets[("POST", f"/api/events/{{slug}}/{tail}")] = Target(ORGANISER, EVENT | {"id": pool})
    for tail in (
        "claim-codes/{handle}/",
        "registrations/{handle}/withdraw/",
        "registrations/{handle}/undo-withdrawal/",
    ):
        targets[("POST", f"/api/events/{{slug}}/{tail}")] = Target(ORGANISER, EVENT | {"handle": "handles"})
    return targets


def _play_writes() -> dict[tuple[str, str], Target]:
    players = ["abort", "accept-draw", "decline-draw", "move", "offer-draw", "resign"]
    players += ["takeback", "takeback/accept", "takeback/decline"]
    targets = {
        ("POST", f"/api/play/{{id}}/{tail}/"): Target(PLAYER, {"id": "service_games"}) for tail in players
    }
    for tail in ("give-time", "adjudicate", "annul"):
        targets[("POST", f"/api/play/{{id}}/{tail}/")] = Target(ARBITER, {"id": "service_games"})
    targets[("POST", "/api/play/challenges/")] = Target(PLAYER)
    for tail in ("accept", "decline", "withdraw"):
        targets[("POST", f"/api/play/challenges/{{id}}/{tail}/")] = Target(PLAYER, {"id": "challenges"})
    return targets


TARGETS: dict[tuple[str, str], Target] = {
    ("POST", "/api/events/"): Target(ORGANISER),
    **_event_writes(),
    **_play_writes(),
    ("POST", "/api/games/submit/"): Target(PLAYER),
    ("POST", "/api/games/{id}/confirm/"): Target(PLAYER, {"id": "games"}),
    ("POST", "/api/games/{id}/dispute/"): Target(PLAYER, {"id": "games"}),
    ("POST", "/api/games/{id}/decide/"): Target(ORGANISER, {"id": "games"}),
    ("POST", "/api/pairings/{id}/result/"): Target(ORGANISER, {"id": "pairings"}),
    ("POST", "/api/pairings/{id}/correct/"): Target(ORGANISER, {"id": "pairings"}),
    ("POST", "/api/replay/"): Target(ANONYMOUS),
    ("POST", "/api/signup/"): Target(ANONYMOUS),
    ("POST", "/api/tokens/"): Target(ANONYMOUS),
    ("POST", "/api/tokens/revoke/"): Target(ANONYMOUS),
    ("POST", "/api/me/bot/"): Target(PLAYER),
    ("POST", "/api/me/claim/"): Target(STRANGER),
    ("POST", "/api/notices/preferences/"): Target(PLAYER),
    ("POST", "/api/notices/read/"): Target(PLAYER),
    ("POST", "/api/vacation/"): Target(PLAYER),
    ("POST", "/api/vacation/end/"): Target(PLAYER),
}


def write_operations(document: dict[str, Any]) -> set[tuple[str, str]]:
    return {
        (method.upper(), path)
        for path, methods in document["paths"].items()
        for method in methods
        if method in WRITES
    }


@pytest.fixture(scope="module")
def document(django_db_blocker: Any) -> dict[str, Any]:
    with django_db_blocker.unblock():
        return SchemaGenerator().get_schema(request=None, public=True)  # type: ignore[no-any-return]


def test_every_write_operation_of_the_schema_is_fuzzed(document: dict[str, Any]) -> None:
    operations = write_operations(document)
    assert len(operations) >= 60, sorted(operations)  # the schema was read (66 writes when this was written)
    missing = sorted(operations - set(TARGETS))
    assert not missing, (
        f"write operations with no line in TARGETS (who sends them, what they name): {missing}"
    )
    assert sorted(set(TARGETS) - operations) == [], "lines of TARGETS that are no operation of the schema"


# --------------------------------------------------------------------------- the world


@dataclass
class World:
    """The organiser's three events (not started, a running round robin with a submitted record, a
    running Swiss with a bye request and a forbidden pair) and a stranger's event; two players with
    accounts (Ann and Bob, of the round robin's first pairing) with a game on the service and
    challenges between them, and a game on the service of two others; a webhook; claim codes."""

    clients: dict[str, Any]
    pools: dict[str, list[Any]]  # the world's objects a path parameter may name, own and others'
    values: list[Any]  # values worth putting into a body: the world's ids, handles, codes, names


def build_world(capture: Any, organiser: User, stranger: User) -> World:
    fresh, robin, swiss = three_events(organiser)
    theirs = make_event(stranger, name="Stranger's event")
    pairing = Pairing.objects.filter(round__event=robin).exclude(black=None).first()
    assert pairing is not None
    game = game_services.games_of(pairing)[0]
    game_services.submit_record(pairing, organiser, "1. a1-b2", 1)
    ann_user = User.objects.create_user("ann", password="pw-ann-12345", email="ann@example.org")
    bob_user = User.objects.create_user("bob", password="pw-bob-12345", email="bob@example.org")
    root = User.objects.create_superuser("root", password="pw-root-12345")
    Player.objects.filter(pk=pairing.white.player_id).update(user=ann_user)
    Player.objects.filter(pk=pairing.black.player_id).update(user=bob_user)
    ann, bob = Player.objects.get(user=ann_user), Player.objects.get(user=bob_user)
    first, second, third, fourth = list(swiss.registrations.order_by("pairing_number"))[:4]
    bye = ByeRequest.objects.create(registration=first, round_number=3, kind="H", created_by=organiser)
    pair = ForbiddenPair.objects.create(event=swiss, first=first, second=second)
    played = state.create_service_game(ann, bob, "dvonn", "1d/2d")
    # correspondence clocks: no game's time runs out while the fuzz runs (a flag would end it)
    as_black = state.create_service_game(bob, ann, "gipf-basic", "1d/2d")
    others = state.create_service_game(third.player, fourth.player, "yinsh", "1d/2d")
    sent = Challenge.objects.create(challenger=ann, challenged=bob, game="dvonn")
    received = Challenge.objects.create(challenger=bob, challenged=ann, game="zertz")
    others_challenge = Challenge.objects.create(
        challenger=third.player, challenged=fourth.player, game="tzaar"
    )
    hook = Webhook.objects.create(event=fresh, url="https://hooks.example.org/gipf")
    codes = [code.code for code in claims.codes_of(fresh, organiser)]
    users = {ORGANISER: organiser, PLAYER: ann_user, ARBITER: root, STRANGER: stranger, ANONYMOUS: None}
    clients = {}
    for actor, user in users.items():
        clients[actor] = CommittingAPIClient(capture)
        if user is not None:
            clients[actor].force_authenticate(user)
    unknown_ids: list[Any] = [0, -1, 424242, 2**31, 2**63, 10**20, "abc", "1.5", "٣", "1e3", " 1"]
    hostile = ["a\x00b", "\x01\x1b[31m", "x" * 300, "ä" * 200, "..", "%00", "NaN", "-0"]
    handles = [reg.player.handle for reg in (*fresh.registrations.all(), *swiss.registrations.all()[:2])]
    pools = {
        "events": [fresh.slug, robin.slug, swiss.slug, theirs.slug, "no-such-event", *hostile],
        "rounds": [1, 2, 1, 0, 99, -1, 2**31, 10**20, "abc", "٣"],
        "byes": [bye.pk, bye.pk, bye.pk, *unknown_ids],
        "forbidden_pairs": [pair.pk, pair.pk, pair.pk, *unknown_ids],
        "webhooks": [hook.pk, hook.pk, hook.pk, *unknown_ids],
        "handles": [*handles, ann.handle, "nobody", *hostile],
        "service_games": [played.pk, as_black.pk, others.pk, game.pk, *unknown_ids],
        "challenges": [sent.pk, received.pk, others_challenge.pk, *unknown_ids],
        "games": [game.pk, played.pk, others.pk, *unknown_ids],
        "pairings": [
            *Pairing.objects.filter(round__event__in=[robin, swiss]).values_list("pk", flat=True)[:6],
            *unknown_ids,
        ],
    }
    values: list[Any] = [
        game.pk,
        pairing.pk,
        played.pk,
        sent.pk,
        ann.handle,
        bob.handle,
        third.player.handle,
        "ann",
        "pw-ann-12345",
        "olga",
        "sam",
        *codes[:2],
        fresh.slug,
        "dvonn",
        "gipf-basic",
        "1-0",
        "white",
        "1d/2d",
        "2099-12-31T12:00:00Z",
    ]
    return World(clients, pools, values)


def row_counts() -> tuple[tuple[str, int], ...]:
    """The rows of every model of the project (but the throttles' counters) and of users, one query."""
    models = [
        model
        for label in ("tournaments", "games", "accounts", "personal")
        for model in apps.get_app_config(label).get_models()
        if model is not ThrottleBucket
    ]
    tables = [model._meta.db_table for model in models] + [User._meta.db_table]
    quote_name = connection.ops.quote_name
    sql = "SELECT " + ", ".join(f"(SELECT COUNT(*) FROM {quote_name(table)})" for table in tables)
    with connection.cursor() as cursor:
        cursor.execute(sql)
        return tuple(zip(tables, cursor.fetchone(), strict=True))


# --------------------------------------------------------------------------- the requests


@dataclass
class Request:
    address: str
    body: bytes
    content_type: str
    label: str


def hostile_values(world: World) -> st.SearchStrategy[Any]:
    ids = [value for value in world.values if isinstance(value, int)]
    texts = st.one_of(text_values(ids), st.sampled_from(world.values))
    return st.one_of(
        texts,
        json_values(ids),
        st.sampled_from(["x" * 121, "x" * 201, "x" * 5001, "\x00" * 10, 2**63, -(2**63) - 1, 10**30, 1e308]),
    )


def mutated(body: Any, draw: st.DrawFn, values: st.SearchStrategy[Any]) -> Any:
    """A valid body with one or two of its fields replaced by a hostile value, or one dropped."""
    if not isinstance(body, dict) or not body:
        return draw(values)
    body = dict(body)
    for name in draw(st.lists(st.sampled_from(sorted(body)), min_size=1, max_size=2, unique=True)):
        if draw(st.integers(0, 4)) == 0:
            del body[name]
        else:
            body[name] = draw(values)
    return body


def encoded(value: Any, media_type: str) -> tuple[bytes, str]:
    """The body as the media type the schema names it in; JSON for anything a form cannot carry;
    none when the case has none."""
    if isinstance(value, NotSet):
        return b"", "application/json"
    if isinstance(value, bytes):
        return value, media_type
    if media_type != "application/json" and isinstance(value, dict):
        fields = {str(k): v if isinstance(v, str) else json.dumps(v, default=_text) for k, v in value.items()}
        return urlencode(fields).encode("utf-8", "surrogatepass"), "application/x-www-form-urlencoded"
    return json.dumps(value, default=_text).encode(), "application/json"


def _text(value: Any) -> str:
    if isinstance(value, bytes):
        return value.decode("latin-1")
    raise TypeError(type(value))


def requests_for(operation: Any, target: Target, world: World) -> st.SearchStrategy[Request]:
    # the world's first objects of a pool most of the time (those of the account, that exist), any
    # of the pool else (others' objects, unknown ones, hostile text)
    parameters = {
        name: st.one_of(st.sampled_from(world.pools[pool][:3]), st.sampled_from(world.pools[pool]))
        for name, pool in sorted(target.parameters.items())
    }
    positive = operation.as_strategy(GenerationMode.POSITIVE)
    negative = operation.as_strategy(GenerationMode.NEGATIVE)
    values = hostile_values(world)
    hows = st.sampled_from(["schema", "schema", "mutated", "mutated", "negative", "any"])
    has_body = operation.body is not None and len(operation.body) > 0

    @st.composite
    def requests(draw: st.DrawFn) -> Request:
        where = {name: draw(strategy) for name, strategy in parameters.items()}
        address = operation.path.format(**{name: quote(str(value), safe="") for name, value in where.items()})
        how = draw(hows)
        if how == "any" or not has_body:
            value, media_type = draw(values), "application/json"
        else:
            case = draw(negative if how == "negative" else positive)
            value, media_type = case.body, case.media_type or "application/json"
            if how == "mutated":
                value = mutated(value, draw, values)
        body, content_type = encoded(value, media_type)
        return Request(address, body, content_type, f"{how} {body[:400]!r}")

    return requests()


# --------------------------------------------------------------------------- the checks


def fuzz_operation(world: World, operation: Any, target: Target, examples: int) -> tuple[dict[int, int], str]:
    """Send the operation's requests; their statuses, and the first fault found ("" for none)."""
    client = world.clients[target.actor]
    statuses: dict[int, int] = {}
    faults: list[str] = []

    @settings(
        max_examples=examples,
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(requests_for(operation, target, world))
    def one(request: Request) -> None:
        if faults:
            return
        cache.clear()  # the cache's throttle counters: every request meets the same world
        detail = f"{target.actor} POST {request.address} {request.label}"
        try:
            with transaction.atomic():
                before = row_counts()
                try:
                    response = client.generic(
                        operation.method.upper(), request.address, request.body, request.content_type
                    )
                except Exception:
                    faults.append(f"raised for {detail}\n{traceback.format_exc(limit=-6)}")
                    raise
                code = response.status_code
                statuses[code] = statuses.get(code, 0) + 1
                if code >= 500:
                    faults.append(f"{code} for {detail}: {response.content[:300]!r}")
                elif code >= 400 and (after := row_counts()) != before:
                    changed = sorted(set(after) - set(before))
                    faults.append(f"a refused request ({code}) stored rows {changed}: {detail}")
                transaction.set_rollback(True)
        except Exception:
            if not faults:
                faults.append(f"the database failed after {detail}\n{traceback.format_exc(limit=-6)}")

    one()
    return statuses, faults[0] if faults else ""


@pytest.fixture
def world(
    django_capture_on_commit_callbacks: Any, organiser: User, stranger: User, monkeypatch: pytest.MonkeyPatch
) -> World:
    from tournaments.telling import webhooks

    monkeypatch.setattr(webhooks, "post", lambda url, body, headers: 200)  # no address is called
    return build_world(django_capture_on_commit_callbacks, organiser, stranger)


@pytest.mark.parametrize(
    "examples",
    [pytest.param(25, id="fast")],
)
def test_hostile_requests_to_every_write_operation(
    world: World, document: dict[str, Any], examples: int
) -> None:
    schema = schemathesis.openapi.from_dict(document)
    operations = [
        result.ok() for result in schema.get_all_operations() if result.ok().method.lower() in WRITES
    ]
    assert {(op.method.upper(), op.path) for op in operations} == set(TARGETS)
    faults, reached = {}, {}
    for operation in operations:
        target = TARGETS[(operation.method.upper(), operation.path)]
        statuses, fault = fuzz_operation(world, operation, target, examples)
        if fault:
            faults[operation.label] = fault
        reached[operation.label] = statuses
        print(operation.label, dict(sorted(statuses.items())))
    assert not faults, "\n\n".join(f"{label}: {fault}" for label, fault in faults.items())
    # the fuzz reached past the permission checks: most operations answered something but 403 and 404
    past = [label for label, statuses in reached.items() if set(statuses) - {403, 404, 405}]
    assert len(past) == len(reached), {label: reached[label] for label in set(reached) - set(past)}
