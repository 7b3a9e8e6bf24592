from django.urls import path

from tournaments import trf_views, views, views_swiss

app_name = "tournaments"

urlpatterns = [
    path("", views.event_list, name="event-list"),
    path("new-event/", views.event_create, name="event-create"),
    path("events/<slug:slug>/", views.event_detail, name="event-detail"),
    path("events/<slug:slug>/edit/", views.event_edit, name="event-edit"),
    path("events/<slug:slug>/officials/", views.event_officials, name="event-officials"),
    path("events/<slug:slug>/players/", views_swiss.registrations, name="registrations"),
    path("events/<slug:slug>/start/", views.event_start, name="event-start"),
    path("events/<slug:slug>/finish/", views.event_finish, name="event-finish"),
    path("events/<slug:slug>/standings/", views.standings, name="standings"),
    path("events/<slug:slug>/crosstable/", views.crosstable, name="crosstable"),
    path("events/<slug:slug>/rounds/next/", views.round_pair_next, name="round-pair-next"),
    path("events/<slug:slug>/rounds/<int:number>/", views.round_detail, name="round-detail"),
    path("events/<slug:slug>/rounds/<int:number>/results/", views.round_results, name="round-results"),
    path(
        "events/<slug:slug>/rounds/<int:number>/boards/<int:board>/",
        views.pairing_result,
        name="pairing-result",
    ),
    path("events/<slug:slug>/rounds/<int:number>/close/", views.round_close, name="round-close"),
    path("events/<slug:slug>/rounds/<int:number>/retry/", views.round_retry, name="round-retry"),
    path("events/<slug:slug>/trf/", trf_views.trf_export, name="event-trf"),
    path("import-trf/", views_swiss.trf_import, name="trf-import"),
    path("events/<slug:slug>/swiss/", views_swiss.swiss_settings, name="swiss-settings"),
    path("events/<slug:slug>/byes/", views_swiss.swiss_byes, name="swiss-byes"),
    path("events/<slug:slug>/byes/<int:pk>/cancel/", views_swiss.swiss_bye_cancel, name="swiss-bye-cancel"),
    path("events/<slug:slug>/late-entry/", views_swiss.swiss_late_entry, name="swiss-late-entry"),
    path(
        "events/<slug:slug>/forbidden-pairs/", views_swiss.swiss_forbidden_pairs, name="swiss-forbidden-pairs"
    ),
    path(
        "events/<slug:slug>/forbidden-pairs/<int:pk>/remove/",
        views_swiss.swiss_forbidden_pair_remove,
        name="swiss-forbidden-pair-remove",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/edit/", views_swiss.swiss_round_edit, name="swiss-round-edit"
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/publish/",
        views_swiss.swiss_round_publish,
        name="swiss-round-publish",
    ),
    path("players/", views.player_list, name="player-list"),
    path("players/<str:handle>/", views.player_detail, name="player-detail"),
]
