"""The hand asked at the table: the introduction and the scores shown before saving.

Each function takes the run's terminal (for colour) and ``out``, the console the
dialog is seen on (standard output, or standard error when the output is
redirected).
"""
from __future__ import annotations

from typing import Any

from rich.text import Text

from scorekeeper.cli.render import sides
from scorekeeper.cli.render.cards import sentence, sentence_of
from scorekeeper.cli.render.common import deal_number, names, signed, table, variant_name, variant_of, wild_words
from scorekeeper.core.messages import say, say_count


def asks_table() -> str:
    return say("screen.prompt.for_each_player_melds")


def asks_melds() -> str:
    return say("screen.prompt.for_each_player_melds_put")


def asks_hand() -> str:
    return say("screen.prompt.for_each_player_cards")


def intro(t: Any, out: Any, doc: dict, asks_table_too: bool, knock_allowed: bool, editing: bool = False,
          table_points: bool = True, lines: list | None = None) -> None:
    """What hand this is, who dealt and led, and how to answer. ``doc`` is the
    application's ``table`` document (its ``deal_word`` names the hand, its
    ``jokers`` say whether the joker's code is worth teaching); ``editing``: the
    hand is entered again (``edit``), each answer starting from the recorded one; ``table_points``:
    the variant takes the points on the table as one number in place of the melds (not where melds
    score nothing: Contract Rummy); ``lines``: the variant's own words on how to answer, in place of
    the common ones (Gin Rummy's cards, :class:`~scorekeeper.core.rules.Screens`)."""
    word = "round" if doc.get("round") else doc.get("deal_word", "hand")
    number = doc["round"] if doc.get("round") else deal_number(doc)
    facts = {"number": number, "variant": variant_name(doc["variant_name"]),
             "title": doc.get("title"), "session": doc["session"]}
    if doc.get("deal_words"):  # the deal's words say its number (Contract Rummy's "Deal 4 — three sets …")
        said = "screen.prompt.variant_title_session" if doc.get("title") else "screen.prompt.variant_session"
    elif word == "round":
        said = ("screen.prompt.round_number_of_variant" if doc.get("title") else
                "screen.prompt.round_number_of_variant_session")
    elif word == "deal":
        said = ("screen.prompt.deal_number_of_variant" if doc.get("title") else
                "screen.prompt.deal_number_of_variant_session")
    else:
        said = ("screen.prompt.hand_number_of_variant" if doc.get("title") else
                "screen.prompt.hand_number_of_variant_session")
    head = Text(say(said, **facts), style="bold")
    if doc.get("round"):  # Crazy Rummy: the round says which rank is wild
        head.append(f" — {wild_words(doc['wild'])}", style="bold")
    head.append(". ")
    if doc.get("deal_words"):  # what this deal asks for (Contract Rummy's contract)
        head.append(doc["deal_words"] + " ", style="bold")
    who = {"dealer": doc["dealer_of_next"], "leader": doc["leader_of_next"]}
    head.append(sentence_of("screen.prompt.dealer_dealt_leader_got" if doc.get("round") else
                            "screen.prompt.dealer_dealt_leader_led", t, bold=("dealer", "leader"), **who))
    out.print(head)
    if lines is not None:
        for said in lines:
            out.print(Text(str(said)))
    else:
        out.print(Text((asks_table() if table_points else asks_melds()) if asks_table_too else asks_hand()))
        if knock_allowed:
            out.print(Text(say("screen.prompt.after_knocker_s_cards")))
    if doc.get("jokers", 1):
        cards_help = say("screen.prompt.cards_7h_10s_qd")
    else:
        cards_help = say("screen.prompt.cards_7h_10s_qd_as")
    out.print(Text(cards_help, style="dim"))
    if editing:
        editing_line(out, deal_number(doc), word)


def editing_line(out: Any, number: int, word: str) -> None:
    """How ``edit`` asks: every answer starts from the one recorded."""
    if word == "round":
        text = "screen.prompt.round_number_again_each"
    elif word == "deal":
        text = "screen.prompt.deal_number_again_each"
    else:
        text = "screen.prompt.hand_number_again_each"
    out.print(Text(say(text, number=number), style="bold"))


