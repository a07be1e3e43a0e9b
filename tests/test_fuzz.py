"""Property tests: parsers and validators give a result or a clean
:class:`ScorekeeperError` for any input, never another exception; the card
notation round-trips; every legal run and set is accepted."""
from __future__ import annotations

import gettext
import json
import random
from collections import Counter
from contextlib import contextmanager

from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from scorekeeper.core.cards import (
    RANKS,
    SUIT_SYMBOLS,
    Card,
    PlayedCard,
    card_symbol,
    format_card,
    parse_card,
    parse_cards,
    parse_played,
    split_melds,
)
from scorekeeper.core.check import check_melds
from scorekeeper.core.entry import parse_entry
from scorekeeper.core.errors import InputError, ScorekeeperError
from scorekeeper.core.game import new_setup, play, replay
from scorekeeper.core.melds import IllegalMeld, MeldRules, read_meld
from scorekeeper.core.messages import TEMPLATES
from scorekeeper.core.oneline import parse_line_entries
from scorekeeper.core.rules import resolve_rules
from scorekeeper.core.variants import get_variant
from scorekeeper.core import messages
from scorekeeper.locale import LANGUAGES, translations

FUZZ = settings(deadline=None, max_examples=300, suppress_health_check=[HealthCheck.too_slow])
#: for a property whose every example is a whole hand (a hand file of nested odd values, or a
#: dealt hand of up to 8 players) drawn and taken through parsing, scoring or a replay: 100 such
#: hands reach every shape the strategies make (hypothesis draws the small and odd ones first),
#: in a third of the time of 300
FUZZ_HANDS = settings(FUZZ, max_examples=100)
PLAYERS = ["Ann", "Bob", "Cy"]

cards = st.builds(Card, st.integers(1, 13), st.sampled_from("SHDC"))
# text made of the characters the notation uses, and a few it does not
notation = st.text(alphabet="AKQJT1234567890SHDCshdc♠♥♦♣♤♡♢♧*=:+-,; lowhigLOWHIGKNOCKkout²٣\t\n"
                           "ТКДВтквдПЧБпчбЖжАСНОЗасноB", max_size=40)
any_text = st.one_of(notation, st.text(max_size=30))

json_like = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=True), any_text),
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(any_text, inner, max_size=5)),
    max_leaves=20,
)


def said(error: ScorekeeperError, players=PLAYERS) -> str:
    """``error`` is data that renders: its code (and its cause's) has a template, its
    sentence is made without a KeyError and ends with a stop, and a player it names
    as a fact is one of the session's."""
    assert error.code in TEMPLATES, f"no template for {error.code!r}"
    cause = error.facts.get("cause")
    if cause is not None:
        assert isinstance(cause, ScorekeeperError)
        said(cause, players)
    text = str(error)
    assert text.strip() and text == error.message
    if error.player is not None:
        assert error.player in players, error
    return text

def one_sentence(error: ScorekeeperError) -> bool:
    """``error``'s sentence (:func:`said`) ends as one sentence ends: with a stop, or with the
    question mark of a did-you-mean suggestion (a ``near`` fact of the error or of its
    cause) — never both ("…10H?.")."""
    text = said(error)
    if text.endswith("?"):
        return suggests(error)
    return text.endswith(".") and not text.endswith("?.")


def suggests(error: ScorekeeperError) -> bool:
    """``error`` or a cause of it offers what was probably meant (its ``near`` fact)."""
    cause = error.facts.get("cause")
    return bool(error.facts.get("near")) or (isinstance(cause, ScorekeeperError) and suggests(cause))


#: The Cyrillic letters of SPEC §7 (Latin T stays ten: it is no key here).
CYRILLIC_RANK = {1: "Т", 13: "К", 12: "Д", 11: "В"}
CYRILLIC_SUIT = {"S": "п", "H": "ч", "D": "б", "C": "т"}


