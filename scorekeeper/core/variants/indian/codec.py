"""Indian Rummy's deal in its shapes (SPEC §2.9 "Entering an Indian deal", §4): the hand file
(:mod:`~scorekeeper.core.variants.indian.entry`), the one-line form, and the questions at the
table — each read into the same stored entry and written back from it.

**The one-line form.** One argument per player in play, ``NAME: WHAT``, and ``wild=R``, the
deal's wild rank (``wild=7``, ``wild=Q``, ``wild=JK`` when a printed joker was cut). WHAT is read
left to right:

* cards are melds, separated by ``,`` (or ``;``); ``-`` starts the cards left out of melds
  (``-`` alone: none);
* a whole number (``35`` or ``-35``) is the points of a hand counted on paper;
* ``drop`` (a first drop), ``middle`` (a middle drop), ``wrong`` (a wrong show);
* ``show`` (or ``out``) says this player declared; ``NAME: show`` alone is the last player in
  after everyone else dropped (I-N6).

Examples::

    wild=7 "Ann: 2H 3H 4H, 5S 6S 7C, 9D 9C 9S, KH KD KS JK show"
           "Bob: 8C 9C 10C -2D 5D 6H KC QS JD AS 4C 7S 3D"
           "Cy: 35" "Dee: drop" "Eve: wrong"

The words are understood in every language (:data:`WORDS`: ``дроп``, ``сброс``, ``шоу`` …), and
a word typed slightly wrong is named (``dorp``: did you mean ``drop``?).
"""
from __future__ import annotations

import re
from typing import Any, Mapping, Sequence

from scorekeeper.api import (Codec, GameSoFar, IllegalMeld, InputError, Question, Table, card_or_word, find_player,
                             match_player, near_word, parse_cards, parse_played_cards, phrase, RankWord,
                             split_melds)
from scorekeeper.core.variants.indian.entry import IndianDeal, read_deal, read_wild
from scorekeeper.core.variants.indian.melds import judge

#: Indian Rummy's own words by meaning, in every language (lower case): a first drop, a middle
#: drop, a wrong show, who declared (beside the shared words for going out), and the key of the
#: deal's wild rank (``wild=7``, ``джокер=7``)
WORDS: dict[str, tuple[str, ...]] = {
    "drop": ("drop", "first-drop", "first", "дроп", "скид", "скинув", "скинула", "сброс", "сбросил", "сбросила", "скід",
             "скінуў", "скінула"),
    "middle": ("middle", "middle-drop", "mid", "мідл", "середина", "середній", "мидл", "средний", "сярэдзіна", "сярэдні"),
    "wrong": ("wrong", "wrong-show", "помилка", "хибне", "хибна", "ошибка", "неверно", "памылка", "памылкова"),
    "show": ("show", "declared", "declare", "шоу", "декларація", "оголосив", "оголосила", "декларация", "объявил",
             "объявила", "дэкларацыя", "абвясціў", "абвясціла"),
    "wild": ("wild", "joker", "джокер", "дикий", "дикий-джокер", "дикий_джокер", "дзікі"),
}
#: the meanings a player's part may say in words
PART_WORDS = ("drop", "middle", "wrong", "show", "out")

_MARKS = re.compile(r"([,;\-])")


def _tokens(text: str) -> list[str]:
    return _MARKS.sub(lambda m: f" {m.group(1)} ", text).split()


def _number(token: str) -> int | None:
    return int(token) if token.isascii() and token.isdigit() else None


def said_word(meaning: str) -> str:
    """Indian Rummy's word for ``meaning`` as the language spoken writes it (``дроп``); every
    language's word reads back the same."""
    return str(phrase(f"indian.line.word.{meaning}"))


