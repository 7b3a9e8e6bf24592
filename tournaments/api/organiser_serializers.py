"""The organiser's API: what its writes take (events, registrations, byes, rounds) and the few
answers of their own (a pasted list's preview, a requested bye). The rules of each field live in
the services and in the event form (``tournaments.web.forms.events.EventForm``), which the API's
event writes go through: one home for the settings' rules."""

from __future__ import annotations

from django.utils.translation import gettext as _
from rest_framework import serializers

from games.api.fields import GameChoiceField, OptionsMixin
from tournaments.core.codes import GAME_RESULTS, written_out
from tournaments.models import ByeRequest, Event, PairingAudit, PlayMode, SwissSettings
from tournaments.registration.lists import MAX_NAME_CHARS as NAME_CHARS
from tournaments.web.forms.events import TIE_BREAK_CHOICES

CONFIRM_HELP = (
    "Must be true: the operation cannot be undone. Without it the answer is a 400 with code "
    "`confirmation_required` whose `would` lists what the operation would do."
)


def confirm_field() -> serializers.BooleanField:
    return serializers.BooleanField(default=False, help_text=CONFIRM_HELP)


class EventInputSerializer(OptionsMixin, serializers.Serializer):
    """An event's settings, as on the event form; points in points (0.5 steps). On the settings of
    an existing event every field is optional: those not sent keep their value. The start options
    its games declare (``games.options``) are fields of their own names, as on the form."""

    options_read_only = False
    options_for_event = True

    name = serializers.CharField(max_length=200, required=False)
    game = GameChoiceField(required=False)
    pairing_system = serializers.ChoiceField(choices=Event.System.choices, required=False)
    rounds = serializers.IntegerField(
        min_value=1, max_value=50, required=False, allow_null=True, help_text="Swiss events only"
    )
    games_per_pairing = serializers.IntegerField(
        min_value=1, max_value=2, required=False, help_text="1, or 2: a 2-game match, colours swapped"
    )
    win_points = serializers.DecimalField(max_digits=3, decimal_places=1, required=False)
    draw_points = serializers.DecimalField(max_digits=3, decimal_places=1, required=False)
    loss_points = serializers.DecimalField(max_digits=3, decimal_places=1, required=False)
    bye_points = serializers.DecimalField(
        max_digits=3, decimal_places=1, required=False, help_text="The pairing-allocated bye"
    )
    tie_breaks = serializers.ListField(
        child=serializers.ChoiceField(choices=[code for code, _name in TIE_BREAK_CHOICES]),
        max_length=8,
        required=False,
        help_text="FIDE C.07 codes in order; empty: the pairing system's usual list",
    )
    round_robin_bye_scored = serializers.BooleanField(required=False)
    rated = serializers.BooleanField(required=False)
    unrecorded_results = serializers.BooleanField(required=False)
    rate_unrecorded = serializers.BooleanField(required=False)
    vacations = serializers.BooleanField(required=False)
    close_rounds_by_itself = serializers.BooleanField(
        required=False,
        help_text="A round closes by itself when its last game ends on the service and every game of it "
        "has an official result (as `close` would: refused while a result is disputed or unconfirmed)",
    )
    play_mode = serializers.ChoiceField(choices=PlayMode.choices, required=False)
    time_control = serializers.CharField(max_length=20, required=False, allow_blank=True)
    auto_pair = serializers.BooleanField(
        required=False,
        help_text="The autopilot pairs and publishes each round by itself (a Swiss round's draft is "
        "published; the next round is paired `auto_pair_delay` seconds after the previous one closes, at "
        "once when it has a round time); rounds close by themselves",
    )
    auto_pair_delay = serializers.IntegerField(
        min_value=0, max_value=7 * 86400, required=False, help_text="Seconds (default 60)"
    )
    auto_finish = serializers.BooleanField(
        required=False, help_text="Finished by itself after the last round"
    )
    all_rounds_at_once = serializers.BooleanField(
        required=False,
        help_text="A round robin played on the service by correspondence: every round's games start at "
        "the start, each round closing by itself",
    )
    first_move_grace = serializers.IntegerField(
        min_value=10,
        max_value=30 * 86400,
        required=False,
        allow_null=True,
        help_text="Seconds within which each first move of a game is due, else the game is lost by "
        "forfeit (null: 180 for a live clock, 7 days by correspondence)",
    )
    round_times = serializers.ListField(
        child=serializers.CharField(max_length=40, allow_blank=True),
        max_length=50,
        required=False,
        help_text='When each round\'s games start, round 1 first (ISO 8601 with a time zone; "" for a '
        "round without one): a round published earlier starts then",
    )
    location = serializers.CharField(max_length=200, required=False, allow_blank=True)
    start_date = serializers.DateField(required=False, allow_null=True)
    creation_key = serializers.RegexField(
        r"^[0-9a-f]{32}$",
        max_length=32,
        required=False,
        help_text="Creating only: an idempotency key (32 hex digits; or the `Idempotency-Key` header). "
        "Sent again by the same user, the event it created is answered (200) and nothing more is created",
    )


