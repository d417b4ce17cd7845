"""Regressions found reviewing the engine's one-call-at-a-time change (busy flag, pe_engine_check)."""

from __future__ import annotations

import pickle
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from pokereval.engine import Hand
from pokereval.engine import _native as nat

# ---- reads of the struct that did not take the turn --------------------------------------


def _busy(hand: Hand) -> None:
    hand._p.busy = 1  # as while another thread's call is inside (the binding releases the GIL)


def test_pickle_takes_the_turn_like_copy() -> None:
    hand = Hand(stacks=[100, 100], seed=3)
    _busy(hand)
    with pytest.raises(nat.Busy):
        hand.copy()
    # pickled straight from the struct it could be half a move, which loads then refuse as
    # "corrupt or altered bytes" (seen with one thread moving and one pickling)
    with pytest.raises(nat.Busy):
        pickle.dumps(hand)
    with pytest.raises(nat.Busy):
        _ = hand == Hand(stacks=[100, 100], seed=3)
    hand._p.busy = 0
    assert pickle.loads(pickle.dumps(hand)) == hand


def test_rl_step_copies_the_hand_before_in_the_tables_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    rl = pytest.importorskip("pokereval.engine.rl")

    def final_board(interfere: bool) -> tuple[np.ndarray, float]:
        env = rl.PokerEnv(stacks=[100, 100], seed=0, seat=0, opponent=lambda obs, mask, rng: 1)
        env.reset(seed=5)
        # One thread's tables step in one C call that checks the actions too.
        real = nat.tables_step_checked
        refused: list[bool] = []

        def step_and_meanwhile(*args: Any) -> int | None:
            bad = real(*args)
            # a second thread's step arrives while the step that ends the hand is inside
            if interfere and not refused and env._table.tables._done[0]:
                try:
                    env._table.step(1)
                except nat.Busy:
                    refused.append(True)
            return bad

        monkeypatch.setattr(nat, "tables_step_checked", step_and_meanwhile)
        try:
            all_in = env._table.actions - 1
            obs, reward, terminated, _, _ = env.step(all_in)
        finally:
            monkeypatch.setattr(nat, "tables_step_checked", real)
        assert terminated
        assert refused == ([True] if interfere else [])
        return obs["board"].copy(), reward

    alone = final_board(False)
    disturbed = final_board(True)
    assert np.array_equal(alone[0], disturbed[0]) and alone[1] == disturbed[1]


# ---- the docs: the history is still no safer than before ----------------------------------


_ENGINE_MD = Path(__file__).resolve().parents[1] / "docs" / "engine.md"


@pytest.mark.skipif(not _ENGINE_MD.is_file(), reason="needs the source tree, not an installed wheel")
def test_docs_do_not_promise_that_two_threads_keep_a_hand_history_whole() -> None:
    text = _ENGINE_MD.read_text(encoding="utf-8")
    # Two threads' moves both succeed in turn, but each is logged after its call returns, so
    # the log can hold them in the other order (to_phh() then fails to replay): the docs must
    # not claim more than the C struct's safety.
    assert "no two threads ever change one hand at once" not in text
    threads = text.split("is for one thread", 1)[1].split("```", 1)[0]
    assert "history" in threads and "another order" in threads
