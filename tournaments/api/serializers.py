"""REST API representations. Points are given in half-points (``*_half_points``) and as text."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from accounts.models import Player
from games.api.fields import GameChoiceField, OptionsMixin
from tournaments.core.codes import GAME_RESULTS, format_points, written_out
from tournaments.events.game_options import options_of
from tournaments.models import Event, Pairing, PlayMode, Rating, Registration, Round
from tournaments.pairing.progress import live_percent
from tournaments.results import game_creation
from tournaments.rounds import play_mode, time_control

# A result as the pairing stores it (one code a game), at most its column's length.
RESULTS_CHARS: int = Pairing._meta.get_field("results").max_length  # type: ignore[assignment]


class RatingSerializer(serializers.ModelSerializer):
    class Meta:
        model = Rating
        fields = ["family", "rating", "rated_games"]


class RatingListEntrySerializer(serializers.ModelSerializer):
    """One line of a rating list: a rated player's, or a provisional one's (marked)."""

    handle = serializers.CharField(source="player.handle")
    name = serializers.CharField(source="player.display_name")
    country = serializers.CharField(source="player.country")
    provisional = serializers.BooleanField(
        read_only=True, help_text="Fewer rated games than a published rating needs: still settling"
    )

    class Meta:
        model = Rating
        fields = ["handle", "name", "country", "rating", "rated_games", "provisional"]


class PlayerSerializer(serializers.ModelSerializer):
    ratings = RatingSerializer(many=True, read_only=True)

    class Meta:
        model = Player
        fields = ["handle", "display_name", "country", "ratings"]


class RegistrationSerializer(serializers.ModelSerializer):
    player = PlayerSerializer(read_only=True)

    class Meta:
        model = Registration
        fields = ["pairing_number", "player", "rating", "status", "withdrawn_from_round"]


class EventSerializer(OptionsMixin, serializers.ModelSerializer):
    """An event, with the start options its game's declare (each by name: the event's value, ""
    when it has none of its own)."""

    options_for_event = True

    url = serializers.HyperlinkedIdentityField(view_name="api:event-detail", lookup_field="slug")
    players = serializers.IntegerField(source="registrations.count", read_only=True)
    game = GameChoiceField(read_only=True)

    class Meta:
        model = Event
        fields = [
            "url",
            "slug",
            "name",
            "game",
            "pairing_system",
            "rounds",
            "games_per_pairing",
            "win_points",
            "draw_points",
            "loss_points",
            "bye_points",
            "tie_breaks",
            "status",
            "top_seed_colour",
            "play_mode",
            "time_control",
            "close_rounds_by_itself",
            "auto_pair",
            "auto_pair_delay",
            "auto_finish",
            "all_rounds_at_once",
            "first_move_grace",
            "round_times",
            "autopilot_paused",
            "autopilot_stopped",
            "location",
            "start_date",
            "players",
        ]

    def options_of(self, instance: object) -> dict[str, str]:
        assert isinstance(instance, Event)
        return options_of(instance)


class GameOptionsSerializer(OptionsMixin, serializers.Serializer):
    """The event's start options to set, each by name (those its game declares, docs/rules.md P-27);
    an empty value clears one; an option not named is left as it is."""

    options_read_only = False
    options_for_event = True


class RoundSummarySerializer(serializers.Serializer):
    """A round in an event's detail: its number, status and why its pairing failed (if it did)."""

    number = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Round.Status.choices)
    pairing_error = serializers.CharField(allow_null=True)


class SideSerializer(serializers.Serializer):
    """One player of a pairing."""

    pairing_number = serializers.IntegerField(allow_null=True)
    handle = serializers.CharField()
    name = serializers.CharField()


class EventDetailSerializer(EventSerializer):
    registrations = RegistrationSerializer(many=True, read_only=True)
    round_list = serializers.SerializerMethodField()

    class Meta(EventSerializer.Meta):
        fields = [*EventSerializer.Meta.fields, "registrations", "round_list"]

    @extend_schema_field(RoundSummarySerializer(many=True))
    def get_round_list(self, event: Event) -> list[dict[str, object]]:
        return [
            {"number": r.number, "status": r.status, "pairing_error": r.pairing_error or None}
            for r in event.round_set.order_by("number")
        ]


