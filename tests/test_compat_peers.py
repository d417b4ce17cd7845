"""The peers' own test suites and README examples pass against pokereval's shims.

Each peer's sdist is downloaded from PyPI (once, into the pytest cache) and its tests run
with the peer's module names pointed at the shim (``peer_redirect.py``); its README's
examples run with the real peer and with the shim, and must print the same.  A test or
example that does not pass must be listed, with the reason, in docs/migrating.md
("The peers' own tests and READMEs"), and a listed one that passes again is reported too.

These are whole-package checks (``release``, and ``slow`` so that the quick runs of the
installed wheel leave them out); ``.ci/run`` runs them.  They are skipped only where pip
cannot download the sdist, or where the peer they compare with is not installed.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from peer_redirect import SUBMODULES
from peer_suites import (
    PEERS,
    DownloadImpossible,
    Peer,
    fetch,
    listed_differences,
    run_docstring_examples,
    run_readme,
    run_suite,
)

pytestmark = pytest.mark.release

# PokerKit's suite takes about 80 s of CPU, 55 of them in test_lookups.py (PokerKit's
# lookup tables, which the shim passes through, checked hand by hand); two halves of about
# 40 s run side by side.
_HALF = "Standard2LookupTestCase or RegularLookupTestCase"
SHARDS = {
    "pokerkit": (
        ("pokerkit/tests/test_lookups.py", "-k", _HALF),
        ("pokerkit/tests", "-k", f"not ({_HALF})"),
    ),
}


@pytest.fixture(scope="session")
def peer_cache(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the sdists are kept: the pytest cache, or a temporary folder without one."""
    cache = getattr(request.config, "cache", None)
    if cache is not None:
        return Path(cache.mkdir("peer-sdists"))
    return tmp_path_factory.mktemp("peer-sdists")


def unpacked(peer: Peer, cache: Path) -> Path:
    try:
        return fetch(peer, cache)
    except DownloadImpossible as error:
        pytest.skip(f"pip cannot download the {peer.name} {peer.version} sdist from PyPI: {error}")


def needs_pokerkit(peer: Peer) -> None:
    if peer.name == "pokerkit":
        pytest.importorskip(
            "pokerkit", reason="pokereval.compat.pokerkit extends PokerKit: pip install pokerkit"
        )


def compare(peer: str, outcomes: dict[str, str], listed: dict[str, str]) -> list[str]:
    """What docs/migrating.md does not account for: each result that is not a pass and
    not listed as it is, and each listed one that came out otherwise."""
    problems = [
        f"{key}: {outcome} (not listed in docs/migrating.md)"
        for key, outcome in sorted(outcomes.items())
        if outcome != "passed" and listed.get(key) != outcome
    ]
    problems += [
        f"{key}: docs/migrating.md lists it as {expected}, but it {outcomes.get(key, 'did not run')}"
        for key, expected in sorted(listed.items())
        if outcomes.get(key) != expected
    ]
    return problems


SUITES = [name for name, peer in PEERS.items() if peer.tests]


@pytest.mark.parametrize("name", SUITES)
def test_peer_suite_passes_under_the_shim(name: str, peer_cache: Path) -> None:
    peer = PEERS[name]
    needs_pokerkit(peer)
    root = unpacked(peer, peer_cache)
    results = run_suite(peer, root, shards=SHARDS.get(name, ()))
    assert len(results) > 0, f"the {name} suite ran no test"
    outcomes = {key: result["outcome"] for key, result in results.items()}
    listed = {
        key: value for key, value in listed_differences(name).items() if not key.startswith(peer.readme)
    }
    problems = compare(name, outcomes, listed)
    details = [f"{key}: {results[key]['detail']}" for key in sorted(results) if results[key]["detail"]]
    assert not problems, "\n".join([*problems, "", *details])


@pytest.mark.parametrize("name", list(PEERS))
def test_peer_readme_examples_print_the_same_under_the_shim(name: str, peer_cache: Path) -> None:
    peer = PEERS[name]
    pytest.importorskip(name, reason=f"the {name} README runs with the real {name} too: pip install {name}")
    root = unpacked(peer, peer_cache)
    real = run_readme(peer, root, shim=False)
    ours = run_readme(peer, root, shim=True)
    assert [example for example, _ in real] == [example for example, _ in ours]
    ran = [example for example, printed in real if "raised " not in printed]
    # Examples that fail with the peer itself prove nothing: most must run.
    assert 2 * len(ran) >= len(real), f"only {len(ran)} of {len(real)} {name} README examples run with {name}"
    keys = {
        f"{peer.readme}:{example.line}": (printed, mine) for (example, printed), (_, mine) in zip(real, ours)
    }
    outcomes = {key: "passed" if printed == mine else "differs" for key, (printed, mine) in keys.items()}
    listed = {key: value for key, value in listed_differences(name).items() if key.startswith(peer.readme)}
    problems = compare(name, outcomes, listed)
    shown = [
        f"{key}:\n  {name} printed {printed!r}\n  the shim printed {mine!r}"
        for key, (printed, mine) in keys.items()
        if printed != mine
    ]
    assert not problems, "\n".join([*problems, "", *shown])


def test_pokerkit_docstring_examples_pass_under_the_shim() -> None:
    """PokerKit tests its docstring examples too (1,170 of them in 0.7.7), many of which
    play games, make hands or import from pokerkit: all run with the shim's names."""
    pytest.importorskip("pokerkit", reason="pokereval.compat.pokerkit extends PokerKit: pip install pokerkit")
    total, failures = 0, []
    for module in SUBMODULES["pokerkit"]:
        ran, failed = run_docstring_examples(f"pokerkit.{module}")
        total += ran
        failures += failed
    assert total > 0 and not failures, "\n".join(failures)


def test_the_differences_docs_migrating_lists_for_odd_input() -> None:
    """What docs/migrating.md says the shims do where their peers differ (found by a
    hostile review against the real libraries)."""
    from pokereval.compat import eval7, phevaluator, pokerkit, treys

    assert treys.Card.ints_to_pretty_str([]) == "  "
    with pytest.raises(AttributeError):
        treys.Evaluator().table = None  # type: ignore[misc, assignment]
    for bad in ("", 5):
        with pytest.raises(ValueError):
            eval7.Card(bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        eval7.handtype(True)
    assert eval7.evaluate(eval7.Card(c) for c in ("As", "Ks", "Qs", "Js", "Ts")) == eval7.evaluate(
        [eval7.Card(c) for c in ("As", "Ks", "Qs", "Js", "Ts")]
    )
    with pytest.raises(ValueError, match="duplicate card 'As' at positions 1 and 2"):
        phevaluator.evaluate_cards("As", "As", "Ks", "Qs", "Js")
    with pytest.raises(ValueError, match="duplicate card '7c' at positions 6 and 7"):
        phevaluator.evaluate_omaha_cards("2c", "3c", "4c", "5c", "6c", "7c", "7c", "8c", "9c")
    assert phevaluator.Card("As") != None  # noqa: E711  (phevaluator's __ne__ says so; the shim's said False)
    assert phevaluator.Card("As") != 52.0
    with pytest.raises(ValueError, match=r"^duplicate card 'As' at positions 1 and 2$"):
        pokerkit.BadugiHand.from_game("AsAs", "KsQsJs")
    with pytest.raises(ValueError, match=r"^duplicate card 'Ks' at positions 2 and 4$"):
        pokerkit.StandardHighHand.from_game("AsKs", "QsKsJs")  # the hot path finds it too
