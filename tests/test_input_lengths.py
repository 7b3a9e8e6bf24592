"""Lengths checked where they are stored (issue 41 item 4): no text reaches the database longer than
its column holds, which SQLite never notices and PostgreSQL answers with a 500.

Every text field of the API's request bodies (from the schema) and of the pages' forms (every form
class of the project) is either stored in a column, named here with it (:data:`STORED`), and accepts
at most what the column holds; or is not stored as sent (:data:`NOT_STORED`, saying why); a field in
neither fails the test, so a new one is classified when it is written. Every such field has a bound.
Then the issue's case through the API (a 121-character name answers 400, 120 are stored), and the
sign-up form's e-mail address. Run on PostgreSQL too (``DATABASE_URL``): there the columns refuse.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

import pytest
from django import forms
from django.apps import apps
from django.contrib.auth.models import User
from django.db import models
from drf_spectacular.generators import SchemaGenerator

from accounts.models import Player
from tests.conftest import make_event
from tournaments.models import Registration

TEXT_FIELD = "a TextField"
LOOKED_UP = "looked up, never stored as sent"
PASSWORD = "a password: checked or stored hashed"

# (request body's schema component or form class, field) -> the column it is stored in
STORED: dict[tuple[str, str], str] = {
    ("EventInput", "name"): "tournaments.Event.name",
    ("EventInput", "location"): "tournaments.Event.location",
    ("EventInput", "time_control"): "tournaments.Event.time_control",
    ("EventInput", "creation_key"): "tournaments.Event.creation_key",
    ("EventForm", "name"): "tournaments.Event.name",
    ("EventForm", "location"): "tournaments.Event.location",
    ("EventForm", "time_control"): "tournaments.Event.time_control",
    ("EventForm", "creation_key"): "tournaments.Event.creation_key",
    ("StartInput", "top_seed_colour"): "tournaments.Event.top_seed_colour",
    ("PlaySettings", "time_control"): "tournaments.Event.time_control",
    ("RoundPlay", "time_control"): "tournaments.Round.time_control",
    ("RoundPlayForm", "time_control"): "tournaments.Round.time_control",
    ("RegisterInput", "name"): "accounts.Player.display_name",
    ("RegisterPlayerForm", "name"): "accounts.Player.display_name",
    ("LateEntryForm", "name"): "accounts.Player.display_name",
    ("ForbiddenPairInput", "reason"): "tournaments.ForbiddenPair.reason",
    ("ForbiddenPairForm", "reason"): "tournaments.ForbiddenPair.reason",
    ("PairingEdit", "reason"): "tournaments.PairingAudit.reason",
    ("EditPairingsForm", "reason"): "tournaments.PairingAudit.reason",
    ("BoardResult", "result"): "tournaments.Pairing.results",
    ("ResultInput", "result"): "tournaments.Pairing.results",
    ("PairingResultForm", "result"): "tournaments.Pairing.results",
    ("CorrectionInput", "result"): "tournaments.ResultCorrection.new_results",
    ("CorrectionForm", "result"): "tournaments.ResultCorrection.new_results",
    ("NewChallenge", "game"): "games.Challenge.game",
    ("NewChallenge", "colour"): "games.Challenge.colour",
    ("NewChallenge", "time_control"): "games.Challenge.time_control",
    ("ChallengeForm", "time_control"): "games.Challenge.time_control",
    ("Credentials", "name"): "accounts.ApiToken.name",
    ("TokenRequest", "name"): "accounts.ApiToken.name",
    ("SignUpForm", "username"): "auth.User.username",
    ("SignUpForm", "email"): "auth.User.email",
    ("SignUp", "username"): "auth.User.username",
    # stored in a TextField: any length the field allows
    ("MakeMove", "move"): "games.Move.notation",
    ("Submit", "record"): "games.SubmittedRecord.text",
    ("RecordForm", "record"): "games.SubmittedRecord.text",
    ("Dispute", "reason"): "games.Dispute.reason",
    ("DisputeForm", "reason"): "games.Dispute.reason",
    ("Decide", "reason"): "games.Decision.reason",
    ("DecisionForm", "reason"): "games.Decision.reason",
    ("CorrectionInput", "reason"): "tournaments.ResultCorrection.reason",
    ("CorrectionForm", "reason"): "tournaments.ResultCorrection.reason",
    ("TieBreakChange", "reason"): "tournaments.TieBreakChange.reason",
    ("TieBreakChangeForm", "reason"): "tournaments.TieBreakChange.reason",
    ("WebhookInput", "url"): "tournaments.Webhook.url",
    ("WebhookForm", "url"): "tournaments.Webhook.url",
}

# (request body's schema component or form class, field) -> why it is in no column as sent
NOT_STORED: dict[tuple[str, str], str] = {
    ("Adjudicate", "reason"): TEXT_FIELD + " (the arbiter's decision)",
    ("Annul", "reason"): TEXT_FIELD + " (the arbiter's decision)",
    ("GiveTime", "reason"): TEXT_FIELD + " (the time given)",
    ("AdjudicateForm", "reason"): TEXT_FIELD + " (the arbiter's decision)",
    ("AnnulForm", "reason"): TEXT_FIELD + " (the arbiter's decision)",
    ("GiveTimeForm", "reason"): TEXT_FIELD + " (the time given)",
    ("Replay", "record"): "replayed, never stored",
    ("ListInput", "players"): "parsed: each name refused beyond a player's name's length",
    ("PasteListForm", "players"): "parsed: each name refused beyond a player's name's length",
    ("TrfImportForm", "match_players"): "parsed into numbers and codes",
    ("EditPairingsForm", "previewed"): "compared with the boards, never stored",
    ("EventInput", "potentials"): "a game option, stored as JSON once read",
    ("EventInput", "start"): "a game option, stored as JSON once read",
    ("GameOptions", "potentials"): "a game option, stored as JSON once read",
    ("GameOptions", "start"): "a game option, stored as JSON once read",
    ("NewChallenge", "potentials"): "a game option, stored as JSON once read",
    ("NewChallenge", "start"): "a game option, stored as JSON once read",
    ("EventForm", "potentials"): "a game option, stored as JSON once read",
    ("EventForm", "start"): "a game option, stored as JSON once read",
    ("ChallengeForm", "potentials"): "a game option, stored as JSON once read",
    ("ChallengeForm", "start"): "a game option, stored as JSON once read",
    ("AutopilotFields", "round_times"): "parsed into times, stored as JSON once read",
    ("AutopilotForm", "round_times"): "parsed into times, stored as JSON once read",
    ("EventForm", "round_times"): "parsed into times, stored as JSON once read",
    ("NewChallenge", "opponent"): LOOKED_UP,
    ("ChallengeForm", "opponent"): LOOKED_UP,
    ("ByeInput", "player"): LOOKED_UP,
    ("ForbiddenPairInput", "first"): LOOKED_UP,
    ("ForbiddenPairInput", "second"): LOOKED_UP,
    ("OfficialInput", "username"): LOOKED_UP,
    ("ClaimCodeAction", "username"): LOOKED_UP,
    ("Credentials", "username"): LOOKED_UP,
    ("TokenRequest", "username"): LOOKED_UP,
    ("LinkForm", "username"): LOOKED_UP,
    ("ClaimForm", "code"): LOOKED_UP,
    ("Claim", "code"): LOOKED_UP,
    ("LockoutAuthenticationForm", "username"): LOOKED_UP,
    ("LockoutAdminAuthenticationForm", "username"): LOOKED_UP,
    ("Credentials", "password"): PASSWORD,
    ("TokenRequest", "password"): PASSWORD,
    ("LockoutAuthenticationForm", "password"): PASSWORD,
    ("LockoutAdminAuthenticationForm", "password"): PASSWORD,
    ("SignUpForm", "password1"): PASSWORD,
    ("SignUpForm", "password2"): PASSWORD,
    ("SignUp", "password"): PASSWORD,
}
# Django's own sign-in and sign-up password fields have no bound of their own (the request's size
# bounds them: DATA_UPLOAD_MAX_MEMORY_SIZE)
UNBOUNDED = {
    key
    for key, why in NOT_STORED.items()
    if why == PASSWORD and key[0] not in ("Credentials", "TokenRequest", "SignUp")
}
PROJECT = ("accounts", "common", "games", "personal", "tournaments", "config")


def _column(dotted: str) -> models.Field[Any, Any]:
    app_model, name = dotted.rsplit(".", 1)
    return apps.get_model(app_model)._meta.get_field(name)  # type: ignore[return-value]


def _api_fields() -> dict[tuple[str, str], int | None]:
    """Every text field of every request body of the API (enumerations, dates and numbers aside)."""
    schema = SchemaGenerator().get_schema(request=None, public=True)
    components = schema["components"]["schemas"]
    found: dict[tuple[str, str], int | None] = {}

    def walk(name: str, body: dict[str, Any]) -> None:
        for field, spec in body.get("properties", {}).items():
            if spec.get("readOnly"):
                continue
            if "$ref" in spec:
                referred = spec["$ref"].rsplit("/", 1)[-1]
                walk(referred, components[referred])
            elif spec.get("type") == "string" and "enum" not in spec and not spec.get("format"):
                found[(name, field)] = spec.get("maxLength")
            elif spec.get("type") == "array" and "$ref" in spec.get("items", {}):
                referred = spec["items"]["$ref"].rsplit("/", 1)[-1]
                walk(referred, components[referred])

    for operations in schema["paths"].values():
        for operation in operations.values():
            sent = operation.get("requestBody", {}).get("content", {}).get("application/json", {})
            reference = sent.get("schema", {}).get("$ref")
            if reference:
                name = reference.rsplit("/", 1)[-1]
                walk(name, components[name])
    return found


def _form_fields() -> dict[tuple[str, str], int | None]:
    """Every text field of every form class of the project's code."""
    for top in PROJECT:
        package = importlib.import_module(top)
        for module in pkgutil.walk_packages(package.__path__, f"{top}."):
            if ".migrations" not in module.name:
                importlib.import_module(module.name)

    def subclasses(cls: type) -> list[type]:
        return [sub for direct in cls.__subclasses__() for sub in (direct, *subclasses(direct))]

    found: dict[tuple[str, str], int | None] = {}
    for form in subclasses(forms.BaseForm):
        if form.__module__.split(".")[0] not in PROJECT:
            continue
        try:  # a form that sets its fields' bounds itself (Django's sign-in: the user name's length)
            fields = form().fields
        except TypeError:  # a form that needs its object
            fields = form.base_fields  # type: ignore[attr-defined]
        for name, field in fields.items():
            if isinstance(field, forms.CharField):
                found[(form.__name__, name)] = field.max_length
    return found


