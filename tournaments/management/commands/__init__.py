"""``demo`` (the demo data and accounts the README names), ``pair_trf`` (docs/pairing.md),
``standings_trf`` and ``recompute_standings`` (docs/standings.md), ``recompute_ratings``
(docs/tournaments.md).
"""
