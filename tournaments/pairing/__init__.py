"""Pairing: the state of an event after round r-1 in, the pairings of round r out.

``state`` (the data), ``systems`` (which engine pairs an event: the only place round robin and
Swiss differ), ``round_robin`` and ``dutch`` (the engines), ``checks`` (the pairing rules, for engine
output and hand edits alike) are pure. ``history`` builds the state of a stored event,
``services`` and ``edits`` change stored rounds, ``tasks`` runs the pairing in Celery.
"""
