"""The OpenAPI description of the API's HTTP Basic with the sign-in lockout (as plain HTTP Basic) and
of its session with the CSRF check that says what is missing (as the plain session cookie)."""

from django.conf import settings
from drf_spectacular.extensions import OpenApiAuthenticationExtension


class LockoutBasicScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    target_class = "accounts.api.LockoutBasicAuthentication"
    name = "basicAuth"

    def get_security_definition(self, auto_schema: object) -> dict[str, str]:
        return {
            "type": "http",
            "scheme": "basic",
            "description": "HTTP Basic; repeated failures lock the user name or address out for a while (429).",
        }


class CheckedSessionScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    target_class = "accounts.api.CheckedSessionAuthentication"
    name = "cookieAuth"

    def get_security_definition(self, auto_schema: object) -> dict[str, str]:
        return {
            "type": "apiKey",
            "in": "cookie",
            "name": settings.SESSION_COOKIE_NAME,
            "description": "The site's session; a write sends its CSRF token in X-CSRFToken (else 403).",
        }