def spell(card: Card, draw) -> str:
    """One of the many ways to type ``card``: Latin or Cyrillic letters, mixed, any case."""
    rank = RANKS[card.rank - 1]
    if card.rank == 10:
        rank = draw(st.sampled_from(["10", "T", "t"]))
    if card.rank in CYRILLIC_RANK:
        rank = draw(st.sampled_from([rank, CYRILLIC_RANK[card.rank], CYRILLIC_RANK[card.rank].lower()]))
    suit = draw(st.sampled_from([card.suit, card.suit.lower(), SUIT_SYMBOLS[card.suit],
                                 CYRILLIC_SUIT[card.suit], CYRILLIC_SUIT[card.suit].upper()]))
    text = rank + suit
    return draw(st.sampled_from([text, text.lower(), text.upper(), f"  {text} "]))


# --------------------------------------------------------------- card notation


@FUZZ
@given(cards)
def test_format_then_parse_is_the_same_card(card):
    assert parse_card(format_card(card)) == card
    assert parse_card(card_symbol(card)) == card
    assert format_card(parse_card(format_card(card))) == format_card(card)


class CyrillicCards(gettext.NullTranslations):
    """A stand-in catalog that writes cards as uk, ru and be do (Т К Д В, Дж), so the
    round trip is tested whatever the shipped catalogs hold yet."""

    WORDS = {("rank", "A"): "Т", ("rank", "K"): "К", ("rank", "Q"): "Д", ("rank", "J"): "В", ("card", "JK"): "Дж"}

    def pgettext(self, context, message):
        return self.WORDS.get((context, message), message)


@contextmanager
def speaking(language: str):
    messages.use(CyrillicCards() if language == "cyrillic" else translations(language))
    try:
        yield
    finally:
        messages.use(None)


@FUZZ
@given(st.one_of(cards, st.just(Card(0, ""))), st.sampled_from(LANGUAGES + ("cyrillic",)), st.booleans())
def test_a_card_as_people_read_it_in_any_language_parses_back(card, language, symbols):
    with speaking(language):
        text = messages.card_text(card, symbols)
    assert parse_card(text) == card
    assert parse_card(format_card(card)) == card


def test_the_stand_in_writes_cyrillic_letters():
    with speaking("cyrillic"):
        assert messages.card_text(Card(1, "S")) == "Т♠" and messages.card_text(Card(0, "")) == "Дж"
        assert messages.card_text(Card(1, "C"), symbols=False) == "ТC"
    assert parse_card("ТC") == Card(1, "C") and parse_card("TC") == Card(10, "C")


#: Letters that look alike across the alphabets (and the digits they resemble).
LOOKALIKE_PAIRS = [("A", "А"), ("C", "С"), ("H", "Н"), ("K", "К"), ("B", "В"), ("S", "Ѕ"), ("J", "Ј"),
                   ("3", "З"), ("0", "О"), ("T", "Т")]
LOOKALIKE = {a: b for pair in LOOKALIKE_PAIRS for a, b in (pair, pair[::-1])}


@FUZZ
@given(st.data())
def test_a_lookalike_letter_is_never_read_as_another_card(data):
    """Typing one letter as its lookalike of the other alphabet gives the same card
    (K and К are both the king) or an error, never another card; the one exception is
    the rank T (Latin, ten) / Т (Cyrillic, ace), which SPEC §7 holds apart."""
    card = data.draw(cards)
    typed = spell(card, data.draw).strip().upper()
    places = [i for i, ch in enumerate(typed) if ch in LOOKALIKE]
    assume(places)
    i = data.draw(st.sampled_from(places))
    changed = typed[:i] + LOOKALIKE[typed[i]] + typed[i + 1:]
    try:
        read = parse_card(changed)
    except InputError as e:
        said(e)
        return
    if typed[i] in "TТ" and i == 0:
        assert {card.rank, read.rank} == {1, 10} and read.suit == card.suit
        assert read.rank == (10 if changed[0] == "T" else 1)
    else:
        assert read == card


