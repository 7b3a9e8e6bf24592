"""``manage.py pair_trf`` loads what pairing from a file needs, not the web stack (issue 20 item 18):
run in a fresh interpreter, the command loads neither networkx (the fallback matcher) nor Celery,
and of DRF and drf-spectacular only what Django's app registry loads for any installed app (their
packages, app configs, checks and the token model), not the serializers, views or schema. Nor the
rules engines (the game registry's specs name them; a game's engine is loaded when one of its moves
is checked), the SVG writer, or the apps' admin modules (imported with the site's URLs)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from tests.conftest import shared_path
from tournaments.pairing.matching import compiled_available
from tournaments.trf.format import cut_before_round, parse_trf, write_trf

ROOT = Path(__file__).resolve().parents[3]
PACKAGES = ["rest_framework", "drf_spectacular", "networkx", "celery"]
# modules of the project and of Django's admin that the command does not load at all
UNUSED = [
    "arbiter.gipf.engine",
    "arbiter.gipf.rules",
    "arbiter.gipf.replay",
    "arbiter.gipf.svg",
    "arbiter.dvonn.engine",
    "arbiter.dvonn.moves",
    "arbiter.dvonn.replay",
    "arbiter.dvonn.svg",
    "arbiter.svg",
    "games.admin",
    "tournaments.admin",
    "accounts.admin",
    "django.contrib.auth.admin",
]
# what loading the installed apps imports of DRF and drf-spectacular, whatever the command
APP_REGISTRY = {
    "drf_spectacular",
    "drf_spectacular.apps",
    "drf_spectacular.checks",
    "rest_framework",
    "rest_framework.apps",
    "rest_framework.authtoken",
    "rest_framework.authtoken.admin",
    "rest_framework.authtoken.apps",
    "rest_framework.authtoken.models",
    "rest_framework.checks",
}

SCRIPT = """
import io, json, os, sys
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
from django.core.management import execute_from_command_line
out = io.StringIO()
sys.stdout, real = out, sys.stdout
execute_from_command_line(["manage.py", "pair_trf", sys.argv[1]])
sys.stdout = real
print(json.dumps({"loaded": sorted(name for name in sys.modules if name.split(".")[0] in sys.argv[3:]),
                  "unused": sorted(name for name in json.loads(sys.argv[2]) if name in sys.modules),
                  "first": out.getvalue().splitlines()[0]}))
"""


@pytest.mark.skipif(not compiled_available(), reason="the fallback matcher is networkx itself")
def test_pair_trf_does_not_import_the_web_stack(tmp_path: Path) -> None:
    document = parse_trf(shared_path("pairing", "dutch", "t07-p16-r6-d0.trf").read_text())
    path = tmp_path / "t07-r3.trf"
    path.write_text(write_trf(cut_before_round(document, 3)))
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "CELERY_BROKER_URL"}}
    env["SECRET_KEY"] = "test-only"
    env["PAIRING_MATCHER"] = "auto"
    answer = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(path), json.dumps(UNUSED), *PACKAGES],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    report = json.loads(answer.stdout.splitlines()[-1])
    assert report["first"] == "8"  # 16 players present: eight pairs
    assert [name for name in report["loaded"] if name not in APP_REGISTRY] == []
    assert report["unused"] == []


# manage.py runs the command on the settings alone (config.standalone): the output as above
MANAGE = """
import io, json, os, runpy, sys
sys.argv = ["manage.py", "pair_trf", *sys.argv[1:]]
out, err = io.StringIO(), io.StringIO()
sys.stdout, sys.stderr, real = out, err, sys.stdout
code = 0
try:
    runpy.run_path("manage.py", run_name="__main__")
except SystemExit as exc:
    code = exc.code
sys.stdout = real
from django.apps import apps
print(json.dumps({"out": out.getvalue(), "err": err.getvalue(), "code": code, "ready": apps.ready,
                  "orm": "django.db.models" in sys.modules}))
"""


def run_manage(path: Path) -> dict[str, object]:
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "CELERY_BROKER_URL"}}
    env["SECRET_KEY"] = "test-only"
    answer = subprocess.run(
        [sys.executable, "-c", MANAGE, str(path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    report: dict[str, object] = json.loads(answer.stdout.splitlines()[-1])
    return report


def test_manage_py_pairs_without_loading_the_apps(tmp_path: Path) -> None:
    document = parse_trf(shared_path("pairing", "dutch", "t07-p16-r6-d0.trf").read_text())
    path = tmp_path / "t07-r3.trf"
    path.write_text(write_trf(cut_before_round(document, 3)))
    report = run_manage(path)
    assert report["ready"] is False and report["orm"] is False
    assert report["code"] == 0 and report["err"] == ""
    out = io.StringIO()
    call_command("pair_trf", str(path), stdout=out)  # Django's own path, the apps loaded
    assert report["out"] == out.getvalue()
    assert str(report["out"]).splitlines()[0] == "8"


def test_manage_py_refuses_a_bad_file_as_django_does(tmp_path: Path) -> None:
    path = tmp_path / "bad.trf"
    path.write_text("012 no players here\n")
    report = run_manage(path)
    assert report["code"] == 1 and report["out"] == ""
    assert report["err"] == f"CommandError: {path}: the file has no player lines (001)\n"
    with pytest.raises(CommandError, match=r"the file has no player lines \(001\)"):
        call_command("pair_trf", str(path))
    missing = run_manage(tmp_path / "missing.trf")
    assert missing["code"] == 1
    assert str(missing["err"]).startswith(f"CommandError: cannot read {tmp_path / 'missing.trf'}: ")
