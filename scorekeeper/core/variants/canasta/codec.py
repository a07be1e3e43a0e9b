"""Canasta's hand in its shapes (SPEC §2.10): the hand file read and checked (:mod:`.entry`), the
one-line form (:mod:`.oneline`), and the questions at the table, side by side — the side's melds
and red threes once (at its first player), then each partner's cards left."""
from __future__ import annotations

import re
from typing import Any, Mapping, Sequence

from scorekeeper.api import (Codec, GameSoFar, IllegalMeld, InputError, Question, Table, find_player, parse_cards,
                             phrase, split_melds)
from scorekeeper.core.variants.canasta import melds as cm
from scorekeeper.core.variants.canasta import oneline
from scorekeeper.core.variants.canasta.entry import Deal, read_deal

#: going out concealed, in every language (the one-line word and the answer at the table)
CONCEALED_WORDS = ("concealed", "закрито", "закритий", "закрита", "закрыто", "закрытый", "закрытая", "закрыта",
                   "закрыты", "закрытая")
#: yes and no, as the question "went out concealed?" takes them
YES_WORDS = ("y", "yes", "т", "так", "д", "да", "тк")
NO_WORDS = ("n", "no", "н", "ні", "не", "нет", "нi")


class CanastaCodec(Codec):
    """The hand file, the one-line form and the answers at the table, per side."""

    def read(self, raw: Any, game: GameSoFar) -> Deal:
        return read_deal(raw, game)

    def read_line(self, args: Sequence[str], players: Sequence[str]) -> dict:
        return oneline.read_line(args, players, self.meaning)[0]

    def read_line_for(self, args: Sequence[str], setup: Any) -> dict:
        """The one-line form read for the game's sides: a side named (``Ann+Cy:``) must be one of
        them; the partners of a side counted on paper may be left out."""
        entry, named = oneline.read_line(args, setup.players, self.meaning)
        return oneline.check_sides(entry, named, setup.sides)

    def write_line(self, entry: Any, players: Sequence[str] = ()) -> dict[str, str]:
        return oneline.write_line(entry, players)

    # -- the answers at the table ------------------------------------------------------------

    def forget(self, entry: dict, player: str) -> None:
        if entry.get("out") == player:
            entry.pop("concealed", None)
        super().forget(entry, player)

    def answer_melds(self, text: str, entry: dict, game: GameSoFar, name: str) -> None:
        """The side's melds as they lie at the end (each checked now); nothing (Enter, ``-``):
        the side melded nothing; a whole number: the side's score counted on paper; or the whole
        part in the one-line form (``QS QH QD JK r3=1 -5C``)."""
        text = self.own(name, text, game).strip()
        part = entry["players"].setdefault(name, {})
        if not text or text.lower() in ("none", "-") or self.says(text, "nobody"):
            return
        if re.fullmatch(r"[+\-−]?\d+", text):
            self.check_points(name, text)
            part["points"] = int(text.replace("−", "-"))
            return
        if "-" in text.replace("−", "-").split() or re.search(r"(^|\s)-\S", text) or \
                oneline.RED_THREES + "=" in text.lower() or any(self.says(w, "out") for w in text.split()):
            line = oneline.read_line([f"{name}: {text}"], [name], self.meaning)[0]
            said = line["players"][name]
            if said.get("melds"):
                self.check_melds(name, said["melds"], game, entry)
            entry["players"][name] = said
            entry.update({key: value for key, value in line.items() if key != "players"})
            return
        part["melds"] = self.check_melds(name, [m.strip() for m in re.split(r"[,;]", text) if m.strip()], game,
                                         entry)

    def check_points(self, name: str, text: str) -> None:
        from scorekeeper.core.variants.canasta.entry import MOST_POINTS

        if abs(int(text.replace("−", "-"))) > MOST_POINTS:
            raise InputError("canasta.points.too_large", player=name, points=text, most=MOST_POINTS)

    def check_melds(self, name: str, melds: list[str], game: GameSoFar, entry: Mapping[str, Any]) -> list[str]:
        """Each meld legal for Canasta (black threes as the going-out meld: whether this side went
        out is checked with the whole hand), and no two of one rank."""
        ranks: dict[int, Any] = {}
        for meld in melds:
            (cards,) = split_melds([meld], "melds", player=name)
            try:
                read = cm.read(cards)
            except IllegalMeld as e:
                raise InputError("entry.about_player", player=name, cause=e) from None
            if read.rank in ranks:
                raise InputError("canasta.side.rank_twice", player=name, ranks=cm.rank_plural(read.rank),
                                 first=ranks[read.rank], second=read.cards)
            ranks[read.rank] = read.cards
        return melds

    def answer_red_threes(self, text: str, entry: dict, game: GameSoFar, name: str) -> None:
        """The red threes the side laid out: a count (Enter: none) or the cards."""
        text = self.own(name, text, game).strip()
        part = entry["players"].setdefault(name, {})
        part.pop("red_threes", None)
        if not text or text in ("-", "0") or self.says(text, "nobody"):
            return
        if text.isdigit():
            if int(text) > 4:
                raise InputError("canasta.red_threes.count", player=name, count=int(text))
            part["red_threes"] = int(text)
            return
        cards = parse_cards(" ".join(text.replace(",", " ").split()), "list", player=name)
        for c in cards:
            if not cm.is_red_three(c):
                raise InputError("canasta.red_threes.not_red_three", player=name, card=c)
        part["red_threes"] = " ".join(text.replace(",", " ").split())

    def answer_hand(self, text: str, entry: dict, game: GameSoFar, name: str) -> None:
        """The cards left in hand, or ``out`` (``-``): none, this player went out."""
        text = self.own(name, text, game).strip()
        if text.startswith("-") and len(text) > 1:
            text = text[1:].strip()
        if not text:
            raise InputError("prompt.nothing_in_hand", player=name)
        if text == "-" or self.says(text, "out"):
            gone = [p for p, a in (entry.get("players") or {}).items() if p != name and a.get("hand") == ""]
            if gone:
                raise InputError("prompt.second_out", gone=gone[0], player=name)
            entry["players"].setdefault(name, {})["hand"] = ""
            return
        cards = parse_cards(" ".join(text.replace(",", " ").split()), "hand", player=name)
        for c in cards:
            if cm.is_red_three(c):
                raise InputError("canasta.hand.red_three", player=name, card=c)
        entry["players"].setdefault(name, {})["hand"] = " ".join(text.replace(",", " ").split())

    def answer_concealed(self, text: str, entry: dict, game: GameSoFar) -> None:
        """Whether the player who went out went out concealed: yes (or ``concealed``) or no (Enter)."""
        word = text.strip().lower()
        entry.pop("concealed", None)
        if word in YES_WORDS or self.says(word, "concealed"):
            entry["concealed"] = True
        elif word and word not in NO_WORDS:
            raise InputError("canasta.prompt.yes_or_no", text=text)

    def answers_for(self, entry: Any, game: GameSoFar) -> dict[tuple[str, str], str]:
        """:meth:`answers`, each side's melds (or points) and red threes at its first player, where the
        table asks them, whichever partner they were given at."""
        found = self.answers(entry, game.setup.players)
        for side in game.sides:
            for key in ("melds", "red_threes"):
                given = next((found.pop((p, key)) for p in side if (p, key) in found), None)
                if given is not None:
                    found[(side[0], key)] = given
        return found

    def answers(self, entry: Any, players: Sequence[str]) -> dict[tuple[str, str], str]:
        """The answers that give ``entry`` again: each side's melds (or points) and red threes at the
        player they were given at, each player's cards left, how the hand ended, whether concealed."""
        if not isinstance(entry, dict):
            return {}
        found: dict[tuple[str, str], str] = {}
        for name, part in (entry.get("players") or {}).items():
            player = find_player(name, players) if isinstance(name, str) else None
            if player is None or not isinstance(part, dict):
                continue
            if "points" in part:
                found[(player, "melds")] = str(part["points"])
            elif part.get("melds"):
                found[(player, "melds")] = oneline.write_part({"melds": part["melds"]})
            if "red_threes" in part:
                reds = part["red_threes"]
                found[(player, "red_threes")] = str(reds) if isinstance(reds, int) else oneline._cards(reds)
            if "hand" in part:
                hand = oneline._cards(part["hand"])
                found[(player, "hand")] = hand or str(phrase("line.word.out"))
        out = find_player(entry["out"], players) if isinstance(entry.get("out"), str) else None
        if out is not None and found.get((out, "hand")) != str(phrase("line.word.out")):
            found[("", "ending")] = out  # went out, the side counted on paper: asked who went out
        if entry.get("out") or entry.get("concealed"):
            found[("", "concealed")] = str(phrase("canasta.prompt.yes" if entry.get("concealed") else
                                                  "canasta.prompt.no"))
        return found


