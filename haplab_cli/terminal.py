"""Everything `haplab` prints goes out as the text it is.

What the CLI prints is mostly someone else's text: file names and line numbers (`typo.yaml:100:`),
names of experiments, labs and agents, the API's error messages that quote a person's input.
Rich, left to its defaults, reads such text as its own language: `:100:` becomes an emoji,
`[bold]` a style, `[link=...]` a hyperlink, and a name could restyle or hide the rest of a line.
So both consoles have markup and emoji codes off, and every string is shown literally, its
control characters (an escape sequence that would drive the terminal) written as visible `\\x1b`
escapes. The CLI's own emphasis ("failed" in red) is a Text with a style, never markup.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable

from rich.console import Console
from rich.table import Table
from rich.text import Text

# C0 controls but tab and newline, DEL, and C1 controls (0x9b is a one-byte escape sequence start).
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")

Part = str | Text


def visible(text: str) -> str:
    """`text` with each control character as its \\xNN escape, so it prints as what it is."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


def styled(text: str, style: str) -> Text:
    """The CLI's own emphasis on a piece of text (a word it chose, or a value shown verbatim)."""
    return Text(visible(text), style=style)


def _text(parts: Iterable[Part]) -> Text:
    line = Text()
    for part in parts:
        line.append_text(part if isinstance(part, Text) else Text(visible(part)))
    return line


def _console(stream_is_tty: bool, stderr: bool) -> Console:
    # In a CI log (not a terminal) lines are never wrapped: each says one thing, whole, greppable.
    return Console(
        stderr=stderr,
        markup=False,
        emoji=False,
        highlight=False,
        soft_wrap=True,
        width=None if stream_is_tty else 160,
    )


class Printer:
    """One output stream: lines of plain strings and styled Text, and tables."""

    def __init__(self, console: Console) -> None:
        self.console = console

    def line(self, *parts: Part) -> None:
        self.console.print(_text(parts))

    def table(self, columns: Iterable[str], rows: Iterable[Iterable[Part]], title: str | None = None) -> None:
        table = Table(title=Text(visible(title)) if title else None)
        for column in columns:
            table.add_column(Text(visible(column)))
        for row in rows:
            table.add_row(*(_text([cell]) for cell in row))
        self.console.print(table)


out = Printer(_console(sys.stdout.isatty(), stderr=False))
err = Printer(_console(sys.stderr.isatty(), stderr=True))
