"""The systemd units of ``deploy/`` (docs/deployment.md): every process of the scaled setup has one,
restarted on failure, reading the one environment file; what they start exists in this project; the
environment file's example names only variables the settings read."""

from __future__ import annotations

import configparser
import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy"
SERVICES = sorted(DEPLOY.glob("*.service"))


def _unit(path: Path) -> configparser.RawConfigParser:
    parser = configparser.RawConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read_string(path.read_text().replace("\\\n", " "))
    return parser


def test_every_process_of_the_scaled_setup_has_a_unit() -> None:
    programs = {" ".join(_unit(path)["Service"]["ExecStart"].split()[:4]) for path in SERVICES}
    assert programs == {
        "/srv/gipf/.venv/bin/gunicorn config.wsgi --bind 127.0.0.1:8000",
        "/srv/gipf/.venv/bin/uvicorn config.asgi:application --host 127.0.0.1",
        "/srv/gipf/.venv/bin/celery -A config worker",
        "/srv/gipf/.venv/bin/celery -A config beat",
    }
    wanted = _unit(DEPLOY / "gipf.target")["Unit"]["Wants"].split()
    assert sorted(wanted) == sorted(path.name.replace("@.service", "@1.service") for path in SERVICES)


@pytest.mark.parametrize("path", SERVICES, ids=[path.name for path in SERVICES])
def test_each_unit_restarts_its_process_on_failure_with_the_environment_file(path: Path) -> None:
    unit = _unit(path)
    service = unit["Service"]
    assert service["Restart"] == "on-failure"
    assert service["EnvironmentFile"] == "/etc/gipf/gipf.env"
    assert service["User"] == "gipf" and service["WorkingDirectory"] == "/srv/gipf"
    assert int(unit["Unit"]["StartLimitBurst"]) > 1 and "LimitNOFILE" in service and "MemoryMax" in service
    program = Path(service["ExecStart"].split()[0])
    assert (ROOT / ".venv" / "bin" / program.name).exists(), program  # installed by scripts/install
    for name, attribute in re.findall(r"\bconfig\.(\w+)(?::(\w+))?", service["ExecStart"]):
        module = importlib.import_module(f"config.{name}")  # config.wsgi, config.asgi
        assert not attribute or hasattr(module, attribute)


def test_the_environment_example_names_only_what_the_settings_read() -> None:
    read = set(re.findall(r'"([A-Z][A-Z0-9_]+)"', (ROOT / "config" / "settings.py").read_text()))
    read |= set(re.findall(r'"([A-Z][A-Z0-9_]+)"', (ROOT / "common" / "redis_faults.py").read_text()))
    named = {
        line.lstrip("# ").split("=", 1)[0]
        for line in (DEPLOY / "gipf.env.example").read_text().splitlines()
        if re.match(r"#? ?[A-Z][A-Z0-9_]+=", line)
    }
    assert named and named <= read, named - read
