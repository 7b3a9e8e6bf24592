"""The compiled maximum-weight matcher against networkx and hand-worked graphs, and the switch
between the two (``PAIRING_MATCHER``)."""

from __future__ import annotations

import random

import networkx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournaments.pairing import matching
from tournaments.pairing.dutch import RankedColourEngine
from tournaments.pairing.matching import EdgeList, max_weight_matching, selected_matcher
from tournaments.pairing.state import EventState, PlayerState
from tournaments.pairing.systems import pair_round

compiled = pytest.mark.usefixtures("compiled_matcher")


@pytest.fixture
def compiled_matcher(monkeypatch: pytest.MonkeyPatch) -> None:
    assert matching.compiled_available(), "tournaments.pairing._blossom is not built (scripts/install)"
    monkeypatch.setenv("PAIRING_MATCHER", "compiled")


def check_matching(vertices: int, edges: dict[tuple[int, int], int], mates: list[int]) -> tuple[int, int]:
    """(edges, total weight) of ``mates``, after checking that it is a matching of the graph."""
    assert len(mates) == vertices
    weight = count = 0
    for v, u in enumerate(mates):
        if u == -1:
            continue
        assert mates[u] == v, f"{v} -> {u} but {u} -> {mates[u]}"
        if u > v:
            weight += edges[(v, u)] if (v, u) in edges else edges[(u, v)]
            count += 1
    return count, weight


def networkx_optimum(
    vertices: int, edges: dict[tuple[int, int], int], maxcardinality: bool
) -> tuple[int, int]:
    graph = networkx.Graph()
    graph.add_nodes_from(range(vertices))
    for (u, v), w in edges.items():
        graph.add_edge(u, v, weight=w)
    found = networkx.max_weight_matching(graph, maxcardinality=maxcardinality)
    return len(found), sum(edges[(u, v)] if (u, v) in edges else edges[(v, u)] for u, v in found)


HUGE = 2**200


@st.composite
def graphs(draw: st.DrawFn) -> tuple[int, dict[tuple[int, int], int]]:
    """Small graphs whose weights are few (many ties), small, or beyond 2**200 (several words)."""
    vertices = draw(st.integers(min_value=0, max_value=11))
    pairs = [(u, v) for u in range(vertices) for v in range(u + 1, vertices)]
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True) if pairs else st.just([]))
    kind = draw(st.sampled_from(["ties", "small", "huge", "mixed"]))
    weight = {
        "ties": st.sampled_from([1, 2, 3]),
        "small": st.integers(min_value=-5, max_value=40),
        "huge": st.integers(min_value=HUGE, max_value=HUGE * 8).map(lambda w: w - w % 2**190),
        "mixed": st.one_of(st.integers(1, 4), st.integers(HUGE, 2**420), st.just(2**300 + 1)),
    }[kind]
    edges: dict[tuple[int, int], int] = {}
    for u, v in chosen:
        edges[(v, u) if draw(st.booleans()) else (u, v)] = draw(weight)
    return vertices, edges


@compiled
@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(graph=graphs(), maxcardinality=st.booleans())
def test_the_compiled_matcher_finds_networkx_optimum(
    graph: tuple[int, dict[tuple[int, int], int]], maxcardinality: bool
) -> None:
    vertices, edges = graph
    mates = max_weight_matching(vertices, edges, maxcardinality)
    count, weight = check_matching(vertices, edges, mates)
    best_count, best_weight = networkx_optimum(vertices, edges, maxcardinality)
    if maxcardinality:
        assert (count, weight) == (best_count, best_weight)
    else:
        assert weight == best_weight


def pairing_sized_graph(
    rng: random.Random, vertices: int, density: float, lowest: int, shift: int
) -> dict[tuple[int, int], int]:
    """About ``density`` of all pairs, weights of up to 400 bits shifted right by up to ``shift``."""
    return {
        (u, v): rng.randrange(lowest, 2**400) >> rng.randrange(0, shift)
        for u in range(vertices)
        for v in range(u + 1, vertices)
        if rng.random() < density
    }


@compiled
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), vertices=st.integers(12, 40))
def test_dense_graphs_with_pairing_sized_weights(seed: int, vertices: int) -> None:
    """Complete-ish graphs with weights of about 400 bits, the size of the Dutch engine's."""
    edges = pairing_sized_graph(random.Random(seed), vertices, 0.7, lowest=1, shift=300)
    mates = max_weight_matching(vertices, edges, True)
    assert check_matching(vertices, edges, mates) == networkx_optimum(vertices, edges, True)


