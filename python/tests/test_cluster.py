"""The cluster recipe of docs/data-tools.md, followed to the letter on a
standalone Spark cluster started on this machine (`local-cluster`: a master
and a worker in processes of their own, as on a real cluster): the wheel
built by maturin, installed with pyarrow and pandas into a fresh venv,
packed with venv-pack, shipped with `--archives env.tar.gz#environment`, and
the executors' Python taken from the unpacked archive."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

PACKAGE = Path(__file__).resolve().parents[1]
VENV_BIN = Path(sys.executable).parent

JOB = textwrap.dedent(
    """
    import sys
    from pyspark.sql import SparkSession
    from url_inspector.spark import with_canon

    spark = SparkSession.builder.getOrCreate()
    df = spark.createDataFrame([("HTTP://a/./b",), ("../c",)], ["url"])
    canons = [r.canon for r in with_canon(df).collect()]
    pythons = spark.sparkContext.parallelize([0], 1).map(lambda _: __import__("sys").executable).collect()
    print("canons", canons)
    print("executor python", pythons[0])
    spark.stop()
    """
)


def run(*args, **kw):
    done = subprocess.run([str(a) for a in args], capture_output=True, text=True, **kw)
    assert done.returncode == 0, f"{args}: {done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture
def worker_dirs():
    """The standalone worker unpacks each application under SPARK_HOME/work
    (inside the venv's pyspark; local-cluster takes no other place): what
    the test leaves there is removed after it."""
    import shutil

    import pyspark

    work = Path(pyspark.__file__).parent / "work"
    before = set(work.iterdir()) if work.is_dir() else set()
    yield
    for made in (set(work.iterdir()) if work.is_dir() else set()) - before:
        shutil.rmtree(made, ignore_errors=True)


def test_the_package_ships_to_executors_in_an_archive(tmp_path, worker_dirs):
    wheels = tmp_path / "wheels"
    run(VENV_BIN / "maturin", "build", "--release", "--quiet", "-o", wheels, cwd=PACKAGE)
    [wheel] = wheels.glob("url_inspector-*-cp39-abi3-*.whl")
    env = tmp_path / "env"
    run(sys.executable, "-m", "venv", env)
    pins = ["pyarrow", "pandas"]
    versions = [f"{p}=={__import__('importlib.metadata').metadata.version(p)}" for p in pins]
    run(env / "bin/pip", "install", "-q", "--disable-pip-version-check", wheel, *versions)
    run(VENV_BIN / "venv-pack", "-p", env, "-o", tmp_path / "env.tar.gz", "-q")
    (tmp_path / "job.py").write_text(JOB)
    out = run(
        VENV_BIN / "spark-submit", "--master", "local-cluster[1,2,1024]",
        "--archives", f"{tmp_path / 'env.tar.gz'}#environment", "job.py",
        cwd=tmp_path,
        env={**os.environ, "PYSPARK_DRIVER_PYTHON": sys.executable,
             "PYSPARK_PYTHON": "./environment/bin/python"},
        timeout=600,
    )
    assert "canons ['http://a/b', None]" in out
    executor_python = out.split("executor python ", 1)[1].splitlines()[0]
    # The executors ran the archive's Python, not this one.
    assert executor_python.endswith("/environment/bin/python"), executor_python
    assert "/work/app-" in executor_python, executor_python
