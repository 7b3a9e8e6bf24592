"""Page URLs of games and record submission."""

from django.urls import path

from games import views

app_name = "games"

urlpatterns = [
    path("<int:pk>/", views.game_detail, name="game-detail"),
    path("pairings/<int:pairing_id>/submit/", views.submit, name="submit"),
    path("records/<int:pk>/", views.record_detail, name="record-detail"),
]
