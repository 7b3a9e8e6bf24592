"""The tournament pages' template tags: ``tournament_tags`` (points in half-points, tie-break values,
badges), ``pairing_tags`` (how far a round's running pairing has got) and ``work_tags`` (what of an
event is being computed now, for the "being updated" notice).
"""
