"""The sample fetches and converters a config word can make HAProxy evaluate, found as HAProxy 2.6
reads them.

A word makes HAProxy evaluate a sample expression in two ways:
- the word IS a sample expression: ACL criteria (`acl x env(HOME) -m found`, `{ src -f F }`),
  `set-var(txn.x) <expr>`, `stick on <expr>`, `track-sc0 <expr>`, `capture <expr> len N`, a
  converter chain continued in the next words (`src lower`) ...;
- the word is a LOG-FORMAT string whose blocks are expressions: header values, `log-format`,
  `unique-id-format`, `lf-string`, `use_backend %[...]`, `set-var-fmt`, `http-check send hdr`,
  `redirect location` ... A block opens at `%[`, and also after flags, `%{+Q}[`, `%{-E,+X}[`,
  and, from HAProxy 3.0, after a name, `%(name)[`, `%(name){+Q}[`.

Which of the two a word is depends on the directive, so every word is read both ways. A name
starts where HAProxy starts reading one: at the word's start (after `!` negations), where a
log-format block opens, and after a ',' (the next converter). Names are also taken after every
'(' and blank, and from the word read once more with the argument parser's quotes and escapes
removed: HAProxy 2.6 evaluates no argument, so these only catch what a later version, or a
converter that evaluates its argument, would find. What this module finds is thus a superset of
what HAProxy evaluates, never less, and it reads each word in linear time, so no nesting of
blocks in arguments can hide a name or tire the check.
"""

from __future__ import annotations

import string
from collections.abc import Iterator
from dataclasses import dataclass

# is_idchar() (include/haproxy/tools.h): what a fetch or converter name is made of.
_ID_CHARS = frozenset(string.ascii_letters + string.digits + "._-+:")
_ALNUM = frozenset(string.ascii_letters + string.digits)
# Where a name may start, besides a word's start and a log-format block's: after a converter's
# ',', and (a superset) after '(' and blanks.
_BEFORE_NAME = frozenset(",( \t")
_ARGUMENT_ESCAPES = {"\\": "\\", " ": " ", '"': '"', "'": "'", "r": "\r", "n": "\n", "t": "\t"}


@dataclass(frozen=True)
class Call:
    """A sample fetch or converter (or an action written as a call, `set-map(F)`) in a word."""

    name: str
    text: str  # the text it was read from
    end: int  # the index in `text` just after the name

    def arguments(self, count: int | None = None) -> tuple[str, ...]:
        """Its arguments (the first `count` of them) as HAProxy's argument parser hands them over;
        () without parentheses."""
        if self.end < len(self.text) and self.text[self.end] == "(":
            return read_arguments(self.text, self.end, count)[0]
        return ()


def read_arguments(text: str, start: int, count: int | None = None) -> tuple[tuple[str, ...], int]:
    """The arguments of the call whose '(' is at `text[start]`, and the index after its ')'.

    make_arg_list() (src/arg.c): an argument ends at an unquoted ',' or ')' (parentheses do not
    nest); '...' and "..." quote; outside single quotes a backslash makes `\\\\`, `\\ `, `\\"`,
    `\\'` literal and `\\r`, `\\n`, `\\t` control characters, and any other backslash stays. HAProxy
    stops after the number of arguments the keyword takes; this reads them all, or `count`.
    """
    arguments: list[str] = []
    current: list[str] = []
    single = double = False
    i = start + 1
    while i < len(text):
        c = text[i]
        if c == '"' and not single:
            double = not double
        elif c == "'" and not double:
            single = not single
        elif c == "\\" and not single and i + 1 < len(text):
            if text[i + 1] in _ARGUMENT_ESCAPES:
                current.append(_ARGUMENT_ESCAPES[text[i + 1]])
                i += 1
            else:
                current.append(c)  # a lone backslash is kept
        elif not single and not double and c in ",)":
            arguments.append("".join(current))
            current = []
            if c == ")" or len(arguments) == count:
                return tuple(arguments), i + 1
        else:
            current.append(c)
        i += 1
    arguments.append("".join(current))  # no ')': HAProxy refuses the expression
    return tuple(arguments), len(text)


def log_format_blocks(text: str) -> list[int]:
    """Where each sample expression of `text` starts when `text` is read as a log-format string
    (parse_logformat_string() in src/log.c): after '%' come an optional `(name[:type])`
    (HAProxy 3.0+), optional `{flags}` (any text up to the first '}'), then '[' opens a block;
    `%%` is a literal '%'.

    Blocks are looked for everywhere, inside other blocks' arguments too (HAProxy reads those as
    literals), and where HAProxy would refuse the string (a '%' followed by a digit, flags not
    followed by '[' or a name) reading goes on: HAProxy evaluates nothing of a string it refuses,
    so reading on can only find more.
    """
    return [start for start, bracket in _log_format_items(text) if bracket]


def log_format_aliases(text: str) -> list[str]:
    """The variables (`%H`, `%{+Q}r`, `%ci` ...) of `text` read as a log-format string: after the
    same optional name and flags as a block, a letter (a letter or digit after flags) starts
    one, and it runs to the first character that is not a letter or a digit."""
    aliases = []
    for start, bracket in _log_format_items(text):
        if not bracket:
            end = start
            while end < len(text) and text[end] in _ALNUM:
                end += 1
            aliases.append(text[start:end])
    return aliases


def _log_format_items(text: str) -> list[tuple[int, bool]]:
    """(where it starts, True for a '[' block / False for a variable) of each item after a '%'."""
    items: list[tuple[int, bool]] = []
    i = 0
    n = len(text)
    while i < n:
        if text[i] != "%":
            i += 1
            continue
        i += 1
        if i < n and text[i] == "%":  # "%%": a literal '%'
            i += 1
            continue
        if i < n and text[i] == "(":
            close = text.find(")", i)
            if close == -1 or not all(c in _ALNUM or c in "_-:" for c in text[i + 1 : close]):
                continue
            i = close + 1
        if i < n and text[i] == "{":
            close = text.find("}", i + 1)
            if close == -1:
                break  # unterminated flags: HAProxy refuses the string
            i = close + 1
        if i < n and text[i] == "[":
            items.append((i + 1, True))
        elif i < n and text[i] in _ALNUM:
            items.append((i, False))
    return items


def calls_in_word(word: str) -> Iterator[Call]:
    """Every fetch, converter or call-shaped action HAProxy could evaluate from `word`, wherever
    the directive puts it (see the module's description)."""
    for text in dict.fromkeys((word, _without_argument_quoting(word))):
        starts = {len(text) - len(text.lstrip("!"))}  # `!{ ... }` and `!name` in conditions
        starts.update(log_format_blocks(text))
        starts.update(i + 1 for i, c in enumerate(text) if c in _BEFORE_NAME)
        for start in sorted(starts):
            end = start
            while end < len(text) and text[end] in _ID_CHARS:
                end += 1
            if end > start:
                yield Call(text[start:end], text, end)


def _without_argument_quoting(word: str) -> str:
    """`word` with the quotes of make_arg_list() removed and its escapes decoded."""
    if not any(c in word for c in "'\"\\"):
        return word
    out: list[str] = []
    i = 0
    while i < len(word):
        c = word[i]
        if c == "\\" and i + 1 < len(word) and word[i + 1] in _ARGUMENT_ESCAPES:
            out.append(_ARGUMENT_ESCAPES[word[i + 1]])
            i += 2
            continue
        if c not in "'\"":
            out.append(c)
        i += 1
    return "".join(out)
