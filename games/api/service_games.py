"""The serializers of a game played on the service as the play API reads it: its players, clock and
whose turn it is (:class:`ServiceGameSerializer`, the list's), and with its position and the legal
moves of the player to move, narrowed by the points picked (:class:`PositionSerializer`, a game's
read: ``?picked=``, ``games.picks``)."""

from __future__ import annotations

from datetime import timedelta

from rest_framework import serializers

from arbiter.engine import Picking
from games import draws, endings, picks, play, takebacks
from games.api.draws import SIDE_NAMES
from games.models import Game


def seconds_of(value: timedelta | None) -> float | None:
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
        return seconds_of(play.clocks_at(game).white)

    def get_black_seconds(self, game: Game) -> float | None:
        return seconds_of(play.clocks_at(game).black)

    def get_draw_offer(self, game: Game) -> str | None:
        standing = draws.pending(game) if game.finished_at is None else None
        return None if standing is None else SIDE_NAMES[standing.side]

    def get_ending(self, game: Game) -> str:
        return endings.ending(game)


class PositionSerializer(ServiceGameSerializer):
    """The game with its position text and the moves the player to move may send: those whose
    points on the board start with the points picked (the request's ``picked``, ``games.picks``)."""

    picked = serializers.SerializerMethodField(help_text="The points picked so far (the request's `picked`)")
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
            "legal_moves",
            "legal_move_count",
            "picked",
            "next_points",
            "picked_moves",
        ]

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
