"""Demo data a newcomer can click through: a finished GIPF round robin and a running DVONN Swiss."""

from __future__ import annotations

import random
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from accounts.models import Player
from arbiter import registry
from games.records.services import games_of, submit_record
from tournaments.events.services import create_event, finish_event, start_event
from tournaments.models import Event, Pairing, Round
from tournaments.pairing.edits import publish_round
from tournaments.pairing.services import pair_next_round
from tournaments.registration.services import register, unique_handle
from tournaments.results.services import close_round

GIPF_PLAYERS = [
    ("Kris Burm", "BEL", 1850),
    ("Anna Vermeer", "NED", 1790),
    ("Lukas Schmidt", "GER", 1720),
    ("Marie Dubois", "FRA", 1680),
    ("Tomasz Nowak", "POL", 1610),
    ("Elena Rossi", "ITA", 1560),
]
DVONN_PLAYERS = [
    ("Sofia Lindqvist", "SWE", 1910),
    ("Pieter de Vries", "NED", 1840),
    ("Jonas Weber", "GER", 1775),
    ("Chloe Martin", "FRA", 1700),
    ("Oliver Brown", "GBR", 1655),
    ("Marta Kowalska", "POL", 1600),
    ("Diego Alvarez", "ESP", 1540),
]

DEMO_PLAYER = "Sofia Lindqvist"  # README: her account has a game of the running DVONN Swiss to submit


def _usual_game(name: str) -> str:
    """The usual variant of the registered game called ``name`` (GIPF: the standard rules)."""
    return next(spec.usual_key for spec in registry.specs() if spec.name == name)


