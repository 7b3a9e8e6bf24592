"""REST API: events, rounds with pairings, standings, crosstables, players; result entry for managers.

The views check nothing themselves: the services do, and their refusals become answers in the one
exception handler (``config.errors.api_exception_handler``).
"""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch, QuerySet
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings

from accounts.models import Player
from common.schema import NOT_AN_OFFICIAL, valid, write_action
from tournaments.api.autopilot_writes import AutopilotWrites
from tournaments.api.event_writes import EventWrites
from tournaments.api.forbidden_pair_writes import ForbiddenPairWrites
from tournaments.api.official_writes import OfficialWrites
from tournaments.api.registration_writes import RegistrationWrites
from tournaments.api.round_options import RoundOptions
from tournaments.api.round_writes import RoundWrites, round_of
from tournaments.api.serializers import (
    CorrectionInputSerializer,
    CrosstableRowSerializer,
    EventDetailSerializer,
    EventSerializer,
    GameOptionsSerializer,
    PairingSerializer,
    PlayerSerializer,
    PlaySettingsSerializer,
    RatingChangeSerializer,
    RatingListEntrySerializer,
    ResultCorrectionSerializer,
    ResultInputSerializer,
    RoundDeadlineSerializer,
    RoundPlaySerializer,
    RoundSerializer,
    StandingSerializer,
)
from tournaments.core.codes import format_points
from tournaments.events.game_options import set_options
from tournaments.events.services import set_play
from tournaments.models import Event, Pairing, Rating, Round
from tournaments.pairing.edits import set_round_play
from tournaments.ratings.families import families
from tournaments.ratings.selectors import ORDERS, published_list, rating_history, whole_list
from tournaments.results.corrections import correct_result
from tournaments.results.deadlines import set_deadline
from tournaments.results.services import record_result
from tournaments.standings.services import crosstable, standing_lines
from tournaments.trf.io import trf_download
from tournaments.web.views.trf import trf_file

NO_ROUND = "No such event or round"


def standing_rows(event: Event) -> list[dict[str, object]]:
    lines, _, _ = standing_lines(event)
    return [
        {
            "rank": line.rank,
            "pairing_number": line.registration.pairing_number,
            "handle": line.registration.player.handle,
            "name": line.registration.player.display_name,
            "points_half": line.points,
            "points": format_points(line.points),
            "tie_breaks": {code: value for code, value in line.tie_breaks if value is not None},
            "games": line.games,
        }
        for line in lines
    ]