@compiled
def test_an_odd_cycle_with_pendants() -> None:
    """Worked by hand: the triangle 0-1-2 (weights 6, 6, 6) with pendants 3 (on 2, weight 5) and
    4 (on 0, weight 7). The best matching pairs 0-4, 1-2 (7 + 6 = 13); 2-3 adds 5 but then 1
    needs 0 or 2: {0-4, 2-3} = 12, {1-2, 0-4} = 13, {0-1, 2-3} = 11. Maximum cardinality: with
    five vertices at most two edges, so 13 again."""
    edges = {(0, 1): 6, (1, 2): 6, (0, 2): 6, (2, 3): 5, (0, 4): 7}
    for maxcardinality in (False, True):
        mates = max_weight_matching(5, edges, maxcardinality)
        assert check_matching(5, edges, mates) == (2, 13)
        assert (mates[0], mates[1], mates[3]) == (4, 2, -1)


@compiled
def test_maximum_cardinality_beats_weight_when_asked() -> None:
    """Path 0-1-2-3 with a heavy middle edge: weight alone takes 1-2 (100); most edges take
    0-1 and 2-3 (1 + 1)."""
    edges = {(0, 1): 1, (1, 2): 100, (2, 3): 1}
    assert max_weight_matching(4, edges, False) == [-1, 2, 1, -1]
    assert max_weight_matching(4, edges, True) == [1, 0, 3, 2]


@compiled
def test_weights_beyond_machine_words_are_exact() -> None:
    """Two matchings of a 4-cycle differing by 1 in a weight of 2**300: the heavier one wins."""
    big = 2**300
    edges = [(0, 1, big), (2, 3, big), (1, 2, big), (3, 0, big + 1)]
    assert max_weight_matching(4, edges, True) == [3, 2, 1, 0]
    edges = [(0, 1, big + 1), (2, 3, big), (1, 2, big), (3, 0, big)]
    assert max_weight_matching(4, edges, True) == [1, 0, 3, 2]


@compiled
def test_bad_edges_are_refused() -> None:
    with pytest.raises(ValueError, match="vertex 5"):
        max_weight_matching(3, [(0, 5, 1)])
    with pytest.raises(ValueError, match="itself"):
        max_weight_matching(3, [(1, 1, 1)])
    with pytest.raises(TypeError, match="integers"):
        max_weight_matching(3, [(0, 1, 1.5)])  # type: ignore[list-item]


@compiled
def test_edge_list_answers_like_networkx_with_any_node_labels() -> None:
    graph = EdgeList()
    for node in ("a", "b", "c", "d"):
        graph.add_node(node)
    graph.add_edge("a", "b", weight=2)
    graph.add_edge("b", "c", weight=5)
    graph.add_edge("c", "d", weight=2)
    found = matching.MATCHER_SWITCH.max_weight_matching(graph, maxcardinality=True)
    assert {frozenset(pair) for pair in found} == {frozenset("ab"), frozenset("cd")}


def test_the_switch_follows_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PAIRING_MATCHER", "networkx")
    assert selected_matcher() == "networkx"
    assert max_weight_matching(4, {(0, 1): 1, (1, 2): 100, (2, 3): 1}, True) == [1, 0, 3, 2]
    monkeypatch.setenv("PAIRING_MATCHER", "fast")
    with pytest.raises(ValueError, match="PAIRING_MATCHER"):
        selected_matcher()


