"""``/api/notices/``: the signed-in user's notices (issue 36) — listed (newest first, paged; only the
unread with ``?unread=true``), marked read, and his choices of them (``preferences/``: their
language, which kinds come by e-mail). The same services as the notices page and the account page
(``personal.notices``, ``personal.preferences``). Each user reads and marks his own only; a token of
the scope ``play`` may read and mark them, only ``all`` changes the preferences."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.errors import NotFound
from accounts.models import Notice
from accounts.notices import KINDS
from common.pagination import BoundedLimitOffsetPagination
from common.schema import valid
from personal import notices, preferences

#: the ids one request marks read at most
MARK_AT_ONCE = 1000


class NoticeSerializer(serializers.ModelSerializer):
    kind = serializers.CharField(
        help_text="What it is about: one of the kinds of `/api/notices/preferences/`"
    )
    text = serializers.CharField(help_text="In the recipient's language (his preferences')")
    link = serializers.CharField(help_text="A page of the site (a path), e.g. the game's")
    params = serializers.DictField(
        help_text="What it names, for programs: `game` (an id of `/api/play/`), `event` (a slug), "
        "`round`, `challenge`, `ply`, ..."
    )

    class Meta:
        model = Notice
        fields = ["id", "kind", "text", "link", "params", "created_at", "read"]


class MarkReadSerializer(serializers.Serializer):
    ids = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=2**63 - 1),  # as the id column holds
        required=False,
        max_length=MARK_AT_ONCE,
        help_text=f"The notices to mark read (at most {MARK_AT_ONCE}); left out: all of mine",
    )


class MarkedSerializer(serializers.Serializer):
    marked = serializers.IntegerField(help_text="How many were unread and are read now")
    unread = serializers.IntegerField(help_text="How many of mine are still unread")


class KindSerializer(serializers.Serializer):
    kind = serializers.CharField()
    label = serializers.CharField(help_text="In the request's language")
    email = serializers.BooleanField(help_text="Notices of this kind come by e-mail")


class PreferencesSerializer(serializers.Serializer):
    language = serializers.ChoiceField(
        choices=[], required=False, help_text="The language of my notices and their e-mails"
    )
    emails = serializers.BooleanField(required=False, help_text="Notices come by e-mail at all")
    email_off = serializers.ListField(
        child=serializers.CharField(max_length=40),
        required=False,
        max_length=100,
        help_text="The kinds that never come by e-mail (all others do); sent: replaces the list",
    )
    email_kinds = serializers.DictField(
        child=serializers.BooleanField(),
        required=False,
        help_text='Kind by kind, whether it comes by e-mail (`{"your-move": false}`); the kinds not '
        "sent keep their choice. Not with `email_off`.",
    )
    kinds = KindSerializer(many=True, read_only=True, help_text="Every kind of notice, for reading")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        from django.conf import settings

        self.fields["language"].choices = [code for code, _name in settings.LANGUAGES]

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if "email_off" in attrs and "email_kinds" in attrs:
            raise serializers.ValidationError(_("send email_off or email_kinds, not both"))
        return attrs


def _preferences(user: object) -> dict[str, Any]:
    chosen = preferences.preferences_of(user)
    return {
        "language": chosen["language"],
        "emails": chosen["emails"],
        "email_off": chosen["email_off"],
        "email_kinds": chosen["email_kinds"],
        "kinds": [
            {"kind": kind, "label": str(label), "email": chosen["email_kinds"][kind]}
            for kind, label in KINDS.items()
        ],
    }


class NoticeListView(generics.ListAPIView):  # type: ignore[type-arg]
    permission_classes = [IsAuthenticated]
    serializer_class = NoticeSerializer
    pagination_class = BoundedLimitOffsetPagination

    def get_queryset(self):  # type: ignore[no-untyped-def]
        found = Notice.objects.filter(recipient=self.request.user)
        unread = self.request.query_params.get("unread", "")
        if unread not in ("", "true", "false", "1", "0"):
            raise serializers.ValidationError({"unread": [_("write true or false")]})
        return found.filter(read=False) if unread in ("true", "1") else found

    @extend_schema(
        operation_id="notices_list",
        parameters=[OpenApiParameter("unread", bool, description="Only the unread ones (`true`)")],
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """My notices, newest first, paged (`count` is how many there are: with `unread=true`, my
        unread count, as the header shows it)."""
        return super().get(request, *args, **kwargs)


class NoticeReadView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="notices_mark_read",
        request=MarkReadSerializer,
        responses={
            200: MarkedSerializer,
            404: OpenApiResponse(description="An id that is no notice of mine"),
        },
    )
    def post(self, request: Request) -> Response:
        """Mark my notices read: those of `ids`, or all of them."""
        data = MarkReadSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        ids = data.validated_data.get("ids")
        if ids is not None:
            mine = set(Notice.objects.filter(recipient=request.user, pk__in=ids).values_list("pk", flat=True))
            strangers = sorted(set(ids) - mine)
            if strangers:
                raise NotFound(_("no notice of yours has the id %(id)s") % {"id": strangers[0]})
        marked = notices.mark_read(request.user, ids)
        return Response({"marked": marked, "unread": notices.unread_count(request.user)})


class NoticePreferencesView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(operation_id="notices_preferences", responses=PreferencesSerializer)
    def get(self, request: Request) -> Response:
        """My choices: the language of my notices, and which kinds come by e-mail."""
        return Response(_preferences(request.user))

    @extend_schema(
        operation_id="notices_preferences_set", request=PreferencesSerializer, responses=PreferencesSerializer
    )
    def post(self, request: Request) -> Response:
        """Change my choices; the fields not sent keep theirs. A kind or a language the site does not
        know is a 400, and nothing changes."""
        data = valid(PreferencesSerializer, request)
        sent = data
        email_off = sent.get("email_off")
        if "email_kinds" in sent:
            unknown = [kind for kind in sent["email_kinds"] if kind not in KINDS]
            if unknown:
                raise serializers.ValidationError(
                    {"email_kinds": [_("there is no kind of notice “%(kind)s”") % {"kind": unknown[0][:40]}]}
                )
            off = set(preferences.preferences_of(request.user)["email_off"])
            off |= {kind for kind, on in sent["email_kinds"].items() if not on}
            off -= {kind for kind, on in sent["email_kinds"].items() if on}
            email_off = sorted(off)
        preferences.set_preferences(
            request.user, language=sent.get("language"), emails=sent.get("emails"), email_off=email_off
        )
        return Response(_preferences(request.user))
