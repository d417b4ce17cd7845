"""Inputs a fuzzing run found taken without a check, or refused in words that named nothing
(stop 55).  Each test fails on the code before its fix."""

from __future__ import annotations

import copy
import io
import os
import pickle
import re
import subprocess
import sys
from collections.abc import Generator
from pathlib import Path
from typing import Any, cast

import numpy as np
import pytest

import pokereval as pe
from pokereval import fast, solver
from pokereval.engine import Hand, Tables, read_phh

NP_TRUE: Any = np.True_  # numpy's bools, typed as the flags they stand for
NP_FALSE: Any = np.False_
NONE: Any = None  # where the types say cards

# ---- a pickled Range is read as range text is: checked -----------------------------------


class _Tampered:
    """Pickles as a Range would, with the combos and game given (a pickle changed on the way)."""

    def __init__(self, combos: object, game: object = "holdem") -> None:
        self.combos, self.game = combos, game

    def __reduce__(self) -> tuple[Any, ...]:
        rebuild, _ = pe.Range("AA").__reduce__()
        return (rebuild, (self.combos, self.game))


def tampered_range(combos: object, game: object = "holdem") -> Any:
    """A Range's pickle with these combos and game, loaded (tests/test_errors.py uses it too)."""
    return pickle.loads(pickle.dumps(_Tampered(combos, game)))


@pytest.mark.parametrize(
    ("combos", "game", "words"),
    [
        (
            {(51, 51): 1.0},
            "holdem",
            "holds (51, 51): a combo is 2 distinct card ids",
        ),  # equity's "core error -2"
        ({(51,): 1.0}, "holdem", "holds (51,): a combo is 2"),  # combo_equity's IndexError
        ({(52, 53): 1.0}, "holdem", "holds (52, 53)"),
        (
            {(50, 51): 1.0},
            "holdem",
            "holds (50, 51): a combo is 2 distinct card ids of its deck, highest first",
        ),
        ({(True, 0): 1.0}, "holdem", "holds (True, 0)"),
        ({(4, 0): 1.0}, "shortdeck", "shortdeck Range holds (4, 0)"),  # below the short deck's six
        (
            {(51, 50, 49, 48): 1.0, (5, 4, 3, 2, 1): 1.0},
            "omaha",
            "holds (5, 4, 3, 2, 1)",
        ),  # was cut to 4 cards
        (
            {(51, 50): 5.0},
            "holdem",
            "gives (51, 50) the weight 5.0; a weight is a float in (0, 1]",
        ),  # nan equity
        ({(51, 50): float("nan")}, "holdem", "the weight nan"),
        ({(51, 50): "x"}, "holdem", "the weight 'x'"),
        ({(51, 50): 1.0}, "stud", "names no range game: 'stud'"),
        ([((51, 50), 1.0)], "holdem", "holds no dict of combos"),
    ],
)
def test_a_tampered_range_pickle_is_refused_by_name(combos: object, game: object, words: str) -> None:
    """A changed pickle made any Range unchecked: a card twice or past the deck, a combo of the
    wrong size (an Omaha 5-card combo silently cut to 4), weights of 5 or NaN; later calls then
    gave wrong answers or a core error code."""
    with pytest.raises(ValueError, match=re.escape(words)):
        tampered_range(combos, game)


def test_a_range_still_pickles_whole() -> None:
    for r in (
        pe.Range("AA").without("As Ah Ad Ac"),  # no combo left: a range still (a review found it refused)
        pe.Range("QQ+,AKs:0.5"),
        pe.Range("random"),
        pe.Range("AsKsQdJd,AhAd2c3c:0.5", game="omaha"),
        pe.Range("AA", game="shortdeck-trips"),
    ):
        back = pickle.loads(pickle.dumps(r))
        assert back == r and str(back) == str(r) and back.game == r.game


# ---- flags: a bool, numpy's too, and nothing else ------------------------------------------


@pytest.mark.parametrize("value", ["no", "False", 0.5, [0], 2, None])
def test_hand_rank_is_low_is_a_bool(value: object) -> None:
    """HandRank(5, "omaha-hilo", is_low="no") was a low half: the flag was read for truth."""
    with pytest.raises(TypeError, match=r"^is_low must be a bool, not "):
        pe.HandRank(5, "omaha-hilo", is_low=value)  # type: ignore[arg-type]
    low, low_too = pe.HandRank(5, "omaha-hilo", is_low=NP_TRUE), pe.HandRank(5, "omaha-hilo", is_low=True)
    assert repr(low) == repr(low_too) and "low" in repr(low)


