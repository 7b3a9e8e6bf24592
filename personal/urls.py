"""Page URLs of a person's own pages (the namespace stays ``accounts``): ``auth_patterns`` (Django's names: login, logout, password_reset, ...) and
``urlpatterns`` (namespace ``accounts``: sign-up, account, claim, notices, my games, claim codes)."""

from django.contrib.auth import views as auth_views
from django.urls import path, reverse_lazy

from personal import views

app_name = "accounts"

auth_patterns = [
    path("login/", views.SignInView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path(
        "password_change/",
        auth_views.PasswordChangeView.as_view(template_name="accounts/password_change_form.html"),
        name="password_change",
    ),
    path(
        "password_change/done/",
        auth_views.PasswordChangeDoneView.as_view(template_name="accounts/password_change_done.html"),
        name="password_change_done",
    ),
    path(
        "password_reset/",
        auth_views.PasswordResetView.as_view(
            template_name="accounts/password_reset_form.html",
            email_template_name="accounts/password_reset_email.txt",
            subject_template_name="accounts/password_reset_subject.txt",
        ),
        name="password_reset",
    ),
    path(
        "password_reset/done/",
        auth_views.PasswordResetDoneView.as_view(template_name="accounts/password_reset_done.html"),
        name="password_reset_done",
    ),
    path(
        "reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(
            template_name="accounts/password_reset_confirm.html",
            success_url=reverse_lazy("password_reset_complete"),
        ),
        name="password_reset_confirm",
    ),
    path(
        "reset/done/",
        auth_views.PasswordResetCompleteView.as_view(template_name="accounts/password_reset_complete.html"),
        name="password_reset_complete",
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
