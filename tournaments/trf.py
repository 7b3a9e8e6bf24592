"""FIDE Tournament Report File (TRF-2026): a small parser and writer, and the event import/export.

The pure part (:func:`parse_trf`, :func:`write_trf`, :class:`TrfDocument`) knows nothing of the
database. :func:`export_event` turns a stored event into a document, :func:`import_event` stores a
document as a new event, all or nothing. Every problem with a file is a :class:`TrfError` that
names the line and the reason.

Records read and written: ``012`` name, ``022`` city, ``042`` start date, ``092`` type,
``142`` / ``XXR`` number of rounds, ``152`` / ``XXC`` colour of the top seed in round 1,
``162`` the point system (``W`` ``D`` ``L`` ``A`` ``P``), ``XXP`` forbidden pairs and the ``001``
player lines. The ``BBW``/``BBD``/``BBL``/``BBU`` point records of the pairing engines are read too.
Points are integer half-points in memory; the file's decimal points are converted on the way.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date

PLAYED = {"1", "=", "0", "W", "D", "L"}
FORFEIT = {"+", "-"}
BYE_LETTERS = {"U", "H", "F", "Z"}
# What each result letter is worth for its player, by point-system element.
COMPLEMENT = {"1": "0", "0": "1", "=": "=", "W": "L", "L": "W", "D": "D", "+": "-", "-": "+"}


class TrfError(ValueError):
    """A TRF file that cannot be read or does not add up; ``line`` is 1-based (0: the whole file)."""

    def __init__(self, line: int, reason: str):
        self.line = line
        self.reason = reason
        super().__init__(f"line {line}: {reason}" if line else reason)


@dataclass(frozen=True)
class TrfRound:
    """One 10-column round block of a player line."""

    opponent: int | None
    colour: str | None  # "w", "b" or None
    code: str  # result letter, upper case; "" for a game paired but not played yet

    @property
    def is_game(self) -> bool:
        return self.opponent is not None


@dataclass
class TrfPlayer:
    number: int
    name: str
    rating: int = 0
    points: int = 0  # half-points, as written in the file
    rank: int = 0
    rounds: dict[int, TrfRound] = field(default_factory=dict)
    sex: str = ""
    title: str = ""
    federation: str = ""
    fide_id: str = ""
    birth: str = ""
    line: int = 0  # where it was read from


@dataclass
class TrfPoints:
    """The point system, in half-points per TRF-2026 record 162."""

    win: int = 2
    draw: int = 1
    loss: int = 0
    absent: int = 0  # zero-point bye, forfeit loss
    pab: int = 2

    def of(self, entry: TrfRound) -> int:
        code = entry.code
        if entry.is_game:
            return {
                "1": self.win,
                "W": self.win,
                "+": self.win,
                "=": self.draw,
                "D": self.draw,
                "0": self.loss,
                "L": self.loss,
            }.get(code, self.absent)
        return {"U": self.pab, "F": self.win, "H": self.draw}.get(code, self.absent)


@dataclass
class TrfDocument:
    name: str = ""
    city: str = ""
    start_date: str = ""
    kind: str = ""  # record 092
    total_rounds: int | None = None
    top_seed_colour: str | None = None  # "white" / "black"
    points: TrfPoints = field(default_factory=TrfPoints)
    forbidden_pairs: list[tuple[int, int]] = field(default_factory=list)
    players: list[TrfPlayer] = field(default_factory=list)

    def player(self, number: int) -> TrfPlayer:
        for player in self.players:
            if player.number == number:
                return player
        raise KeyError(number)

    @property
    def last_round(self) -> int:
        return max((max(p.rounds) for p in self.players if p.rounds), default=0)


# --------------------------------------------------------------------------- parsing


def _half_points(text: str, line: int, what: str) -> int:
    text = text.strip()
    if not text:
        return 0
    try:
        value = float(text)
    except ValueError:
        raise TrfError(line, f"{what} '{text}' is not a number") from None
    doubled = value * 2
    if doubled != int(doubled) or value < 0:
        raise TrfError(line, f"{what} '{text}' is not a whole number of half-points")
    return int(doubled)


def _parse_round(block: str, line: int, round_number: int) -> TrfRound | None:
    where = f"round {round_number}"
    if not block.strip():
        return None
    opponent_text, colour_text = block[0:4].strip(), block[5:6].strip().lower()
    code = block[7:8].strip().upper() if len(block) > 7 else ""
    if opponent_text and not opponent_text.isdigit():
        raise TrfError(line, f"{where}: opponent '{opponent_text}' is not a starting rank")
    opponent = int(opponent_text) if opponent_text else 0
    if colour_text not in ("w", "b", "-", ""):
        raise TrfError(line, f"{where}: colour '{colour_text}' is not w, b or -")
    if code and code not in PLAYED | FORFEIT | BYE_LETTERS:
        raise TrfError(line, f"{where}: result '{code}' is not a TRF result code")
    if opponent == 0:
        if colour_text in ("w", "b"):
            raise TrfError(line, f"{where}: a colour without an opponent")
        if code in PLAYED:
            raise TrfError(line, f"{where}: a game result '{code}' without an opponent")
        if code == "+":
            code = "F"  # a forfeit win with nobody: the full-point bye it amounts to
        elif code in ("", "-"):
            code = "Z"
        return TrfRound(None, None, code)
    if code in BYE_LETTERS:
        raise TrfError(line, f"{where}: bye '{code}' together with opponent {opponent}")
    if colour_text not in ("w", "b"):
        raise TrfError(line, f"{where}: a game against {opponent} needs colour w or b")
    return TrfRound(opponent, colour_text, code)


def _parse_player(raw: str, line: int) -> TrfPlayer:
    if len(raw) < 84:
        raw = raw.ljust(84)
    number_text = raw[4:8].strip()
    if not number_text.isdigit() or int(number_text) == 0:
        raise TrfError(line, f"starting rank '{raw[4:8]}' (columns 5-8) is not a number from 1 to 9999")
    rating_text = raw[48:52].strip()
    if rating_text and not rating_text.isdigit():
        raise TrfError(line, f"rating '{rating_text}' (columns 49-52) is not a number")
    rank_text = raw[85:89].strip() if len(raw) >= 86 else ""
    name = raw[14:47].strip()
    if not name:
        raise TrfError(line, "the player has no name (columns 15-47)")
    player = TrfPlayer(
        number=int(number_text),
        name=name,
        rating=int(rating_text) if rating_text else 0,
        points=_half_points(raw[80:84], line, "points"),
        rank=int(rank_text) if rank_text.isdigit() else 0,
        sex=raw[9:10].strip(),
        title=raw[10:13].strip(),
        federation=raw[53:56].strip(),
        fide_id=raw[57:68].strip(),
        birth=raw[69:79].strip(),
        line=line,
    )
    rest = raw[91:]
    for index in range(0, len(rest), 10):
        round_number = index // 10 + 1
        entry = _parse_round(rest[index : index + 10], line, round_number)
        if entry is not None:
            player.rounds[round_number] = entry
    # A blank block between two filled ones is an absence (TRF-2026: blank is Z).
    last = max(player.rounds, default=0)
    for round_number in range(1, last):
        player.rounds.setdefault(round_number, TrfRound(None, None, "Z"))
    return player


POINT_ITEM = re.compile(r"([WDLAPX])\s*(\d+(?:\.\d)?)")


def parse_trf(text: str) -> TrfDocument:
    """Read a TRF file; raise :class:`TrfError` for anything it cannot make sense of."""
    if text.startswith("\ufeff"):
        text = text[1:]
    document = TrfDocument()
    numbers: dict[int, int] = {}
    for line_number, raw in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), start=1):
        raw = raw.replace("\t", " ")
        if not raw.strip() or raw.startswith("###"):
            continue
        tag, content = raw[:3], raw[4:].strip()
        if tag == "001":
            player = _parse_player(raw, line_number)
            if player.number in numbers:
                raise TrfError(
                    line_number,
                    f"starting rank {player.number} is used twice (see line {numbers[player.number]})",
                )
            numbers[player.number] = line_number
            document.players.append(player)
        elif tag == "012":
            document.name = content
        elif tag == "022":
            document.city = content
        elif tag == "042":
            document.start_date = content
        elif tag == "092":
            document.kind = content
        elif tag in ("142", "XXR"):
            if not content.isdigit() or int(content) == 0:
                raise TrfError(line_number, f"number of rounds '{content}' is not a positive number")
            document.total_rounds = int(content)
        elif tag in ("152", "XXC"):
            word = content.split()[0].lower() if content.split() else ""
            colours = {"w": "white", "b": "black", "white1": "white", "black1": "black"}
            if word not in colours:
                raise TrfError(line_number, f"initial colour '{content}' is not W, B, white1 or black1")
            document.top_seed_colour = colours[word]
        elif tag == "162":
            _parse_points(raw, line_number, document.points)
        elif tag in ("BBW", "BBD", "BBL", "BBZ", "BBU"):
            value = _half_points(content, line_number, "points")
            attribute = {"BBW": "win", "BBD": "draw", "BBL": "loss", "BBZ": "absent", "BBU": "pab"}[tag]
            setattr(document.points, attribute, value)
        elif tag == "XXP":
            parts = content.split()
            if len(parts) < 2 or not all(part.isdigit() for part in parts):
                raise TrfError(line_number, f"forbidden pair '{content}' needs two starting ranks")
            first = int(parts[0])
            document.forbidden_pairs.extend((first, int(other)) for other in parts[1:])
    if not document.players:
        raise TrfError(0, "the file has no player lines (001)")
    _check(document)
    return document


def _parse_points(raw: str, line: int, points: TrfPoints) -> None:
    items = POINT_ITEM.findall(raw[4:])
    if not items:
        raise TrfError(line, "the point system (162) lists no result with its points")
    pab_given = False
    for letter, value in items:
        half = _half_points(value, line, f"points for {letter}")
        if letter == "W":
            points.win = half
        elif letter == "D":
            points.draw = half
        elif letter == "L":
            points.loss = half
        elif letter == "A":
            points.absent = half
        elif letter == "P":
            points.pab, pab_given = half, True
    if not pab_given:
        points.pab = points.win


def _check(document: TrfDocument) -> None:
    """Opponents exist and agree, points equal the results; the first problem is raised."""
    by_number = {player.number: player for player in document.players}
    for first, second in document.forbidden_pairs:
        for number in (first, second):
            if number not in by_number:
                raise TrfError(0, f"forbidden pair {first} {second}: no player {number}")
    for player in document.players:
        for round_number, entry in sorted(player.rounds.items()):
            if not entry.is_game:
                continue
            where = f"round {round_number}"
            opponent = by_number.get(entry.opponent or 0)
            if opponent is None:
                raise TrfError(player.line, f"{where}: opponent {entry.opponent} is not in the file")
            if opponent.number == player.number:
                raise TrfError(player.line, f"{where}: player {player.number} is paired with himself")
            theirs = opponent.rounds.get(round_number)
            if theirs is None or theirs.opponent != player.number:
                raise TrfError(
                    player.line,
                    f"{where}: opponent {opponent.number} does not have {player.number} as opponent",
                )
            if theirs.colour == entry.colour:
                raise TrfError(
                    player.line, f"{where}: both {player.number} and {opponent.number} have '{entry.colour}'"
                )
            expected = COMPLEMENT.get(entry.code, "")
            if entry.code != "" and theirs.code != expected and not (entry.code == theirs.code == "-"):
                raise TrfError(
                    player.line,
                    f"{where}: result '{entry.code}' against {opponent.number} disagrees with his '{theirs.code}'",
                )
        total = sum(document.points.of(entry) for entry in player.rounds.values())
        if total != player.points:
            raise TrfError(
                player.line,
                f"player {player.number} has {format_points(player.points)} points (columns 81-84) "
                f"but the results add up to {format_points(total)}",
            )
    for round_number in range(1, document.last_round + 1):
        pab = [
            p.number
            for p in document.players
            if p.rounds.get(round_number, TrfRound(0, None, "")).code == "U"
        ]
        if len(pab) > 1:
            raise TrfError(
                document.player(pab[1]).line,
                f"round {round_number}: more than one pairing-allocated bye ({', '.join(map(str, pab))})",
            )


def format_points(half_points: int) -> str:
    return f"{half_points / 2:.1f}"


# --------------------------------------------------------------------------- writing


def _player_line(player: TrfPlayer, rounds: int) -> str:
    head = [" "] * 91
    head[0:3] = "001"
    head[4:8] = f"{player.number:>4}"
    head[9:10] = (player.sex or " ")[:1]
    head[10:13] = f"{player.title:>3}"[:3]
    head[14:47] = f"{player.name:<33}"[:33]
    if player.rating:
        head[48:52] = f"{player.rating:>4}"[:4]
    head[53:56] = f"{player.federation:<3}"[:3]
    head[57:68] = f"{player.fide_id:>11}"[:11]
    head[69:79] = f"{player.birth:<10}"[:10]
    head[80:84] = f"{format_points(player.points):>4}"
    head[85:89] = f"{player.rank:>4}"
    blocks = []
    for round_number in range(1, rounds + 1):
        entry = player.rounds.get(round_number)
        if entry is None:
            blocks.append(" " * 10)
        elif entry.is_game:
            blocks.append(f"{entry.opponent:>4} {entry.colour} {entry.code or ' '}  ")
        else:
            blocks.append(f"0000 - {entry.code}  ")
    return ("".join(head) + "".join(blocks)).rstrip()


def write_trf(document: TrfDocument) -> str:
    """The document as TRF-2026 text, LF line endings, ending with a newline."""
    lines = [f"012 {document.name}"]
    if document.city:
        lines.append(f"022 {document.city}")
    if document.start_date:
        lines.append(f"042 {document.start_date}")
    lines.append(f"062 {len(document.players)}")
    lines.append(f"072 {sum(1 for p in document.players if p.rating)}")
    if document.kind:
        lines.append(f"092 {document.kind}")
    if document.total_rounds:
        lines.append(f"142 {document.total_rounds}")
    if document.top_seed_colour:
        lines.append(f"152 {'W' if document.top_seed_colour == 'white' else 'B'}")
    p = document.points
    items = [("W", p.win), ("D", p.draw), ("L", p.loss), ("A", p.absent), ("P", p.pab)]
    lines.append("162 " + " " + "    ".join(f"{letter}{format_points(value):>4}" for letter, value in items))
    rounds = max(document.last_round, 0)
    for player in sorted(document.players, key=lambda p: p.number):
        lines.append(_player_line(player, rounds))
    if document.total_rounds:
        lines.append(f"XXR {document.total_rounds}")
    if document.top_seed_colour:
        lines.append(f"XXC {document.top_seed_colour}1")
    for first, second in document.forbidden_pairs:
        lines.append(f"XXP {first} {second}")
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- cutting (reference corpus)


def cut_before_round(
    document: TrfDocument, round_number: int, total_rounds: int | None = None
) -> TrfDocument:
    """The document as a pairing engine must see it before ``round_number`` is paired.

    Rounds 1..r-1 are kept; of round r only the entries of players who were not available
    (no opponent, with H, F or Z) stay. ``XXR`` is set (the file's total, or ``total_rounds``);
    ``XXC`` is read from the top seed's round-1 colour when the file does not say it.
    """
    players = []
    for player in document.players:
        rounds = {k: v for k, v in player.rounds.items() if k < round_number}
        entry = player.rounds.get(round_number)
        if entry is not None and not entry.is_game and entry.code in ("H", "F", "Z"):
            rounds[round_number] = entry
        points = sum(document.points.of(v) for k, v in rounds.items() if k < round_number)
        players.append(
            TrfPlayer(
                number=player.number,
                name=player.name,
                rating=player.rating,
                points=points + (document.points.of(entry) if round_number in rounds and entry else 0),
                rank=player.rank,
                rounds=rounds,
                sex=player.sex,
                title=player.title,
                federation=player.federation,
                fide_id=player.fide_id,
                birth=player.birth,
            )
        )
    return TrfDocument(
        name=document.name,
        city=document.city,
        start_date=document.start_date,
        kind=document.kind,
        total_rounds=document.total_rounds or total_rounds or document.last_round,
        top_seed_colour=document.top_seed_colour or _top_seed_colour(document),
        points=document.points,
        forbidden_pairs=list(document.forbidden_pairs),
        players=players,
    )


def _top_seed_colour(document: TrfDocument) -> str | None:
    """The colour of the lowest-numbered player who played a game in round 1."""
    for player in sorted(document.players, key=lambda p: p.number):
        entry = player.rounds.get(1)
        if entry is not None and entry.is_game:
            if player.number % 2 == 1:
                return "white" if entry.colour == "w" else "black"
            return "black" if entry.colour == "w" else "white"
    return None


# --------------------------------------------------------------------------- events <-> documents


LETTER_OF_BYE = {"pab": "U", "half": "H", "full": "F", "zero": "Z"}
BYE_OF_LETTER = {letter: kind for kind, letter in LETTER_OF_BYE.items()}
GAME_LETTERS = {
    "1-0": ("1", "0"),
    "0-1": ("0", "1"),
    "1/2-1/2": ("=", "="),
    "+/-": ("+", "-"),
    "-/+": ("-", "+"),
    "-/-": ("-", "-"),
}
CODE_OF_LETTERS = {letters: code for code, letters in GAME_LETTERS.items()}
CODE_OF_LETTERS.update({("W", "L"): "1-0", ("L", "W"): "0-1", ("D", "D"): "1/2-1/2"})


def export_event(event) -> TrfDocument:  # noqa: ANN001 - a tournaments.models.Event
    """The stored event as a TRF document (2-game matches: one TRF round per game)."""
    from tournaments.models import ByeRequest, Pairing

    games = event.games_per_pairing
    registrations = list(event.registrations.select_related("player").exclude(pairing_number=None))
    number_of = {r.pk: r.pairing_number for r in registrations}
    players = {
        r.pk: TrfPlayer(
            number=r.pairing_number,
            name=r.player.display_name,
            rating=max(r.rating, 0),
            federation=r.player.country[:3],
        )
        for r in registrations
    }
    pairings = Pairing.objects.filter(round__event=event).select_related("round")
    last = 0
    for pairing in pairings:
        first_round = (pairing.round.number - 1) * games + 1
        last = max(last, pairing.round.number)
        white = players.get(pairing.white_id)
        if white is None:
            continue
        if pairing.black_id is None:
            for offset in range(games):
                white.rounds[first_round + offset] = TrfRound(None, None, LETTER_OF_BYE[pairing.bye])
            continue
        black = players[pairing.black_id]
        codes = pairing.result_codes or [""] * games
        for offset, code in enumerate(codes[:games]):
            w, b = (white, black) if offset % 2 == 0 else (black, white)
            letters = GAME_LETTERS.get(code, ("", ""))
            w.rounds[first_round + offset] = TrfRound(b.number, "w", letters[0])
            b.rounds[first_round + offset] = TrfRound(w.number, "b", letters[1])
    # Byes requested for the round still to be paired: the TRF in-tournament convention.
    pending = last + 1
    if not event.round_set.filter(number=pending).exclude(status="pending").exists():
        requests = ByeRequest.objects.filter(registration__event=event, round_number=pending)
        for request in requests:
            player = players.get(request.registration_id)
            if player is not None and games == 1:
                player.rounds[pending] = TrfRound(None, None, LETTER_OF_BYE[request.kind])
    trf_points = TrfPoints(
        win=event.win_points, draw=event.draw_points, loss=event.loss_points, absent=0, pab=event.bye_points
    )
    for player in players.values():
        player.points = sum(trf_points.of(entry) for entry in player.rounds.values())
    ordered = sorted(players.values(), key=lambda p: -p.points)
    for player in ordered:
        player.rank = 1 + sum(1 for other in ordered if other.points > player.points)
    forbidden = [
        (number_of[pair.first_id], number_of[pair.second_id])
        for pair in event.forbidden_pairs.all()
        if pair.first_id in number_of and pair.second_id in number_of
    ]
    return TrfDocument(
        name=event.name,
        city=event.location,
        start_date=event.start_date.strftime("%Y/%m/%d") if event.start_date else "",
        kind=event.get_pairing_system_display(),
        total_rounds=(event.rounds or 0) * games or None,
        top_seed_colour=event.top_seed_colour or None,
        points=trf_points,
        forbidden_pairs=forbidden,
        players=sorted(players.values(), key=lambda p: p.number),
    )


def export_event_text(event) -> str:  # noqa: ANN001
    return write_trf(export_event(event))


def _completed_rounds(document: TrfDocument) -> tuple[int, dict[int, TrfRound]]:
    """(rounds with games or a PAB, requested byes of the next round when the file ends with them)."""
    last = document.last_round
    if last == 0:
        return 0, {}
    tail = [(p.number, p.rounds.get(last)) for p in document.players]
    if all(entry is None or (not entry.is_game and entry.code in ("H", "F", "Z")) for _, entry in tail):
        return last - 1, {number: entry for number, entry in tail if entry is not None}
    return last, {}


def import_event(
    text: str,
    user: object,
    *,
    game: str = "gipf-standard",
    total_rounds: int | None = None,
    slug: str | None = None,
    pairing_system: str = "swiss-dutch",
):
    """Store the TRF file ``text`` as a new running event; all or nothing. Raises TrfError.

    Rounds with games become closed rounds (or paired ones while a game has no result yet);
    when the file ends with a round holding only H/F/Z entries (the in-tournament convention for
    the round about to be paired), those become bye requests for that round.
    """
    from django.db import transaction
    from django.utils import timezone

    from tournaments import services
    from tournaments.models import ByeRequest, Event, ForbiddenPair, Pairing, Player, Registration, Round
    from tournaments.results import FORFEITS

    document = parse_trf(text)
    played, requested = _completed_rounds(document)
    rounds = document.total_rounds or total_rounds
    if rounds is None:
        rounds = max(played, 1)
        if requested:
            rounds = played + 1
    if rounds < played:
        raise TrfError(0, f"the file has {played} rounds but the event is said to have {rounds}")
    if not document.top_seed_colour:
        document.top_seed_colour = _top_seed_colour(document)
    points = document.points
    with transaction.atomic():
        event = services.create_event(
            user,
            name=document.name or "Imported tournament",
            slug=slug or "",
            game=game,
            pairing_system=pairing_system,
            rounds=rounds,
            win_points=points.win,
            draw_points=points.draw,
            loss_points=points.loss,
            bye_points=points.pab,
            location=document.city[:200],
            top_seed_colour=document.top_seed_colour or "",
            start_date=_date(document.start_date),
        )
        registrations: dict[int, Registration] = {}
        for player in sorted(document.players, key=lambda p: p.number):
            person = Player.objects.create(
                display_name=player.name[:120],
                handle=services.unique_handle(player.name),
                rating=player.rating or 1500,
                country=player.federation[:3],
            )
            registration = Registration(
                event=event, player=person, pairing_number=player.number, rating=player.rating
            )
            # A line that stops before the last round played: the player left the event then.
            gone_from = max(player.rounds, default=0) + 1
            if played and gone_from <= played and player.number not in requested:
                registration.status = Registration.Status.WITHDRAWN
                registration.withdrawn_from_round = gone_from
            registration.save()
            registrations[player.number] = registration
        point_system = services.points_of(event)
        for round_number in range(1, played + 1):
            entries = {p.number: p.rounds.get(round_number) for p in document.players}
            pending = any(e is not None and e.is_game and e.code == "" for e in entries.values())
            now = timezone.now()
            round_ = Round.objects.create(
                event=event,
                number=round_number,
                status=Round.Status.PAIRED if pending else Round.Status.CLOSED,
                paired_at=now,
                closed_at=None if pending else now,
                pairing_progress=100,
            )
            boards = _boards(document, round_number, entries)
            pairings = []
            for board, (white, black) in enumerate(boards, start=1):
                if black is None:
                    kind = BYE_OF_LETTER[entries[white].code]  # type: ignore[union-attr]
                    pairings.append(
                        Pairing(
                            round=round_,
                            board=board,
                            white=registrations[white],
                            bye=kind,
                            white_score=services.bye_points(event, kind),
                            source=Pairing.Source.BYE,
                        )
                    )
                    continue
                w_entry, b_entry = entries[white], entries[black]
                pairing = Pairing(
                    round=round_, board=board, white=registrations[white], black=registrations[black]
                )
                if w_entry.code:  # type: ignore[union-attr]
                    code = CODE_OF_LETTERS[(w_entry.code, b_entry.code)]  # type: ignore[union-attr]
                    pairing.results = code
                    pairing.white_score, pairing.black_score = point_system.pairing_scores([code])
                    pairing.source = Pairing.Source.FORFEIT if code in FORFEITS else Pairing.Source.ARBITER
                pairings.append(pairing)
            Pairing.objects.bulk_create(pairings)
        for number, entry in requested.items():
            ByeRequest.objects.create(
                registration=registrations[number],
                round_number=played + 1,
                kind=BYE_OF_LETTER[entry.code],
                created_by=user if getattr(user, "is_authenticated", False) else None,
            )
        for first, second in document.forbidden_pairs:
            ForbiddenPair.objects.get_or_create(
                event=event, first=registrations[first], second=registrations[second]
            )
        event.status = Event.Status.RUNNING
        event.save(update_fields=["status"])
    return event


def _date(text: str) -> date | None:
    match = re.match(r"^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$", text.strip())
    if not match:
        return None
    try:
        return date(*(int(part) for part in match.groups()))
    except ValueError:
        return None


def _boards(
    document: TrfDocument, round_number: int, entries: dict[int, TrfRound | None]
) -> list[tuple[int, int | None]]:
    """Games of a round in board order (higher scores first), then byes (U, H, F, Z)."""
    before = {
        p.number: sum(document.points.of(v) for k, v in p.rounds.items() if k < round_number)
        for p in document.players
    }
    games = []
    byes = []
    for number, entry in entries.items():
        if entry is None:
            continue
        if entry.is_game:
            if entry.colour == "w":
                games.append((number, entry.opponent or 0))
        else:
            byes.append(number)
    games.sort(
        key=lambda pair: (
            -max(before[pair[0]], before[pair[1]]),
            -(before[pair[0]] + before[pair[1]]),
            min(pair),
        )
    )
    order = "UHFZ"
    byes.sort(key=lambda n: (order.index(entries[n].code), n))  # type: ignore[union-attr]
    return [(w, b) for w, b in games] + [(n, None) for n in byes]


# --------------------------------------------------------------------------- pairing a file's next round


class _Rollback(Exception):
    pass


def pair_next_round(text: str, total_rounds: int | None = None):
    """Import ``text`` as an event, pair its next round through ``services.pair_round_now``, and
    return the stored boards as a :class:`~tournaments.pairing.PairedRound`. Nothing is kept: the
    whole import runs in a transaction that is rolled back. Raises TrfError or PairingError.
    """
    from django.contrib.auth import get_user_model
    from django.db import transaction

    from tournaments import services
    from tournaments.models import Round
    from tournaments.pairing import PairedRound, PairingError

    result: list[PairedRound] = []
    try:
        with transaction.atomic():
            user = get_user_model().objects.create(username=f"trf-import-{id(text)}", is_active=False)
            event = import_event(text, user, total_rounds=total_rounds)
            latest = event.current_round()
            number = 1 if latest is None else latest.number + 1
            if latest is not None and latest.status != Round.Status.CLOSED:
                raise TrfError(
                    0, f"round {latest.number} has games without a result: it must be finished first"
                )
            if event.rounds and number > event.rounds:
                raise TrfError(0, f"all {event.rounds} rounds have been played: there is no round to pair")
            round_ = Round.objects.create(event=event, number=number)
            round_ = services.pair_round_now(round_.pk)
            if round_.status == Round.Status.PENDING:
                raise PairingError(round_.pairing_error or "the round could not be paired")
            paired = PairedRound()
            for pairing in round_.pairings.select_related("white", "black").order_by("board"):
                if pairing.black_id is None:
                    paired.byes.append((pairing.white.pairing_number, pairing.bye))
                else:
                    paired.pairs.append((pairing.white.pairing_number, pairing.black.pairing_number))
            result.append(paired)
            raise _Rollback
    except _Rollback:
        pass
    return result[0]
