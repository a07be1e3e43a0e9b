"""Playing a game: new, hand, edit, standings, history, undo, redo."""
from __future__ import annotations

from typing import Any, Sequence

from rich.text import Text

from scorekeeper.cli.render.common import (deal_number, deal_word_of, for_deal_word, heading, natural_width, signed, table,
                                           variant_name, variant_of, wild_words,
                                           winners_line)
from scorekeeper.cli.render import sides
from scorekeeper.cli.render.cards import sentence_of
from scorekeeper.core.messages import say


def new_session(t: Any, doc: dict) -> None:
    """``Started Rummy 500 session ID for Ann, Bob, Cy.`` and who deals and leads."""
    t.print(sentence_of("screen.game.started_variant_session_session", t, bold=("session",),
                        variant=variant_name(doc["variant_name"]), session=doc["session"],
                        players=", ".join(doc["players"])))
    footer(t, doc["standings"])


def standings(t: Any, doc: dict) -> None:
    """The standings table, the dealer/leader line and the winner banner (a row per side where
    players form sides)."""
    doc = sides.standings(doc)
    # the first layout that fits: a narrow terminal gets closer columns, then no bar
    for bar, gap in ((True, 1), (True, 0), (False, 0)):
        drawn = _standings_table(doc, bar, gap)
        if natural_width(t, drawn) <= t.out.width:
            break
    heading(t, doc, say("screen.game.standings"))
    t.print(drawn)
    for said in variant_of(doc).screens.standings(doc):  # the variant's own (Gin Rummy's boxes)
        t.print(Text(str(said)))
    footer(t, doc)


def _standings_table(doc: dict, bar: bool, gap: int):
    """Rank, player, total, last hand, hands won, bonus (when any), progress toward the target.

    Nothing is cut: in a narrow terminal a long name folds onto the next line.
    """
    target = doc.get("target")
    show_bonus = any(p["bonus"] for p in doc["players"])
    drawn = table(padding=(0, gap))
    drawn.add_column("#", justify="right", overflow="fold")
    drawn.add_column(say("screen.game.player"), overflow="fold")
    last = for_deal_word(deal_word_of(doc), "screen.game.last_round", "screen.game.last", "screen.game.last")
    for name in (say("screen.game.total"), say(last),
                 won_heading(variant_of(doc))) + ((say("screen.game.bonus"),) if show_bonus else ()):
        drawn.add_column(name, justify="right", overflow="fold")
    if target:
        drawn.add_column(say("screen.game.to_target"), justify="right", overflow="fold")
    lead = doc["players"][0]["total"] if doc["players"] else 0
    for p in doc["players"]:
        row = [str(p["rank"]), Text(p["name"], style="bold" if p["total"] == lead else ""), str(p["total"]),
               signed(p.get("last")), str(p["won"])]
        if show_bonus:
            row.append(signed(p["bonus"]) if p["bonus"] else "")
        if target:
            # what counts toward the target: the hands, not the end bonuses
            row.append(_progress(p["total"] - p["bonus"], target, bar))
        drawn.add_row(*row)
    return drawn


def won_heading(variant: Any) -> str:
    """The standings' column of hands won (I-7), named for what it counts: "Went out" where
    winning a hand is going out, else "Rounds won" / "Hands won" (the variant's word for a deal)."""
    from scorekeeper.core.describe import won_heading as heading

    return str(heading(variant))


def _progress(total: int, target: int, bar: bool = True) -> str:
    """The way to the target as a bar of ten cells and a percentage, each rounded, but full
    (and 100%) only once the target is reached: 98% of it draws nine cells."""
    share = max(0.0, min(1.0, total / target)) if target else 0
    reached = share >= 1
    filled = 10 if reached else min(round(share * 10), 9)
    percent = f"{100 if reached else min(round(share * 100), 99)}%".rjust(4)
    return "█" * filled + "·" * (10 - filled) + " " + percent if bar else percent