class IndianCodec(Codec):
    """The deal's shapes: the hand file, the one-line form, the answers at the table."""

    # -- the stored entry -------------------------------------------------------------------

    def read(self, raw: Any, game: GameSoFar) -> IndianDeal:
        return read_deal(raw, game.in_play, game.setup.players)

    def wild_of(self, entry: Mapping[str, Any]) -> int | None:
        value = entry.get("wild") if isinstance(entry, Mapping) else None
        if value is None:
            return None
        try:
            return read_wild(value).rank
        except InputError:
            return None

    def read_wild(self, text: str) -> int:
        """A wild rank typed for ``check --wild R``: the rank made wild (a printed joker: the aces).
        Raises :class:`InputError` ``indian.wild_not_rank``."""
        return read_wild(text).rank

    # -- the one-line form ------------------------------------------------------------------

    def _is_wild_arg(self, text: str) -> bool:
        key, eq, _ = text.partition("=")
        return bool(eq) and self.meaning(key.strip()) == "wild"

    def read_line(self, args: Sequence[str], players: Sequence[str]) -> dict:
        """The raw deal one-line arguments give (see the module's notes). Raises
        :class:`InputError` naming the argument or player at fault."""
        entry: dict = {"players": {}}
        for arg in args:
            text = str(arg).strip()
            if self._is_wild_arg(text):
                value = text.partition("=")[2].strip()
                if "wild" in entry:
                    raise InputError("indian.line.wild_twice", first=entry["wild"], second=value)
                entry["wild"] = read_wild(value).text
                continue
            name, colon, body = text.partition(":")
            if not colon or not name.strip():
                near = near_word(text.partition("=")[0], (), {"wild": WORDS["wild"]}) if not colon else None
                if near is not None:
                    raise InputError("line.not_a_word_near", text=text, near=near + "=")
                raise InputError("indian.line.no_name", text=text)
            player = match_player(name.strip(), players)
            if player in entry["players"]:
                raise InputError("line.player_twice", player=player)
            entry["players"][player] = self._part(player, body, entry)
        # seat order, whatever order the arguments came in
        entry["players"] = {p: entry["players"][p] for p in players if p in entry["players"]}
        return entry

    def _part(self, player: str, body: str, entry: dict) -> dict:
        melds: list[list[str]] = [[]]
        hand: list[str] | None = None
        points: int | None = None
        drop: str | None = None
        wrong = False
        section = "melds"
        for tok in _tokens(body):
            meaning = self.meaning(tok)
            if tok in (",", ";"):
                if section != "melds":
                    raise InputError("indian.line.comma_out_of_place", player=player)
                melds.append([])
            elif tok == "-":
                section, hand = "hand", (hand or [])
            elif meaning in ("drop", "middle"):
                drop = "middle" if meaning == "middle" or drop == "middle" else "first"
            elif meaning == "wrong":
                wrong = True
            elif meaning in ("show", "out"):
                if entry.get("out") not in (None, player):
                    raise InputError("line.word_twice", player=player, word=tok, other=entry["out"])
                entry["out"] = player
            elif (number := _number(tok)) is not None:
                if points is not None or any(melds) or hand:
                    raise InputError("indian.line.points_out_of_place", player=player, token=tok)
                points = number
            else:
                self._card(player, tok, section)
                (melds[-1] if section == "melds" else hand).append(tok)  # type: ignore[union-attr]
        part: dict = {}
        texts = [" ".join(m) for m in melds if m]
        if texts:
            part["melds"] = texts
        if points is not None:
            part["hand"] = points
        elif hand is not None or texts:
            part["hand"] = " ".join(hand or [])
        if drop:
            part["drop"] = drop
        if wrong:
            part["wrong"] = True
        if not part and entry.get("out") != player:
            raise InputError("indian.line.nothing", player=player)
        return part

    def _card(self, player: str, token: str, section: str) -> None:
        """Read a card as soon as it is met; a word near one of Indian Rummy's is named."""
        try:
            (parse_played_cards if section == "melds" else parse_cards)(token)
        except InputError as e:
            raise card_or_word(player, token, e, ("out",), {m: WORDS[m] for m in PART_WORDS if m in WORDS}) from None

    def write_line(self, entry: Any, players: Sequence[str] = ()) -> dict[str, str]:
        """A stored deal in the one-line form: ``{player: text}`` and ``{"": "wild=7"}``; what
        :meth:`read_line` reads back to the same entry (names as ``players`` spell them)."""
        if not isinstance(entry, dict):
            return {}
        out: dict[str, str] = {}
        parts = entry.get("players")
        declarer = entry.get("out")
        for name, part in (parts if isinstance(parts, dict) else {}).items():
            seat = (find_player(str(name), players) if players else None) or str(name)
            text = _written(part)
            if isinstance(declarer, str) and find_player(declarer, [str(name)]):
                text = (text + " " + said_word("show")).strip()
            out[seat] = text
        if entry.get("wild") is not None:
            out[""] = f"{said_word('wild')}={RankWord(entry['wild'])}"  # джокер=Д: read back as typed
        return out

    # -- the answers at the table ---------------------------------------------------------------

    def answer_wild(self, text: str, entry: dict, game: GameSoFar) -> None:
        """The deal's wild rank (``7``, ``Q``, ``JK``); Enter: not given (a deal counted on paper)."""
        entry.pop("wild", None)
        if self._is_wild_arg(text):
            text = text.partition("=")[2]
        if text.strip():
            entry["wild"] = read_wild(text).text

    def answer_part(self, text: str, entry: dict, game: GameSoFar, name: str) -> None:
        """A player's whole part in the one-line form (without ``NAME:``), each meld checked at once."""
        text = self.own(name, text, game)
        said = {"players": {}, **{k: v for k, v in entry.items() if k == "out" and v != name}}
        part = self._part(name, text, said)
        rank = self.wild_of(entry)
        for melds in [part["melds"]] if "melds" in part else []:
            for cards in split_melds(melds, "melds", player=name):
                try:
                    judge(cards, rank)
                except IllegalMeld as err:
                    raise InputError("game.of_player", player=name, cause=err) from None
        entry["players"][name] = part
        if said.get("out") == name:
            entry["out"] = name

    def answer_ending(self, text: str, entry: dict, game: GameSoFar) -> None:
        """Who declared (a name)."""
        if not text:
            raise InputError("indian.prompt.no_declarer")
        entry["out"] = self.player_named(text, game)

    def answers(self, entry: Any, players: Sequence[str]) -> dict[tuple[str, str], str]:
        """Each player's part in the one-line form (the declarer's ending in ``show``) and the wild rank."""
        if not isinstance(entry, dict):
            return {}
        lines = self.write_line(entry, players)
        found: dict[tuple[str, str], str] = {}
        for name in entry.get("players") or {}:
            player = find_player(name, players) if isinstance(name, str) else None
            if player is not None:
                found[(player, "part")] = lines.get(player, "")
        if entry.get("wild") is not None:
            found[("", "wild")] = str(entry["wild"])
        return found


