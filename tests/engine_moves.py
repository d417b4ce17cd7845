"""One move of a random player, for the engine's tests that play hands at random."""

from __future__ import annotations

import random

from pokereval.engine import PHH_VARIANTS, Hand


def make_move(
    hand: Hand, move: str, rng: random.Random, *, least: bool = False, discard: float = 0.5
) -> None:
    """Play `move` (a name of ``hand.legal``) for the actor: a bet or raise to the least or
    (unless `least`) the most allowed, picked by `rng`; a draw throws each card with chance
    `discard`."""
    if move == "fold":
        hand.fold()
    elif move in ("check", "call"):
        hand.check_or_call()
    elif move == "bring_in":
        hand.bring_in()
    elif move == "bet_or_raise":
        low, high = hand.min_raise_to, hand.max_raise_to
        assert low is not None and high is not None
        hand.bet_or_raise_to(low if least else rng.choice((low, high)))
    else:
        held = hand.holes[hand.actor]  # type: ignore[index]
        hand.discard([card for card in held if rng.random() < discard])  # type: ignore[misc]


def raises_allowed(hand: Hand) -> list[int]:
    """Raise to the least each time while raising is allowed; the amounts raised to."""
    raised: list[int] = []
    while "bet_or_raise" in hand.legal:
        least = hand.min_raise_to
        assert least is not None
        raised.append(least)
        hand.bet_or_raise_to(least)
    return raised


def random_finished_hand(code: str, seed: int, keep: float = 0.7) -> Hand:
    """A hand of PHH variant `code` played to its end with random moves, raising the least;
    a fold drawn is turned into a check or call with chance `keep`, so most hands reach a
    showdown."""
    game, limit = PHH_VARIANTS[code]
    rng = random.Random(seed)
    rules: dict[str, object] = {"stacks": [rng.choice((200, 300, 400)) for _ in range(rng.randint(2, 4))]}
    if game in ("stud", "stud-hilo", "razz"):
        rules.update(antes=1, bring_in=1)
    hand = Hand(game, limit=limit, seed=seed, **rules)  # type: ignore[arg-type]
    while not hand.done:
        legal = sorted(hand.legal)
        move = rng.choice(legal)
        if move == "fold" and rng.random() < keep:
            move = "call" if "call" in legal else "check" if "check" in legal else move
        make_move(hand, move, rng, least=True)
    return hand
