"""One haproxy.cfg line split into the words HAProxy 2.6 sees: the only safe basis for checks.

A raw line is read by HAProxy, not by us, so every check must look at what HAProxy will read.
HAProxy's line parser (`parse_line()` in src/tools.c, called by `readcfgfile()` in
src/cfgparse.c with quotes, backslashes, `#` comments and environment expansion all enabled)
joins quoted pieces (`f""ile` is `file`), decodes escapes (`en\\x76` is `env`) and expands
`"${VAR}"` before any keyword is looked at. This module follows it rule for rule:

- unquoted blanks (space, tab, ...) separate words; a `#` outside quotes starts a comment;
- `'...'` is literal; `"..."` keeps blanks and `#` but still honours backslashes and `$`;
- a backslash outside single quotes turns `\\ `, `\\\\`, `\\t`, `\\n`, `\\r`, `\\#`, `\\'`,
  `\\"`, `\\xHH` (and `\\$` inside double quotes) into that character; any other backslash is
  kept as it is (`\\1` stays two characters);
- `$NAME` / `${NAME}` inside double quotes is the environment variable.

Where HAProxy would expand something from its environment, or read bytes we would not put in a
config (control characters from `\\x..`, `\\n`), the line is refused instead of reproduced:
a config must not depend on, or reveal, the host it runs on.
"""

from __future__ import annotations

from collections.abc import Callable

# C's isspace() in the "C" locale, which is what HAProxy's parser uses.
_BLANKS = frozenset(" \t\n\v\f\r")
_HEX = frozenset("0123456789abcdefABCDEF")
_SIMPLE_ESCAPES = {" ": " ", "\\": "\\", "t": "\t", "n": "\n", "r": "\r", "#": "#", "'": "'", '"': '"'}


class CfgSyntaxError(ValueError):
    """The line cannot be read as a haproxy.cfg line we accept (the message says why)."""


# (name, the ${NAME-default} default or None) -> the text HAProxy would insert.
VariableLookup = Callable[[str, str | None], str]
# HAProxy 2.6 refuses a line of more words (MAX_LINE_ARGS).
MAX_WORDS = 64


def split_words(
    line: str, variables: VariableLookup | None = None, *, control_characters: bool = False
) -> list[str]:
    """The words HAProxy 2.6 makes of `line` (one line, without its newline).

    Raises CfgSyntaxError where HAProxy would fail (unmatched quote, bad `\\x`), where a word
    would hold a control character, and where it would expand an environment variable unless
    `variables` says what each one holds (an imported config: contract.cfg_import).
    `control_characters` lets escapes make them (`\\r\\n` in a legacy `option httpchk`), for
    an import to rewrite such a line into one without; nothing else may ask for them.
    """
    words: list[str] = []
    current: list[str] = []
    started = False  # a word is open (quotes make even an empty word)
    quote: str | None = None
    i = 0
    n = len(line)
    while i < n:
        c = line[i]
        if c in "\n\r\0":
            raise CfgSyntaxError("a raw line must be a single line (no CR, LF or NUL)")
        if quote is None and c in _BLANKS:
            if started:
                words.append("".join(current))
                current, started = [], False
            i += 1
            continue
        if quote is None and c == "#":
            break  # comment: HAProxy ignores the rest of the line
        if c == '"' and quote != "'":
            quote = None if quote == '"' else '"'
            started = True
            i += 1
            continue
        if c == "'" and quote != '"':
            quote = None if quote == "'" else "'"
            started = True
            i += 1
            continue
        if c == "\\" and quote != "'":
            decoded, i = _escape(line, i, in_double_quotes=quote == '"')
            current.append(decoded)
            started = True
            continue
        if c == "$" and quote == '"':
            if variables is None:
                raise CfgSyntaxError(
                    f"environment expansion ({_variable_at(line, i)}) is not allowed: a config must not "
                    "depend on the host's environment (write the value itself, or '\\$' for a literal $)"
                )
            value, split, i = _variable(line, i, variables)
            for piece_index, piece in enumerate(value.split() if split else [value]):
                if piece_index:  # `${NAME[*]}`: each blank-separated piece is a word of its own
                    words.append("".join(current))
                    current = []
                current.append(piece)
            started = True
            continue
        current.append(c)
        started = True
        i += 1
    if quote is not None:
        raise CfgSyntaxError(f"unmatched {quote} quote")
    if started:
        words.append("".join(current))
    for word in words if not control_characters else []:
        bad = next((ch for ch in word if ord(ch) < 0x20 or ord(ch) == 0x7F), None)
        if bad is not None:
            raise CfgSyntaxError(f"a word would hold the control character {bad!r} (from an escape)")
    return words


