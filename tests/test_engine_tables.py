"""Tables: many hands stepped together in C, checked against Hand on the same states."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from pokereval.engine import Hand, Tables


def random_actions(mask: np.ndarray, phase: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    scores = rng.random(mask.shape) * mask
    actions = scores.argmax(axis=1).astype(np.uint8)
    drawing = phase == 1
    actions[drawing] = rng.integers(0, 32, int(drawing.sum()))
    return actions  # type: ignore[no-any-return]


def test_observations_match_the_hands() -> None:
    tables = Tables(64, stacks=[200, 150, 100], seed=3)
    obs = tables.reset()
    rng = np.random.default_rng(1)
    names = ("fold", "call", "min", "half", "pot", "all-in")
    folded = np.zeros(64, np.uint16)  # the seats this test's own actions folded, hand by hand
    for _ in range(200):
        assert (obs["folded"] == folded).all()
        for i in range(0, 64, 7):
            hand = tables.hand(i)
            assert obs["actor"][i] == (-1 if hand.actor is None else hand.actor)
            assert tuple(obs["stacks"][i]) == hand.stacks and tuple(obs["bets"][i]) == hand.bets
            assert obs["pot"][i] == hand.pot and obs["street"][i] == hand.street
            legal = hand.legal
            expected = [
                "fold" in legal,
                "check" in legal or "call" in legal or "bring_in" in legal,
                *(["bet_or_raise" in legal] * 4),
            ]
            assert list(obs["mask"][i]) == expected, names
            holes = [[int(card) for card in hole] for hole in hand.holes]  # type: ignore[arg-type]
            assert [list(row[row != 255]) for row in obs["hole"][i]] == holes
        actions = random_actions(obs["mask"], obs["phase"], rng)
        folds = (actions == 0) & (obs["phase"] == 0)
        folded[folds] |= (1 << obs["actor"][folds].astype(np.uint16)).astype(np.uint16)
        obs, rewards, done = tables.step(actions)
        folded[done] = 0
        assert (rewards[done].sum(axis=1) == 0).all() and (rewards[~done] == 0).all()


def test_discrete_amounts() -> None:
    tables = Tables(1, stacks=[100, 100, 100], seed=1)
    hand = tables.hand(0)
    assert (hand.min_raise_to, hand.max_raise_to) == (4, 100)
    # Half the pot after calling (3 + 2 = 5) on top of the bet of 2: 4.5, at least the least: 4.
    for action, amount in ((2, 4), (3, 4), (4, 7), (5, 100)):
        tables.reset(seed=1)
        tables.step([action])
        assert tables.hand(0).bets[0] == amount


def test_illegal_action_moves_nothing() -> None:
    tables = Tables(8, stacks=[100, 100], seed=2)
    tables.step(np.ones(8, np.uint8))  # every small blind calls
    before = [tables.hand(i) for i in range(8)]
    actions = np.ones(8, np.uint8)
    actions[5] = 0  # fold with nothing to call
    with pytest.raises(ValueError, match=r"table 5: action 0 is not legal now; legal: 1 .check or call."):
        tables.step(actions)
    assert all(tables.hand(i) == before[i] for i in range(8))
    with pytest.raises(ValueError, match=r"shape \(8,\)"):
        tables.step(np.ones(7, np.uint8))
    with pytest.raises(TypeError, match=r"integers"):
        tables.step(np.ones(8))
    with pytest.raises(ValueError, match=r"action 300"):
        tables.step(np.full(8, 300))


def test_hands_restart_and_rewards_add_up() -> None:
    tables = Tables(256, "omaha", limit="pot-limit", stacks=[100] * 4, seed=7)
    obs = tables.reset()
    rng = np.random.default_rng(2)
    ended = 0
    for _ in range(300):
        obs, _, done = tables.step(random_actions(obs["mask"], obs["phase"], rng))
        ended += int(done.sum())
        assert (obs["stacks"][done].sum(axis=1) + obs["pot"][done] == 400).all()  # the next hand, fresh
    assert ended > 1000


def test_threads_give_the_same_tables() -> None:
    one = Tables(500, stacks=[80] * 6, seed=11)
    four = Tables(500, stacks=[80] * 6, seed=11, threads=4)
    rng = np.random.default_rng(3)
    obs_one, obs_four = one.reset(), four.reset()
    for _ in range(100):
        actions = random_actions(obs_one["mask"], obs_one["phase"], rng)
        obs_one, rewards_one, _ = one.step(actions)
        obs_four, rewards_four, _ = four.step(actions)
        for name in obs_one:
            assert np.array_equal(obs_one[name], obs_four[name]), name
        assert np.array_equal(rewards_one, rewards_four)


def test_threads_play_the_first_share_on_the_calling_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    # A step hands every share but the first to the pool and plays the first itself, so that
    # it waits on one wake-up less; each share is one C call.
    import threading

    from pokereval.engine import _native

    calls: list[int] = []
    real = _native.tables_step

    def spy(*args: Any) -> int:
        calls.append(threading.get_ident())
        return int(real(*args))

    tables = Tables(64, stacks=[100, 100], seed=1, threads=3)
    monkeypatch.setattr(_native, "tables_step", spy)  # tables.py calls it as nat.tables_step
    tables.step(tables.mask.argmax(axis=1).astype(np.uint8))
    assert len(calls) == 3
    assert calls.count(threading.get_ident()) == 1


def test_draw_tables_take_discard_masks() -> None:
    tables = Tables(16, "badugi", limit="fixed-limit", stacks=[100, 100], seed=5)
    obs = tables.reset()
    rng = np.random.default_rng(4)
    drew = 0
    for _ in range(100):
        drawing = obs["phase"] == 1
        drew += int(drawing.sum())
        actions = random_actions(obs["mask"], obs["phase"], rng) % np.where(drawing, 16, 255).astype(np.uint8)
        obs, _, _ = tables.step(actions)
    assert drew > 0


def test_play_random_is_seeded_and_split_alike() -> None:
    one = Tables(1, stacks=[100] * 6, seed=0).play_random(20000, seed=9)
    two = Tables(1, stacks=[100] * 6, seed=0, threads=2).play_random(20000, seed=9)
    assert np.array_equal(one.payoffs, two.payoffs) and np.array_equal(one.holes, two.holes)
    assert (one.payoffs.sum(axis=1) == 0).all() and (one.moves > 0).all()
    assert not np.array_equal(one.payoffs, Tables(1, stacks=[100] * 6).play_random(20000, seed=10).payoffs)


@pytest.mark.parametrize("game", ["holdem", "stud", "razz", "deuce-seven-triple-draw", "shortdeck-trips"])
def test_play_random_every_kind_of_game(game: str) -> None:
    limit = "fixed-limit" if game in ("stud", "razz", "deuce-seven-triple-draw") else "no-limit"
    kwargs = {"antes": 1} if game in ("stud", "razz") else {}
    result = Tables(1, game, limit=limit, stacks=[60] * 5, seed=1, **kwargs).play_random(3000, seed=2)  # type: ignore[arg-type]
    assert (result.payoffs.sum(axis=1) == 0).all()


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match=r"n must be 1"):
        Tables(0, stacks=[10, 10])
    with pytest.raises(TypeError, match=r"needs stacks"):
        Tables(2)
    with pytest.raises(TypeError, match=r"unexpected keyword argument 'stack'"):
        Tables(2, stacks=[10, 10], stack=3)
    with pytest.raises(ValueError, match=r"at most 3 raise sizes"):
        Tables(2, stacks=[10, 10], sizes=(0.5, 1, 2, 3))
    with pytest.raises(ValueError, match=r"positive fraction"):
        Tables(2, stacks=[10, 10], sizes=(-1,))
    with pytest.raises(ValueError, match=r"threads must be"):
        Tables(2, stacks=[10, 10], threads=0)


@pytest.mark.parametrize(
    "game, rules",
    [
        ("holdem", {"stacks": [200] * 6}),
        ("holdem", {"stacks": [200, 200]}),
        ("holdem", {"stacks": [100] * 4, "straddles": (4,), "antes": 1, "button": 2}),
        ("holdem", {"stacks": [100] * 3, "bb_ante": 2, "limit": "fixed-limit"}),
        ("holdem", {"stacks": [1, 2, 40]}),  # both blinds all in from posting; the third acts
        ("omaha", {"stacks": [100] * 3, "limit": "pot-limit"}),
        ("shortdeck", {"stacks": [60] * 3, "antes": 1, "blinds": (0, 2)}),
        ("deuce-seven-triple-draw", {"stacks": [60] * 3, "limit": "fixed-limit"}),
        ("stud", {"stacks": [60] * 3, "antes": 1, "bring_in": 1, "limit": "fixed-limit"}),
    ],
)
def test_each_next_hand_stands_where_a_new_hand_dealt_its_cards_would(
    game: str, rules: dict[str, Any]
) -> None:
    """A table that finishes a hand starts the next at once (the first round begun once a
    call where the cards cannot change it, then dealt): each such start is held to a Hand
    made anew under the same rules and dealt the table's cards through deal()."""
    tables = Tables(16, game, seed=5, **rules)
    obs = tables.reset()
    rng = np.random.default_rng(2)
    restarts = 0
    for _ in range(40):
        obs, _, done = tables.step(random_actions(obs["mask"], obs["phase"], rng))
        for i in np.flatnonzero(done):
            table = tables.hand(int(i))
            fresh = Hand(game, **rules, auto_deal=False)
            while fresh.pending_deal is not None:
                seat, count = fresh.pending_deal
                if seat is None:
                    fresh.deal(table.board[len(fresh.board) : len(fresh.board) + count])  # type: ignore[arg-type]
                else:
                    have = len(fresh.holes[seat])
                    fresh.deal(table.holes[seat][have : have + count], seat=seat)  # type: ignore[arg-type]
            assert fresh == table, (i, table.holes, table.board)
            restarts += 1
    assert restarts > 16


