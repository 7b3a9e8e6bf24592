"""The shape of the whole project: no import cycle, no oversized module, pure modules stay pure,
services refuse with the project's errors, every app imports only the apps below it (``config`` on
top, then ``personal``, ``tournaments``, ``games``, the floor ``accounts`` and ``common``, and
``arbiter`` below all), the games import nothing of the tournaments nor name their models, even by
string, the floor (the people, the policy, the errors, the locking and the sweep: ``accounts`` and
``common``) imports and names no app above it, and the rooms of ``games`` (the floor, ``records``
and ``live``, ``play``, the edges) import one way only.

A Celery task module may import the service it runs inside the task function (the service
queues the task); that pair is the only cycle allowed.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

from tests.conftest import PROJECT_ROOT
from tests.import_graph import cycles_of, import_cycles, import_graph, module_name, package_graph

PACKAGES = [
    PROJECT_ROOT / name
    for name in ("arbiter", "games", "tournaments", "accounts", "common", "personal", "config")
]
# The apps from the top down: each imports only those after it (the Celery app aside, below).
APPS_TOP_DOWN = ("config", "personal", "tournaments", "games", "accounts", "common", "arbiter")
# A task module imports the project's Celery app (``import config.celery``) so that its tasks are
# sent with it: the one import of ``config`` an app makes.
CELERY_APP = "config.celery"
# The floor below games and tournaments, and the apps above it (``config`` is the top).
FLOOR = ("accounts", "common")
ABOVE_THE_FLOOR = ("games", "tournaments", "personal", "config")
MAX_LINES = 600
# (task module, the service it runs): the one kind of cycle allowed.
TASK_AND_SERVICE = {
    frozenset({"games.records.tasks", "games.records.services"}),
    frozenset({"games.play.tasks", "games.play.flags"}),
    frozenset({"tournaments.pairing.tasks", "tournaments.pairing.services"}),
    frozenset({"tournaments.autopilot.tasks", "tournaments.autopilot.steps"}),
    frozenset({"tournaments.telling.tasks", "tournaments.telling.webhooks"}),
}
# Modules with no database and no Django, checked strictly by mypy.
PURE = [
    "accounts.errors",
    "common.answers",
    "games.results",
    "tournaments.errors",
    "tournaments.pairing.state",
    "tournaments.pairing.systems",
    "tournaments.pairing.round_robin",
    "tournaments.pairing.dutch",
    "tournaments.pairing.matching",
    "tournaments.pairing.checks",
    "tournaments.core",
    "tournaments.core.codes",
    "tournaments.core.errors",
    "tournaments.core.systems",
    "tournaments.standings.compute",
    "tournaments.standings.encounter",
    "tournaments.standings.field",
    "tournaments.standings.performance",
    "tournaments.standings.statistics",
    "tournaments.ratings.chart",
    "tournaments.standings.tiebreaks",
    "tournaments.ratings.elo",
    "tournaments.ratings.families",
    "tournaments.trf.format",
    "tournaments.trf.pairing",
    "tournaments.trf.standings",
]
# Games are independent of events (issue 21 item 3): what games learns of an event's game comes
# through ``games.origins``; the link from a pairing to its games lives on the tournaments side.


@functools.cache
def _project_graph() -> dict[str, set[str]]:
    """The import graph of the project's packages, read once for the tests that ask it."""
    return import_graph(PACKAGES, PROJECT_ROOT)


def _sources() -> list[tuple[str, object]]:
    return [
        (module_name(path, PROJECT_ROOT), path)
        for folder in PACKAGES
        for path in sorted(folder.rglob("*.py"))
        if "migrations" not in path.parts
    ]


def test_no_import_cycle_but_a_task_and_its_service() -> None:
    cycles = [
        cycle for cycle in import_cycles(PACKAGES, PROJECT_ROOT) if frozenset(cycle) not in TASK_AND_SERVICE
    ]
    assert cycles == []


def test_no_package_level_cycle_inside_tournaments() -> None:
    """The packages of ``tournaments`` (and its top-level modules) import each other one way only:
    ``core`` at the floor, then the models, the feature packages above them (registration,
    pairing, results, standings, ratings, trf, events), the pages and the API on top. A task
    module and its service inside one package are one package here."""
    graph = package_graph(PROJECT_ROOT / "tournaments", PROJECT_ROOT)
    assert cycles_of(graph) == []
    assert graph["tournaments.core"] == set()  # the floor imports none of them


