"""The sign-in forms with the lockout (the site's and the admin's); the forms of a person's own pages are ``personal.forms``."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm
from django.http import HttpResponse

from accounts import lockout
from accounts.errors import LockedOut


class _LockoutMixin:
    """Refuse a locked-out user name or address before the password is checked (a clear message)."""

    locked_out: LockedOut | None = None
    request: Any
    cleaned_data: dict[str, Any]

    def _check_lockout(self) -> None:
        try:
            lockout.check(str(self.cleaned_data.get("username") or ""), lockout.address_of(self.request))
        except LockedOut as exc:
            self.locked_out = exc
            raise forms.ValidationError(str(exc), code="locked_out") from None


def answer_locked_out(response: HttpResponse, form: object) -> HttpResponse:
    """The answer to a sign-in form refused by the lockout: 429 with ``Retry-After`` (the time to
    wait), the form and its message shown as they are. Any other answer is left alone. The site's
    sign-in and the admin's answer alike."""
    locked_out = getattr(form, "locked_out", None)
    if isinstance(locked_out, LockedOut):
        response.status_code = 429
        response["Retry-After"] = str(locked_out.wait_seconds)
    return response


class LockoutAuthenticationForm(_LockoutMixin, AuthenticationForm):
    def clean(self) -> dict[str, Any]:
        self._check_lockout()
        return super().clean()


class LockoutAdminAuthenticationForm(_LockoutMixin, AdminAuthenticationForm):
    def clean(self) -> dict[str, Any]:
        self._check_lockout()
        return super().clean()
