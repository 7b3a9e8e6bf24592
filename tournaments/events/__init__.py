"""Events: ``services`` (create, settings before the start, start, finish), ``game_options`` (the
event's game options, those its game declares: checked, shown, set before the start,
``POST /api/events/{slug}/game-options/``), ``officials`` (its organisers and arbiters), ``roles`` (a
user's roles over an event and what is in it, for ``accounts.policy``), ``tiebreaks`` (an arbiter's
change of a started event's tie-breaks: logged, standings recomputed) and ``export`` (the event as
JSON, docs/downloads.md).
"""