class EventViewSet(
    EventWrites,
    RegistrationWrites,
    RoundWrites,
    RoundOptions,
    OfficialWrites,
    ForbiddenPairWrites,
    AutopilotWrites,
    viewsets.ReadOnlyModelViewSet,
):
    """Events, newest first. ``/events/{slug}/`` includes the registrations and rounds. The
    organiser's writes are in ``event_writes``, ``registration_writes``, ``round_writes``,
    ``round_options``, ``official_writes``, ``forbidden_pair_writes`` and ``autopilot_writes``."""

    queryset = Event.objects.select_related("game_options")
    lookup_field = "slug"

    def get_serializer_class(self):  # type: ignore[no-untyped-def]
        return EventDetailSerializer if self.action == "retrieve" else EventSerializer

    @extend_schema(responses=RoundSerializer(many=True))
    @action(detail=True, pagination_class=None)
    def rounds(self, request: Request, slug: str) -> Response:
        event = self.get_object()
        visible = Pairing.objects.filter(round__event=event).visible_to(request.user)
        rounds = event.round_set.prefetch_related(
            Prefetch("pairings", queryset=visible.select_related("white__player", "black__player"))
        )
        return Response(RoundSerializer(rounds, many=True).data)

    @extend_schema(responses=RoundSerializer)
    @action(detail=True, url_path=r"rounds/(?P<number>\d+)")
    def round(self, request: Request, slug: str, number: str) -> Response:
        event = self.get_object()
        visible = Pairing.objects.filter(round__event=event).visible_to(request.user)
        round_ = get_object_or_404(
            Round.objects.prefetch_related(Prefetch("pairings", queryset=visible)),
            event=event,
            number=int(number),
        )
        return Response(RoundSerializer(round_).data)

    @write_action(
        PlaySettingsSerializer,
        {200: EventSerializer},
        bad="An unknown way to play rounds, a bad time control, a finished event",
        forbidden=NOT_AN_OFFICIAL,
    )
    def play(self, request: Request, slug: str) -> Response:
        """Where the event's rounds are played (elsewhere, service, both) and the time control of
        its games on the service; it holds for the rounds published from then on."""
        data = valid(PlaySettingsSerializer, request)
        mode, control, by_itself = data["play_mode"], data["time_control"], data["close_rounds_by_itself"]
        event = set_play(self.get_object(), request.user, mode, control, close_rounds_by_itself=by_itself)
        return Response(EventSerializer(event, context={"request": request}).data)

    @write_action(
        GameOptionsSerializer,
        {200: EventSerializer},
        bad="An option the event's game does not take, or a value its engine refuses "
        "(named), no option named, a started event",
        forbidden=NOT_AN_OFFICIAL,
        url_path="game-options",
    )
    def game_options(self, request: Request, slug: str) -> Response:
        """The event's start options for its games (those its game declares, each by name; docs/rules.md
        P-27), before it starts: the games of its pairings start with them and their records must
        name them; an empty value clears one."""
        options = valid(GameOptionsSerializer, request)
        event = set_options(self.get_object(), request.user, options)
        return Response(EventSerializer(event, context={"request": request}).data)

    @write_action(
        RoundPlaySerializer,
        {200: RoundSerializer},
        bad="An unknown way to play, a bad time control, a public round",
        forbidden=NOT_AN_OFFICIAL,
        missing=NO_ROUND,
        url_path=r"rounds/(?P<number>\d+)/play",
    )
    def round_play(self, request: Request, slug: str, number: str) -> Response:
        """Where one round not yet public is played and its time control (empty: the event's)."""
        round_ = round_of(self.get_object(), number)
        data = valid(RoundPlaySerializer, request)
        round_ = set_round_play(round_, request.user, data["play_mode"], data["time_control"])
        return Response(RoundSerializer(round_).data)

    @write_action(
        RoundDeadlineSerializer,
        {200: RoundSerializer},
        bad="Not a date and time",
        forbidden=NOT_AN_OFFICIAL,
        missing=NO_ROUND,
        conflict="The round is closed",
        url_path=r"rounds/(?P<number>\d+)/deadline",
    )
    def round_deadline(self, request: Request, slug: str, number: str) -> Response:
        """Set (or clear, with null) an open round's deadline, as on the round's page: once it has
        passed, the sweep tells the event's officials of the round's unfinished games."""
        round_ = round_of(self.get_object(), number)
        round_ = set_deadline(round_, request.user, valid(RoundDeadlineSerializer, request)["deadline"])
        return Response(RoundSerializer(round_).data)

    @extend_schema(responses=StandingSerializer(many=True))
    @action(detail=True, pagination_class=None)
    def standings(self, request: Request, slug: str) -> Response:
        return Response(StandingSerializer(standing_rows(self.get_object()), many=True).data)

    @extend_schema(responses={(200, "text/plain"): str})
    @action(detail=True)
    def trf(self, request: Request, slug: str) -> HttpResponse:
        """The event as a FIDE TRF-2026 file (the same download as the event page's)."""
        return trf_file(trf_download(self.get_object(), request.user))

    @extend_schema(responses=CrosstableRowSerializer(many=True))
    @action(detail=True, pagination_class=None)
    def crosstable(self, request: Request, slug: str) -> Response:
        """Per player: every round's opponent (pairing number), colour and points."""
        event = self.get_object()
        rows = [row for row in crosstable(event, request.user) if row.registration.pairing_number is not None]
        return Response(
            [
                {
                    "pairing_number": row.registration.pairing_number,
                    "name": row.registration.player.display_name,
                    "rounds": {
                        str(number): {
                            "opponent": cell.opponent,
                            "colour": cell.colour or None,
                            "points": cell.points,
                            "bye": cell.bye or None,
                        }
                        for number, cell in sorted(row.cells.items())
                    },
                }
                for row in rows
            ]
        )


