"""Hand histories: every hand of the shared PHH sample replays to its recorded finishing stacks,
and a hand written with to_phh() reads back to the same hand."""

from __future__ import annotations

import random
import re
import sys
from decimal import Decimal
from pathlib import Path

import pytest
from engine_moves import make_move

from pokereval.engine import GAME_NAMES, PHH_VARIANTS, Hand, load_phh, phh_fields, read_phh, to_phh

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

SAMPLE = Path(__file__).resolve().parent.parent.parent / "shared" / "phh-sample"
FILES = sorted(SAMPLE.rglob("*.phh")) if SAMPLE.is_dir() else []
needs_sample = pytest.mark.skipif(not FILES, reason="the shared PHH sample is not beside this checkout")


@needs_sample
def test_every_sample_hand_reproduces_its_finishing_stacks() -> None:
    checked = variants = 0
    seen: set[str] = set()
    for path in FILES:
        fields = tomllib.loads(path.read_text(encoding="utf-8"))
        hand = read_phh(path)
        seen.add(fields["variant"])
        if "finishing_stacks" not in fields:
            continue
        scale = hand.chip_unit
        expected = tuple(int(Decimal(str(stack)) * scale) for stack in fields["finishing_stacks"])
        assert hand.stacks == expected, path
        assert hand.done, path
        checked += 1
    variants = len(seen)
    assert len(FILES) == 1299 and checked == 1294 and variants == 11


@needs_sample
def test_every_sample_hand_round_trips() -> None:
    for path in FILES:
        hand = read_phh(path)
        text = hand.to_phh()
        again = read_phh(text)
        assert again == hand, path
        assert again.to_phh() == text, path


@needs_sample
def test_famous_hands_end_as_told() -> None:
    # Dwan and Ivey: Dwan (all in for 553,500) makes a seven-high straight against Ivey's
    # wheel; Antonius folded his big blind and ante.
    hand = read_phh(SAMPLE / "dwan-ivey-2009.phh")
    assert hand.done and hand.payoffs == (-553500, -2500, 556000)
    # Antonius and Blom, with cents: the chips count in hundredths.
    blom = read_phh(SAMPLE / "antonius-blom-2009.phh")
    assert blom.chip_unit == 100 and blom.done and sum(blom.payoffs) == 0
    assert "starting_stacks = [1259450.25, 678473.5]" in blom.to_phh()


def test_decimal_amounts_count_in_the_smallest_power_of_ten_that_makes_them_whole() -> None:
    text = "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [0.5, 1]\nmin_bet = 1\n"
    hand = read_phh(text + "starting_stacks = [100, 100]\nactions = []\n")
    assert hand.chip_unit == 10 and hand.starting_stacks == (1000, 1000)
    assert "blinds_or_straddles = [0.5, 1]" in hand.to_phh()


@needs_sample
def test_load_a_folder_with_a_progress_bar(capsys: pytest.CaptureFixture[str]) -> None:
    hands = load_phh(SAMPLE / "wsop", progress=True)
    assert len(hands) == 42 and all(hand.done for hand in hands)


def _random_hand(rng: random.Random) -> Hand:
    game = rng.choice(GAME_NAMES)
    seats = rng.randint(2, 6)
    limit = rng.choice(("no-limit", "pot-limit", "fixed-limit"))
    kwargs: dict[str, object] = {
        "limit": limit,
        "stacks": [rng.randint(5, 400) for _ in range(seats)],
        "button": rng.randrange(seats),
        "seed": rng.randrange(1 << 30),
    }
    if game in ("stud", "stud-hilo", "razz"):
        kwargs["antes"] = 1
    elif rng.random() < 0.3:
        kwargs["straddles"] = (4,) if seats > 3 else ()
    if limit == "fixed-limit" and rng.random() < 0.3:
        kwargs.update(cap=rng.choice((None, 3, 5)), uncapped_heads_up=True)
    if game == "stud" and rng.random() < 0.5:
        kwargs["open_pair_big_bet"] = False
    hand = Hand(game, **kwargs)  # type: ignore[arg-type]
    for _ in range(rng.randint(0, 40)):
        if hand.done:
            break
        if hand.phase == "draw":
            make_move(hand, "discard", rng, discard=0.4)
            continue
        make_move(hand, rng.choice(sorted(hand.legal)), rng)
    return hand


