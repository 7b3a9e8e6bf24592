"""The maximum-weight matcher behind the Dutch pairings: compiled, or networkx as the fallback.

caissify-pairings pairs every bracket by maximum-weight matchings on the whole field (about n/2
of them per round), with edge weights of several hundred bits that encode the C.04.3 criteria.
networkx's pure-Python matcher spends 95 % of a round's time there. The compiled matcher
(``tournaments.pairing._blossom``, built from ``native/blossom.c``) gives the same optimum
exactly -- integer weights of any size, Edmonds' blossom method with Galil's O(n^3) bookkeeping --
on plain edge arrays. Any exact maximum-weight matcher gives the same pairings: the pairings do
not depend on which of several equal-weight matchings the matcher returns. Within one pairing,
each matching of the bracket loop starts from the previous one's optimum, repaired around the
players whose edges changed, and is accepted only with its optimality certificate (else solved
from scratch): docs/pairing.md, "The matcher".

Which matcher runs: the environment variable ``PAIRING_MATCHER`` -- ``auto`` (the default: the
compiled one when it is built, networkx otherwise), ``compiled`` (refuse to pair without it) or
``networkx`` (the pure-Python fallback). It is read at every pairing, so tests can switch.

The library builds its graphs inside its methods (``import networkx as nx`` there, then
``nx.Graph()``, ``add_edge`` and ``nx.max_weight_matching``). :func:`with_selected_matcher` runs
such a method as it is when networkx is selected, and otherwise a variant of it
(:func:`compiled_variant`): the same code with a namespace in which that import yields
:data:`MATCHER_SWITCH`, so ``Graph()`` is an :class:`EdgeList` (nodes and an edge list) handed to
the compiled code as edge arrays, and with the inner ``_run_mwm`` of the bracket loop -- the
matching called about n/2 times a round, which rebuilds a graph from the loop's
{(i, j): weight} dict each time -- replaced by a call handing that dict to the compiled matcher
as it is. Pure: no database.
"""

from __future__ import annotations

import builtins
import functools
import os
import types
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, TypeVar

# networkx is imported where the fallback runs (not here): pairing on the compiled matcher, and a
# command's start-up, never load it.

_compiled_matching: Callable[..., list[int]] | None
_clear_compiled_cache: Callable[[], None]
try:
    from tournaments.pairing import _blossom

    _compiled_matching = _blossom.max_weight_matching
    # The compiled matcher keeps the last edge dict it read (its keys and weights, converted) to
    # read the next, slightly changed one faster, and the last optimum of the bracket loop to
    # start the next matching from; both dropped once a pairing's matchings are done.
    _clear_compiled_cache = getattr(_blossom, "clear_cache", lambda: None)
except ImportError:  # not built (no C compiler at install time): networkx only
    _compiled_matching = None
    _clear_compiled_cache = lambda: None  # noqa: E731

ENVIRONMENT_VARIABLE = "PAIRING_MATCHER"
CHOICES = ("auto", "compiled", "networkx")

F = TypeVar("F", bound=Callable[..., Any])


class MatcherUnavailable(RuntimeError):
    """``PAIRING_MATCHER=compiled`` while the compiled matcher is not built."""


@dataclass
class MatcherCalls:
    """The matcher calls of one pairing, counted while :func:`counting_calls` is active.

    ``expected`` is set by the engine that knows the field (about one call per pair finalised,
    plus one per bracket); ``listener`` hears ``(done, expected)`` after every call.
    """

    listener: Callable[[int, int], None] | None = None
    done: int = 0
    expected: int = 0

    def called(self) -> None:
        self.done += 1
        if self.listener is not None:
            self.listener(self.done, self.expected)


_calls: ContextVar[MatcherCalls | None] = ContextVar("matcher_calls", default=None)


@contextmanager
def counting_calls(listener: Callable[[int, int], None] | None = None) -> Iterator[MatcherCalls]:
    """Count the matcher calls made inside the ``with`` block (on either matcher)."""
    calls = MatcherCalls(listener)
    token = _calls.set(calls)
    try:
        yield calls
    finally:
        _calls.reset(token)


def current_calls() -> MatcherCalls | None:
    """The active counter, if a caller asked for one."""
    return _calls.get()


def _count_call() -> None:
    calls = _calls.get()
    if calls is not None:
        calls.called()


def compiled_available() -> bool:
    return _compiled_matching is not None


