"""The import graph of the project's own packages, read from the source (no import is run).

:func:`import_cycles` takes package folders and reports every cycle among their modules, counting
each ``import`` and ``from ... import`` statement wherever it is (module level or inside a
function), except those under ``if TYPE_CHECKING:`` (they never run). Imports of modules outside
the given packages are ignored, and so are the implicit imports of parent packages.
"""

from __future__ import annotations

import ast
from pathlib import Path


def module_name(path: Path, root: Path) -> str:
    """``root/arbiter/gipf/board.py`` -> ``arbiter.gipf.board``; a package is its ``__init__``."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(test: ast.expr) -> bool:
    if isinstance(test, ast.Name):
        return test.id == "TYPE_CHECKING"
    return isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


def _imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement of the tree, skipping the bodies of ``if TYPE_CHECKING:``."""
    found: list[ast.Import | ast.ImportFrom] = []
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
            continue
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            stack.extend(node.orelse)
            continue
        stack.extend(ast.iter_child_nodes(node))
    return found


def _known(name: str, modules: set[str]) -> str | None:
    """The longest prefix of a dotted name that is one of the modules, else None."""
    parts = name.split(".")
    while parts:
        candidate = ".".join(parts)
        if candidate in modules:
            return candidate
        parts.pop()
    return None


def import_graph(package_dirs: list[Path], root: Path) -> dict[str, set[str]]:
    """Module name -> the modules of the given packages it imports."""
    files = {
        module_name(path, root): path for folder in package_dirs for path in sorted(folder.rglob("*.py"))
    }
    modules = set(files)
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in files.items():
        is_package = path.name == "__init__.py"
        package = name if is_package else name.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in _imports(tree):
            targets: list[str | None] = []
            if isinstance(node, ast.Import):
                targets = [_known(alias.name, modules) for alias in node.names]
            else:
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")
                    anchor = anchor[: len(anchor) - (node.level - 1)]
                    base = ".".join([*anchor, base] if base else anchor)
                for alias in node.names:
                    # "from pkg import mod" imports the submodule when there is one
                    sub = f"{base}.{alias.name}"
                    targets.append(sub if sub in modules else _known(base, modules))
            graph[name].update(t for t in targets if t is not None and t != name)
    return graph


def import_cycles(package_dirs: list[Path], root: Path) -> list[list[str]]:
    """Every group of modules that import each other in a circle (each group sorted), or []."""
    return cycles_of(import_graph(package_dirs, root))


def package_graph(package_dir: Path, root: Path) -> dict[str, set[str]]:
    """The packages (and top-level modules) right under ``package_dir``, each with those it imports:
    ``tournaments.pairing`` imports ``tournaments.core`` when one of its modules imports one of
    core's. Imports inside one package do not count; migrations are left out."""
    top = module_name(package_dir / "__init__.py", root)
    depth = len(top.split(".")) + 1

    def package_of(module: str) -> str:
        return ".".join(module.split(".")[:depth])

    graph: dict[str, set[str]] = {}
    for module, imported in import_graph([package_dir], root).items():
        if module == top or ".migrations" in module:
            continue
        own = package_of(module)
        graph.setdefault(own, set())
        for other in imported:
            if other != top and ".migrations" not in other and package_of(other) != own:
                graph[own].add(package_of(other))
                graph.setdefault(package_of(other), set())
    return graph


def cycles_of(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every group of nodes of ``graph`` that reach each other in a circle (each group sorted)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    cycles: list[list[str]] = []
    counter = 0

    def visit(node: str) -> None:  # Tarjan's strongly connected components
        nonlocal counter
        index[node] = low[node] = counter
        counter += 1
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group: list[str] = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                cycles.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(cycles)