def test_random_hands_round_trip() -> None:
    rng = random.Random(2026)
    for _ in range(600):
        hand = _random_hand(rng)
        text = to_phh(hand)
        again = read_phh(text)
        assert again == hand, text
        assert again.actions == hand.actions
        assert again.to_phh() == text


def test_every_variant_code_reads() -> None:
    for code, (game, limit) in PHH_VARIANTS.items():
        stud = game in ("stud", "stud-hilo", "razz")
        rules = {"antes": [1, 1], "bring_in": 1} if stud else {"antes": [0, 0], "blinds_or_straddles": [1, 2]}
        sizes = {"small_bet": 2, "big_bet": 4} if limit == "fixed-limit" else {"min_bet": 2}
        text = "\n".join(
            [f'variant = "{code}"', "starting_stacks = [50, 50]", "actions = []"]
            + [f"{key} = {value}" for key, value in {**rules, **sizes}.items()]
        )
        hand = read_phh(text)
        assert (hand.game, hand.limit) == (game, limit)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('variant = "XX"\nstarting_stacks = [1, 2]', "unknown variant 'XX'"),
        ('variant = "NT"', "starting_stacks is missing"),
        ('variant = "NT"\nstarting_stacks = [inf, 100]\nblinds_or_straddles = [1, 2]', "needs every stack"),
        ('variant = "NT" starting', "not valid TOML"),
        ("", r"variant is missing \(the text is empty\)"),
        ("starting_stacks = [1, 2]\n", "variant is missing$"),
        (
            'variant = "NT"\nstarting_stacks = [100, 100]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
            'actions = ["d dh p1 AsAs"]',
            r"action 1 'd dh p1 AsAs'",
        ),
        (
            'variant = "NT"\nstarting_stacks = [100, 100]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
            'actions = ["d dh p1 AsKs", "d dh p2 QsJs", "p1 cc"]',
            "p1 is not to act",
        ),
        (
            'variant = "NT"\nstarting_stacks = [100, 100]\nblinds_or_straddles = [1, 2]\nantes = [0]',
            "antes has 1",
        ),
        ('variant = "FT"\nstarting_stacks = [100, 100]\nblinds_or_straddles = [1, 2]', "needs small_bet"),
    ],
)
def test_bad_histories(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        read_phh(text)


def test_a_history_nested_past_the_recursion_limit_is_a_value_error() -> None:
    # tomllib reads nested arrays by recursion: past the limit it raised RecursionError (and
    # `pokereval replay` printed 3,000 lines of traceback).  The limit is set here, as other
    # tests in the same process may have raised it.
    text = 'variant = "NT"\nx = ' + "[" * 5000 + "]" * 5000 + "\n"
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(1000)
    try:
        with pytest.raises(
            ValueError, match="hand history: not a hand history: arrays or tables nested too deep"
        ):
            read_phh(text)
    finally:
        sys.setrecursionlimit(limit)


def test_missing_file() -> None:
    with pytest.raises(ValueError, match="cannot read hand history"):
        read_phh(Path("no/such/hand.phh"))
    with pytest.raises(TypeError, match="read_phh takes a path"):
        read_phh(42)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not a folder"):
        load_phh("no/such/folder")


def test_a_file_that_is_not_utf8_is_named(tmp_path: Path) -> None:
    """A Latin-1 history raised the codec's own UnicodeDecodeError, which names no file."""
    text = (
        Hand(stacks=[50, 50], seed=2).to_phh().replace('variant = "NT"', 'variant = "NT"\nnote = "caf\u00e9"')
    )
    one = tmp_path / "one.phh"
    one.write_bytes(text.encode("latin-1"))
    offset = text.encode("latin-1").index(b"\xe9")
    message = (
        f"cannot read hand history {str(one)!r}: not UTF-8 text (byte 0xe9 at offset {offset});"
        " save it as UTF-8, as TOML requires"
    )
    for read in (read_phh, phh_fields):
        for source in (one, str(one)):
            with pytest.raises(ValueError) as raised:
                read(source)
            assert str(raised.value) == message and not isinstance(raised.value, UnicodeDecodeError)
    with pytest.raises(ValueError, match="^" + re.escape(message) + "$"):
        load_phh(tmp_path, progress=False)
    # a table of hands (.phhs) is read the same way, and the offset counts from the file's start
    many = tmp_path / "table" / "many.phhs"
    many.parent.mkdir()
    many.write_bytes(b"# " + b"-" * 10_000 + b"\n[1]\nnote = 'caf\xe9'\n")
    with pytest.raises(
        ValueError, match=re.escape(f"{str(many)!r}: not UTF-8 text (byte 0xe9 at offset 10018)")
    ):
        load_phh(many.parent, progress=False)


def test_a_file_named_with_an_equals_sign_reads_as_that_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A one-line string with an "=" was taken for TOML text even when it named a file."""
    hand = Hand(stacks=[50, 50], seed=2)
    path = tmp_path / "a=b.phh"
    path.write_text(hand.to_phh(), encoding="utf-8")
    assert read_phh(str(path)) == hand and phh_fields(str(path))["variant"] == "NT"
    monkeypatch.chdir(tmp_path)
    assert read_phh("a=b.phh") == hand
    # a string with a line break is text, and so is one line that names no file
    assert read_phh(hand.to_phh()) == hand
    assert phh_fields('variant = "NT"') == {"variant": "NT"}
    with pytest.raises(ValueError, match=r"^cannot read hand history 'no-such\.phh': "):
        read_phh("no-such.phh")


def test_seats_place_the_players() -> None:
    # p1 sits in seat 3 of 3: the button is seat 2, so p1 (the small blind) is seat 0... of the
    # rotation given: seats [2, 3, 1] puts p1 in seat 1, p2 in seat 2, p3 (button) in seat 0.
    text = (
        'variant = "NT"\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n'
        "starting_stacks = [10, 20, 30]\nseats = [2, 3, 1]\nactions = []"
    )
    hand = read_phh(text)
    assert hand.button == 0 and hand.starting_stacks == (30, 10, 20) and hand.bets == (0, 1, 2)
    assert read_phh(hand.to_phh()) == hand


def test_user_defined_fields_keep_the_engines_rules() -> None:
    hand = Hand(
        "stud",
        limit="fixed-limit",
        stacks=[50, 50],
        antes=1,
        cap=None,
        uncapped_heads_up=True,
        open_pair_big_bet=False,
        seed=4,
    )
    text = hand.to_phh()
    assert "_cap = 0" in text and "_uncapped_heads_up = true" in text and "_open_pair_big_bet = false" in text
    assert read_phh(text) == hand


_NT = (
    'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
    "starting_stacks = [100, 100]\nactions = []\n"
)


@pytest.mark.parametrize(
    "field",
    [
        '"my key" = 1',
        '"" = 1',
        '"a.b" = 1',
        '"say \\"hi\\"\\\\ \\u0001" = 1',
        '"ключ" = 1',
        'note = "\\u0001\\u001f\\u007f \\b\\t\\n\\f\\r \\" \\\\ é \\u0080 \\u2028"',
        "time = 12:30:00",
        "time = 07:32:00.999999",
        "day = 1979-05-27",
        "local = 1979-05-27T07:32:00.5",
        "utc = 1979-05-27T07:32:00Z",
        "offset = 1979-05-27T00:32:00-07:30",
        'table = {"a b" = 1, c = [1, [2, "x"], []], d = {"" = {e = inf}}, "f.g" = {}}',
        "floats = [nan, -inf, inf, 1e300, -0.0, 5e-324, 0.1]",
        "flags = [true, false]",
        "big = [9999999999999999999999, -9223372036854775808]",
        "[meta]\nwhen = 2024-01-02\n[[meta.rounds]]\nname = 'first'\n[[meta.rounds]]",
    ],
)
def test_other_fields_are_written_back_as_they_were(field: str) -> None:
    """A field the replay does not read comes back from to_phh with the same key, type and value."""
    fields = phh_fields(_NT + field)
    text = read_phh(_NT + field).to_phh()
    again = phh_fields(text)
    kept = [name for name in fields if name not in phh_fields(_NT)]
    # repr tells 1 from 1.0 and a date from its text, and reads nan as nan
    assert repr({name: again.get(name) for name in kept}) == repr({name: fields[name] for name in kept})
    assert read_phh(text).to_phh() == text


def _nt_with(*lines: str) -> str:
    """The history above with some lines put in; a line of a key it has takes that line's place."""
    keys = {line.split(" = ")[0] for line in lines}
    kept = [line for line in _NT.splitlines() if line.split(" = ")[0] not in keys]
    return "\n".join([*kept, *lines])


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (["seats = [1.0, 2.0]"], r"seats\[0\] must be a seat number \(a whole number from 1\), got 1.0"),
        (["seats = [true, 2]"], r"seats\[0\] must be a seat number .*, got True"),
        (['seats = ["1", "2"]'], r"seats\[0\] must be a seat number .*, got '1'"),
        (["seats = [-1, 0]"], r"seats\[0\] must be a seat number .*, got -1"),
        (["seats = [1, 0]"], r"seats\[1\] must be a seat number .*, got 0"),
        (['seats = "12"'], "seats must be an array of seat numbers, got '12'"),
        (["seats = [1]"], "seats has 1 entry for 2 players"),
        (["seats = [3, 3]"], "seats gives seat 3 to two players"),
        (["starting_stacks = [true, 100]"], r"starting_stacks\[0\] must be a number, got True"),
        (['starting_stacks = ["5", 100]'], r"starting_stacks\[0\] must be a number, got '5'"),
        (["starting_stacks = 100"], "starting_stacks must be an array of numbers, got 100"),
        (
            ["starting_stacks = [0.0000001, 100]"],
            r"starting_stacks\[0\] is 1E-7: amounts with more than six decimal places",
        ),
        (
            ['actions = ["d dh p1 ????", "d dh p2 ????", "p1 cbr 3.0000001"]'],
            r"actions\[2\] \('p1 cbr 3.0000001'\) is 3.0000001: amounts with more than six decimal places",
        ),
        (["finishing_stacks = [1]"], "finishing_stacks has 1 entry for 2 players"),
        (["min_bet = true"], "min_bet must be a number, got True"),
        (['min_bet = "2"'], "min_bet must be a number, got '2'"),
        (["antes = [0, nan]"], r"antes\[1\] is nan"),
        (['variant = "PO"', "_hole_cards = 4.0"], "_hole_cards must be an int, got 4.0"),
        (['variant = "PO"', "_hole_cards = true"], "_hole_cards must be an int, got True"),
        (['variant = "PO"', "_hole_cards = -1"], "_hole_cards is -1; omaha deals 4 to 6 hole cards"),
        (['variant = "PO"', "_hole_cards = 10000000000000000000000"], "_hole_cards is 10{22}; omaha deals"),
        (['variant = "FT"', "small_bet = 2", "_cap = 2.0"], "_cap must be an int"),
        (
            ['variant = "FT"', "small_bet = 2", "_cap = -1"],
            "cap must be 1 to 255 bets a round, or None for no cap, got -1",
        ),
    ],
)
def test_bad_fields_are_named(lines: list[str], message: str) -> None:
    """A field of the wrong type or range raises ValueError that starts with the history and names it."""
    with pytest.raises(ValueError, match="^hand history: " + message):
        read_phh(_nt_with(*lines))


