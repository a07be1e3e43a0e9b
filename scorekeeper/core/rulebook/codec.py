"""A variant's codec: one deal in its shapes — the hand file (the stored entry), the one-line
form, and the answers at the table — each read into the stored entry and written back from it
(SPEC §4).

The stored entry is what a hand file holds, exactly as given: for the shared form ::

    {"players": {NAME: {"melds": [...], "layoffs": "...", "hand": "..." | POINTS, "table": POINTS}},
     "knock": NAME, "out": NAME, "stock_exhausted": true}

(:mod:`scorekeeper.core.entry`). A variant with a form of its own overrides the methods
together, so what one writes the others read back to the same entry.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from scorekeeper.core.errors import InputError
from scorekeeper.core.numbers import typed_number
from scorekeeper.core.rulebook.part import Part
from scorekeeper.core.rulebook.table import Question
from scorekeeper.core.words import meaning as shared_meaning

#: the game so far (:class:`scorekeeper.core.game.GameSoFar`), named only in words here: the game
#: model imports the variant
GameSoFar = Any


#: a "+" (lay-offs) or a "-" word (the hand): the one-line form of a player's part
ONE_LINE = re.compile(r"\+|(?:^|\s)-")
#: words that mean "no cards left in hand" (the player went out)
OUT_WORDS = ("out", "-", "went out")


def cards_text(text: str) -> str:
    """A card list as typed, forgiving commas between cards: ``"AS, 4D"`` → ``"AS 4D"``."""
    return " ".join(text.replace(",", " ").replace(";", " ").split())


@dataclass(eq=False)
class Codec(Part):
    """A deal's shapes and the conversions between them. The defaults are the shared form of
    :mod:`scorekeeper.core.entry` and :mod:`scorekeeper.core.oneline`: ``keys`` are the keys a
    player's part may hold (``melds``, ``layoffs``, ``hand``, ``table``); the deal's keys are
    ``out``, ``stock_exhausted`` and, where a player may knock, ``knock``.

    * :meth:`read` — a stored entry (a hand file) checked and typed: what the scoring is given;
    * :meth:`read_line` / :meth:`write_line` — the one-line form, both ways (:meth:`read_line_for`:
      as ``hand`` reads it for a game);
    * :meth:`answer` / :meth:`answers` — one answer at the table read into the entry, and the
      answers that give a stored entry again (``edit`` starts each question from them,
      :meth:`answers_for` the game's);
    * :meth:`meaning` — what a word typed says (the shared words, and the variant's own
      ``texts.words``).
    """

    keys: frozenset[str] = field(default_factory=lambda: frozenset({"melds", "hand"}))

    # -- the stored entry -----------------------------------------------------------------

    @property
    def zero_is_empty(self) -> bool:
        """Whether a points-only 0 in hand means no cards are left (I-6): where every card left
        in hand counts something."""
        return self.variant.card_values.all_count

    def read(self, raw: Any, game: "GameSoFar") -> Any:
        """Check ``raw`` (a stored entry) as the coming deal of ``game`` and type it: a
        :class:`~scorekeeper.core.entry.HandEntry` (every player in play present, nobody else;
        every card read; who went out, knocked, or the stock). Raises
        :class:`~scorekeeper.core.errors.InputError` naming the player, key or card."""
        from scorekeeper.core.entry import parse_entry

        v = self.variant
        setup = game.setup
        decks, jokers = v.deals.packs(setup.rules, len(setup.players))
        return parse_entry(raw, game.in_play, self.keys, v.endings.knock, self.zero_is_empty,
                           v.scoring.out_bonus(setup.rules), v.endings.out, 52 * decks + jokers,
                           session=setup.players)

    # -- the one-line form ------------------------------------------------------------------

    def read_line(self, args: Sequence[str], players: Sequence[str]) -> dict:
        """The raw entry one-line arguments give (SPEC §4.2): ``["Ann: 7H 8H 9H -AS 4D", "Bob: -",
        "stock"]`` → ``{"players": {...}, "stock_exhausted": true}``. Raises
        :class:`~scorekeeper.core.errors.InputError` naming the argument or player."""
        from scorekeeper.core.oneline import parse_line_entries

        return parse_line_entries(list(args), players, self.variant.endings.knock, self.keys)

    def read_line_for(self, args: Sequence[str], setup: Any) -> dict:
        """:meth:`read_line` for the game ``setup`` (a :class:`~scorekeeper.core.game.GameSetup`):
        what ``hand`` reads one-line arguments with. The default reads them for the setup's players;
        a variant whose form names more than players says so here (Canasta's sides, ``Ann+Cy:``)."""
        return self.read_line(args, setup.players)

    def write_line(self, entry: Any, players: Sequence[str] = ()) -> dict[str, str]:
        """A stored entry in the one-line form: ``{player: text}`` (each player's part, with the
        words of the player who knocked or went out) and, under ``""``, the separate arguments
        (``stock``); names spelled as ``players`` spell them; what :meth:`read_line` reads back
        to the same entry. Not a mapping: ``{}``."""
        from scorekeeper.core.oneline import write_line_entries

        return write_line_entries(entry, players)

    # -- words ---------------------------------------------------------------------------

    def meaning(self, word: str) -> str | None:
        """What a typed ``word`` says: one of the shared meanings (``out``, ``knock``, ``stock``,
        ``all``, ``nobody``, ``low``, ``high``) or one of the variant's own words, in any
        language; None for a word that is none of them."""
        found = shared_meaning(word)
        if found is not None:
            return found
        return self.variant.texts.meaning(word)

    def says(self, word: str, what: str) -> bool:
        """Whether ``word`` says ``what``."""
        return self.meaning(word) == what

    # -- the answers at the table -------------------------------------------------------------

    def answer(self, question: "Question", text: str, entry: dict, game: "GameSoFar") -> None:
        """Read ``text``, the answer to ``question``, into ``entry`` (the raw entry being built:
        ``entry["players"][player]`` is the part asked about). Each answer is checked as soon as
        it is typed; raises :class:`~scorekeeper.core.errors.InputError` to ask again. Reads with
        the method ``answer_KEY`` (``answer_melds``, ``answer_hand``, ``answer_ending`` …); a
        variant adds its own keys' readers (``answer_cut``)."""
        reader = getattr(self, f"answer_{question.key}", None)
        if reader is None:
            raise KeyError(question.key)
        text = text.strip()
        if question.player is not None:
            reader(text, entry, game, question.player)
        else:
            reader(text, entry, game)

    def forget(self, entry: dict, player: str) -> None:
        """Take ``player``'s part out of ``entry`` before it is asked again, with what it said of
        the deal (who knocked or went out)."""
        entry.setdefault("players", {}).pop(player, None)
        for key in ("knock", "out"):
            if entry.get(key) == player:
                del entry[key]

    def player_named(self, text: str, game: "GameSoFar", words: Sequence[str] = ()) -> str:
        """The player in play named by ``text`` (exactly, or ignoring case). Else an
        :class:`InputError` with the near miss (``near``) among the players and ``words``, the
        other answers the question takes (``stock``)."""
        from scorekeeper.core.entry import closest, find_player

        players = list(game.in_play)
        found = find_player(text, players)
        if found is not None:
            return found
        near = closest(text, players + list(words))
        if near is None:
            raise InputError("prompt.not_a_player", text=text, hint="", players=players)
        raise InputError("prompt.not_a_player_near", text=text, near=near, players=players)

    def own(self, name: str, text: str, game: "GameSoFar") -> str:
        """An answer about ``name``'s cards without a leading ``NAME:`` (the one-line habit):
        ``name``'s own is left out; another player's raises :class:`InputError`
        ``cli.prompt.other_players_part``."""
        from scorekeeper.core.entry import find_player

        said, colon, rest = text.partition(":")
        whose = find_player(said.strip(), game.setup.players) if colon and said.strip() else None
        if whose is None:
            return text
        if whose != name:
            raise InputError("prompt.other_players_part", player=name, other=whose)
        return rest.strip()

    def answer_melds(self, text: str, entry: dict, game: "GameSoFar", name: str) -> None:
        """Melds typed as ``7H 8H 9H, QS QD QC`` (each checked now), table points as a number,
        or the player's whole part in the one-line form (``7H 8H 9H +10H -AS 4D``). Raises
        :class:`InputError` for a meld that is not legal, or points where melds score none."""
        text = self.own(name, text, game)
        part = entry["players"].setdefault(name, {})
        if not text or text.lower() in ("none", "-"):
            return
        if (points := typed_number(text)) is not None:
            if "table" not in self.keys:  # melds score nothing (Contract Rummy): no table points
                raise InputError("prompt.melds_not_points", player=name, points=points,
                                 variant=self.variant.said_name)
            part["table"] = points
            return
        if self.says(text, "out"):  # went out with nothing on the table (вийшов, вышел …)
            self._whole_part(name, "-", entry, game)
            return
        if ONE_LINE.search(text):
            self._whole_part(name, text, entry, game)
            return
        try:
            part["melds"] = self.check_melds(name, [m.strip() for m in re.split(r"[,;]", text) if m.strip()], game,
                                             entry)
        except InputError as e:  # one word that is no card: a mistyped "went out" (вышаў) is said to be that
            if len(text.split()) == 1 and e.code == "card.not_a_card":
                from scorekeeper.core.oneline import near_word

                near = near_word(text, ("out",))
                if near is not None:
                    raise InputError("line.word_near", player=name, token=text, near=near) from None
            raise

    def _whole_part(self, name: str, text: str, entry: dict, game: "GameSoFar") -> None:
        """A player's whole part as one ``hand`` argument (``NAME:`` left out), each piece checked."""
        line = self.read_line([f"{name}: {text}"], [name])
        part = line["players"][name]
        if part.get("melds"):
            self.check_melds(name, part["melds"], game, entry)
        if part.get("layoffs"):
            self._layoffs(name, part["layoffs"])
        if isinstance(part.get("hand"), str):
            self._hand(name, part["hand"] or "out", entry)
        entry["players"][name] = part
        for key, value in line.items():
            if key != "players":
                entry[key] = value

    def check_melds(self, name: str, melds: list[str], game: "GameSoFar", entry: Mapping[str, Any]) -> list[str]:
        """Each meld legal under this deal's meld law, or :class:`InputError` saying why not."""
        from scorekeeper.core.cards import split_melds

        for meld in melds:
            (cards,) = split_melds([meld], "melds", player=name)
            self.variant.melds.judge(cards, game.setup.rules, game.round, self.wild_of(entry))
        return melds

    def wild_of(self, entry: Mapping[str, Any]) -> int | None:
        """The deal's wild rank where the entry names it (Indian Rummy's cut card), else None."""
        return None

    def read_wild(self, text: str) -> int:
        """A wild rank as typed (``check … --wild R``, where the entry names the deal's wild rank:
        :attr:`~scorekeeper.core.rulebook.facts.Wilds.CUT_RANK`): the rank, 1 (ace) … 13 (king).
        Reads a rank (``7``, ``Q``, ``10``); raises :class:`InputError` ``check.wild_not_a_rank``."""
        from scorekeeper.core.cards import RANKS

        rank = str(text).strip().upper()
        if rank not in RANKS:
            raise InputError("check.wild_not_a_rank", wild=text)
        return RANKS.index(rank) + 1

    def answer_layoffs(self, text: str, entry: dict, game: "GameSoFar", name: str) -> None:
        """Cards laid off (``10H 4C``, ``AS:low``); where they fit is checked with the whole deal.
        Raises :class:`InputError` for a word that is no card."""
        found = self._layoffs(name, self.own(name, text, game))
        if found:
            entry["players"].setdefault(name, {})["layoffs"] = found

    def _layoffs(self, name: str, text: str) -> str | None:
        from scorekeeper.core.cards import parse_played_cards

        text = cards_text(text.lstrip("+"))
        if not text or text.lower() in ("none", "-"):
            return None
        parse_played_cards(text, "layoffs", player=name)
        return text

    def answer_hand(self, text: str, entry: dict, game: "GameSoFar", name: str) -> None:
        """Cards left in hand, their points, or "out"; where a player may knock, "knock" may follow.
        Raises :class:`InputError` for a word that is no card, a knock the variant does not
        have, a second player out or knocking, or nothing given."""
        hand, knocked = self._hand(name, self.own(name, text, game), entry)
        entry["players"].setdefault(name, {})["hand"] = hand
        if knocked:
            entry["knock"] = name

    def _hand(self, name: str, text: str, entry: dict) -> tuple[str | int, bool]:
        from scorekeeper.core.cards import parse_cards

        words = text.split()
        knocked = bool(words) and self.says(words[-1], "knock")  # knock, стук, постукала …
        if knocked:
            if not self.variant.endings.knock:
                raise InputError("prompt.knock_not_allowed", variant=self.variant.said_name)
            text = " ".join(words[:-1])
            if entry.get("knock") and entry["knock"] != name:
                raise InputError("prompt.second_knocker", knocker=entry["knock"], player=name)
        if not text:
            if knocked:
                raise InputError("prompt.knock_without_cards", player=name)
            raise InputError("prompt.nothing_in_hand", player=name)
        if len(text) > 1 and text.startswith("-"):  # the one-line habit: "-AS 4D", "-12"
            text = text[1:].strip()
        if text.lower() in OUT_WORDS or self.says(text, "out"):
            if knocked:
                raise InputError("prompt.out_and_knock", player=name)
            gone = [p for p, a in (entry.get("players") or {}).items() if p != name and a.get("hand") == ""]
            if gone:
                raise InputError("prompt.second_out", gone=gone[0], player=name)
            return "", False
        if (points := typed_number(text)) is not None:
            return points, knocked
        text = cards_text(text)
        parse_cards(text, "hand", player=name)
        return text, knocked

    def answer_ending(self, text: str, entry: dict, game: "GameSoFar") -> None:
        """How the deal ended: where a player may knock, a name (the knocker), ``stock``, or
        ``out NAME``; else the player who went out, or nobody (the stock ran out). Raises
        :class:`InputError` for a name that is no player in play, or no answer where one is needed."""
        if not self.variant.endings.knock:
            if not text or self.says(text, "nobody") or self.says(text, "stock"):
                entry["stock_exhausted"] = True
            else:
                entry["out"] = self.player_named(text, game, ("nobody", "stock"))
            return
        if self.says(text, "stock"):
            entry["stock_exhausted"] = True
            return
        word, _sep, rest = text.partition(" ")
        if self.says(word, "out") and rest.strip():
            entry["out"] = self.player_named(rest.strip(), game)
            return
        if not text:
            raise InputError("prompt.no_ending")
        entry["knock"] = self.player_named(text, game, ("stock",))

    def answer_player_or_nobody(self, key: str, text: str, entry: dict, game: "GameSoFar") -> None:
        """A deal's fact that names one player or nobody (Contract Rummy's cut): stored under ``key``."""
        entry.pop(key, None)
        if not text or text == "-" or self.says(text, "nobody"):
            return
        entry[key] = self.player_named(text, game, ("nobody",))

    def answers_for(self, entry: Any, game: "GameSoFar") -> dict[tuple[str, str], str]:
        """:meth:`answers` for the deal of ``game`` as the table asks it (``edit`` at the table): the
        default gives them for the session's players; a variant whose questions depend on more than
        the players says so here (Canasta asks a side's melds at its first player)."""
        return self.answers(entry, game.setup.players)

    def answers(self, entry: Any, players: Sequence[str]) -> dict[tuple[str, str], str]:
        """The answers that give the stored ``entry`` again, as the table asks for them:
        ``{(player, part): text}`` (part ``melds``, ``layoffs``, ``hand`` — the knocker's ends
        with the knock word) and ``("", "ending")`` (how the deal ended, where it is asked)."""
        from scorekeeper.core.entry import find_player
        from scorekeeper.core.oneline import cards_text as written, spoken_word

        if not isinstance(entry, dict):
            return {}

        def named(name: Any) -> str | None:
            return find_player(name, players) if isinstance(name, str) else None

        knocker, out = named(entry.get("knock")), named(entry.get("out"))
        found: dict[tuple[str, str], str] = {}
        gone = None
        for name, part in (entry.get("players") or {}).items():
            player = named(name)
            if player is None or not isinstance(part, dict):
                continue
            if "table" in part:
                found[(player, "melds")] = str(part["table"])
            elif part.get("melds"):
                melds = part["melds"]
                found[(player, "melds")] = ", ".join(
                    written(m) for m in (melds.replace(";", ",").split(",") if isinstance(melds, str) else melds)
                    if written(m))
            if part.get("layoffs"):
                found[(player, "layoffs")] = written(part["layoffs"])
            hand = part.get("hand")
            if isinstance(hand, int) and not isinstance(hand, bool):
                found[(player, "hand")] = str(hand)
            elif hand is not None and not written(hand):
                found[(player, "hand")] = spoken_word("out")
                gone = player
            elif hand is not None:
                found[(player, "hand")] = written(hand)
            if knocker == player and (player, "hand") in found:
                found[(player, "hand")] += " " + spoken_word("knock")
        if entry.get("stock_exhausted"):
            found[("", "ending")] = spoken_word("stock") if self.variant.endings.knock else ""
        elif out and out != gone:
            found[("", "ending")] = f"{spoken_word('out')} {out}" if self.variant.endings.knock else out
        return found
