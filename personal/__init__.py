"""A person's own, above ``games`` and ``tournaments`` (``accounts`` below holds the people themselves):

* ``claims``: one account, at most one player; claim codes per registration (``ClaimCode``, in
  ``models``) and the organiser's link;
* ``notices``: notices and e-mails when a result of one's game is submitted, disputed or decided, or
  play on the service ended it (worded by ``games.play.endings``), from
  ``games.signals.result_changed``;
* ``play_notices``: "your move", the time warning, their e-mails: a digest a day at most or one a
  move, as the user chooses; sent by ``tasks`` from Celery beat; each written in its recipient's
  language;
* ``challenge_notices``: a challenge sent to a player by name, and its answer, told at once, e-mailed
  as he chose;
* ``my_games``: a player's games and what each needs from him ("My games": every game he plays on
  the service, casual and of events, whose move and both clocks, ``static/js/clocks.js`` counting the
  running one down, his move first; then his records and answers);
* ``api``: ``/api/me/`` (what waits for me) and the claim codes' API;
* ``views``, ``urls``, ``forms`` (namespace ``accounts``): sign-up, sign-in, password change and
  reset, the account page with the API token and the bot flag (set and cleared after a confirmation;
  ``templates/accounts/_bot_mark.html`` the "bot" mark beside a player's name on his page and his
  games'), claim, notices, my games, an event's claim codes; ``context_processors``: what every
  page's navigation shows a signed-in user.

May import every app below it (``tournaments``, ``games``, ``accounts``, ``common``, ``arbiter``);
no app imports it, ``config`` on top aside (``tests/test_layout.py``). docs/accounts.md.
"""
