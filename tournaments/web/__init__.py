"""The tournaments' pages: ``urls``, ``views/`` (``common.event_page``: the opening every event page
shares, the event and round by URL and the right to act on it) and ``forms/``, split by page group
(events, registrations, byes, rounds, standings, players, ratings, pairing, TRF, corrections, the
autopilot; ``views/games``: a pairing's game, submitting a record or a result for a pairing, the
arbiter's queue, served in the ``games`` URL namespace through ``urls.game_patterns``).
"""
