"""The arbiter: rules engines for the GIPF project games, with no dependency on Django.

Use :mod:`arbiter.registry` (``replay``, ``perft``, ``legal_moves``, ``random_record``) from
outside; the game packages (``arbiter.gipf``, ``arbiter.dvonn``) implement it.
"""