def test_without_the_extension_auto_falls_back_and_compiled_refuses(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(matching, "_compiled_matching", None)
    monkeypatch.delenv("PAIRING_MATCHER", raising=False)
    assert selected_matcher() == "networkx"
    monkeypatch.setenv("PAIRING_MATCHER", "compiled")
    with pytest.raises(matching.MatcherUnavailable, match="not built"):
        selected_matcher()


@pytest.mark.parametrize("matcher", ["compiled", "networkx"])
def test_the_dutch_engine_runs_on_the_selected_matcher(matcher: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Round 1 of six with the split's 1-4 forbidden goes through the bracket loop's matchings
    (the round-1 correction); networkx is called on the fallback only. Pairings by hand: the
    split 1-4, 2-5, 3-6 holds the forbidden pair, so the engine pairs by its general procedure;
    whatever it returns must avoid 1-4 and be the same on both matchers (checked in
    test_dutch.py for the pairs themselves)."""
    if matcher == "compiled":
        assert matching.compiled_available()
    calls: list[int] = []
    real = networkx.max_weight_matching

    def counted(*args: object, **kwargs: object) -> object:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(networkx, "max_weight_matching", counted)
    monkeypatch.setenv("PAIRING_MATCHER", matcher)
    players = [PlayerState(number=n, name=f"P{n}", rating=2000 - n) for n in range(1, 7)]
    paired = pair_round(
        EventState(
            system="swiss-dutch", players=players, round_to_pair=1, total_rounds=5, forbidden_pairs=[(1, 4)]
        )
    )
    assert {frozenset(pair) for pair in paired.pairs}.isdisjoint({frozenset((1, 4))})
    assert len(paired.pairs) == 3
    assert (len(calls) > 0) == (matcher == "networkx")


def test_the_bracket_loop_hands_its_edge_dict_to_the_compiled_matcher() -> None:
    """The library's inner _run_mwm is found and replaced (else the compiled path would still
    build a graph object at every matching)."""
    from caissify_pairings.engines.dutch import DutchEngine

    assert matching.replaces_run_mwm(DutchEngine._pair_iterative_mwm)
    assert RankedColourEngine._pair_iterative_mwm.__wrapped__ is DutchEngine._pair_iterative_mwm


@compiled
def test_an_edge_dict_changed_in_place_between_calls_is_read_afresh() -> None:
    """The compiled matcher keeps the edges of its last call to read the next one faster. A dict
    changed in place (weights replaced, edges deleted and added, the vertex count cut, positive
    edges only or all) must answer exactly as the same edges given as triples (which are never
    kept), and as networkx."""
    from tournaments.pairing import _blossom

    rng = random.Random(12)
    vertices = 14
    edges = {(u, v): rng.randint(1, 2**260) for u in range(vertices) for v in range(u + 1, vertices)}
    for step in range(60):
        for _ in range(rng.randint(1, 4)):
            u, v = sorted(rng.sample(range(vertices), 2))
            change = rng.random()
            if change < 0.25:
                edges.pop((u, v), None)
            elif change < 0.4:
                edges[(u, v)] = 0 if step % 2 else -3  # left out when only positive edges count
            else:
                edges[(u, v)] = rng.randint(1, 2 ** rng.choice([40, 260, 330]))
        positive_only = step % 3 == 0
        kept = _blossom.max_weight_matching(vertices, edges, True, positive_only)
        # the same edges as triples, in the same order: never read from the kept ones
        triples = [(u, v, w) for (u, v), w in edges.items()]
        fresh = _blossom.max_weight_matching(vertices, triples, True, positive_only)
        counted = {k: w for k, w in edges.items() if w > 0} if positive_only else edges
        if positive_only:  # warm-started from the last call: the same optimum, maybe another of equal weight
            assert check_matching(vertices, counted, kept) == check_matching(vertices, counted, fresh)
        else:
            assert kept == fresh
        assert check_matching(vertices, counted, kept) == networkx_optimum(vertices, counted, True)
    with pytest.raises(ValueError, match="not in 0..12"):  # vertex 13 is no longer in the graph
        _blossom.max_weight_matching(vertices - 1, edges, True)
    _blossom.clear_cache()
    assert _blossom.max_weight_matching(vertices, edges, True) == fresh


def bracket_loop_changes(rng: random.Random, vertices: int, edges: dict[tuple[int, int], int]) -> None:
    """What the Dutch bracket loop does to its edge dict between two matchings: a pair finalised
    (every other edge of both players zeroed, theirs set to 1), a player's edges nudged up by small
    addends, a player's edges rewritten with new weights of pairing size, an edge dropped."""
    for _ in range(rng.randint(1, 3)):
        x, y = rng.sample(range(vertices), 2)
        change = rng.random()
        for z in range(vertices):
            if z == x:
                continue
            key = (min(x, z), max(x, z))
            if change < 0.3:
                edges[key] = 0
                if z != y:
                    edges[(min(y, z), max(y, z))] = 0
            elif change < 0.6:
                if edges.get(key, 0) > 0:
                    edges[key] += rng.randint(0, 3)
            elif change < 0.9:
                if rng.random() < 0.5:
                    edges[key] = rng.randrange(0, 2**380) >> rng.randrange(0, 200)
            else:
                edges[key] = 0
                break
        if change < 0.3:
            edges[(min(x, y), max(x, y))] = 1


@compiled
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), vertices=st.integers(2, 48))
def test_warm_starts_through_the_bracket_loops_changes_stay_optimal(seed: int, vertices: int) -> None:
    """Each call of the loop's kind (a dict, maximum cardinality, positive edges only) starts from
    the previous call's optimum, repaired around the changed players; every answer must still be
    an optimum: the most edges, and among those networkx's weight. Most calls are warm starts."""
    from tournaments.pairing import _blossom

    rng = random.Random(seed)
    edges = pairing_sized_graph(rng, vertices, 0.8, lowest=0, shift=250)
    _blossom.clear_cache()
    before = _blossom.stats()
    for _ in range(30):
        bracket_loop_changes(rng, vertices, edges)
        mates = _blossom.max_weight_matching(vertices, edges, True, True)
        positive = {key: w for key, w in edges.items() if w > 0}
        assert check_matching(vertices, positive, mates) == networkx_optimum(vertices, positive, True)
    after = _blossom.stats()
    _blossom.clear_cache()
    calls = sum(after.values()) - sum(before.values())
    assert calls == 30
    if vertices >= 24:  # a few changed players out of many: warm starts
        assert after["warm"] - before["warm"] >= 15