class Command(BaseCommand):
    help = "Load demo data (idempotent): users, a finished GIPF round robin and a running DVONN Swiss event."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--seed", type=int, default=2026, help="seed for the demo games and results")
        parser.add_argument(
            "--known-passwords",
            action="store_true",
            help="create the demo accounts (with the passwords README gives) even though DEBUG is off",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if not settings.DEBUG and not options["known_passwords"]:
            raise CommandError(
                "DEBUG is off: the demo creates accounts whose passwords are published (admin/demo-admin, "
                "the players' demo-player, ...). Run it on a development setup (DEBUG=1), or pass --known-passwords if you mean it."
            )
        rng = random.Random(options["seed"])
        with transaction.atomic():
            organiser = self._user("organiser", "demo-organiser", "Olivia", "Organiser")
            arbiter = self._user("arbiter", "demo-arbiter", "Arthur", "Arbiter")
            self._user("admin", "demo-admin", "Ada", "Admin", superuser=True)
            players = {
                name: self._player(name, country) for name, country, _rating in GIPF_PLAYERS + DVONN_PLAYERS
            }
            for player in players.values():
                self._account_of(player)
        for slug, build in (("gipf-club-championship", self._gipf_event), ("dvonn-open", self._dvonn_event)):
            try:
                build(organiser, players, rng)
            except Exception as exc:
                # Rounds are paired and records verified by tasks after each commit, so an event is
                # built in steps; one that fails half-way is removed so that a rerun starts clean.
                Event.objects.filter(slug=slug).delete()
                raise CommandError(f"the demo event {slug} could not be built: {exc}") from exc
        for event in Event.objects.filter(slug__in=["gipf-club-championship", "dvonn-open"]):
            event.arbiters.add(arbiter)
        self.stdout.write(
            self.style.SUCCESS(
                "Demo data ready: sign in as organiser / demo-organiser, or as a player "
                "(e.g. sofia-lindqvist / demo-player)."
            )
        )

    def _user(self, username: str, password: str, first: str, last: str, superuser: bool = False) -> User:
        user, created = User.objects.get_or_create(
            username=username,
            defaults={"first_name": first, "last_name": last, "email": f"{username}@example.org"},
        )
        if created:
            user.set_password(password)
            user.is_staff = user.is_superuser = superuser
            user.save()
            self.stdout.write(f"  user {username} created")
        return user

    def _account_of(self, player: Player) -> None:
        """The player's account: his handle as user name, password ``demo-player`` (README)."""
        if player.user_id is not None:
            return
        first, _, last = player.display_name.partition(" ")
        user = self._user(player.handle, "demo-player", first, last)
        if not Player.objects.filter(user=user).exists():
            player.user = user
            player.save(update_fields=["user"])

    def _player(self, name: str, country: str) -> Player:
        player = Player.objects.filter(display_name=name).first()
        if player is None:
            player = Player.objects.create(display_name=name, handle=unique_handle(name), country=country)
        return player

    def _paired(self, event: Event, round_: Round, organiser: User) -> Round:
        """The round once paired; Swiss pairings are published as an organiser would."""
        round_.refresh_from_db()
        if round_.status != Round.Status.PAIRED:
            raise RuntimeError(f"round {round_.number} of {event} was not paired: {round_.pairing_error}")
        if event.system_spec.draft_rounds:
            publish_round(round_, organiser)
        return round_

    def _play_round(self, event: Event, round_: Round, organiser: User, rng: random.Random) -> None:
        round_ = self._paired(event, round_, organiser)
        for pairing in round_.pairings.filter(black__isnull=False):
            demo_play(pairing, organiser, seed=rng.randrange(1 << 30))

    def _gipf_event(self, organiser: User, players: dict[str, Player], rng: random.Random) -> None:
        if Event.objects.filter(slug="gipf-club-championship").exists():
            self.stdout.write("  GIPF club championship already there")
            return
        self.stdout.write("  GIPF club championship: 6-player round robin, 5 rounds")
        event = create_event(
            organiser,
            name="GIPF Club Championship",
            slug="gipf-club-championship",
            game=_usual_game("GIPF"),
            pairing_system=Event.System.ROUND_ROBIN,
            location="Antwerp",
        )
        for name, _, rating in GIPF_PLAYERS:
            register(event, organiser, players[name], rating)
        round_ = start_event(event, organiser, "white")
        while True:
            self._play_round(event, round_, organiser, rng)
            close_round(round_, organiser)
            self.stdout.write(f"    round {round_.number} played")
            event.refresh_from_db()
            if round_.number >= (event.rounds or 0):
                break
            round_ = pair_next_round(event, organiser)
        finish_event(event, organiser)

    def _dvonn_event(self, organiser: User, players: dict[str, Player], rng: random.Random) -> None:
        if Event.objects.filter(slug="dvonn-open").exists():
            self.stdout.write("  DVONN Open already there")
            return
        self.stdout.write("  DVONN Open: 7-player Swiss, 5 rounds, round 3 in progress")
        event = create_event(
            organiser,
            name="DVONN Open",
            slug="dvonn-open",
            game=_usual_game("DVONN"),
            pairing_system=Event.System.SWISS_DUTCH,
            rounds=5,
            location="Online",
        )
        for name, _, rating in DVONN_PLAYERS:
            register(event, organiser, players[name], rating)
        round_ = start_event(event, organiser, "white")
        for _ in range(2):
            self._play_round(event, round_, organiser, rng)
            close_round(round_, organiser)
            self.stdout.write(f"    round {round_.number} played")
            round_ = pair_next_round(event, organiser)
        round_ = self._paired(event, round_, organiser)
        # Round 3: some results in, the others still to come; the README's demo player (the top
        # seed) is left a game to submit.
        waiting = players[DEMO_PLAYER]
        played = (
            round_.pairings.filter(black__isnull=False)
            .exclude(white__player=waiting)
            .exclude(black__player=waiting)
            .order_by("board")
        )
        for pairing in played[:1]:
            demo_play(pairing, organiser, seed=rng.randrange(1 << 30))


def demo_play(pairing: Pairing, user: object, seed: int) -> None:
    """Play random legal games for a pairing and submit them (demo data)."""
    for number, game in enumerate(games_of(pairing), start=1):
        tags = {
            "Event": pairing.round.event.name,
            "Round": str(pairing.round.number),
            "White": game.white.display_name,
            "Black": game.black.display_name,
        }
        text = registry.random_record(game.game, seed + number, tags)
        submit_record(pairing, user, text, number)
