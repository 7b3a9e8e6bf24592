"""A person's own pages (namespace ``accounts``): sign-up and sign-in, the account page (API token), claiming a player,
notices, "my games" and the organiser's claim codes of an event.

Views stay thin: every rule is in ``personal.claims``, ``personal.notices``, ``accounts.lockout``
and ``personal.my_games``; an ``AccountError`` becomes a form error, a refused permission the 403 page.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import LoginView
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views import i18n
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST
from rest_framework.authtoken.models import Token

from accounts import tokens
from accounts.errors import AccountError, attempt
from accounts.forms import LockoutAuthenticationForm, answer_locked_out
from accounts.notices import KINDS
from accounts.policy import Action
from games.play import vacations
from games.play.clocks import VACATION_DAYS
from games.web import play_page
from personal import claims, emails, notices, preferences
from personal.forms import ClaimForm, LinkForm, SignUpForm
from personal.my_games import ANSWER, SUBMIT, games_of_user, sections_of
from tournaments.models import Event
from tournaments.web.views.common import event_context, event_page, id_or_404


class SignInView(LoginView):
    """Django's sign-in, refusing locked-out names and addresses (answered 429 with the time to wait)."""

    form_class = LockoutAuthenticationForm
    template_name = "registration/login.html"

    def form_invalid(self, form: Any) -> HttpResponse:
        return answer_locked_out(super().form_invalid(form), form)


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("accounts:account")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(
            request, _("Welcome, %(name)s. If you play in an event, claim your player now.") % {"name": user}
        )
        return redirect("accounts:claim")
    status = 400 if request.method == "POST" else 200
    return render(request, "accounts/signup.html", {"form": form}, status=status)


def _confirming(
    request: HttpRequest, question: str, action: str, extra: dict[str, str] | None = None
) -> HttpResponse | None:
    """The confirmation page of an irreversible action, unless the form says it was confirmed."""
    if request.POST.get("confirmed") == "yes":
        return None
    fields = {"action": action, **(extra or {})}
    return render(request, "accounts/confirm.html", {"question": question, "fields": fields})


def _bot_flag(request: HttpRequest, bot: bool) -> HttpResponse | None:
    """Set or clear the account's bot flag (``accounts.tokens``: what ``/api/me/bot/`` sets), once
    confirmed: the pages show it beside the account's player."""
    question = (
        _("Mark your account as played by a program? Every page naming your player will show it as a bot.")
        if bot
        else _("Clear your account's bot mark? The pages will no longer show your player as a bot.")
    )
    asked = _confirming(request, question, "bot-on" if bot else "bot-off")
    if asked:
        return asked
    tokens.set_bot(request.user, bot)
    messages.success(
        request,
        _("Your account is marked as played by a program.")
        if bot
        else _("Your account is no longer marked as a bot."),
    )
    return None


