"""Page URLs of games: the board SVG, records, confirmation and disputes, the arbiter's decisions, the arbiter's powers over a game on the service (submitting
for a pairing, a pairing's game and the queue of an event are the tournaments' ``game_patterns``, in
the same ``games`` namespace)."""

from django.urls import path

from games.web import arbitration as arbitration_views
from games.web import challenge_views, pickers, play_actions, views
from games.web import draws as draw_views

app_name = "games"

urlpatterns = [
    path("<int:pk>/", views.game_detail, name="game-detail"),
    path("<int:pk>/board.svg", views.board_svg, name="board-svg"),
    path("<int:pk>/record.txt", views.record_txt, name="record-txt"),
    path("<int:pk>/confirm/", views.confirm, name="confirm"),
    path("<int:pk>/dispute/", views.dispute, name="dispute"),
    path("<int:pk>/decide/", views.decide, name="decide"),
    path("<int:pk>/move/", views.play_move, name="play-move"),
    path("<int:pk>/resign/", views.resign, name="resign"),
    path("<int:pk>/abort/", play_actions.abort, name="abort"),
    path("<int:pk>/takeback/<str:step>/", play_actions.takeback, name="takeback"),
    path("<int:pk>/events/", views.events, name="events"),
    path("<int:pk>/offer-draw/", draw_views.offer_draw, name="offer-draw"),
    path("<int:pk>/accept-draw/", draw_views.accept_draw, name="accept-draw"),
    path("<int:pk>/decline-draw/", draw_views.decline_draw, name="decline-draw"),
    path("my-events/", views.my_events, name="my-events"),
    path("scripts/<str:game>.js", pickers.script, name="picker-script"),
    path("records/<int:pk>/", views.record_detail, name="record-detail"),
    path("<int:pk>/give-time/", arbitration_views.give_time, name="give-time"),
    path("<int:pk>/adjudicate/", arbitration_views.adjudicate, name="adjudicate"),
    path("<int:pk>/annul/", arbitration_views.annul, name="annul"),
    path("challenges/", views.challenge_list, name="challenges"),
    path("challenges/players/", challenge_views.player_suggestions, name="challenge-players"),
    path("challenges/<int:pk>/<str:answer>/", views.challenge_answer, name="challenge-answer"),
]
