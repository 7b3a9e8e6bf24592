"""Standings: the pure computation with its tie-break registry (``compute``), storing and reading
them and the crosstable (``services``), and the task run after each closed round (``tasks``)."""
