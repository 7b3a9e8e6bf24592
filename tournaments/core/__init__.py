"""The tournaments' floor (pure, no Django): ``codes`` (result codes, bye kinds, TRF letters and the
points they give, the colour swap of 2-game matches), ``systems`` (each pairing system's spec,
``Event.system_spec``: round robin or not, cycles, who sets the round count, late entries, requested
byes, draft rounds, default tie-breaks, its engine; every difference between systems is read there)
and ``errors`` (the errors the pure modules raise: results, pairing, standings, TRF). Every feature
package (registration, pairing, results, standings, ratings, trf, events, web, api) and the models
use it; it uses none of them.
"""
