"""The arbiter: the rules engines of the GIPF project's games, pure Python with no Django and nothing
of the project imported (``tests/test_layout.py``).

From outside, ask :mod:`arbiter.registry`. It collects the games' specs (the built-in games one line
each, more from the ``GAME_PACKAGES`` setting) with their keys, names, families and ends, and makes
every engine call: ``replay``, ``perft``, ``random_record``, ``render_svg``, ``ply_view`` (the position
after ply N of a valid record, with that ply's path and removals, from the replay's trace) and the
play API ``start``, ``legal_moves``, ``play``, ``status``.

The shared modules:

* ``engine``: the interface every game implements (``GameEngine``);
* ``spec``: what a game declares about itself (``GameSpec``): its variants and keys, each variant's
  start options (``StartOption``), rating family, natural ends (each with the sentence telling it),
  whether its rules allow a draw (``draws``), what a score means, board words and CSS, notation,
  engine;
* ``play``: what a move did and a position's status (``Played``, ``Status``, ``Owed``);
* ``verdict``: verdicts, ``Result`` and the game-free ``Termination``; ``colour``: player 0 White, 1
  Black;
* ``turns``: ply → move number and side, DVONN's double turn and TZAAR's two-move turn included: the
  one numbering of the status line, the move list, the records and the refused page; a record's turns
  grouped from ``GameEngine.continues``, the one statement of which moves continue a turn;
* ``records``: the tagged record format and the record contract every game meets: ``[Game]`` the
  variant's key (``tagged_game``: which variant a record's tag names), the ending words read by
  ``read_ending`` / ``judge_ending``, ``draw`` for a draw agreed where the game can be drawn;
  ``reading_once`` / ``read_once``: a record read once per replay, its claim checks and its replay
  sharing the reading;
* ``errors`` (the typed errors, each with an English template and its params, translated at the
  edge), ``svg`` (the shared deterministic SVG writer), ``cli`` (``python -m arbiter
  replay|perft|moves|svg``: docs/arbiter.md);
* what the game packages share, so that each declares only what is its own: ``scaffold`` (an
  engine's calls made alike through its ``Parts``: ``PackageEngine``; a game with start options
  through its ``Starts`` too: ``StartedEngine``), ``perft`` (the leaf counts' walk), ``replaying``
  (a replay's ``Run``, its judging of the ending words, the loop of a record's turns, ``TaggedReplay``),
  ``positions`` (a position text's fields, the side to move), ``grid`` (a hex board's rays, the GIPF
  lattice); ``spec.package_getattr`` is every game package's lazy ``__getattr__``.

One package per game, each cut the same way: ``spec.py`` (its ``SPEC``, exported by the package),
``board.py`` (geometry), ``position.py``, its move rules, ``notation.py``, ``play.py`` (one move
played, the status), ``replay.py`` (record → verdict, a loop over ``play.py``), ``svg.py`` (its
board, with its own words and CSS) and a thin ``engine.py``. Importing a game's package loads its
spec only; its engine is loaded when a record, a position or a move of that game is first checked.
docs/rules.md says how the arbiter reads each rulebook, docs/architecture.md how a game is added.
"""
