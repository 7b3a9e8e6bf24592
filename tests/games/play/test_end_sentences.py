"""End sentences true to the position (issue 42): for every registered game and every natural end its
spec declares, a game ended there shows on its page (``#game-ending``, ``games.endings``) a sentence
that names the right player and says what the final position shows.

Parametrised over ``arbiter.registry``: a game added joins the test. Its ends are reached by the
engine's random games (their final positions), or by a position made by hand for an end random games
do not reach (:data:`BY_HAND`); an end reached by neither fails the test, naming it. A natural end
that comes out a draw is told by its name ("Drawn: the position occurred a third time"), no player's. What each
built-in game's final position shows is read here from its position text, independently of the
engines (:data:`FACTS`): a game without facts is checked for its players' names alone.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from accounts.models import Player
from arbiter import registry
from arbiter.verdict import Result
from games.models import Game
from games.play import state

pytestmark = pytest.mark.django_db

WHITE, BLACK = "Wanda White", "Bart Black"
SEEDS = 40  # random games per variant at most

#: the YINSH position of a search (docs/play.md): White to move, neither player's ring can move (each
#: blocked by rings, the edge or markers running to the edge), 50 markers on the board, White has
#: removed two rings and Black one: blocked, White wins
#: ZÈRTZ's (tests/games/play/test_zertz_play.py, docs/rules.md ZT-11 to ZT-13): every ring gone
#: after White's last move; White to move with no capture, no marble in the pool and none captured;
#: the same position a third time while the pool is empty (``seen=``: its two earlier occurrences)
BY_HAND = {
    ("yinsh", "blocked"): "yinsh 4/WwbwbbW/Bwbwbwbw/bbw3b1b/BbbbwwbbbB/b1ww1w2b/1b1wbb2w1/1w1bw2w1/1w1bw1w1/"
    "1wbwbw1/WwbB w turn 2-1",
    (
        "zertz-standard",
        "board-full",
    ): "zertz-standard ----/-----/------/-------/------/-----/---- b pool=6/7/9 captures=0/1/1,0/0/0",
    (
        "zertz-standard",
        "no-marble",
    ): "zertz-standard ----/BB---/G.W---/-GW-BB-/---G.W/---GW/---B w pool=0/0/0 captures=0/0/0,2/4/5",
    (
        "zertz-standard",
        "repetition",
    ): "zertz-standard ----/BB---/G.W---/-GW-BB-/---G.W/---GW/---B w pool=0/0/0 "
    "captures=1/0/0,1/4/5 seen=3eba9356724e,3eba9356724e",
    # PÜNCT's, after docs/rules.md's hand-worked records (PÜNCT): White's eleventh ply joining row 1
    # (f1) and row 17 (j17); the 300th turn played, White holding the central hexagon 3-0; neither
    # player with a turn, both hands empty and no piece on the board: drawn
    ("punct", "connection"): "punct b 11 R:h16,i16,j17 T6C2M2L1R1 T5C1E1M2L2R2 bT0:e2,d1,e1 "
    "bC0:e9,e8,e10 wE0:f1,f2,f3 wE0:f4,f5,f6 wE0:f7,f8,f9 wE0:f10,f11,f12 wL0:f13,f14,g15 bE0:h1,i2,j3 "
    "wR0:h16,i16,j17 bE0:k4,l5,m6 bE0:m7,m8,m9",
    ("punct", "limit"): "punct w 300 m10-m13:l12,m12 T5 T5 wT0:b6,a5,b5 wC0:h8,h7,h9 bT0:m13,l12,m12",
    ("punct", "blocked"): "punct w 50 pass - -",
}


def _tzaar(position: str, code: str, loser: int) -> list[str]:
    """TZAAR: the types the loser has on top of no stack (a stack is written colour, type, height:
    ``wT2``); the sentence names the one gone, and no other."""
    tops = {letter: 0 for letter in "TZO"}
    for stack in re.findall(
        r"\b([wb])([TZO])\d*\b", position.split()[4] if len(position.split()) > 4 else ""
    ):
        if stack[0] == "wb"[loser]:
            tops[stack[1]] += 1
    if code != "no-type":
        return ["could not capture"]
    gone = [name for letter, name in (("T", "Tzaar"), ("Z", "Tzarra"), ("O", "Tott")) if not tops[letter]]
    assert len(gone) == 1, (position, gone)
    return [f"no {gone[0]} left", *(f"!{name}" for name in ("Tzaar", "Tzarra", "Tott") if name != gone[0])]


def _gipf(position: str, code: str, loser: int) -> list[str]:
    """GIPF and GIPF with potentials: the loser's reserve is empty (``reserve=W/B``), or no GIPF-piece
    of his (``W`` / ``B`` on the board) is left."""
    fields = position.split()
    reserve = int(re.search(r"reserve=(\d+)/(\d+)", position).group(1 + loser))  # type: ignore[union-attr]
    if code == "no-reserve":
        assert reserve == 0, position
        return ["no piece left in reserve"]
    assert "WB"[loser] not in fields[1], position
    return ["no GIPF-piece left"]


def _yinsh(position: str, code: str, loser: int) -> list[str]:
    """YINSH: the rings removed (``white-black``); the markers on the board (``w``, ``b``)."""
    fields = position.split()
    removed = [int(n) for n in fields[4].split("-")]
    winner = 1 - loser
    if code == "rings":
        assert removed[winner] >= (1 if fields[0] == "yinsh-blitz" else 3), position
        return ["removed the rings needed to win"]
    assert removed[winner] > removed[loser], position
    if code == "markers":
        assert sum(fields[1].count(c) for c in "wb") == 51, position
        return ["No marker left", "had removed more rings"]
    return ["No ring could move", "had removed more rings"]


def _dvonn(position: str, code: str, loser: int) -> list[str]:
    """DVONN: the pieces under the stacks each player tops (a stack written bottom to top)."""
    totals = [0, 0]
    for stack in re.split(r"[,/]", position.split()[3]):
        if stack and stack != "." and stack[-1] in "wb":
            totals["wb".index(stack[-1])] += len(stack)
    assert totals[1 - loser] > totals[loser], position
    return ["won on the stack totals"]


#: what each built-in game's final position shows, as the sentence must say it (``!word``: must not)
FACTS: dict[str, Callable[[str, str, int], list[str]]] = {
    "GIPF": _gipf,
    "GIPF with potentials": _gipf,
    "YINSH": _yinsh,
    "TZAAR": _tzaar,
    "DVONN": _dvonn,
}


def _final_positions(spec: registry.GameSpec) -> dict[tuple[str, str], str]:
    """(game key, end code) -> a decided final position there: by hand, or a random game's; for an
    end whose sentence tells more (``End.sentences``) one for each detail random games reach."""
    found = {(key, code): position for (key, code), position in BY_HAND.items() if key in spec.keys}
    codes = {end.code for end in spec.ends}
    details: set[tuple[str, str]] = set()
    told_more = any(end.sentences or end.termination == "score" for end in spec.ends)  # every detail reached
    for seed in range(SEEDS):
        if not told_more and codes <= {code.split(":")[0] for _key, code in found}:
            break
        for key in spec.keys:
            verdict = registry.replay(registry.random_record(key, seed), key)
            code, position = verdict.termination or "", verdict.final_position or ""
            if code not in codes or verdict.result is None:
                continue
            # one position a detail, decided and drawn apart (DVONN's stack totals end either way)
            detail = registry.end_detail(position) + ("=" if verdict.result == Result.DRAW else "")
            if (code, detail) not in details:
                details.add((code, detail))
                found.setdefault((key, f"{code}:{detail}" if detail else code), position)
    return found


@pytest.mark.parametrize("spec_name", [spec.name for spec in registry.specs()])
def test_every_natural_end_is_told_as_the_final_position_shows_it(spec_name: str) -> None:
    spec = next(spec for spec in registry.specs() if spec.name == spec_name)
    people = []
    for name in (WHITE, BLACK):
        user = User.objects.create_user(name.split()[0].lower())
        people.append(Player.objects.create(display_name=name, handle=user.username, user=user))
    positions = _final_positions(spec)
    reached = {code.split(":")[0] for _key, code in positions}
    assert reached == {end.code for end in spec.ends}, (
        f"{spec.name}: no final position for {set(spec.ends) - reached}"
    )
    for (key, code), position in positions.items():
        status = registry.status(position)
        assert status.ended and status.termination == code.split(":")[0], (key, code, position)
        drawn = status.result not in (Result.WHITE_WINS, Result.BLACK_WINS)
        loser = 1 if status.result == Result.WHITE_WINS else 0
        game = state.create_service_game(people[0], people[1], key, "")
        Game.objects.filter(pk=game.pk).update(
            position=position,
            result=str(status.result),
            termination=status.termination,
            finished_at=timezone.now(),
            state=Game.State.OFFICIAL,
        )
        page = Client().get(game.get_absolute_url()).content.decode()
        told = re.search(r'id="game-ending"><strong>[^<]*</strong> · ([^<]*)</p>', page)
        assert told, (key, code)
        sentence = told.group(1)
        names = (WHITE, BLACK)
        template = registry.end_of(status.termination or "", key)
        if drawn:  # a natural end that came out a draw: its name, no player's
            assert template is not None and sentence == f"Drawn: {template.name}", (key, code, sentence)
            assert WHITE not in sentence and BLACK not in sentence
            continue
        said = template.sentence_for(registry.end_detail(position)) if template else ""
        if "{loser}" in said:
            assert names[loser] in sentence and names[1 - loser] not in sentence, sentence
        if "{winner}" in said:
            assert names[1 - loser] in sentence and names[loser] not in sentence, sentence
        for phrase in FACTS.get(spec.name, lambda *_: [])(position, code.split(":")[0], loser):
            if phrase.startswith("!"):
                assert phrase[1:] not in sentence, (key, code, sentence)
            else:
                assert phrase in sentence, (key, code, sentence, position)