@pytest.mark.parametrize("stacks", [[1, 2], [1, 1], [1, 5]])
def test_rules_under_which_no_seat_ever_acts_are_refused(stacks: list[int]) -> None:
    """Heads-up with blinds 1-2: the button all in from posting its small blind and the big
    blind facing no more (or all in too), so no hand ever asks anyone."""
    assert not Hand(stacks=stacks, seed=1).legal  # one hand alone is over before anyone acts
    with pytest.raises(ValueError, match="no seat ever acts under these rules"):
        Tables(2, stacks=stacks, seed=1)


def test_one_seat_left_to_act_is_enough() -> None:
    # The button posts 1 of its 2 and may still call or fold.
    assert Tables(2, stacks=[2, 50], seed=1).mask.any(axis=1).all()


def test_a_table_is_a_hand() -> None:
    tables = Tables(3, stacks=[40, 40], seed=8)
    hand = tables.hand(2)
    assert isinstance(hand, Hand) and hand.legal == {"fold", "call", "bet_or_raise"}  # type: ignore[comparison-overlap]
    hand.fold()
    assert hand.done and tables.hand(2).actor == 0  # a copy: the table is untouched


def test_each_call_returns_a_dict_of_its_own() -> None:
    # The observations used to be one dict, handed out by every call: replacing an entry
    # corrupted every later observation and Tables.mask for good.
    tables = Tables(3, stacks=[50, 50], seed=2)
    first = tables.reset()
    first["mask"] = np.zeros((3, tables.actions), bool)
    del first["hole"]
    obs, _, _ = tables.step(np.ones(3, np.uint8))
    assert "hole" in obs and obs is not first
    assert tables.mask.any() and (tables.mask == obs["mask"]).all()
    assert not obs["hole"].flags.writeable  # the arrays themselves stay the tables' own views


