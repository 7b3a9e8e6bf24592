"""Hostile input to every write endpoint: never a 5xx, nothing stored for a refused request.

Hypothesis generates requests (random text with NUL and control characters, huge numbers, long
strings, wrong types, deeply nested JSON, unknown ids, missing fields, bodies in odd encodings) and
sends them to every form of the pages (``tournaments/web/urls.py``, ``games/web/urls.py``, sign-in) and
every write endpoint of the API under ``/api/``, as an anonymous visitor, as a stranger and as the
events' organiser. Each request must answer below 500; a request answered 4xx must leave the row
count of every model as it was. Runs are derandomized (the same requests on every run).

The fast run sends 2,000 requests; the ``slow`` run 10,000 more. ``REGRESSIONS`` keeps the inputs
that once answered 500, as explicit cases.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.records import services as game_services
from tests.conftest import CommittingAPIClient, CommittingClient, make_event, make_swiss, start
from tournaments.models import ByeRequest, Event, ForbiddenPair, Pairing, Registration
from tournaments.web.forms.events import EventForm

pytestmark = pytest.mark.django_db

# --------------------------------------------------------------------------- the world


def three_events(organiser: User) -> tuple[Event, Event, Event]:
    """The organiser's three events: one not started, a running round robin ("Robin") and a running
    Swiss ("Swiss open") with round 1 paired."""
    fresh = make_event(organiser, name="Fresh event")
    robin = make_event(organiser, name="Robin")
    start(robin, organiser)
    swiss = make_swiss(organiser, name="Swiss open")
    start(swiss, organiser)
    return fresh, robin, swiss


@dataclass
class World:
    """Three events (not started, a running round robin, a running Swiss with round 1 paired), a
    game with a submission, a bye request and a forbidden pair; a client per actor."""

    clients: dict[str, Any]
    api_clients: dict[str, Any]
    slugs: list[str]
    ids: list[int]  # every row id worth trying, plus unknown ones

    @staticmethod
    def build(capture: Any, organiser: User, stranger: User) -> World:
        fresh, robin, swiss = three_events(organiser)
        pairing = Pairing.objects.filter(round__event=robin).exclude(black=None).first()
        assert pairing is not None
        game = game_services.games_of(pairing)[0]
        game_services.submit_record(pairing, organiser, "1. a1-b2", 1)
        first, second = list(swiss.registrations.order_by("pairing_number"))[:2]
        bye = ByeRequest.objects.create(registration=first, round_number=3, kind="H", created_by=organiser)
        pair = ForbiddenPair.objects.create(event=swiss, first=first, second=second)
        clients, api_clients = {}, {}
        for actor, user in (("anonymous", None), ("stranger", stranger), ("organiser", organiser)):
            clients[actor] = CommittingClient(capture)
            api_clients[actor] = CommittingAPIClient(capture)
            if user is not None:
                clients[actor].force_login(user)
                api_clients[actor].force_authenticate(user)
        ids = sorted(
            {
                game.pk,
                pairing.pk,
                bye.pk,
                pair.pk,
                *Registration.objects.values_list("pk", flat=True)[:6],
                *Pairing.objects.values_list("pk", flat=True)[:6],
            }
        )
        slugs = [fresh.slug, robin.slug, swiss.slug, "no-such-event"]
        return World(clients, api_clients, slugs, [*ids, 0, 424242, 2**63, 10**20])


def row_counts() -> tuple[int, ...]:
    """The number of rows of every model of the project and of users, in one query."""
    models = [*apps.get_app_config("tournaments").get_models(), *apps.get_app_config("games").get_models()]
    tables = [model._meta.db_table for model in models] + [User._meta.db_table]
    quote = connection.ops.quote_name
    sql = "SELECT " + ", ".join(f"(SELECT COUNT(*) FROM {quote(table)})" for table in tables)
    with connection.cursor() as cursor:
        cursor.execute(sql)
        return tuple(cursor.fetchone())


# --------------------------------------------------------------------------- hostile values

# fmt: off
SPECIAL_TEXT = [
    "", " ", "\x00", "a\x00b", "\x00" * 3 + "1", "\x01\x02\x1b[31m\x7f", "\r\n\r\n",
    "99999999999999999999", "-1", "0", "1e309", "NaN", "-0", "1.5", "²", "١٢", "x" * 201, "ä" * 300,
    " " * 2000, "<script>alert(1)</script>", "../../etc/passwd", "%00",
    "'; DROP TABLE tournaments_event; --", "1-0", "0-1", "1/2-1/2", "+/-", "1-0 0-1", "white", "black",
    "lot", "register", "paste", "withdraw", "add", "remove", "save", "preview", "organiser", "arbiter",
    "olga", "sam", "gipf-basic", "dvonn", "swiss-dutch", "round-robin", "H", "Z", "F", "submission",
    "result", "Ann 1900\nBob\x00 1800", "Ann 1900\n" * 50, "true", "[]", "{}",
]
# fmt: on

any_text = st.text(
    st.characters(min_codepoint=0, max_codepoint=0x2FFFF, exclude_categories=("Cs",)), max_size=40
)
numbers = st.one_of(
    st.integers(min_value=-3, max_value=12),
    st.integers(),
    st.sampled_from([2**15, 2**31, 2**63, 10**20, -(2**63) - 1]),
)


def text_values(ids: list[int]) -> st.SearchStrategy[str]:
    with_nul = st.tuples(any_text, st.sampled_from(["\x00", "\x00\x01", "\x1f\x00"]), any_text).map("".join)
    return st.one_of(
        st.sampled_from(SPECIAL_TEXT),
        any_text,
        with_nul,
        numbers.map(str),
        st.sampled_from(ids).map(str),
    )


def json_values(ids: list[int]) -> st.SearchStrategy[Any]:
    scalars = st.one_of(
        st.none(),
        st.booleans(),
        numbers,
        st.sampled_from(ids),
        st.floats(allow_nan=False, allow_infinity=False),
        text_values(ids),
    )
    return st.recursive(
        scalars,
        lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(any_text, inner, max_size=3)),
        max_leaves=6,
    )


def nested(depth: int) -> str:
    return '{"record": ' + "[" * depth + "]" * depth + "}"


# Bodies that are not what their content type says, or in an encoding nobody should send.
ODD_BODIES: list[tuple[bytes, str]] = [
    ("action=register&name=x".encode("utf-16"), "application/x-www-form-urlencoded; charset=utf-16"),
    (b"action=register&name=x", "application/x-www-form-urlencoded; charset=utf-32"),
    (b"action=register&name=x", "application/x-www-form-urlencoded; charset=no-such-codec"),
    (b"action=register&name=%FF%FE", "application/x-www-form-urlencoded"),
    (b"action=register&name=a%00b", "application/x-www-form-urlencoded"),
    (b"\xff\xfe\x00garbage", "application/x-www-form-urlencoded"),
    (b"action=register&name=x", "multipart/form-data"),
    (b"--x\r\nnonsense", "multipart/form-data; boundary=x"),
    (
        b'--x\r\nContent-Disposition: form-data; name="name"\r\n\r\na\x00b\r\n--x--\r\n',
        "multipart/form-data; boundary=x",
    ),
    (b'{"record": "x"}', "application/json; charset=utf-16"),
    (b"\xff\xfe{", "application/json"),
    (b'{"record": "a\\u0000b"}', "application/json"),
    (b'{"\\u0000": 1}', "application/json"),
    (nested(50_000).encode(), "application/json"),
    (nested(40).encode(), "application/json"),
    (b'{"pairing": 1' + b"0" * 5000 + b', "record": "x"}', "application/json"),
    (b"[1, 2", "application/json"),
    (b"NaN", "application/json"),
    (b'"just a string"', "application/json"),
    (b"<xml/>", "application/xml"),
    (b"\x00" * 64, "application/octet-stream"),
    (b"record=x", "text/plain"),
]

# --------------------------------------------------------------------------- endpoints

# The event form's own fields (its tie-break slots included), so the fuzzing follows the form.
EVENT_FIELDS = list(EventForm().fields)
EDIT_FIELDS = ["action", "reason", "previewed", "board1_white", "board1_black", "bye1_player", "bye1_kind"]

# (address with {slug} {number} {board} {id} {n}, fields the form reads)
PAGE_FORMS: list[tuple[str, list[str]]] = [
    ("/new-event/", EVENT_FIELDS),
    ("/events/{slug}/edit/", EVENT_FIELDS),
    ("/events/{slug}/officials/", ["action", "username", "role"]),
    ("/events/{slug}/players/", ["action", "name", "rating", "players", "registration"]),
    ("/events/{slug}/start/", ["top_seed_colour"]),
    ("/events/{slug}/finish/", []),
    ("/events/{slug}/rounds/next/", []),
    ("/events/{slug}/rounds/{number}/results/", ["board1_game1", "board2_game1", "board1_game2"]),
    ("/events/{slug}/rounds/{number}/boards/{board}/", ["result", "arbiter_decision"]),
    ("/events/{slug}/rounds/{number}/close/", []),
    ("/events/{slug}/rounds/{number}/retry/", []),
    ("/events/{slug}/rounds/{number}/edit/", EDIT_FIELDS),
    ("/events/{slug}/rounds/{number}/publish/", []),
    ("/events/{slug}/swiss/", ["max_half_byes", "half_bye_refused_rounds", "late_entry_bye", "bye_points"]),
    ("/events/{slug}/byes/", ["registration", "round_number", "kind"]),
    ("/events/{slug}/byes/{id}/cancel/", []),
    ("/events/{slug}/late-entry/", ["name", "rating"]),
    ("/events/{slug}/forbidden-pairs/", ["first", "second", "reason"]),
    ("/events/{slug}/forbidden-pairs/{id}/remove/", []),
    ("/import-trf/", ["game", "total_rounds"]),
    ("/games/{id}/confirm/", []),
    ("/games/{id}/dispute/", ["reason"]),
    ("/games/{id}/decide/", ["kind", "submission", "result", "reason"]),
    ("/games/pairings/{id}/submit/", ["game_number", "record"]),
    ("/games/pairings/{id}/game/{n}/", []),
    ("/accounts/login/", ["username", "password"]),
]
FILE_FIELDS = {"/import-trf/": "file", "/games/pairings/{id}/submit/": "upload"}

API_ENDPOINTS: list[tuple[str, list[str]]] = [
    ("/api/pairings/{id}/result/", ["result"]),
    ("/api/games/submit/", ["pairing", "game_number", "record"]),
    ("/api/games/{id}/confirm/", []),
    ("/api/games/{id}/dispute/", ["reason"]),
    ("/api/games/{id}/decide/", ["kind", "submission", "result", "reason"]),
    ("/api/replay/", ["record", "game"]),
    ("/api/events/", ["name", "slug"]),
    ("/api/events/{slug}/", ["name"]),
    ("/api/players/", ["display_name", "handle"]),
]

TRF_LINES = [
    "012 Imported open",
    "022 Leiden",
    "042 2026/01/31",
    "XXR 5",
    "XXR 99999999999999999999",
    "142 ²",
    "XXC white1",
    "162  W 1.0    D 0.5    L 0.0",
    "BBW nan",
    "BBW inf",
    "BBW 1e300",
    "BBD 99999.5",
    "XXP 1 2",
    "XXP 1 " + "9" * 5000,
    "012 " + "N" * 250,
    "022 " + "C" * 250,
    "001    1      Ann                               1900 NED             2026/01/01  1.0    1    2 w 1  ",
    "001    2      Bob                               1800 NED             2026/01/01  0.0    2    1 b 0  ",
    "001    3      Cid\x00                           1700 NED             2026/01/01  0.0    3",
    "001    ²      Dan                               1600",
    "001    4      Eve                               ²²²² NED             2026/01/01  inf",
    "001    5      Fay                               1500 NED             2026/01/01  0.0    5"
    + " " * 3
    + "0000 - H  " * 1200,
]


def trf_texts() -> st.SearchStrategy[str]:
    line = st.one_of(
        st.sampled_from(TRF_LINES),
        st.tuples(st.sampled_from(["001", "012", "XXR", "162", "XXP", "BBW"]), any_text).map(" ".join),
    )
    return st.lists(line, min_size=1, max_size=8).map("\n".join)


HOWS = ["multipart", "multipart", "urlencoded", "urlencoded", "odd", "get"]
API_HOWS = ["json", "json", "form", "odd", "deep", "method"]
# Most forms are for the events' managers: the organiser sends more than the others.
ACTORS = ["organiser", "anonymous", "stranger", "organiser"]


@dataclass
class Request:
    actor: str
    address: str
    send: Callable[[Any], Any]
    label: str


def addresses(template: str, world: World) -> st.SearchStrategy[str]:
    small = st.sampled_from([1, 2, 3, 0, 99, 99999999999999999999])
    return st.builds(
        lambda slug, number, board, row, n: template.format(
            slug=slug, number=number, board=board, id=row, n=n
        ),
        st.sampled_from(world.slugs),
        small,
        small,
        st.sampled_from(world.ids),
        small,
    )


def form_data(fields: list[str], world: World) -> st.SearchStrategy[dict[str, Any]]:
    names = st.one_of(st.sampled_from(fields or ["x"]), any_text.filter(bool))
    value = st.one_of(text_values(world.ids), st.lists(text_values(world.ids), max_size=3))
    known = st.fixed_dictionaries({}, optional={name: value for name in fields})
    return st.tuples(known, st.dictionaries(names, value, max_size=2)).map(
        lambda pair: {**pair[1], **pair[0]}
    )


def odd_request(actor: str, address: str, body: bytes, content_type: str) -> Request:
    return Request(
        actor, address, lambda c: c.generic("POST", address, body, content_type), f"odd {content_type}"
    )


def page_form(template: str, fields: list[str], world: World) -> st.SearchStrategy[Request]:
    """Requests to one page form: multipart (with a file where the form takes one), URL-encoded,
    an odd body, or a GET with the fields as query."""
    file_field = FILE_FIELDS.get(template)
    files = st.one_of(trf_texts(), any_text).map(lambda text: text.encode("utf-8"))
    files = st.tuples(files, st.sampled_from([b"", b"\x00", b"\xff\xfe"])).map(lambda p: p[1] + p[0])
    actors, where, hows = (
        st.sampled_from(ACTORS),
        addresses(template, world),
        st.sampled_from(HOWS),
    )
    odd, datas = st.sampled_from(ODD_BODIES), form_data(fields, world)

    @st.composite
    def requests(draw: st.DrawFn) -> Request:
        actor, address, how = draw(actors), draw(where), draw(hows)
        if how == "odd":
            return odd_request(actor, address, *draw(odd))
        data = draw(datas)
        if how == "get":
            return Request(actor, address, lambda c: c.get(address, data), f"GET {data!r}")
        if how == "urlencoded":
            text = urlencode(data, doseq=True)
            return Request(
                actor,
                address,
                lambda c: c.post(address, text, content_type="application/x-www-form-urlencoded"),
                f"urlencoded {data!r}",
            )
        if file_field and draw(st.booleans()):
            content = draw(files)
            data[file_field] = SimpleUploadedFile("upload.txt", content)
            label = f"multipart {data!r} file {content[:300]!r}"
        else:
            label = f"multipart {data!r}"
        return Request(actor, address, lambda c: c.post(address, data), label)

    return requests()


def api_endpoint(template: str, fields: list[str], world: World) -> st.SearchStrategy[Request]:
    """Requests to one API endpoint: JSON (an object with its fields or any JSON value), a form,
    an odd body, or another method."""
    values = json_values(world.ids)
    objects = st.one_of(st.fixed_dictionaries({}, optional={name: values for name in fields}), values)
    actors, where, hows = (
        st.sampled_from(ACTORS),
        addresses(template, world),
        st.sampled_from(API_HOWS),
    )
    odd, methods = st.sampled_from(ODD_BODIES), st.sampled_from(["PUT", "PATCH", "DELETE"])
    depths = st.sampled_from([33, 500, 5_000, 100_000])

    @st.composite
    def requests(draw: st.DrawFn) -> Request:
        actor, address, how = draw(actors), draw(where), draw(hows)
        if how == "odd":
            return odd_request(actor, address, *draw(odd))
        if how == "deep":
            body = nested(draw(depths)).encode()
            return odd_request(actor, address, body, "application/json")
        if how == "method":
            method = draw(methods)
            return Request(
                actor, address, lambda c: c.generic(method, address, b"{}", "application/json"), method
            )
        value = draw(objects)
        if how == "form" and isinstance(value, dict):
            data = {str(k): v if isinstance(v, str) else json.dumps(v) for k, v in value.items()}
            return Request(actor, address, lambda c: c.post(address, data), f"form {data!r}")
        body = json.dumps(value)
        return Request(
            actor,
            address,
            lambda c: c.post(address, body, content_type="application/json"),
            f"json {body[:300]}",
        )

    return requests()


# --------------------------------------------------------------------------- the checks


def send(world: World, request: Request, api: bool) -> int:
    """Send the request; assert no 5xx and, when it is refused, that nothing was stored."""
    client = (world.api_clients if api else world.clients)[request.actor]
    before = row_counts()
    response = request.send(client)
    detail = f"{request.actor} {request.address} {request.label[:500]}"
    assert response.status_code < 500, f"{response.status_code} for {detail}"
    if response.status_code >= 400:
        assert row_counts() == before, f"a refused request ({response.status_code}) stored rows: {detail}"
    return response.status_code


def run_fuzz(world: World, api: bool, examples: int) -> dict[int, int]:
    statuses: dict[int, int] = {}
    endpoints = API_ENDPOINTS if api else PAGE_FORMS
    build = api_endpoint if api else page_form
    strategy = st.one_of([build(template, fields, world) for template, fields in endpoints])

    @settings(
        max_examples=examples,
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(strategy)
    def one(request: Request) -> None:
        code = send(world, request, api)
        statuses[code] = statuses.get(code, 0) + 1

    one()
    return statuses


@pytest.fixture
def world(django_capture_on_commit_callbacks: Any, organiser: User, stranger: User) -> World:
    return World.build(django_capture_on_commit_callbacks, organiser, stranger)


@pytest.mark.parametrize(
    ("api", "examples"),
    [
        pytest.param(False, 1200, id="pages"),
        pytest.param(True, 800, id="api"),
        pytest.param(False, 6000, id="pages-slow", marks=pytest.mark.slow),
        pytest.param(True, 4000, id="api-slow", marks=pytest.mark.slow),
    ],
)
def test_hostile_requests_never_answer_5xx_nor_store_when_refused(
    world: World, api: bool, examples: int
) -> None:
    statuses = run_fuzz(world, api, examples)
    sent = sum(statuses.values())
    assert sent >= examples * 0.95, statuses
    assert any(400 <= code < 500 for code in statuses), statuses
    if not api:  # the pages take some of the generated forms (on the API, valid bodies are rare)
        assert any(code < 400 for code in statuses), statuses


# --------------------------------------------------------------------------- the regression corpus


def trf(*lines: str) -> bytes:
    players = [
        "001    1      Ann                               1900 NED             2026/01/01  1.0    1    2 w 1  ",
        "001    2      Bob                               1800 NED             2026/01/01  0.0    2    1 b 0  ",
    ]
    return "\n".join(["012 Imported", *lines, *players]).encode()


# (actor, method, address, body, content type or None for a multipart form, words the answer names)
REGRESSIONS: list[tuple[str, str, str, Any, str | None, str]] = [
    (
        "organiser",
        "POST",
        "/events/{fresh}/players/",
        {"action": "withdraw", "registration": "abc"},
        None,
        "",
    ),
    ("organiser", "POST", "/events/{fresh}/players/", {"action": "withdraw", "registration": "²"}, None, ""),
    (
        "organiser",
        "POST",
        "/events/{fresh}/officials/",
        {"username": "a\x00b", "role": "arbiter"},
        None,
        "NUL",
    ),
    ("organiser", "POST", "/events/{fresh}/players/", {"action": "register", "name": "a\x00b"}, None, "NUL"),
    ("organiser", "GET", "/players/a%00b/", None, None, "NUL"),
    ("anonymous", "GET", "/players/?q=a%00b", None, None, "NUL"),
    ("anonymous", "POST", "/api/replay/", nested(100_000), "application/json", "nested deeper"),
    ("organiser", "POST", "/api/games/submit/", nested(5_000), "application/json", "nested deeper"),
    ("anonymous", "POST", "/api/replay/", '{"record": "a\\u0000b"}', "application/json", "NUL"),
    ("anonymous", "POST", "/api/replay/", b"\xff\xfe{", "application/json", "UTF-8"),
    (
        "organiser",
        "POST",
        "/events/{fresh}/players/",
        "action=register&name=x".encode("utf-16"),
        "application/x-www-form-urlencoded; charset=utf-16",
        "utf-16",
    ),
    ("organiser", "POST", "/events/{fresh}/players/", b"action=register&name=x", "multipart/form-data", ""),
    (
        "organiser",
        "POST",
        "/api/games/submit/",
        '{"pairing": 99999999999999999999, "record": "x"}',
        "application/json",
        "",
    ),
    ("organiser", "POST", "/import-trf/", trf("XXR 99999999999999999999"), "trf", "Line 2"),
    ("organiser", "POST", "/import-trf/", trf("XXR ²"), "trf", "Line 2"),
    ("organiser", "POST", "/import-trf/", trf("012 " + "N" * 201), "trf", "Line 2"),
    ("organiser", "POST", "/import-trf/", trf("022 " + "C" * 201), "trf", "Line 2"),
    ("organiser", "POST", "/import-trf/", trf("022 Lei\x00den"), "trf", "NUL"),
    ("organiser", "POST", "/import-trf/", trf("BBW nan"), "trf", "Line 2"),
    ("organiser", "POST", "/import-trf/", trf("BBW inf"), "trf", "Line 2"),
    ("organiser", "POST", "/import-trf/", trf("BBW 1e300"), "trf", "Line 2"),
    ("organiser", "POST", "/import-trf/", trf("162 W 99999.0"), "trf", "Line 2"),
    ("organiser", "POST", "/import-trf/", trf("XXP 1 " + "9" * 5000), "trf", "Line 2"),
    ("organiser", "POST", "/import-trf/", trf("001    ²      Dan"), "trf", "Line 2"),
    ("organiser", "POST", "/games/pairings/{pairing}/submit/", "a\x00b", "record", "NUL"),
]


@pytest.mark.parametrize(
    ("actor", "method", "address", "body", "content_type", "names"),
    REGRESSIONS,
    ids=[f"{i}-{r[2][:30]}" for i, r in enumerate(REGRESSIONS)],
)
def test_inputs_that_once_answered_500(
    world: World, actor: str, method: str, address: str, body: Any, content_type: str | None, names: str
) -> None:
    robin = Event.objects.get(name="Robin")
    pairing = Pairing.objects.filter(round__event=robin).exclude(black=None).first()
    assert pairing is not None
    address = address.format(fresh=world.slugs[0], pairing=pairing.pk)
    api = address.startswith("/api/")
    if method == "GET":
        request = Request(actor, address, lambda c: c.get(address), "GET")
    elif content_type == "trf":
        data = {"game": "gipf-standard", "file": SimpleUploadedFile("event.trf", body)}
        request = Request(actor, address, lambda c: c.post(address, data), "trf")
    elif content_type == "record":
        data = {"game_number": "1", "upload": SimpleUploadedFile("game.txt", body.encode())}
        request = Request(actor, address, lambda c: c.post(address, data), "record")
    elif content_type is None:
        request = Request(actor, address, lambda c: c.post(address, body), "form")
    else:
        raw = body.encode() if isinstance(body, str) else body
        request = Request(actor, address, lambda c: c.generic(method, address, raw, content_type), "raw")
    client = (world.api_clients if api else world.clients)[actor]
    before = row_counts()
    response = request.send(client)
    assert 400 <= response.status_code < 500, response.content[:500]
    assert row_counts() == before
    assert names in response.content.decode("utf-8", "replace")
