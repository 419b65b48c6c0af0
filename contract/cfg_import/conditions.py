"""`.if` / `.elif` conditions, evaluated as HAProxy 2.6 evaluates them (src/cfgcond.c).

A condition is an expression of terms joined by `&&` and `||` (`&&` binds tighter), each term
optionally negated with `!` or parenthesised. A term is a number (true when not zero), a
predicate, or any other word (true when not empty). The predicates HAProxy 2.6 knows:
`defined(NAME)`, `feature(NAME)`, `streq(A,B)`, `strneq(A,B)`, `version_atleast(V)`,
`version_before(V)`. The line has already been split into words (quotes joined, variables
expanded), so the expression is those words after `.if`.
"""

from __future__ import annotations

import re
from collections.abc import Callable

# The HAProxy the lab runs (Debian 12's 2.6) and its build features (`haproxy -vv`).
HAPROXY_VERSION = (2, 6, 12)
HAPROXY_FEATURES = frozenset(
    {
        "ACCEPT4", "BACKTRACE", "CPU_AFFINITY", "CRYPT_H", "DL", "EPOLL", "GETADDRINFO",
        "LIBCRYPT", "LINUX_SPLICE", "LINUX_TPROXY", "LUA", "NETFILTER", "NS", "OPENSSL", "OT",
        "PCRE2", "PCRE2_JIT", "POLL", "PRCTL", "PROMEX", "RT", "SLZ", "SYSTEMD", "TFO", "THREAD",
        "THREAD_DUMP", "TPROXY",
    }
)  # fmt: skip

_TOKEN = re.compile(r"\s*(&&|\|\||!|\(|\)|[A-Za-z_][A-Za-z0-9_]*\([^()]*\)|[^\s()!&|]+)")


class ConditionError(ValueError):
    """HAProxy would refuse this condition (the message says why)."""


def evaluate(words: list[str], is_defined: Callable[[str], bool]) -> bool:
    """The truth of the condition made of `words` (the words after `.if` / `.elif`)."""
    text = " ".join(words)
    tokens: list[str] = []
    position = 0
    while position < len(text):
        if text[position:].strip() == "":
            break
        match = _TOKEN.match(text, position)
        if match is None:
            raise ConditionError(f"cannot read the condition at {text[position:]!r}")
        tokens.append(match.group(1))
        position = match.end()
    if not tokens:
        raise ConditionError("an empty condition")
    parser = _Parser(tokens, is_defined)
    value = parser.expression()
    if parser.position != len(tokens):
        raise ConditionError(f"unexpected {tokens[parser.position]!r} in the condition")
    return value


class _Parser:
    def __init__(self, tokens: list[str], is_defined: Callable[[str], bool]) -> None:
        self.tokens = tokens
        self.position = 0
        self.is_defined = is_defined

    def _peek(self) -> str | None:
        return self.tokens[self.position] if self.position < len(self.tokens) else None

    def expression(self) -> bool:
        value = self._conjunction()
        while self._peek() == "||":
            self.position += 1
            right = self._conjunction()
            value = value or right
        return value

    def _conjunction(self) -> bool:
        value = self._term()
        while self._peek() == "&&":
            self.position += 1
            right = self._term()
            value = value and right
        return value

    def _term(self) -> bool:
        word = self._peek()
        if word is None:
            raise ConditionError("the condition ends where a term was expected")
        self.position += 1
        if word == "!":
            return not self._term()
        if word == "(":
            value = self.expression()
            if self._peek() != ")":
                raise ConditionError("missing ')' in the condition")
            self.position += 1
            return value
        if word in ("&&", "||", ")"):
            raise ConditionError(f"unexpected {word!r} in the condition")
        return self._predicate(word)

    def _predicate(self, token: str) -> bool:
        call = re.fullmatch(r"([A-Za-z_][A-Za-z0-9_]*)\(([^()]*)\)", token)
        if call is None:
            if re.fullmatch(r"-?\d+", token):
                return int(token) != 0
            return token != ""
        name, args = call.group(1), [a.strip() for a in call.group(2).split(",")]
        if name == "defined" and len(args) == 1:
            return self.is_defined(args[0])
        if name == "feature" and len(args) == 1:
            return args[0] in HAPROXY_FEATURES
        if name in ("streq", "strneq") and len(args) == 2:
            return (args[0] == args[1]) == (name == "streq")
        if name in ("version_atleast", "version_before") and len(args) == 1:
            at_least = _version(args[0]) <= HAPROXY_VERSION
            return at_least if name == "version_atleast" else not at_least
        raise ConditionError(f"HAProxy 2.6 does not know the predicate {token!r}")


def _version(text: str) -> tuple[int, ...]:
    parts = re.findall(r"\d+", text)
    if not parts:
        raise ConditionError(f"{text!r} is not a version")
    padded = [int(p) for p in parts[:3]] + [0] * (3 - len(parts[:3]))
    return tuple(padded)
