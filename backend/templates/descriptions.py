"""What each template's sentence says about its spec, written from the spec itself.

A template's one-sentence description states facts of its spec ("a slow (3 s) backend ... as
global maxconn goes 20 to 100"). An experiment made from it starts with that sentence; when the
person changes what the sentence describes (the sweep's values, the endpoint's delay), the
sentence is false. So each sentence is a format whose fields are read from the spec (the
template's own sentence is this format applied to the template's spec), and the designer asks
`check_description` whether the description in front of it is a template's sentence (it has the
format's words around its fields: nobody edited it into their own text) and whether the spec
still says the same; if not, the sentence the template would write now is proposed, or, when the
spec no longer has what the sentence talks about, clearing it.

The spec is read as the designer sends it, which may be half-edited: every reader takes plain
JSON and returns None for anything it cannot read, never an error.
"""

from __future__ import annotations

import functools
import re
import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import JsonValue

Facts = Mapping[str, str | None]

_NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]


# ---------------------------------------------------------------- reading a spec as plain JSON


def _at(doc: Any, *path: str | int) -> Any:
    """The value at `path` in nested dicts and lists; None where any step is missing."""
    for key in path:
        if isinstance(key, int):
            doc = doc[key] if isinstance(doc, list) and -len(doc) <= key < len(doc) else None
        else:
            doc = doc.get(key) if isinstance(doc, dict) else None
        if doc is None:
            return None
    return doc


def _axis_values(spec: Any, path: str) -> list[Any] | None:
    """The values of the sweep axis on `path`; None when nothing sweeps it."""
    for axis in _at(spec, "sweep", "axes") or []:
        if _at(axis, "path") == path and isinstance(_at(axis, "values"), list):
            return list(axis["values"])
    return None


def _values(spec: Any, path: str) -> list[Any] | None:
    """What `path` takes in the experiment: its sweep axis's values, else the spec's own value."""
    swept = _axis_values(spec, path)
    if swept:
        return swept
    value = _at(spec, *(int(p) if p.isdigit() else p for p in path.split(".")))
    return None if value is None else [value]


def _endpoint(spec: Any, path: Any) -> dict[str, Any] | None:
    for endpoint in _at(spec, "target", "endpoints") or []:
        if isinstance(endpoint, dict) and endpoint.get("path") == path:
            return endpoint
    return None


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


# ---------------------------------------------------------------- words for values


def _ms(value: Any) -> str | None:
    """3000 -> "3 s", 1500 -> "1.5 s", 300 -> "300 ms"."""
    if not _is_number(value) or value <= 0:
        return None
    return f"{value / 1000:g} s" if value >= 1000 else f"{value:g} ms"


def _bytes(value: Any) -> str | None:
    """1048576 -> "1 MB", 51200 -> "50 KB" (binary units, as the seeds size their bodies)."""
    if not _is_number(value) or value <= 0:
        return None
    for unit, size in (("MB", 1 << 20), ("KB", 1 << 10)):
        if value >= size:
            return f"{value / size:g} {unit}"
    return f"{value:g} bytes"


def _count(value: Any) -> str | None:
    """4 -> "four" (up to ten), else digits."""
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        return None
    return _NUMBER_WORDS[value] if value < len(_NUMBER_WORDS) else f"{value:,}"


def _either(words: list[str | None], last: str) -> str | None:
    """["1 MB", "10 MB"], "and" -> "1 MB and 10 MB"; None if any is unreadable."""
    if not words or any(w is None for w in words):
        return None
    shown = [w for w in words if w is not None]
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} {last} {shown[-1]}"


# ---------------------------------------------------------------- each template's facts


def _facts_000(spec: Any) -> dict[str, str | None]:
    endpoint = _endpoint(spec, _at(spec, "load", "path"))
    maxconn = _values(spec, "proxy.global.maxconn") or []
    numbers = sorted(v for v in maxconn if _is_number(v))
    if len(numbers) != len(maxconn) or not numbers:
        range_text = None
    elif len(numbers) == 1:
        range_text = f"is {numbers[0]:g}"
    else:
        range_text = f"goes {numbers[0]:g} to {numbers[-1]:g}"
    return {"delay": _ms(_at(endpoint, "delay_ms")), "maxconn": range_text}