def selected_matcher() -> str:
    """``compiled`` or ``networkx``: the matcher the next pairing uses."""
    choice = os.environ.get(ENVIRONMENT_VARIABLE, "auto").strip().lower() or "auto"
    if choice not in CHOICES:
        raise ValueError(f"{ENVIRONMENT_VARIABLE} must be one of {', '.join(CHOICES)}, not {choice!r}")
    if choice == "compiled" and _compiled_matching is None:
        raise MatcherUnavailable(
            f"{ENVIRONMENT_VARIABLE}=compiled but tournaments.pairing._blossom is not built "
            "(install gcc and python3-dev, then scripts/install)"
        )
    if choice == "auto":
        return "compiled" if _compiled_matching is not None else "networkx"
    return choice


def max_weight_matching(
    vertices: int,
    edges: Mapping[tuple[int, int], int] | Sequence[tuple[int, int, int]],
    maxcardinality: bool = False,
) -> list[int]:
    """The mate of every vertex 0 .. ``vertices``-1 (-1: unmatched) in a maximum-weight matching.

    ``edges``: {(u, v): weight} or [(u, v, weight)], integer weights of any size. With
    ``maxcardinality``, the most edges first, then the most weight. The compiled matcher when
    selected, networkx otherwise.
    """
    if selected_matcher() == "compiled":
        assert _compiled_matching is not None
        mates: list[int] = _compiled_matching(vertices, edges, maxcardinality)
        return mates
    triples: Iterable[tuple[int, int, int]] = (
        [(u, v, w) for (u, v), w in edges.items()] if isinstance(edges, Mapping) else edges
    )
    import networkx

    graph = networkx.Graph()
    graph.add_nodes_from(range(vertices))
    for u, v, w in triples:
        graph.add_edge(u, v, weight=w)
    result = [-1] * vertices
    for u, v in networkx.max_weight_matching(graph, maxcardinality=maxcardinality):
        result[u], result[v] = v, u
    return result


class EdgeList:
    """What the library's ``nx.Graph()`` becomes with the compiled matcher: nodes and edge arrays."""

    __slots__ = ("nodes", "edges")

    def __init__(self) -> None:
        self.nodes: list[Any] = []
        self.edges: list[tuple[Any, Any, int]] = []

    def add_node(self, node: Any) -> None:
        self.nodes.append(node)

    def add_edge(self, u: Any, v: Any, weight: int = 1) -> None:
        self.edges.append((u, v, weight))

    def matching(self, maxcardinality: bool) -> set[tuple[Any, Any]]:
        """networkx's answer shape: a set of (u, v) node pairs."""
        assert _compiled_matching is not None
        _count_call()
        count = len(self.nodes)
        if self.nodes == list(range(count)):  # the library's usual graph: vertices 0 .. n-1
            mates: list[int] = _compiled_matching(count, self.edges, maxcardinality)
            return {(v, u) for v, u in enumerate(mates) if u > v}
        labels = list(dict.fromkeys([*self.nodes, *(end for u, v, _ in self.edges for end in (u, v))]))
        index = {label: i for i, label in enumerate(labels)}
        edges = [(index[u], index[v], w) for u, v, w in self.edges]
        mates = _compiled_matching(len(labels), edges, maxcardinality)
        return {(labels[v], labels[u]) for v, u in enumerate(mates) if u > v}


class _MatcherSwitch(types.ModuleType):
    """Stands in for the ``networkx`` module inside the library's matching methods (compiled)."""

    def Graph(self) -> EdgeList:  # noqa: N802 -- networkx's name
        return EdgeList()

    def max_weight_matching(self, graph: EdgeList, maxcardinality: bool = False) -> set[tuple[Any, Any]]:
        return graph.matching(maxcardinality)

    def mates_or_self(self, vertices: int, edge_weights: dict[tuple[int, int], int]) -> list[int]:
        """What the library's ``_run_mwm`` computes -- the maximum-cardinality maximum-weight
        matching of the edges of positive weight, each vertex's mate or itself -- with its edge
        dict handed to the compiled matcher as it is."""
        assert _compiled_matching is not None
        _count_call()
        mates = _compiled_matching(vertices, edge_weights, True, True)
        return [mate if mate >= 0 else vertex for vertex, mate in enumerate(mates)]


class _CountingNetworkx(types.ModuleType):
    """networkx itself inside the library's matching methods (fallback), its matcher calls counted."""

    def __getattr__(self, name: str) -> Any:
        import networkx

        return getattr(networkx, name)

    def max_weight_matching(self, graph: Any, maxcardinality: bool = False, weight: str = "weight") -> Any:
        import networkx

        _count_call()
        return networkx.max_weight_matching(graph, maxcardinality=maxcardinality, weight=weight)


