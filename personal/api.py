"""``/api/me/``: what waits for the signed-in user (:func:`what_waits`). The organiser's API of claim codes (``personal.claims``): an event's codes, a new code for one
player (irreversible: the old one stops working, ``confirm``), linking a player to an account by its
user name and removing that link (``confirm``). The same services, policy and questions as the
claim codes page (``personal.views.claim_codes``)."""

from __future__ import annotations

from django.db.models import Q
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.policy import Action, can, play_only, require
from games.models import Challenge, Game
from games.play import state
from games.records.confirmation import can_answer
from personal import claims
from personal.models import ClaimCode
from tournaments.confirmations import Confirmation, require_confirmed
from tournaments.models import Event, Registration
from tournaments.rounds import can_pair_next


class ClaimCodeSerializer(serializers.Serializer):
    handle = serializers.CharField(source="registration.player.handle")
    name = serializers.CharField(source="registration.player.display_name")
    pairing_number = serializers.IntegerField(source="registration.pairing_number", allow_null=True)
    code = serializers.CharField(source="display", help_text="As printed, in groups of four")
    used = serializers.SerializerMethodField(help_text="The code has been used")
    account = serializers.CharField(
        source="registration.player.user.username",
        default=None,
        allow_null=True,
        help_text="The linked account",
    )

    def get_used(self, code: ClaimCode) -> bool:
        return code.used_at is not None


class ClaimCodeActionSerializer(serializers.Serializer):
    action = serializers.ChoiceField(choices=["regenerate", "link", "unlink"])
    username = serializers.CharField(max_length=150, required=False, help_text="`link`: the account to link")
    confirm = serializers.BooleanField(default=False, help_text="`regenerate` and `unlink` need it")


def _codes(event: Event, user: object) -> list[ClaimCode]:
    return claims.codes_of(event, user)


class ClaimCodesView(APIView):
    """``/api/events/{slug}/claim-codes/``: the event's claim codes (its organisers)."""

    @extend_schema(responses=ClaimCodeSerializer(many=True), operation_id="event_claim_codes_list")
    def get(self, request: Request, slug: str) -> Response:
        event = get_object_or_404(Event, slug=slug)
        return Response(ClaimCodeSerializer(_codes(event, request.user), many=True).data)


class ClaimCodeView(APIView):
    """``/api/events/{slug}/claim-codes/{handle}/``: one player's code: a new one, a link, no link."""

    @extend_schema(
        request=ClaimCodeActionSerializer,
        responses=ClaimCodeSerializer,
        operation_id="event_claim_code_change",
    )
    def post(self, request: Request, slug: str, handle: str) -> Response:
        event = get_object_or_404(Event, slug=slug)
        # the right to manage them first, as the page; a refused request creates no code
        require(request.user, Action.MANAGE_CLAIM_CODES, event)
        registration = get_object_or_404(
            Registration.objects.select_related("player"), event=event, player__handle=handle
        )
        data = ClaimCodeActionSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        action, confirm = data.validated_data["action"], data.validated_data["confirm"]
        player = registration.player
        if action == "regenerate":
            asked = Confirmation(
                _("Give %(player)s a new claim code?") % {"player": player},
                [_("The old one will no longer work.")],
            )
            require_confirmed(asked, confirm)
            claims.regenerate(registration, request.user)
        elif action == "link":
            if not data.validated_data.get("username"):
                raise serializers.ValidationError(
                    {"username": [_("enter the user name of the account to link")]}
                )
            claims.link(registration, request.user, data.validated_data["username"])
        else:
            if player.user_id is not None:
                asked = Confirmation(
                    _("Remove the link between %(player)s and the account %(account)s?")
                    % {"player": player, "account": player.user},
                    [_("%(player)s is no longer linked to an account.") % {"player": player}],
                )
                require_confirmed(asked, confirm)
            claims.unlink(registration, request.user)
        claims.code_of(registration, request.user)  # once done: the code exists
        code = ClaimCode.objects.select_related("registration__player__user").get(registration=registration)
        return Response(ClaimCodeSerializer(code).data)


class MeGameSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField(help_text="The game's key")
    white = serializers.CharField(source="white.handle")
    black = serializers.CharField(source="black.handle")
    url = serializers.CharField(help_text="Its page")


class MeChallengeSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    challenger = serializers.CharField(source="challenger.handle")
    game = serializers.CharField()
    time_control = serializers.CharField()


class MeRoundSerializer(serializers.Serializer):
    event = serializers.CharField(source="event.slug")
    name = serializers.CharField(source="event.name")
    number = serializers.IntegerField(help_text="The event's latest round")
    status = serializers.CharField(help_text="pending (being paired), paired (open) or closed")
    deadline = serializers.DateTimeField(allow_null=True)
    can_pair_next = serializers.BooleanField(help_text="An organiser or arbiter may pair the next round now")


class MeSerializer(serializers.Serializer):
    my_move = MeGameSerializer(many=True, help_text="Games on the service where it is my move")
    awaiting_my_confirmation = MeGameSerializer(
        many=True, help_text="Provisional results of my games that I may confirm or dispute"
    )
    open_disputes = MeGameSerializer(
        many=True, help_text="My games (or my events' games) whose result is disputed"
    )
    challenges_received = MeChallengeSerializer(many=True)
    next_rounds = MeRoundSerializer(
        many=True, help_text="The latest round of each running event I play or run"
    )


def _game_row(game: Game) -> dict[str, object]:
    return {
        "id": game.pk,
        "game": game.game,
        "white": game.white,
        "black": game.black,
        "url": game.get_absolute_url(),
    }


def what_waits(user: object) -> dict[str, list[dict[str, object]]]:
    """What waits for the user: the answer of ``GET /api/me/``."""
    player = claims.player_of(user)
    mine = Game.objects.filter(Q(white=player) | Q(black=player)).select_related("white", "black")
    playing = mine.filter(on_service=True, finished_at=None) if player else Game.objects.none()
    provisional = mine.filter(state=Game.State.PROVISIONAL) if player else Game.objects.none()
    ran = (
        Event.objects.filter(Q(organisers=user) | Q(arbiters=user))
        if getattr(user, "pk", None) and not play_only(user)  # a play token reads as a player
        else Event.objects.none()
    )
    played = (
        Event.objects.filter(registrations__player=player, registrations__status="active")
        if player
        else Event.objects.none()
    )
    disputed = (
        Game.objects.filter(disputes__decision__isnull=True, disputes__isnull=False)
        .filter(Q(pk__in=mine.values("pk")) | Q(pairing_game__pairing__round__event__in=ran))
        .distinct()
        .select_related("white", "black")
    )
    running = (ran | played).filter(status=Event.Status.RUNNING).distinct().order_by("name")
    rounds = []
    for event in running:
        latest = event.current_round()
        if latest is not None:
            rounds.append(
                {
                    "event": event,
                    "number": latest.number,
                    "status": latest.status,
                    "deadline": latest.deadline,
                    "can_pair_next": can_pair_next(event, latest) and can(user, Action.MANAGE_EVENT, event),
                }
            )
    return {
        "my_move": [_game_row(g) for g in playing if state.player_to_move(g) == player],
        "awaiting_my_confirmation": [_game_row(g) for g in provisional if can_answer(g, user)],
        "open_disputes": [_game_row(g) for g in disputed],
        "challenges_received": list(
            Challenge.objects.filter(challenged=player, status=Challenge.Status.OPEN).select_related(
                "challenger"
            )
        )
        if player
        else [],
        "next_rounds": rounds,
    }


class MeView(APIView):
    """``/api/me/``: what waits for me, in one request (a bot polls this, not every game)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses=MeSerializer, operation_id="me")
    def get(self, request: Request) -> Response:
        return Response(MeSerializer(what_waits(request.user)).data)
