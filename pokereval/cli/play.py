"""``pokereval play``: play heads-up against a bot in the terminal."""

from __future__ import annotations

import argparse
import random
import re
import sys
from typing import Any

from ..engine import Hand
from ..engine.hand import GAME_NAMES
from ._common import output
from ._output import Output

# the table talks in English: the shared options it reads are only these.
TAKES_LANG = False

HELP = "play heads-up against a random or a calling bot in the terminal"
EXAMPLES = """\
examples:
  pokereval play
  pokereval play --bot calling --stacks 100 --blinds 1/2 --seed 7
  pokereval play --game omaha --limit pot-limit --hands 3
  pokereval play --game razz --limit fixed-limit
moves at the prompt: fold, check, call, raise AMOUNT (or bet), all in, bring in, complete,
discard CARDS, stand pat, quit (PHH codes work too: f, cc, cbr 300, sd AsKs; cc checks or calls)
"""

_STUD = ("stud", "stud-hilo", "razz")
_HYPHEN = re.compile(r"(?<=[^\W\d_])-(?=[^\W\d_])")  # between two letters: all-in, stand-pat


def add(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:  # type: ignore[type-arg]
    parser = sub.add_parser("play", parents=[common], help=HELP, description=HELP, epilog=EXAMPLES)
    # The shared options' words, for the engine: its games (the draw games too), and no --json
    # offered (it stays, to be refused in words: play is interactive).
    for action in parser._actions:
        if action.dest == "game":
            action.help = f"the game: {', '.join(GAME_NAMES)} or an alias such as plo (default holdem)"
        elif action.dest == "json":
            action.help = argparse.SUPPRESS
    parser.add_argument(
        "--limit", default=None, help="no-limit, pot-limit or fixed-limit (default: the game's usual)"
    )
    parser.add_argument("--stacks", type=int, default=200, help="each player's chips (default 200)")
    parser.add_argument(
        "--blinds", default="1/2", help="small/big blind (stud: bring-in/small bet), default 1/2"
    )
    parser.add_argument(
        "--bot", choices=("random", "calling"), default="random", help="the opponent (default random)"
    )
    parser.add_argument(
        "--hands",
        type=_hand_count,
        default=None,
        metavar="N",
        help="stop after this many hands (default: until quit or bust)",
    )
    parser.add_argument(
        "--seed", type=int, default=None, help="seed the deals and the bot, to replay a session"
    )
    parser.set_defaults(run=run)


def _hand_count(text: str) -> int:
    """--hands: a whole number from 1 (a count never reached would play without end)."""
    try:
        hands = int(text)
    except ValueError:
        hands = 0
    if hands < 1:
        raise argparse.ArgumentTypeError(f"a positive number of hands, not {text!r}")
    return hands


def _usual_limit(game: str) -> str:
    if game in _STUD or game in (
        "deuce-seven-triple-draw",
        "badugi",
        "2-7-triple-draw",
        "27td",
        "triple-draw",
    ):
        return "fixed-limit"
    if game.startswith(("omaha", "plo")):
        return "pot-limit"
    return "no-limit"


def _blinds(text: str) -> tuple[int, int]:
    try:
        small, big = (int(part) for part in text.split("/"))
    except ValueError:
        raise ValueError(f"--blinds takes SMALL/BIG such as 1/2, got {text!r}") from None
    return small, big


class _Session:
    def __init__(self, args: argparse.Namespace, out: Output) -> None:
        self.out = out
        self.game = args.game
        self.limit = args.limit or _usual_limit(args.game)
        self.small, self.big = _blinds(args.blinds)
        if args.stacks <= 0:
            raise ValueError(f"--stacks must be positive, got {args.stacks}")
        self.stacks = [args.stacks, args.stacks]
        self.bot = args.bot
        self.rng = random.Random(args.seed)
        self.hands = args.hands
        self.you = 0

    def new_hand(self, number: int) -> Hand:
        kwargs: dict[str, Any] = {
            "limit": self.limit,
            "stacks": self.stacks,
            "seed": self.rng.randrange(2**63),
        }
        if self.game in _STUD:
            kwargs.update(antes=max(1, self.small // 2), bring_in=self.small, bets=(self.big, 2 * self.big))
        else:
            kwargs.update(blinds=(self.small, self.big), button=number % 2)
        return Hand(self.game, **kwargs)

    def show_state(self, hand: Hand) -> None:
        out = self.out
        you, bot = self.you, 1 - self.you
        mine = [card for card in hand.holes[you] if card is not None]
        parts: list[Any] = [f"{hand.street_name}: you ", out.cards(mine)]
        if hand.board:
            parts += ["  board ", out.cards([card for card in hand.board if card is not None])]
        if self.game in _STUD:
            shown = [card for card, up in zip(hand.holes[bot], hand.up[bot]) if up and card is not None]
            parts += ["  bot shows ", out.cards(shown)]
        parts.append(f"  pot {hand.pot}  stacks you {hand.stacks[you]}, bot {hand.stacks[bot]}")
        out.line(*parts)

    def bot_move(self, hand: Hand) -> str:
        legal = hand.legal
        if hand.phase == "draw":
            if self.bot == "calling":
                hand.discard()
                return "stands pat"
            held = hand.holes[hand.actor]  # type: ignore[index]
            gone = [card for card in held if card is not None and self.rng.random() < 0.4]
            hand.discard(gone)
            return f"discards {len(gone)}"
        if "bring_in" in legal:
            hand.bring_in()
            return "brings in"
        if self.bot == "random" and "bet_or_raise" in legal and self.rng.random() < 0.3:
            low, high = hand.min_raise_to, hand.max_raise_to
            assert low is not None and high is not None
            # Fixed-limit plays low or high alone (both differ only where stud's open pair
            # allows the big bet); the bet games take anything between.
            between = high if hand.limit == "fixed-limit" else self.rng.randint(low, high)
            amount = self.rng.choice((low, high, between))
            hand.bet_or_raise_to(amount)
            return f"raises to {amount}"
        if self.bot == "random" and "fold" in legal and self.rng.random() < 0.2:
            hand.fold()
            return "folds"
        owed = hand.to_call
        hand.check_or_call()
        return f"calls {owed}" if owed else "checks"

    def your_move(self, hand: Hand) -> bool:
        """Read and play the person's move; False to quit."""
        out = self.out
        options = _options(hand)
        while True:
            try:
                text = input(f"your move ({options}): ")
            except (EOFError, RuntimeError):  # RuntimeError: no stdin at all ("lost sys.stdin")
                return False
            words = _HYPHEN.sub(" ", text.strip().lower()).split()
            if not words:
                continue
            if words[0] in ("q", "quit", "exit"):
                return False
            try:
                _play(hand, words, text.strip())
                return True
            except ValueError as exc:
                out.line(f"  {exc}")

    def result(self, hand: Hand) -> None:
        out = self.out
        you, bot = self.you, 1 - self.you
        payoff = hand.payoffs[you]
        verdict = "you win" if payoff > 0 else "you lose" if payoff < 0 else "split"
        parts: list[Any] = [f"{verdict} {abs(payoff)}" if payoff else verdict]
        settlement = hand.settlement
        if settlement is not None and settlement.pots and len(settlement.pots[0].eligible) > 1:  # a showdown
            mine = [card for card in hand.holes[you] if card is not None]
            theirs = [card for card in hand.holes[bot] if card is not None]
            # The board too: after an all-in the streets run out unseen, and the hands alone
            # do not say why T-4 beat T-5.
            board = [card for card in hand.board if card is not None]
            shown = ["board ", out.cards(board), "; "] if board else []
            parts += ["  (", *shown, "you ", out.cards(mine), ", bot ", out.cards(theirs), ")"]
        out.line(*parts)
        self.stacks = list(hand.stacks)


def _options(hand: Hand) -> str:
    legal = hand.legal
    words = []
    if hand.phase == "draw":
        return "discard CARDS, stand pat, quit"
    if "fold" in legal:
        words.append("fold")
    if "check" in legal:
        words.append("check")
    if "call" in legal:
        words.append(f"call {hand.to_call}")
    if "bring_in" in legal:
        words.append("bring in")
    if "bet_or_raise" in legal:
        low, high = hand.min_raise_to, hand.max_raise_to
        between = " or " if hand.limit == "fixed-limit" else ".."  # fixed-limit: the two ends alone
        span = f"{low}" if low == high else f"{low}{between}{high}"
        # The move's own name: bet with nothing in, complete a stud bring-in, else raise.
        kind = hand.raise_kind
        words.append(f"complete to {span}" if kind == "complete" else f"{kind} {span}")
        words.append("all in")
    words.append("quit")
    return ", ".join(words)


def _play(hand: Hand, words: list[str], text: str) -> None:
    move = words[0]
    if move in ("f", "fold"):
        hand.fold()
    elif move in ("check", "k"):
        hand.check()  # refused, and asked again, when something is owed
    elif move in ("c", "cc", "call"):
        if hand.phase == "bet" and "bring_in" in hand.legal:
            hand.bring_in()  # what calling means while the bring-in is due
        elif move == "call":
            hand.call()  # refused when nothing is owed
        else:
            hand.check_or_call()  # PHH's cc: whichever is allowed
    elif move in ("b", "bring", "pb") and hand.phase == "bet" and "bring_in" in hand.legal:
        hand.bring_in()
    elif move == "complete":
        hand.complete()
    elif move in ("a", "all", "allin", "shove", "jam"):
        most = hand.max_raise_to
        if most is None:
            hand.check_or_call()  # all in is a call when raising is not allowed
        else:
            hand.bet_or_raise_to(most)
    elif move in ("r", "raise", "bet", "cbr", "b"):
        if len(words) < 2:
            raise ValueError(f"{move} needs an amount, e.g. '{move} {hand.min_raise_to or 4}'")
        if not (words[1].isascii() and words[1].isdigit()):
            raise ValueError(f"{move} takes a whole number of chips, not {words[1]!r}")
        digits = words[1].lstrip("0") or "0"
        if len(digits) > 20:  # past any stack (int() refuses 4,300 digits in its own words)
            most = hand.max_raise_to
            raise ValueError(f"cannot raise to a number of {len(digits)} digits: the most is {most}")
        hand.bet_or_raise_to(int(digits))
    elif move in ("d", "discard", "sd", "draw"):
        hand.discard(" ".join(text.split()[1:]))
    elif move in ("stand", "pat", "s"):
        hand.discard()
    else:
        raise ValueError(f"unknown move {text!r}; try {_options(hand)}")


def run(args: argparse.Namespace) -> int:
    out = output(args)
    if out.as_json:
        raise ValueError("play is interactive; it has no --json output")
    session = _Session(args, out)
    # The first hand is made before anything is printed: the engine checks the game, the
    # limit and the blinds, and a bad one is the error alone, with no banner above it.
    hand = session.new_hand(0)
    number = 0
    out.line(f"{session.limit} {session.game}, heads-up against a {session.bot} bot; you are seat 0")
    while True:
        number += 1
        out.line(f"-- hand {number} --")
        street = -1
        while not hand.done:
            if hand.street != street and hand.phase != "deal":
                street = hand.street
                session.show_state(hand)
            if hand.actor == session.you:
                if not session.your_move(hand):
                    out.line("bye")
                    return 0
            elif hand.actor is not None:
                out.line(f"  bot {session.bot_move(hand)}")
            else:  # pragma: no cover  (the hand deals for itself)
                hand.deal()
        session.result(hand)
        if min(session.stacks) == 0:
            out.line("you are broke" if session.stacks[session.you] == 0 else "the bot is broke")
            return 0
        if session.hands is not None and number >= session.hands:
            out.line(f"after {number} hands: you {session.stacks[session.you] - args.stacks:+d}")
            return 0
        sys.stdout.flush()
        hand = session.new_hand(number)