def test_numpy_bools_are_bools_for_every_flag() -> None:
    """settle's folded= took numpy's bools; canonical's as_set, flop_report's pandas and the
    engine's rule flags refused them ("as_set must be True or False, got bool")."""
    assert pe.canonical("Kd 7c 2d 5s", as_set=NP_TRUE) == pe.canonical("Kd 7c 2d 5s", as_set=True)
    for name in ("half_bet_all_in", "uncapped_heads_up", "open_pair_big_bet"):
        game = "stud" if name == "open_pair_big_bet" else "holdem"
        rules: dict[str, Any] = dict(limit="fixed-limit", stacks=[100, 100, 100], seed=3)
        if game == "stud":
            rules["antes"] = 1
        flags: list[dict[str, Any]] = [{name: NP_TRUE}, {name: True}, {name: 1}]
        assert Hand(game, **rules, **flags[0]) == Hand(game, **rules, **flags[1])
        with pytest.raises(TypeError, match=rf"^{name} must be a bool, not int 1$"):
            Hand(game, **rules, **flags[2])
    assert Hand(stacks=[9, 9], auto_deal=NP_FALSE, ante_trimming=NP_TRUE).pending_deal is not None
    with pytest.raises(TypeError, match=r"^as_set must be a bool, not int 1$"):
        pe.canonical("Kd 7c 2d 5s", as_set=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^pandas must be a bool or None, not str 'no'$"):
        pe.flop_report("AA", "KK", pandas="no")  # type: ignore[arg-type]


# ---- messages that name what is wrong ------------------------------------------------------


def test_a_bool_among_board_or_dead_cards_is_named_with_where_it_is() -> None:
    """The ValueError said "the board: ..."; the TypeError of a bool among the cards did not."""
    with pytest.raises(
        TypeError, match=r"^the board: expected a card as a Card, str or int, got bool at position 3"
    ):
        pe.equity(["AsAd", "KK"], board=[0, 5, True])
    with pytest.raises(TypeError, match=r"^the dead cards: expected a card"):
        pe.equity(["AsAd", "KK"], board="2c3c4c", dead=[True])
    with pytest.raises(TypeError, match=r"^dead cards: expected a card"):
        pe.odds("AhKh", "2c3c4c", dead=[True])


def test_wrong_kinds_at_the_array_and_engine_entries_are_type_errors_in_words() -> None:
    with pytest.raises(TypeError, match=r"got dtype object \(from NoneType\)$"):
        pe.evaluate_batch(None)
    with pytest.raises(TypeError, match=r"got dtype <U4 \(from str\)$"):
        pe.evaluate_batch("AsKs")
    tables = Tables(2, stacks=[10, 10], seed=1)
    for bad, kind in ((None, "NoneType"), ("ab", "str"), (5, "int")):  # a ValueError "got ()"
        with pytest.raises(
            TypeError, match=rf"^actions must be a sequence or array of 2 ints, one a table, got {kind}$"
        ):
            tables.step(bad)
    from pokereval.plot import streets_svg

    with pytest.raises(TypeError, match=r"^points must be a sequence of .*, got NoneType$"):
        streets_svg(None)  # type: ignore[arg-type]


def test_an_unknown_agent_is_named() -> None:
    pytest.importorskip("pettingzoo")
    from pokereval.engine import rl

    env = rl.aec_env(stacks=[100, 100])
    env.reset(seed=1)
    with pytest.raises(ValueError, match=r"^unknown agent 'bogus'; the agents are player_0, player_1$"):
        env.observe("bogus")  # was "'bogus' is not in list"


# ---- the report's files --------------------------------------------------------------------


def test_write_csv_takes_what_flop_report_returns_and_refuses_rows_that_are_not_a_report(
    tmp_path: Path,
) -> None:
    pytest.importorskip("pandas")
    frame = pe.flop_report("AA", "KK")  # a DataFrame, the default: write_csv gave AttributeError
    out = io.StringIO()
    solver.write_csv(frame, out)
    records = io.StringIO()
    solver.write_csv(frame.to_dict("records"), records)
    assert out.getvalue() == records.getvalue() and out.getvalue().count("\n") == 1 + 1755
    with pytest.raises(TypeError, match=r"^report row 0 is a int: a report is what flop_report returns$"):
        solver.save_report([5], tmp_path / "x.json")  # an AttributeError
    with pytest.raises(ValueError, match=r"^report row 0 has no 'board', 'weight', 'equity' and \d+ more: "):
        solver.save_report([{"x": 1}], tmp_path / "x.csv")  # a CSV of empty columns was written
    assert not (tmp_path / "x.csv").exists() and not (tmp_path / "x.json").exists()


# ---- result arrays keep their fields through a pickle --------------------------------------


def test_result_arrays_pickle_with_their_fields() -> None:
    """A pickled ComboEquity came back a plain ndarray: no .overall (a process pool's or a Dask
    worker's answer lost it); the matrix lost .mask and the ICM result .stderr."""
    e = pe.combo_equity("AA,KK", "QQ", "2c7d9hJs3s")
    back = pickle.loads(pickle.dumps(e))
    assert type(back) is type(e) and back.overall == e.overall
    for name in ("win", "tie", "weight"):
        assert np.array_equal(getattr(back, name), getattr(e, name), equal_nan=True)
    m = pe.showdown_matrix("2c7d9hJs3s")
    mb = pickle.loads(pickle.dumps(m))
    assert type(mb) is type(m) and mb.board == m.board and np.array_equal(mb.mask, m.mask)
    assert np.array_equal(mb, m)
    i = pe.icm([100, 50, 25], [0.5, 0.3, 0.2], samples=1000, seed=2)
    ib = pickle.loads(pickle.dumps(i))
    assert type(ib) is type(i) and np.array_equal(ib, i) and np.array_equal(ib.stderr, i.stderr)
    assert (ib.exact, ib.samples, ib.seed) == (i.exact, i.samples, i.seed)


def test_a_pickled_result_array_names_a_result_class() -> None:
    _, (_, values, fields) = pe.combo_equity("AA", "KK", "2c7d9h").__reduce__()
    from pokereval._arrays import _restore

    with pytest.raises(ValueError, match="names no result class of pokereval"):
        _restore(dict, values, fields)  # type: ignore[arg-type]


# ---- a long random play stops on Ctrl-C between chunks --------------------------------------


def test_play_random_runs_in_chunks_that_change_no_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    """play_random(10**8) was one core call: a Ctrl-C waited for its end (11 s).  It now runs
    chunks of at most 65,536 hands from run_jobs' queue, between which an interrupt lands; the
    hands are those of one call, on one thread or two."""
    from pokereval.engine import _native

    whole = Tables(1, stacks=[100] * 6, seed=0).play_random(3000, seed=4)  # one chunk
    calls: list[int] = []
    real = _native.play_random

    def counted(*args: Any) -> Any:
        calls.append(args[3])
        return real(*args)

    monkeypatch.setattr(_native, "play_random", counted)
    for threads in (1, 2):
        calls.clear()
        many = Tables(1, stacks=[100] * 6, seed=0, threads=threads).play_random(200_000, seed=4)
        assert len(calls) >= 4 and max(calls) <= 1 << 16 and sum(calls) == 200_000
        assert np.array_equal(many.payoffs[:3000], whole.payoffs)
        assert np.array_equal(many.holes[:3000], whole.holes) and np.array_equal(
            many.moves[:3000], whole.moves
        )


def test_the_games_table_is_read_only() -> None:
    """`del pe.GAMES["holdem"]` broke every call that read a game's name, while ids still went
    through the core's own table: the facts are the core's, and read-only here too."""
    games: Any = pe.GAMES
    with pytest.raises(TypeError):
        games["holdem"] = games["razz"]
    with pytest.raises(TypeError):
        del games["holdem"]
    assert pe.evaluate("As Ks Qs Js Ts") == 7462 and dict(games)["holdem"].top == 7462
    # A copy or a pickle is a plain dict of the same games (a read-only view would not pickle).
    for twin in (copy.copy(games), copy.deepcopy(games), pickle.loads(pickle.dumps(games))):
        assert type(twin) is dict and twin == dict(games)


def test_odds_made_by_hand_are_checked() -> None:
    """Odds((1, 2, 3), "holdem") raised IndexError when read; negative counts and an unknown
    game were taken ("over -50 runouts")."""
    for counts, game in (
        ((1, 2, 3), "holdem"),
        ((-5,) * 10, "holdem"),
        ((0,) * 10, "holdem"),
        ((1.5,) * 10, "holdem"),
    ):
        with pytest.raises(ValueError, match=r"^Odds takes 10 counts of runouts"):
            pe.Odds(counts, game)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^unknown game 'bogus'"):
        pe.Odds((1,) * 10, "bogus")
    with pytest.raises(ValueError, match=r"^odds supports holdem, .*; not 'razz'$"):
        pe.Odds((1,) * 10, "razz")
    made = pe.odds("AhKh", "2h7h9c")
    assert pickle.loads(pickle.dumps(made)) == made and pe.Odds(tuple(made.counts.values()), "holdem") == made


def test_a_joker_is_named_by_range_without() -> None:
    """Range.without("Jk") was taken silently; a joker is in no range, refused as elsewhere."""
    with pytest.raises(ValueError, match=r"^without: joker 'Jk' at position 1 plays only with"):
        pe.Range("AA,KK").without("Jk")
    assert len(pe.Range("AA,KK").without("As Kd")) == 6


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux's /proc")
def test_a_folder_no_one_can_write_is_refused_before_the_build() -> None:
    """`table preflop --out /proc/nope` as root passed the permission check (os.access says
    root may write anywhere) and the build started, to fail at its end: the folder is now made
    and written to first."""
    from pokereval.preflop_build import check_folder

    with pytest.raises(ValueError, match=r"^the tables cannot be written to '/proc/pokereval-nope': "):
        check_folder("/proc/pokereval-nope", "the tables")


def test_a_range_pickle_in_another_order_is_the_range() -> None:
    """The combos are kept highest first whatever order a pickle lists them in (the arrays
    behind ids and weights follow that order)."""
    r = tampered_range({(47, 46): 0.5, (51, 50): 1.0})
    want = pe.Range("AsAh,KsKh:0.5")
    assert r == want and str(r) == str(want)
    assert np.array_equal(r.ids, want.ids) and np.array_equal(r.weights, want.weights)


def test_settle_names_the_seat_still_in_that_put_nothing_in() -> None:
    """Every seat with chips in folded, and seat 2, still in, put nothing in: the refusal said
    "nobody is left", though seat 2 was."""
    words = (
        "every seat that put chips in has folded; nobody is left to win the pot (seat 2, still in,"
        " put nothing in: a seat wins only pots it put chips in)"
    )
    with pytest.raises(ValueError, match=rf"^{re.escape(words)}$"):
        pe.settle(
            [None, None, "9c 9d"], "Js 2s 2d Jh 9s", contributions=[40, 10, 0], folded=[True, True, False]
        )


def test_combo_equity_refuses_range_weights_too_far_apart_as_it_does_vs() -> None:
    """docs/solver.md: a weight below 5e-324 of the largest "is refused by name"; `vs` was, and
    `range` took it, its combo counting 0 in .overall unsaid (found by a docs audit)."""
    w = np.zeros(1326)
    w[pe.combo_index("AhKh")], w[pe.combo_index("7c2d")] = 1e300, 1e-300
    with pytest.raises(ValueError, match=r"^range: the weight 1e-300 of 7c2d is below 5e-324 of the largest"):
        pe.combo_equity(w, "22+", "Ks 9h 4d")
    with pytest.raises(ValueError, match=r"^vs: the weight 1e-300 of 7c2d is below 5e-324 of the largest"):
        pe.combo_equity("AA", w, "Ks 9h 4d")


def test_a_post_given_seat_by_seat_no_larger_than_the_bet_before_is_a_live_post() -> None:
    """docs/engine.md: given seat by seat, a post after the blinds no larger than the bet before
    it (a new player's big blind, a late dead small blind) is a live post that raises nothing;
    `straddles=` refuses such an amount."""
    # The post of 1 owes 1 more and acts first; one of the big blind's 2 acts last, as a big
    # blind does (the later of two equal blinds, as PokerKit plays it).
    for posts, owes, first in (((0, 1, 2, 1), 1, 3), ((0, 1, 2, 2), 0, 0)):
        hand = Hand(stacks=[100] * 4, blinds_or_straddles=posts, button=0, seed=1)
        assert hand.bets == posts and hand.actor == first and hand.min_raise_to == 4
        assert max(hand.bets) - hand.bets[3] == owes
    with pytest.raises(ValueError, match="each straddle must be larger"):
        Hand(stacks=[100] * 4, straddles=(2,), seed=1)


# ---- a saved abstraction read back: corrupt or changed files are refused in words -----------


def _saved_buckets(tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    pytest.importorskip("sklearn")  # the clustering's extra (solver); a wheel alone has none
    pytest.importorskip("scipy")
    from pokereval import abstraction

    path = abstraction.buckets("river", 4, boards=[("AsKd7c2h9s", 1), ("QhJh2c3d4s", 2)]).save(tmp_path / "b")
    with np.load(path) as data:
        return path, {key: data[key] for key in data.files}


def test_a_changed_abstraction_file_is_refused(tmp_path: Path) -> None:
    """Found by tampering with saved files: centres out of strength order (a kind relabelled),
    fewer centres than the table's buckets, and weights all 0 loaded, the first answering with
    other buckets than the clustering made."""
    from pokereval import abstraction

    path, arrays = _saved_buckets(tmp_path)
    assert abstraction.load(path).k == 4
    changes: list[tuple[dict[str, Any], str]] = [
        ({"centres": arrays["centres"][::-1].copy()}, "centres must be in strength order"),
        ({"centres": arrays["centres"][:1].copy()}, "but there are 1 centres"),
        ({"weights": np.zeros_like(arrays["weights"])}, "every board's weight is 0"),
    ]
    for change, words in changes:
        bad = tmp_path / "bad.npz"
        np.savez(bad, **{**arrays, **change})
        with pytest.raises(ValueError, match=rf"^not a pokereval buckets file: .*{re.escape(words)}"):
            abstraction.load(bad)


def test_a_corrupt_abstraction_header_is_a_value_error(tmp_path: Path) -> None:
    """A header with an unclosed parenthesis raised tokenize.TokenError, and a 3 KB file whose
    header claimed 10**14 entries asked numpy for 91 TiB (MemoryError): both are the
    documented ValueError now."""
    import zipfile

    from pokereval import abstraction

    path, _ = _saved_buckets(tmp_path)
    with zipfile.ZipFile(path) as archive:
        members = {name: archive.read(name) for name in archive.namelist()}
    table = members["table.npy"]
    header_end = table.index(b"\n") + 1
    header = table[:header_end].decode("latin1")
    shape = re.search(r"\(\d+, \d+\)", header)
    assert shape is not None
    cases = {
        "unclosed": header.replace(shape.group(), shape.group()[:-1] + " "),
        "huge": header.replace(shape.group(), "(100000000000000,)".ljust(len(shape.group()))),
    }
    for name, text in cases.items():
        bad = tmp_path / f"{name}.npz"
        with zipfile.ZipFile(bad, "w") as archive:
            for member, data in members.items():
                archive.writestr(
                    member, text.encode("latin1") + table[header_end:] if member == "table.npy" else data
                )
        with pytest.raises(ValueError, match=r"^not a pokereval buckets file: .*table"):
            abstraction.load(bad)


def test_buckets_save_refuses_a_folder(tmp_path: Path) -> None:
    """save("/some/dir") wrote /some/dir.npz beside the folder."""
    pytest.importorskip("sklearn")
    pytest.importorskip("scipy")
    from pokereval import abstraction

    b = abstraction.buckets("river", 2, boards=[("AsKd7c2h9s", 1)])
    with pytest.raises(ValueError, match=r"is a folder: give a file name in it$"):
        b.save(tmp_path)
    assert not list(tmp_path.parent.glob(f"{tmp_path.name}.npz"))


# ---- a hand of None is no hand (stop 56) ----------------------------------------------------


@pytest.mark.parametrize(
    ("call", "what"),
    [
        (lambda: pe.outs(NONE, "2c 7d 9h"), "hole cards"),
        (lambda: pe.odds(NONE, "2c 7d 9h"), "hole cards"),
        (lambda: solver.combo_index(NONE), "hand"),
    ],
)
def test_a_hand_of_none_is_a_type_error(call: Any, what: str) -> None:
    """None reads as no cards where cards may be left out (a board, dead cards); a hand was read
    so too, and the error said it held 0 cards ("a hand is 2 cards, got 0")."""
    with pytest.raises(TypeError, match=rf"^{what}: expected cards .*, got NoneType$"):
        call()


def test_bucket_of_a_hand_of_none_is_a_type_error() -> None:
    pytest.importorskip("sklearn")
    pytest.importorskip("scipy")
    buckets = pe.abstraction.buckets("river", 2, boards=["2c7d9hJsQs"])
    with pytest.raises(TypeError, match=r"^hand: expected cards .*, got NoneType$"):
        buckets.bucket_of(NONE, "2c7d9hJsQs")


def test_weights_changed_by_a_progress_callback_do_not_reach_the_answer() -> None:
    """An array of weights was read where it lay: a progress callback (or another thread) that
    changed it mid-call changed the answer's .weight and .overall after the checks."""
    mine = np.zeros(len(solver.combos()))
    mine[[solver.combo_index("AsAh"), solver.combo_index("KsKh")]] = [1.0, 3.0]
    want = solver.combo_equity(mine.copy(), "QQ+", "2c7d9h")

    def meddle(_: float) -> None:
        mine[:] = 7.0

    got = solver.combo_equity(mine, "QQ+", "2c7d9h", progress=meddle)
    assert np.all(mine == 7.0)  # the callback ran
    assert got.overall == want.overall
    np.testing.assert_array_equal(got.weight, want.weight)
    np.testing.assert_array_equal(got, want)


def test_an_action_changed_after_the_check_is_not_played(monkeypatch: pytest.MonkeyPatch) -> None:
    """C checks the actions, then plays them, without the GIL: an action another thread wrote
    into the caller's uint8 array in between was played unchecked (the big blind folded with
    nothing to call).  The write is made here between the two, where the threads= path calls
    them apart."""
    from pokereval.engine import _native

    n = 64
    tables = Tables(n, stacks=[100, 100], seed=1, threads=2)
    tables.step(np.ones(n, np.uint8))  # the button limps: the big blind may check, not fold
    actions = np.ones(n, np.uint8)
    check = _native.tables_check

    def check_then_write(*args: Any) -> Any:
        found = check(*args)
        actions[:] = 0  # fold, which the check did not see
        return found

    monkeypatch.setattr(_native, "tables_check", check_then_write)
    _, rewards, done = tables.step(actions)
    assert (actions == 0).all()  # the write was made
    assert not done.any() and not rewards.any()  # every big blind checked: the flop is next


@pytest.mark.parametrize(
    ("limit", "last"), [("no-limit", "all-in"), ("pot-limit", "the most"), ("fixed-limit", "the most")]
)
def test_the_last_action_is_named_as_the_limit_has_it(limit: str, last: str) -> None:
    """The refusal called the last action "all-in" in pot-limit (the pot) and fixed-limit."""
    tables = Tables(1, stacks=[100, 100], seed=1, limit=limit)
    with pytest.raises(ValueError, match=rf"^table 0: action 9 is not legal now; legal: .*, 5 \({last}\)$"):
        tables.step([9])


# ---- arrays a cache shares cannot be made writeable again (stop 56) ----------------------


def _shared_arrays() -> list[tuple[str, Any]]:
    shared = [
        ("Range.ids", pe.Range("AA").ids),
        ("Range.weights", pe.Range("AA").weights),
        ("index_table", solver.index_table()),
        ("ShowdownMatrix.mask", solver.showdown_matrix("2c7d9hJs3s").mask),
    ]
    boards, weights = pe.abstraction.street_boards("flop")
    return [*shared, ("street_boards ids", boards), ("street_boards weights", weights)]


@pytest.mark.parametrize("index", range(6))
def test_a_shared_read_only_array_stays_read_only(index: int) -> None:
    """Their writeable flag was only set to False: any holder set it back to True, and a write
    changed every later call (Range("AA").ids made AA's equity against KK 0.18)."""
    name, array = _shared_arrays()[index]
    with pytest.raises(ValueError, match="cannot set WRITEABLE flag"):
        array.flags.writeable = True
    assert not array.flags.writeable, name


@pytest.mark.filterwarnings("ignore:the matrix subclass:PendingDeprecationWarning")
def test_buckets_keep_their_own_read_only_arrays() -> None:
    """Buckets built by hand kept the caller's arrays: a table changed after the check gave a
    bucket past k (200 with k 4), and boards changed left the row lookup stale."""
    pytest.importorskip("sklearn")
    pytest.importorskip("scipy")
    made = pe.abstraction.buckets("river", 4, boards=[("AsKd7c2h9s", 1)])
    table = made.table.copy()
    mine = pe.abstraction.Buckets(
        made.street, made.kind, made.k, made.seed, made.bins, made.boards, made.weights, table, made.centres
    )
    want = mine.bucket_of("AhAd", "AsKd7c2h9s")
    table[:] = 200
    assert mine.bucket_of("AhAd", "AsKd7c2h9s") == want < 4
    for built in (made, mine):
        for array in (built.boards, built.weights, built.table, built.centres):
            assert not array.flags.writeable
    matrix: Any = np.asmatrix(made.table)  # a subclass is read as its values
    assert type(pe.abstraction.Buckets(*[*_parts(made)[:7], matrix, made.centres]).table) is np.ndarray


def _parts(built: Any) -> list[Any]:
    return [built.street, built.kind, built.k, built.seed, built.bins, built.boards, built.weights]


# ---- inputs named where they stand (stop 56, a fuzzing run of the array entries) -----------

_MASKED_OUT: Any = np.ma.masked_array(np.zeros(2, np.uint16), mask=[True, False])
_ROWS = np.array([[51, 47, 43, 39, 35], [0, 4, 8, 12, 49]], np.uint8)


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (
            lambda: pe.classes.class_of_ids([51, True], [47, 0]),
            TypeError,
            r"^class_of_ids: high\[1\] must be a card id \(an int 0\.\.51\), got bool True$",
        ),
        (
            lambda: pe.classes.class_of_ids([51, 2**64], [47, 3]),
            ValueError,
            r"^class_of_ids: high\[1\] is card id 18446744073709551616, out of range 0\.\.51$",
        ),
        (
            lambda: pe.classes.class_of_ids([51, 2], [47, 3, 4]),
            ValueError,
            r"^class_of_ids: high and low must have one shape, got \(2,\) and \(3,\)$",
        ),
        (
            lambda: fast.mask_of([52]),
            ValueError,
            r"^mask_of: a mask holds the 52 cards, not a joker \(card 1\)$",
        ),
        (
            lambda: pe.evaluate_batch(_ROWS, out=_MASKED_OUT),
            TypeError,
            r"^out must be a numpy array of uint16, got MaskedArray$",
        ),
        (
            lambda: solver.showdown_matrix("2c7d9hJs3s", out=np.zeros((1326, 1326), np.int8, order="F")),
            ValueError,
            r", got int8 \(1326, 1326\), not C-ordered$",
        ),
        (
            lambda: pe.equity(["AhKh", np.ones(1326)], board="2c7d9h"),
            TypeError,
            r"^hand 2: 1,326 weights are a range for the solver's kit \(such as combo_equity\), not here",
        ),
        (
            lambda: pe.evaluate_batch([[51, 47, 43, 39, 35], [51, 47, 43, 39, 35.0]]),
            TypeError,
            r"^row 1: expected a card .*, got float at position 5 in \[51, 47, 43, 39, 35\.0\]$",
        ),
        (
            lambda: Tables(2, stacks=[100, 100], seed=1).step([1, 1.0]),
            TypeError,
            r"^actions must be integers, got 1\.0 for table 1$",
        ),
        (
            lambda: Hand(stacks=[100, 100], blinds=cast(Any, np.array([1, 2**63], "u8"))),
            ValueError,
            r"^blinds\[1\] is 9223372036854775808; the engine counts at most 2\*\*40 chips a seat$",
        ),
    ],
)
def test_an_input_is_named_where_it_stands(call: Any, error: type[Exception], words: str) -> None:
    """Each was taken (a bool among ids read as 2d, a joker's bit in a card mask, a masked out=
    that hid a value written), or refused in words that named no place (numpy's broadcast
    error, a dtype where one item was a float, an id without its index)."""
    with pytest.raises(error, match=words):
        call()