class PairingViewSet(mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    queryset = Pairing.objects.select_related("round__event", "white__player", "black__player")
    serializer_class = PairingSerializer

    def get_queryset(self):  # type: ignore[no-untyped-def]
        """Pairings of draft rounds exist only for their event's managers (404 for the others)."""
        return super().get_queryset().visible_to(self.request.user)

    @extend_schema(request=ResultInputSerializer, responses=PairingSerializer)
    @action(detail=True, methods=["post"])
    def result(self, request: Request, pk: str) -> Response:
        """Enter or correct the result (organisers and arbiters of the event)."""
        pairing = self.get_object()
        pairing = record_result(pairing, request.user, valid(ResultInputSerializer, request)["result"])
        return Response(PairingSerializer(pairing).data)

    @write_action(
        CorrectionInputSerializer,
        {201: ResultCorrectionSerializer},
        bad="No reason, an unknown result code, or the same result",
        forbidden=NOT_AN_OFFICIAL,
        conflict="The round is not closed (enter the result instead), or a bye",
    )
    def correct(self, request: Request, pk: str) -> Response:
        """Correct the result of a board of a closed round, with a reason (the event's organisers
        and arbiters). The correction is logged; the standings of that round and every later one,
        and the ratings from that round on (in every event of the rating family), are recomputed
        in the background: ``recomputed_at`` is null until then."""
        pairing = self.get_object()
        data = valid(CorrectionInputSerializer, request)
        correction = correct_result(pairing, data["result"], data["reason"], request.user)
        correction.refresh_from_db()
        return Response(ResultCorrectionSerializer(correction).data, status=status.HTTP_201_CREATED)


class FamilySchema(api_settings.DEFAULT_SCHEMA_CLASS):  # type: ignore[misc,name-defined]
    """The schema of an operation taking a rating family (``family``, in the path or the query): its
    values are the registered games' families, read when the schema is made (``arbiter.registry``)."""

    def _get_parameters(self) -> list[dict[str, Any]]:
        parameters: list[dict[str, Any]] = super()._get_parameters()
        for parameter in parameters:
            if parameter.get("name") == "family":
                parameter["schema"] = {"type": "string", "enum": list(families())}
        return parameters


class PlayerViewSet(viewsets.ReadOnlyModelViewSet):
    queryset = Player.objects.prefetch_related("ratings")
    serializer_class = PlayerSerializer
    lookup_field = "handle"
    schema = FamilySchema()

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "family",
                str,
                description="One rating list's family only",
                required=False,
            )
        ],
        responses={
            200: RatingChangeSerializer(many=True),
            404: OpenApiResponse(description="No such player"),
        },
    )
    @action(detail=True, methods=["get"], url_path="rating-history")
    def rating_history(self, request: Request, handle: str | None = None) -> Response:
        """The player's rating history, latest first: one entry per rating period, a closed round of
        an event or a rated casual game (``game``), with his rating before and after; paged."""
        player = self.get_object()
        family = request.query_params.get("family") or None
        page = self.paginate_queryset(rating_history(player, family))
        return self.get_paginated_response(RatingChangeSerializer(page, many=True).data)


@extend_schema(
    parameters=[
        OpenApiParameter("family", str, OpenApiParameter.PATH, description="A rating family"),
        OpenApiParameter("ordering", str, enum=list(ORDERS), description="`rating` (the default) or `name`"),
        OpenApiParameter(
            "provisional", bool, description="`false`: the published list alone (default `true`)"
        ),
    ]
)
class RatingListView(generics.ListAPIView[Rating]):
    """A family's rating list, paged: its rated players, then its provisional ones (fewer rated games
    than a published rating needs, each marked ``provisional``: the page's two lists), each part
    sorted by ``?ordering=rating`` (the default) or ``?ordering=name``; ``?provisional=false``
    leaves the provisional players out."""

    serializer_class = RatingListEntrySerializer
    schema = FamilySchema()

    def get_queryset(self) -> QuerySet[Rating]:
        family = self.kwargs["family"]
        if family not in families():
            raise Http404
        order = self.request.query_params.get("ordering", "rating")
        order = order if order in ORDERS else "rating"
        if self.request.query_params.get("provisional", "").lower() in ("false", "0", "no"):
            return published_list(family, order)
        return whole_list(family, order)
