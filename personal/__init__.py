"""A person's own, above ``games`` and ``tournaments`` (``accounts`` below holds the people themselves):

* ``claims``: one account, at most one player; claim codes per registration (``ClaimCode``, in
  ``models``) and the organiser's link;
* ``notices``: notices when a result of one's game is submitted, disputed or decided, or play on
  the service ended it (worded by ``games.play.endings``), from ``games.signals.result_changed``;
* ``play_notices``: notices that follow the game: "your move" in a slow game (one unread a game),
  the time warning, a draw offered, a takeback asked; read once the move is made or the game is over;
* ``challenge_notices``: a challenge sent to a player by name, and its answer, told at once;
* ``delivery``: the one delivery of every notice once it commits: his stream's ``notice`` event with
  his unread count, its e-mail queued (``tasks``, ``emails``: in his language, with a signed one-click
  unsubscribe and ``List-Unsubscribe``); ``preferences``: his language and the kinds e-mailed;
* ``my_games``: a player's games in three sections (his move, waiting with their start, finished
  recently: an aborted game told as such), whose move and both clocks (``static/js/clocks.js``);
  then his records and answers;
* ``api``: ``/api/me/`` (what waits for me) and the claim codes' API; ``people_api``: sign-up and a
  claim by code; ``notices_api``: ``/api/notices/`` (list, read, preferences);
* ``views``, ``urls``, ``forms`` (namespace ``accounts``): sign-up, sign-in, password change and
  reset, the account page with the API token, the bot flag (set and cleared after a confirmation;
  ``templates/accounts/_bot_mark.html`` the "bot" mark beside a player's name on his page and his
  games') and the e-mails kind by kind, claim, notices, an e-mail's unsubscribe, my games, an
  event's claim codes; ``context_processors``: what every
  page's navigation shows a signed-in user.

May import every app below it (``tournaments``, ``games``, ``accounts``, ``common``, ``arbiter``);
no app imports it, ``config`` on top aside (``tests/test_layout.py``). docs/accounts.md,
docs/notices.md.
"""