def test_icm_reads_a_memoryview_of_any_byte_order() -> None:
    """Iterating a memoryview of ">q" raised NotImplementedError from Python."""
    stacks = memoryview(cast(Any, np.array([5000, 3000], ">i8")))
    np.testing.assert_array_equal(pe.icm(stacks, [50, 30]), pe.icm([5000, 3000], [50, 30]))


def test_a_stud_hand_whose_folded_cards_were_dealt_again_pickles() -> None:
    """Eight seats of stud and a fold on fifth street: the stub runs short on seventh street and
    the folded cards are dealt again, the rest of the folded hand closing up with its up bits.
    The pickle's check held that a stud seat shows only its 3rd to 6th cards, and refused
    the state as one "the engine never writes"."""
    hand = Hand("stud", limit="fixed-limit", stacks=[100] * 8, antes=1, bring_in=1, bets=(2, 4), seed=5)
    folded = False
    while not hand.done:
        if "bring_in" in hand.legal:
            hand.bring_in()
        elif hand.street == 2 and not folded and hand.to_call == 0:
            hand.bet_or_raise_to(4)
        elif hand.street == 2 and not folded:
            hand.fold()
            folded = True
        else:
            hand.check_or_call()
        copy_back = pickle.loads(pickle.dumps(hand))
        assert copy_back == hand
    assert folded and hand.done


