"""REST API for games: games and their submissions, record submission (or, where the event allows
it, a result without a record), the opponent's confirmation or dispute, the arbiter's decision, and
a stateless replay check.

The endpoints check nothing themselves: the services do (who may: ``accounts.policy``), and their
refusals become answers in the one exception handler (``config.errors.api_exception_handler``): a
refused permission 403, a conflict 409, any other ``ServiceError`` 400, with the message.
"""

from __future__ import annotations

from typing import cast

from django.db.models import Model
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_field
from rest_framework import serializers, status, viewsets
from rest_framework.decorators import action, api_view, permission_classes
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.policy import Action, require
from arbiter import registry
from arbiter.errors import ArbiterError
from common.answers import error_body
from common.client import client_address
from common.schema import NOT_AN_OFFICIAL, valid, write_action
from games import origins
from games.api.fields import GameChoiceField, RecordField
from games.messages import arbiter_description, arbiter_message
from games.models import Decision, Game, SubmittedRecord
from games.records import confirmation, decisions, downloads, reports, services
from games.records.confirmation import MAX_REASON_CHARS
from games.results import GAME_RESULTS, PLAYED_RESULTS


class GameSerializer(serializers.ModelSerializer):
    # Where the game stands in its event, as its origin says (``games.origins.Place``).
    event = serializers.CharField(source="place.event", read_only=True)
    round = serializers.IntegerField(source="place.round", read_only=True)
    board = serializers.IntegerField(source="place.board", read_only=True)
    number = serializers.IntegerField(
        source="place.number",
        required=False,
        min_value=0,
        max_value=2**63 - 1,  # as the model column showed
    )
    white = serializers.CharField(source="white.handle", read_only=True)
    black = serializers.CharField(source="black.handle", read_only=True)

    game = GameChoiceField(read_only=True)

    class Meta:
        model = Game
        fields = [
            "id",
            "event",
            "round",
            "board",
            "number",
            "game",
            "white",
            "black",
            "result",
            "state",
            "termination",
            "plies",
            "score",
            "record",
            "verified_at",
        ]


class RecordErrorSerializer(serializers.Serializer):
    """Why the arbiter refused a record: the ply (1-based), the move as written, the reason (in the
    request's language; the move inside it as written)."""

    ply = serializers.IntegerField(allow_null=True)
    move = serializers.CharField(allow_null=True)
    reason = serializers.CharField()


class SubmittedRecordSerializer(serializers.ModelSerializer):
    error = serializers.SerializerMethodField()

    class Meta:
        model = SubmittedRecord
        fields = [
            "id",
            "game",
            "kind",
            "status",
            "submitted_at",
            "by_official",
            "official",
            "applied",
            "note",
            "error",
            "verdict",
        ]

    @extend_schema_field(RecordErrorSerializer(allow_null=True))
    def get_error(self, record: SubmittedRecord) -> dict[str, object] | None:
        if record.status != SubmittedRecord.Status.INVALID:
            return None
        return {"ply": record.error_ply, "move": record.error_move or None, "reason": record.reason_message()}


# A submission's answer: the serializer's fields built once a process (a model serializer builds them
# from the model's fields each time), each answer written by them.
_SUBMITTED = SubmittedRecordSerializer()


class VisiblePairingField(serializers.PrimaryKeyRelatedField):
    """A pairing the requesting user may see: a draft round's board is refused as one that does not exist.
    What holds games is the model registered as ``pairing`` (``games.origins.holder_model``); its app
    says which the user may see (``games.origins.Origin.visible_to``: the games app imports no event module)."""

    def get_queryset(self):  # type: ignore[no-untyped-def]
        request = self.context.get("request")
        return origins.holders_visible_to(_holder_model(), getattr(request, "user", None))

    def to_internal_value(self, data: object) -> object:
        # the one pairing read and its visibility judged on it (a draft round's: a question to the
        # database only then), where a query of every visible pairing costs as much as the rest
        request = self.context.get("request")
        if isinstance(data, bool):
            self.fail("incorrect_type", data_type=type(data).__name__)
        try:
            found = origins.holder_visible_to(_holder_model(), data, getattr(request, "user", None))
        except (TypeError, ValueError):
            self.fail("incorrect_type", data_type=type(data).__name__)
        if found is None:
            self.fail("does_not_exist", pk_value=data)
        return found


def _holder_model() -> type[Model]:
    return cast("type[Model]", origins.holder_model("pairing"))


