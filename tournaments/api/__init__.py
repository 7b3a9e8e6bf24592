"""The REST API of events, rounds, standings, crosstables, players and rating lists (``views``,
``serializers``), and the organiser's writes (docs/api.md), mixed into the events' viewset:
``event_writes`` (create with an idempotency key, settings through the event form, tie-breaks, Swiss
settings, start, finish), ``registration_writes`` (one player, a pasted list with its preview,
withdrawal and its undo, byes), ``round_writes`` (pair next, retry, hand edits, publish, a round's
results, close), ``official_writes`` (the event's organisers and arbiters: read, appoint, remove),
``forbidden_pair_writes`` (a Swiss event's forbidden pairs: list, add, remove), ``autopilot_writes``
(the autopilot and the webhooks), ``organiser_serializers``; the same services and policy as the
pages.
"""