@pytest.fixture(scope="module")
def text_fields(django_db_blocker: Any) -> dict[tuple[str, str], int | None]:
    with django_db_blocker.unblock():
        return {**_api_fields(), **_form_fields()}


def test_every_text_field_is_classified_and_bounded(text_fields: dict[tuple[str, str], int | None]) -> None:
    unclassified = sorted(set(text_fields) - set(STORED) - set(NOT_STORED))
    assert not unclassified, (
        f"say where these are stored (STORED) or why nowhere (NOT_STORED): {unclassified}"
    )
    unbounded = sorted(key for key, length in text_fields.items() if length is None and key not in UNBOUNDED)
    assert not unbounded, f"text fields without a maximum length: {unbounded}"
    assert set(STORED) | set(NOT_STORED) <= set(text_fields), "a field named here no longer exists"


def test_no_field_takes_more_than_its_column_holds(text_fields: dict[tuple[str, str], int | None]) -> None:
    too_long = {}
    for key, dotted in STORED.items():
        column = _column(dotted)
        assert isinstance(column, models.CharField | models.TextField), dotted
        if isinstance(column, models.CharField) and (text_fields[key] or 0) > column.max_length:
            too_long[key] = (text_fields[key], dotted, column.max_length)
    assert not too_long, too_long


