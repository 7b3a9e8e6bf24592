"""People by API (issue 36): ``POST /api/signup/`` creates an account by the sign-up page's rules
(``personal.forms.SignUpForm``: the user name's characters and uniqueness, the password validators,
an optional e-mail address) and under its throttle (``SIGNUP_RATE`` per address, the scope
``signups``, the page's too); ``POST /api/me/claim/`` links the signed-in account to its player with
the organiser's claim code (``personal.claims.claim``, throttled as the page's claims, ``CLAIM_RATE``).
A token is then created with ``POST /api/tokens/`` (the password, or the session)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.errors import AccountError
from common.schema import valid
from personal import claims
from personal.forms import SignUpForm

#: the API's field of each of the page form's fields
FIELD_OF = {"username": "username", "email": "email", "password1": "password", "password2": "password"}


class SignUpSerializer(serializers.Serializer):
    username = serializers.CharField(
        max_length=150, help_text="Letters, digits and @/./+/-/_ only; not taken (any case)"
    )
    password = serializers.CharField(
        max_length=4096, style={"input_type": "password"}, help_text="As the sign-up page asks it"
    )
    email = serializers.EmailField(
        max_length=254,
        required=False,
        allow_blank=True,
        help_text="Optional: password resets and e-mails of notices",
    )


class AccountSerializer(serializers.Serializer):
    username = serializers.CharField()
    email = serializers.CharField()


class ClaimSerializer(serializers.Serializer):
    code = serializers.CharField(
        max_length=40, help_text="As printed, e.g. ABCD-EFGH-JKLM (dashes, spaces, any case)"
    )


class ClaimedSerializer(serializers.Serializer):
    handle = serializers.CharField()
    name = serializers.CharField(source="display_name")
    url = serializers.CharField(source="get_absolute_url", help_text="His page")


class SignUpView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        operation_id="signup",
        request=SignUpSerializer,
        responses={
            201: AccountSerializer,
            400: OpenApiResponse(description="A field refused (`fields` names it), or already signed in"),
            429: OpenApiResponse(description="Too many accounts from this address: wait Retry-After seconds"),
        },
    )
    def post(self, request: Request) -> Response:
        """Create an account, as the sign-up page does; then create a token with its password."""
        if request.user.is_authenticated:
            raise AccountError(
                _("you are signed in as %(name)s: an account is created signed out") % {"name": request.user}
            )
        data = valid(SignUpSerializer, request)
        form = SignUpForm(
            {
                "username": data["username"],
                "email": data.get("email", ""),
                "password1": data["password"],
                "password2": data["password"],
            }
        )
        if not form.is_valid():
            fields: dict[str, list[str]] = {}
            for name, errors in form.errors.items():
                fields.setdefault(FIELD_OF.get(name, name), []).extend(str(e) for e in errors)
            raise serializers.ValidationError(fields)
        user = form.save()
        return Response(
            {"username": user.get_username(), "email": user.email}, status=status.HTTP_201_CREATED
        )


class ClaimView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="me_claim",
        request=ClaimSerializer,
        responses={
            200: ClaimedSerializer,
            400: OpenApiResponse(
                description="Not a claim code, no such code, used, or a player or account linked"
            ),
            429: OpenApiResponse(description="Too many attempts: wait Retry-After seconds"),
        },
    )
    def post(self, request: Request) -> Response:
        """Link my account to my player with the claim code the organiser gave me (once)."""
        sent = valid(ClaimSerializer, request)
        player = claims.claim(request.user, sent["code"])
        return Response(ClaimedSerializer(player).data)