@FUZZ
@given(st.data())
def test_any_spelling_parses_to_the_canonical_card(data):
    card = data.draw(cards)
    assert parse_card(spell(card, data.draw)) == card


@FUZZ
@given(any_text)
def test_parse_card_gives_a_card_or_a_clean_error(text):
    try:
        card = parse_card(text)
    except InputError as e:
        assert text in said(e) and one_sentence(e)
    else:
        assert card.is_joker or parse_card(format_card(card)) == card


@FUZZ
@given(any_text)
def test_parse_played_gives_a_card_or_a_clean_error(text):
    try:
        played = parse_played(text)
    except InputError as e:
        assert all(one_sentence(one) for one in e.errors)
        return
    assert isinstance(played, PlayedCard)
    assert parse_played(str(played)) == played


@FUZZ
@given(st.one_of(any_text, json_like))
def test_split_melds_gives_melds_or_a_clean_error(value):
    try:
        melds = split_melds(value)
    except InputError as e:
        assert all(one_sentence(one) for one in e.errors)  # each mistake found, one sentence each
        return
    assert all(meld and all(isinstance(c, PlayedCard) for c in meld) for meld in melds)


@FUZZ
@given(st.one_of(any_text, json_like))
def test_parse_cards_gives_cards_or_a_clean_error(value):
    try:
        parse_cards(value)
    except InputError as e:
        assert all(one_sentence(one) for one in e.errors)  # each mistake found, one sentence each


@FUZZ
@given(st.one_of(any_text, json_like), st.sampled_from(["hand", "melds", "layoffs", "list"]),
       st.sampled_from([None, "Ann"]))
def test_a_list_error_says_whose_list_as_a_fact(value, part, player):
    try:
        parse_cards(value, part, player=player)
    except InputError as e:
        assert all(one_sentence(one) and one.player == player for one in e.errors)


# -------------------------------------------------------------------- one line


line_args = st.lists(
    st.one_of(
        st.builds(lambda n, body: f"{n}:{body}", st.sampled_from(PLAYERS + ["ann", "BOB", "Anne", ""]), notation),
        any_text,
        st.just("stock"),
    ),
    max_size=5,
)


@FUZZ
@given(line_args, st.booleans())
def test_parse_line_entries_gives_an_entry_or_a_clean_error(args, knock):
    try:
        entry = parse_line_entries(args, PLAYERS, knock)
    except InputError as e:
        assert all(one_sentence(one) for one in e.errors)
        return
    assert isinstance(entry, dict) and set(entry["players"]) <= set(PLAYERS)
    json.dumps(entry)  # stored as entered: always JSON


@FUZZ
@given(line_args)
def test_one_line_all_the_way_to_a_score(args):
    setup = new_setup(get_variant("rummy500"), PLAYERS)
    try:
        play(setup, [], parse_line_entries(args, PLAYERS, False))
    except ScorekeeperError as e:
        assert str(e).strip()


# ----------------------------------------------------------- entries and scores


@FUZZ
@given(json_like)
def test_parse_entry_on_anything(raw):
    try:
        parse_entry(raw, PLAYERS, {"melds", "layoffs", "hand", "table"}, False)
    except InputError as e:
        assert all(one_sentence(one) for one in e.errors)



players_value = st.fixed_dictionaries(
    {},
    optional={
        "melds": st.one_of(notation, st.lists(st.one_of(notation, json_like), max_size=3), json_like),
        "layoffs": st.one_of(notation, st.lists(notation, max_size=3), json_like),
        "hand": st.one_of(notation, st.integers(-5, 600), st.lists(notation, max_size=3), json_like),
        "table": st.one_of(st.integers(-5, 600), json_like),
    },
)
entries = st.fixed_dictionaries(
    {"players": st.one_of(
        st.fixed_dictionaries({p: players_value for p in PLAYERS}),
        st.dictionaries(st.sampled_from(PLAYERS + ["Anne", "cy"]), players_value, max_size=4),
        json_like,
    )},
    optional={"out": st.one_of(st.sampled_from(PLAYERS), json_like), "stock_exhausted": json_like,
              "knock": json_like},
)


