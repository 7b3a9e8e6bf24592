"""Reads composed once a process (``common.prepared``): differential against the querysets they are
written as. Each prepared read gives, row for row, the models (with their related rows) or tuples
Django's own read of the same queryset gives, for several values in turn (the statement composed at
the first, reused after); a key outside its column's range matches nothing, as Django's lookup."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.db import transaction
from django.db.models import Model
from django.db.transaction import TransactionManagementError

from common.locking import locked
from common.prepared import Prepared, key_value
from games.models import Game, SubmittedRecord
from games.records import services
from tests.games.records.test_confirmation import make_board
from tournaments.models import Pairing, PairingGame

pytestmark = pytest.mark.django_db


def fields_of(obj: Model) -> dict[str, Any]:
    """Every concrete field's value as Django read it (its type included)."""
    return {field.attname: getattr(obj, field.attname) for field in obj._meta.concrete_fields}


def same_model(prepared: Model, expected: Model, related: list[str]) -> None:
    assert type(prepared) is type(expected)
    found, wanted = fields_of(prepared), fields_of(expected)
    assert found == wanted
    assert {name: type(value) for name, value in found.items()} == {n: type(v) for n, v in wanted.items()}
    for path in related:
        ours, theirs = prepared, expected
        for name in path.split("__"):
            assert name in ours._state.fields_cache  # read with it: no query to reach it
            ours, theirs = getattr(ours, name), getattr(theirs, name)
        same_model(ours, theirs, [])


@pytest.fixture
def boards(django_capture_on_commit_callbacks: Callable[..., Any]) -> list[Pairing]:
    """Two games with a submission each: JSON, dates, addresses and text among their columns."""
    board = make_board(django_capture_on_commit_callbacks, "Ann 1900\nCid 1850\nDan 1800\nBob 1700")
    pairings = list(Pairing.objects.filter(round=board.round).exclude(black=None).order_by("pk"))
    assert len(pairings) == 2
    for pairing in pairings:
        services.games_of(pairing)
        game = Game.objects.get(pairing_game__pairing=pairing)
        SubmittedRecord.objects.create(
            game=game, submitted_by=board.olga, submitted_from="10.1.2.3", text="1. x"
        )
    return pairings


def test_a_prepared_read_gives_the_models_and_related_rows_django_reads(boards: list[Pairing]) -> None:
    related = ["game", "game__white", "pairing__round__event"]
    read = Prepared(lambda pk: PairingGame.objects.filter(pairing_id=pk).select_related(*related), int)
    for pairing in boards + boards:  # the second turn runs the statement composed in the first
        expected = list(PairingGame.objects.filter(pairing_id=pairing.pk).select_related(*related))
        found = read.rows(pairing.pk)
        assert len(found) == len(expected) == 1
        same_model(found[0], expected[0], related)


def test_values_of_every_kind_take_their_places(boards: list[Pairing]) -> None:
    def build(game: int, text: str) -> Any:
        return SubmittedRecord.objects.filter(game_id=game, text=text).order_by("submitted_at", "pk")

    read = Prepared(build, int, str)
    for record in list(SubmittedRecord.objects.order_by("pk")) * 2:
        for text in (record.text, "1. y", 'it\'s "quoted" %s'):
            expected = list(build(record.game_id, text))
            found = read.rows(record.game_id, text)
            assert [fields_of(obj) for obj in found] == [fields_of(obj) for obj in expected]
    assert read.first(10**6, "1. x") is None


def test_a_values_list_read_gives_tuples(boards: list[Pairing]) -> None:
    def build(pk: int) -> Any:
        return Pairing.objects.filter(pk=pk).values_list("pk", "round__event__name", "results")

    read = Prepared(build, int)
    for pairing in boards:
        assert read.rows(pairing.pk) == list(build(pairing.pk))


def test_a_locking_read_is_refused_outside_a_transaction_where_django_refuses_it(
    boards: list[Pairing],
) -> None:
    read = Prepared(lambda pk: locked(Pairing.objects.filter(pk=pk)), int)
    pk = boards[0].pk
    with transaction.atomic():
        assert [p.pk for p in read.rows(pk)] == [pk]
    try:
        list(locked(Pairing.objects.filter(pk=pk)))
    except TransactionManagementError:
        with pytest.raises(TransactionManagementError):
            read.rows(pk)
    else:
        assert [p.pk for p in read.rows(pk)] == [pk]


def test_a_value_must_be_one_parameter_of_the_statement(boards: list[Pairing]) -> None:
    read = Prepared(lambda pk: Pairing.objects.filter(pk=boards[0].pk), int)  # the value unused
    with pytest.raises(ValueError, match="one parameter"):
        read.rows(1)


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        (12, 12),
        ("12", 12),
        (12.0, 12),
        (2**63 - 1, 2**63 - 1),
        (2**63, None),
        (-(2**63) - 1, None),
        (10**30, None),
    ],
)
def test_a_key_is_taken_as_djangos_lookup_takes_it(db: None, given: object, expected: object) -> None:
    assert key_value(Pairing, given) == expected
    if expected is None:  # Django's lookup of it matches nothing
        assert not Pairing.objects.filter(pk=given).exists()


@pytest.mark.parametrize("given", ["abc", "1.5", [1]])
def test_what_is_no_key_is_refused_as_django_refuses_it(db: None, given: object) -> None:
    with pytest.raises((TypeError, ValueError)) as ours:
        key_value(Pairing, given)
    with pytest.raises((TypeError, ValueError)) as djangos:
        Pairing.objects.filter(pk=given).exists()
    assert type(ours.value) is type(djangos.value)
