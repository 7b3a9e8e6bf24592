"""Registration: players in and out of an event (``services``: register, pasted lists, withdrawal,
late entries) and the Swiss bye rules and requested byes (``byes``)."""
