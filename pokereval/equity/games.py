"""Equity in the games other than hold'em: short deck, stud, razz, stud-hilo, and Omaha
with ranges (pokereval.equity dispatches here; the work is csrc/equity_games.c).

A player's holding is read per game:

- games with a board (short deck, Omaha): hole cards, a :class:`~pokereval.Range` of the
  game or range text (``"AsKsQdJd, AhAd2c3c:0.5"``), or ``"random"``: any hole cards,
  dealt from the deck like the board;
- stud, razz, stud-hilo: the cards known of the player, 0 to 7, up and down alike (or
  ``"random"``, none known); the rest of his seven are dealt.

Every card is dealt from the game's deck less the board, the dead cards and every
player's known cards.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Union

import numpy as np

from .. import _core
from .._checks import check_range_game, check_unique
from .._holdings import wrong_size
from ..cards import CardsLike, card_ids, natural_cards, number_deal_jokers, refuse_jokers
from ..games import GameSpec
from ..ranges import Range

__all__ = ["equity_game", "wants_this_engine"]

_RANDOM = "random"
RUNOUTS_PER_SECOND = 250_000
"""The runouts one second of ``exact_limit`` allows the games that run in one call (the
default 20 s: 5,000,000)."""
_CATEGORIES = 10

Holding = Union[bytes, Range, None]
"""Cards, a range, or None for "random" (no card known)."""


def is_random(hand: object) -> bool:
    return isinstance(hand, str) and hand.strip().lower() == _RANDOM


def wants_this_engine(spec: GameSpec, hands: Sequence[object]) -> bool:
    """True when `spec`'s equity is played here rather than in csrc/equity.c: the games
    whose engine (the core's table of game facts) is this one, and Omaha when a holding is
    not cards."""
    if spec.engine == "games":
        return True
    if spec.hole is None:
        return False
    # Omaha: ranges and "random" come here; four to six cards go to the hand engine.
    for hand in hands:
        if isinstance(hand, Range) or is_random(hand):
            return True
        if isinstance(hand, str):
            try:
                if not spec.seat[0] <= len(card_ids(hand)) <= spec.seat[1]:
                    return True
            except (TypeError, ValueError):
                return True
    return False


def _read(spec: GameSpec, index: int, hand: object, wild: int) -> Holding:
    """Player `index`'s (1-based) holding: cards, a Range, or None for random; jokers only
    where `wild` plays them."""
    board_game = spec.showdown_board > 0
    fewest, most = spec.seat if board_game else (0, spec.seat[1])
    if is_random(hand):
        return None
    if isinstance(hand, Range):
        check_range_game(hand.game, spec.name, f"hand {index}")  # no Range is of a game without a board
        return hand
    try:
        ids = card_ids(hand)  # type: ignore[arg-type]
    except TypeError as type_error:
        raise TypeError(f"hand {index}: {type_error}") from None
    except ValueError as card_error:
        if not (board_game and isinstance(hand, str)):
            raise ValueError(f"hand {index}: {card_error}") from None
        try:
            return Range(hand, game=spec.name)
        except ValueError as range_error:
            raise ValueError(
                f"hand {index} {hand!r} is neither cards ({card_error}) nor a range ({range_error})"
            ) from None
    if not wild:
        if board_game and isinstance(hand, str) and (52 in ids or 53 in ids):
            # "JK" spells a joker as a card and the class KJ as a range: no joker plays here
            try:
                return Range(hand, game=spec.name)
            except ValueError:
                pass
        refuse_jokers(ids, hand, f"hand {index}: ")
    if fewest <= len(ids) <= most:
        return ids
    if board_game and isinstance(hand, str):
        try:
            return Range(hand, game=spec.name)
        except ValueError:
            pass
    want = f"{fewest}" if fewest == most else f"{fewest} to {most}"
    what = "hole cards" if board_game else "known cards"
    raise wrong_size(f"hand {index}", len(ids), f"{spec.name} deals {want} {what}")


def _hole_size(spec: GameSpec, read: list[Holding]) -> int:
    """Board games: the one number of hole cards every player holds."""
    sizes = {len(h) for h in read if isinstance(h, bytes)}
    sizes |= {h.ids.shape[1] for h in read if isinstance(h, Range)}
    if len(sizes) > 1:
        raise ValueError(f"{spec.name} hands must all have the same number of hole cards")
    return sizes.pop() if sizes else spec.seat[0]


def _rows(index: int, hand: Holding, fixed: np.ndarray[Any, Any]) -> tuple[Any, Any]:
    """(rows (N, k) uint8, weights (N,)) of one player, without rows holding a `fixed` card."""
    if hand is None:
        return np.zeros((1, 0), dtype=np.uint8), np.ones(1)
    if isinstance(hand, bytes):
        return np.frombuffer(hand, dtype=np.uint8).reshape(1, -1), np.ones(1)
    ids, weights = hand._arrays()
    keep = ~fixed[ids].any(axis=1)
    if not keep.any():
        raise ValueError(f"hand {index} ({str(hand)!r}) has no combo left without the cards dealt elsewhere")
    return ids[keep], weights[keep]


def number_jokers(read: list[Holding], board: bytes, dead: bytes) -> tuple[list[Holding], bytes, bytes]:
    """Each "Jk" written anywhere in a deal is a joker of its own: the first 52, the next 53."""
    *hands, board, dead = number_deal_jokers(*(h for h in read if isinstance(h, bytes)), board, dead)
    numbered = iter(hands)
    return [next(numbered) if isinstance(h, bytes) else h for h in read], board, dead


def _joker_past_the_deck(places: list[tuple[str, bytes]], deck: int) -> ValueError:
    """The words for a joker the deck has not (the core's refusal): the deal's jokers are
    numbered 52, 53 in reading order, so the first id past the deck is the one to name."""
    for where, ids in places:
        for at, card in enumerate(ids, 1):
            if card >= deck:
                joker = f"{where}: joker 'Jk' at position {at}"
                if deck == 52:
                    return ValueError(f"{joker}: a deck of 52 cards has no jokers")
                return ValueError(
                    f"{joker} is the deal's second; a deck of 53 cards holds one (deck=54 holds two)"
                )
    return ValueError(f"a joker is not in this deck: {deck} cards hold {deck - 52}")  # pragma: no cover


def equity_game(
    spec: GameSpec,
    hands: Sequence[Any],
    board: CardsLike | None,
    dead: CardsLike | None,
    samples: int | None,
    seed: int,
    exact_limit: float,
    *,
    wild: int = 0,
    deck: int = 52,
) -> tuple[
    tuple[float, ...],
    tuple[int, ...],
    tuple[int, ...],
    int,
    list[dict[int, tuple[float, float]]],
    tuple[float, ...] | None,
]:
    """(equity, wins, ties, runs, categories, win_tie) of checked `hands`; see pokereval.equity.

    categories[p] maps a category number to (share of runouts, share of the pot won);
    win_tie, with weighted ranges (else None), holds each player's share of runouts won
    whole and shared, weighted like equity (2 * p and 2 * p + 1).
    With wild cards (`wild` a core PE_WILD_* number), the deck holds `deck` cards: the
    jokers 52 and 53 beyond the 52 are dealt like any other card.
    """
    read = [_read(spec, i, hand, wild) for i, hand in enumerate(hands, 1)]
    if wild:
        board_ids = card_ids(board) if board is not None else b""
        dead_ids = card_ids(dead) if dead is not None else b""
    else:
        board_ids, dead_ids = natural_cards(board, "the board"), natural_cards(dead, "the dead cards")
    if wild:
        read, board_ids, dead_ids = number_jokers(read, board_ids, dead_ids)
    if len(board_ids) > spec.showdown_board:
        raise ValueError(spec.too_many_board_cards(len(board_ids)))
    named = [(f"hand {i}", ids) for i, ids in enumerate(read, 1) if isinstance(ids, bytes)]
    check_unique([*named, ("the board", board_ids), ("the dead cards", dead_ids)])
    if spec.showdown_board:
        hole = _hole_size(spec, read)
        final = [hole] * len(read)
    else:
        final = [spec.seat[1]] * len(read)

    fixed = np.zeros(54, dtype=bool)
    fixed[list(board_ids + dead_ids + b"".join(ids for _, ids in named))] = True
    rows = [_rows(i, h, fixed) for i, h in enumerate(read, 1)]
    known = [r.shape[1] for r, _ in rows]
    need = [spec.showdown_board - len(board_ids)] + [f - k for f, k in zip(final, known)]
    cards = spec.deck_size + deck - 52
    live = cards - len(board_ids) - len(dead_ids) - sum(known)
    if live < sum(need):
        raise ValueError(
            f"not enough cards: {spec.name} deals {sum(need)} more from the {cards}-card deck,"
            f" and {len(board_ids)} on the board, {len(dead_ids)} dead and {sum(known)} known leave {live}"
        )
    if samples is None:
        runouts = math.prod(len(w) for _, w in rows)
        for count in need:
            runouts *= math.comb(live, count)
            live -= count
        if runouts > exact_limit:
            raise ValueError(
                f"exact equity would play {runouts:,} runouts, more than the {exact_limit:,.0f} allowed;"
                " pass samples= for Monte Carlo (e.g. samples=1_000_000) or"
                f" exact_limit={math.ceil(runouts / RUNOUTS_PER_SECOND)} or more"
                f" (seconds: {RUNOUTS_PER_SECOND:,} runouts each)"
            )
    all_rows = np.ascontiguousarray(np.concatenate([r.reshape(-1) for r, _ in rows]))
    weights: np.ndarray[Any, Any] | None = np.concatenate([w for _, w in rows])
    if bool(np.all(weights == 1.0)):
        weights = None
    counts = np.array([len(w) for _, w in rows], dtype=np.uint32)
    rc, out = _core.equity_game(
        spec.code,
        all_rows,
        counts,
        bytes(known),
        bytes(final),
        weights,
        board_ids,
        dead_ids,
        samples or 0,
        seed,
        wild,
        deck,
    )
    if rc != 0:
        if rc == _core.ERR_DUPLICATE:
            # Sampling draws these games' ranges by rejection alone: almost no deal that fits is
            # as good as none, where the exact count finds the few.
            exact = "; without samples=, exact equity counts the deals that fit" if samples else ""
            raise ValueError(
                "the ranges leave no deal (or, sampling, almost none) without a card twice: "
                + "; ".join(_RANDOM if h is None else str(h) for h in read if not isinstance(h, bytes))
                + exact
            )
        if rc == _core.ERR_ARG and weights is not None:  # the weights' products underflow
            raise _core.deal_weights_error()
        if rc == _core.ERR_CARD and wild:
            raise _joker_past_the_deck([*named, ("the board", board_ids), ("the dead cards", dead_ids)], deck)
        # Everything else was checked above but the deck, which C checks.
        off = spec.off_deck([*named, ("the board", board_ids), ("the dead cards", dead_ids)])
        if off is not None:
            raise off
        raise ValueError(f"equity: core error {rc}")  # pragma: no cover  (checked above)
    shares, wins, ties, runs, cat_share, cat_won, win_tie = out
    players = len(read)
    stride = _CATEGORIES + 1 if wild else _CATEGORIES  # five of a kind
    categories = [
        {
            c: (float(cat_share[stride * p + c]), float(cat_won[stride * p + c]))
            for c in range(stride)
            if cat_share[stride * p + c] > 0.0
        }
        for p in range(players)
    ]
    return (
        tuple(float(shares[p]) for p in range(players)),
        tuple(int(wins[p]) for p in range(players)),
        tuple(int(ties[p]) for p in range(players)),
        int(runs[0]),
        categories,
        # With weighted rows the counts are no chances: the shares weighted like equity.
        None if weights is None else tuple(float(win_tie[i]) for i in range(2 * players)),
    )
