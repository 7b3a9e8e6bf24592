"""The Django admin of every tournament model.

Results, standings and ratings are read-only here (``games.admin.ReadOnlyAdmin``): they change only
through the services (entering results, closing rounds, ``correct_result`` for a closed round),
which check permissions, log and recompute what depends on them.
"""

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from games.admin import BoundedInline, ReadOnlyAdmin
from tournaments.models import (
    AutopilotStep,
    ByeRequest,
    CasualPeriod,
    Event,
    EventGameOptions,
    ForbiddenPair,
    Pairing,
    PairingAudit,
    PairingGame,
    Rating,
    RatingChange,
    RatingList,
    Registration,
    ResultCorrection,
    Round,
    RoundPublication,
    Standing,
    SwissSettings,
    TieBreakChange,
    Webhook,
    WebhookDelivery,
)


class RegistrationInline(BoundedInline):
    model = Registration
    extra = 0
    autocomplete_fields = ("player",)


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ("name", "game", "pairing_system", "rounds", "status", "start_date")
    list_filter = ("game", "pairing_system", "status")
    search_fields = ("name", "slug")
    prepopulated_fields = {"slug": ("name",)}
    filter_horizontal = ("organisers", "arbiters")
    inlines = [RegistrationInline]


@admin.register(EventGameOptions)
class EventGameOptionsAdmin(ReadOnlyAdmin):
    """An event's start options for its games: set on the event form or through the API, which check
    them against the event's game (``tournaments.events.game_options``)."""

    list_display = ("event", "options", "rounds")


@admin.register(Registration)
class RegistrationAdmin(admin.ModelAdmin):
    list_display = ("player", "event", "pairing_number", "rating", "status", "withdrawn_from_round")
    list_filter = ("status", "event")
    search_fields = ("player__display_name", "event__name")


class PairingInline(BoundedInline):
    model = Pairing
    extra = 0
    fields = ("board", "white", "black", "bye", "results", "white_score", "black_score", "source")
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("event", "number", "status", "paired_at", "closed_at")
    list_filter = ("status", "event")
    inlines = [PairingInline]
    # a round is paired, closed and its results entered through the services only
    readonly_fields = ("status", "paired_at", "closed_at")


@admin.register(Pairing)
class PairingAdmin(ReadOnlyAdmin):
    list_display = ("round", "board", "white", "black", "bye", "results", "source")
    list_filter = ("source", "bye", "round__event")


@admin.register(PairingGame)
class PairingGameAdmin(ReadOnlyAdmin):
    """The link from a pairing to its games: written only with the games (``game_creation.create_games``)."""

    list_display = ("pairing", "number", "game")
    list_filter = ("pairing__round__event",)


@admin.register(ForbiddenPair)
class ForbiddenPairAdmin(admin.ModelAdmin):
    list_display = ("event", "first", "second", "reason")


@admin.register(Standing)
class StandingAdmin(ReadOnlyAdmin):
    list_display = ("event", "after_round", "rank", "registration", "points")
    list_filter = ("event",)


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnlyAdmin):
    list_display = ("player", "family", "round", "game", "before", "after", "games")
    list_filter = ("family", "round__event")


@admin.register(CasualPeriod)
class CasualPeriodAdmin(ReadOnlyAdmin):
    list_display = ("game", "family", "settled_at", "stale_since")
    list_filter = ("family",)


@admin.register(Rating)
class RatingAdmin(ReadOnlyAdmin):
    list_display = ("player", "family", "rating", "rated_games")
    list_filter = ("family",)
    search_fields = ("player__display_name", "player__handle")


@admin.register(RatingList)
class RatingListAdmin(admin.ModelAdmin):
    list_display = ("family", "initial", "k_new", "new_games", "k_regular", "k_top", "top_rating")


@admin.register(SwissSettings)
class SwissSettingsAdmin(admin.ModelAdmin):
    list_display = ("event",)


@admin.register(ByeRequest)
class ByeRequestAdmin(admin.ModelAdmin):
    list_display = ("registration", "round_number", "kind", "created_by", "created_at")
    list_filter = ("kind",)


@admin.register(RoundPublication)
class RoundPublicationAdmin(admin.ModelAdmin):
    list_display = ("round", "published_by", "published_at")


@admin.register(PairingAudit)
class PairingAuditAdmin(admin.ModelAdmin):
    list_display = ("round", "user", "created_at", "reason")
    readonly_fields = ("round", "user", "created_at", "before", "after", "violations", "reason")


@admin.register(ResultCorrection)
class ResultCorrectionAdmin(ReadOnlyAdmin):
    """Corrections of closed rounds are a log."""

    list_display = ("__str__", "corrected_by", "corrected_at", "reason", "recomputed_at")
    list_filter = ("pairing__round__event",)


@admin.register(TieBreakChange)
class TieBreakChangeAdmin(ReadOnlyAdmin):
    """Changes of a started event's tie-breaks are a log (made on the event's tie-breaks page)."""

    list_display = ("event", "changed_by", "changed_at", "reason")
    list_filter = ("event",)


@admin.register(AutopilotStep)
class AutopilotStepAdmin(ReadOnlyAdmin):
    """The steps events took by themselves (``tournaments.autopilot``): a log, never edited."""

    list_display = ("event", "kind", "round_number", "created_at")
    list_filter = ("kind",)


@admin.register(Webhook)
class WebhookAdmin(ReadOnlyAdmin):
    """An event's webhooks: added and removed by its organisers (``tournaments.telling.webhooks``)."""

    list_display = ("event", "url", "created_at")


@admin.register(WebhookDelivery)
class WebhookDeliveryAdmin(ReadOnlyAdmin):
    list_display = ("webhook", "kind", "status", "attempts", "response_status", "created_at")
    list_filter = ("status", "kind")