MATCHER_SWITCH = _MatcherSwitch("networkx", "the compiled matcher, for the library's matching methods")
COUNTING_NETWORKX = _CountingNetworkx("networkx", "networkx, its matcher calls counted")
_real_import = builtins.__import__


def _importing_networkx_as(module: types.ModuleType) -> dict[str, Any]:
    """Builtins whose ``import networkx`` yields ``module``."""

    def _import(
        name: str,
        globals: Mapping[str, object] | None = None,  # noqa: A002 -- __import__'s signature
        locals: Mapping[str, object] | None = None,  # noqa: A002
        fromlist: Sequence[str] = (),
        level: int = 0,
    ) -> types.ModuleType:
        if name == "networkx" and level == 0 and not fromlist:
            return module
        return _real_import(name, globals, locals, fromlist, level)

    return {**vars(builtins), "__import__": _import}


_BUILTINS = _importing_networkx_as(MATCHER_SWITCH)
_COUNTING_BUILTINS = _importing_networkx_as(COUNTING_NETWORKX)


def _run_mwm_template() -> Callable[[], list[int]]:
    """The body that replaces the library's inner ``_run_mwm`` (which rebuilds a graph from its
    ``edge_weights`` dict at every call); the names are those of the library's closure."""
    edge_weights: dict[tuple[int, int], int] = {}
    n = 0
    nx: Any = MATCHER_SWITCH

    def _run_mwm() -> list[int]:
        mates: list[int] = nx.mates_or_self(n, edge_weights)
        return mates

    return _run_mwm


_RUN_MWM = _run_mwm_template().__code__


def _with_compiled_run_mwm(code: types.CodeType) -> types.CodeType:
    """``code`` with its nested ``_run_mwm`` (when it has the expected closure) replaced."""
    consts = tuple(
        _RUN_MWM.replace(co_qualname=const.co_qualname)
        if isinstance(const, types.CodeType)
        and const.co_name == "_run_mwm"
        and const.co_freevars == _RUN_MWM.co_freevars
        else const
        for const in code.co_consts
    )
    return code.replace(co_consts=consts)


def replaces_run_mwm(function: Callable[..., Any]) -> bool:
    """Whether :func:`with_selected_matcher` hands ``function``'s edge dict to the compiled
    matcher directly (the library's ``_run_mwm`` found as expected)."""
    return _with_compiled_run_mwm(function.__code__).co_consts != function.__code__.co_consts


def compiled_variant(function: F) -> F:
    """``function`` (a library method that does ``import networkx as nx``) on the compiled
    matcher: the same code with a namespace whose ``networkx`` is :data:`MATCHER_SWITCH`, and
    its ``_run_mwm`` passing the edge dict to the compiled matcher."""
    namespace = {**function.__globals__, "__builtins__": _BUILTINS}
    variant = types.FunctionType(
        _with_compiled_run_mwm(function.__code__),
        namespace,
        function.__name__,
        function.__defaults__,
        function.__closure__,
    )
    variant.__kwdefaults__ = function.__kwdefaults__
    return variant  # type: ignore[return-value]


def counting_variant(function: F) -> F:
    """``function`` (a library method that does ``import networkx as nx``) on networkx, its code
    untouched, with its matcher calls counted (:func:`counting_calls`)."""
    variant = types.FunctionType(
        function.__code__,
        {**function.__globals__, "__builtins__": _COUNTING_BUILTINS},
        function.__name__,
        function.__defaults__,
        function.__closure__,
    )
    variant.__kwdefaults__ = function.__kwdefaults__
    return variant  # type: ignore[return-value]


def with_selected_matcher(function: F) -> F:
    """``function`` on the matcher selected at each call: its compiled variant, or its own code on
    networkx (untouched but for counting the matcher calls)."""
    compiled = compiled_variant(function)
    fallback = counting_variant(function)

    @functools.wraps(function)
    def on_selected_matcher(*args: Any, **kwargs: Any) -> Any:
        if selected_matcher() != "compiled":
            return fallback(*args, **kwargs)
        try:
            return compiled(*args, **kwargs)
        finally:
            _clear_compiled_cache()  # the edges kept for the next call: no use after the loop

    return on_selected_matcher  # type: ignore[return-value]
