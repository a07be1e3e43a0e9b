"""Replaying, checking and editing a session cost time linear in its hands (SPEC §6).

No timing here (the figures are `benchmarks/bench_storage.py`'s): these tests count the
work instead. Replaying ``n`` hands scores each entry once and reads each hand's scores a
bounded number of times — not once per hand before it, as when the end of the game added
every hand again after each one (n²/2 reads) — and `edit 1` scores the one hand it
changes, the later hands keeping their results.

The sessions are Rummy 500, Ann and Bob, hands given as points (I-6):
Ann puts 10 on the table and goes out: +10; Bob is left holding 5: −5.
"""
from __future__ import annotations

import pytest

from scorekeeper.core import game as core_game
from scorekeeper.core.errors import StateError
from scorekeeper.core.scoring import HandResult

PLAYERS = ["Ann", "Bob"]
HAND = {"players": {"Ann": {"table": 10, "hand": ""}, "Bob": {"hand": 5}}}


class Counted:
    """Counts calls of the core's scoring of one entry and reads of a hand result's scores."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch):
        self.scored = 0
        self.read = 0
        score_entry, scores = core_game.score_entry, HandResult.scores

        def counting_score_entry(*args, **kwargs):
            self.scored += 1
            return score_entry(*args, **kwargs)

        def counting_scores(result):
            self.read += 1
            return scores.fget(result)

        from scorekeeper.app import audit  # it holds the core's function under its own name

        monkeypatch.setattr(core_game, "score_entry", counting_score_entry)
        monkeypatch.setattr(audit, "score_entry", counting_score_entry)
        monkeypatch.setattr(HandResult, "scores", property(counting_scores))

    def reset(self) -> None:
        self.scored = self.read = 0


def stored_session(application, hands: int, target: int = 100000) -> str:
    """A current session of ``hands`` copies of :data:`HAND`, written through the store as
    `hand` writes it (its cache of derived numbers included); returns its id."""
    from scorekeeper.app.games import save, setup_of
    from scorekeeper.storage.store import now

    doc = application.new("rummy500", PLAYERS, [f"target={target}"])
    sid = doc["session"]
    store = application.store
    with store.writing():
        record = store.load(sid)
        for number in range(1, hands + 1):
            stamp = now()
            record["hands"].append({"entry": HAND, "form": "file", "time": stamp})
            record["audit"].append({"time": stamp, "action": "entered", "number": number, "entry": HAND,
                                    "previous": None, "form": "file"})
        save(store, record, core_game.replay(setup_of(record), [HAND] * hands))
    return sid


def test_a_replay_scores_each_hand_once_and_reads_its_scores_a_bounded_number_of_times(monkeypatch):
    from scorekeeper.core.variants import get_variant

    setup = core_game.new_setup(get_variant("rummy500"), PLAYERS, ["target=100000"])
    counted = Counted(monkeypatch)
    for n in (40, 80):
        counted.reset()
        state = core_game.replay(setup, [HAND] * n)
        # n hands of Ann +10, Bob −5
        assert state.totals == {"Ann": 10 * n, "Bob": -5 * n}
        assert counted.scored == n
        # each hand's scores are read once as it is added (the end of the game after each hand
        # reads the kept sum); adding all hands again after each one would read n(n+1)/2
        assert counted.read <= 2 * n


def test_history_and_db_check_cost_grows_as_the_hands(application, monkeypatch):
    # the same work per hand in a session of 30 hands and in one of 90: three times the hands,
    # three times the reads of hand scores (not nine times, as when every hand was added again
    # after each one)
    short, long = stored_session(application, 30), stored_session(application, 90)
    counted = Counted(monkeypatch)
    reads = {}
    for sid, n in ((short, 30), (long, 90)):
        counted.reset()
        doc = application.history(sid)
        assert counted.scored == n
        reads[n] = counted.read
        # n hands: Ann +10 each, Bob −5 each
        assert {r["name"]: r["total"] for r in doc["standings"]["players"]} == {"Ann": 10 * n, "Bob": -5 * n}
    assert reads[90] <= 3 * reads[30] + 10, reads
    counted.reset()
    report = application.db_check()  # both sessions, 120 hands, each scored once
    assert report["ok"], report
    assert counted.scored == 120 and counted.read <= 3 * 120


def test_edit_scores_the_one_hand_it_changes(application, monkeypatch):
    stored_session(application, 60)
    counted = Counted(monkeypatch)
    # hand 1 again with Ann's table 30 instead of 10: Ann +30 for it, so 600 − 10 + 30 = 620
    application.edit(1, {"players": {"Ann": {"table": 30, "hand": ""}, "Bob": {"hand": 5}}})
    assert counted.scored == 1
    assert application.standings()["players"][0]["total"] == 620
    counted.reset()
    # hand 59 with Bob holding 20 instead of 5: Bob −300 + 5 − 20 = −315
    application.edit(59, {"players": {"Ann": {"table": 10, "hand": ""}, "Bob": {"hand": 20}}})
    assert counted.scored == 1
    totals = {r["name"]: r["total"] for r in application.standings()["players"]}
    assert totals == {"Ann": 620, "Bob": -315}
    # and what was kept is what a whole replay of the entries gives
    counted.reset()
    history = application.history()
    assert counted.scored == 60
    assert {r["name"]: r["total"] for r in history["standings"]["players"]} == totals


def test_an_edit_that_ends_the_game_before_later_hands_is_still_refused(application, monkeypatch):
    # target 300; 25 hands of Ann +10 (250). Hand 1 with Ann's table 300: Ann 300 after hand 1,
    # the target reached, so hand 2 would follow the end
    stored_session(application, 25, target=300)
    counted = Counted(monkeypatch)
    with pytest.raises(StateError) as e:
        application.edit(1, {"players": {"Ann": {"table": 300, "hand": ""}, "Bob": {"hand": 5}}})
    assert e.value.code == "session.edit_ends_game" and e.value.facts["hand"] == 1
    assert counted.scored == 1
    assert application.standings()["players"][0]["total"] == 250


def test_an_import_flushes_its_session_files_once_and_leaves_no_temporary_file(application, tmp_path,
                                                                               monkeypatch):
    """An import of many sessions pays one flush to disk for all its session files (then
    puts them in place, then lists them), not one fsync per file; what it stores is whole."""
    import os
    import sys

    from scorekeeper.app import Application
    from scorekeeper.storage import files

    source = Application(tmp_path / "source")
    for i in range(5):
        source.new("rummy500", PLAYERS, title=f"game {i}")
        source.record_hand(HAND)
    export = tmp_path / "all.json"
    export.write_text(source.export(all_=True, format_="json")["text"], encoding="utf-8")
    syncs, fsyncs = [], []
    real_sync, real_fsync = os.sync, os.fsync
    monkeypatch.setattr(files.os, "sync", lambda: syncs.append(1) or real_sync())  # the one flush before the commit
    monkeypatch.setattr(files.os, "fsync", lambda fd: fsyncs.append(os.readlink(f"/proc/self/fd/{fd}")) or real_fsync(fd))
    done = application.import_(export)
    assert done["imported"] == 5
    if sys.platform.startswith("linux"):
        assert len(syncs) == 1
        assert not [p for p in fsyncs if "/sessions/." in p and p.endswith(".tmp")]  # no fsync per session file
    sessions = application.store.sessions_dir
    assert not [p for p in sessions.iterdir() if p.name.startswith(".")]
    # each session as it was: one hand, Ann +10, Bob −5
    for row in application.sessions()["sessions"]:
        assert {r["name"]: r["total"] for r in application.standings(row["id"])["players"]} == {"Ann": 10, "Bob": -5}


def test_the_audit_trail_scores_each_version_once(application, monkeypatch):
    # 30 hands entered, then hand 2 edited: 31 versions, each scored once; the totals after the
    # edit are 30 hands of Ann +10, Bob −5, hand 2 now Ann +30: Ann 300 − 10 + 30 = 320, Bob −150
    stored_session(application, 30)
    application.edit(2, {"players": {"Ann": {"table": 30, "hand": ""}, "Bob": {"hand": 5}}})
    counted = Counted(monkeypatch)
    doc = application.audit()
    assert len(doc["events"]) == 31 and doc["consistent"]
    assert counted.scored == 31
    # a few reads of each version's scores, not one per hand before it at every event (31 × 30)
    assert counted.read <= 6 * 31, counted.read
    assert doc["events"][-1]["totals_after"] == {"Ann": 320, "Bob": -150}
    assert doc["events"][-1]["totals_before"] == {"Ann": 300, "Bob": -150}
    assert doc["events"][29]["totals_after"] == {"Ann": 300, "Bob": -150}


def test_a_long_replay_does_not_pile_up_cycles_while_the_collector_is_off(monkeypatch):
    """The console script switches the cycle collector off; a Rummy 500 hand with a lay-off
    leaves no object in a reference cycle (the lay-off search no longer keeps itself alive),
    and whatever other scoring leaves in cycles a long replay frees itself now and then
    (F25: memory flat in the hands, not ~10 kB a hand)."""
    import gc

    from scorekeeper.core.variants import get_variant

    # Ann melds 7-8-9♥ and Q♠ Q♦ Q♣ and goes out; Bob lays off 10♥ on her run and holds K♠
    hand = {"players": {"Ann": {"melds": ["7H 8H 9H", "QS QD QC"], "hand": ""},
                        "Bob": {"layoffs": "10H", "hand": "KS"}}}
    setup = core_game.new_setup(get_variant("rummy500"), PLAYERS, ["target=1000000"])
    monkeypatch.setattr(core_game, "COLLECT_EVERY", 100)
    was_on = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        monkeypatch.setattr(core_game, "_scored_since_pass", 0)
        core_game.replay(setup, [hand] * 20)  # fewer hands than a pass waits for
        per_hand = gc.collect() / 20
        monkeypatch.setattr(core_game, "_scored_since_pass", 0)
        state = core_game.replay(setup, [hand] * 1000)
        del state
        left = gc.collect()
    finally:
        if was_on:
            gc.enable()
    assert per_hand == 0 and left == 0, (per_hand, left)


def test_the_passes_free_cycles_left_behind_while_the_collector_is_off(monkeypatch):
    """Every COLLECT_EVERY scored hands one pass of the collector frees what scoring left in cycles."""
    import gc

    monkeypatch.setattr(core_game, "COLLECT_EVERY", 10)
    monkeypatch.setattr(core_game, "_scored_since_pass", 0)
    was_on = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        for _ in range(10):
            loop: list = []
            loop.append(loop)  # one object in a cycle, as a hand's scoring might leave
            del loop
            core_game._free_cycles()
        left = gc.collect()  # the tenth call made a pass: nothing is left for this one
    finally:
        if was_on:
            gc.enable()
    assert left == 0


def test_played_hands_keep_their_sum_however_they_change():
    import copy
    import pickle

    from scorekeeper.core.game import HandSummary, PlayedHands

    def hand(ann: int, bob: int) -> HandSummary:
        return HandSummary({"Ann": ann, "Bob": bob}, (), True, "")

    played = PlayedHands(PLAYERS, [hand(10, -5), hand(20, 0)])
    played.append(hand(-15, 40))
    played.extend([hand(1, 1)])
    # 10 + 20 − 15 + 1 = 16; −5 + 0 + 40 + 1 = 36
    assert played.score_sums == {"Ann": 16, "Bob": 36}
    played.replace(0, hand(0, 0))  # hand 1 was 10 / −5: Ann 6, Bob 41
    assert played.score_sums == {"Ann": 6, "Bob": 41}
    assert played.pop() == hand(1, 1) and played.score_sums == {"Ann": 5, "Bob": 40}
    for other in (copy.deepcopy(played), pickle.loads(pickle.dumps(played))):
        assert list(other) == list(played) and other.score_sums == {"Ann": 5, "Bob": 40}
    with pytest.raises(TypeError):
        played[0] = hand(100, 100)  # a change the sum would not follow
    assert type(played[:1]) is list and type(played + []) is list


def test_a_gin_replay_reads_each_hands_scores_a_bounded_number_of_times(monkeypatch):
    """Gin Rummy's end of the game (its reacher, boxes and bonuses) is asked after every hand
    too: it reads the kept sums and hands won, not every hand again."""
    from scorekeeper.core.variants import get_variant

    # Ann knocks holding 5 of deadwood, Bob is left with 19: Ann scores 19 − 5 = 14 and wins the hand
    knock = {"players": {"Ann": {"hand": 5}, "Bob": {"hand": 19}}, "knock": "Ann"}
    setup = core_game.new_setup(get_variant("gin"), PLAYERS, ["target=100000"])
    counted = Counted(monkeypatch)
    for n in (40, 80):
        counted.reset()
        state = core_game.replay(setup, [knock] * n)
        assert state.totals == {"Ann": 14 * n, "Bob": 0}
        assert counted.scored == n
        # a few reads per hand; adding all hands again after each one would read n(n+1)/2
        assert counted.read <= 3 * n, counted.read
    # target 1,134 = 14 × 81, reached by the 81st hand: Ann wins with game bonus 100, 81 boxes
    # × 25 = 2,025 and the flat shutout 100 (Bob won no hand): bonus 2,225, final 1,134 + 2,225
    # = 3,359; Bob 0 and no box
    setup = core_game.new_setup(get_variant("gin"), PLAYERS, ["target=1134"])
    counted.reset()
    state = core_game.replay(setup, [knock] * 81)
    assert counted.read <= 3 * 81, counted.read
    assert state.ending.finished and state.ending.winners == ["Ann"]
    assert state.ending.bonus == {"Ann": 2225, "Bob": 0}
    assert state.totals == {"Ann": 3359, "Bob": 0}
