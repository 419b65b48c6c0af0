"""A number in an API sentence reads the same digits as the browser's figure beside it.

The browser formats with Intl.NumberFormat (frontend/src/format/units.ts `decimal`); the API's
sentences with contract/numbers.py `fixed`. Both are run here on the same numbers, ties included
(55.25, 12.345, 2.675: Python's format() rounds these the other way), and must agree.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess

import pytest

from contract.numbers import fixed

TIES = [55.25, 12.345, 0.125, 2.675, -2.5, 0.5, 1.5, 1234.5, 9.995, 100.05, 0.0, -0.04]


def numbers() -> list[float]:
    rnd = random.Random(29)
    made = [round(rnd.uniform(-1e6, 1e6), rnd.randint(0, 4)) for _ in range(400)]
    made += [rnd.randint(0, 10**6) / 8 for _ in range(200)]  # halves, quarters, eighths: ties
    return TIES + made


def test_ties_round_away_from_zero_on_the_number_as_written() -> None:
    assert fixed(55.25, 1) == "55.3" and f"{55.25:.1f}" == "55.2"
    assert fixed(12.345, 2) == "12.35" and fixed(-2.5) == "-3"
    assert fixed(12345.5, 0, grouping=True) == "12,346"
    assert fixed(float("inf"), 1) == "inf" and fixed(None, 1) == "—"


@pytest.mark.skipif(shutil.which("node") is None, reason="node is installed by dev/prereqs.sh")
def test_the_same_digits_as_the_browsers_intl_number_format() -> None:
    values = numbers()
    script = (
        "const [values, digits] = JSON.parse(process.argv[1]);"
        "const out = {};"
        "for (const d of digits) out[d] = values.map((v) => new Intl.NumberFormat('en-US',"
        " {minimumFractionDigits: d, maximumFractionDigits: d}).format(v));"
        "console.log(JSON.stringify(out));"
    )
    digits = [0, 1, 2, 3]
    browser = json.loads(
        subprocess.run(
            ["node", "-e", script, json.dumps([values, digits])], capture_output=True, text=True, check=True
        ).stdout
    )
    differ = [
        (v, d, fixed(v, d, grouping=True), browser[str(d)][i])
        for d in digits
        for i, v in enumerate(values)
        if fixed(v, d, grouping=True) != browser[str(d)][i]
    ]
    assert not differ, differ[:10]
