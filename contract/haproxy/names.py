"""Name and small-value shapes used in HAProxy configs."""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import AfterValidator, Field

from contract.haproxy.cfg_words import needs_no_quoting

# Proxy and server names: HAProxy accepts [A-Za-z0-9_.:-]; we also require a leading letter so
# a name never looks like a number, an option or a path.
NAME_PATTERN = r"^[A-Za-z][A-Za-z0-9_.:-]{0,62}$"
ProxyName = Annotated[str, Field(pattern=NAME_PATTERN, examples=["web"], description="Section name.")]
ServerName = Annotated[str, Field(pattern=NAME_PATTERN, examples=["s1"], description="Server name.")]
# A certificate (or CA) the lab manages, by name: the agent stores it as
# {runtime_dir}/certs/{name}.pem. Never a path.
CertName = Annotated[
    str,
    Field(
        pattern=r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$",
        examples=["lab"],
        description="Name of a lab-managed certificate (not a path).",
    ),
]
Mode = Literal["http", "tcp"]
AlpnProtocol = Literal["h2", "http/1.1", "http/1.0"]
# Durations are milliseconds and rendered with an explicit "ms" unit.
MAX_MILLIS = 2_147_483_647
Millis = Annotated[int, Field(ge=0, le=MAX_MILLIS)]

_BIND_ADDRESS = re.compile(r"\*|[0-9.]{7,15}|[0-9A-Fa-f:]{2,39}")


def _check_bind_address(value: str) -> str:
    if not _BIND_ADDRESS.fullmatch(value):  # fullmatch: `$` would let a final "\n" through
        raise ValueError("must be '*', an IPv4 or an IPv6 address")
    return value


BindAddress = Annotated[str, AfterValidator(_check_bind_address)]

_CPU_MAP = re.compile(
    r"(auto:)?(1|all)(/(all|odd|even|\d{1,3}(-\d{1,3})?))?"
    r"( +\d{1,4}(-\d{1,4})?(,\d{1,4}(-\d{1,4})?)*)+"
)


def _check_cpu_map(value: str) -> str:
    if not _CPU_MAP.fullmatch(value):
        raise ValueError(
            f"cpu-map entry {value!r} must look like '1/all 0-1' or '1/2 1': "
            "[auto:]<1|all>[/<threads>] <cpu-set>..."
        )
    return value


CpuMapEntry = Annotated[str, AfterValidator(_check_cpu_map)]
# An OpenSSL cipher list: letters, digits and the separators OpenSSL uses. No spaces.
CIPHER_LIST_PATTERN = r"^[A-Za-z0-9:+!@_.=-]{1,2048}$"
CipherList = Annotated[str, Field(pattern=CIPHER_LIST_PATTERN)]
SSL_OPTION_PATTERN = (
    r"^(no-sslv3|no-tlsv1[0-3]|no-tls-tickets|force-tlsv1[0-3]|prefer-client-ciphers"
    r"|ssl-(min|max)-ver (TLSv1\.[0-3]))$"
)
SslOption = Annotated[
    str, Field(pattern=SSL_OPTION_PATTERN, examples=["ssl-min-ver TLSv1.2", "no-tls-tickets"])
]


def _check_config_word(value: str) -> str:
    if not needs_no_quoting(value):
        raise ValueError(
            f"{value!r} would not read back as one word in haproxy.cfg "
            "(no quotes, backslashes, '#', '$' or blanks)"
        )
    return value


# A model value HAProxy reads as one word: refused when quoting or escapes would change it.
ConfigWord = AfterValidator(_check_config_word)