def test_seats_round_a_bigger_table_still_read() -> None:
    """Seat numbers of a bigger table (not 1 to n) are kept and the button stays on the last seat."""
    hand = read_phh(
        _nt_with(
            "antes = [0, 0, 0]",
            "blinds_or_straddles = [1, 2, 0]",
            "starting_stacks = [100, 100, 100]",
            "seats = [2, 5, 9]",
        )
    )
    assert hand.button == 2 and "seats = [2, 5, 9]" in hand.to_phh()
    assert read_phh(hand.to_phh()) == hand


def test_comments_in_actions_are_kept_and_written_back_as_pokerkit_writes_them() -> None:
    # PHH lets an action carry a comment ("p1 cc # a call"), or be a comment alone.  They were
    # dropped: a history read and written back lost them.  PokerKit keeps them as commentary.
    pokerkit = pytest.importorskip("pokerkit")
    text = (
        'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
        "starting_stacks = [100, 100]\n"
        'actions = ["# the first hand", "d dh p1 AsAd", "d dh p2 7h2c # a bad one",'
        ' "p2 cbr 6 #a raise", "p1 cc", "#", "d db 2s3s4s", "p1 cbr 10", "p2 f  # gives up"]\n'
    )
    hand = read_phh(text)
    expected = [
        "# the first hand",
        "d dh p1 AsAd",
        "d dh p2 7h2c # a bad one",
        "p2 cbr 6 # a raise",
        "p1 cc",
        "#",
        "d db 2s3s4s",
        "p1 cbr 10",
        "p2 f # gives up",
    ]
    assert hand.actions == expected
    assert hand.done and hand.payoffs == (6, -6)
    written = hand.to_phh()
    assert read_phh(written) == hand and read_phh(written).actions == expected
    # PokerKit reads what to_phh wrote and writes the same actions back.
    assert tomllib.loads(pokerkit.HandHistory.loads(written).dumps())["actions"] == expected


