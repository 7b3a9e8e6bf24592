"""The public rating lists: an index of every family (``/ratings/``), and one page per family,
sortable by rating or name, paged.

What the list holds (the rated players, then the provisional ones in a section of their own, each
paged) is :mod:`tournaments.ratings.selectors`.
"""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.ratings.families import family_names
from tournaments.ratings.selectors import ORDERS, provisional_list, published_list
from tournaments.ratings.services import rules_for

PAGE_SIZE = 50


def rating_index(request: HttpRequest) -> HttpResponse:
    """Every rating family of the registered games, with its rated and provisional players' counts."""
    rows = [
        {
            "family": family,
            "name": name,
            "rated": published_list(family).count(),
            "provisional": provisional_list(family).count(),
        }
        for family, name in family_names().items()
    ]
    return render(request, "tournaments/rating_index.html", {"rows": rows})


def rating_list(request: HttpRequest, family: str) -> HttpResponse:
    names = family_names()
    if family not in names:
        raise Http404
    order = request.GET.get("order", "rating")
    if order not in ORDERS:
        order = "rating"
    page = Paginator(published_list(family, order), PAGE_SIZE).get_page(request.GET.get("page"))
    provisional = Paginator(provisional_list(family, order), PAGE_SIZE).get_page(
        request.GET.get("provisional")
    )
    return render(
        request,
        "tournaments/rating_list.html",
        {
            "family": family,
            "family_name": names[family],
            "families": list(names.items()),
            "order": order,
            "page": page,
            "first_rank": page.start_index(),
            "provisional": provisional,
            "rules": rules_for(family),
        },
    )
