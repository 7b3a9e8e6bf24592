"""The games' template tags: ``draws`` (``{% draw_offer game %}``: what the viewer may do with a draw
offer) and ``endings`` (``{{ game|ending }}``, ``{{ game|result_line }}``: how a game ended, in the
one wording of ``games.play.endings``).
"""