@FUZZ_HANDS
@given(entries, st.booleans())
def test_parse_entry_on_odd_entries(raw, knock):
    try:
        entry = parse_entry(raw, PLAYERS, {"melds", "layoffs", "hand", "table"}, knock)
    except InputError as e:
        assert all(one_sentence(one) for one in e.errors)
        return
    assert list(entry.players) == PLAYERS

@FUZZ_HANDS
@given(entries, st.sampled_from(["rummy500", "rum500"]))
def test_the_whole_score_path_on_odd_entries(raw, variant):
    setup = new_setup(get_variant(variant), PLAYERS)
    try:
        state, result = play(setup, [], raw)
    except ScorekeeperError as e:
        assert str(e).strip()
        return
    assert set(result.scores) == set(PLAYERS)
    json.dumps(raw)


@FUZZ_HANDS
@given(st.lists(json_like, max_size=3))
def test_replay_on_anything(raw_hands):
    setup = new_setup(get_variant("rummy500"), PLAYERS)
    try:
        replay(setup, raw_hands)
    except ScorekeeperError:
        pass


@st.composite
def dealt_hands(draw):
    """A plausible hand: runs and sets cut from the decks, lay-offs mostly next
    to a meld's ends (or onto a set), the rest held; now and then a stray card."""
    n = draw(st.integers(2, 8))
    players = [f"P{i}" for i in range(n)]
    deck = Counter({Card(r, s): (2 if n >= 5 else 1) for r in range(1, 14) for s in "SHDC"})
    rng = random.Random(draw(st.integers(0, 2**32)))

    def take(wanted: list[Card]) -> bool:
        need = Counter(wanted)
        if any(deck[c] < k for c, k in need.items()):
            return False
        deck.subtract(need)
        return True

    table = []
    for _ in range(draw(st.integers(0, 2 * n))):
        if draw(st.booleans()):
            suit, length = draw(st.sampled_from("SHDC")), draw(st.integers(3, 6))
            start = draw(st.integers(1, 15 - length))
            meld = [Card((r - 1) % 13 + 1, suit) for r in range(start, start + length)]
        else:
            rank = draw(st.integers(1, 13))
            meld = [Card(rank, s) for s in draw(st.permutations("SHDC"))[:draw(st.integers(3, 4))]]
        if take(meld):
            table.append((players[len(table) % n], meld))
    layoffs: dict[str, list[str]] = {p: [] for p in players}
    for _ in range(draw(st.integers(0, 2 * n))):
        if table and draw(st.integers(0, 4)):
            _, meld = table[draw(st.integers(0, len(table) - 1))]
            if len({c.rank for c in meld}) == 1:
                card = Card(meld[0].rank, draw(st.sampled_from("SHDC")))
            else:
                ranks = sorted(c.rank for c in meld)
                card = Card(draw(st.sampled_from([ranks[0] - 1 or 13, ranks[-1] % 13 + 1])), meld[0].suit)
        else:
            card = Card(draw(st.integers(1, 13)), draw(st.sampled_from("SHDC")))
        if take([card]):
            mark = draw(st.sampled_from(["", ":low", ":high"])) if card.rank == 1 else ""
            layoffs[draw(st.sampled_from(players))].append(format_card(card) + mark)
    out = draw(st.one_of(st.none(), st.sampled_from(players)))
    entry: dict = {"players": {}}
    for p in players:
        hand = []
        for _ in range(0 if p == out else draw(st.integers(1, 4))):
            left = [c for c, k in deck.items() if k > 0]
            card = rng.choice(left)
            take([card])
            hand.append(card)
        e = {"melds": [" ".join(map(format_card, rng.sample(m, len(m)))) for o, m in table if o == p],
             "hand": " ".join(map(format_card, hand))}
        if layoffs[p]:
            e["layoffs"] = " ".join(layoffs[p])
        entry["players"][p] = e
    return players, entry


