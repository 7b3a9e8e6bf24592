"""REST API for games played on the service: my games and whose turn it is, a game's position and
legal moves, a move (naming the ply it expects), resigning, draw offers (``games.api.draws``), the
streams of a game and of a player; the arbiter's actions (``games.api.arbitration``), starts and
takebacks (``games.api.starts``) mixed in. Challenges are ``games.api.challenges``.

Thin: ``games.play.service`` checks everything; its refusals are answered by the one exception handler
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
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import mixins, renderers, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from arbiter.engine import Picking
from common.arrival import arrival
from common.pagination import BoundedLimitOffsetPagination
from games.api import moves
from games.api.arbitration import ArbitrationActions
from games.api.draws import SIDE_NAMES, DrawActions
from games.api.fields import game_id
from games.api.starts import StartActions, TakebackBy
from games.live import game_events, player_events
from games.models import Game, Move
from games.play import challenges, draws, endings, flags, lists, picks, service, state


def _seconds(value: timedelta | None) -> float | None:
    return None if value is None else max(value.total_seconds(), 0.0)


class ServiceGameSerializer(TakebackBy, serializers.ModelSerializer):
    """A game on the service: its players, clock, whose turn it is, the ply the next move expects."""

    white = serializers.CharField(source="white.handle", read_only=True)
    black = serializers.CharField(source="black.handle", read_only=True)
    ply = serializers.SerializerMethodField(help_text="Moves played so far: the ply the next move names")
    to_move = serializers.SerializerMethodField(help_text="The handle of the player to move; null once over")
    your_turn = serializers.SerializerMethodField()
    white_seconds = serializers.SerializerMethodField(help_text="White's time left now (null: no clock)")
    black_seconds = serializers.SerializerMethodField(help_text="Black's time left now (null: no clock)")
    draw_offer = serializers.SerializerMethodField(
        help_text="Whose draw offer stands (white, black; null: none, games.play.draws)"
    )
    ending = serializers.SerializerMethodField(help_text='How the game ended, in words ("" while in play)')
    first_move_by = serializers.DateTimeField(
        read_only=True,
        allow_null=True,
        help_text="Before both sides have moved (no clock runs): when the next first move is due, else "
        "a casual game is aborted (an event's is lost by forfeit by the side to move); null once started",
    )
    starts_at = serializers.DateTimeField(
        read_only=True,
        allow_null=True,
        help_text="An event's game: when it starts (its round's start; no move before); null: at once",
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
            "starts_at",
            "takeback_by",
            "finished_at",
            "result",
            "termination",
            "state",
            "draw_offer",
            "ending",
        ]

    def get_ply(self, game: Game) -> int:
        return state.ply_of(game)

    def get_to_move(self, game: Game) -> str | None:
        player = state.player_to_move(game)
        return None if player is None else player.handle

    def get_your_turn(self, game: Game) -> bool:
        player = state.player_to_move(game)
        user = self.context.get("request") and self.context["request"].user
        return player is not None and player.user_id == getattr(user, "pk", None)

    def get_white_seconds(self, game: Game) -> float | None:
        return _seconds(state.clocks_at(game).white)

    def get_black_seconds(self, game: Game) -> float | None:
        return _seconds(state.clocks_at(game).black)

    def get_draw_offer(self, game: Game) -> str | None:
        standing = draws.pending(game) if game.finished_at is None else None
        return None if standing is None else SIDE_NAMES[standing.side]

    def get_ending(self, game: Game) -> str:
        return endings.ending(game)


class PositionSerializer(ServiceGameSerializer):
    """The game, its position text, what each side plays with and the legal moves narrowed by the
    request's ``picked`` (``picks``)."""

    picked = serializers.SerializerMethodField(help_text="The points picked so far (the request's `picked`)")
    holds = serializers.SerializerMethodField(
        help_text="What each side plays with, White's first, in the reader's language, where the sides "
        "own no pieces from the start (LYNGK: the colours each has claimed); null where each side's "
        "pieces are its own colour"
    )
    legal_moves = serializers.SerializerMethodField(
        help_text="The legal moves whose points start with the points picked (all of them when none "
        f"are), in the game's notation; empty when there are more than {picks.MOVES_LISTED} (see "
        "`legal_move_count`): pick points to narrow them"
    )
    legal_move_count = serializers.SerializerMethodField(
        help_text="How many legal moves start with the points picked (0 once play has ended)"
    )
    next_points = serializers.SerializerMethodField(
        help_text="The points that may be picked next on the board (a space, or a piece's kind in the hand)"
    )
    picked_moves = serializers.SerializerMethodField(
        help_text="The legal moves whose points are exactly the points picked (several: a choice the board "
        "does not show; a pass when none are picked)"
    )

    class Meta(ServiceGameSerializer.Meta):
        fields = [
            *ServiceGameSerializer.Meta.fields,
            "position",
            "holds",
            "legal_moves",
            "legal_move_count",
            "picked",
            "next_points",
            "picked_moves",
        ]

    def get_holds(self, game: Game) -> list[str] | None:
        return state.holds(game)

    def _picking(self, game: Game) -> Picking | None:
        cached: dict[int, Picking | None] = self.context.setdefault("picking", {})
        if game.pk not in cached:
            cached[game.pk] = picks.picking(game, self._picked())
        return cached[game.pk]

    def _picked(self) -> tuple[str, ...]:
        request = self.context.get("request")
        return picks.read_picked(request.query_params.get("picked") if request is not None else None)

    def get_legal_moves(self, game: Game) -> list[str]:
        found = self._picking(game)
        return [] if found is None or found.moves is None else [move.notation for move in found.moves]

    def get_picked(self, game: Game) -> list[str]:
        return list(self._picked())

    def get_legal_move_count(self, game: Game) -> int:
        found = self._picking(game)
        return 0 if found is None else found.count

    def get_next_points(self, game: Game) -> list[str]:
        found = self._picking(game)
        return [] if found is None else list(found.next)

    def get_picked_moves(self, game: Game) -> list[str]:
        found = self._picking(game)
        return [] if found is None else [move.notation for move in found.complete]