def test_the_package_cycle_check_finds_a_cycle() -> None:
    """The check itself: two packages importing each other are one cycle; a one-way import none."""
    graph = {"t.a": {"t.b"}, "t.b": {"t.a", "t.c"}, "t.c": set()}
    assert cycles_of(graph) == [["t.a", "t.b"]]
    assert cycles_of({"t.a": {"t.b"}, "t.b": {"t.c"}, "t.c": set()}) == []


def test_no_module_is_over_600_lines() -> None:
    too_long = {
        module: lines
        for module, path in _sources()
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES  # type: ignore[attr-defined]
    }
    assert too_long == {}


def test_every_tournaments_and_games_module_says_what_it_holds() -> None:
    missing = [
        module
        for module, path in _sources()
        if module.startswith(("tournaments", "games"))
        and not ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))  # type: ignore[attr-defined]
        and path.stat().st_size  # type: ignore[attr-defined]
    ]
    assert missing == []


def test_pure_modules_import_neither_django_nor_the_database() -> None:
    sources = dict(_sources())
    for module in PURE:
        tree = ast.parse(sources[module].read_text(encoding="utf-8"))  # type: ignore[attr-defined]
        imported = {
            name
            for node in ast.walk(tree)
            if isinstance(node, ast.Import | ast.ImportFrom)
            for name in (
                [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
            )
        }
        bad = sorted(
            name
            for name in imported
            if name.startswith(("django", "celery", "tournaments.models"))
            or name.endswith((".services", ".history", ".edits", ".tasks", ".io"))
        )
        assert bad == [], f"{module} imports {bad}"


def _is_edge(module: str) -> bool:
    """Pages, the API and middleware: the modules that answer requests (``….views``, ``….api``, …)."""
    parts = module.split(".")
    return any(part in ("views", "api", "middleware") for part in parts)


def test_services_refuse_with_the_projects_error_not_djangos_permission_denied() -> None:
    """A refusal below the edges is ``accounts.errors.PermissionRefused`` (through
    ``accounts.policy.require``), which every edge maps; Django's ``PermissionDenied`` is the edges'."""
    raising = sorted(
        f"{module}:{node.lineno}"
        for module, path in _sources()
        if not _is_edge(module)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))  # type: ignore[attr-defined]
        if isinstance(node, ast.Raise)
        and node.exc is not None
        and "PermissionDenied" in ast.unparse(node.exc.func if isinstance(node.exc, ast.Call) else node.exc)
    )
    assert raising == []


def test_games_import_no_tournaments_module() -> None:
    """The games app knows nothing of events: what it needs of a pairing comes through the hooks
    ``tournaments`` registers in ``games.origins``; tournaments import games, never the other way."""
    graph = _project_graph()
    assert any(
        module.split(".")[0] == "tournaments" and any(target.split(".")[0] == "games" for target in imported)
        for module, imported in graph.items()
    )  # the graph sees imports between the two apps
    found = {
        module: targets
        for module, imported in graph.items()
        if module.split(".")[0] == "games"
        and (targets := {target for target in imported if target.split(".")[0] == "tournaments"})
    }
    assert found == {}


def _named_apps(source: str, apps: tuple[str, ...] = ("tournaments",)) -> list[str]:
    """The strings of the code (docstrings aside) that name one of ``apps`` or one of its modules or
    models: ``"tournaments.Pairing"``, ``apps.get_model("tournaments", ...)``."""
    tree = ast.parse(source)
    docstrings = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
        and (node.value in apps or node.value.startswith(tuple(app + "." for app in apps)))
    ]


def test_games_name_no_tournaments_model_even_by_string() -> None:
    """A model named by string (a key to ``"tournaments.Pairing"``, ``apps.get_model``) ties the
    games to events as an import would; migrations aside (a frozen history)."""
    assert _named_apps('"""tournaments.x"""\nf = ForeignKey("tournaments.Pairing")') == [
        "tournaments.Pairing"
    ]
    assert _named_apps('m = apps.get_model("tournaments", "Pairing")') == ["tournaments"]
    found = [
        f"{module}: {value!r}"
        for module, path in _sources()
        if module.split(".")[0] == "games"
        for value in _named_apps(path.read_text(encoding="utf-8"))  # type: ignore[attr-defined]
    ]
    assert found == []


