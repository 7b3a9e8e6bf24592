"""Events that run themselves (issue 36): the steps an event takes by itself (``steps``: a round
published, paired, closed; the event finished), its settings, pause and resume (``services``) and its
task (``tasks``). What it tells is ``tournaments.telling``'s; when a round's games start,
``tournaments.starts``. docs/tournaments.md, "The autopilot"."""
