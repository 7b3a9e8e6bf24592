"""Page URLs of the tournament side, grouped as the views are."""

from django.urls import include, path

from tournaments.web.views import (
    autopilot,
    byes,
    corrections,
    downloads,
    events,
    games,
    pairing,
    players,
    ratings,
    registrations,
    rounds,
    standings,
    trf,
)

app_name = "tournaments"

# Pages of an event's games, in the ``games`` namespace beside the games' own (config/urls.py).
game_patterns = [
    path("pairings/<int:pairing_id>/submit/", games.submit, name="submit"),
    path("pairings/<int:pairing_id>/game/<int:number>/", games.pairing_game, name="pairing-game"),
    path("events/<slug:slug>/queue/", games.queue, name="queue"),
    path("events/<slug:slug>/queue/events/", games.queue_events, name="queue-events"),
]

# The pages of one round of an event, below ``events/<slug>/rounds/<number>/``.
round_patterns = [
    path("", rounds.round_detail, name="round-detail"),
    path("events/", rounds.round_events, name="round-events"),
    path("results/", rounds.round_results, name="round-results"),
    path("boards/<int:board>/", rounds.pairing_result, name="pairing-result"),
    path("boards/<int:board>/correct/", corrections.pairing_correct, name="pairing-correct"),
    path("close/", rounds.round_close, name="round-close"),
    path("deadline/", rounds.round_deadline, name="round-deadline"),
    path("retry/", rounds.round_retry, name="round-retry"),
    path("play/", rounds.round_play, name="round-play"),
    path("edit/", rounds.swiss_round_edit, name="swiss-round-edit"),
    path("publish/", rounds.swiss_round_publish, name="swiss-round-publish"),
]

# The pages of one event, below ``events/<slug>/``.
event_patterns = [
    path("", events.event_detail, name="event-detail"),
    path("edit/", events.event_edit, name="event-edit"),
    path("officials/", events.event_officials, name="event-officials"),
    path("autopilot/", autopilot.autopilot, name="event-autopilot"),
    path("webhooks/", autopilot.event_webhooks, name="event-webhooks"),
    path("players/", registrations.registrations, name="registrations"),
    path("start/", events.event_start, name="event-start"),
    path("finish/", events.event_finish, name="event-finish"),
    path("standings/", standings.standings, name="standings"),
    path("standings.csv", standings.standings_csv, name="standings-csv"),
    path("crosstable/", standings.crosstable, name="crosstable"),
    path("statistics/", standings.statistics, name="statistics"),
    path("event.json", downloads.event_json, name="event-json"),
    path("tie-breaks/", standings.tie_breaks_change, name="tie-breaks-change"),
    path("rounds/next/", rounds.round_pair_next, name="round-pair-next"),
    path("rounds/<int:number>/", include(round_patterns)),
    path("trf/", trf.trf_export, name="event-trf"),
    path("swiss/", byes.swiss_settings, name="swiss-settings"),
    path("byes/", byes.swiss_byes, name="swiss-byes"),
    path("byes/<int:pk>/cancel/", byes.swiss_bye_cancel, name="swiss-bye-cancel"),
    path("late-entry/", registrations.swiss_late_entry, name="swiss-late-entry"),
    path("forbidden-pairs/", pairing.swiss_forbidden_pairs, name="swiss-forbidden-pairs"),
    path(
        "forbidden-pairs/<int:pk>/remove/",
        pairing.swiss_forbidden_pair_remove,
        name="swiss-forbidden-pair-remove",
    ),
]

urlpatterns = [
    path("", events.event_list, name="event-list"),
    path("new-event/", events.event_create, name="event-create"),
    path("events/<slug:slug>/", include(event_patterns)),
    path("import-trf/", trf.trf_import, name="trf-import"),
    path("players/", players.player_list, name="player-list"),
    path("players/<str:handle>/", players.player_detail, name="player-detail"),
    path("ratings/", ratings.rating_index, name="rating-index"),
    path("ratings/<str:family>/", ratings.rating_list, name="rating-list"),
]