def _escape(line: str, i: int, *, in_double_quotes: bool) -> tuple[str, int]:
    """The character a backslash at `line[i]` stands for, and the index after the sequence."""
    following = line[i + 1] if i + 1 < len(line) else ""
    if following in _SIMPLE_ESCAPES:
        return _SIMPLE_ESCAPES[following], i + 2
    if following == "$" and in_double_quotes:
        return "$", i + 2
    if following == "x":
        digits = line[i + 2 : i + 4]
        if len(digits) != 2 or not set(digits) <= _HEX:
            raise CfgSyntaxError("truncated or invalid hexadecimal sequence (\\x needs two hex digits)")
        return chr(int(digits, 16)), i + 4
    return "\\", i + 1  # not an escape sequence: the backslash stays


def _variable(line: str, i: int, variables: VariableLookup) -> tuple[str, bool, int]:
    """(the value of the variable at `line[i]` == '$', whether `[*]` splits it into words, the
    index after the reference), read as HAProxy 2.6's parse_line() reads `$NAME`, `${NAME}`,
    `${NAME[*]}` and `${NAME-default}` (`.LINE`, `.FILE`, `.SECTION` are its pseudo-variables)."""
    j = i + 1
    brace = j < len(line) and line[j] == "{"
    if brace:
        j += 1
    if j >= len(line) or not (line[j].isascii() and (line[j].isalpha() or line[j] in "_.")):
        raise CfgSyntaxError(f"invalid character in a variable name at position {j + 1}")
    start = j
    if line[j] == ".":
        j += 1
    while j < len(line) and line[j].isascii() and (line[j].isalnum() or line[j] == "_"):
        j += 1
    name = line[start:j]
    split = False
    if brace and line.startswith("[", j):
        if not line.startswith("[*]", j):
            raise CfgSyntaxError(f"'${{{name}[' must be followed by '*]' (word expansion)")
        split, j = True, j + 3
    default = None
    if brace:
        if j < len(line) and line[j] == "-":
            end = line.find("}", j)
            if end < 0:
                raise CfgSyntaxError(f"unmatched brace in '${{{name}'")
            default, j = line[j + 1 : end], end
        if j >= len(line) or line[j] != "}":
            raise CfgSyntaxError(f"unmatched brace in '${{{name}'")
        j += 1
    return variables(name, default), split, j


def quote_word(word: str) -> str:
    """`word` written so that split_words reads it back as exactly that one word."""
    if needs_no_quoting(word):
        return word
    if "'" not in word:
        return f"'{word}'"
    escaped = word.replace("\\", "\\\\").replace('"', '\\"').replace("$", "\\$")
    return f'"{escaped}"'


def join_words(words: list[str]) -> str:
    """A line split_words reads back as `words`."""
    return " ".join(quote_word(word) for word in words)


def _variable_at(line: str, i: int) -> str:
    end = i + 1
    while end < len(line) and (line[end].isalnum() or line[end] in "_.{}-"):
        end += 1
    return line[i:end] or "$"


def needs_no_quoting(value: str) -> bool:
    """True when `value` written as-is in a config line is read back by HAProxy as exactly one
    word equal to itself: what every model string rendered into haproxy.cfg must satisfy."""
    try:
        return split_words(value) == [value]
    except CfgSyntaxError:
        return False