@login_required
@require_http_methods(["GET", "POST"])
def account(request: HttpRequest) -> HttpResponse:
    """The user's page: his player, his notices, his vacation (start, end), his API token (create,
    replace, revoke)."""
    user = request.user
    if request.method == "POST":
        action = request.POST.get("action")
        existing = Token.objects.filter(user=user).first()
        if action == "create-token":
            if existing is not None:
                asked = _confirming(
                    request, _("Replace your API token? Programs using the old one will be refused."), action
                )
                if asked:
                    return asked
                existing.delete()
            Token.objects.create(user=user)
            messages.success(request, _("Your new API token is shown below."))
        elif action == "revoke-token":
            if existing is None:
                messages.error(request, _("You have no API token to revoke."))
                return redirect("accounts:account")
            asked = _confirming(
                request, _("Revoke your API token? Programs using it will be refused."), action
            )
            if asked:
                return asked
            existing.delete()
            messages.success(request, _("Your API token is revoked."))
        elif action == "notice-emails":
            # the form sends every kind it shows, checked or not: those unchecked are muted
            shown = request.POST.getlist("kinds")
            chosen = attempt(
                lambda: preferences.set_preferences(
                    user,
                    language=request.POST.get("language"),  # a client may leave it as it is
                    emails=request.POST.get("emails") == "on",
                    email_off=[kind for kind in shown if kind not in request.POST.getlist("email")],
                )
            )
            if chosen.refused:
                messages.error(request, str(chosen.error))
            else:
                messages.success(request, _("Your choice of e-mails is saved."))
        elif action in ("bot-on", "bot-off"):
            asked = _bot_flag(request, action == "bot-on")
            if asked:
                return asked
        elif action in ("start-vacation", "end-vacation"):
            change = vacations.start if action == "start-vacation" else vacations.end
            done = attempt(lambda: change(user))
            if done.refused:
                messages.error(request, str(done.error))
            elif action == "start-vacation":
                messages.success(request, _("You are on vacation: your correspondence clocks are paused."))
            else:
                messages.success(request, _("Your vacation is over: your clocks run again."))
        else:
            messages.error(request, _("Unknown action."))
        return redirect("accounts:account")
    player = claims.player_of(user)
    vacation = None if player is None else vacations.state_of(player)
    context = {
        "player": player,
        "token": Token.objects.filter(user=user).first(),
        "bot": tokens.is_bot(user),
        "unread": notices.unread_count(user),
        "vacation": vacation,
        "vacation_days": VACATION_DAYS,
        "vacation_left": "" if vacation is None else vacations.duration_text(vacation.left),
        "notice_preferences": preferences.preferences_of(user),
        "notice_kinds": [(kind, label) for kind, label in KINDS.items()],
        "languages": settings.LANGUAGES,
    }
    return render(request, "accounts/account.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def claim(request: HttpRequest) -> HttpResponse:
    player = claims.player_of(request.user)
    form = ClaimForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                player = claims.claim(request.user, form.cleaned_data["code"])
            except AccountError as exc:
                form.add_error("code", str(exc))
            else:
                messages.success(
                    request, _("Your account is now linked to the player %(player)s.") % {"player": player}
                )
                return redirect("accounts:my-games")
        status = 400
    return render(request, "accounts/claim.html", {"form": form, "player": player}, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def notice_list(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        raw = request.POST.get("notice")
        if raw:
            if notices.mark_read(request.user, [id_or_404(raw)]) == 0:
                raise Http404(_("no unread notice of yours has this id"))
        else:
            notices.mark_read(request.user)
        return redirect("accounts:notices")
    items = notices.notices_of(request.user)
    return render(
        request, "accounts/notices.html", {"notices": items, "unread": sum(not n.read for n in items)}
    )


@login_required
def my_games(request: HttpRequest) -> HttpResponse:
    player = claims.player_of(request.user)
    lines = games_of_user(request.user)
    play = sections_of(request.user) if player is not None else None
    context = {
        "player": player,
        "lines": lines,
        # games to play are in the list of games on the service: here the records and answers
        "to_do": [line for line in lines if any(g.action in (SUBMIT, ANSWER) for g in line.lines)],
        "play": play,
        "play_sections": []
        if play is None
        else [
            ("mine", _("Your move"), play.your_move),
            ("waiting", _("Waiting"), play.waiting),
            ("finished", _("Finished recently"), play.finished),
        ],
        "days_format": play_page.DAYS_FORMAT,
    }
    return render(request, "accounts/my_games.html", context)


@event_page(Action.MANAGE_CLAIM_CODES)
@require_http_methods(["GET", "POST"])
def claim_codes(request: HttpRequest, event: Event) -> HttpResponse:
    """The event's claim codes (its organisers only): list, print, regenerate; link or unlink accounts.
    A refused change creates no code (the list shown again is the codes there are)."""
    status = 200
    if request.method != "POST":
        codes = claims.codes_of(event, request.user)
    else:
        registration = get_object_or_404(
            event.registrations.select_related("player"), pk=id_or_404(request.POST.get("registration"))
        )
        action = request.POST.get("action", "")
        extra = {"registration": str(registration.pk)}
        try:
            if action == "regenerate":
                asked = _confirming(
                    request,
                    _("Give %(player)s a new claim code? The old one will no longer work.")
                    % {"player": registration.player},
                    action,
                    extra,
                )
                if asked:
                    return asked
                claims.regenerate(registration, request.user)
                messages.success(
                    request, _("%(player)s has a new claim code.") % {"player": registration.player}
                )
            elif action == "link":
                form = LinkForm(request.POST)
                if not form.is_valid():
                    raise AccountError(_("enter the user name of the account to link"))
                claims.link(registration, request.user, form.cleaned_data["username"])
                messages.success(
                    request, _("%(player)s is linked to the account.") % {"player": registration.player}
                )
            elif action == "unlink":
                asked = registration.player.user_id is not None and _confirming(
                    request,
                    _("Remove the link between %(player)s and the account %(account)s?")
                    % {"player": registration.player, "account": registration.player.user},
                    action,
                    extra,
                )
                if asked:
                    return asked
                claims.unlink(registration, request.user)
                messages.success(
                    request,
                    _("%(player)s is no longer linked to an account.") % {"player": registration.player},
                )
            else:
                raise AccountError(_("unknown action “%(action)s”") % {"action": action[:40]})
        except AccountError as exc:
            messages.error(request, str(exc))
            status = 400
        else:
            return redirect("accounts:claim-codes", slug=event.slug)
        codes = claims.codes_of(event, request.user, create=False)
    context = {
        **event_context(request, event, "players"),
        "codes": codes,
        "claim_url": request.build_absolute_uri("/accounts/claim/"),
        "slips": request.GET.get("print") == "1",
    }
    return render(request, "accounts/claim_codes.html", context, status=status)


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """The header's language switcher (Django's ``set_language``); a signed-in user's choice becomes
    the language of his notices too (``personal.preferences.remember_language``)."""
    response = i18n.set_language(request)
    if request.user.is_authenticated:
        preferences.remember_language(request.user, request.POST.get("language", ""))
    return response


@csrf_exempt  # the signed link is its own proof; a mail program posts it with no cookie (RFC 8058)
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    """An e-mail's unsubscribe link (``personal.emails``): GET asks, POST (the page's button, or a
    mail program's one click) stops the e-mails of its kind, or all of them (``all``). A link whose
    signature does not hold is refused (400), for a user who is gone too (404)."""
    try:
        user_id, kind = emails.read_token(token)
    except emails.BadLink:
        return render(request, "accounts/unsubscribe.html", {"bad": True}, status=400)
    if request.method == "POST":
        if request.POST.get("all") == "1":
            kind = emails.ALL
        if emails.unsubscribe(user_id, kind) is None:
            raise Http404(_("there is no such account"))
        done = {"done": True, "kind": emails.kind_label(kind), "all": kind == emails.ALL}
        return render(request, "accounts/unsubscribe.html", done)
    return render(
        request, "accounts/unsubscribe.html", {"kind": emails.kind_label(kind), "all": kind == emails.ALL}
    )
