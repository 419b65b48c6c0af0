"""Every repository path a doc or a comment names exists, so a reader who follows one finds it.

What counts as a path (the rule; chosen so that prose never trips it):

- Where: Markdown files (README.md, docs/, bench/README.md) whole; the comments and docstrings
  of Python files; the comments (``//``, ``/* */``) of TypeScript and JavaScript files; the ``#``
  comments of shell scripts, the Makefile and TOML/YAML files. Generated code (the API clients)
  is left out: it is rewritten, not read.
- A rooted path: a run of path characters (letters, digits, ``_ . - / *`` and ``{a,b}``) that
  starts with a top-level folder of the repository and a slash (``backend/messaging/keys.py``,
  ``worker/verdicts/``), not preceded by a path character or one of ``~ $ @ : { < >`` (so a URL,
  an absolute path or another project's ``server/polar/...`` is not ours); a trailing ``.`` or
  ``,`` ends the sentence, not the path. It must name a file git tracks or a folder holding one:
  ``a/{b,c}.py`` means both, a ``*`` is a glob that must match something, a last part without
  its ``.py`` is a module (``dev/lab_netns``) and one with an attribute
  (``worker/phases/collect.record_cut_short``) names ``collect.py``. Not checked: a template (a
  run into ``<``, ``backend/<domain>/``, or an upper-case part, ``agents/NAME.json``) and what
  the build makes (``BUILT``).
- A frontend path, in the frontend's files and in Markdown: ``src/...`` and ``e2e/...`` are read
  under ``frontend/``.
- A file name alone (``useRunEvents.ts``) or a partial path ending in one
  (``pages/run/headline.ts``) with the extension ``.py``, ``.ts``, ``.tsx`` or ``.sh``: some
  tracked file's path ends with it. ``NOT_OURS`` lists the few such names that are other
  projects' files, each with whose.

Not read: dotted module names (``contract.results.stored_summary``), since ``spec.load.rate`` is as
often a field path of an experiment as a module.
"""

from __future__ import annotations

import ast
import fnmatch
import io
import itertools
import re
import subprocess
import tokenize
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

GENERATED = ("frontend/src/client/", "haplab_cli/client/")
CODE_SUFFIXES = (".py", ".ts", ".tsx", ".sh")
# File names a comment or doc quotes from other projects: not files of this repository.
NOT_OURS: dict[str, str] = {"celery/schedules.py": "Celery's crontab parser"}
# What the build makes (dev/prereqs.sh), named where a comment says where it comes from.
BUILT = ("frontend/dist", "frontend/node_modules")

_PATH_CHARS = r"[\w.\-/*]|\{[\w.\-/,]*\}"
_NOT_AFTER = r"(?<![\w.\-/~$@:{<>])"


@cache
def tracked() -> frozenset[str]:
    out = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, text=True, check=True, timeout=60
    ).stdout
    return frozenset(path for path in out.split("\0") if path)


@cache
def folders() -> frozenset[str]:
    found: set[str] = set()
    for path in tracked():
        parts = path.split("/")[:-1]
        found.update("/".join(parts[: i + 1]) for i in range(len(parts)))
    return frozenset(found)


@cache
def _rooted() -> re.Pattern[str]:
    tops = sorted(name for name in folders() if "/" not in name and not name.startswith("."))
    return re.compile(rf"{_NOT_AFTER}((?:{'|'.join(map(re.escape, tops))})/(?:{_PATH_CHARS})*)(<)?")


_FRONTEND = re.compile(rf"{_NOT_AFTER}((?:src|e2e)/(?:{_PATH_CHARS})*)(<)?")
_CODE_SUFFIX = "|".join(map(re.escape, CODE_SUFFIXES))
_NAMED_FILE = re.compile(rf"{_NOT_AFTER}((?:[\w.\-]+/)*[\w\-]+(?:\.[\w\-]+)*(?:{_CODE_SUFFIX}))(?![\w/])")


_PLACEHOLDER = re.compile(r"(?:^|/)[A-Z][A-Z_]+(?:[./]|$)")


def _expand_braces(token: str) -> list[str]:
    parts = re.split(r"\{([^{}]*)\}", token)
    choices = [[part] if i % 2 == 0 else part.split(",") for i, part in enumerate(parts)]
    return ["".join(combo) for combo in itertools.product(*choices)]


def _exists(path: str) -> bool:
    path = path.rstrip("/")
    if path.startswith(BUILT):
        return True
    if "*" in path:
        return any(fnmatch.fnmatchcase(p, path) for p in tracked() | folders())
    if path in tracked() or path in folders():
        return True
    head, _, last = path.rpartition("/")
    return f"{head}/{last.split('.', 1)[0]}.py" in tracked()


@cache
def _file_endings() -> frozenset[str]:
    """Every tail of a tracked file's path that starts at a folder boundary (`run/sides.ts`)."""
    endings: set[str] = set()
    for path in tracked():
        parts = path.split("/")
        endings.update("/".join(parts[i:]) for i in range(len(parts)))
    return frozenset(endings)


def _ends_some_file(name: str) -> bool:
    return name in _file_endings()


