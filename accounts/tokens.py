"""Named API tokens (``ApiToken``): created and revoked with the account's password (the sign-in
lockout counts the failures, ``accounts.lockout``), each with a scope; the bot flag of an account.

Why a model of our own: DRF's ``authtoken`` keeps one token per user, with no name and no scope, and
stores the key itself. A bot author wants one token per program, a play-only token for the program
that plays and the account's full rights elsewhere; a leaked database should not leak working keys.
The account page's token (``authtoken``) keeps working, with the scope ``all``.
"""

from __future__ import annotations

import functools
import hashlib
import secrets
from typing import Any

from django.apps import apps
from django.contrib.auth import authenticate
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts import lockout, policy
from accounts.errors import AccountError, Conflict, NotFound
from accounts.models import ApiToken, BotAccount
from common.prepared import Prepared

MAX_TOKENS = 20
# A named token's key begins so (the account page's token is 40 hex digits alone).
KEY_PREFIX = "gt_"


class WrongCredentials(AccountError):
    """The user name and password given to create or revoke a token are not an account's."""


def digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def signed_in_user(request: object, username: str, password: str) -> object:
    """The account of these credentials; refused (and counted by the lockout) otherwise."""
    address = lockout.address_of(request)
    lockout.check(username, address)  # LockedOut: a 429 with the time to wait
    user = authenticate(request, username=username, password=password)  # a failure is counted
    if user is None:
        raise WrongCredentials(_("wrong user name or password"))
    lockout.clear(username, address)
    return user


def create(user: object, name: str, scope: str) -> tuple[ApiToken, str]:
    """A new token and its key (shown once)."""
    name = name.strip()
    if not name:
        raise AccountError(_("give the token a name"))
    if scope not in ApiToken.Scope.values:
        raise AccountError(_("a token's scope is play or all"))
    if ApiToken.objects.filter(user=user).count() >= MAX_TOKENS:
        raise Conflict(_("an account has at most %(count)d tokens: revoke one first") % {"count": MAX_TOKENS})
    key = KEY_PREFIX + secrets.token_hex(20)
    try:
        with transaction.atomic():
            token = ApiToken.objects.create(
                user=user, name=name, scope=scope, digest=digest(key), prefix=key[:8]
            )
    except IntegrityError:
        raise Conflict(_("you have a token named %(name)s already") % {"name": name}) from None
    return token, key


def revoke(user: object, name: str) -> None:
    deleted, _rows = ApiToken.objects.filter(user=user, name=name.strip()).delete()
    if not deleted:
        raise NotFound(_("you have no token named %(name)s") % {"name": name.strip()})


def token_of(key: str) -> ApiToken | None:
    """The named token of this key (its last use noted), or None."""
    if not key.startswith(KEY_PREFIX):  # the account page's token: one query fewer
        return None
    token = _read("accounts.ApiToken", "digest", digest(key))
    if token is not None and (
        token.last_used_at is None or (timezone.now() - token.last_used_at).total_seconds() > 60
    ):
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=timezone.now())
    return token


def account_token(key: str) -> Any | None:
    """The account page's token (DRF's ``authtoken``) of this key with its user, or None."""
    return _read("authtoken.Token", "key", key)


def _read(label: str, column: str, value: str) -> Any | None:
    """The token of the model ``label`` whose ``column`` is ``value``, read with its user in one
    statement composed once a process (``common.prepared``: a request's first statement), or None."""
    return _reading(label, column).first(value)


@functools.cache
def _reading(label: str, column: str) -> Prepared[Any]:
    model = apps.get_model(label)
    return Prepared(lambda value: model.objects.select_related("user").filter(**{column: value}), str)


def allows(token: ApiToken, request: object) -> bool:
    """Whether the token's scope takes this request: the scope its operation needs, by its route
    (``accounts.policy.SCOPES``); a request that matched no route needs ``all``."""
    match = getattr(request, "resolver_match", None)
    route = getattr(match, "view_name", "") or ""
    return policy.allows(token.scope, route, str(getattr(request, "method", "GET")))


def is_bot(user: object) -> bool:
    return (
        bool(getattr(user, "pk", None))
        and BotAccount.objects.filter(user_id=getattr(user, "pk", None)).exists()
    )


def set_bot(user: object, bot: bool) -> bool:
    if bot:
        BotAccount.objects.get_or_create(user=user)
    else:
        BotAccount.objects.filter(user=user).delete()
    return bot
