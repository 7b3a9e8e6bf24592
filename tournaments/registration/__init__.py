"""Registration: players in and out of an event. ``services`` (register one player or a pasted list,
withdraw, late entries, the initial ranking: rated players by rating, then the unrated),
``withdrawals`` (undoing a withdrawal), ``lists`` (a pasted list: at most 1,000 players, every problem
at once, the preview, written in bulk), ``matching`` (which stored player a pasted or TRF name means:
docs/tournaments.md), ``byes`` (the organiser's bye rules of a Swiss event, requested byes).
"""
