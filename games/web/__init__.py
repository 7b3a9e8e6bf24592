"""The pages of games: views, forms, URLs and the game page as a place to play."""
