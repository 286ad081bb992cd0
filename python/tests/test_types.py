"""The type stubs (.pyi) say what the compiled module holds, and the
package's own Python type-checks against them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1]


def mypy(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", *args, "--mypy-config-file" if args[0] == "mypy.stubtest" else "--config-file",
         str(PACKAGE / "pyproject.toml")],
        cwd=PACKAGE, capture_output=True, text=True,
    )


def test_the_stubs_match_the_compiled_module():
    done = mypy("mypy.stubtest", "url_inspector")
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_package_type_checks():
    done = mypy("mypy", "-p", "url_inspector")
    assert done.returncode == 0, done.stdout + done.stderr