def footer(t: Any, doc: dict) -> None:
    """Who deals and leads next, the round and its wild rank, or the winner."""
    for line in footer_lines(doc):
        t.print(line)


def footer_lines(doc: dict) -> list[Text]:
    """The lines of :func:`footer` (the standings document ``doc``): the winner and the
    ending's note once the game is over; else the note, then the coming round and its
    wild rank (where the variant has one) with who deals and leads next."""
    doc = sides.standings(doc)  # the winners named as their side
    if doc["finished"]:
        lines = [winners_line(doc["winners"], doc["hands"], deal_word_of(doc), split=bool(doc.get("split")))]
        if doc.get("note"):
            lines.append(Text(doc["note"]))
        return lines
    lines = [Text(doc["note"], style="yellow")] if doc.get("note") else []
    if doc.get("dealer") is None:  # a session whose variant is not installed: who deals is its to say
        return lines
    deal, turn = coming_deal(doc)
    line = Text()
    if deal is not None:
        line.append(deal)
        line.append(" ")
    line.append(turn)
    lines.append(line)
    return lines


def coming_deal(doc: dict, dealer: str | None = None, leader: str | None = None) -> tuple[Text | None, Text]:
    """The two parts of the line that says what comes next in an unfinished game (the
    standings document ``doc``): what the coming deal is (the round and its wild rank, or
    the contract; None where the variant says nothing of it) and who deals and leads it
    (``dealer`` and ``leader``: the names as a narrow screen shortens them)."""
    deal = None
    if doc.get("round"):
        deal = Text(say("screen.game.round_round_wild", round=doc["round"], wild=wild_words(doc["wild"])),
                    style="bold")
        next_up = "screen.game.next_dealer_deals_leader"
    else:
        if doc.get("deal_words"):  # what the coming deal asks for (Contract Rummy's contract)
            deal = Text(doc["deal_words"], style="bold")
        next_up = "screen.game.next_dealer_deals_leader_leads"
    return deal, sentence_of(next_up, None, bold=("dealer", "leader"), dealer=dealer or doc["dealer"],
                             leader=leader or doc["leader"])


def hand_scores(t: Any, doc: dict, under_title: Sequence[Text] = ()) -> None:
    """One hand's scores beside the new totals (and the end bonuses in them, once the game ended),
    under the hand's title; ``under_title``: lines drawn between the title and the scores (the
    demo's entries of that hand)."""
    from scorekeeper.cli.render.history import end_bonuses

    doc = sides.hand(doc)

    bonus = end_bonuses(doc)
    drawn = table(title_justify="left")
    drawn.add_column(say("screen.game.player"), overflow="fold")
    word = deal_word_of(doc.get("standings") or doc)
    rounds = word == "round"
    drawn.add_column(say("screen.game.round") if rounds else say("screen.game.deal") if word == "deal" else say("screen.game.hand"), justify="right",
                     overflow="fold")
    if bonus:
        drawn.add_column(say("screen.game.bonus"), justify="right", overflow="fold")
    drawn.add_column(say("screen.game.total"), justify="right", overflow="fold")
    for name, score in doc["scores"].items():
        extra = [signed(bonus.get(name, 0)) or "0"] if bonus else []
        drawn.add_row(Text(name), signed(score), *extra, str(doc["totals"][name]))
    number = deal_number(doc)  # a game continued from paper at deal 5 goes on from 5
    if rounds:  # Carousel and Crazy Rummy: the deal is the round
        title = Text(say("screen.game.round_number", number=number), style="bold")
    elif word == "deal":  # Contract Rummy: the deal, as its contracts are named
        title = Text(say("screen.game.deal_number", number=number), style="bold")
    else:
        title = Text(say("screen.game.hand_number", number=number), style="bold")
        if "standings" in doc and variant_of(doc).deals.round_matters:  # a round with its own wild rank
            title.append(" " + say("screen.game.round_round", round=number))
    t.print(title)
    for line in under_title:
        t.print(line)
    t.print(drawn)


