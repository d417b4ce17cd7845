"""Build hooks that pyproject.toml cannot express: the cffi extension and its abi3 wheel tag.

pokereval/_build.py compiles csrc/*.c into one extension against CPython's limited API (cffi
passes py_limited_api=True to setuptools), so the file is _pokereval.abi3.so; the subclass below
makes the wheel's name say so too, cp39-abi3, so that one wheel serves 3.9 and every later CPython.
"""

import platform
import sys
import sysconfig

from setuptools import Extension, setup
from setuptools.command.bdist_wheel import bdist_wheel  # in setuptools since 70.1; we need 77
from setuptools.command.build_py import build_py

try:
    import cffi  # noqa: F401  (cffi_modules below is a keyword that cffi adds to setup())
except ImportError:
    sys.exit(
        "pokereval: building the C extension needs cffi>=1.17, which is not installed.\n"
        "Build with `pip install .` or `python -m build` (they install the build requirements from\n"
        "pyproject.toml), or run `pip install 'cffi>=1.17'` first."
    )

# Only CPython has a stable ABI; free-threaded builds (3.13t, 3.14t) have none before 3.15 and a
# debug build has no .abi3 suffix. cffi drops the limited API in the same cases, so the tag follows.
ABI3 = (
    platform.python_implementation() == "CPython"
    and not sysconfig.get_config_var("Py_GIL_DISABLED")
    and not hasattr(sys, "gettotalrefcount")
)


class BDistWheelABI3(bdist_wheel):
    def finalize_options(self) -> None:
        if ABI3:
            self.py_limited_api = "cp39"  # requires-python's floor: the oldest CPython served
        super().finalize_options()


class BuildPyWithoutBuilder(build_py):
    """pokereval/_build.py is the cffi builder: it runs at build time and is no module to ship."""

    def find_package_modules(self, package: str, package_dir: str) -> list[tuple[str, str, str]]:
        found = super().find_package_modules(package, package_dir)
        return [(pkg, mod, path) for pkg, mod, path in found if (pkg, mod) != ("pokereval", "_build")]


# A second, tiny extension: single-hand calls that keep the GIL (see its header comment).
# It links nothing of the core; pokereval._core passes it the core's function addresses.
fastcall = Extension(
    "pokereval._fastcall",
    sources=["pokereval/_fastcall.c"],
    include_dirs=["csrc"],  # pe_codes.h: the core's numbers, shared, no code
    depends=["csrc/pe_codes.h"],
    define_macros=[("Py_LIMITED_API", "0x03090000")] if ABI3 else [],
    py_limited_api=ABI3,
    # No debug information in what ships (pokereval/_build.py says why).
    extra_compile_args=[] if sys.platform == "win32" and "GCC" not in sys.version else ["-g0"],
)

setup(
    cffi_modules=["pokereval/_build.py:ffibuilder"],
    ext_modules=[fastcall],
    cmdclass={"bdist_wheel": BDistWheelABI3, "build_py": BuildPyWithoutBuilder},
)
