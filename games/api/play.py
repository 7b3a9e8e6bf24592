"""REST API for games played on the service: my games and whose turn it is, a game's position and
legal moves, a move (naming the ply it expects), resigning, draw offers (``games.api.draws``);
challenges to casual games
(``/api/play/challenges/``: send, accept, decline, withdraw; ``games.challenges`` checks them).

Thin: ``games.play`` checks everything; its refusals are answered by the one exception handler
(``config.errors.api_exception_handler``): a non-player or a player not to move 403, a stale ply,
a finished game or a move after the time ran out 409 (with the current ply and position), an
illegal move 400 naming the ply, the move and the arbiter's reason.
"""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

from django.http import HttpResponseBase
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import mixins, renderers, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from common.arrival import arrival
from config.pagination import BoundedLimitOffsetPagination
from games import challenges, draws, endings, flags, live, play, play_lists, player_events, takebacks
from games import options as game_options
from games.api.arbitration import ArbitrationActions
from games.api.draws import SIDE_NAMES, DrawActions
from games.api.fields import OptionsMixin
from games.api.starts import StartActions
from games.choices import game_name
from games.models import Challenge, Game, Move


def _seconds(value: timedelta | None) -> float | None:
    return None if value is None else max(value.total_seconds(), 0.0)


class ServiceGameSerializer(serializers.ModelSerializer):
    """A game on the service: its players, clock, whose turn it is, the ply the next move expects."""

    white = serializers.CharField(source="white.handle", read_only=True)
    black = serializers.CharField(source="black.handle", read_only=True)
    ply = serializers.SerializerMethodField(help_text="Moves played so far: the ply the next move names")
    to_move = serializers.SerializerMethodField(help_text="The handle of the player to move; null once over")
    your_turn = serializers.SerializerMethodField()
    white_seconds = serializers.SerializerMethodField(help_text="White's time left now (null: no clock)")
    black_seconds = serializers.SerializerMethodField(help_text="Black's time left now (null: no clock)")
    draw_offer = serializers.SerializerMethodField(
        help_text="Whose draw offer stands (white, black; null: none, games.draws)"
    )
    ending = serializers.SerializerMethodField(help_text='How the game ended, in words ("" while in play)')
    first_move_by = serializers.DateTimeField(
        read_only=True,
        allow_null=True,
        help_text="Before both sides have moved (no clock runs): when the next first move is due, else "
        "a casual game is aborted (an event's has its clock started); null once started",
    )
    takeback_by = serializers.SerializerMethodField(
        help_text="The handle of the player whose takeback request waits for an answer, or null"
    )

    class Meta:
        model = Game
        fields = [
            "id",
            "game",
            "white",
            "black",
            "rated",
            "time_control",
            "ply",
            "to_move",
            "your_turn",
            "white_seconds",
            "black_seconds",
            "first_move_by",
            "takeback_by",
            "finished_at",
            "result",
            "termination",
            "state",
            "draw_offer",
            "ending",
        ]

    def get_ply(self, game: Game) -> int:
        return play.ply_of(game)

    def get_to_move(self, game: Game) -> str | None:
        player = play.player_to_move(game)
        return None if player is None else player.handle

    def get_your_turn(self, game: Game) -> bool:
        player = play.player_to_move(game)
        user = self.context.get("request") and self.context["request"].user
        return player is not None and player.user_id == getattr(user, "pk", None)

    def get_takeback_by(self, game: Game) -> str | None:
        side = takebacks.pending(game)
        return None if side is None else (game.white if side == 0 else game.black).handle

    def get_white_seconds(self, game: Game) -> float | None:
        return _seconds(play.clocks_at(game).white)

    def get_black_seconds(self, game: Game) -> float | None:
        return _seconds(play.clocks_at(game).black)

    def get_draw_offer(self, game: Game) -> str | None:
        standing = draws.pending(game) if game.finished_at is None else None
        return None if standing is None else SIDE_NAMES[standing.side]

    def get_ending(self, game: Game) -> str:
        return endings.ending(game)


class PositionSerializer(ServiceGameSerializer):
    """The game with its position text and the moves the player to move may send."""

    legal_moves = serializers.SerializerMethodField()

    class Meta(ServiceGameSerializer.Meta):
        fields = [*ServiceGameSerializer.Meta.fields, "position", "legal_moves"]

    def get_legal_moves(self, game: Game) -> list[str]:
        return play.legal_moves(game)


class MoveSerializer(serializers.ModelSerializer):
    by = serializers.CharField(source="by.username", read_only=True, default=None)
    clock_after_seconds = serializers.SerializerMethodField()

    class Meta:
        model = Move
        fields = ["ply", "notation", "position", "by", "at", "clock_after_seconds"]

    def get_clock_after_seconds(self, move: Move) -> float | None:
        return _seconds(move.clock_after)


class MakeMoveSerializer(serializers.Serializer):
    move = serializers.CharField(max_length=play.MAX_MOVE_CHARS, help_text="In the game's record notation")
    expected_ply = serializers.IntegerField(
        min_value=0, help_text="The game's ply as the mover saw it (moves played so far)"
    )


