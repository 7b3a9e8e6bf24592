"""The Django admin of every tournament model."""

from django.contrib import admin

from tournaments.models import (
    ByeRequest,
    Event,
    ForbiddenPair,
    Pairing,
    PairingAudit,
    Player,
    Rating,
    RatingChange,
    RatingList,
    Registration,
    Round,
    RoundPublication,
    Standing,
    SwissSettings,
)


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("display_name", "handle", "country", "user")
    search_fields = ("display_name", "handle")
    list_filter = ("country",)


class RegistrationInline(admin.TabularInline):
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


@admin.register(Registration)
class RegistrationAdmin(admin.ModelAdmin):
    list_display = ("player", "event", "pairing_number", "rating", "status", "withdrawn_from_round")
    list_filter = ("status", "event")
    search_fields = ("player__display_name", "event__name")


class PairingInline(admin.TabularInline):
    model = Pairing
    extra = 0
    fields = ("board", "white", "black", "bye", "results", "white_score", "black_score", "source")


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("event", "number", "status", "paired_at", "closed_at")
    list_filter = ("status", "event")
    inlines = [PairingInline]


@admin.register(Pairing)
class PairingAdmin(admin.ModelAdmin):
    list_display = ("round", "board", "white", "black", "bye", "results", "source")
    list_filter = ("source", "bye", "round__event")


@admin.register(ForbiddenPair)
class ForbiddenPairAdmin(admin.ModelAdmin):
    list_display = ("event", "first", "second", "reason")


@admin.register(Standing)
class StandingAdmin(admin.ModelAdmin):
    list_display = ("event", "after_round", "rank", "registration", "points")
    list_filter = ("event",)


@admin.register(RatingChange)
class RatingChangeAdmin(admin.ModelAdmin):
    list_display = ("player", "family", "round", "before", "after", "games")
    list_filter = ("family", "round__event")


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
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
