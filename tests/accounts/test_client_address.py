"""The client's address behind proxies (common.client) and what it means for the sign-in lockout:
a stranger's failures never lock out another address, the account's owner keeps signing in while
the account is attacked from many addresses, and a forged X-Forwarded-For is never believed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client, RequestFactory, override_settings
from django.urls import reverse

from common.client import client_address
from tests.games.records.test_confirmation import Board, make_board

pytestmark = pytest.mark.django_db

PROXY = "10.0.0.2"  # the reverse proxy's address: every request arrives from it


@pytest.fixture
def board(django_capture_on_commit_callbacks: Callable[..., Any]) -> Board:
    return make_board(django_capture_on_commit_callbacks)


def request_from(remote: str, forwarded: str | None = None) -> Any:
    extra = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    return RequestFactory().get("/", **extra)


@pytest.mark.parametrize(
    ("proxies", "forwarded", "expected"),
    [
        (0, "198.51.100.9", PROXY),  # no proxy configured: the header is anybody's
        (1, None, PROXY),  # nothing forwarded
        (1, "198.51.100.9", "198.51.100.9"),  # nginx appended the client
        (1, "1.2.3.4, 198.51.100.9", "198.51.100.9"),  # the client forged an entry: ignored
        (2, "1.2.3.4, 198.51.100.9, 10.0.0.1", "198.51.100.9"),  # two proxies: the outer one's client
        (2, "198.51.100.9", "198.51.100.9"),  # fewer entries than proxies: the leftmost
        (1, "not-an-address", PROXY),
        (1, "2001:DB8::1", "2001:db8::1"),
    ],
)
def test_the_client_address_is_read_through_the_trusted_proxies_only(
    proxies: int, forwarded: str | None, expected: str
) -> None:
    with override_settings(TRUSTED_PROXIES=proxies):
        assert client_address(request_from(PROXY, forwarded)) == expected


def sign_in(client: Client, username: str, password: str, address: str) -> int:
    response = client.post(
        reverse("login"),
        {"username": username, "password": password},
        REMOTE_ADDR=PROXY,
        HTTP_X_FORWARDED_FOR=address,
    )
    return int(response.status_code)


@override_settings(TRUSTED_PROXIES=1, SIGN_IN_FAILURE_LIMIT=5, SIGN_IN_ADDRESS_FAILURE_LIMIT=20)
def test_behind_the_proxy_a_strangers_failures_do_not_lock_out_another_address(board: Board) -> None:
    stranger = "203.0.113.66"
    for n in range(20):  # invented names: the stranger's address is locked out
        sign_in(Client(), f"nobody{n}", "wrong", stranger)
    for _ in range(5):  # and Bob's name from the stranger's address
        sign_in(Client(), "bob", "wrong", stranger)
    assert sign_in(Client(), "ann", "pw-ann-12345", stranger) == 429
    assert sign_in(Client(), "bob", "pw-bob-12345", stranger) == 429
    # everybody else, behind the same proxy, signs in
    assert sign_in(Client(), "ann", "pw-ann-12345", "198.51.100.1") == 302
    assert sign_in(Client(), "bob", "pw-bob-12345", "198.51.100.2") == 302
    # a forged X-Forwarded-For entry does not move the stranger elsewhere
    forged = Client().post(
        reverse("login"),
        {"username": "bob", "password": "pw-bob-12345"},
        REMOTE_ADDR=PROXY,
        HTTP_X_FORWARDED_FOR=f"198.51.100.2, {stranger}",
    )
    assert forged.status_code == 429


@override_settings(TRUSTED_PROXIES=0, SIGN_IN_ADDRESS_FAILURE_LIMIT=3)
def test_without_trusted_proxies_the_header_cannot_dodge_the_lockout(board: Board) -> None:
    for n in range(3):
        sign_in(Client(), f"nobody{n}", "wrong", f"198.51.100.{n}")  # each claims another address
    assert sign_in(Client(), "ann", "pw-ann-12345", "198.51.100.200") == 429


@override_settings(
    TRUSTED_PROXIES=1,
    SIGN_IN_FAILURE_LIMIT=5,
    SIGN_IN_ADDRESS_FAILURE_LIMIT=20,
    SIGN_IN_ACCOUNT_FAILURE_LIMIT=8,
)
def test_many_addresses_guessing_one_password_slow_down_and_the_owner_does_not(board: Board) -> None:
    home = "198.51.100.7"
    assert sign_in(Client(), "bob", "pw-bob-12345", home) == 302  # Bob signed in from home before
    for n in range(8):  # eight addresses, one guess each: below every per-address limit
        assert sign_in(Client(), "bob", "wrong", f"203.0.113.{n}") == 200
    # a ninth attacker address is locked out of Bob's account, even with the right password
    assert sign_in(Client(), "bob", "pw-bob-12345", "203.0.113.99") == 429
    # another account from that address is not
    assert sign_in(Client(), "ann", "pw-ann-12345", "203.0.113.99") == 302
    # Bob, from home, is not slowed down
    assert sign_in(Client(), "bob", "pw-bob-12345", home) == 302
