"""Page URLs of the tournament side, grouped as the views are."""

from django.urls import path

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

urlpatterns = [
    path("", events.event_list, name="event-list"),
    path("new-event/", events.event_create, name="event-create"),
    path("events/<slug:slug>/", events.event_detail, name="event-detail"),
    path("events/<slug:slug>/edit/", events.event_edit, name="event-edit"),
    path("events/<slug:slug>/officials/", events.event_officials, name="event-officials"),
    path("events/<slug:slug>/autopilot/", autopilot.autopilot, name="event-autopilot"),
    path("events/<slug:slug>/webhooks/", autopilot.event_webhooks, name="event-webhooks"),
    path("events/<slug:slug>/players/", registrations.registrations, name="registrations"),
    path("events/<slug:slug>/start/", events.event_start, name="event-start"),
    path("events/<slug:slug>/finish/", events.event_finish, name="event-finish"),
    path("events/<slug:slug>/standings/", standings.standings, name="standings"),
    path("events/<slug:slug>/standings.csv", standings.standings_csv, name="standings-csv"),
    path("events/<slug:slug>/crosstable/", standings.crosstable, name="crosstable"),
    path("events/<slug:slug>/statistics/", standings.statistics, name="statistics"),
    path("events/<slug:slug>/event.json", downloads.event_json, name="event-json"),
    path("events/<slug:slug>/tie-breaks/", standings.tie_breaks_change, name="tie-breaks-change"),
    path("events/<slug:slug>/rounds/next/", rounds.round_pair_next, name="round-pair-next"),
    path("events/<slug:slug>/rounds/<int:number>/", rounds.round_detail, name="round-detail"),
    path("events/<slug:slug>/rounds/<int:number>/events/", rounds.round_events, name="round-events"),
    path("events/<slug:slug>/rounds/<int:number>/results/", rounds.round_results, name="round-results"),
    path(
        "events/<slug:slug>/rounds/<int:number>/boards/<int:board>/",
        rounds.pairing_result,
        name="pairing-result",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/boards/<int:board>/correct/",
        corrections.pairing_correct,
        name="pairing-correct",
    ),
    path("events/<slug:slug>/rounds/<int:number>/close/", rounds.round_close, name="round-close"),
    path("events/<slug:slug>/rounds/<int:number>/deadline/", rounds.round_deadline, name="round-deadline"),
    path("events/<slug:slug>/rounds/<int:number>/retry/", rounds.round_retry, name="round-retry"),
    path("events/<slug:slug>/rounds/<int:number>/play/", rounds.round_play, name="round-play"),
    path("events/<slug:slug>/trf/", trf.trf_export, name="event-trf"),
    path("import-trf/", trf.trf_import, name="trf-import"),
    path("events/<slug:slug>/swiss/", byes.swiss_settings, name="swiss-settings"),
    path("events/<slug:slug>/byes/", byes.swiss_byes, name="swiss-byes"),
    path("events/<slug:slug>/byes/<int:pk>/cancel/", byes.swiss_bye_cancel, name="swiss-bye-cancel"),
    path("events/<slug:slug>/late-entry/", registrations.swiss_late_entry, name="swiss-late-entry"),
    path("events/<slug:slug>/forbidden-pairs/", pairing.swiss_forbidden_pairs, name="swiss-forbidden-pairs"),
    path(
        "events/<slug:slug>/forbidden-pairs/<int:pk>/remove/",
        pairing.swiss_forbidden_pair_remove,
        name="swiss-forbidden-pair-remove",
    ),
    path("events/<slug:slug>/rounds/<int:number>/edit/", rounds.swiss_round_edit, name="swiss-round-edit"),
    path(
        "events/<slug:slug>/rounds/<int:number>/publish/",
        rounds.swiss_round_publish,
        name="swiss-round-publish",
    ),
    path("players/", players.player_list, name="player-list"),
    path("players/<str:handle>/", players.player_detail, name="player-detail"),
    path("ratings/", ratings.rating_index, name="rating-index"),
    path("ratings/<str:family>/", ratings.rating_list, name="rating-list"),
]