def preview(t: Any, out: Any, doc: dict, how_ended: dict[str, str], word: str = "hand") -> None:
    """The hand's scores (with the arithmetic) and the new totals, before saving.
    ``doc`` is the application's ``preview_hand`` (or ``preview_edit``) document;
    ``how_ended`` says who went out or knocked (``{"Ann": "knocked"}``); ``word``
    is the variant's for a deal ("hand" or "round"). For an edit, what it changes
    follows the table. A row per side where players form sides."""
    how_ended = sides.named(how_ended, doc)
    doc = sides.hand(doc)
    drawn = table()
    drawn.add_column(say("screen.prompt.player"), overflow="fold")
    drawn.add_column(say("screen.game.round" if word == "round" else "screen.game.deal" if word == "deal"
                         else "screen.prompt.hand"), justify="right", overflow="fold")
    drawn.add_column(say("screen.prompt.total"), justify="right", overflow="fold")
    drawn.add_column(say("screen.prompt.how"), overflow="fold")
    for name, ps in doc["players"].items():
        how = ps["arithmetic"] if ps["lines"] else ""  # one term is the score alone (core.scoring)
        if name in how_ended:
            how = f"{how_ended[name]}: {how}" if how not in ("", "0") else how_ended[name]
        cell = Text(how)
        if ps.get("note"):  # what the player put down, its cards drawn as cards
            cell = Text.assemble(how, " (", sentence(ps["note"], t, inside=True), ")") if how else sentence(ps["note"], t)
        drawn.add_row(Text(name), signed(ps["score"]), str(doc["totals"][name]), cell)
    out.print()
    if word == "round":
        title = say("screen.prompt.round_number_would_score", number=deal_number(doc))
    elif word == "deal":  # Contract Rummy's deals
        title = say("screen.prompt.deal_number_would_score", number=deal_number(doc))
    else:
        title = say("screen.prompt.hand_number_would_score", number=deal_number(doc))
    out.print(Text(title, style="bold"))
    out.print(drawn)
    for found in variant_of(doc).screens.preview(doc.get("context") or {}):  # Gin Rummy: the melds, lay-offs found
        out.print(sentence(found, t))
    for note in doc.get("notes") or ():
        out.print(Text(note, style="dim"))
    if doc.get("before") is not None:
        from scorekeeper.cli.render.game import change_lines

        for line in change_lines(doc, word):
            out.print(line)
    ending = doc["standings"]
    if ending["finished"] and doc.get("before") is not None:
        pass  # an edit of a finished game: who won is in the standings it shows after saving
    elif ending["finished"]:
        winners = ending["winners"]
        if word == "round":
            ends = ("screen.prompt.this_round_ends_game", len(winners))
        elif word == "deal":
            ends = ("screen.prompt.this_deal_ends_game", len(winners))
        else:
            ends = ("screen.prompt.this_hand_ends_game", len(winners))
        out.print(Text(say_count(*ends, names=names(winners)), style="bold green"))
        if doc.get("note"):
            out.print(Text(doc["note"]))
    elif doc.get("note"):
        out.print(Text(doc["note"], style="yellow"))


def _error(out: Any, text: str, wrap: Any = None) -> None:
    """An error said at the prompt; ``wrap(text)`` wraps it between words to the terminal's
    width, as errors on a terminal are (the command line's own helper), never mid-word."""
    out.print(Text(wrap(text) if wrap is not None else text, style="red"), soft_wrap=wrap is not None)


def refused(out: Any, sentence: str, wrap: Any = None, word: str = "hand") -> None:
    """The whole entry refused at the prompt, said with the variant's ``word`` for a deal
    (``hand``, ``round`` or ``deal``)."""
    code = f"screen.prompt.this_{word}_cannot_be" if word in ("round", "deal") else "screen.prompt.this_hand_cannot_be"
    _error(out, say(code, sentence=sentence), wrap)


def try_again(out: Any, sentence: str, wrap: Any = None, offered: bool = False) -> None:
    """A refused answer said, and the question about to be asked again; ``offered``: the answer
    refused is offered back to be corrected (the line starts from it, or Enter keeps it)."""
    code = "screen.prompt.sentence_correct_it" if offered else "screen.prompt.sentence_try_again"
    _error(out, "  " + say(code, sentence=sentence), wrap)


def line(out: Any, text: str, style: str = "") -> None:
    """Print ``text`` (already said) as one line in ``style``."""
    out.print(Text(text, style=style))
