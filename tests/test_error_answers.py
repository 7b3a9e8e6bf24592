"""The one mapping from the project's errors to answers (``config.errors``): the API's statuses, and
the pages' 403 and 404 for a refused permission and a missing object raised below any page."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.http import HttpResponse
from django.test import RequestFactory

from accounts.errors import Conflict, NotFound, PermissionRefused, ServiceError, attempt
from accounts.policy import Action
from config.errors import ServiceErrorMiddleware, status_of


def test_each_kind_of_error_has_its_status() -> None:
    assert status_of(PermissionRefused(Action.MANAGE_EVENT, "no")) == 403
    assert status_of(NotFound("no such game")) == 404
    assert status_of(Conflict("the round is closed")) == 409
    assert status_of(ServiceError("the list is empty")) == 400


@pytest.mark.django_db
def test_the_pages_answer_a_refusal_with_the_403_page_and_a_missing_object_with_the_404_page() -> None:
    request = RequestFactory().get("/events/x/edit/")
    request.user = AnonymousUser()
    middleware = ServiceErrorMiddleware(lambda request: HttpResponse())
    refused = middleware.process_exception(
        request, PermissionRefused(Action.MANAGE_EVENT, "only the officials")
    )
    assert refused is not None and refused.status_code == 403
    assert "Only the officials." in refused.content.decode()
    missing = middleware.process_exception(request, NotFound("no such round"))
    assert missing is not None and missing.status_code == 404
    assert middleware.process_exception(request, ServiceError("the view's own")) is None


def test_a_page_shows_other_refusals_itself_but_not_a_refused_permission() -> None:
    def empty_list() -> None:
        raise ServiceError("the list is empty")

    def not_allowed() -> None:
        raise PermissionRefused(Action.MANAGE_EVENT, "only the officials")

    assert attempt(lambda: 7).value == 7 and not attempt(lambda: 7).refused
    refused = attempt(empty_list)
    assert refused.refused and refused.reason == "the list is empty"
    with pytest.raises(PermissionRefused):
        attempt(not_allowed)
