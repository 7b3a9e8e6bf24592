"""A pasted player list: read, planned (the page's preview), registered in bulk. The rules at home here.

Reading (:func:`parse_player_list`, pure): one player a line, blank lines and lines starting with
``#`` skipped, at most :data:`MAX_LIST_PLAYERS` players and :data:`MAX_LIST_CHARS` characters. A line
is a name, optionally followed by a rating (:func:`split_rating`): what follows the last comma or
semicolon, or else a last word made of digits (with a sign or a decimal point, as a mistyped rating
has) is the rating, and must be a whole number from 0 to :data:`MAX_RATING`. ``Marc Dupont 99999``,
``Nina Peeters -5`` and ``Lotte Vos, abc`` are problems, never names. Every problem of the list is
reported at once (:class:`PlayerListError`), one per line, in line order.

Planning (:func:`plan_list`): which stored player each line means (``registration.matching``, looked
up for the whole list at once), the rating each registration gets, and every further problem (a
player twice in the list, already registered, an ambiguous name, an unknown handle). The players
page shows the plan before anything is registered. A player with no rating given and none in the
event's rating list is registered unrated.

Registering (:func:`register_plan`): the plan written in bulk (new players, then registrations) in
one transaction, a fixed number of queries whatever the list's length.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils.text import slugify
from django.utils.translation import gettext as _

from accounts.models import Player
from tournaments.errors import ServiceError
from tournaments.models import Event, Rating, Registration
from tournaments.ratings.families import family_of
from tournaments.registration.matching import AmbiguousPlayer, UnknownHandle, find_player, normalised

MAX_LIST_PLAYERS = 1000
MAX_LIST_CHARS = 100_000
MAX_RATING = 4000
MAX_NAME_CHARS: int = Player._meta.get_field("display_name").max_length  # type: ignore[assignment]


class BadRating(ValueError):
    """The text given where a rating belongs is not one."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


class PlayerListError(ServiceError):
    """Every problem of a pasted list (``problems``, in line order), told at once."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems
        self.data = {"problems": problems}  # the API's answer names each


@dataclass
class ParsedEntry:
    line: int
    name: str
    rating: int | None
    country: str = ""


def _rating(text: str) -> int:
    """The rating ``text`` names; its digits are counted before any conversion, so that a pasted
    run of thousands of digits is a bad rating like any other, never Python's limit on
    converting long digit strings (a ValueError past 4,300 digits, a 500)."""
    if not text.isascii() or not text.isdigit() or len(text.lstrip("0")) > len(str(MAX_RATING)):
        raise BadRating(text)
    if int(text) > MAX_RATING:
        raise BadRating(text)
    return int(text)


def _looks_like_a_number(word: str) -> bool:
    return any(c.isdigit() for c in word) and all(c.isdigit() or c in "+-.," for c in word)


def split_rating(line: str) -> tuple[str, int | None]:
    """``"Ann Smith, 1650"`` -> ("Ann Smith", 1650); raises :class:`BadRating` for a rating that is
    none (``"Ann Smith 99999"``, ``"Ann Smith, abc"``). A number alone is a name.

    Read with string operations, linear in the line whatever it holds.
    """
    head = line.strip()
    cut = max(head.rfind(","), head.rfind(";"))
    if cut >= 0:
        name, text = head[:cut].strip(" ,;"), head[cut + 1 :].strip()
        return (name, _rating(text)) if text else (name, None)
    words = head.rsplit(None, 1)
    if len(words) == 2 and _looks_like_a_number(words[1]):
        return words[0].strip(), _rating(words[1])
    return head, None


def _problem(number: int, name: str, text: str) -> str:
    where = (
        _("line %(line)s (%(name)s)") % {"line": number, "name": name}
        if name
        else _("line %(line)s") % {"line": number}
    )
    return f"{where}: {text}"


def parse_player_list(text: str) -> list[ParsedEntry]:
    """The list's entries; raises :class:`PlayerListError` naming every problem of the list."""
    entries, problems = _read(text)
    if problems:
        raise PlayerListError([problem for _line, problem in problems])
    return entries