class SubmitSerializer(serializers.Serializer):
    # the manager (what the schema reads the key from), not a queryset, which each request would copy
    pairing = VisiblePairingField(queryset=_holder_model()._default_manager)
    game_number = serializers.IntegerField(default=1, min_value=1, max_value=2)
    record = RecordField(
        max_length=services.MAX_RECORD_CHARS,
        trim_whitespace=False,
        required=False,
        help_text="The game's record (tag pairs and moves); give either this or `result`",
    )
    result = serializers.ChoiceField(
        choices=PLAYED_RESULTS,
        required=False,
        help_text="A result without a record, where the event allows unrecorded games; a player's "
        "needs the opponent's or an arbiter's confirmation, an official's is official at once",
    )

    def validate(self, attrs: dict[str, object]) -> dict[str, object]:
        if ("record" in attrs) == ("result" in attrs):
            raise serializers.ValidationError(_("give either a record or a result, not both"))
        return attrs


class DisputeSerializer(serializers.Serializer):
    reason = serializers.CharField(
        required=False, allow_blank=True, default="", max_length=MAX_REASON_CHARS, help_text="Why (required)"
    )


class DecideSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=decisions.DECISION_KINDS)
    submission = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        help_text="For kind 'submission': the one made official",
    )
    result = serializers.ChoiceField(
        choices=GAME_RESULTS, required=False, allow_blank=True, default="", help_text="For the other kinds"
    )
    reason = serializers.CharField(
        required=False, allow_blank=True, default="", max_length=MAX_REASON_CHARS, trim_whitespace=True
    )


class DecisionSerializer(serializers.ModelSerializer):
    decided_by = serializers.CharField(source="decided_by.username", read_only=True, default=None)

    class Meta:
        model = Decision
        fields = ["id", "game", "kind", "submission", "result", "reason", "decided_by", "decided_at"]


class GameRecordSerializer(serializers.Serializer):
    """A game's record as downloaded (``games.records.downloads``): in its own notation, with its tags."""

    game = serializers.IntegerField(help_text="The game's id")
    filename = serializers.CharField(help_text="The name `/games/{id}/record.txt` gives the file")
    record = serializers.CharField(
        help_text="The record: tags (Event, Round and Board of a game of an event, Date, White, Black, "
        "TimeControl, Result, Termination, the game's own) and moves, as the arbiter reads it"
    )


class ReplaySerializer(serializers.Serializer):
    record = RecordField(max_length=services.MAX_RECORD_CHARS, trim_whitespace=False)
    game = GameChoiceField(required=False)


NOT_THE_OPPONENT = "Not the opponent of the player who submitted the result"


class GameViewSet(viewsets.ReadOnlyModelViewSet):
    queryset = Game.objects.all()
    serializer_class = GameSerializer

    def get_queryset(self):  # type: ignore[no-untyped-def]
        """The games with what their origins show of them, in the origins' order (``games.origins``)."""
        return origins.ordered(origins.with_place(Game.objects.all()))

    @extend_schema(
        request=SubmitSerializer,
        responses={
            202: OpenApiResponse(SubmittedRecordSerializer, description="Stored; the arbiter verifies it"),
            201: OpenApiResponse(
                SubmittedRecordSerializer,
                description="A result without a record, stored and applied (kind `result`)",
            ),
            200: OpenApiResponse(
                SubmittedRecordSerializer,
                description="The same record (or the same result from the same user) was already submitted",
            ),
            403: OpenApiResponse(
                description="Not a player of the game nor an official of the event, or a result "
                "without a record in an event that does not allow it"
            ),
            409: OpenApiResponse(
                description="A result without a record for a game that takes none: the round is "
                "closed or not published, a bye, or the game's result rests on a record, is official "
                "or disputed"
            ),
        },
    )
    @action(detail=False, methods=["post"])
    def submit(self, request: Request) -> Response:
        """Submit a record for a pairing's game; the arbiter verifies it (in a Celery task). Or, where
        the event allows unrecorded games, submit a `result` alone: a player's is provisional until
        the opponent confirms it or an arbiter decides, an official's is official at once."""
        data = valid(SubmitSerializer, request, request=request)
        if "result" in data:
            return _report(request, data)
        record = services.submit_record(
            data["pairing"],
            request.user,
            data["record"],
            data["game_number"],
            client_address(request) or None,
        )
        code = status.HTTP_200_OK if record.repeated else status.HTTP_202_ACCEPTED
        return Response(_SUBMITTED.to_representation(record), status=code)

    @extend_schema(responses={200: SubmittedRecordSerializer(many=True)})
    @action(detail=True, methods=["get"], pagination_class=None)
    def submissions(self, request: Request, pk: str | None = None) -> Response:
        """Every submission of the game, newest first, with the arbiter's verdict and which is official."""
        game = self.get_object()
        return Response(SubmittedRecordSerializer(game.submissions.all(), many=True).data)

    @extend_schema(
        responses={
            200: GameRecordSerializer,
            404: OpenApiResponse(description="No such game, or a game without a record (a result alone)"),
        },
    )
    @action(detail=True, methods=["get"], pagination_class=None)
    def record(self, request: Request, pk: str | None = None) -> Response:
        """The game's record with its tags, as `/games/{id}/record.txt` gives it: the accepted record,
        or for a game played on the service without one yet the moves so far. Whoever may see the
        game may read it."""
        game = self.get_object()
        text = downloads.record_text(game)
        if text is None:
            raise NotFound(_("this game has no accepted record"))
        return Response({"game": game.pk, "filename": downloads.filename(game), "record": text})

    @write_action(
        None,
        {200: GameSerializer},
        bad="Nothing to confirm (no provisional result, round closed)",
        forbidden=NOT_THE_OPPONENT,
        signed_out=None,
    )
    def confirm(self, request: Request, pk: str | None = None) -> Response:
        """The opponent confirms the game's provisional result."""
        return Response(GameSerializer(confirmation.confirm(self.get_object(), request.user)).data)

    @write_action(
        DisputeSerializer,
        {200: GameSerializer},
        bad="No reason, or nothing to dispute (round closed, no provisional result)",
        forbidden=NOT_THE_OPPONENT,
        signed_out=None,
    )
    def dispute(self, request: Request, pk: str | None = None) -> Response:
        """The opponent disputes the game's provisional result with a reason; the arbiter decides."""
        reason = valid(DisputeSerializer, request)["reason"]
        opened = confirmation.dispute(self.get_object(), request.user, reason)
        return Response(GameSerializer(opened.game).data)

    @write_action(
        DecideSerializer,
        {201: DecisionSerializer},
        bad="An inconsistent decision, a second one, or a closed round",
        forbidden=NOT_AN_OFFICIAL,
        signed_out=None,
    )
    def decide(self, request: Request, pk: str | None = None) -> Response:
        """The arbiter's final decision: a submission made official, or a result with a reason."""
        game = self.get_object()
        require(request.user, Action.DECIDE_RESULT, game)
        data = valid(DecideSerializer, request)
        decision = decisions.decide(
            game,
            request.user,
            kind=data["kind"],
            submission_id=data["submission"],
            result=data["result"],
            reason=data["reason"],
        )
        return Response(DecisionSerializer(decision).data, status=status.HTTP_201_CREATED)


