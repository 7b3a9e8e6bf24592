"""Standings by FIDE C.07 (docs/standings.md). Pure: ``field`` (what every tie-break reads, the rounds
and section 16), ``tiebreaks`` (the registry: code, name, article), ``encounter`` (DE),
``performance`` (ARO, TPR, PTP, APRO, APPO), ``compute`` (the ranking), ``statistics`` (White's
score, average plies, decisive results by termination, longest game). With the database:
``services`` (store and read the standings, the crosstable of page and API), ``refresh`` (an event's
standings and ratings brought up to date after its rounds were marked stale), ``tasks`` (standings
and ratings after a round).
"""
