"""The pages of games, an edge: views, forms and URLs; the board of a game's page (``boards``: a
verified record's positions, the board of a refused submission, the board of a game on the service
and its move picker's words); the game page as a place to play (``play_page``, ``play_actions``,
``draws``), the arbiter's pages (``arbitration``), the boards' stylesheets in the
Content-Security-Policy (``middleware``).

Thin: the services decide. May import every room of games (``records``, ``play``, ``live``, the
floor), ``accounts``, ``common``, ``arbiter``; never ``games.api`` (``tests/test_layout.py``).
"""