@pytest.mark.django_db
def test_a_registered_name_longer_than_a_players_name_is_refused_naming_the_field(
    organiser: User, api_client: Any
) -> None:
    event = make_event(organiser, "Ann 1900\nBob 1800")
    api_client.force_authenticate(organiser)
    address = f"/api/events/{event.slug}/registrations/"
    longest = Player._meta.get_field("display_name").max_length
    refused = api_client.post(address, {"name": "N" * (longest + 1)}, format="json")
    assert refused.status_code == 400 and "name" in refused.json()["fields"], refused.json()
    assert refused.json()["detail"].startswith("name:")
    assert not Player.objects.filter(display_name__startswith="NNN").exists()
    stored = api_client.post(address, {"name": "N" * longest}, format="json")
    assert stored.status_code == 201, stored.json()
    assert Registration.objects.filter(event=event, player__display_name="N" * longest).exists()


@pytest.mark.django_db
def test_a_pairing_edits_reason_longer_than_its_column_is_refused(organiser: User, api_client: Any) -> None:
    from tests.conftest import make_swiss, start

    event = make_swiss(organiser, "Ann 1900\nBob 1800\nCid 1700\nDan 1600", rounds=3, game="dvonn")
    start(event, organiser)
    api_client.force_authenticate(organiser)
    refused = api_client.post(
        f"/api/events/{event.slug}/rounds/1/pairings/",
        {"pairs": [[1, 3], [2, 4]], "reason": "r" * 201, "preview": True},
        format="json",
    )
    assert refused.status_code == 400 and "reason" in refused.json()["fields"], refused.json()


@pytest.mark.django_db
def test_the_sign_up_forms_e_mail_address_is_at_most_what_an_account_holds() -> None:
    from personal.forms import SignUpForm

    # 257 characters, a valid address (parts of at most 64 and 63): an account holds 254
    address = "a" * 64 + "@" + ".".join(["b" * 63, "c" * 63, "d" * 60]) + ".org"
    assert len(address) == 257
    form = SignUpForm(
        data={
            "username": "eve",
            "email": address,
            "password1": "pw-eve-123456789",
            "password2": "pw-eve-123456789",
        }
    )
    assert not form.is_valid() and "email" in form.errors
    assert not User.objects.filter(username="eve").exists()
