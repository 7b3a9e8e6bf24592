"""The pages of games, an edge: views, forms and URLs; the board of a game's page (``boards``: a
verified record's positions, the board of a refused submission, the board of a game on the service
and its move picker's words); the game page as a place to play (``play_page``, ``play_actions``,
``draws``), the arbiter's pages (``arbitration``), the boards' stylesheets in the
Content-Security-Policy (``middleware``).

Thin: the services decide. May import every room of games (``records``, ``play``, ``live``, the
floor), ``accounts``, ``common``, ``arbiter``; never ``games.api`` (``tests/test_layout.py``).

In detail: ``boards`` gives the game page's board and moves per ply, the board SVG URL's options
(``/games/<id>/board.svg?ply=N``), a refused submission's board, "ply 6" as "move 3, Black" by
``arbiter.turns``, each game's board stylesheet as a Content-Security-Policy hash (which
``middleware`` adds to every response's policy) and the picker's words (``picker_words``). On the
game page as a place to play (``play_page``), ``static/js/play.js`` picks the move on the board (a
choice named by the game's words, the pieces a choice removes clicked on the board and previewed
there, the choices left listed for the keyboard), counts the clocks down and follows the game live.
``challenge_views`` suggests opponents by name to the Play page's ``static/js/challenges.js``;
``arbitration`` and ``arbitration_forms`` are the arbiter's pages on a game in play, ``play_actions``
its abort and takeback buttons, ``draws`` its draw offers.
"""
