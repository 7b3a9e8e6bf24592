"""Ratings: the pure Elo computation (``elo``) and applying it to closed rounds (``services``)."""
