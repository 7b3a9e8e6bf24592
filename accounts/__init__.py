"""The floor, with ``common``: the people and what every app shares below it. It imports no app above
it (``games``, ``tournaments``, ``personal``, ``config``) and names none of their models by string
(``tests/test_layout.py``).

* ``models``: ``Player``, a person who plays, in events or on the service, with the account linked to
  him (its table is still ``tournaments_player``); the notices to users and their preferences; the
  API tokens and the bot flag;
* ``errors`` (pure): ``ServiceError``, the one base of every error a user may be told, with
  ``PermissionRefused`` carrying the refused action, ``NotFound`` and ``Conflict``; ``attempt``, a
  service call whose other refusals a page shows itself;
* ``policy``: who may do what: ``can(user, action, obj)`` and ``require``, ``Permissions`` to ask
  about several actions with the roles read once, one table from each action to the roles allowed;
  each app registers the roles a user has over its objects (docs/permissions.md); in templates
  ``templatetags/policy`` (``{% if obj in user|may:"submit record" %}``);
* ``notices``: the notices' floor, a notice sent by e-mail, for every app that tells people something;
* ``lockout`` (the sign-in lockout after failures) and ``forms`` (the sign-in forms with the lockout);
* ``api``: the API's authentication and throttles: the scoped token first, so that an anonymous write
  is 401; the submissions, tokens and challenges throttles (per user and per opponent); HTTP Basic
  with the lockout (``schema``: its OpenAPI description);
* ``tokens``: named API tokens with a scope, play or all, created and revoked with the password under
  the lockout, only the key's SHA-256 stored (``ApiToken``); the bot flag (``BotAccount``); and
  ``token_api`` (``/api/tokens/``, ``/api/me/bot/``);
* ``middleware``: the API's submissions throttle for the pages' forms; ``admin``: players and notices.
"""