def refused_move(game: Game, sent: object, errors: Any) -> play.PlayError:
    """A move request the serializer refuses (no ``expected_ply``, no move) answered in the shape of
    an illegal move: the ply the move would have, the move text sent, the reason, and the fields."""
    name, messages = next(iter(errors.items()))
    reason = str(messages[0])
    move = sent.get("move", "") if isinstance(sent, dict) else ""
    return play.PlayError(
        f"{name}: {reason}",
        code="invalid",
        ply=play.ply_of(game) + 1,
        move=str(move)[: play.MAX_MOVE_CHARS],
        reason=reason,
        fields=errors,
    )


class EventStreamRenderer(renderers.BaseRenderer):
    """``text/event-stream``: the stream itself is django-eventstream's response; an error before it
    starts (401, 404, 400) is answered as JSON, ``application/json`` (``ServiceGameViewSet.handle_exception``),
    as the schema documents every error."""

    media_type = "text/event-stream"
    format = "sse"
    charset = "utf-8"

    def render(
        self, data: Any, accepted_media_type: str | None = None, renderer_context: Any = None
    ) -> bytes:
        if isinstance(data, bytes):
            return data
        return json.dumps(data).encode()


EVENTS_DESCRIPTION = (
    "Server-sent events of the game: `move` when a move is stored (the one that ends the game too), "
    "then `end` when play ends, each with the game's state as JSON (`game`, `ply`, `move`, `to_move` "
    "0 White / 1 Black / null, `white_seconds`, `black_seconds`, `over`, and once over `result`, "
    "`winner` 0 / 1 / null, `how`: the termination, and `ending`: the rules' result, `resign`, `time`, "
    "the arbiter's result, `annulled` or `aborted`); `clock` when the clocks change (an arbiter's time, "
    "an event game's clock started when a first move was due); `takeback` when a takeback is asked, "
    "declined or accepted (`takeback`: the step, `side`: who asked, with the game's state); `draw` when a "
    "draw is offered, declined or lapses (`offer`: 0 / 1 / null, whose offer stands; `answer`: `offered`, "
    "`declined`, `lapsed`); `stream-open` first and `keep-alive` every 20 seconds. Each event has an id "
    "(`game-7:3`): reconnecting with the header `Last-Event-ID` (or `?lastEventId=`) replays the "
    "events missed since, in order; events are kept 24 hours, and an older id opens the stream with "
    "`stream-reset` (read the game's state instead). Anyone may follow a game "
    "(token, session or none). Served by the ASGI server of the scaled setup; a server that does "
    "not serve streams answers 204 at once: then poll `GET /api/play/{id}/`."
)

PLAYER_EVENTS_DESCRIPTION = (
    "Server-sent events of the signed-in user's player, for a bot or a client playing all his games "
    "without polling: `challenge` (sent to him or by him), `challenge-accepted` (with `game`), "
    "`challenge-declined`, `challenge-withdrawn`, `game-start`, `your-move` (in any of his games: "
    "`game`, `ply`, the last `move`, `to_move`), `draw` (a draw offered, declined or lapsed in one of "
    "his games: `game`, `ply`, `offer`, `answer`), `game-end` (the game's end event, an abort too) and "
    "`takeback` (the opponent asked to take back a move, or answered my request). Stored and "
    "resumed as a game's stream (`Last-Event-ID`, ids `player-12:5`); 503 with `Retry-After` when the "
    "server holds as many streams as it can; 204 from a server that serves no streams."
)


CONFLICT = OpenApiResponse(
    description="A stale ply (the answer carries the current `ply` and `position`), a finished game, "
    "or the mover's time ran out (the game is then lost on time)"
)