def hand(t: Any, doc: dict) -> None:
    """``hand``: the hand's scores, then the standings. On a terminal, where the person who
    typed the hand reads it (after the scores the questions showed, at the table), one compact
    result: that the hand is saved, then the standings, whose Last column is the hand's scores.
    Output that is not a terminal (a script, a file) keeps both tables."""
    if t.out.is_terminal:
        word = deal_word_of(doc["standings"])
        said = for_deal_word(word, "screen.game.round_number_saved", "screen.game.deal_number_saved",
                             "screen.game.hand_number_saved")
        t.print(Text(say(said, number=deal_number(doc)), style="bold"))
    else:
        hand_scores(t, doc)
    standings(t, doc["standings"])


def history(t: Any, doc: dict) -> None:
    """Hand by hand: each player's score and running total (see :mod:`.history`)."""
    from scorekeeper.cli.render.history import history as draw

    draw(t, doc)


def event_made(t: Any, doc: dict) -> None:
    """``rejoin``, ``end --split``: what happened between deals, in the variant's words, then the standings."""
    t.print(Text(doc["event"]["words"], style="bold"))
    standings(t, doc["standings"])


def event_shown(t: Any, doc: dict) -> None:
    """Before ``end --split`` asks: what it would do, in the variant's words."""
    t.print(Text(doc["event"]["words"], style="bold"))


def undone(t: Any, doc: dict) -> None:
    """What ``undo`` took back (a hand, an edit: its hand is as it was, or an event between
    deals), then who deals next."""
    word = deal_word_of(doc["standings"])
    if doc.get("change") == "event":
        t.print(say("screen.game.event_taken_back", words=doc["event"]["words"]))
        footer(t, doc["standings"])
        return
    if doc.get("change") == "edit":
        text = for_deal_word(word, "screen.game.edit_of_round_number", "screen.game.edit_of_deal_number",
                             "screen.game.edit_of_hand_number")
    else:
        text = for_deal_word(word, "screen.game.round_number_taken_back", "screen.game.deal_number_taken_back",
                             "screen.game.hand_number_taken_back")
    t.print(say(text, number=deal_number(doc)))
    footer(t, doc["standings"])


def redone(t: Any, doc: dict) -> None:
    """What ``redo`` put back (a hand, or an edit made again), then the standings."""
    word = deal_word_of(doc["standings"])
    if doc.get("change") == "event":
        t.print(say("screen.game.event_made_again", words=doc["event"]["words"]))
        standings(t, doc["standings"])
        return
    if doc.get("change") == "edit":
        text = for_deal_word(word, "screen.game.edit_of_round_number_made", "screen.game.edit_of_deal_number_made",
                             "screen.game.edit_of_hand_number_made")
    else:
        text = for_deal_word(word, "screen.game.round_number_put_back", "screen.game.deal_number_put_back",
                             "screen.game.hand_number_put_back")
    t.print(say(text, number=deal_number(doc)))
    standings(t, doc["standings"])


# -- what an edit changed, what an undo takes back ------------------------------------