def test_a_comment_after_a_move_stays_on_its_line_before_the_dealers_deals() -> None:
    hand = Hand(stacks=[100, 100], seed=1)
    hand.act("cc # limp")  # the button calls; the big blind checks, and the flop is dealt
    hand.act("cc")
    hand.act("# the flop is out")
    moves = [line for line in hand.actions if not line.startswith("d dh")]
    assert moves[0] == "p2 cc # limp" and moves[2].startswith("d db ") and moves[3] == "# the flop is out"
    copy = hand.copy()
    copy.act("cc # check")
    assert copy.actions[-1] == "p1 cc # check" and hand.actions[-1] == "# the flop is out"


def test_finishing_stacks_that_contradict_the_replay_are_refused() -> None:
    """A history whose recorded finishing_stacks disagree with its own actions was read without
    a word, and to_phh wrote the replay's figures over them; one that stops before the end is
    held to nothing, having no finish to compare."""
    actions = 'actions = ["d dh p1 AsAd", "d dh p2 KsKd", "p2 f"]'
    assert read_phh(_nt_with(actions, "finishing_stacks = [101, 99]")).stacks == (101, 99)
    with pytest.raises(
        ValueError,
        match=r"^hand history: finishing_stacks disagree with the replay of the actions: p1 is recorded"
        r" with 100, the replay ends with 101 \(every player: \[101, 99\]\)$",
    ):
        read_phh(_nt_with(actions, "finishing_stacks = [100, 100]"))
    unfinished = 'actions = ["d dh p1 AsAd", "d dh p2 KsKd"]'
    assert not read_phh(_nt_with(unfinished, "finishing_stacks = [100, 100]")).done
    # Amounts in hundredths compare in the file's own units (1.01 is 101 hundredths).
    cents = _nt_with(
        actions, "starting_stacks = [1.00, 1.00]", "blinds_or_straddles = [0.01, 0.02]", "min_bet = 0.02"
    )
    assert read_phh(cents + "\nfinishing_stacks = [1.01, 0.99]").done
    with pytest.raises(ValueError, match=r"p1 is recorded with 1.02, the replay ends with 1.01"):
        read_phh(cents + "\nfinishing_stacks = [1.02, 0.98]")


def test_a_history_after_a_byte_order_mark_reads(tmp_path: Path) -> None:
    """Some Windows editors put a byte-order mark before UTF-8 text; tomllib refused the whole
    history with "Invalid statement (at line 1, column 1)"."""
    path = tmp_path / "bom.phh"
    path.write_text("\ufeff" + _NT, encoding="utf-8")
    assert read_phh(path) == read_phh(_NT)
    assert read_phh("\ufeff" + _NT) == read_phh(_NT)