@compiled
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(graph=graphs())
def test_every_cold_solve_passes_the_certificate_warm_starts_must_pass(
    graph: tuple[int, dict[tuple[int, int], int]],
) -> None:
    """The certificate that accepts a warm start (feasible duals tight on the matching, exposed
    vertices at the smallest dual, full blossoms, no augmenting path) holds for every
    maximum-cardinality optimum of the cold method, or warm starts would be refused for nothing (or
    the check be wrong). With checking on, a cold solve failing it raises AssertionError."""
    from tournaments.pairing import _blossom

    vertices, edges = graph
    _blossom.set_checking(True)
    try:
        mates = max_weight_matching(vertices, [(u, v, w) for (u, v), w in edges.items()], True)
    finally:
        _blossom.set_checking(False)
    assert check_matching(vertices, edges, mates) == networkx_optimum(vertices, edges, True)


@compiled
def test_a_dutch_round_is_paired_mostly_from_warm_starts() -> None:
    """A 60-player round 4: nearly every matching of the bracket loop starts warm, none is refused
    by its certificate (a refusal would be solved cold, correct but slower)."""
    import sys
    from pathlib import Path

    from tournaments.pairing import _blossom

    sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench"))
    from pairing_bench import synthetic_state

    before = _blossom.stats()
    with matching.counting_calls() as calls:
        paired = pair_round(synthetic_state(60, 4))
    after = _blossom.stats()
    assert len(paired.pairs) == 30
    warm = after["warm"] - before["warm"]
    assert after["fallback"] == before["fallback"]
    assert warm >= calls.done * 2 // 3, (warm, calls.done)


@compiled
@pytest.mark.parametrize("how", [1, 2, 3])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(graph=graphs())
def test_the_certificate_refuses_a_spoilt_optimum(
    how: int, graph: tuple[int, dict[tuple[int, int], int]]
) -> None:
    """The certificate can fail: a cold optimum with one matched vertex's dual raised by 2 (its
    matched edge is no longer tight), with one matched edge dropped (more exposed vertices than the
    last stage's forest allows), or with every vertex dual lowered by 2 (negative slacks on the
    matched edges) is refused. Unspoilt, the same optimum passes (else AssertionError)."""
    from tournaments.pairing import _blossom

    vertices, edges = graph
    if not edges:  # nothing would be matched, nothing to spoil
        vertices, edges = max(vertices, 2), {(0, 1): 5}
    triples = [(u, v, w) for (u, v), w in edges.items()]
    _blossom.set_checking(True)
    try:
        max_weight_matching(vertices, triples, True)
        _blossom.set_checking(True, how)
        max_weight_matching(vertices, triples, True)
        assert not _blossom.spoilt_passed(), (how, vertices, edges)
    finally:
        _blossom.set_checking(False)


@compiled
def test_two_pairings_at_once_in_one_process_answer_as_alone() -> None:
    """The matcher keeps the last optimum for the next call's warm start in the module; two
    threads pairing two events at once interleave their calls. Each must still get the pairing it
    gets alone (a foreign optimum is refused by the changes it shows, or by the certificate)."""
    import sys
    import threading
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench"))
    from pairing_bench import synthetic_state

    states = [synthetic_state(60, 4, seed=1), synthetic_state(60, 4, seed=2), synthetic_state(61, 5, seed=3)]
    alone = [sorted(pair_round(state).pairs) for state in states]
    together: list[list[tuple[int, int]] | None] = [None] * len(states)

    def pair(index: int) -> None:
        together[index] = sorted(pair_round(states[index]).pairs)

    threads = [threading.Thread(target=pair, args=(index,)) for index in range(len(states))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert together == alone
