"""The release checks in tools/check_dist.sh, run as one slow test so that CI runs them too.

The script builds the sdist and the wheel, checks both, installs the wheel in a fresh venv and
runs this suite from outside the tree; it sets POKEREVAL_SKIP_DIST=1 for that inner run, which
skips this test there instead of starting the script again.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "tools" / "check_dist.sh"


@pytest.mark.slow
@pytest.mark.release
@pytest.mark.skipif(
    os.environ.get("POKEREVAL_SKIP_DIST") == "1",
    reason="POKEREVAL_SKIP_DIST=1: inside tools/check_dist.sh's own test run, or switched off",
)
@pytest.mark.skipif(not SCRIPT.is_file(), reason="no tools/check_dist.sh: tests copied out of the tree")
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the release checks use auditwheel")
def test_check_dist_passes() -> None:
    bash = shutil.which("bash")
    if bash is None:
        pytest.skip("the release checks need bash")
    proc = subprocess.run(
        [bash, str(SCRIPT)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHON": sys.executable},
        timeout=1200,
        check=False,
    )
    assert proc.returncode == 0, f"tools/check_dist.sh exited {proc.returncode}:\n{proc.stdout}"
