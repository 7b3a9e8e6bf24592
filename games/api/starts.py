"""The play API's actions before and around a game's first moves (``games.play.aborts``) and takebacks
(``games.play.takebacks``): mixed into ``games.api.play.ServiceGameViewSet``. Thin: the services check
everything; a non-player is 403, a game that takes no such action now 409 naming why."""

from __future__ import annotations

from datetime import timedelta

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from games.models import Game
from games.play import aborts, state, takebacks


def _seconds(value: timedelta | None) -> float | None:
    return None if value is None else max(value.total_seconds(), 0.0)


class TakebackBy(serializers.Serializer):
    """A game's ``takeback_by``: whose takeback request waits for an answer."""

    takeback_by = serializers.SerializerMethodField(
        help_text="The handle of the player whose takeback request waits for an answer, or null"
    )

    def get_takeback_by(self, game: Game) -> str | None:
        side = takebacks.pending(game)
        return None if side is None else (game.white if side == 0 else game.black).handle


class GameStateSerializer(TakebackBy, serializers.ModelSerializer):
    """The game after an abort or a takeback step: its ply, clocks, start and request."""

    ply = serializers.IntegerField(source="plies", read_only=True, help_text="Moves played so far")
    white_seconds = serializers.SerializerMethodField(help_text="White's time left now (null: no clock)")
    black_seconds = serializers.SerializerMethodField(help_text="Black's time left now (null: no clock)")

    class Meta:
        model = Game
        fields = [
            "id",
            "ply",
            "white_seconds",
            "black_seconds",
            "first_move_by",
            "takeback_by",
            "finished_at",
            "result",
            "termination",
            "state",
        ]

    def get_white_seconds(self, game: Game) -> float | None:
        return _seconds(state.clocks_at(game).white)

    def get_black_seconds(self, game: Game) -> float | None:
        return _seconds(state.clocks_at(game).black)


def _responses(conflict: str) -> dict[int, object]:
    return {
        200: GameStateSerializer,
        401: OpenApiResponse(description="Not signed in"),
        403: OpenApiResponse(description="Not a player of the game (or, answering, the player who asked)"),
        404: OpenApiResponse(description="No such game on the service"),
        409: OpenApiResponse(description=conflict),
    }


#: the documentation of both answers to a takeback request (accept, decline)
TAKEBACK_ANSWER = extend_schema(
    request=None,
    responses=_responses("No takeback asked now (a request lapses when a move is played), or a game over"),
)


class StartActions:
    """Abort a casual game not started; ask for a takeback, accept or decline one."""

    def _answer(self, request: Request, game: Game) -> Response:
        return Response(GameStateSerializer(game).data)

    @extend_schema(
        request=None,
        responses=_responses("A game of an event, a game over, or a game started (both sides have moved)"),
    )
    @action(detail=True, methods=["post"])
    def abort(self, request: Request, pk: str | None = None) -> Response:
        """Abort my casual game before both sides have moved: over, with no result."""
        return self._answer(request, aborts.abort(self.get_object(), request.user))  # type: ignore[attr-defined]

    @extend_schema(
        request=None,
        responses=_responses(
            "A game of an event, a game over, the last move not mine, or my request still unanswered"
        ),
    )
    @action(detail=True, methods=["post"])
    def takeback(self, request: Request, pk: str | None = None) -> Response:
        """Ask to take back my move, the last one played (casual games); my opponent answers."""
        return self._answer(request, takebacks.ask(self.get_object(), request.user))  # type: ignore[attr-defined]

    @TAKEBACK_ANSWER
    @action(detail=True, methods=["post"], url_path="takeback/accept", url_name="takeback-accept")
    def takeback_accept(self, request: Request, pk: str | None = None) -> Response:
        """Accept my opponent's takeback request: his last move is taken back, his to play again."""
        return self._takeback_answered(request, accept=True)

    @TAKEBACK_ANSWER
    @action(detail=True, methods=["post"], url_path="takeback/decline", url_name="takeback-decline")
    def takeback_decline(self, request: Request, pk: str | None = None) -> Response:
        """Decline my opponent's takeback request: the move stands."""
        return self._takeback_answered(request, accept=False)

    def _takeback_answered(self, request: Request, *, accept: bool) -> Response:
        game = takebacks.answer(self.get_object(), request.user, accept=accept)  # type: ignore[attr-defined]
        return self._answer(request, game)
