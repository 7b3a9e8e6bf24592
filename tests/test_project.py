"""Project set-up: settings come from the environment, and migrations match the models."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from io import StringIO

import pytest
from django.core.management import call_command

from tests.conftest import PROJECT_ROOT

SHOW = (
    "import json, django; from django.conf import settings; django.setup(); "
    "print(json.dumps({'engine': settings.DATABASES['default']['ENGINE'], "
    "'eager': settings.CELERY_TASK_ALWAYS_EAGER, 'broker': settings.CELERY_BROKER_URL, "
    "'debug': settings.DEBUG, 'hosts': settings.ALLOWED_HOSTS}))"
)


def settings_with(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    clean = {
        k: v
        for k, v in os.environ.items()
        if k
        not in ("DATABASE_URL", "CELERY_BROKER_URL", "DEBUG", "SECRET_KEY", "DJANGO_TESTING", "ALLOWED_HOSTS")
    }
    clean.update(env, DJANGO_SETTINGS_MODULE="config.settings")
    return subprocess.run(
        [sys.executable, "-c", SHOW], cwd=PROJECT_ROOT, env=clean, capture_output=True, text=True
    )


def test_embedded_default_is_sqlite_and_eager_celery() -> None:
    result = settings_with({"DEBUG": "1"})
    shown = json.loads(result.stdout)
    assert shown["engine"] == "django.db.backends.sqlite3" and shown["eager"] is True
    assert shown["debug"] is True and "localhost" in shown["hosts"]


JOURNAL = (
    "import django; from django.db import connection; django.setup(); c = connection.cursor(); "
    "print(c.execute('PRAGMA journal_mode').fetchone()[0], c.execute('PRAGMA synchronous').fetchone()[0])"
)


def test_the_embedded_database_writes_ahead_and_syncs_at_checkpoints(tmp_path: object) -> None:
    """A SQLite file opened by the settings: its journal a write-ahead log, synced at checkpoints
    (SQLite's ``synchronous`` 1 is NORMAL; its default, FULL, is 2): docs/configuration.md."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DATABASE_URL", "CELERY_BROKER_URL", "DJANGO_TESTING")
    }
    env.update(
        DEBUG="1",
        DATABASE_URL=f"sqlite:///{tmp_path}/embedded.sqlite3",
        DJANGO_SETTINGS_MODULE="config.settings",
    )
    result = subprocess.run(
        [sys.executable, "-c", JOURNAL], cwd=PROJECT_ROOT, env=env, capture_output=True, text=True
    )
    assert result.stdout.split() == ["wal", "1"], result.stderr


FROZEN = "import gc, importlib, sys; importlib.import_module(sys.argv[1]); print(gc.get_freeze_count())"


@pytest.mark.parametrize("module", ["config.wsgi", "config.asgi"])
def test_a_server_process_keeps_what_it_loaded_out_of_the_collectors_passes(module: str) -> None:
    """gunicorn's and uvicorn's application, once loaded, has frozen the objects the service loaded
    (Django's own set-up alone makes tens of thousands): ``config.memory``."""
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "CELERY_BROKER_URL")}
    env.update(DEBUG="1", DJANGO_SETTINGS_MODULE="config.settings")
    result = subprocess.run(
        [sys.executable, "-c", FROZEN, module], cwd=PROJECT_ROOT, env=env, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    assert int(result.stdout.split()[-1]) > 10_000


def test_scaled_setup_from_the_environment() -> None:
    result = settings_with(
        {
            "SECRET_KEY": "k" * 50,
            "DATABASE_URL": "postgres://u:p@db.example:5432/gipf",
            "CELERY_BROKER_URL": "redis://cache.example:6379/0",
            "ALLOWED_HOSTS": "gipf.example,www.gipf.example",
        }
    )
    shown = json.loads(result.stdout)
    assert shown["engine"] == "django.db.backends.postgresql"
    assert shown["eager"] is False and shown["broker"] == "redis://cache.example:6379/0"
    assert shown["debug"] is False and shown["hosts"] == ["gipf.example", "www.gipf.example"]


def test_secret_key_is_required_when_debug_is_off() -> None:
    result = settings_with({})
    assert result.returncode != 0 and "SECRET_KEY must be set" in result.stderr


@pytest.mark.django_db
def test_migrations_match_the_models() -> None:
    out = StringIO()
    call_command("makemigrations", "--check", "--dry-run", stdout=out)
    assert "No changes detected" in out.getvalue()


def test_production_settings_pass_the_deploy_check() -> None:
    """DEBUG off with a real secret key and host: HTTPS redirect, HSTS and secure cookies by default,
    so ``check --deploy`` has nothing to warn about (HSTS preload is the site owner's choice)."""
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DATABASE_URL", "CELERY_BROKER_URL", "DEBUG", "SECRET_KEY", "DJANGO_TESTING")
    }
    clean.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        SECRET_KEY="a-long-random-production-secret-" + "k3y" * 20,
        ALLOWED_HOSTS="tournaments.example.org",
        SECURE_HSTS_PRELOAD="1",
    )
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=PROJECT_ROOT,
        env=clean,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout


def test_production_cookies_are_secure_and_http_is_redirected() -> None:
    shown = subprocess.run(
        [
            sys.executable,
            "-c",
            "import json, django; from django.conf import settings; django.setup(); print(json.dumps("
            "[settings.SECURE_SSL_REDIRECT, settings.SESSION_COOKIE_SECURE, settings.CSRF_COOKIE_SECURE,"
            " settings.SECURE_HSTS_SECONDS]))",
        ],
        cwd=PROJECT_ROOT,
        env={
            **{k: v for k, v in os.environ.items() if k not in ("DEBUG", "DJANGO_TESTING")},
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "SECRET_KEY": "s" * 60,
        },
        capture_output=True,
        text=True,
    )
    assert json.loads(shown.stdout) == [True, True, True, 31536000]


def test_the_openapi_schema_has_no_warnings(tmp_path) -> None:  # type: ignore[no-untyped-def]
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "schema.yaml"))
    assert "/api/events/{slug}/standings/" in (tmp_path / "schema.yaml").read_text()


def test_no_browser_test_waits_on_script_text_the_pages_refuse() -> None:
    """Playwright's ``wait_for_function`` evaluates its text in the page, which the site's
    Content-Security-Policy (``script-src 'self'``, no ``unsafe-eval``) refuses: a browser test that
    waits so fails in the browser. They wait with locators (``wait_for_selector``, ``expect``)."""
    found = [
        f"{path.name}:{number}"
        for path in sorted((PROJECT_ROOT / "tests" / "browser").glob("*.py"))
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if ".wait_for_function(" in line
    ]
    assert found == []