class StartInputSerializer(serializers.Serializer):
    top_seed_colour = serializers.CharField(
        max_length=5,
        default="lot",
        help_text="The top seed's colour in round 1: `white`, `black` or `lot` (drawn by lot)",
    )

    def validate_top_seed_colour(self, value: str) -> str:
        if value not in ("lot", "white", "black"):
            raise serializers.ValidationError(_("Choose white, black or lot."))
        return value


class TieBreakChangeSerializer(serializers.Serializer):
    tie_breaks = serializers.ListField(
        child=serializers.ChoiceField(choices=[code for code, _name in TIE_BREAK_CHOICES]),
        max_length=8,
        help_text="The new list (a started event: the arbiters' change, logged); empty: the usual one",
    )
    reason = serializers.CharField(max_length=2000)


class ConfirmSerializer(serializers.Serializer):
    confirm = confirm_field()


class RegisterInputSerializer(serializers.Serializer):
    name = serializers.CharField(
        max_length=NAME_CHARS,
        help_text="A player's name, or @handle of a stored player; a new name creates one",
    )
    rating = serializers.IntegerField(min_value=0, max_value=4000, required=False, allow_null=True)


class ListInputSerializer(serializers.Serializer):
    players = serializers.CharField(
        max_length=200_000, help_text="One player a line: a name, then optionally his rating"
    )
    preview = serializers.BooleanField(
        default=False, help_text="True: say what the list would register, and register nothing"
    )


class PlannedEntrySerializer(serializers.Serializer):
    line = serializers.IntegerField()
    name = serializers.CharField()
    rating = serializers.IntegerField(allow_null=True)
    new = serializers.BooleanField(source="is_new", help_text="A new player is created for this line")
    handle = serializers.CharField(source="player.handle", default=None, allow_null=True)


class ListPreviewSerializer(serializers.Serializer):
    entries = PlannedEntrySerializer(many=True)
    new_players = serializers.IntegerField()


class WithdrawInputSerializer(serializers.Serializer):
    from_round = serializers.IntegerField(
        min_value=1,
        max_value=50,
        required=False,
        allow_null=True,
        help_text="Default: the next unpaired round",
    )
    confirm = confirm_field()


class ByeInputSerializer(serializers.Serializer):
    player = serializers.CharField(max_length=100, help_text="The player's handle")
    round = serializers.IntegerField(min_value=1, max_value=50)
    kind = serializers.ChoiceField(choices=ByeRequest.Kind.choices, default=ByeRequest.Kind.HALF)


class ByeSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    pairing_number = serializers.IntegerField(source="registration.pairing_number", allow_null=True)
    handle = serializers.CharField(source="registration.player.handle")
    round = serializers.IntegerField(source="round_number")
    kind = serializers.CharField()


class SwissSettingsSerializer(serializers.Serializer):
    max_half_byes = serializers.IntegerField(min_value=0, max_value=50, required=False)
    half_bye_refused_rounds = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=50), required=False
    )
    late_entry_bye = serializers.ChoiceField(choices=SwissSettings.LateEntryBye.choices, required=False)
    bye_points = serializers.IntegerField(
        min_value=0, max_value=20, required=False, help_text="Half-points of the pairing-allocated bye"
    )


class BoardResultSerializer(serializers.Serializer):
    board = serializers.IntegerField(min_value=1, max_value=100_000)
    result = serializers.CharField(
        max_length=40, help_text=f"{written_out(GAME_RESULTS)}; two codes for a 2-game match"
    )


class RoundResultsSerializer(serializers.Serializer):
    results = BoardResultSerializer(many=True, help_text="All saved in one transaction, or none")


class PairingEditSerializer(serializers.Serializer):
    pairs = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField(min_value=1), min_length=2, max_length=2),
        help_text="[white, black] pairing numbers, board by board",
    )
    byes = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField(max_length=10), min_length=2, max_length=2),
        required=False,
        default=list,
        help_text="[pairing number, kind] for each player without a board",
    )
    reason = serializers.CharField(
        max_length=PairingAudit._meta.get_field("reason").max_length,
        required=False,
        allow_blank=True,
        default="",
    )
    preview = serializers.BooleanField(
        default=False, help_text="True: check the rules the boards would break, and save nothing"
    )


class EditCheckSerializer(serializers.Serializer):
    blocking = serializers.ListField(
        child=serializers.CharField(), help_text="Problems that make the boards impossible to store"
    )
    violations = serializers.ListField(
        child=serializers.CharField(), help_text="Pairing rules the boards break (allowed, logged)"
    )
