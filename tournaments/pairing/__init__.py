"""Pairing: the state of an event after round r-1 in, the pairings of round r out (docs/pairing.md).

Pure: ``state`` (what an engine sees), ``systems`` (which engine pairs an event, as its system's spec
names it: the only place round robin and Swiss differ), ``round_robin`` (Berger tables), ``dutch``
(FIDE Dutch through caissify-pairings), ``matching`` (its exact matcher: compiled from
``native/blossom.c``, networkx as the fallback), ``checks`` (the pairing rules, for engine output and
hand edits alike). With the database: ``history`` (the state of a stored event), ``services`` (the
next round, pairing with no lock held while it computes, retry, forbidden pairs), ``edits`` (hand
edits of a draft round, a round's play mode, and publication), ``publication`` (a round made public;
one played on the service gets its games, a direct call from publishing), ``progress`` (how far a
running pairing has got), ``tasks`` (the pairing in Celery).
"""
