"""Fuzz target for the card text parser and the evaluator behind it.

With atheris installed (``pip install atheris``), run it as a coverage-guided fuzzer::

    python tests/fuzz_cards.py -atheris_runs=1000000

tests/test_fuzz.py drives the same :func:`check_input` with hypothesis and a seeded
random generator, so CI exercises it briefly without atheris.

The target decodes the bytes after the first as UTF-8 (dropping what does not decode) and feeds the text
to parse_cards, card_ids, format_cards and evaluate in every game.  Only ValueError and
TypeError may escape them; anything else (or a crash) is a bug.  What parses must
round-trip: format_cards(parse_cards(text)) parses back to the same cards, and
evaluate(text) agrees with evaluate(the parsed Cards).
"""

from __future__ import annotations

import sys

import pokereval
from pokereval import card_ids, evaluate, format_cards, game_spec, parse_cards

GAMES = tuple(pokereval.GAMES)
EXPECTED = (ValueError, TypeError)


def _split(text: str, cut: int) -> tuple[str, str]:
    """Hole and board: the text cut at a character chosen by the input itself."""
    if not text:
        return "", ""
    at = cut % (len(text) + 1)
    return text[:at], text[at:]


def _check_game(game: str, text: str, cards: tuple[pokereval.Card, ...] | None, cut: int) -> None:
    spec = game_spec(game)
    if spec.hole is None:
        try:
            rank = evaluate(text, game=game)
        except EXPECTED:
            return
        # Success needs text that parses, with a count the game deals.
        assert cards is not None, f"evaluate({text!r}, game={game!r}) succeeded but parse_cards failed"
        low, high = spec.hand
        assert low <= len(cards) <= high, (text, game, len(cards))
        again = evaluate(list(cards), game=game)
        assert repr(rank) == repr(again), (text, game)
        return
    hole, board = _split(text, cut)
    try:
        result = evaluate(hole, board=board, game=game)
    except EXPECTED:
        return
    parsed_hole, parsed_board = parse_cards(hole), parse_cards(board)
    assert spec.board is not None and spec.hole[0] <= len(parsed_hole) <= spec.hole[1], (hole, game)
    assert spec.board[0] <= len(parsed_board) <= spec.board[1], (board, game)
    again = evaluate(list(parsed_hole), board=list(parsed_board), game=game)
    assert repr(result) == repr(again), (hole, board, game)


def check_input(data: bytes) -> None:
    """The fuzz target: any bytes in, only ValueError/TypeError out, round trips hold."""
    # The first byte picks where Omaha's hole cards end; the rest is the text.
    cut = data[0] if data else 0
    text = data[1:].decode("utf-8", errors="ignore")
    cards: tuple[pokereval.Card, ...] | None
    try:
        cards = parse_cards(text)
    except EXPECTED:
        cards = None
    if cards is not None:
        assert card_ids(text) == bytes(cards), text
        for sep in (" ", "", ", "):
            written = format_cards(cards, sep=sep)
            assert parse_cards(written) == cards, (text, written)
        assert len(set(cards)) == len(cards), text
    else:
        try:
            card_ids(text)
        except EXPECTED:
            pass
        else:
            raise AssertionError(f"card_ids accepted {text!r} that parse_cards refused")
    for game in GAMES:
        _check_game(game, text, cards, cut)


def main() -> None:
    try:
        import atheris
    except ImportError:
        sys.exit(
            "atheris is not installed: pip install atheris (tests/test_fuzz.py runs the target without it)"
        )
    # pokereval is already imported, so instrument what is loaded rather than future imports.
    atheris.instrument_all()
    atheris.Setup(sys.argv, check_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