@FUZZ_HANDS
@given(dealt_hands(), st.sampled_from(["rummy500", "rum500"]), st.sampled_from([[], ["card_values=5-10-15"],
                                                                                 ["ace_in_hand=1", "out_bonus=20"]]))
def test_dealt_hands_score_or_are_refused_cleanly(hand, variant, rules):
    players, entry = hand
    setup = new_setup(get_variant(variant), players, rules)
    try:
        _, result = play(setup, [], entry)
    except ScorekeeperError as e:
        event(f"refused: {e.message.split(':')[1][:25] if ':' in e.message else e.message[:25]}")
        return
    event("scored")
    for name, ps in result.players.items():
        assert ps.score == sum(line.points for line in ps.lines)
        e = entry["players"][name]
        shown = [c for m in e["melds"] for c in m.split()] + e.get("layoffs", "").split() + e["hand"].split()
        shown = [t.split(":")[0] for t in shown]
        # a line's card as canonical text (a card object or its text), without an ace's mark
        assert Counter(str(line.card).split(":")[0] for line in ps.lines if line.card) == Counter(shown)


# ----------------------------------------------------------------------- melds


played_cards = st.builds(
    PlayedCard,
    st.one_of(cards, st.just(Card(0, ""))),
    st.one_of(st.none(), cards),
    st.sampled_from([None, "low", "high"]),
)


@FUZZ
@given(st.lists(played_cards, max_size=15), st.booleans(), st.booleans())
def test_read_meld_reads_or_raises_illegal_meld_only(meld, ace_high, duplicates):
    rules = MeldRules(ace_high=ace_high, set_duplicates=duplicates)
    try:
        reading = read_meld(meld, rules)
    except IllegalMeld as e:
        assert one_sentence(e) and e.reason.code.startswith("meld.")
        return
    assert reading.kind in ("set", "run") and len(reading.slots) == len(meld)


@FUZZ
@given(st.lists(played_cards, max_size=10), st.sampled_from(["J", "5", "A"]))
def test_read_meld_with_wild_cards(meld, wild_rank):
    rank = RANKS.index(wild_rank) + 1
    rules = MeldRules(wild=lambda c: c.is_joker or c.rank == rank, ace_high=wild_rank != "A")
    try:
        read_meld(meld, rules)
    except IllegalMeld as e:
        assert all(one_sentence(one) for one in e.errors)


@FUZZ
@given(st.sampled_from("SHDC"), st.integers(3, 13), st.data())
def test_every_legal_run_is_accepted(suit, length, data):
    # ranks 1..14 where 14 is the ace high; never both aces
    start = data.draw(st.integers(1, 15 - length))
    ranks = list(range(start, start + length))
    cards_ = [PlayedCard(Card(1 if r == 14 else r, suit)) for r in ranks]
    data.draw(st.randoms()).shuffle(cards_)
    reading = read_meld(cards_, MeldRules())
    assert reading.kind == "run"
    if length == 13:
        # all thirteen cards of the suit: A-…-K, read ace low unless the ace says :high
        assert [s.rank for s in reading.slots] == list(range(1, 14))
    else:
        assert [s.rank for s in reading.slots] == ranks
    # value as the rule book has it: ace 1 when low, 15 high; K Q J 10
    v = get_variant("rummy500")
    rules = {o.key: o.default_for(2) for o in v.options}
    expected = sum(1 if r == 1 else 15 if r == 14 else min(r, 10) for r in [s.rank for s in reading.slots])
    assert v.melds.value(reading, rules) == expected


