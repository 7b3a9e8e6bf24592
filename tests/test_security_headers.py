"""Hardening: a Content-Security-Policy on every page that fits the templates (no inline script or
style attribute anywhere; the boards' SVG stylesheet allowed by its hash), Django's full set of
password validators, names that are formulas escaped in CSV downloads, bounded admin formsets."""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from arbiter import registry
from arbiter.svg import STYLE
from games.admin import MAX_INLINE_FORMS
from tests.conftest import make_event, play_round, start
from tournaments.web.views.standings import spreadsheet_text

TEMPLATES = sorted((Path(settings.BASE_DIR) / "templates").rglob("*.html"))


@pytest.mark.django_db
def test_pages_send_a_content_security_policy_without_unsafe_inline(client) -> None:  # type: ignore[no-untyped-def]
    for path in ("/", "/api/docs/"):
        policy = client.get(path)["Content-Security-Policy"]
        directives = dict(part.strip().split(" ", 1) for part in policy.split(";") if part.strip())
        assert directives["default-src"] == "'self'"
        assert directives["script-src"] == "'self'"
        assert directives["object-src"] == "'none'" and directives["frame-ancestors"] == "'none'"
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
        # each registered game's board stylesheet (the shared CSS, then the game's), by its hash
        expected = ["'self'"] + [
            f"'sha256-{base64.b64encode(hashlib.sha256((STYLE + spec.style).encode()).digest()).decode()}'"
            for spec in registry.specs()
        ]
        assert directives["style-src"].split() == expected
        assert len(expected) >= 3  # GIPF and DVONN at least


def test_the_api_docs_load_no_inline_script(client) -> None:  # type: ignore[no-untyped-def]
    page = client.get("/api/docs/").content.decode()
    assert re.search(r"<script(?![^>]*\bsrc=)[^>]*>\s*\S", page) is None


def test_the_api_docs_keep_their_own_policy(client) -> None:  # type: ignore[no-untyped-def]
    """Every inline stylesheet a served page holds is allowed by that page's style-src (its hash),
    and none of its elements has a style attribute: drf-spectacular's Swagger UI page had an inline
    ``<style>`` that the policy refused (issue 32 item 8); its rules are now a static file."""
    from django.contrib.staticfiles import finders

    answer = client.get("/api/docs/")
    page = answer.content.decode()
    policy = answer["Content-Security-Policy"]
    allowed = dict(part.strip().split(" ", 1) for part in policy.split(";") if part.strip())[
        "style-src"
    ].split()
    for body in re.findall(r"<style[^>]*>(.*?)</style>", page, flags=re.S):
        digest = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in allowed, f"an inline stylesheet the policy refuses: {body[:60]!r}"
    assert not re.search(r"<[^>]+\sstyle=", page)
    sheets = re.findall(r'<link rel="stylesheet" href="([^"]+)"', page)
    assert "/static/css/api-docs.css" in sheets
    for sheet in sheets:
        assert finders.find(sheet.split("?")[0].removeprefix("/static/")), sheet


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda p: str(p.name))
def test_no_template_has_an_inline_script_handler_or_style(template: Path) -> None:
    text = template.read_text(encoding="utf-8")
    assert not re.search(r"\sstyle=", text), "a style attribute: use a class of site.css"
    assert not re.search(r"\son[a-z]+=", text), "an inline event handler: use a static script"
    assert not re.search(r"<script(?![^>]*\bsrc=)", text), "an inline script"
    assert not re.search(r"<style", text), "an inline stylesheet"


@pytest.mark.django_db
def test_common_and_numeric_passwords_are_refused(client) -> None:  # type: ignore[no-untyped-def]
    validators = {v["NAME"].rsplit(".", 1)[1] for v in settings.AUTH_PASSWORD_VALIDATORS}
    assert validators == {
        "UserAttributeSimilarityValidator",
        "MinimumLengthValidator",
        "CommonPasswordValidator",
        "NumericPasswordValidator",
    }
    for password, reason in (("password123", "too common"), ("83920174651", "entirely numeric")):
        answer = client.post(
            reverse("accounts:signup"),
            {"username": "newcomer", "email": "", "password1": password, "password2": password},
        )
        assert reason in answer.content.decode(), password
    assert not User.objects.filter(username="newcomer").exists()


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ('=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'),
        ("+1", "'+1"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tTab", "'\tTab"),
        ("\rReturn", "'\rReturn"),
        ("Anna", "Anna"),
        ("O'Neill", "O'Neill"),
    ],
)
def test_a_name_that_is_a_formula_is_text_in_a_spreadsheet(name: str, shown: str) -> None:
    assert spreadsheet_text(name) == shown


@pytest.mark.django_db
def test_the_standings_csv_escapes_formula_names(client, organiser: User) -> None:  # type: ignore[no-untyped-def]
    event = make_event(organiser, '=HYPERLINK("http://evil")\nBob\nCid\nDan')
    play_round(start(event, organiser), organiser)
    csv_text = client.get(reverse("tournaments:standings-csv", args=[event.slug])).content.decode()
    assert '\'=HYPERLINK(""http://evil"")' in csv_text
    assert "\n=HYPERLINK" not in csv_text and ",=HYPERLINK" not in csv_text


@pytest.mark.django_db
def test_an_admin_formset_reads_a_bounded_number_of_forms(admin_client, organiser: User) -> None:  # type: ignore[no-untyped-def]
    event = make_event(organiser, "Ann\nBob")
    url = reverse("admin:tournaments_event_change", args=[event.pk])
    page = admin_client.get(url)
    prefix = page.context["inline_admin_formsets"][0].formset.prefix
    data = {
        "name": event.name,
        "slug": event.slug,
        f"{prefix}-TOTAL_FORMS": "1000000",
        f"{prefix}-INITIAL_FORMS": "0",
    }
    answer = admin_client.post(url, data)
    formset = answer.context["inline_admin_formsets"][0].formset
    assert formset.total_form_count() == MAX_INLINE_FORMS == 500


@pytest.mark.django_db
def test_every_inline_stylesheet_of_a_game_page_is_allowed_by_the_policy(
    django_capture_on_commit_callbacks,  # type: ignore[no-untyped-def]
) -> None:
    from tests.games.records.test_confirmation import BLACK_WINS, make_board

    board = make_board(django_capture_on_commit_callbacks)
    board.submit(board.ann, BLACK_WINS)
    client = Client()
    client.force_login(board.ann)
    answer = client.get(board.game().get_absolute_url())
    page = answer.content.decode()
    styles = re.findall(r"<style>(.*?)</style>", page, re.S)
    assert styles, "the board is drawn inline, with its stylesheet"
    allowed = answer["Content-Security-Policy"]
    for style in styles:
        digest = base64.b64encode(hashlib.sha256(style.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in allowed


@pytest.mark.django_db
def test_the_admin_sign_in_has_no_inline_script(client) -> None:  # type: ignore[no-untyped-def]
    page = client.get("/admin/login/").content.decode()
    assert re.search(r"<script(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>\s*\S", page) is None
