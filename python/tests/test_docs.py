"""Every `python` example of docs/data-tools.md runs as written (the Spark
one, which starts a local Spark, in the slow tier)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs/data-tools.md"
BLOCKS = re.findall(r"^```python\n(.*?)^```", DOC.read_text(encoding="utf-8"), re.M | re.S)


def cases():
    for i, code in enumerate(BLOCKS):
        marks = [pytest.mark.slow] if "pyspark" in code else []
        yield pytest.param(code, id=f"example-{i + 1}", marks=marks)


def test_the_page_has_its_examples():
    assert len(BLOCKS) >= 6


@pytest.mark.parametrize("code", list(cases()))
def test_the_example_runs(code):
    exec(compile(code, str(DOC), "exec"), {"__name__": "__doc_example__"})