def test_tables_check_threads_as_every_threads_argument_does() -> None:
    """Tables kept a check of its own ("threads must be 1..256"), worded apart from the rest."""
    with pytest.raises(TypeError, match=r"^threads must be an int from 1 to 256, got True \(a bool\)$"):
        Tables(4, stacks=[100, 100], threads=True)
    with pytest.raises(ValueError, match=r"^threads must be an int from 1 to 256, got 0$"):
        Tables(4, stacks=[100, 100], threads=0)
    numpy_two: Any = np.int64(2)  # the signature says int; numpy integers are taken as ints
    assert Tables(4, stacks=[100, 100], threads=numpy_two).threads == 2


@pytest.mark.parametrize("game", ["stud", "razz", "five-card-draw", "badugi"])
def test_a_card_dealt_again_leaves_the_folded_hand(game: str) -> None:
    """Eight seats call to the last deal and two fold: the stub runs short, the folded hands go
    back into it, and their cards are dealt again (a draw game reshuffles its discards and folded
    hands alike).  A card dealt again leaves the folded seat's row: Tables' `hole`, `Hand.holes`
    and the environments showed it under both seats (a folded stud seat's up card as the live
    seat's seventh card)."""
    rules: dict[str, Any] = {"stacks": [1000] * 8, "limit": "fixed-limit"}
    rules.update(antes=1, bring_in=1) if game in ("stud", "razz") else rules.update(blinds=(1, 2))
    hole = 4 if game == "badugi" else 5
    tables = Tables(4, game, seed=3, **rules)
    obs = tables.reset()
    bets, folds = [0] * 4, [0] * 4
    seen_twice = 0
    for _ in range(400):
        actions = []
        for t in range(4):
            mask, street = obs["mask"][t], int(obs["street"][t])
            if obs["phase"][t] == 1:  # a draw: every seat throws its whole hand
                actions.append((1 << hole) - 1)
                continue
            late = street == (3 if game in ("stud", "razz") else 0)  # sixth street; before the draw
            if late and not bets[t] and mask[2]:  # one bet, then the next two seats fold
                bets[t], action = 1, 2
            elif late and bets[t] and mask[0] and folds[t] < 2:
                folds[t], action = folds[t] + 1, 0
            else:
                action = 1
            actions.append(action)
        obs, _, done = tables.step(actions)
        for t in range(4):
            if done[t]:
                bets[t] = folds[t] = 0
            cards = [c for c in obs["hole"][t].ravel().tolist() + obs["board"][t].tolist() if c != 255]
            seen_twice += len(cards) - len(set(cards))
            if t == 0 and not done[t]:
                hand = tables.hand(0)
                held = [int(c) for hole in hand.holes for c in hole if c is not None]
                assert len(held) == len(set(held))
    assert seen_twice == 0


@pytest.mark.parametrize("game", ["holdem", "stud"])
def test_a_hand_taken_from_a_table_lists_the_deals_after_it(game: str) -> None:
    # Its start was the table's state, which deals inside each move: the replay of its log
    # wrote the betting rounds with no deal between them (the flop, turn and river missing).
    extra: dict[str, Any] = {"antes": 1, "bring_in": 1} if game == "stud" else {}
    taken = Tables(1, game=game, stacks=[50] * 3, seed=2, **extra).hand(0)
    start = len(taken.board)
    while not taken.done:
        if "bring_in" in taken.legal:
            taken.bring_in()
        else:
            taken.check_or_call()
    dealt = [line for line in taken.actions if line.startswith("d ")]
    board = "".join(line.split()[-1] for line in dealt if line.startswith("d db"))
    assert board == "".join(str(card) for card in taken.board[start:])
    if game == "holdem":
        assert [line.split()[1] for line in dealt] == ["db", "db", "db"]
    else:  # the seats' cards after the first street
        assert any(line.startswith("d dh") for line in dealt)
