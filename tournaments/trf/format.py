"""FIDE Tournament Report File (TRF-2026): parse, write and cut documents (pure, no database).

:func:`parse_trf`, :func:`write_trf` and :func:`cut_before_round` work on :class:`TrfDocument`;
storing a document as an event and back is :mod:`tournaments.trf.io`, pairing its next round
:mod:`tournaments.trf.pairing`. Every problem with a file is a :class:`TrfError` that names the
line and the reason.

Records read and written: ``012`` name, ``022`` city, ``042`` start date, ``092`` type,
``142`` / ``XXR`` number of rounds, ``152`` / ``XXC`` colour of the top seed in round 1,
``162`` the point system (``W`` ``D`` ``L`` ``A`` ``P``), ``XXP`` forbidden pairs and the ``001``
player lines; ``202``, the tie-breaks, is written (``tournaments.trf.standings`` reads it). The ``BBW``/``BBD``/``BBL``/``BBU`` point records of the pairing engines are read too.
Points are integer half-points in memory; the file's decimal points are converted on the way.

Everything read is bounded before it is used (:data:`MAX_TEXT`, :data:`MAX_ROUNDS`,
:data:`MAX_POINTS`, starting ranks of at most 4 ASCII digits, no NUL character): a file that
exceeds a bound is a :class:`TrfError` naming the line, never a number or a text the database
cannot hold.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from tournaments.core.codes import (
    BYE_OF_LETTER,
    COMPLEMENT,
    FORFEIT_LETTERS,
    PLAYED_LETTERS,
    REQUESTED_BYE_LETTERS,
    PointSystem,
    decimal_points,
)
from tournaments.core.errors import TrfError

PLAYED = PLAYED_LETTERS
FORFEIT = FORFEIT_LETTERS
BYE_LETTERS = frozenset(BYE_OF_LETTER)

MAX_TEXT = 200  # characters of the event's name, city, date and type (the event's name and place hold 200)
MAX_ROUNDS = 999  # rounds of a file (XXR/142 and the round blocks of a player line)
MAX_POINTS = 9999  # whole points of a player's score (4 columns); point systems: MAX_RESULT_POINTS
MAX_RESULT_POINTS = 10  # points a result, a bye or an absence may be worth (162, BBW, ...)
MAX_NUMBER = 9999  # starting ranks: columns 5-8


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


class TrfPoints(PointSystem):
    """The point system of TRF-2026 record 162 (half-points): win, draw, loss, absent, pab."""

    def of(self, entry: TrfRound) -> int:
        return self.letter_points(entry.code, entry.is_game)


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
    tie_breaks: list[str] = field(default_factory=list)  # record 202: C.07 codes, in order

    def player(self, number: int) -> TrfPlayer:
        for player in self.players:
            if player.number == number:
                return player
        raise KeyError(number)

    @property
    def last_round(self) -> int:
        return max((max(p.rounds) for p in self.players if p.rounds), default=0)


# --------------------------------------------------------------------------- parsing


def _digits(text: str, limit: int) -> bool:
    """``text`` is a number of ASCII digits no larger than ``limit``."""
    return text.isascii() and text.isdigit() and len(text) <= len(str(limit)) and int(text) <= limit


HALF_POINTS = re.compile(r"(\d{1,4})(?:\.(\d{1,3}))?")


def _half_points(text: str, line: int, what: str, limit: int = MAX_POINTS) -> int:
    """``"1.5"`` -> 3: a decimal number of whole or half points from 0 to ``limit``."""
    text = text.strip()
    if not text:
        return 0
    match = HALF_POINTS.fullmatch(text) if text.isascii() else None
    if match is None:
        raise TrfError(line, f"{what} '{text[:20]}' is not a number of points")
    whole, fraction = int(match[1]), (match[2] or "").rstrip("0")
    if fraction not in ("", "5"):
        raise TrfError(line, f"{what} '{text}' is not a whole number of half-points")
    if whole > limit or (whole == limit and fraction):
        raise TrfError(line, f"{what} '{text}' is more than {limit} points")
    return whole * 2 + (1 if fraction else 0)


def _parse_round(block: str, line: int, round_number: int) -> TrfRound | None:
    where = f"round {round_number}"
    if not block.strip():
        return None
    opponent_text, colour_text = block[0:4].strip(), block[5:6].strip().lower()
    code = block[7:8].strip().upper() if len(block) > 7 else ""
    if opponent_text and not _digits(opponent_text, MAX_NUMBER):
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
    if not _digits(number_text, MAX_NUMBER) or int(number_text) == 0:
        raise TrfError(line, f"starting rank '{raw[4:8]}' (columns 5-8) is not a number from 1 to 9999")
    rating_text = raw[48:52].strip()
    if rating_text and not _digits(rating_text, 9999):
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
        rank=int(rank_text) if _digits(rank_text, MAX_NUMBER) else 0,
        sex=raw[9:10].strip(),
        title=raw[10:13].strip(),
        federation=raw[53:56].strip(),
        fide_id=raw[57:68].strip(),
        birth=raw[69:79].strip(),
        line=line,
    )
    rest = raw[91:]
    if len(rest) > MAX_ROUNDS * 10:
        raise TrfError(line, f"the player line has more than {MAX_ROUNDS} rounds")
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
        if "\x00" in raw:
            raise TrfError(line_number, "the line contains a NUL character (\\x00): this is not a text file")
        if not raw.strip() or raw.startswith("###"):
            continue
        tag, content = raw[:3], raw[4:].strip()
        if tag in ("012", "022", "042", "092") and len(content) > MAX_TEXT:
            raise TrfError(line_number, f"record {tag} is longer than {MAX_TEXT} characters")
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
            if not _digits(content, MAX_ROUNDS) or int(content) == 0:
                raise TrfError(
                    line_number, f"number of rounds '{content[:20]}' is not a number from 1 to {MAX_ROUNDS}"
                )
            document.total_rounds = int(content)
        elif tag in ("152", "XXC"):
            word = content.split()[0].lower() if content.split() else ""
            colours = {"w": "white", "b": "black", "white1": "white", "black1": "black"}
            if word not in colours:
                raise TrfError(line_number, f"initial colour '{content[:20]}' is not W, B, white1 or black1")
            document.top_seed_colour = colours[word]
        elif tag == "162":
            document.points = _parse_points(raw, line_number, document.points)
        elif tag in ("BBW", "BBD", "BBL", "BBZ", "BBU"):
            value = _half_points(content, line_number, "points", MAX_RESULT_POINTS)
            attribute = {"BBW": "win", "BBD": "draw", "BBL": "loss", "BBZ": "absent", "BBU": "pab"}[tag]
            document.points = replace(document.points, **{attribute: value})
        elif tag == "XXP":
            parts = content.split()
            if len(parts) < 2 or not all(_digits(part, MAX_NUMBER) for part in parts):
                raise TrfError(line_number, f"forbidden pair '{content[:40]}' needs two starting ranks")
            first = int(parts[0])
            document.forbidden_pairs.extend((first, int(other)) for other in parts[1:])
    if not document.players:
        raise TrfError(0, "the file has no player lines (001)")
    _check(document)
    return document


def _parse_points(raw: str, line: int, points: TrfPoints) -> TrfPoints:
    """``points`` with the values record 162 gives (a missing ``P`` makes the PAB worth a win)."""
    items = POINT_ITEM.findall(raw[4:])
    if not items:
        raise TrfError(line, "the point system (162) lists no result with its points")
    names = {"W": "win", "D": "draw", "L": "loss", "A": "absent", "P": "pab"}
    values = {
        names[letter]: _half_points(value, line, f"points for {letter}", MAX_RESULT_POINTS)
        for letter, value in items
        if letter in names
    }
    if "pab" not in values:
        values["pab"] = values.get("win", points.win)
    return replace(points, **values)


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
                f"player {player.number} has {decimal_points(player.points)} points (columns 81-84) "
                f"but the results add up to {decimal_points(total)}",
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
    head[80:84] = f"{decimal_points(player.points):>4}"
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
    lines.append("162 " + " " + "    ".join(f"{letter}{decimal_points(value):>4}" for letter, value in items))
    if document.tie_breaks:  # the event's tie-breaks after its points (standings_trf reads them)
        lines.append("202 " + ", ".join(document.tie_breaks))
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
        if entry is not None and not entry.is_game and entry.code in REQUESTED_BYE_LETTERS:
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
        top_seed_colour=document.top_seed_colour or top_seed_colour(document),
        points=document.points,
        forbidden_pairs=list(document.forbidden_pairs),
        players=players,
    )


def top_seed_colour(document: TrfDocument) -> str | None:
    """The colour of the lowest-numbered player who played a game in round 1."""
    for player in sorted(document.players, key=lambda p: p.number):
        entry = player.rounds.get(1)
        if entry is not None and entry.is_game:
            if player.number % 2 == 1:
                return "white" if entry.colour == "w" else "black"
            return "black" if entry.colour == "w" else "white"
    return None


# --------------------------------------------------------------------------- reading an event's course


@dataclass
class Outline:
    """What a file says of its event's course: rounds played, byes requested for the next round,
    the total number of rounds, the top seed's colour in round 1."""

    played: int
    requested: dict[int, TrfRound]
    rounds: int
    top_seed_colour: str | None

    def withdrawn_from(self, player: TrfPlayer) -> int | None:
        """A line that stops before the last round played: the player left the event then."""
        gone_from = max(player.rounds, default=0) + 1
        if self.played and gone_from <= self.played and player.number not in self.requested:
            return gone_from
        return None


def completed_rounds(document: TrfDocument) -> tuple[int, dict[int, TrfRound]]:
    """(rounds with games or a PAB, requested byes of the next round when the file ends with them)."""
    last = document.last_round
    if last == 0:
        return 0, {}
    tail = [(p.number, p.rounds.get(last)) for p in document.players]
    if all(entry is None or (not entry.is_game and entry.code in REQUESTED_BYE_LETTERS) for _, entry in tail):
        return last - 1, {number: entry for number, entry in tail if entry is not None}
    return last, {}


def outline_of(document: TrfDocument, total_rounds: int | None = None) -> Outline:
    """The event's course; ``total_rounds`` stands in when the file has no XXR/142. Raises TrfError."""
    played, requested = completed_rounds(document)
    rounds = document.total_rounds or total_rounds
    if rounds is None:
        rounds = max(played, 1)
        if requested:
            rounds = played + 1
    if rounds < played:
        raise TrfError(0, f"the file has {played} rounds but the event is said to have {rounds}")
    return Outline(played, requested, rounds, document.top_seed_colour or top_seed_colour(document))