def _report(request: Request, data: dict[str, object]) -> Response:
    """A result without a record: 201 stored, 200 repeated (refused: 403 / 409 / 400 by the handler)."""
    report = reports.report_result(
        data["pairing"],  # type: ignore[arg-type]
        request.user,
        str(data["result"]),
        int(data["game_number"]),  # type: ignore[call-overload]
        client_address(request) or None,
    )
    code = status.HTTP_200_OK if report.repeated else status.HTTP_201_CREATED
    return Response(SubmittedRecordSerializer(report).data, status=code)


class SubmittedRecordViewSet(viewsets.ReadOnlyModelViewSet):
    queryset = SubmittedRecord.objects.all()
    serializer_class = SubmittedRecordSerializer


@extend_schema(
    request=ReplaySerializer,
    responses={
        200: dict,
        400: OpenApiResponse(
            description="A malformed request, or a record the arbiter cannot read: then `code` is the "
            "arbiter's kind (`unreadable`, `invalid_record`, `unknown_game` ...), `ply`, `move` and "
            "`reason` say where and why, and the body also has `valid`: false and the arbiter's "
            "`error` (as `python -m arbiter replay --json`, with its `message`)"
        ),
    },
)
@api_view(["POST"])
@permission_classes([AllowAny])
def replay(request: Request) -> Response:
    """Replay a record without storing it: the arbiter's verdict as ``python -m arbiter replay --json``,
    its error with a ``message``: the reason in the request's language."""
    data = ReplaySerializer(data=request.data)
    data.is_valid(raise_exception=True)
    try:
        verdict = registry.replay(data.validated_data["record"], data.validated_data.get("game"))
    except ArbiterError as exc:
        return Response(_unreadable(exc), status=status.HTTP_400_BAD_REQUEST)
    result = verdict.to_json()
    if verdict.error is not None:
        result["error"] = {**verdict.error.to_json(), "message": arbiter_message(verdict.error)}
    return Response(result)


def _unreadable(exc: ArbiterError) -> dict[str, object]:
    """A record the arbiter refuses to replay, in the API's one error body, with the verdict's own
    members (``valid``, ``error``) beside it."""
    reason = arbiter_message(exc)
    where = {"ply": exc.ply, "move": exc.move, "reason": reason}
    where = {key: value for key, value in where.items() if value is not None}  # an error of no move
    return {
        "valid": False,
        "error": {**exc.to_json(), "message": reason},
        **error_body(exc.kind.replace("-", "_"), arbiter_description(exc), **where),
    }