def missing_in(text: str, *, frontend_relative: bool) -> Iterator[str]:
    """The paths `text` names that the repository does not hold."""
    patterns = [(_rooted(), "")] + [(_FRONTEND, "frontend/")] * frontend_relative
    for pattern, prefix in patterns:
        for match in pattern.finditer(text):
            token = match.group(1).rstrip(".,")
            if match.group(2) or _PLACEHOLDER.search(token):
                continue
            for path in _expand_braces(token):
                if not _exists(prefix + path):
                    yield token
                    break
    for match in _NAMED_FILE.finditer(text):
        name = match.group(1)
        already_read = _rooted().fullmatch(name) or (frontend_relative and _FRONTEND.fullmatch(name))
        if already_read or name in NOT_OURS:
            continue
        if not _ends_some_file(name):
            yield name


def _python_comments(source: str) -> str:
    pieces = [
        tok.string
        for tok in tokenize.generate_tokens(io.StringIO(source).readline)
        if tok.type == tokenize.COMMENT
    ]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            docstring = ast.get_docstring(node, clean=False)
            if docstring:
                pieces.append(docstring)
    return "\n".join(pieces)


def _script_comments(source: str) -> str:
    """The comments of a TypeScript or JavaScript file: outside strings, // and /* */."""
    pieces: list[str] = []
    i, n = 0, len(source)
    while i < n:
        char = source[i]
        if char in "'\"`":
            i += 1
            while i < n and source[i] != char:
                i += 2 if source[i] == "\\" else 1
            i += 1
        elif source.startswith("//", i):
            end = source.find("\n", i)
            end = n if end < 0 else end
            pieces.append(source[i + 2 : end])
            i = end
        elif source.startswith("/*", i):
            end = source.find("*/", i + 2)
            end = n if end < 0 else end
            pieces.append(source[i + 2 : end])
            i = end + 2
        else:
            i += 1
    return "\n".join(pieces)


def _hash_comments(source: str) -> str:
    """The comments of a shell script or Makefile: from a # at a line's start or after a blank."""
    return "\n".join(m.group(1) for m in re.finditer(r"(?:^|(?<=\s))#(.*)$", source, re.MULTILINE))


def commented_text(path: str) -> str | None:
    """What of the file at `path` is written for people, or None when it is not read here."""
    if path.startswith(GENERATED):
        return None
    source = (ROOT / path).read_text()
    name = path.rsplit("/", 1)[-1]
    if name.endswith(".md"):
        return source
    if name.endswith(".py"):
        return _python_comments(source)
    if name.endswith((".ts", ".tsx", ".js", ".mjs")):
        return _script_comments(source)
    hashed = (".sh", ".toml", ".yml", ".yaml")
    if name.endswith(hashed) or name == "Makefile" or re.match(r"#!.*\b(ba)?sh\b", source):
        return _hash_comments(source)
    return None


def missing_paths() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for path in sorted(tracked()):
        text = commented_text(path)
        if text is None:
            continue
        frontend_relative = path.startswith("frontend/") or path.endswith(".md")
        missing = sorted(set(missing_in(text, frontend_relative=frontend_relative)))
        if missing:
            found[path] = missing
    return found


def test_every_path_a_doc_or_comment_names_exists() -> None:
    found = missing_paths()
    listing = "\n".join(f"  {where}: {', '.join(names)}" for where, names in found.items())
    assert not found, (
        "paths named in docs or comments that the repository does not hold (git ls-files; the rule"
        f" is this module's docstring):\n{listing}"
    )


@pytest.mark.parametrize(
    ("text", "missing"),
    [
        ("see backend/runs/transitions.py and worker/verdicts/", []),
        ("backend/runs/{compare,analysis}/ and frontend/e2e/*.e2e.ts", []),
        ("worker/phases/collect.record_cut_short, tests/e2e/run_helpers.Api", []),
        ("backend/<domain>/endpoints.py, agents/NAME.json, frontend/dist/", []),
        ("https://github.com/o/r/backend/gone.py, /usr/share/spec/gone.py, ~/dev/gone.sh", []),
        ("sides.ts, pages/run/headline.ts, celery/schedules.py", []),
        ("the API/worker split, dev/up", []),
        ("backend/messaging/keys.py.", []),
        ("backend/runs/gone.py, backend/{runs,gone}/", ["backend/runs/gone.py", "backend/{runs,gone}/"]),
        ("frontend/src/*.gone and worker/gone/", ["frontend/src/*.gone", "worker/gone/"]),
        ("useGone.ts and pages/gone/headline.ts", ["useGone.ts", "pages/gone/headline.ts"]),
    ],
)
def test_the_rule(text: str, missing: list[str]) -> None:
    assert sorted(missing_in(text, frontend_relative=False)) == sorted(missing)


def test_frontend_paths_are_read_under_frontend() -> None:
    text = "src/pages/run/headline.ts, e2e/fixtures.ts, src/gone.ts"
    assert list(missing_in(text, frontend_relative=True)) == ["src/gone.ts"]


if __name__ == "__main__":
    for where, names in missing_paths().items():
        print(f"{where}: {', '.join(names)}")
