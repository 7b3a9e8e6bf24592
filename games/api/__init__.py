"""The REST API of games: games and submissions, play, arbitration, vacation."""
