"""The accounts' forms: sign-up, sign-in with the lockout, claiming a player, linking an account."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.utils.translation import gettext_lazy as _

from accounts import lockout
from accounts.claims import CODE_LENGTH
from accounts.errors import LockedOut


class SignUpForm(UserCreationForm):  # type: ignore[type-arg]
    email = forms.EmailField(
        label=_("E-mail address"),
        required=False,
        help_text=_("Optional: needed to reset a forgotten password and to get notices by e-mail."),
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")


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


class ClaimForm(forms.Form):
    code = forms.CharField(
        label=_("Claim code"),
        max_length=40,
        help_text=_("The code the organiser gave you, e.g. ABCD-EFGH-JKLM (%(length)s letters and digits).")
        % {"length": CODE_LENGTH},
        widget=forms.TextInput(attrs={"autocomplete": "off", "class": "mono", "spellcheck": "false"}),
    )


class LinkForm(forms.Form):
    username = forms.CharField(label=_("Account (user name)"), max_length=150)