def test_sampling_short_deck_ranges_that_almost_never_fit_points_to_exact() -> None:
    """docs/equity.md: short-deck and Omaha ranges are drawn by rejection alone; where almost no
    deal fits, Monte Carlo refuses them, and exact equity counts the few deals that do (it
    said that every range was dealt from the joint law, Omaha's named).  Found by hostile
    testing."""
    shared = ", ".join(f"As{rank}{suit}" for rank in "6789TJQK" for suit in "cdh")
    hands = [shared + ", KdQd:1e-7", shared + ", QhJh:1e-7"]
    exact = pe.equity(hands, board="6c 7s 9h Td", game="shortdeck")
    assert exact.exact and round(exact.equity[0], 5) == 0.46006
    with pytest.raises(
        ValueError, match=r"almost none\) .*; without samples=, exact equity counts the deals that fit$"
    ):
        pe.equity(hands, board="6c 7s 9h Td", game="shortdeck", samples=1000, seed=1)


# ---- hand histories (stop 56, a hostile run of PHH files) ----------------------------------

_NT = """variant = "NT"
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, {stack}, 100]
actions = ["d dh p1 AsAd", "d dh p2 KsKd", "d dh p3 QsQd", "p3 f", "p1 f"]
"""


def test_a_phh_amount_past_a_float_is_read_as_written() -> None:
    """TOML's floats were read as Python floats: 100.0000000000000001 became 100 without a
    word, where the same digits in an action are refused."""
    with pytest.raises(ValueError, match=r"starting_stacks\[1\] is 100\.0000000000000001: amounts with more"):
        read_phh(_NT.format(stack="100.0000000000000001"))
    tenths = read_phh(_NT.format(stack="100.5"))  # a float that holds it: read as before
    assert tenths.stacks == (990, 1015, 1000) and tenths.chip_unit == 10  # chips a unit of the file


