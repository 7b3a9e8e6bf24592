"""Page URLs of games: the board SVG, records, confirmation and disputes, the arbiter's decisions (the
queue of an event is the tournaments' ``game_patterns``, in the same ``games`` namespace)."""

from django.urls import path

from games import views

app_name = "games"

urlpatterns = [
    path("<int:pk>/", views.game_detail, name="game-detail"),
    path("<int:pk>/board.svg", views.board_svg, name="board-svg"),
    path("<int:pk>/confirm/", views.confirm, name="confirm"),
    path("<int:pk>/dispute/", views.dispute, name="dispute"),
    path("<int:pk>/decide/", views.decide, name="decide"),
    path("pairings/<int:pairing_id>/submit/", views.submit, name="submit"),
    path("pairings/<int:pairing_id>/game/<int:number>/", views.pairing_game, name="pairing-game"),
    path("records/<int:pk>/", views.record_detail, name="record-detail"),
]
