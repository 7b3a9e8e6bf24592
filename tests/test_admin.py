"""Every model has a working admin: the changelist and the add form render for a superuser."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.contrib import admin
from django.urls import reverse

PROJECT_APPS = ("tournaments", "games")


def test_every_project_model_is_registered() -> None:
    missing = [
        model.__name__
        for app in PROJECT_APPS
        for model in apps.get_app_config(app).get_models()
        if model not in admin.site._registry
    ]
    assert missing == []


@pytest.mark.django_db
def test_admin_pages_render(admin_client) -> None:  # type: ignore[no-untyped-def]
    for app in PROJECT_APPS:
        for model in apps.get_app_config(app).get_models():
            meta = model._meta
            changelist = reverse(f"admin:{meta.app_label}_{meta.model_name}_changelist")
            assert admin_client.get(changelist).status_code == 200, changelist
            add = reverse(f"admin:{meta.app_label}_{meta.model_name}_add")
            assert admin_client.get(add).status_code == 200, add