def test_an_omaha_deal_with_tens_written_10_counts_its_cards() -> None:
    """The hole cards were counted as two characters each: 10s10h9s9h read as 5 cards."""
    text = """variant = "PO"
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ["d dh p1 10s10h9s9h", "d dh p2 AsAdAhAc", "d dh p3 KsKdKhKc", "p3 f", "p1 f"]
"""
    hand = read_phh(text)
    assert hand.done and hand.stacks == (99, 101, 100)


def test_a_phh_int_past_python_s_digits_names_the_history() -> None:
    with pytest.raises(ValueError, match=r"^hand history: not a hand history: Exceeds the limit"):
        read_phh('variant = "NT"\nhand = ' + "9" * 5000 + "\n")


def test_pokereval_replay_holds_the_recorded_finishing_stacks(tmp_path: Path) -> None:
    """read_phh refused finishing_stacks that the actions contradict; `pokereval replay` printed
    the replay's figures and exited 0."""
    path = tmp_path / "hand.phh"
    path.write_text(_NT.format(stack="100") + "finishing_stacks = [1, 2, 3]\n", encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "pokereval", "replay", str(path)], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 2
    assert "finishing_stacks disagree with the replay of the actions: p1 is recorded with 1" in result.stderr


def test_fields_a_variant_does_not_play_by_are_written_back() -> None:
    """docs/engine.md: a field the variant does not play by is kept and written back as it was;
    the engine's own (_cap, _hole_cards, ...) in a no-limit hold'em history were dropped, as
    were recorded finishing stacks when the replay did not end the hand."""
    text = _NT.format(stack="100").replace(
        "actions", "_cap = 3\n_hole_cards = 5\n_half_bet_all_in = true\n_open_pair_big_bet = false\nactions"
    )
    written = read_phh(text).to_phh()
    for line in ("_cap = 3", "_hole_cards = 5", "_half_bet_all_in = true", "_open_pair_big_bet = false"):
        assert line in written.splitlines()
    unseen = """variant = "NT"
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 AsAd", "d dh p2 ????", "p2 cbr 100", "p1 cc", "d db 2c3d4h", "d db 5s", "d db 9c"]
finishing_stacks = [200, 0]
"""
    hand = read_phh(unseen)
    assert not hand.done  # a showdown of cards nobody saw ends no hand
    assert hand.to_phh().splitlines()[-1] == "finishing_stacks = [200, 0]"
    assert read_phh(hand.to_phh()) == hand


