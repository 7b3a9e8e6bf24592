"""``/api/tokens/``: a program's API tokens without a browser. Created with the account's user name
and password, or by a client signed in with the site's session (with its CSRF token, as every write
by session); revoked with the password (the sign-in lockout counts the failures: 429 with the time to
wait; the ``tokens`` throttle limits the requests per address); listed (never their keys) for the
signed-in user. A token creates no token: a play-only one would make itself a wider one. ``/api/me/bot/``: the account's bot flag, which the pages show beside its player."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import exceptions, permissions, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import tokens
from accounts.api import OutOfScope
from accounts.errors import LockedOut
from accounts.models import ApiToken
from common.schema import valid


class CredentialsSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=4096, style={"input_type": "password"})
    name = serializers.CharField(max_length=60, help_text="The token's name, one per account, e.g. the bot's")


class TokenRequestSerializer(serializers.Serializer):
    username = serializers.CharField(
        max_length=150, required=False, help_text="With `password`; left out by a client signed in by session"
    )
    password = serializers.CharField(max_length=4096, required=False, style={"input_type": "password"})
    name = serializers.CharField(max_length=60, help_text="The token's name, one per account, e.g. the bot's")
    scope = serializers.ChoiceField(
        choices=ApiToken.Scope.choices,
        default=ApiToken.Scope.PLAY,
        help_text="`play`: reads, and writes to the play, games, records, vacation and me operations only; "
        "`all`: everything the account may do",
    )


class TokenSerializer(serializers.ModelSerializer):
    class Meta:
        model = ApiToken
        fields = ["name", "scope", "prefix", "created_at", "last_used_at"]


class NewTokenSerializer(TokenSerializer):
    key = serializers.CharField(help_text="Shown this once: send it as `Authorization: Token <key>`")

    class Meta(TokenSerializer.Meta):
        fields = [*TokenSerializer.Meta.fields, "key"]


class BotFlagSerializer(serializers.Serializer):
    bot = serializers.BooleanField(help_text="A program plays with this account")


def account_of(request: Request, data: dict[str, str]) -> object:
    """The account of the credentials: a wrong password is a 401, a locked-out one a 429 with the
    time to wait (``Retry-After``), as HTTP Basic answers them."""
    try:
        return tokens.signed_in_user(request._request, data["username"], data["password"])
    except LockedOut as exc:
        raise exceptions.Throttled(wait=exc.wait_seconds, detail=str(exc)) from None
    except tokens.WrongCredentials as exc:
        raise exceptions.AuthenticationFailed(str(exc)) from None


class TokensView(APIView):
    def get_permissions(self) -> list[permissions.BasePermission]:
        """Listing needs a signed-in user; creating, the credentials in the body."""
        if self.request.method == "POST":
            return [permissions.AllowAny()]
        return [permissions.IsAuthenticated()]

    @extend_schema(responses=TokenSerializer(many=True), operation_id="tokens_list")
    def get(self, request: Request) -> Response:
        """The signed-in user's named tokens (never their keys)."""
        return Response(TokenSerializer(ApiToken.objects.filter(user=request.user), many=True).data)

    @extend_schema(
        request=TokenRequestSerializer,
        responses={
            201: NewTokenSerializer,
            401: OpenApiResponse(description="Neither the account's user name and password nor a session"),
            403: OpenApiResponse(
                description="Sent with a token (a token creates no token), or a session without its CSRF token"
            ),
        },
        operation_id="tokens_create",
    )
    def post(self, request: Request) -> Response:
        """Create a named token with the account's user name and password, or signed in by session."""
        data = valid(TokenRequestSerializer, request)
        user = self._creator(request, data)
        token, key = tokens.create(user, data["name"], data["scope"])
        token.key = key  # type: ignore[attr-defined]
        return Response(NewTokenSerializer(token).data, status=status.HTTP_201_CREATED)

    @staticmethod
    def _creator(request: Request, data: dict[str, str]) -> object:
        """Whose token: the credentials' account (both sent), else the session's user (by session or
        HTTP Basic: his password); a token is refused, nothing is 401."""
        if "username" in data or "password" in data:
            missing = [name for name in ("username", "password") if not data.get(name)]
            if missing:
                raise serializers.ValidationError({name: [_("This field is required.")] for name in missing})
            return account_of(request, data)
        if request.auth is not None:  # a token (named or the account page's)
            raise OutOfScope(
                _("a token creates no token: send the account's user name and password, or sign in")
            )
        if not request.user.is_authenticated:
            raise exceptions.NotAuthenticated(
                _("send the account's user name and password, or sign in (the site's session)")
            )
        return request.user


class TokenRevokeView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(request=CredentialsSerializer, responses={204: None}, operation_id="tokens_revoke")
    def post(self, request: Request) -> Response:
        """Revoke the named token, with the account's user name and password."""
        data = valid(CredentialsSerializer, request)
        user = account_of(request, data)
        tokens.revoke(user, data["name"])
        return Response(status=status.HTTP_204_NO_CONTENT)


class BotFlagView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses=BotFlagSerializer, operation_id="me_bot_read")
    def get(self, request: Request) -> Response:
        return Response({"bot": tokens.is_bot(request.user)})

    @extend_schema(request=BotFlagSerializer, responses=BotFlagSerializer, operation_id="me_bot_set")
    def post(self, request: Request) -> Response:
        """Say whether a program plays with this account (the pages show it beside its player)."""
        data = valid(BotFlagSerializer, request)
        return Response({"bot": tokens.set_bot(request.user, data["bot"])})
