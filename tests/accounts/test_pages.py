"""The account pages: sign-up, sign-in and sign-out, password reset by e-mail and change, my games
without a player, and the claim page's throttle."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client, override_settings
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_sign_up_then_sign_out_and_in() -> None:
    client = Client()
    page = client.get(reverse("accounts:signup"))
    assert page.status_code == 200 and "Create an account" in page.content.decode()
    data = {
        "username": "pia",
        "email": "pia@example.org",
        "password1": "gipf-and-dvonn-2026",
        "password2": "x",
    }
    mismatch = client.post(reverse("accounts:signup"), data)
    assert mismatch.status_code == 400 and not User.objects.filter(username="pia").exists()
    data["password2"] = data["password1"]
    created = client.post(reverse("accounts:signup"), data)
    assert created.status_code == 302 and created["Location"] == reverse("accounts:claim")
    assert User.objects.get(username="pia").email == "pia@example.org"
    assert client.get(reverse("accounts:account")).status_code == 200  # signed in
    taken = Client().post(reverse("accounts:signup"), data)
    assert taken.status_code == 400 and "already exists" in taken.content.decode()
    assert client.post(reverse("logout")).status_code == 302
    assert client.get(reverse("accounts:account")).status_code == 302
    signed = client.post(reverse("login"), {"username": "pia", "password": "gipf-and-dvonn-2026"})
    assert signed.status_code == 302


def test_password_reset_by_email_and_change() -> None:
    User.objects.create_user("pia", email="pia@example.org", password="old-password-2026")
    client = Client()
    assert client.post(reverse("password_reset"), {"email": "pia@example.org"}).status_code == 302
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["pia@example.org"]
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", mail.outbox[0].body)
    assert link is not None
    form = client.get(link.group(1), follow=True)
    assert form.status_code == 200 and "Choose a new password" in form.content.decode()
    url = form.redirect_chain[-1][0]
    done = client.post(url, {"new_password1": "new-password-2026", "new_password2": "new-password-2026"})
    assert done.status_code == 302
    assert User.objects.get(username="pia").check_password("new-password-2026")
    # an unknown address sends nothing and says nothing about who has an account
    assert client.post(reverse("password_reset"), {"email": "nobody@example.org"}).status_code == 302
    assert len(mail.outbox) == 1
    # change, signed in
    client.force_login(User.objects.get(username="pia"))
    changed = client.post(
        reverse("password_change"),
        {
            "old_password": "new-password-2026",
            "new_password1": "third-password-2026",
            "new_password2": "third-password-2026",
        },
    )
    assert changed.status_code == 302
    assert User.objects.get(username="pia").check_password("third-password-2026")


def test_my_games_without_a_player_asks_to_claim(stranger: User) -> None:
    client = Client()
    client.force_login(stranger)
    page = client.get(reverse("accounts:my-games")).content.decode()
    assert reverse("accounts:claim") in page and "not linked to a player" in page
    assert Client().get(reverse("accounts:my-games")).status_code == 302


@override_settings(REST_FRAMEWORK={"DEFAULT_THROTTLE_RATES": {"submissions": "30/min", "claims": "3/hour"}})
def test_claim_attempts_are_throttled(stranger: User) -> None:
    client = Client()
    client.force_login(stranger)
    for _ in range(3):
        assert client.post(reverse("accounts:claim"), {"code": "ABCD-EFGH-JKLM"}).status_code == 400
    refused = client.post(reverse("accounts:claim"), {"code": "ABCD-EFGH-JKLM"})
    assert refused.status_code == 429 and "Too many attempts" in refused.content.decode()
    assert int(refused["Retry-After"]) > 0
