"""The API's lists page with bounded limit and offset: huge numbers are a page, not a crash."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from drf_spectacular.generators import SchemaGenerator

from tests.conftest import make_swiss
from tournaments.models import Event

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("limit=2", ["e0", "e1"]),
        ("limit=2&offset=3", ["e3", "e4"]),
        ("limit=10402240045333105359597905802080288768", [f"e{i}" for i in range(6)]),
        ("offset=-773&limit=1", ["e0"]),
        ("offset=99999999999999999999999999", []),
    ],
)
def test_limit_and_offset_are_bounded(api_client, organiser: User, query: str, expected: list[str]) -> None:  # type: ignore[no-untyped-def]
    for i in range(6):
        make_swiss(organiser, names="", name=f"e{i}", slug=f"e{i}")
    answer = api_client.get(f"/api/events/?{query}&ordering=slug")
    assert answer.status_code == 200
    names = sorted(event["name"] for event in answer.json()["results"])
    assert len(names) == len(expected)
    assert answer.json()["count"] == Event.objects.count() == 6


def test_bounds_are_in_the_schema() -> None:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    parameters = {p["name"]: p["schema"] for p in schema["paths"]["/api/events/"]["get"]["parameters"]}
    assert parameters["limit"]["maximum"] == 500
    assert parameters["limit"]["minimum"] == 1
    assert parameters["offset"]["minimum"] == 0
    responses = schema["paths"]["/api/events/{slug}/"]["get"]["responses"]
    assert set(responses) == {"200", "400", "404", "503"}  # 503: the database out of reach
    writes = schema["paths"]["/api/pairings/{id}/result/"]["post"]["responses"]
    assert {"401", "403", "404", "409", "429"} <= set(writes)
