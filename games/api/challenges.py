"""REST API of challenges to casual games (``/api/play/challenges/``): mine, sent or received, and
the open ones; send one (to a player by name, or open), accept, decline, withdraw.

Thin: ``games.play.challenges`` checks everything (who may, the game, the time control, the colour,
the start options); its refusals are answered by the one exception handler. An accepted challenge
answers with the game created, as the play API shows it (``games.api.play.ServiceGameSerializer``).
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from common.schema import valid
from games import options as game_options
from games.api.fields import OptionsMixin
from games.api.play import ServiceGameSerializer
from games.choices import game_name
from games.models import Challenge
from games.play import challenges


class ChallengeSerializer(OptionsMixin, serializers.ModelSerializer):
    """A challenge to a casual game: who, which game, how, its state, and the game once accepted."""

    challenger = serializers.CharField(source="challenger.handle", read_only=True)
    challenged = serializers.CharField(
        source="challenged.handle",
        read_only=True,
        allow_null=True,
        default=None,
        help_text="Null: an open challenge, which any other player may accept",
    )
    game_id = serializers.IntegerField(
        source="played_id", read_only=True, allow_null=True, help_text="The game created on acceptance"
    )
    challenger_name = serializers.CharField(source="challenger.display_name", read_only=True)
    challenged_name = serializers.CharField(
        source="challenged.display_name", read_only=True, allow_null=True, default=None
    )
    game_name = serializers.SerializerMethodField(help_text="The game's name, in the request's language")

    class Meta:
        model = Challenge
        fields = [
            "id",
            "challenger",
            "challenger_name",
            "challenged",
            "challenged_name",
            "game",
            "game_name",
            "time_control",
            "rated",
            "colour",
            "status",
            "created_at",
            "answered_at",
            "game_id",
        ]

    def get_game_name(self, found: Challenge) -> str:
        return game_name(found.game)


class NewChallengeSerializer(OptionsMixin, serializers.Serializer):
    """A challenge to send, with the start options its game declares (each by name; empty: the
    variant's own)."""

    options_read_only = False

    opponent = serializers.CharField(
        max_length=80,
        required=False,
        allow_blank=True,
        allow_null=True,
        default="",
        help_text="The handle (or name) of the player challenged; empty or null: an open challenge, "
        "which the first other player to accept plays",
    )
    game = serializers.CharField(
        max_length=Challenge._meta.get_field("game").max_length,
        help_text="A game key of the registry, variant included",
    )
    time_control = serializers.CharField(
        max_length=20,
        required=False,
        allow_blank=True,
        default="",
        help_text="5+3, 3d/15d, or empty: no clock",
    )
    rated = serializers.BooleanField(required=False, default=False)
    colour = serializers.CharField(
        max_length=Challenge._meta.get_field("colour").max_length,
        required=False,
        default="random",
        help_text="The challenger's colour: white, black or random",
    )


def _challenge_errors(extra: dict[int, object]) -> dict[int, object]:
    return {
        401: OpenApiResponse(description="Not signed in"),
        404: OpenApiResponse(description="No such challenge of yours"),
        409: OpenApiResponse(description="The challenge was answered or withdrawn already"),
        **extra,
    }


@extend_schema_view(
    list=extend_schema(
        parameters=[
            OpenApiParameter(
                "to",
                str,
                enum=list(challenges.LISTED_TO),
                description="Only those sent to me by name (me), or only open ones (anyone)",
            ),
            OpenApiParameter(
                "status", str, enum=list(Challenge.Status.values), description="Only in this state"
            ),
        ],
        responses={
            200: ChallengeSerializer(many=True),
            400: OpenApiResponse(description="An unknown filter, named"),
            401: OpenApiResponse(description="Not signed in"),
        },
    ),
    retrieve=extend_schema(
        responses={
            200: ChallengeSerializer,
            401: OpenApiResponse(description="Not signed in"),
            404: OpenApiResponse(description="No such challenge of yours"),
        }
    ),
)
class ChallengeViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Challenges to casual games on the service: mine, sent or received, and the open ones any
    player may accept; send one (to a player, or open), accept or decline one sent to me, accept an
    open one of another player (the first to accept plays: a second acceptance is a 409), withdraw
    one of mine."""

    serializer_class = ChallengeSerializer
    pagination_class = None
    permission_classes = [IsAuthenticated]

    def get_queryset(self):  # type: ignore[no-untyped-def]
        if self.action != "list":
            return challenges.challenges_of(self.request.user)
        query = self.request.query_params
        return challenges.listed(self.request.user, query.get("to", ""), query.get("status", ""))

    @extend_schema(
        request=NewChallengeSerializer,
        responses={
            201: ChallengeSerializer,
            400: OpenApiResponse(
                description="An unknown player, oneself, a player without an account, an unknown game, "
                "a bad time control or colour, a start option the game does not take (named), or an "
                "account without a player"
            ),
            401: OpenApiResponse(description="Not signed in"),
        },
    )
    def create(self, request: Request) -> Response:
        """Challenge a player to a casual game."""
        data = valid(NewChallengeSerializer, request)
        given = data
        sent = challenges.challenge(
            request.user,
            given["opponent"],
            given["game"],
            given["time_control"],
            given["rated"],
            given["colour"],
            {name: given[name] for name in game_options.every_option() if name in given},
        )
        return Response(ChallengeSerializer(sent).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        request=None,
        responses=_challenge_errors(
            {
                201: ServiceGameSerializer,
                400: OpenApiResponse(
                    description="One's own open challenge, or an account without a player (named)"
                ),
                403: OpenApiResponse(description="Not the player challenged"),
            }
        ),
    )
    @action(detail=True, methods=["post"])
    def accept(self, request: Request, pk: str | None = None) -> Response:
        """Accept a challenge sent to me, or an open one: the game is created, its clock running."""
        game = challenges.accept(self.get_object(), request.user)
        return Response(
            ServiceGameSerializer(game, context={"request": request}).data, status=status.HTTP_201_CREATED
        )

    @extend_schema(
        request=None,
        responses=_challenge_errors(
            {
                200: ChallengeSerializer,
                400: OpenApiResponse(description="An open challenge, which is not declined"),
                403: OpenApiResponse(description="Not the player challenged"),
            }
        ),
    )
    @action(detail=True, methods=["post"])
    def decline(self, request: Request, pk: str | None = None) -> Response:
        """Decline a challenge sent to me."""
        return Response(ChallengeSerializer(challenges.decline(self.get_object(), request.user)).data)

    @extend_schema(
        request=None,
        responses=_challenge_errors(
            {200: ChallengeSerializer, 403: OpenApiResponse(description="Not the challenger")}
        ),
    )
    @action(detail=True, methods=["post"])
    def withdraw(self, request: Request, pk: str | None = None) -> Response:
        """Withdraw a challenge of mine."""
        return Response(ChallengeSerializer(challenges.withdraw(self.get_object(), request.user)).data)