def _written(part: Any) -> str:
    """One player's part in the one-line form, without the name and the word ``show``."""
    if not isinstance(part, dict):
        return str(part)
    if part.get("drop"):
        return said_word("middle" if str(part["drop"]).lower() == "middle" else "drop")
    if part.get("wrong"):
        return said_word("wrong")
    words = []
    melds = part.get("melds")
    if isinstance(melds, str):
        melds = [m for m in re.split(r"[,;]", melds)]
    if isinstance(melds, (list, tuple)):
        texts = [" ".join(m) if isinstance(m, (list, tuple)) else " ".join(str(m).split()) for m in melds]
        words.append(", ".join(t for t in texts if t))
    hand = part.get("hand")
    if isinstance(hand, int) and not isinstance(hand, bool):
        words.append(f"-{hand}")
    elif isinstance(hand, (list, tuple)) and hand:
        words.append("-" + " ".join(str(c) for c in hand))
    elif isinstance(hand, str) and hand.strip():
        words.append("-" + " ".join(hand.split()))
    elif hand is not None and not any(words):  # nothing left, and no melds said: "-"
        words.append("-")
    return " ".join(w for w in words if w)


class IndianTable(Table):
    """The wild rank first; then each player in play, their part in one answer; then who declared,
    where the answers do not say it."""

    def parts(self) -> tuple[str, ...]:
        return ("part",)

    def first(self, game: GameSoFar) -> list[Question]:
        return [Question("wild", phrase("indian.prompt.wild"))]

    def part(self, game: GameSoFar, player: str, part: Mapping[str, Any], asked: Sequence[str]) -> Question | None:
        if "part" in asked:
            return None
        return Question("part", phrase("indian.prompt.part"), player)

    def ending(self, game: GameSoFar, entry: Mapping[str, Any]) -> Question | None:
        if entry.get("out"):
            return None
        parts = entry.get("players") or {}
        showing = [p for p, x in parts.items() if x.get("melds") and x.get("hand") in ("", [], None)]
        staying = [p for p, x in parts.items() if not x.get("drop") and not x.get("wrong")]
        if len(showing) == 1 or len(staying) == 1:
            return None
        return Question("ending", phrase("indian.prompt.who_declared"))
