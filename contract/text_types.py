"""Validated text shapes shared by the models: URL paths, header names and values, host:port.

Everything here ends up on a command line or in a config file on a lab host, so each shape is
strict: no whitespace where it could split an argument, never a CR or LF that could start a
new line.
"""

from __future__ import annotations

import ipaddress
import re
from typing import Annotated

from pydantic import AfterValidator, Field

_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_TOKEN = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")
# Matched with fullmatch: Python's `$` also matches before a final "\n".
_HOSTNAME = re.compile(
    r"(?=.{1,253}\Z)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*"
)
_PATH_CHARS = re.compile(r"/[\x21-\x7e]*")


def _check_url_path(value: str) -> str:
    if not value.startswith("/"):
        raise ValueError("must start with '/'")
    if not _PATH_CHARS.fullmatch(value):
        raise ValueError("must be printable ASCII without spaces, CR or LF (percent-encode them)")
    return value


def _check_header_name(value: str) -> str:
    if not _TOKEN.fullmatch(value):
        raise ValueError(f"header name {value!r} must be an HTTP token (letters, digits, -_.!#$%&'*+^`|~)")
    return value


def _check_header_value(value: str) -> str:
    if _CONTROL.search(value.replace("\t", " ")):
        raise ValueError("header value must not contain CR, LF or other control characters")
    return value


def split_host_port(value: str) -> tuple[str, int]:
    """Split "host:port" or "[v6]:port"; ValueError with a reason when it is not one."""
    if value.startswith("["):
        host, sep, port_text = value[1:].partition("]:")
        if not sep:
            raise ValueError(f"{value!r} is not '[ipv6]:port'")
        ipaddress.IPv6Address(host)
    else:
        host, sep, port_text = value.rpartition(":")
        if not sep or not host:
            raise ValueError(f"{value!r} is not 'host:port'")
        if not _HOSTNAME.fullmatch(host):
            raise ValueError(f"{host!r} is neither a hostname nor an IPv4 address")
    if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
        raise ValueError(f"port {port_text!r} must be a number from 1 to 65535")
    return host, int(port_text)


def _check_host_port(value: str) -> str:
    split_host_port(value)
    return value


UrlPath = Annotated[
    str,
    Field(min_length=1, max_length=2048, examples=["/fast"]),
    AfterValidator(_check_url_path),
]
HeaderName = Annotated[str, Field(min_length=1, max_length=128), AfterValidator(_check_header_name)]
HeaderValue = Annotated[str, Field(max_length=4096), AfterValidator(_check_header_value)]
HostPort = Annotated[
    str,
    Field(min_length=3, max_length=262, examples=["10.0.0.2:8080"]),
    AfterValidator(_check_host_port),
]


def _check_schema_name(value: str) -> str:
    if value.lower() in _SYSTEM_SCHEMAS:
        raise ValueError(
            f"{value!r} is one of MariaDB's own schemas: the run's account gets every privilege on "
            "its schema, and on this one that would be the server's accounts and privileges"
        )
    return value


# MariaDB's own schemas (information_schema and performance_schema are named case-insensitively;
# the others depend on lower_case_table_names, so all of them are refused in any case).
_SYSTEM_SCHEMAS = frozenset({"mysql", "information_schema", "performance_schema", "sys"})
# The schema a run's SQL load works in: an identifier that needs no quoting, never a system schema.
SqlSchemaName = Annotated[
    str, Field(pattern=r"^[A-Za-z_][A-Za-z0-9_]{0,63}$"), AfterValidator(_check_schema_name)
]


# An agent's name in its lab, as enrollment accepts it and the database stores it (String(120)).
MAX_AGENT_NAME = 120
AgentName = Annotated[
    str, Field(min_length=1, max_length=MAX_AGENT_NAME, description="The agent's name in its lab.")
]
