"""The README stays a newcomer's five minutes and the docs stay true to the code.

README.md: at most 10,000 characters, opening with the two commands, naming every page of docs/.
docs/architecture.md: one line, at most 200 characters, for every package of the project's apps, and every
folder at the top named.
docs/configuration.md: a row for every environment variable the code reads, none for one it does not.
docs/deployment.md: the proxy sends to uvicorn exactly the addresses the service serves as streams.
"""

from __future__ import annotations

import fnmatch
import re
from pathlib import Path

from django.urls import get_resolver

from games.live.stream_gate import STREAM_PATH
from tests.conftest import PROJECT_ROOT
from tests.games.live.test_stream_gate import _routes

ROOT = Path(PROJECT_ROOT)
DOCS = ROOT / "docs"
README = ROOT / "README.md"
APPS = ("accounts", "arbiter", "common", "config", "games", "personal", "tournaments")
MAP_SECTION = "## Every package, one line"
MAX_README = 10_000
MAX_MAP_LINE = 200


def _section(text: str, heading: str) -> str:
    assert heading + "\n" in text, heading
    return text.split(heading + "\n", 1)[1].split("\n## ", 1)[0]


def test_the_readme_is_read_in_five_minutes() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text) <= MAX_README, f"README.md has {len(text)} characters; move details to docs/"


def test_the_readme_opens_with_the_two_commands() -> None:
    text = README.read_text(encoding="utf-8")
    before, _fence, rest = text.partition("```sh\n")
    assert "\n## " not in before and len(before) < 300, "the commands come before any section"
    block = rest.split("```", 1)[0]
    commands = [line.split("#", 1)[0].strip() for line in block.splitlines() if line.strip()]
    assert commands == ["scripts/serve", "scripts/test"]


def test_the_readme_names_every_page_of_the_docs() -> None:
    text = README.read_text(encoding="utf-8")
    pages = {f"docs/{path.name}" for path in DOCS.glob("*.md")}
    named = set(re.findall(r"docs/[a-z_-]+\.md", text))
    assert pages - named == set(), "a page of docs/ the README does not name"
    assert named - pages == set(), "a page the README names that docs/ does not hold"


def _packages() -> set[str]:
    return {
        path.parent.relative_to(ROOT).as_posix() + "/"
        for app in APPS
        for path in (ROOT / app).rglob("__init__.py")
        if "__pycache__" not in path.parts
    }


def test_the_package_map_has_one_short_line_per_package() -> None:
    section = _section((DOCS / "architecture.md").read_text(encoding="utf-8"), MAP_SECTION)
    too_long = [line for line in section.splitlines() if len(line) > MAX_MAP_LINE]
    assert too_long == []
    named = [match for line in section.splitlines() if (match := re.match(r"- `([\w/]+/)` — \S", line))]
    paths = [match.group(1) for match in named]
    assert len(paths) == len(set(paths)), "a package named twice"
    packages = _packages()
    assert {"games/play/", "tournaments/web/views/", "arbiter/gipf/potentials/"} <= packages
    assert packages - set(paths) == set(), "a package without its line in docs/architecture.md"
    assert set(paths) - packages == set(), "a line for a package that is not there"


def _folders() -> set[str]:
    """The project's folders at the top, but for hidden ones and what .gitignore leaves out."""
    ignored = [
        line.strip().strip("/")
        for line in (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()
        if line.strip().endswith("/")
    ]
    return {
        f"{path.name}/"
        for path in ROOT.iterdir()
        if path.is_dir()
        and not path.name.startswith(".")
        and not any(fnmatch.fnmatch(path.name, pattern) for pattern in ignored)
    }


def test_the_map_names_every_folder_at_the_top() -> None:
    text = (DOCS / "architecture.md").read_text(encoding="utf-8")
    leads = re.findall(r"^- (.+?) — ", text, flags=re.MULTILINE)  # "- `templates/`, `static/` — ..."
    named = {name for lead in leads for name in re.findall(r"`([\w-]+/)`", lead)}
    folders = _folders()
    assert {"deploy/", "games/", "native/", "scripts/"} <= folders
    assert folders - named == set(), "a folder without its line in docs/architecture.md"


# How the code reads a variable: os.environ.get("X"), os.environ["X"], os.getenv("X"), the settings'
# env_bool("X") and env_list("X"), and a module's NAME_VARIABLE = "X" read by name later.
READ = re.compile(
    r"""(?:environ\.get\(|environ\[|getenv\(|env_bool\(|env_list\(|_VARIABLE\s*=\s*)\s*["']([A-Z][A-Z0-9_]+)["']"""
)
SHELL_READ = re.compile(r"\$\{?([A-Z][A-Z0-9_]+)")


def _read_by_the_code() -> set[str]:
    sources = [path for app in APPS for path in (ROOT / app).rglob("*.py") if "migrations" not in path.parts]
    return {name for path in sources for name in READ.findall(path.read_text(encoding="utf-8"))}


def _documented() -> set[str]:
    text = (DOCS / "configuration.md").read_text(encoding="utf-8")
    cells = [line.split("|")[1] for line in text.splitlines() if line.startswith("| `")]
    return {name for cell in cells for name in re.findall(r"`([A-Z][A-Z0-9_]+)`", cell)}


def test_every_variable_the_code_reads_is_documented() -> None:
    read = _read_by_the_code()
    assert {"DATABASE_URL", "GAME_PACKAGES", "PAIRING_MATCHER", "EVENT_STREAMS_MAX"} <= read
    assert read - _documented() == set(), "add its row to docs/configuration.md"


def test_every_documented_variable_is_read() -> None:
    scripts = {
        name
        for path in (ROOT / "scripts").iterdir()
        if path.is_file()
        for name in SHELL_READ.findall(path.read_text(encoding="utf-8"))
    }
    assert "ADDRESS" in scripts
    assert _documented() - _read_by_the_code() - scripts == set()


def test_the_proxy_sends_exactly_the_streams_to_uvicorn() -> None:
    text = (DOCS / "deployment.md").read_text(encoding="utf-8")
    locations = re.findall(r"location ~ (\^\S+\$) \{", text)
    assert len(locations) == 1
    proxied = re.compile(locations[0])
    routes = _routes(get_resolver().url_patterns)
    streams = [route for route in routes if STREAM_PATH.match(route)]
    assert len(streams) >= 6
    assert [route for route in routes if bool(proxied.match(route)) != bool(STREAM_PATH.match(route))] == []