def change_lines(doc: dict, word: str = "hand") -> list[Text]:
    """What an edit changes (or changed): ``Hand 3 changed:`` then, for each player
    whose score of the hand or whose total moves, ``Cy +27 → +33 (total 60 → 66)``;
    or that nothing changed. ``doc`` is the ``edit`` (or ``preview_edit``) document:
    its ``before`` holds the hand's scores and the totals as they were; the totals
    after are its ``standings``' (end bonuses included). ``word``: "hand" or "round"."""
    before = doc["before"]
    after = {p["name"]: p["total"] for p in doc["standings"]["players"]}
    rows = []
    for name, score in doc["scores"].items():
        old, old_total, total = before["scores"].get(name), before["totals"].get(name), after.get(name)
        if old != score:
            text = "screen.game.player_old_new_total"
        elif old_total != total:
            text = "screen.game.player_total_old_total"
        else:
            continue
        rows.append(Text("  " + say(text, player=name, old=signed(old), new=signed(score),
                                            old_total=old_total, total=total)))
    number = deal_number(doc)
    if not rows:
        text = for_deal_word(word, "screen.game.round_number_no_score", "screen.game.deal_number_no_score",
                             "screen.game.hand_number_no_score")
        return [Text(say(text, number=number), style="bold")]
    text = for_deal_word(word, "screen.game.round_number_changes", "screen.game.deal_number_changes",
                         "screen.game.hand_number_changes")
    return [Text(say(text, number=number), style="bold"), *rows]


def edited(t: Any, doc: dict) -> None:
    """``edit``: what changed (each player's score of the hand, and total), then the standings."""
    word = variant_of(doc["standings"]).deal_word
    doc = sides.hand(doc)
    for line in change_lines(doc, word):
        t.print(line)
    standings(t, doc["standings"])


def taking_back(t: Any, doc: dict) -> None:
    """Before ``undo`` asks: the hand it would take back — each player's entry as it
    was typed or read (the one-line form) and the hand's score; or, when the last change
    is an edit, the hand as it is and as it will be again. ``doc`` is the application's
    ``undo_preview`` document."""
    doc = sides.taking_back(doc)
    word, number = doc.get("deal_word", "hand"), deal_number(doc)
    if doc.get("change") == "event":  # an event between deals: what it did, in the variant's words
        t.print(Text(doc["event"]["words"], style="bold"))
        return
    if doc.get("round"):
        title = say("screen.game.round_number_wild_dealt", number=number, wild=wild_words(doc["wild"]),
                                                                        dealer=doc["dealer"])
    elif word == "round":
        title = say("screen.game.round_number_dealt_by", number=number, dealer=doc["dealer"])
    elif word == "deal":
        title = say("screen.game.deal_number_dealt_by", number=number, dealer=doc["dealer"])
    else:
        title = say("screen.game.hand_number_dealt_by", number=number, dealer=doc["dealer"])
    t.print(Text(title, style="bold"))
    if doc.get("change") == "edit":
        return _edit_taken_back(t, doc)
    drawn = table()
    drawn.add_column(say("screen.game.player"), overflow="fold")
    drawn.add_column(say("screen.game.entry"), overflow="fold")
    drawn.add_column(say("screen.game.score"), justify="right", overflow="fold")
    for name, score in doc["scores"].items():
        drawn.add_row(Text(name), Text(doc["lines"].get(name, "")), signed(score))
    t.print(drawn)
    if doc["lines"].get(""):
        t.print(Text("  " + say("screen.game.how_it_ended_ending", ending=doc["lines"][""])))


def _edit_taken_back(t: Any, doc: dict) -> None:
    """The edited hand now and as it was before the edit (what ``undo`` puts back)."""
    drawn = table()
    drawn.add_column(say("screen.game.player"), overflow="fold")
    drawn.add_column(say("screen.game.now"), overflow="fold")
    drawn.add_column(say("screen.game.before_edit"), overflow="fold")
    drawn.add_column(say("screen.game.score"), justify="right", overflow="fold")
    restored, before = doc["restored_lines"], doc["restored_scores"]
    for name, score in doc["scores"].items():
        was = before.get(name, 0)
        cell = signed(score) if was == score else Text.assemble(signed(score), " → ", signed(was))
        drawn.add_row(Text(name), Text(doc["lines"].get(name, "")), Text(restored.get(name, "")), cell)
    t.print(drawn)
    if doc["lines"].get("") or restored.get(""):
        t.print(Text("  " + say("screen.game.how_it_ended_ending", ending=doc["lines"].get("", "")) + " → "
                     + restored.get("", "")))