class MoveSerializer(serializers.ModelSerializer):
    by = serializers.CharField(source="by.username", read_only=True, default=None)
    clock_after_seconds = serializers.SerializerMethodField()
    _at = staticmethod(serializers.DateTimeField().to_representation)  # a time as the API writes it

    class Meta:
        model = Move
        fields = ["ply", "notation", "position", "by", "at", "clock_after_seconds"]

    def get_clock_after_seconds(self, move: Move) -> float | None:
        return _seconds(move.clock_after)

    def to_representation(self, move: Move) -> dict[str, Any]:  # written out: no fields made a move
        values = (move.ply, move.notation, move.position, move.by and move.by.username, self._at(move.at))
        return dict(zip(self.Meta.fields, (*values, _seconds(move.clock_after)), strict=True))


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
    "the arbiter's result, `annulled`, `aborted` or `forfeit`); `clock` when the clocks change (an "
    "arbiter's time); `takeback` when a takeback is asked, "
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
            return lists.service_games_of(self.request.user)
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
        """The game, its flag checked first (``games.play.flags``)."""
        return flags.fall_if_due(super().get_object())

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
        games = lists.filtered(
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
        parameters=[
            OpenApiParameter(
                "picked",
                str,
                description="The points picked on the board so far, comma-separated (`e5,h8`; a piece's "
                "kind in the hand by its letter, `E,e5`): the legal moves offered are those whose points "
                "start with them, with the points that may follow (`next_points`). A game with thousands "
                f"of moves (PÜNCT) lists none beyond {picks.MOVES_LISTED}: pick to narrow them",
            )
        ],
        responses={200: PositionSerializer, 404: OpenApiResponse(description="No such game on the service")},
    )
    def retrieve(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """A game: its players, clocks, position and the legal moves of the player to move, narrowed
        by the points picked (``picked``)."""
        return super().retrieve(request, *args, **kwargs)

    @extend_schema(
        request=moves.MakeMoveSerializer,
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
        """Play a move, naming the ply it expects; the arbiter checks it (the game read once, locked, by
        ``games.play.service.make_move``: its path in docs/play.md, "A move's path")."""
        move, ply = moves.asked(request.data, self.get_object)
        played = service.make_move(game_id(pk), request.user, move, ply, arrival(request))
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
        game = service.resign(self.get_object(), request.user)
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
        return game_events.serve(page_request, [player_events.channel_of(player.pk)])

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
        game = game_events.watchable(self.get_object(), request.user)
        page_request = request._request
        page_request.user = request.user  # the token's user, for the stream's own bookkeeping
        return game_events.stream(page_request, game)
