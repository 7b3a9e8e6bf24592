"""The forms of a person's own pages: signing up, claiming one's player with a code, an organiser's
link of a player to an account (the sign-in forms, with the lockout, are ``accounts.forms``)."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.utils.translation import gettext_lazy as _

from personal.claims import CODE_LENGTH


class SignUpForm(UserCreationForm):  # type: ignore[type-arg]
    email = forms.EmailField(
        label=_("E-mail address"),
        max_length=User._meta.get_field("email").max_length,  # 254, where a form's own default is 320
        required=False,
        help_text=_("Optional: needed to reset a forgotten password and to get notices by e-mail."),
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")


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
