"""The shape of the arbiter package: no import cycle, no oversized module."""

from __future__ import annotations

from tests.conftest import PROJECT_ROOT
from tests.import_graph import import_cycles, import_graph

ARBITER = PROJECT_ROOT / "arbiter"
MAX_LINES = 600


def test_the_arbiter_has_no_import_cycle() -> None:
    assert import_cycles([ARBITER], PROJECT_ROOT) == []


def test_the_cycle_check_sees_imports_inside_functions(tmp_path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from pkg import b\n")
    (package / "b.py").write_text("def f():\n    from pkg.a import x\n")
    (package / "c.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg import a\nfrom . import b\n"
    )
    assert import_graph([package], tmp_path)["pkg.c"] == {"pkg.b"}
    assert import_cycles([package], tmp_path) == [["pkg.a", "pkg.b"]]


def test_the_arbiter_does_not_import_django() -> None:
    for module, path in _sources():
        assert "django" not in path.read_text(encoding="utf-8"), module


def test_no_arbiter_module_is_over_600_lines() -> None:
    for module, path in _sources():
        lines = len(path.read_text(encoding="utf-8").splitlines())
        assert lines <= MAX_LINES, f"{module} has {lines} lines"


def test_every_arbiter_module_has_a_docstring() -> None:
    import ast

    for module, path in _sources():
        assert ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))), module


def _sources():
    from tests.import_graph import module_name

    return [(module_name(path, PROJECT_ROOT), path) for path in sorted(ARBITER.rglob("*.py"))]
