"""The OpenAPI description of the API's HTTP Basic with the sign-in lockout (as plain HTTP Basic)."""

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
