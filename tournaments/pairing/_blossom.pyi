from collections.abc import Mapping, Sequence

def max_weight_matching(
    n: int,
    edges: Mapping[tuple[int, int], int] | Sequence[tuple[int, int, int]],
    maxcardinality: bool = False,
) -> list[int]: ...
def clear_cache() -> None: ...
