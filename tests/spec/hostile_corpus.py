"""Raw lines an attacker with an editor account would try, each with what it attacks.

Every base line names the word that carries the attack; `variants` writes that word the ways
HAProxy's line parser still reads as the same word (quote-joined, quoted, \\xNN-escaped) and
the line with other blanks, so a check that looks at the text instead of HAProxy's words fails
here. Used by tests/spec/test_hostile_corpus.py (every section) and
tests/api/test_hostile_corpus.py (validate and create over the API).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Hostile:
    section: str  # where the directive itself would be accepted, so the reason is the attack's
    line: str
    why: str  # a word the refusal's reason must contain (lower case)


# (section, line, the attacking word, a word of the expected reason)
_BASES: list[tuple[str, str, str, str]] = [
    # files outside {runtime_dir}
    ("listen", "acl x dst_port -f /etc/shadow", "-f", "outside"),
    ("listen", "acl x src -i -f /root/.ssh/id_rsa", "-f", "outside"),
    ("frontend", "http-request deny if { src -f /etc/passwd }", "-f", "outside"),
    ("listen", "http-request return status 200 content-type text/plain file /etc/passwd", "file", "outside"),
    (
        "backend",
        "http-request return status 200 content-type text/plain lf-file /etc/passwd",
        "lf-file",
        "outside",
    ),
    ("frontend", "http-error status 503 content-type text/plain file /proc/self/environ", "file", "outside"),
    ("listen", "errorfile 503 /var/lib/haplab/admin-token", "/var/lib/haplab/admin-token", "outside"),
    ("backend", "default-server ca-file /etc/ssl/private/key.pem", "ca-file", "outside"),
    ("defaults", "default-server crt /etc/ssl/private/server.pem", "crt", "outside"),
    ("listen", "http-request set-header X %[src,map(/etc/passwd)]", "map", "outside"),
    ("listen", "http-request set-header X %[src,map_str(/proc/1/environ,x)]", "map_str", "outside"),
    ("frontend", "http-request set-map(/etc/hosts) %[src] x", "set-map", "outside"),
    ("listen", "acl x path -f files/list.txt", "-f", "relative"),
    ("listen", "acl x path -f {runtime_dir}/../../etc/passwd", "-f", ".."),
    ("global", "log /dev/log local0", "/dev/log", "outside"),
    ("global", "ca-base /etc/ssl", "ca-base", "not an allowed"),
    ("global", "crt-base /root", "crt-base", "not an allowed"),
    # the environment and the host
    ("listen", "http-request set-header X %[env(HOME)]", "env", "environment"),
    ("frontend", "http-response set-header X %[env(HAPLAB_SECRET_KEY)]", "env", "environment"),
    ("listen", "acl h env(PATH) -m found", "env", "environment"),
    ("listen", "http-request set-var(txn.h) hostname", "hostname", "host"),
    ("backend", "http-response set-header X-Host %[hostname]", "hostname", "host"),
    ("listen", 'http-request set-header X "${HOME}"', "${HOME}", "environment"),
    ("frontend", 'http-request set-header X "$HOME"', "$HOME", "environment"),
    (
        "listen",
        'http-request set-header X "${HAPLAB_SECRET_KEY-none}"',
        "${HAPLAB_SECRET_KEY-none}",
        "environment",
    ),
    ("listen", 'http-request set-header X "$.FILE"', "$.FILE", "environment"),
    # programs, Lua, privileges, sockets, the environment
    ("global", "lua-load /tmp/x.lua", "lua-load", "lua"),
    ("listen", "http-request lua.evil", "lua.evil", "lua"),
    ("listen", "http-request use-service lua.evil", "lua.evil", "lua"),
    ("backend", "option external-check", "external-check", "external"),
    ("backend", "external-check command /bin/sh", "external-check", "external"),
    ("global", "setenv PATH /tmp", "setenv", "environment"),
    ("global", "unsetenv HOME", "unsetenv", "environment"),
    ("global", "stats socket /tmp/admin.sock level admin", "socket", "stats socket"),
    ("global", "chroot /", "chroot", "privileges"),
    ("global", "user root", "user", "privileges"),
    ("global", "insecure-fork-wanted", "insecure-fork-wanted", "insecure"),
    ("global", "program evil", "program", "section"),
    ("listen", "http-request set-header X %[src] if { src unix@/tmp/x.sock }", "unix@/tmp/x.sock", "socket"),
    ("global", "log unix@/dev/log local0", "unix@/dev/log", "socket"),
    # destinations chosen at run time, and what a benchmark proxy never needs
    ("listen", "option http_proxy", "http_proxy", "option"),
    ("listen", "option transparent", "transparent", "option"),
    ("listen", "http-request set-dst ipv4(169.254.169.254)", "set-dst", "set-dst"),
    ("listen", "http-request do-resolve(txn.ip,dns) hdr(host)", "do-resolve", "do-resolve"),
    ("backend", "default-server addr 169.254.169.254", "addr", "addr"),
    ("backend", "default-server namespace host", "namespace", "namespace"),
    ("backend", "source 0.0.0.0 usesrc clientip", "usesrc", "usesrc"),
    ("listen", "tcp-request connection set-mark 1", "set-mark", "set-mark"),
    # limits beyond a lab host
    ("global", "tune.ssl.cachesize 100000000", "100000000", "cap"),
    ("global", "tune.h2.max-concurrent-streams 1000000", "1000000", "cap"),
    ("global", "maxpipes 1000000", "1000000", "cap"),
    ("global", "maxsslconn 200000", "200000", "cap"),
    ("listen", "backlog 100000000", "100000000", "cap"),
    ("backend", "stick-table type ip size 100m", "100m", "cap"),
    ("listen", "capture request header Host len 100000000", "100000000", "cap"),
    ("backend", "default-server maxconn 1000000", "1000000", "cap"),
    ("global", "tune.bufsize 1048576000", "tune.bufsize", "model"),
    ("global", "tune.lua.maxmem 0", "tune.lua.maxmem", "lua"),
]


def _quote_joined(word: str) -> str:
    return f'{word[:1]}""{word[1:]}' if len(word) > 1 else f'"{word}"'


def _hex_escaped(word: str) -> str:
    index = next((i for i, c in enumerate(word) if c.isalnum()), 0)
    return word[:index] + f"\\x{ord(word[index]):02x}" + word[index + 1 :]


def variants(line: str, word: str) -> list[str]:
    """`line` with `word` written as HAProxy still reads it, plus blank variants of the line."""
    if "$" in word or '"' in line:
        # Already inside double quotes: only blanks can vary without changing what HAProxy reads.
        return [line, "\t" + line.replace(" ", "\t"), "  " + line.replace(" ", "   ") + "  "]
    out = [line]
    for spelled in (f'"{word}"', f"'{word}'", _quote_joined(word), _hex_escaped(word)):
        out.append(line.replace(word, spelled, 1))
    out.append("\t" + line.replace(" ", " \t "))
    return out


ISSUE_PROBES: list[Hostile] = [
    Hostile("listen", 'acl x dst_port "-f" /var/lib/haplab/admin-token', "outside"),
    Hostile("listen", 'acl x dst_port -"f" /etc/shadow', "outside"),
    Hostile("listen", 'http-request return status 200 content-type text/plain f""ile /etc/passwd', "outside"),
    Hostile("listen", 'http-request set-header X %[en""v(HOME)]', "environment"),
    Hostile("listen", "http-request set-header X %[en\\x76(HOME)]", "environment"),
    Hostile("listen", "http-request set-header X %[src,map('/etc/passwd','(')]", "outside"),
    Hostile("listen", 'acl x src "-f" /etc/passwd', "outside"),
    Hostile("listen", 'errorfile 503 {runtime_dir}/."."/../../etc/passwd', ".."),
    Hostile("listen", "errorfile 503 {runtime_dir}/./../../../etc/passwd", ".."),
    Hostile("listen", "http-request set-header X %[src,map(\\'/etc/passwd\\')]", "outside"),
    Hostile("listen", 'acl x src "-f"\t/etc/passwd', "outside"),
    Hostile("listen", "http-request deny if { src -f /proc/self/environ }", "outside"),
    Hostile("listen", "acl x hdr(x) -m str -f /proc/1/cmdline", "outside"),
    Hostile("listen", 'http-request set-header X "unterminated', "quote"),
    Hostile("listen", "http-request set-header X a\\x0ab", "control"),
    Hostile("listen", "http-request set-header X a\\x00b", "control"),
    Hostile("listen", "http-request set-header X a\\xZZ", "hexadecimal"),
    Hostile("listen", ".if defined(HOME)", "macro"),
    Hostile("listen", "[.notice]", "scope"),
    Hostile("listen", '"" lua-load /tmp/x.lua', "empty first word"),
]

_VARIANTS = [Hostile(section, v, why) for section, line, word, why in _BASES for v in variants(line, word)]
# The issue's probes first; a variant that happens to spell one of them is not repeated.
CORPUS: list[Hostile] = [
    *ISSUE_PROBES,
    *(h for h in _VARIANTS if h.line not in {p.line for p in ISSUE_PROBES}),
]