def floor_violations(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """The modules of the floor that import an app above it, with what they import of it."""
    return {
        module: targets
        for module, imported in graph.items()
        if module.split(".")[0] in FLOOR
        and (targets := {target for target in imported if target.split(".")[0] in ABOVE_THE_FLOOR})
    }


def test_the_floor_check_finds_an_import_from_above(tmp_path: Path) -> None:
    """The check itself, on a synthetic graph and on synthetic sources: a floor module importing
    games (even inside a function) is found; games importing the floor is the right way."""
    graph = {
        "accounts.policy": {"accounts.errors"},
        "accounts.notices": {"accounts.models", "games.models"},
        "common.sweep": {"tournaments.work"},
        "games.models": {"accounts.models"},
    }
    assert floor_violations(graph) == {
        "accounts.notices": {"games.models"},
        "common.sweep": {"tournaments.work"},
    }
    assert (
        floor_violations({"accounts.policy": {"accounts.errors"}, "games.models": {"accounts.models"}}) == {}
    )
    for package, files in {
        "accounts": {"models.py": "", "notices.py": "def tell():\n    from games.models import Game\n"},
        "games": {"models.py": "from accounts.models import *\n"},
    }.items():
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text("")
        for name, text in files.items():
            (tmp_path / package / name).write_text(text)
    found = import_graph([tmp_path / "accounts", tmp_path / "games"], tmp_path)
    assert floor_violations(found) == {"accounts.notices": {"games.models"}}


def test_the_floor_imports_no_app_above_it() -> None:
    """The people, the permission policy, the errors, the locking and the sweep (``accounts``,
    ``common``) import neither games nor tournaments nor the pages of a person (``personal``) nor
    the top (``config``)."""
    graph = _project_graph()
    assert "accounts.policy" in graph and "common.locking" in graph  # the graph sees the floor
    assert floor_violations(graph) == {}


def test_the_floor_names_no_model_above_it_even_by_string() -> None:
    assert _named_apps('k = OneToOneField("tournaments.Registration")', ABOVE_THE_FLOOR) == [
        "tournaments.Registration"
    ]
    found = [
        f"{module}: {value!r}"
        for module, path in _sources()
        if module.split(".")[0] in FLOOR
        for value in _named_apps(path.read_text(encoding="utf-8"), ABOVE_THE_FLOOR)  # type: ignore[attr-defined]
    ]
    assert found == []


# Game keys are written only in their game's package (arbiter/<game>/); everything else asks
# arbiter.registry. Migrations are left aside (a frozen history: they record the keys of their day)
# and so are the tests (their expected values are written out, as the rulebooks write them).
TEMPLATES = PROJECT_ROOT / "templates"


def _game_key_owners() -> dict[str, str]:
    """Each registered game key and the package that declares it (``arbiter.gipf``)."""
    from arbiter import registry

    return {
        key: type(spec.load_engine()).__module__.rsplit(".", 1)[0]
        for spec in registry.specs()
        for key in spec.keys
    }


def _string_literals(source: str) -> list[str]:
    return [
        node.value
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    ]


def test_a_game_key_is_written_only_in_its_game_package() -> None:
    owners = _game_key_owners()
    assert owners["gipf-standard"] == "arbiter.gipf" and owners["dvonn"] == "arbiter.dvonn"
    assert _string_literals('x = f("dvonn", y="a")') == ["dvonn", "a"]  # the check sees a key
    found = [
        f"{module}: {value!r}"
        for module, path in _sources()
        for value in _string_literals(path.read_text(encoding="utf-8"))  # type: ignore[attr-defined]
        if value in owners and not (module + ".").startswith(owners[value] + ".")
    ]
    found += [
        f"{path.relative_to(PROJECT_ROOT)}: {key!r}"
        for path in sorted(TEMPLATES.rglob("*.html"))
        for key in owners
        if f'"{key}"' in (text := path.read_text(encoding="utf-8")) or f"'{key}'" in text
    ]
    assert found == []


def app_order_violations(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """The modules that import an app above their own (``APPS_TOP_DOWN``), with what they import of
    it; a task module's import of the Celery app is allowed."""
    rank = {app: index for index, app in enumerate(APPS_TOP_DOWN)}
    found = {}
    for module, imported in graph.items():
        own = rank.get(module.split(".")[0])
        if own is None:
            continue
        above = {
            target
            for target in imported
            if rank.get(target.split(".")[0], own) < own
            and not (target == CELERY_APP and module.rpartition(".")[2] == "tasks")
        }
        if above:
            found[module] = above
    return found


def test_the_app_order_check_finds_an_import_from_below() -> None:
    """The check itself: tournaments importing personal, games importing config (but a task module
    importing the Celery app), arbiter importing anything of the project are found; imports down are not."""
    graph = {
        "tournaments.results.deadlines": {"personal.notices", "accounts.notices"},
        "games.api.views": {"config.errors", "games.models"},
        "games.play.tasks": {"config.celery", "games.play.flags"},
        "arbiter.registry": {"common.locking"},
        "personal.notices": {"tournaments.models", "games.models", "accounts.notices"},
        "config.urls": {"personal.urls", "games.web.urls"},
    }
    assert app_order_violations(graph) == {
        "tournaments.results.deadlines": {"personal.notices"},
        "games.api.views": {"config.errors"},
        "arbiter.registry": {"common.locking"},
    }


def test_every_app_imports_only_the_apps_below_it() -> None:
    """``config`` on top; ``personal`` above ``tournaments`` above ``games`` above the floor
    (``accounts`` above ``common``); ``arbiter`` below all, importing nothing of the project. No app
    imports ``config`` but a task module its Celery app."""
    graph = _project_graph()
    assert {module.split(".")[0] for module in graph} == set(APPS_TOP_DOWN)  # the graph sees every app
    assert app_order_violations(graph) == {}


# The rooms of games: the floor (the modules directly in games/), records and live side by side above
# it, play above them, the edges on top; the wiring (apps, admin) may import any of them.
GAMES_ROOMS_MAY_IMPORT = {
    "floor": {"floor"},
    "records": {"floor", "records"},
    "live": {"floor", "live"},
    "play": {"floor", "records", "live", "play"},
    "web": {"floor", "records", "live", "play", "web"},
    "api": {"floor", "records", "live", "play", "api"},
    "templatetags": {"floor", "records", "live", "play", "templatetags"},
}
GAMES_WIRING = ("games.apps", "games.admin")
MAX_GAMES_TOP_MODULES = 12
MAX_GAMES_LINES = 450


def games_room(module: str) -> str:
    """``games.play.flags`` is in the room ``play``; ``games.models`` in the floor."""
    parts = module.split(".")
    return parts[1] if len(parts) > 2 and parts[1] in GAMES_ROOMS_MAY_IMPORT else "floor"


def games_room_violations(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """The modules of games importing a room of games they may not, with what they import of it."""
    found = {}
    for module, imported in graph.items():
        if module.split(".")[0] != "games" or module in GAMES_WIRING or module == "games":
            continue
        allowed = GAMES_ROOMS_MAY_IMPORT[games_room(module)]
        bad = {
            target
            for target in imported
            if target.split(".")[0] == "games"
            and target not in ("games", *GAMES_WIRING)
            and games_room(target) not in allowed
        }
        if bad:
            found[module] = bad
    return found


def test_the_games_rooms_check_finds_an_import_from_above() -> None:
    graph = {
        "games.records.downloads": {"games.play.carrying", "games.models"},
        "games.live.player_events": {"games.play.state", "games.live.batch"},
        "games.models": {"games.records.confirmation", "games.choices"},
        "games.play.service": {"games.records.writer", "games.live.game_events", "games.models"},
        "games.web.boards": {"games.records.writer"},
        "games.play.clock_sweep": {"games.web.boards"},
        "games.apps": {"games.play.flags"},
    }
    assert games_room_violations(graph) == {
        "games.records.downloads": {"games.play.carrying"},
        "games.live.player_events": {"games.play.state"},
        "games.models": {"games.records.confirmation"},
        "games.play.clock_sweep": {"games.web.boards"},
    }


def test_the_rooms_of_games_import_one_way() -> None:
    """The floor imports no room; ``records`` and ``live`` import the floor only (not each other,
    not play); ``play`` imports them; the pages and the API import play and below, never each other.
    And no room imports another in a circle."""
    graph = _project_graph()
    assert {games_room(module) for module in graph if module.startswith("games.")} >= {
        "floor",
        "records",
        "live",
        "play",
        "web",
        "api",
    }  # the graph sees every room
    assert games_room_violations(graph) == {}
    assert cycles_of(package_graph(PROJECT_ROOT / "games", PROJECT_ROOT)) == []


def test_games_rooms_stay_small() -> None:
    """At most twelve modules directly in games/ (the floor and the wiring), none of games over 450
    lines: a room that grows is cut, as games/ was."""
    top = sorted(path.name for path in (PROJECT_ROOT / "games").glob("*.py"))
    assert len(top) <= MAX_GAMES_TOP_MODULES, top
    too_long = {
        module: lines
        for module, path in _sources()
        if module.split(".")[0] == "games"
        and (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_GAMES_LINES  # type: ignore[attr-defined]
    }
    assert too_long == {}


def test_each_package_of_games_says_what_it_owns_and_may_import() -> None:
    sources = dict(_sources())
    said = {
        package: ast.get_docstring(ast.parse(sources[package].read_text(encoding="utf-8"))) or ""  # type: ignore[attr-defined]
        for package in ("games", "games.records", "games.play", "games.live", "games.web", "games.api")
    }
    assert [package for package, text in said.items() if "May import" not in text] == []