def test_a_pickle_whose_mucked_stud_seat_shows_more_than_four_cards_is_refused() -> None:
    """The check let a seat out of the hand show any of its cards (a folded hand's cards close
    up once some are dealt again): a tampered pickle whose mucked seat showed seven was taken,
    and the next street's opener shifted by a negative count (UBSan).  At most four show."""
    from pokereval.engine import _native
    from pokereval.engine.hand import _rebuild_hand

    hand = Hand("stud", limit="no-limit", stacks=[10, 10, 100], antes=1, bring_in=1, seed=3, auto_deal=False)
    while hand.pending_deal:
        hand.deal(None)
    while hand.actor is not None:
        if "bring_in" in hand.legal:
            hand.bring_in()
        elif hand.actor in (0, 1) and hand.max_raise_to:
            hand.bet_or_raise_to(hand.max_raise_to)
        else:
            hand.check_or_call()
    hand.muck(1)
    rules, data, log = hand.__reduce__()[1]
    untagged = _native.layout_untagged(data)
    assert untagged is not None
    state = _native.state_from_bytes(untagged)
    state.ncards[1] = 7
    for k, card in enumerate((48, 49, 50, 51, 44, 45, 46)):
        state.cards[1][k] = card
    state.up[1] = 0x7F
    with pytest.raises(ValueError, match="holds a state the engine never writes"):
        _rebuild_hand(
            rules, _native.layout_tagged(bytes(cast(Any, _native).ffi.buffer(state, _native.STATE_SIZE))), log
        )


def test_views_handed_out_stay_read_only() -> None:
    """A Tables' observations and a Buckets' arrays were read-only by a flag alone: set back,
    a write to `done` kept the last hand's rewards, and a table entry past k was returned."""
    tables = Tables(2, stacks=[100, 100], seed=1)
    obs, rewards, done = tables.step([0, 1])
    for array in (*obs.values(), rewards, done):
        with pytest.raises(ValueError, match="cannot set WRITEABLE flag"):
            array.flags.writeable = True
    assert obs["mask"].dtype == np.bool_ and done.tolist() == [True, False]
    pytest.importorskip("sklearn")
    pytest.importorskip("scipy")
    made = pe.abstraction.buckets("river", 4, boards=[("AsKd7c2h9s", 1)])
    for built in (made, pickle.loads(pickle.dumps(made)), copy.deepcopy(made)):
        assert built.bucket_of("AhAd", "AsKd7c2h9s") == made.bucket_of("AhAd", "AsKd7c2h9s")
        for array in (built.boards, built.weights, built.table, built.centres):
            with pytest.raises(ValueError, match="cannot set WRITEABLE flag"):
                array.flags.writeable = True


def test_ids_and_actions_of_any_index_type_are_read() -> None:
    """numpy's 0-d arrays (a policy's scalars) are ids and actions, as Python ints are; the
    checks of this stop had refused them."""
    assert int(pe.classes.class_of_ids([np.array(51)], [np.int8(47)])[0]) == 1
    assert pe.classes.class_of_ids([pe.Card(51)], [47]).tolist() == [1]  # a Card is its id
    tables = Tables(2, stacks=[100, 100], seed=1)
    _, _, done = tables.step([np.array(0), np.int64(1)])
    assert done.tolist() == [True, False]
    with pytest.raises(TypeError, match=r"^hand 1: expected cards .*, got NoneType$"):
        solver.canonical("2c3d4h", [NONE, "AsKs"])


def test_combo_equity_keeps_a_small_part_beside_a_heavy_blocked_combo() -> None:
    """The sweep's parts were set to 0 below a slack measured on all the opponent's weight, the
    blocked part too: with 1 on QhTs (blocked by Ts6h) beside 2.2e-9 on the rest, Ts6h's one
    win (5e-13 on 9h4d) read as 0 where it is 2.5e-7 of the weight it meets.  Found by
    hostile testing, against an enumeration."""
    board, hero = "7c5c5s3s8c", "Ts6h"
    h = solver.combo_index(hero)
    row = np.asarray(solver.showdown_matrix(board))[h]
    vs = np.where(row == -1, 2.2e-9, 0.0)  # the combos that beat Ts6h
    beaten = int(np.count_nonzero(row == -1))
    vs[solver.combo_index("QhTs")] = 1.0
    vs[solver.combo_index("9h4d")] = 5e-13  # Ts6h beats it: a pair of fives, ten kicker
    want = 5e-13 / (beaten * 2.2e-9 + 5e-13)
    got = solver.combo_equity(hero, vs, board)
    assert got.win[h] == pytest.approx(want, rel=1e-9) and got[h] == pytest.approx(want, rel=1e-9)
    assert solver.equity_distribution(hero, vs, board).mean == pytest.approx(want, rel=1e-9)


# ---- Ctrl-C leaves nothing running; refusals keep nothing (stop 56) ------------------------

_SECOND_CTRL_C = """
import os, signal, threading, time
from pokereval._work import run_jobs

ended = []

def slow():
    time.sleep(0.4)
    ended.append(time.monotonic())
    return 0

def interrupt(at):
    time.sleep(at)
    os.kill(os.getpid(), signal.SIGINT)

for at in (0.1, 0.12):  # a second press while the first unwinds
    threading.Thread(target=interrupt, args=(at,)).start()
try:
    run_jobs([slow] * 8, [1.0] * 8, 2, None)
except KeyboardInterrupt:
    raised = time.monotonic()
time.sleep(0.5)  # a chunk left running ends meanwhile
print(all(end <= raised for end in ended) and len(ended) >= 1)
"""

_STEP_CTRL_C = """
import os, signal, threading, time
import numpy as np
from pokereval.engine import Tables, _native

tables = Tables(64, stacks=[100, 100], seed=1, threads=2)
step = _native.tables_step
state = {}

def slow_step(first, *rest):
    if threading.current_thread() is not threading.main_thread():
        time.sleep(0.6)  # the pool's share, still stepping when the interrupt comes
        state["pool done at"] = time.monotonic()
    return step(first, *rest)

_native.tables_step = slow_step
threading.Thread(target=lambda: (time.sleep(0.2), os.kill(os.getpid(), signal.SIGINT))).start()
try:
    tables.step(np.ones(64, np.uint8))
except KeyboardInterrupt:
    state["raised at"] = time.monotonic()
print(state["pool done at"] <= state["raised at"])
"""


@pytest.mark.parametrize(("script", "want"), [(_SECOND_CTRL_C, "True"), (_STEP_CTRL_C, "True")])
def test_ctrl_c_leaves_no_work_running(script: str, want: str) -> None:
    """A second quick Ctrl-C cut run_jobs' wait for its helpers short (a helper still ran a
    chunk after the KeyboardInterrupt); a Ctrl-C during a threaded Tables.step released its
    lock while a pool thread still stepped the tables.  Found by hostile testing."""
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert result.stdout.strip() == want, result.stderr


