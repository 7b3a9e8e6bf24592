"""The one permission policy (``accounts.policy``): every role against every action, on an event of
a running round robin (organiser Olga, arbiter Ada), its pairing Ann (White) - Bob and their game.

The expected answers are the service's rules as the guides state them: organisers and arbiters
manage an event; only organisers appoint officials and hand out claim codes; only arbiters change a
started event's tie-breaks; the two players and the officials submit a game; only the players
answer a provisional result; officials decide; a superuser is an official everywhere but no player.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.template import Context, Template
from django.urls import reverse

from accounts.errors import PermissionRefused
from accounts.models import Player
from accounts.policy import ALLOWED, REFUSALS, Action, can, require
from games.models import Challenge
from tests.games.records.test_confirmation import Board, make_board
from tournaments.models import ForbiddenPair

pytestmark = pytest.mark.django_db

ACTORS = ("anonymous", "sam", "ann", "bob", "olga", "ada", "root")

# action, the object it is asked about, the actors allowed (all others refused)
EXPECTED = [
    (Action.CREATE_EVENT, None, {"sam", "ann", "bob", "olga", "ada", "root"}),
    (Action.CLAIM_PLAYER, None, {"sam", "ann", "bob", "olga", "ada", "root"}),
    (Action.MANAGE_EVENT, "event", {"olga", "ada", "root"}),
    (Action.MANAGE_EVENT, "pairing", {"olga", "ada", "root"}),
    (Action.APPOINT_OFFICIALS, "event", {"olga", "root"}),
    (Action.MANAGE_CLAIM_CODES, "event", {"olga", "root"}),
    (Action.CHANGE_TIE_BREAKS, "event", {"ada", "root"}),
    (Action.MANAGE_WEBHOOKS, "event", {"olga", "root"}),
    (Action.SUBMIT_RECORD, "pairing", {"ann", "bob", "olga", "ada", "root"}),
    (Action.REPORT_RESULT, "pairing", {"ann", "bob", "olga", "ada", "root"}),
    (Action.ANSWER_RESULT, "game", {"ann", "bob"}),
    (Action.DECIDE_RESULT, "game", {"olga", "ada", "root"}),
    (Action.PLAY_MOVE, "game", {"ann", "bob"}),  # a superuser decides games, he does not play them
    (Action.WATCH_GAME, "game", set(ACTORS)),  # a game is public: anyone follows it live
    (Action.GIVE_TIME, "game", {"olga", "ada", "root"}),
    (Action.ANNUL_GAME, "game", {"olga", "ada", "root"}),
    (Action.CHALLENGE_PLAYER, None, {"sam", "ann", "bob", "olga", "ada", "root"}),
    (Action.ANSWER_CHALLENGE, "challenge", {"bob"}),  # Ann challenges Bob
    (Action.WITHDRAW_CHALLENGE, "challenge", {"ann"}),
]


@pytest.fixture
def board(django_capture_on_commit_callbacks: Callable[..., Any]) -> Board:
    return make_board(django_capture_on_commit_callbacks)


def actors(board: Board) -> dict[str, Any]:
    root = User.objects.create_superuser("root", password="pw-root-12345")
    return {
        "anonymous": AnonymousUser(),
        "sam": board.sam,
        "ann": board.ann,
        "bob": board.bob,
        "olga": board.olga,
        "ada": board.ada,
        "root": root,
    }


def test_every_role_against_every_action(board: Board) -> None:
    people = actors(board)
    challenge = Challenge.objects.create(
        challenger=Player.objects.get(user=board.ann),
        challenged=Player.objects.get(user=board.bob),
        game="dvonn",
    )
    objects = {
        None: None,
        "event": board.event,
        "pairing": board.pairing,
        "game": board.game_or_create(),
        "challenge": challenge,
    }
    answers = {
        (action, on): {name for name in ACTORS if can(people[name], action, objects[on])}
        for action, on, _allowed in EXPECTED
    }
    assert answers == {(action, on): allowed for action, on, allowed in EXPECTED}
    assert {action for action, _on, _allowed in EXPECTED} == set(Action)


def test_a_refusal_is_the_projects_error_carrying_the_action(board: Board) -> None:
    with pytest.raises(
        PermissionRefused, match="only the event's arbiters may change its tie-breaks"
    ) as refused:
        require(board.olga, Action.CHANGE_TIE_BREAKS, board.event)
    assert refused.value.action == Action.CHANGE_TIE_BREAKS
    with pytest.raises(PermissionRefused, match="sign in to create an event"):
        require(AnonymousUser(), Action.CREATE_EVENT)
    require(board.ada, Action.CHANGE_TIE_BREAKS, board.event)  # allowed: nothing raised


def test_every_action_has_its_roles_and_its_refusal() -> None:
    assert set(ALLOWED) == set(Action) == set(REFUSALS)


def test_the_template_filter_asks_the_policy(board: Board) -> None:
    template = Template('{% load policy %}{% if pairing in user|may:"submit record" %}submit{% endif %}')
    shown = {
        name: template.render(Context({"pairing": board.pairing, "user": user})) == "submit"
        for name, user in actors(board).items()
    }
    assert shown == {name: name in {"ann", "bob", "olga", "ada", "root"} for name in ACTORS}


def test_the_players_page_links_the_claim_codes_for_their_managers_only(board: Board, client: Any) -> None:
    url = reverse("tournaments:registrations", args=[board.event.slug])
    shown = {}
    for name, user in actors(board).items():
        client.logout()
        if name != "anonymous":
            client.force_login(user)
        shown[name] = (
            reverse("accounts:claim-codes", args=[board.event.slug]) in client.get(url).content.decode()
        )
    assert shown == {name: name in {"olga", "root"} for name in ACTORS}


# --------------------------------------------------------------------------- the organiser's API
# Every write of the organiser's API (issue 30), the action of the policy it asks for, and the page
# that does the same (refused alike). Each request is one the allowed actors see refused for another
# reason or carried out harmlessly (a missing confirmation, a started event, a preview), so that
# every actor meets the same state.
def organiser_api_requests(board: Board) -> list[tuple[str, str, dict[str, Any], Action, str | None]]:
    slug, handle = board.event.slug, board.pairing.white.player.handle
    events, rounds = f"/api/events/{slug}/", f"/api/events/{slug}/rounds/1/"
    page = f"/events/{slug}/"
    manage, codes = Action.MANAGE_EVENT, Action.MANAGE_CLAIM_CODES
    # a pair that exists, so that its page (which reads the pair first) refuses as the API does
    pair = ForbiddenPair.objects.create(
        event=board.event, first=board.pairing.white, second=board.pairing.black, reason="a test"
    ).pk
    return [
        ("post", "/api/events/", {}, Action.CREATE_EVENT, "/new-event/"),
        ("post", events + "settings/", {"name": "Taken"}, manage, page + "edit/"),
        ("post", events + "swiss-settings/", {}, manage, None),
        ("post", events + "tie-breaks/", {"tie_breaks": [], "reason": ""}, Action.CHANGE_TIE_BREAKS, None),
        ("post", events + "game-options/", {}, manage, None),
        ("post", events + "play/", {"play_mode": "elsewhere", "time_control": ""}, manage, None),
        ("post", events + "start/", {}, manage, page + "start/"),
        ("post", events + "finish/", {}, manage, page + "finish/"),
        ("post", events + "registrations/", {"name": ""}, manage, page + "players/"),
        (
            "post",
            events + "registrations/list/",
            {"players": "Cy 1500", "preview": True},
            manage,
            page + "players/",
        ),
        ("post", events + f"registrations/{handle}/withdraw/", {}, manage, page + "players/"),
        ("post", events + f"registrations/{handle}/undo-withdrawal/", {}, manage, page + "players/"),
        ("post", events + "byes/", {}, manage, None),
        ("post", events + "byes/1/cancel/", {}, manage, None),
        ("post", events + "rounds/next/", {}, manage, page + "rounds/next/"),
        ("post", rounds + "retry/", {}, manage, page + "rounds/1/retry/"),
        ("post", rounds + "pairings/", {"pairs": []}, manage, page + "rounds/1/edit/"),
        ("post", rounds + "publish/", {}, manage, page + "rounds/1/publish/"),
        ("post", rounds + "results/", {"results": []}, manage, page + "rounds/1/results/"),
        ("post", rounds + "close/", {}, manage, page + "rounds/1/close/"),
        ("post", rounds + "deadline/", {"deadline": None}, manage, page + "rounds/1/deadline/"),
        (
            "post",
            rounds + "play/",
            {"play_mode": "elsewhere", "time_control": ""},
            manage,
            page + "rounds/1/play/",
        ),
        ("post", f"/api/pairings/{board.pairing.pk}/result/", {"result": "x"}, manage, None),
        (
            "post",
            f"/api/pairings/{board.pairing.pk}/correct/",
            {"result": "1-0", "reason": "r"},
            manage,
            None,
        ),
        ("get", events + "officials/", {}, manage, page + "officials/"),
        (
            "post",
            events + "officials/",
            {"username": "", "role": "arbiter"},
            Action.APPOINT_OFFICIALS,
            page + "officials/",
        ),
        (
            "post",
            events + "officials/remove/",
            {"username": "nobody", "role": "arbiter"},
            Action.APPOINT_OFFICIALS,
            page + "officials/",
        ),
        # a round robin's: refused as the page refuses, then (allowed) a 404: forbidden pairs are the Swiss'
        ("get", events + "forbidden-pairs/", {}, manage, page + "forbidden-pairs/"),
        ("post", events + "forbidden-pairs/", {}, manage, page + "forbidden-pairs/"),
        (
            "post",
            events + f"forbidden-pairs/{pair}/remove/",
            {},
            manage,
            page + f"forbidden-pairs/{pair}/remove/",
        ),
        # the autopilot (issue 36): its officials'; the webhooks: its organisers'
        ("get", events + "autopilot/", {}, manage, page + "autopilot/"),
        ("post", events + "autopilot/", {"auto_pair_delay": -1}, manage, page + "autopilot/"),
        ("post", events + "autopilot/pause/", {}, manage, None),
        ("post", events + "autopilot/resume/", {}, manage, None),
        ("get", events + "webhooks/", {}, Action.MANAGE_WEBHOOKS, page + "webhooks/"),
        ("post", events + "webhooks/", {"url": "ftp://x"}, Action.MANAGE_WEBHOOKS, page + "webhooks/"),
        ("post", events + "webhooks/secret/", {}, Action.MANAGE_WEBHOOKS, None),
        ("post", events + "webhooks/1/remove/", {}, Action.MANAGE_WEBHOOKS, None),
        ("get", events + "webhooks/deliveries/", {}, Action.MANAGE_WEBHOOKS, None),
        ("get", events + "claim-codes/", {}, codes, f"/events/{slug}/players/claim-codes/"),
        ("post", events + f"claim-codes/{handle}/", {"action": "regenerate"}, codes, None),
    ]


def test_the_organisers_api_refuses_as_the_policy_and_the_pages(
    board: Board, api_client: Any, client: Any
) -> None:
    """Anonymous: 401 (the pages send him to sign in); signed in but not allowed: 403, as the page;
    allowed: neither (the request goes on to its own checks), never a server error."""
    people = actors(board)
    allowed = {(action, on): who for action, on, who in EXPECTED}
    for method, url, body, action, page in organiser_api_requests(board):
        for name, user in people.items():
            api_client.logout()
            client.logout()
            if name != "anonymous":
                api_client.force_authenticate(user)
                client.force_login(user)
            else:
                api_client.force_authenticate(None)
            status = getattr(api_client, method)(url, body, format="json").status_code
            may = name in allowed[(action, "event" if action != Action.CREATE_EVENT else None)]
            expected = {401} if name == "anonymous" else {403}
            assert (status not in {401, 403} and status < 500) if may else status in expected, (
                url,
                name,
                status,
            )
            if page is not None and not may:
                answer = client.post(page) if method == "post" else client.get(page)
                assert answer.status_code in ({302} if name == "anonymous" else {403}), (page, name)