class CanastaTable(Table):
    """Side by side: for each side its first player's melds (the side's, once) and red threes,
    then each partner's cards left; a partner of a side counted on paper is not asked. Then who
    went out, where no hand is empty, and whether concealed."""

    def parts(self) -> tuple[str, ...]:
        return ("melds", "red_threes", "hand")

    def asked(self, game: GameSoFar) -> tuple[str, ...]:
        return tuple(p for side in game.sides for p in side)

    def skip(self, game: GameSoFar, player: str, entry: Mapping[str, Any]) -> bool:
        side = game.side_of(player)
        parts = entry.get("players") or {}
        return player != side[0] and "points" in (parts.get(side[0]) or {})

    def part(self, game: GameSoFar, player: str, part: Mapping[str, Any], asked: Sequence[str]) -> Question | None:
        side = game.side_of(player)
        keys = self.parts() if player == side[0] else ("hand",)
        for key in keys:
            if key in asked:
                continue
            if "points" in part or "hand" in part:  # the side counted on paper, or the whole part on one line
                return None
            partners = len(side) > 1
            words = {"melds": "canasta.prompt.side_melds" if partners else "canasta.prompt.melds",
                     "red_threes": "canasta.prompt.side_red_threes" if partners else "canasta.prompt.red_threes",
                     "hand": "canasta.prompt.hand"}[key]
            return Question(key, phrase(words, side=" & ".join(side)), player)
        return None

    def also(self, game: GameSoFar, entry: Mapping[str, Any]) -> list[Question]:
        gone = entry.get("out") or next((p for p, a in (entry.get("players") or {}).items() if a.get("hand") == ""),
                                        None)
        if not gone:
            return []
        return [Question("concealed", phrase("canasta.prompt.concealed", player=gone))]
