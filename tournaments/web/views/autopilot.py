"""The autopilot's page (its settings, pause and resume, the steps it took) and the webhooks' page
(the URLs, their secret, every delivery with its status) of an event (issue 36)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from accounts.errors import attempt
from accounts.policy import Action, can
from tournaments.autopilot import services
from tournaments.models import Event, Webhook
from tournaments.telling import webhooks
from tournaments.web.forms.autopilot import AutopilotForm, WebhookForm
from tournaments.web.views.common import event_context, event_page, id_or_404, sentence


@event_page()
def autopilot(request: HttpRequest, event: Event) -> HttpResponse:
    """The autopilot's settings (a POST with ``action`` ``pause`` or ``resume`` pauses or resumes it)."""
    status = 200
    form = AutopilotForm(initial=AutopilotForm.autopilot_initial(event), event=event)
    if request.method == "POST":
        action = request.POST.get("action", "")
        if action in ("pause", "resume"):
            change = services.pause if action == "pause" else services.resume
            done = attempt(lambda: change(event, request.user))
            if done.refused:
                messages.error(request, sentence(done.reason))
            else:
                messages.success(
                    request,
                    _("The autopilot is paused.") if action == "pause" else _("The autopilot is running."),
                )
            return redirect("tournaments:event-autopilot", slug=event.slug)
        form = AutopilotForm(request.POST, initial=AutopilotForm.autopilot_initial(event), event=event)
        if form.is_valid():
            values = form.autopilot_values()
            if event.status != Event.Status.CREATED:
                values.pop("all_rounds_at_once")
            saved = attempt(lambda: services.set_autopilot(event, request.user, values))
            if not saved.refused:
                messages.success(request, _("Settings saved."))
                return redirect("tournaments:event-autopilot", slug=event.slug)
            form.add_error(None, saved.reason)
        status = 400
    context = event_context(request, event, "overview")
    context.update(
        {
            "form": form,
            "steps": services.log_of(event),
            "may_manage_webhooks": can(request.user, Action.MANAGE_WEBHOOKS, event),
        }
    )
    return render(request, "tournaments/event_autopilot.html", context, status=status)


@event_page(action=Action.MANAGE_WEBHOOKS)
def event_webhooks(request: HttpRequest, event: Event) -> HttpResponse:
    """The webhooks: add one (``url``), remove one (``remove``: its id), a new secret (``secret``)."""
    status = 200
    form = WebhookForm()
    if request.method == "POST":
        if "remove" in request.POST:
            hook = get_object_or_404(Webhook, pk=id_or_404(request.POST["remove"]), event=event)
            webhooks.remove_webhook(hook, request.user)
            messages.success(request, _("The webhook is removed."))
            return redirect("tournaments:event-webhooks", slug=event.slug)
        if "secret" in request.POST:
            webhooks.new_secret(event, request.user)
            messages.success(
                request, _("The webhooks have a new secret: the messages from now on are signed with it.")
            )
            return redirect("tournaments:event-webhooks", slug=event.slug)
        form = WebhookForm(request.POST)
        if form.is_valid():
            added = attempt(lambda: webhooks.add_webhook(event, request.user, form.cleaned_data["url"]))
            if not added.refused:
                messages.success(request, _("The webhook is added."))
                return redirect("tournaments:event-webhooks", slug=event.slug)
            form.add_error("url", added.reason)
        status = 400
    event.refresh_from_db(fields=["webhook_secret"])
    context = event_context(request, event, "overview")
    context.update(
        {
            "form": form,
            "webhooks": list(event.webhooks.order_by("pk")),
            "secret": event.webhook_secret,
            "deliveries": list(webhooks.deliveries_of(event, request.user)[:100]),
            "signature_header": webhooks.SIGNATURE_HEADER,
            "kinds": webhooks.KINDS,
        }
    )
    return render(request, "tournaments/event_webhooks.html", context, status=status)
