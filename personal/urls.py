"""Page URLs of a person's own pages (the namespace stays ``accounts``): ``auth_patterns`` (Django's names: login, logout, password_reset, ...) and
``urlpatterns`` (namespace ``accounts``: sign-up, account, claim, notices, my games, claim codes)."""

from typing import Any

from django.contrib.auth import views as auth_views
from django.urls import URLPattern, path, reverse_lazy
from django.views import View

from personal import views

app_name = "accounts"


def _auth_page(route: str, view: type[View], name: str, template: str, **options: Any) -> URLPattern:
    """One of Django's sign-in and password pages, under its Django name, shown by our ``template``."""
    return path(route, view.as_view(template_name=f"accounts/{template}", **options), name=name)


auth_patterns = [
    path("login/", views.SignInView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    _auth_page(
        "password_change/", auth_views.PasswordChangeView, "password_change", "password_change_form.html"
    ),
    _auth_page(
        "password_change/done/",
        auth_views.PasswordChangeDoneView,
        "password_change_done",
        "password_change_done.html",
    ),
    _auth_page(
        "password_reset/",
        auth_views.PasswordResetView,
        "password_reset",
        "password_reset_form.html",
        email_template_name="accounts/password_reset_email.txt",
        subject_template_name="accounts/password_reset_subject.txt",
    ),
    _auth_page(
        "password_reset/done/",
        auth_views.PasswordResetDoneView,
        "password_reset_done",
        "password_reset_done.html",
    ),
    _auth_page(
        "reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView,
        "password_reset_confirm",
        "password_reset_confirm.html",
        success_url=reverse_lazy("password_reset_complete"),
    ),
    _auth_page(
        "reset/done/",
        auth_views.PasswordResetCompleteView,
        "password_reset_complete",
        "password_reset_complete.html",
    ),
]

urlpatterns = [
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/me/", views.account, name="account"),
    path("accounts/claim/", views.claim, name="claim"),
    path("accounts/notices/", views.notice_list, name="notices"),
    path("accounts/unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
    path("accounts/my-games/", views.my_games, name="my-games"),
    path("events/<slug:slug>/players/claim-codes/", views.claim_codes, name="claim-codes"),
]