def _read(text: str) -> tuple[list[ParsedEntry], list[tuple[int, str]]]:
    """The entries read and the problems (line, message) of the others."""
    if len(text) > MAX_LIST_CHARS:
        raise PlayerListError(
            [
                _("the list is longer than the limit of %(limit)s characters: paste it in parts")
                % {"limit": MAX_LIST_CHARS}
            ]
        )
    entries: list[ParsedEntry] = []
    problems: list[tuple[int, str]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        try:
            name, rating = split_rating(line)
        except BadRating as exc:
            name = normalised(line.rsplit(exc.text, 1)[0].strip(" ,;"))
            problems.append(
                (
                    number,
                    _problem(
                        number,
                        name,
                        _("'%(text)s' is not a rating: a rating is a whole number from 0 to %(max)s")
                        % {"text": exc.text[:20], "max": MAX_RATING},
                    ),
                )
            )
            continue
        name = normalised(name)
        if not name:
            problems.append((number, _problem(number, "", _("no name"))))
        elif len(name) > MAX_NAME_CHARS:
            problems.append(
                (
                    number,
                    _problem(
                        number, "", _("name longer than %(limit)s characters") % {"limit": MAX_NAME_CHARS}
                    ),
                )
            )
        else:
            entries.append(ParsedEntry(number, name, rating))
    if len(entries) > MAX_LIST_PLAYERS:
        raise PlayerListError(
            [
                _("the list has %(count)s players, more than the limit of %(limit)s: paste it in parts")
                % {"count": len(entries), "limit": MAX_LIST_PLAYERS}
            ]
        )
    if not entries and not problems:
        raise ServiceError(_("the list is empty: write one player per line, optionally followed by a rating"))
    return entries, problems


@dataclass
class PlannedEntry:
    """One line of the plan: a stored player (``player``) or a new one (``player`` None)."""

    line: int
    name: str
    rating: int | None  # None: unrated
    given_rating: int | None
    player: Player | None = None

    @property
    def is_new(self) -> bool:
        return self.player is None


@dataclass
class Plan:
    event: Event
    entries: list[PlannedEntry] = field(default_factory=list)

    @property
    def new_players(self) -> int:
        return sum(1 for entry in self.entries if entry.is_new)


def _key(name: str) -> str:
    """How a name is looked up: ``@handle`` by its handle, any other by itself."""
    return f"@{name[1:].strip()}" if name.startswith("@") else name


def _candidates(names: list[str]) -> dict[str, list[Player]]:
    """The stored players each name may mean, as :func:`find_player` reads a name (display name
    ignoring case, or handle; ``@handle`` its handle), looked up 500 names a query."""
    found: dict[str, list[Player]] = defaultdict(list)
    plain = sorted({name for name in names if not name.startswith("@")})
    handles = sorted({_key(name)[1:] for name in names if name.startswith("@")})
    for start in range(0, len(plain), 500):
        chunk = plain[start : start + 500]
        by_lower: dict[str, list[str]] = defaultdict(list)
        for name in chunk:
            by_lower[name.lower()].append(name)
        exact = set(chunk)
        query = Player.objects.annotate(lowered=Lower("display_name")).filter(
            Q(lowered__in=list(by_lower)) | Q(handle__in=chunk)
        )
        for player in query.order_by("pk"):
            meant = set(by_lower.get(player.display_name.lower(), []))
            if player.handle in exact:
                meant.add(player.handle)
            for name in meant:
                found[name].append(player)
    for start in range(0, len(handles), 500):
        for player in Player.objects.filter(handle__in=handles[start : start + 500]):
            found[f"@{player.handle}"].append(player)
    return found


def plan_list(event: Event, text: str) -> Plan:
    """What registering the list would do; raises :class:`PlayerListError` naming every problem."""
    entries, problems = _read(text)
    family = family_of(event.game)
    candidates = _candidates([entry.name for entry in entries])
    plan = Plan(event)
    seen: dict[int | str, int] = {}
    for entry in entries:
        options = candidates.get(_key(entry.name), [])
        player: Player | None = None
        try:
            if entry.name.startswith("@") and not options:
                raise UnknownHandle(_key(entry.name)[1:])
            if len(options) == 1:
                player = options[0]
            elif options:  # several fit: the rating tells them apart (matching's rule; rare)
                player = find_player(entry.name, rating=entry.rating, family=family)
        except (AmbiguousPlayer, UnknownHandle) as exc:
            problems.append((entry.line, _problem(entry.line, entry.name, str(exc))))
            continue
        key: int | str = player.pk if player is not None else entry.name.lower()
        if key in seen:
            problems.append(
                (
                    entry.line,
                    _problem(
                        entry.line, entry.name, _("also on line %(line)s of the list") % {"line": seen[key]}
                    ),
                )
            )
            continue
        seen[key] = entry.line
        plan.entries.append(PlannedEntry(entry.line, entry.name, 0, entry.rating, player))
    known = [planned.player.pk for planned in plan.entries if planned.player is not None]
    registered = set(
        Registration.objects.filter(event=event, player_id__in=known).values_list("player_id", flat=True)
    )
    ratings = dict(
        Rating.objects.filter(player_id__in=known, family=family).values_list("player_id", "rating")
    )
    for planned in plan.entries:
        if planned.player is not None and planned.player.pk in registered:
            already = _("%(player)s is already registered") % {"player": planned.player}
            problems.append((planned.line, _problem(planned.line, planned.name, already)))
        stored = ratings.get(planned.player.pk) if planned.player is not None else None
        planned.rating = planned.given_rating if planned.given_rating is not None else stored
    if problems:
        raise PlayerListError([text for _line, text in sorted(problems)])
    return plan


def _handles(names: list[str]) -> list[str]:
    """A free handle for each new name, unique among themselves and the stored players."""
    bases = [slugify(name)[:50] or "player" for name in names]
    taken = set(Player.objects.filter(handle__in=set(bases)).values_list("handle", flat=True))
    repeated = {base for base, count in Counter(bases).items() if count > 1}
    for base in {base for base in bases if base in taken} | repeated:
        taken |= set(Player.objects.filter(handle__startswith=f"{base}-").values_list("handle", flat=True))
    handles = []
    for base in bases:
        handle, counter = base, 2
        while handle in taken:
            handle, counter = f"{base}-{counter}", counter + 1
        taken.add(handle)
        handles.append(handle)
    return handles


def register_plan(plan: Plan, new_player: Callable[[str], Player]) -> list[Registration]:
    """Write the plan in bulk (inside the caller's transaction, the event's row locked);
    ``new_player`` creates one player when a bulk insert collides with a concurrent one."""
    new = [entry for entry in plan.entries if entry.is_new]
    try:
        with transaction.atomic():
            created = Player.objects.bulk_create(
                Player(display_name=entry.name, handle=handle)
                for entry, handle in zip(new, _handles([entry.name for entry in new]))
            )
    except IntegrityError:  # a handle taken at this moment elsewhere: one by one, as register does
        created = [new_player(entry.name) for entry in new]
    for entry, player in zip(new, created):
        entry.player = player
    try:
        with transaction.atomic():
            return Registration.objects.bulk_create(
                Registration(event=plan.event, player=entry.player, rating=entry.rating)
                for entry in plan.entries
            )
    except IntegrityError:
        raise ServiceError(_("a player of the list was registered at the same moment: try again")) from None