def test_a_refused_low_keeps_nothing() -> None:
    """The words for a HandRank's misplaced low were cached by the caller's low: a loop of
    refused lows grew the cache without bound (1,000,000 entries, 300 MB)."""
    from pokereval import rank

    for low in range(10**30, 10**30 + 50):
        with pytest.raises(ValueError, match="fits only a hi-lo high hand"):
            pe.HandRank(7462, "holdem", low=low)
    assert not hasattr(rank._misplaced_low, "cache_info")


def test_one_thread_batches_and_icm_samples_stop_for_ctrl_c(monkeypatch: pytest.MonkeyPatch) -> None:
    """A one-thread batch was one C call (10**8 Omaha rows held Ctrl-C 5 s) and an ICM sample
    of many paid players one long call with no stop flag (10,000 players: 13 s).  The batch
    now goes in calls of at most 2**20 rows, and the ICM sample polls Ctrl-C's flag."""
    from pokereval import _core, _core_solver, api

    calls: list[int] = []
    batch = _core.batch_into

    def counted(code: int, rows: Any, *rest: Any) -> Any:
        calls.append(len(rows))
        return batch(code, rows, *rest)

    monkeypatch.setattr(_core, "batch_into", counted)
    rows = np.tile(np.array([[51, 47, 43, 39, 35, 2, 3]], np.uint8), (api._ONE_CALL_ROWS * 2 + 5, 1))
    assert (pe.evaluate_batch(rows) == 7462).all()
    assert calls == [api._ONE_CALL_ROWS, api._ONE_CALL_ROWS, 5]

    stoppable: list[bool] = []
    run = cast(Any, _core_solver).run_stoppable

    def recorded(call: Any) -> Any:
        stoppable.append(True)
        return run(call)

    monkeypatch.setattr(_core_solver, "run_stoppable", recorded)
    assert pe.icm([50, 30, 20], [70, 30], samples=5000, seed=1).samples == 5000
    assert stoppable
    with pytest.raises(ValueError, match=r"^icm samples at most 1,000,000 players, got 1,000,001$"):
        pe.icm(np.ones(1_000_001), [1.0])  # said before each number is read (10**7: 34 s)


def test_a_phhs_file_is_read_by_read_phhs_and_read_phh_names_it(tmp_path: Path) -> None:
    # read_phh of a .phhs file (hands in [1], [2] tables) said "variant is missing", and
    # nothing public read such a file but load_phh of a whole folder.
    from pokereval.engine import Hand, read_phh, read_phhs

    hands = [Hand(stacks=[50, 60], seed=3), Hand(stacks=[40, 70, 90], seed=4)]
    for hand in hands:
        for _ in range(3):
            hand.check_or_call()
    path = tmp_path / "two.phhs"
    path.write_text("".join(f"[{n}]\n{hand.to_phh()}\n" for n, hand in enumerate(hands, 1)), encoding="utf-8")
    read = read_phhs(path)
    assert read == hands
    assert [hand.stacks for hand in read_phhs(path.read_text(encoding="utf-8"), replay=False)] == [
        (49, 58),
        (40, 69, 88),
    ]
    with pytest.raises(ValueError, match=r"two\.phhs: holds 2 hand\(s\) in tables \(\[1\], \[2\]\).*phhs"):
        read_phh(path)
    with pytest.raises(ValueError, match=r"holds one hand, as a \.phh file does; read_phh reads it"):
        read_phhs(hands[0].to_phh())
    path.write_text(
        '[1]\nvariant = "NT"\nstarting_stacks = [10, 10]\nblinds_or_straddles = [1, 2]\n'
        'min_bet = 2\nantes = [0, 0]\nactions = ["p1 f"]\n',
        encoding="utf-8",
    )
    with pytest.raises(ValueError, match=r"two\.phhs \[1\]: action 1 'p1 f'"):
        read_phhs(path)


@pytest.mark.parametrize("call", ["step", "reset"])
def test_a_ctrl_c_just_after_the_tables_lock_is_taken_lets_it_go(call: str) -> None:
    # acquire() then try: a KeyboardInterrupt raised as acquire() returned (Python handles a
    # signal there) left the lock taken, and every later call said another thread was inside.
    # The trace function raises it at the first line run with the lock taken.
    import sys
    from types import FrameType

    tables = Tables(4, stacks=[100, 100], seed=0)
    fired: list[str] = []

    def tracer(frame: FrameType, event: str, arg: object) -> Any:
        if event == "line" and not fired and tables._lock.locked():
            fired.append(frame.f_code.co_name)
            raise KeyboardInterrupt
        return tracer

    sys.settrace(tracer)
    try:
        with pytest.raises(KeyboardInterrupt):
            tables.step([1] * 4) if call == "step" else tables.reset()
    finally:
        sys.settrace(None)
    assert fired and not tables._lock.locked()
    tables.reset()


def _child_exits_cleanly(script: str) -> None:
    """Run `script`, which forks and prints the child's wait status: 0 is a clean exit (a child
    that hangs fails on the timeout)."""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "0", done.stderr


@pytest.mark.skipif(not hasattr(os, "fork"), reason="os.fork is POSIX's")
def test_threaded_tables_step_in_a_forked_child() -> None:
    # The child inherited the thread pool without its thread: its step waited for ever.
    script = (
        "import os, numpy as np\n"
        "from pokereval.engine import Tables\n"
        "t = Tables(64, stacks=[100, 100], seed=0, threads=2)\n"
        "t.step(np.ones(64, dtype=np.int64))\n"
        "pid = os.fork()\n"
        "if pid == 0:\n"
        "    t.step(np.ones(64, dtype=np.int64)); os._exit(0)\n"
        "print(os.waitpid(pid, 0)[1])\n"
    )
    _child_exits_cleanly(script)


class _MarkedChunk:
    """A chunk that leaves a file when it runs, then takes a while."""

    def __init__(self, folder: str, number: int) -> None:
        self.folder, self.number = folder, number

    def run(self) -> np.ndarray:
        import time

        with open(os.path.join(self.folder, f"{self.number}.ran"), "w"):
            pass
        time.sleep(0.2)
        return np.zeros(1)


@pytest.mark.skipif(sys.platform != "linux", reason="the chunks are pickled by reference to this module")
def test_a_process_run_that_stops_early_drops_the_chunks_not_started(tmp_path: Path) -> None:
    # The pool's own exit waited for every queued chunk (a Ctrl-C of the multiway build would
    # have waited out the build), then threw their results away.
    from pokereval.preflop_build import in_processes

    chunks = [_MarkedChunk(str(tmp_path), i) for i in range(40)]
    results = cast("Generator[Any, None, None]", in_processes(2)(chunks))  # type: ignore[arg-type]
    next(results)
    results.close()  # as a KeyboardInterrupt in the caller's loop closes it
    assert len(list(tmp_path.glob("*.ran"))) < 20


