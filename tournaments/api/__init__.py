"""The REST API of events, rounds, standings, crosstables and players (``views``, ``serializers``)."""
