from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework.routers import DefaultRouter

from accounts import token_api
from games.api import challenges as challenges_api
from games.api import play as play_api
from games.api import vacation as vacation_api
from games.api import views as games_api
from games.web import urls as games_urls
from personal import api as personal_api
from personal import notices_api, people_api
from personal import urls as accounts_urls
from personal import views as accounts_views
from tournaments.api import views as tournaments_api
from tournaments.web import urls as tournaments_urls

# every app's admin.py, imported here rather than when Django starts (config.admin_app)
admin.autodiscover()

router = DefaultRouter()
# play first: its patterns are tried first (a move, the API's most frequent request, is resolved before
# the hundred-odd patterns of the other resources are tried); the challenges before play/{id}/
router.register("play/challenges", challenges_api.ChallengeViewSet, basename="challenge")
router.register("play", play_api.ServiceGameViewSet, basename="service-game")
router.register("events", tournaments_api.EventViewSet, basename="event")
router.register("pairings", tournaments_api.PairingViewSet, basename="pairing")
router.register("players", tournaments_api.PlayerViewSet, basename="player")
router.register("games", games_api.GameViewSet, basename="game")
router.register("records", games_api.SubmittedRecordViewSet, basename="record")


def play_first(routes: list) -> list:  # type: ignore[type-arg]
    """The router's patterns with a move's (``play/{id}/move/``, the API's most frequent request)
    first of all: it is matched at the first try, not after the thirty patterns before it. No other
    pattern matches its addresses, so every address resolves as before."""
    first = [
        route
        for route in routes
        if route.name == "service-game-move" and "format" not in route.pattern.regex.groupindex
    ]
    return [*first, *(route for route in routes if route not in first)]


api_patterns = [
    path("", include(play_first(router.urls))),
    path("replay/", games_api.replay, name="replay"),
    path("vacation/", vacation_api.VacationView.as_view(), name="vacation"),
    path("vacation/end/", vacation_api.VacationEndView.as_view(), name="vacation-end"),
    path("events/<slug:slug>/claim-codes/", personal_api.ClaimCodesView.as_view(), name="claim-codes"),
    path(
        "events/<slug:slug>/claim-codes/<str:handle>/",
        personal_api.ClaimCodeView.as_view(),
        name="claim-code",
    ),
    path("tokens/", token_api.TokensView.as_view(), name="tokens"),
    path("tokens/revoke/", token_api.TokenRevokeView.as_view(), name="token-revoke"),
    path("me/", personal_api.MeView.as_view(), name="me"),
    path("me/bot/", token_api.BotFlagView.as_view(), name="me-bot"),
    path("me/claim/", people_api.ClaimView.as_view(), name="claim"),
    path("signup/", people_api.SignUpView.as_view(), name="signup"),
    path("notices/", notices_api.NoticeListView.as_view(), name="notices"),
    path("notices/read/", notices_api.NoticeReadView.as_view(), name="notices-read"),
    path("notices/preferences/", notices_api.NoticePreferencesView.as_view(), name="notice-preferences"),
    path("ratings/<str:family>/", tournaments_api.RatingListView.as_view(), name="rating-list"),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    # the split view serves its start-up script as a file: the Content-Security-Policy allows no inline script
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="api:schema"), name="docs"),
]

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", include((api_patterns, "api"))),
    path("games/", include((games_urls.urlpatterns + tournaments_urls.game_patterns, "games"))),
    path("accounts/", include(accounts_urls.auth_patterns)),  # sign-in, sign-out, password change and reset
    path("", include("personal.urls")),  # sign-up, account, claim, notices, my games, claim codes
    # the header's language switcher: Django's set_language, which also keeps a signed-in user's
    # choice for his notices (personal.views.set_language); the same address as django.conf.urls.i18n's
    path("i18n/setlang/", accounts_views.set_language, name="set_language"),
    path("", include("tournaments.web.urls")),
]

handler400 = "config.errors.bad_request"
handler403 = "config.errors.permission_denied"
handler404 = "config.errors.page_not_found"
handler500 = "config.errors.server_error"