class ServiceGameViewSet(
    ArbitrationActions,
    DrawActions,
    StartActions,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    viewsets.GenericViewSet,
):
    """Games played on the service: the list is mine (the signed-in user's player's), any one may be
    watched, its players play it, its officials give time, adjudicate or annul it
    (``games.api.arbitration``)."""

    serializer_class = ServiceGameSerializer
    pagination_class = BoundedLimitOffsetPagination

    def get_queryset(self):  # type: ignore[no-untyped-def]
        if self.action == "list":
            return play.service_games_of(self.request.user)
        # anyone may watch a game; the policy decides who may play it (a non-player: 403)
        return Game.objects.filter(on_service=True).select_related("white", "black")

    def handle_exception(self, exc: Exception) -> Response:
        """An error of a stream (not signed in, no such game, no player) is answered as JSON,
        whatever the stream's client accepts: it is no event."""
        if isinstance(getattr(self.request, "accepted_renderer", None), EventStreamRenderer):
            self.request.accepted_renderer = renderers.JSONRenderer()
            self.request.accepted_media_type = "application/json"
        return super().handle_exception(exc)

    def get_object(self) -> Game:
        """The game, its flag checked first (``games.flags``) unless the reader is its player to
        move sending a move (judged at its arrival by ``games.play.make_move``)."""
        game = super().get_object()
        return flags.fall_if_due(game, mover=self.request.user if self.action == "move" else None)

    @extend_schema(
        parameters=[
            OpenApiParameter("state", str, enum=["active", "finished"], description="Games in play, or over"),
            OpenApiParameter(
                "turn", str, enum=["mine", "theirs"], description="Games in play where I am to move, or not"
            ),
            OpenApiParameter("opponent", str, description="Games against this player (his handle)"),
        ],
        responses={
            200: ServiceGameSerializer(many=True),
            400: OpenApiResponse(description="A filter's value that is not one of its choices"),
        },
    )
    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """My games on the service, newest first, paged (``limit``, ``offset``) and filtered; their
        flags checked (a game lost on time is shown over)."""
        games = play_lists.filtered(
            self.get_queryset(),
            request.user,
            state=request.query_params.get("state", ""),
            turn=request.query_params.get("turn", ""),
            opponent=request.query_params.get("opponent", ""),
        )
        page = [flags.fall_if_due(game) for game in self.paginate_queryset(games) or []]
        return self.get_paginated_response(self.get_serializer(page, many=True).data)

    def get_serializer_class(self):  # type: ignore[no-untyped-def]
        return PositionSerializer if self.action == "retrieve" else ServiceGameSerializer

    @extend_schema(
        request=MakeMoveSerializer,
        responses={
            201: MoveSerializer,
            400: OpenApiResponse(description="The arbiter refused the move: `ply`, `move`, `reason`"),
            401: OpenApiResponse(description="Not signed in"),
            403: OpenApiResponse(description="Not a player of the game, or not the player to move"),
            404: OpenApiResponse(description="No such game on the service"),
            409: CONFLICT,
        },
    )
    @action(detail=True, methods=["post"])
    def move(self, request: Request, pk: str | None = None) -> Response:
        """Play a move, naming the ply it expects; the arbiter checks it."""
        game = self.get_object()
        data = MakeMoveSerializer(data=request.data)
        if not data.is_valid():
            raise refused_move(game, request.data, data.errors)
        played = play.make_move(
            game,
            request.user,
            data.validated_data["move"],
            data.validated_data["expected_ply"],
            arrival(request),
        )
        return Response(MoveSerializer(played).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        request=None,
        responses={
            200: ServiceGameSerializer,
            401: OpenApiResponse(description="Not signed in"),
            403: OpenApiResponse(description="Not a player of the game, or not the player to move"),
            404: OpenApiResponse(description="No such game on the service"),
            409: CONFLICT,
        },
    )
    @action(detail=True, methods=["post"])
    def resign(self, request: Request, pk: str | None = None) -> Response:
        """The player to move resigns: the game is his loss."""
        game = play.resign(self.get_object(), request.user)
        return Response(ServiceGameSerializer(game, context={"request": request}).data)

    @extend_schema(
        operation_id="play_player_events",
        description=PLAYER_EVENTS_DESCRIPTION,
        responses={
            (200, "text/event-stream"): OpenApiResponse(OpenApiTypes.STR, description="The event stream"),
            204: OpenApiResponse(description="This server serves no streams"),
            401: OpenApiResponse(description="Not signed in"),
            400: OpenApiResponse(description="The account is not linked to a player"),
            503: OpenApiResponse(description="The server holds as many streams as it can: retry later"),
        },
    )
    @action(
        detail=False,
        methods=["get"],
        url_path="events",
        url_name="player-events",
        permission_classes=[IsAuthenticated],
        renderer_classes=[renderers.JSONRenderer, EventStreamRenderer],
    )
    def player_events(self, request: Request) -> HttpResponseBase:
        """Follow all my play live: challenges, games started, my moves to make, games ended."""
        player = challenges.player_of(request.user)
        page_request = request._request
        page_request.user = request.user
        return live.serve(page_request, [player_events.channel_of(player.pk)])

    @extend_schema(
        description=EVENTS_DESCRIPTION,
        responses={
            (200, "text/event-stream"): OpenApiResponse(OpenApiTypes.STR, description="The event stream"),
            204: OpenApiResponse(description="This server serves no streams: poll the game instead"),
            404: OpenApiResponse(description="No such game on the service"),
        },
    )
    @action(detail=True, methods=["get"], renderer_classes=[renderers.JSONRenderer, EventStreamRenderer])
    def events(self, request: Request, pk: str | None = None) -> HttpResponseBase:
        """Follow the game live: its moves, clocks and end as server-sent events."""
        game = live.watchable(self.get_object(), request.user)
        page_request = request._request
        page_request.user = request.user  # the token's user, for the stream's own bookkeeping
        return live.stream(page_request, game)


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
    game = serializers.CharField(max_length=40, help_text="A game key of the registry, variant included")
    time_control = serializers.CharField(
        max_length=20,
        required=False,
        allow_blank=True,
        default="",
        help_text="5+3, 3d/15d, or empty: no clock",
    )
    rated = serializers.BooleanField(required=False, default=False)
    colour = serializers.CharField(
        max_length=20,
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
        data = NewChallengeSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        given = data.validated_data
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