class PairingGameSerializer(serializers.Serializer):
    """One game of a pairing, as far as it exists: its page, and where it is played."""

    number = serializers.IntegerField(help_text="1, or 2 for the second game of a match (colours swapped)")
    id = serializers.IntegerField(help_text="The game's id: /api/play/{id}/ when it is played on the service")
    on_service = serializers.BooleanField(help_text="Played move by move on the service")
    url = serializers.CharField(help_text="The game's page")


class PlaySettingsSerializer(serializers.Serializer):
    play_mode = serializers.ChoiceField(
        choices=PlayMode.choices, help_text="elsewhere (records submitted), service, or both"
    )
    time_control = serializers.CharField(
        max_length=20,
        allow_blank=True,
        required=False,
        default="",
        help_text="5+3, 3d/15d, or empty: no clock",
    )
    close_rounds_by_itself = serializers.BooleanField(
        required=False,
        allow_null=True,
        default=None,
        help_text="A round closes by itself when its last game ends on the service; not sent: unchanged",
    )


class RoundPlaySerializer(serializers.Serializer):
    play_mode = serializers.ChoiceField(
        choices=[("", "the event's"), *PlayMode.choices], allow_blank=True, help_text="Empty: the event's"
    )
    time_control = serializers.CharField(
        max_length=20, allow_blank=True, required=False, default="", help_text="Empty: the event's"
    )


class RoundDeadlineSerializer(serializers.Serializer):
    deadline = serializers.DateTimeField(
        allow_null=True,
        help_text="When the round's games should be over (ISO 8601; without an offset, UTC); null: none",
    )


class PairingSerializer(serializers.ModelSerializer):
    white = serializers.SerializerMethodField()
    black = serializers.SerializerMethodField()
    result = serializers.CharField(source="results")
    games = serializers.SerializerMethodField(help_text="The pairing's games that exist (none for a bye)")
    white_points = serializers.SerializerMethodField()
    black_points = serializers.SerializerMethodField()

    class Meta:
        model = Pairing
        fields = [
            "id",
            "board",
            "white",
            "black",
            "bye",
            "result",
            "white_score",
            "black_score",
            "white_points",
            "black_points",
            "source",
            "games",
        ]
        extra_kwargs = {
            "white_score": {"label": "White half-points"},
            "black_score": {"label": "Black half-points"},
        }

    def _side(self, registration: Registration | None) -> dict[str, object] | None:
        if registration is None:
            return None
        return {
            "pairing_number": registration.pairing_number,
            "handle": registration.player.handle,
            "name": registration.player.display_name,
        }

    @extend_schema_field(SideSerializer(allow_null=True))
    def get_white(self, pairing: Pairing) -> dict[str, object] | None:
        return self._side(pairing.white)

    @extend_schema_field(SideSerializer(allow_null=True))
    def get_black(self, pairing: Pairing) -> dict[str, object] | None:
        return self._side(pairing.black)

    @extend_schema_field(PairingGameSerializer(many=True))
    def get_games(self, pairing: Pairing) -> list[dict[str, object]]:
        return [
            {
                "number": g.pairing_game.number,
                "id": g.pk,
                "on_service": g.on_service,
                "url": g.get_absolute_url(),
            }
            for g in game_creation.existing_games(pairing)
        ]

    def get_white_points(self, pairing: Pairing) -> str:
        return format_points(pairing.white_score)

    def get_black_points(self, pairing: Pairing) -> str:
        return format_points(pairing.black_score)


class RoundSerializer(serializers.ModelSerializer):
    pairings = PairingSerializer(many=True, read_only=True)
    draft = serializers.SerializerMethodField(
        help_text="A Swiss round paired but not published: its pairings are shown to its managers only"
    )

    pairing_progress = serializers.SerializerMethodField(
        help_text="Percent of the pairing done: 100 once paired; while pairing, the matchings done so far"
    )

    play_mode = serializers.SerializerMethodField(
        help_text="Where its games are played: the round's, else the event's"
    )
    time_control = serializers.SerializerMethodField(
        help_text="Of its games on the service: the round's, else the event's"
    )

    def get_draft(self, round_: Round) -> bool:
        return round_.is_draft

    def get_play_mode(self, round_: Round) -> str:
        return play_mode(round_)

    def get_time_control(self, round_: Round) -> str:
        return time_control(round_)

    def get_pairing_progress(self, round_: Round) -> int:
        return live_percent(round_.pk, round_.status, round_.pairing_error, round_.pairing_progress)

    class Meta:
        model = Round
        fields = [
            "number",
            "status",
            "draft",
            "paired_at",
            "closed_at",
            "deadline",
            "starts_at",
            "pairing_error",
            "pairing_progress",
            "play_mode",
            "time_control",
            "pairings",
        ]


class StandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    pairing_number = serializers.IntegerField(allow_null=True)
    handle = serializers.CharField()
    name = serializers.CharField()
    points_half = serializers.IntegerField(help_text="Points in half-points")
    points = serializers.CharField()
    tie_breaks = serializers.DictField(
        child=serializers.FloatField(),
        help_text="Tie-break values as decimal numbers, keyed by FIDE C.07 code",
    )
    games = serializers.IntegerField()


class CrosstableCellSerializer(serializers.Serializer):
    opponent = serializers.IntegerField(
        allow_null=True, help_text="The opponent's pairing number; null for a bye"
    )
    colour = serializers.CharField(allow_null=True, help_text="'w' or 'b'; null for a bye")
    points = serializers.IntegerField(
        allow_null=True, help_text="The player's half-points in the round; null while the result is to come"
    )
    bye = serializers.CharField(
        allow_null=True, help_text="The kind of bye (its TRF letter); null for a game"
    )


class CrosstableRowSerializer(serializers.Serializer):
    pairing_number = serializers.IntegerField()
    name = serializers.CharField()
    rounds = serializers.DictField(
        child=CrosstableCellSerializer(), help_text="The player's rounds, keyed by round number"
    )


class ResultInputSerializer(serializers.Serializer):
    result = serializers.CharField(
        max_length=RESULTS_CHARS, help_text=f"{written_out(GAME_RESULTS)}; two codes for a 2-game match"
    )


class CorrectionInputSerializer(serializers.Serializer):
    result = serializers.CharField(
        max_length=RESULTS_CHARS,
        help_text=f"The corrected result: {written_out(GAME_RESULTS)}; two codes for a 2-game match",
    )
    reason = serializers.CharField(max_length=2000, help_text="Why the result is corrected (required)")


class ResultCorrectionSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    pairing = serializers.IntegerField(source="pairing_id")
    round = serializers.IntegerField(source="pairing.round.number")
    board = serializers.IntegerField(source="pairing.board")
    old_result = serializers.CharField(source="old_results")
    new_result = serializers.CharField(source="new_results")
    old_white_score = serializers.IntegerField(allow_null=True, help_text="Half-points")
    old_black_score = serializers.IntegerField(allow_null=True, help_text="Half-points")
    new_white_score = serializers.IntegerField(help_text="Half-points")
    new_black_score = serializers.IntegerField(help_text="Half-points")
    reason = serializers.CharField()
    corrected_by = serializers.CharField(source="corrected_by.username", allow_null=True, default=None)
    corrected_at = serializers.DateTimeField()
    recomputed_at = serializers.DateTimeField(
        allow_null=True,
        help_text="When the standings and ratings from this round on were recomputed; null while pending",
    )


class RatingChangeSerializer(serializers.Serializer):
    """One rating period of a player's history: a closed round of an event, or a rated casual game
    (then ``event`` and ``round`` are null and ``game`` names it)."""

    family = serializers.CharField()
    event = serializers.CharField(
        source="round.event.slug",
        allow_null=True,
        default=None,
        help_text="The event's slug; null for a casual game",
    )
    round = serializers.IntegerField(
        source="round.number",
        allow_null=True,
        default=None,
        help_text="The round's number; null for a casual game",
    )
    game = serializers.IntegerField(
        source="game_id", allow_null=True, help_text="The casual game rated as this period; null for a round"
    )
    opponent = serializers.CharField(
        source="opponent.handle",
        allow_null=True,
        default=None,
        help_text="The casual game's opponent (handle)",
    )
    at = serializers.DateTimeField(
        help_text="When the round closed, or the casual game's result became final"
    )
    games = serializers.IntegerField(help_text="Rated games in the period")
    before = serializers.IntegerField()
    after = serializers.IntegerField()
    change = serializers.IntegerField(source="delta")