def _facts_001(spec: Any) -> dict[str, str | None]:
    clients = _at(spec, "load", "connections")
    return {"clients": f"{clients:,}" if isinstance(clients, int) and not isinstance(clients, bool) else None}


def _facts_002(spec: Any) -> dict[str, str | None]:
    endpoint = _endpoint(spec, _at(spec, "load", "path"))
    return {"servers": _count(_at(spec, "target", "servers")), "delay": _ms(_at(endpoint, "delay_ms"))}


def _facts_003(spec: Any) -> dict[str, str | None]:
    paths = _values(spec, "load.path") or []
    bodies = _either([_bytes(_at(_endpoint(spec, p), "body_bytes")) for p in paths], "and")
    threads = _either([_count(v) for v in _values(spec, "proxy.global.nbthread") or []], "or")
    plural = "thread" if threads == "one" else "threads"
    return {"bodies": bodies, "threads": f"{threads} {plural}" if threads else None}


_PROTOCOLS = {"h1": "HTTP/1.1", "h2c": "h2c"}


def _facts_004(spec: Any) -> dict[str, str | None]:
    reuse = _values(spec, "proxy.backends.0.http_reuse") or []
    protocols = [
        _PROTOCOLS.get(p) if isinstance(p, str) else None for p in _values(spec, "target.protocol") or []
    ]
    readable = reuse and all(isinstance(r, str) for r in reuse)
    return {
        "modes": "/".join(reuse) if readable else None,
        "keep_alive": " x client keep-alive" if _axis_values(spec, "load.keep_alive") else "",
        "upstreams": _either(protocols, "or"),
    }


@dataclass(frozen=True)
class TemplateSentence:
    """A sentence with {fields}, and how to read each field from a spec."""

    text: str
    facts: Callable[[Any], Mapping[str, str | None]]

    def write(self, spec: Any) -> str | None:
        """The sentence for `spec`; None when a fact it states cannot be read from it."""
        facts = self.facts(spec)
        if any(value is None for value in facts.values()):
            return None
        return self.text.format(**facts)

    def shape(self) -> re.Pattern[str]:
        """The sentence with any text in its fields: a description of this shape is the template's."""
        return _shape(self.text)


@functools.cache
def _shape(text: str) -> re.Pattern[str]:
    pattern = "".join(
        re.escape(literal) + (f"(?P<{field}>.*?)" if field else "")
        for literal, field, _, _ in string.Formatter().parse(text)
    )
    return re.compile(pattern, re.DOTALL)


SENTENCES: dict[str, TemplateSentence] = {
    "000": TemplateSentence(
        "How many concurrent connections a slow ({delay}) backend serves as global maxconn {maxconn}.",
        _facts_000,
    ),
    "001": TemplateSentence(
        "A TCP-mode HAProxy in front of MariaDB: how the server maxconn limits {clients} concurrent clients.",
        _facts_001,
    ),
    "002": TemplateSentence(
        "Fixed request rates against {servers} {delay} app servers: where a small instance's link saturates.",
        _facts_002,
    ),
    "003": TemplateSentence(
        "TLS termination and re-encryption of {bodies} bodies: throughput with {threads}.",
        _facts_003,
    ),
    "004": TemplateSentence("http-reuse {modes}{keep_alive} x {upstreams} upstreams.", _facts_004),
}


@dataclass(frozen=True)
class DescriptionCheck:
    template_id: str | None
    stale: bool
    proposed: str | None


def check_description(description: str, spec: JsonValue, template_ids: list[str]) -> DescriptionCheck:
    """Whether `description` is one of these templates' sentences that `spec` no longer bears
    out, and the sentence that template would write for `spec` (None: nothing true to say, clear it).

    A description is a template's when it has the sentence's words around its fields exactly: any
    edit of the person's own words makes it theirs, and it is left alone.
    """
    text = description.strip()
    for template_id in template_ids:
        sentence = SENTENCES.get(template_id)
        if sentence is None or not sentence.shape().fullmatch(text):
            continue
        proposed = sentence.write(spec)
        return DescriptionCheck(template_id=template_id, stale=proposed != text, proposed=proposed)
    return DescriptionCheck(template_id=None, stale=False, proposed=None)