def _forged(hand: Hand, **fields: int) -> bytes:
    """A pickle of `hand` with fields of its C state set to other values."""
    from pokereval._pokereval import ffi

    from pokereval.engine import _native as nat

    data = bytearray(pickle.dumps(hand))
    at = data.find(nat.LAYOUT + nat.state_bytes(hand._p)) + len(nat.LAYOUT)
    layout = dict(ffi.typeof("pe_engine_t").fields)
    for name, value in fields.items():
        offset, size = layout[name].offset, ffi.sizeof(layout[name].type)
        data[at + offset : at + offset + size] = value.to_bytes(size, "little")
    return bytes(data)


def test_pickles_of_states_the_engine_never_writes_are_refused() -> None:
    # pe_engine_check took them: a draw forged on stud's fourth street (a shift by a wrapped
    # count in give(), UBSan), a fold forged on the actor's opponents (one call later the pot
    # was paid to nobody), a betting round's high bet forged to 0 (the small blind checked a
    # raise) and a bring-in due in hold'em.
    from pokereval.engine import _native as nat

    stud = Hand(game="stud", stacks=[100, 100, 100], antes=1, bring_in=1, seed=1)
    stud.bring_in()
    stud.check_or_call()
    stud.check_or_call()
    three = Hand(stacks=[100, 100, 100], seed=1)
    raised = Hand(stacks=[100, 100, 100], seed=1)
    raised.bet_or_raise_to(10)
    forgeries = [
        _forged(stud, phase=nat.PHASE_DRAW),
        _forged(three, folded=0b110, actor=1),
        _forged(Hand(game="five-card-draw", stacks=[100, 100, 100], seed=1), folded=0b110, actor=1),
        _forged(raised, high=0),
        _forged(raised, bring_in_due=1),
    ]
    for hand in (stud, three, raised):
        assert pickle.loads(pickle.dumps(hand)) == hand  # the real ones load
    for forgery in forgeries:
        with pytest.raises(ValueError, match="never writes"):
            pickle.loads(forgery)


def test_a_betting_round_forged_to_the_dealers_turn_is_refused() -> None:
    # One bit of the phase byte turned a preflop round (seat 2 to call 4) into the dealer's
    # turn with nothing owed: the pickle loaded, and no move nor deal was legal after it.
    from pokereval.engine import _native as nat

    hand = Hand(stacks=[100, 100, 100], seed=3)
    hand.bet_or_raise_to(6)
    hand.check_or_call()
    by_hand = Hand(stacks=[100, 100, 100])  # the dealer deals by hand: its turn is real
    by_hand.deal("As Ks")
    assert by_hand.phase == "deal"
    assert pickle.loads(pickle.dumps(by_hand)) == by_hand
    seeded = Hand(stacks=[100, 100, 100], seed=3)  # dealt at once: never the dealer's turn
    for forgery in (
        _forged(hand, phase=nat.PHASE_DEAL),
        _forged(by_hand, actor=1),
        _forged(seeded, phase=nat.PHASE_DEAL, actor=255),
    ):
        with pytest.raises(ValueError, match="never writes"):
            pickle.loads(forgery)


def test_a_showdown_pickle_is_played_again_from_its_deal() -> None:
    # _rebuild_showdown took its values as they came: a wild rank of value 0 (describe() then
    # failed an assert), and counts of more cards than the deal holds went to the core, which
    # would read past them.
    from pokereval.showdown import _rebuild_showdown

    real = pe.showdown(["As Ad 2c 3d 4h", "Kh Kd 5s 6s 7c"], game="stud", wild="joker")
    assert pickle.loads(pickle.dumps(real)) == real
    game, deal, highs, lows, winners, low_winners, wild = real.__reduce__()[1]
    forged = [
        (game, (bytes([0, 5, 10, 15, 20]), b"\x05", b""), [0], None, (0,), (), wild),  # a value of 0
        (game, deal, highs[::-1], lows, winners, low_winners, wild),  # values swapped
        (
            game,
            (deal[0][:5], deal[1], deal[2]),
            highs,
            lows,
            winners,
            low_winners,
            wild,
        ),  # 10 counted, 5 held
        (game, deal, highs, lows, (1,), low_winners, wild),  # the wrong winner
    ]
    for args in forged:
        with pytest.raises(ValueError, match="not a pickled ShowdownResult"):
            _rebuild_showdown(*args)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="os.fork is POSIX's")
def test_a_forked_child_reads_the_preflop_table_while_the_parent_was_reading_it() -> None:
    # The child got the table lock held by a parent thread it does not have: its first read
    # waited for ever.  The parent's thread here holds the lock across the fork.
    script = (
        "import os, threading\n"
        "from pokereval.equity import preflop\n"
        "held, go = threading.Event(), threading.Event()\n"
        "def reader():\n"
        "    with preflop._lock:\n"
        "        held.set(); go.wait()\n"
        "threading.Thread(target=reader).start(); held.wait()\n"
        "pid = os.fork()\n"
        "if pid == 0:\n"
        "    preflop.heads_up(); os._exit(0)\n"
        "go.set(); print(os.waitpid(pid, 0)[1])\n"
    )
    _child_exits_cleanly(script)


def test_a_phh_bet_size_of_0_is_named_as_a_negative_one_is(capsys: pytest.CaptureFixture[str]) -> None:
    # min_bet = -5 said "it must be 0 or more", and min_bet = 0 then "must be 1 to 2**40";
    # replay '' said it could not read the hand history '.'.
    from pokereval.cli import main

    text = Hand(stacks=[50, 60], seed=3).to_phh()
    for value in ("-5", "0"):
        with pytest.raises(ValueError, match=f"min_bet is {value}; it must be more than 0$"):
            read_phh(text.replace("min_bet = 2", f"min_bet = {value}"))
    assert main(["replay", ""]) == 2
    assert capsys.readouterr().err == "pokereval replay: the file name is empty\n"


@pytest.mark.parametrize("game", ["stud", "razz", "stud-hilo"])
def test_a_stud_hand_all_in_on_the_antes_pickles_at_fourth_streets_deal(game: str) -> None:
    # No seat could act on third street, so the bring-in stayed due into fourth street's
    # deal: a state the engine writes, which a check of this stop first refused.
    hand = Hand(game, stacks=[3, 5], antes=5, bring_in=1)
    hand.deal("As Ks Qs")
    hand.deal("2c 3c 4c")
    assert (hand.phase, hand.street) == ("deal", 1)
    assert pickle.loads(pickle.dumps(hand)) == hand


def test_a_draw_left_to_one_seat_by_a_muck_pickles_and_plays_out() -> None:
    # Heads-up triple draw, the short stack all in: it shows, the other mucks during the draw.
    # The engine goes on with the one seat's draw (as a board game's board is still dealt), and
    # pe_engine_check refused that state ("never writes"): such a hand could not be pickled.
    hand = Hand("deuce-seven-triple-draw", limit="fixed-limit", stacks=[30, 2], seed=4)
    hand.check_or_call()
    hand.show(1)
    hand.muck(0)
    assert hand.phase == "draw" and not hand.done
    again = pickle.loads(pickle.dumps(hand))
    assert again == hand
    while not again.done:
        if again.phase == "draw":
            again.discard(())
        else:
            again.check_or_call()
    assert again.payoffs == (-2, 2)
