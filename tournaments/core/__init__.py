"""The tournaments' floor (pure, no Django): result codes and points (``codes``), pairing-system
specs (``systems``) and the typed errors (``errors``). Every feature package (registration,
pairing, results, standings, ratings, trf, events, web, api) and the models use it; it uses none
of them.
"""
