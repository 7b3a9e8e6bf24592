"""Ratings: one rating list per game family (each game's spec names its family), FIDE B.02 defaults per
list (``RatingList``; the models in ``tournaments/rating_models.py``). ``families`` (pure: the
families and the family of a game, from the registry), ``elo`` (pure, the only user of the ``elo``
package: expected score with the 400-point rule, K, one rating period), ``services`` (which games are
rated; one rating period, in bulk), ``rounds`` (rate an event's closed rounds once, in order; a
rebuild when a later period was rated first), ``casual`` (a rated casual game as its own rating
period once its result is final; ``casual_results`` listens to the games' ``result_changed``,
``tasks`` its Celery task), ``recompute`` (rebuild a family from one timeline of closed rounds and
final casual games by time), ``selectors`` (the published lists, the provisional players after
them, a player's ratings per family and his rating history), ``chart`` (pure: the rating history as
an SVG chart). docs/tournaments.md, "Ratings".
"""
