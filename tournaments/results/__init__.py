"""Results: ``services`` (record one result, a whole round, close a round), ``deadlines`` (a round's
deadline: past it the sweep tells the event's officials, once, of its unfinished games),
``corrections`` (correct a closed round's result: officials only, with a reason, logged as
``ResultCorrection``; the games follow, ``corrected_games``), ``recomputation`` (what a correction
makes stale: the event's standings from that round on, the family's rating periods from it on in
close order, other events included; the job's body), ``tasks`` (the recomputation job and its sweep,
the close of rounds that close by themselves), ``arbiter_queue`` (what waits for an event's officials
in its open rounds), ``following`` (the games in play the round page and the queue follow live, one
stream of their channels: ``static/js/follow.js``).

The games of pairings, one job a module: ``pairing_origin`` (the pairing origin of games,
``games.origins.Origin``), ``game_creation`` (``create_games``, the one function creating a pairing's
games with their ``PairingGame`` links, ready to play when the round is played on the service),
``game_results`` (a game's result carried to its pairing once every game has one), ``round_games``
(closing a round: refused while a game is disputed or a report awaits confirmation, provisional
results made official), ``round_closing`` (a round that closes by itself when its last game ends on
the service, ``Event.close_rounds_by_itself``, through the same close), ``corrected_games`` (a
corrected result set on the games).
"""