@FUZZ
@given(st.integers(1, 13), st.integers(3, 4), st.data())
def test_every_legal_set_is_accepted(rank, size, data):
    suits = data.draw(st.permutations("SHDC"))[:size]
    reading = read_meld([PlayedCard(Card(rank, s)) for s in suits], MeldRules())
    assert reading.kind == "set"
    v = get_variant("rummy500")
    rules = {o.key: o.default_for(2) for o in v.options}
    assert v.melds.value(reading, rules) == size * (15 if rank == 1 else min(rank, 10))


@FUZZ
@given(st.integers(3, 12), st.sampled_from("SHDC"), st.data())
def test_runs_round_the_corner_are_refused(length, suit, data):
    # any window holding K, A and 2 together (all thirteen cards would be A-…-K, a run)
    start = data.draw(st.integers(max(13 - length + 3, 1), 13))
    assume(start + length - 1 >= 15)
    ranks = [(r - 1) % 13 + 1 for r in range(start, start + length)]
    assume(len(set(ranks)) == len(ranks))
    try:
        read_meld([PlayedCard(Card(r, suit)) for r in ranks], MeldRules())
    except IllegalMeld as e:
        assert "corner" in e.message or "not consecutive" in e.message
    else:
        raise AssertionError(f"{ranks} turned the corner and was accepted")


# ----------------------------------------------------------------------- check


@FUZZ
@given(st.one_of(notation, st.lists(notation, max_size=4)), st.sampled_from(["rummy500", "rum500", "carousel", "crazy"]),
       st.one_of(st.none(), st.integers(-2, 15)))
def test_check_gives_verdicts_or_a_clean_error(cards_, variant, round_):
    try:
        result = check_melds(get_variant(variant), cards_, round_)
    except InputError as e:
        assert all(one_sentence(one) for one in e.errors)
        return
    for m in result.melds:
        # a reason is a clause: no card list in front, no stop, no Python
        assert m.reason and not m.reason.endswith(".") and "{" not in m.reason
        assert m.legal or (m.kind is None and m.value is None)


# ------------------------------------------------------------------ rule options


@FUZZ
@given(st.dictionaries(st.one_of(st.sampled_from(["target", "tie", "ace_in_hand", "card_values", "out_bonus",
                                                  "decks", "set_duplicates", "knock_limit"]), any_text),
                       st.one_of(any_text, st.integers(-5, 1000), st.booleans()), max_size=4),
       st.integers(2, 8))
def test_rule_options_give_rules_or_a_clean_error(given_rules, players):
    try:
        rules = resolve_rules(get_variant("rummy500"), given_rules, players)
    except InputError:
        return
    assert rules["decks"] in (1, 2) and rules["target"] >= 1


@FUZZ
@given(st.lists(st.builds(lambda a, b: {"players": {"Ann": {"table": a, "hand": 0}, "Bob": {"table": 0, "hand": b}}},
                          st.integers(0, 120), st.integers(0, 120)), max_size=12))
def test_totals_are_the_sum_of_the_hands(hands):
    setup = new_setup(get_variant("rummy500"), ["Ann", "Bob"], ["target=300"])
    try:
        state = replay(setup, hands)
    except ScorekeeperError:
        return   # a hand after the end of the game
    for p in ("Ann", "Bob"):
        assert state.totals[p] == sum(r.scores[p] for r in state.results)
    assert state.running_totals()[-1:] in ([], [state.totals])
    if state.ending.finished:
        assert max(state.totals.values()) >= 300
        assert state.ending.winners == [p for p, t in state.totals.items() if t == max(state.totals.values())]


# ------------------------------------------------------------------- hand files


@FUZZ
@given(st.text(max_size=200), st.sampled_from(["h.json", "h.toml", "h.txt"]))
def test_hand_files_read_or_refuse_cleanly(tmp_path_factory, text, name):
    from scorekeeper.cli.files import read_hand_file

    path = tmp_path_factory.mktemp("files") / name
    path.write_text(text, encoding="utf-8")
    try:
        read_hand_file(str(path))
    except InputError:
        pass
