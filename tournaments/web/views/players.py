"""Player pages: the list with a search, and a player's events, games, ratings and rating history per
family (what is shown: :mod:`tournaments.ratings.selectors`)."""

from __future__ import annotations

from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from accounts.models import Player
from games.play import lists
from tournaments.core.codes import outcome
from tournaments.models import Pairing, RatingChange
from tournaments.ratings.chart import ChartPoint, rating_chart_svg
from tournaments.ratings.selectors import FamilyRating, player_ratings


def player_list(request: HttpRequest) -> HttpResponse:
    query = request.GET.get("q", "").strip()
    players = Player.objects.annotate(events=Count("registrations")).prefetch_related("ratings")
    if query:
        players = players.filter(Q(display_name__icontains=query) | Q(handle__icontains=query))
    return render(request, "tournaments/player_list.html", {"players": players, "query": query})


def player_detail(request: HttpRequest, handle: str) -> HttpResponse:
    player = get_object_or_404(Player, handle=handle)
    registrations = list(player.registrations.select_related("event").order_by("-event__created_at"))
    pairings = (
        Pairing.objects.filter(Q(white__player=player) | Q(black__player=player))
        .visible_to(request.user)
        .select_related("round__event", "white__player", "black__player")
        .with_games()
        .order_by("-round__event__created_at", "-round__number")
    )
    games = []
    for pairing in pairings:
        as_white = pairing.white.player_id == player.pk
        opponent = None if pairing.is_bye else (pairing.black if as_white else pairing.white)
        mine = pairing.white_score if as_white else pairing.black_score
        theirs = pairing.black_score if as_white else pairing.white_score
        won_or_lost = "" if pairing.is_bye else outcome(mine, theirs)
        games.append(
            {
                "pairing": pairing,
                "event": pairing.round.event,
                "round": pairing.round,
                "colour": "" if pairing.is_bye else ("w" if as_white else "b"),
                "opponent": opponent,
                "mine": mine,
                "theirs": theirs,
                "outcome": won_or_lost,
                "records": [g for g in pairing.games.all() if g.verified_at],
            }
        )
    ratings = player_ratings(player)
    for item in ratings:
        setattr(item, "chart", history_chart(item))  # noqa: B010 - the page's extra, not a field
    return render(
        request,
        "tournaments/player_detail.html",
        {
            "player": player,
            "registrations": registrations,
            "games": games,
            "casual": lists.casual_games_of(player),
            "ratings": ratings,
        },
    )


def _before(change: RatingChange) -> str:
    """The chart's label of the rating before a change's period (an event's, or a casual game)."""
    if change.round is None:
        return _("before the casual game against %(opponent)s: %(rating)s") % {
            "opponent": change.opponent,
            "rating": change.before,
        }
    return _("before %(event)s: %(rating)s") % {"event": change.round.event.name, "rating": change.before}


def _after(change: RatingChange) -> str:
    """The chart's label of the rating after a change's period (an event's round, or a casual game)."""
    if change.round is None:
        return _("casual game against %(opponent)s: %(rating)s") % {
            "opponent": change.opponent,
            "rating": change.after,
        }
    return _("%(event)s, round %(round)s: %(rating)s") % {
        "event": change.round.event.name,
        "round": change.round.number,
        "rating": change.after,
    }


def history_chart(item: FamilyRating) -> str:
    """The family's rating history as an SVG chart (oldest first): the rating before the first
    change shown, then after each change."""
    changes = item.changes[::-1]  # the selector gives the latest first
    if not changes:
        return ""
    points = [ChartPoint(changes[0].before, _before(changes[0]))]
    points += [ChartPoint(change.after, _after(change)) for change in changes]
    title = _("%(family)s rating history") % {"family": item.name}
    return mark_safe(rating_chart_svg(points, title))  # noqa: S308 - our own renderer's escaped output
