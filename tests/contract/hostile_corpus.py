"""Raw lines an attacker with an editor account would try, each with what it attacks.

Every base line names the word that carries the attack; `variants` writes that word the ways
HAProxy's line parser still reads as the same word (quote-joined, quoted, \\xNN-escaped) and
the line with other blanks, so a check that looks at the text instead of HAProxy's words fails
here. Used by tests/contract/test_hostile_corpus.py (every section) and
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
    # other errorfile forms (issue 28): every action and keyword that answers from a file
    ("listen", "http-request return status 200 errorfile /etc/passwd", "errorfile", "outside"),
    ("frontend", "http-request deny errorfile /etc/shadow", "errorfile", "outside"),
    ("frontend", "http-request deny deny_status 403 errorfile /etc/shadow", "errorfile", "outside"),
    ("listen", "http-request tarpit status 500 errorfile /etc/passwd", "errorfile", "outside"),
    ("backend", "http-response deny errorfile /etc/passwd", "errorfile", "outside"),
    ("backend", "http-response return status 200 errorfile /etc/passwd", "errorfile", "outside"),
    (
        "backend",
        "http-response deny status 403 content-type text/plain lf-file /proc/self/environ",
        "lf-file",
        "outside",
    ),
    ("listen", "http-request tarpit status 500 content-type text/plain file /etc/passwd", "file", "outside"),
    ("backend", "http-error status 503 errorfile /etc/passwd", "errorfile", "outside"),
    ("frontend", "http-error status 503 content-type text/plain lf-file /etc/passwd", "lf-file", "outside"),
    ("defaults", "errorfile 503 /proc/self/environ", "/proc/self/environ", "outside"),
    ("listen", "errorfiles website-1 503", "errorfiles", "not an allowed"),
    ("listen", "errorfile 503 errors/503.http", "errors/503.http", "relative"),
    ("listen", "http-request return status 200 errorfile {runtime_dir}/../../etc/passwd", "errorfile", ".."),
    # converters, fetches and actions that read a file (listed: contract/haproxy/file_readers_data.py)
    (
        "listen",
        "http-request set-var(txn.ok) req.hdr(authorization),jwt_verify(RS256,/etc/ssl/private/k.pem)",
        "jwt_verify",
        "outside",
    ),
    (
        "listen",
        "http-request set-header X %[req.hdr(authorization),jwt_verify(HS256,/etc/shadow)]",
        "jwt_verify",
        "outside",
    ),
    (
        "frontend",
        "acl jwt_ok req.hdr(authorization),jwt_verify(RS256,/root/key.pem) -m int 1",
        "jwt_verify",
        "outside",
    ),
    (
        "listen",
        "http-request set-header X %{+Q}[req.hdr(authorization),jwt_verify(ES256,/etc/passwd)]",
        "jwt_verify",
        "outside",
    ),
    (
        "listen",
        "http-request set-var(txn.t) req.hdr(authorization) jwt_verify(RS256,/etc/passwd)",
        "jwt_verify",
        "outside",
    ),
    ("listen", "http-request set-header X %[src,map_beg(/etc/passwd)]", "map_beg", "outside"),
    ("listen", "http-request set-header X %{+Q}[src,map_ip_int(/etc/passwd,0)]", "map_ip_int", "outside"),
    ("listen", "http-request set-var(txn.m) src,map_reg(/etc/shadow)", "map_reg", "outside"),
    ("listen", "http-request set-var(txn.m) src map_str(/etc/shadow)", "map_str", "outside"),
    ("frontend", "acl m src,map_dom(/etc/hosts) -m found", "map_dom", "outside"),
    ("frontend", "http-request add-acl(/etc/passwd) %[src]", "add-acl", "outside"),
    ("frontend", "http-request del-acl(/etc/passwd) %[src]", "del-acl", "outside"),
    ("backend", "http-response set-map(/etc/passwd) %[src] x", "set-map", "outside"),
    ("backend", "http-response del-map(/etc/passwd) %[src]", "del-map", "outside"),
    ("listen", "http-request set-var(txn.x) src,51d.single(IsMobile)", "51d.single", "device"),
    (
        "listen",
        "http-request set-header X %[req.fhdr(user-agent),da-csv-conv(osName)]",
        "da-csv-conv",
        "device",
    ),
    ("listen", "http-request set-header X %[src,lua.conv]", "lua.conv", "lua"),
    # repeated capped arguments (issue 28): HAProxy keeps the last; both orders, every cap
    ("backend", "stick-table type ip size 1k size 2g", "2g", "cap"),
    ("backend", "stick-table type ip size 2g size 1k", "2g", "cap"),
    ("backend", "stick-table type string len 32 size 1k len 100000000", "100000000", "cap"),
    ("backend", "stick-table type string len 100000000 size 1k len 32", "100000000", "cap"),
    ("backend", "stick-table type binary len 16 size 1k expire 30s size 100000000", "100000000", "cap"),
    ("backend", "stick-table type string len 32 size 1k type string len 100000000", "100000000", "cap"),
    ("backend", "stick-table type string len 100000000 size 1k type string len 32", "100000000", "cap"),
    ("backend", "stick-table type ip size 2G", "2G", "cap"),
    ("backend", "stick-table type ip size 0000002g", "0000002g", "cap"),
    ("backend", "stick-table type ip size 99999999999999999999999", "99999999999999999999999", "cap"),
    ("backend", "stick-table type ip size 0x7fffffff", "0x7fffffff", "whole number"),
    ("frontend", "capture request header Host len 64 len 100000000", "100000000", "cap"),
    ("frontend", "capture response header Server len 100000000 len 64", "100000000", "cap"),
    ("frontend", "capture cookie SESSIONID len 100000000", "100000000", "cap"),
    ("frontend", "capture cookie SESSIONID x 100000000", "100000000", "cap"),
    ("frontend", "capture request header Host x 100000000", "100000000", "cap"),
    ("frontend", "declare capture request len 100000000", "100000000", "cap"),
    ("frontend", "declare capture response len 64 len 100000000", "100000000", "cap"),
    ("frontend", "http-request capture req.hdr(host) len 64 len 100000000", "100000000", "cap"),
    ("frontend", "http-request capture req.hdr(host) lower len 100000000", "100000000", "cap"),
    ("frontend", "tcp-request content capture req.payload(0,10) len 100000000", "100000000", "cap"),
    ("backend", "default-server maxconn 10 maxconn 1000000", "1000000", "cap"),
    ("backend", "default-server maxconn 1000000 maxconn 10", "1000000", "cap"),
    ("defaults", "default-server minconn 10 inter 2s minconn 1000000", "1000000", "cap"),
    ("defaults", "default-server maxqueue 10 maxqueue 100000000", "100000000", "cap"),
    ("backend", "default-server pool-max-conn 10 pool-max-conn 100000000", "100000000", "cap"),
    ("backend", "default-server pool-low-conn 100000000 pool-low-conn 10", "100000000", "cap"),
    ("global", "tune.maxrewrite 1k 2g", "2g", "cap"),
    ("global", "tune.ssl.cachesize 1000 100000000", "100000000", "cap"),
    ("global", "maxsslconn 100 200000", "200000", "cap"),
    ("global", "tune.h2.max-concurrent-streams 0001000000", "0001000000", "cap"),
    ("listen", "backlog +100000000", "+100000000", "whole number"),
    # a check's port as a sample expression: no boundary could know where it goes
    ("backend", "tcp-check connect port int(56379)", "int", "port"),
    ("listen", "http-check connect addr 10.77.2.2 port str(56379)", "str", "port"),
    ("defaults", "default-server port int(56379)", "int", "port"),
]

# Every way a log-format string opens a sample expression (src/log.c: `%[`, `%{flags}[`, and
# from HAProxy 3.0 `%(name)` before them), each with every fetch or converter family that reads
# the host, in every directive that takes a log-format string: issue 28's `%{+Q}[env(PATH)]`.
_LOG_FORMAT_OPENINGS = [
    "%[", "%{+Q}[", "%{-Q}[", "%{+E}[", "%{+X}[", "%{-E,+X}[", "%{+Q,+E}[", "%{+X,+Q}[", "%{}[",
    "%{+Q,-Q,+Q}[", "%{+bin}[", "%(name){+Q}[", "%(name)[", "x%{+Q}[",
]  # fmt: skip
# (the expression after the opening, its attacking word, a word of the expected reason)
_HOST_EXPRESSIONS = [
    ("env(HOME)]", "env", "environment"),
    ("env('HAPLAB_SECRET_KEY'),lower]", "env", "environment"),
    ("hostname]", "hostname", "host"),
    ("lua.fetch]", "lua.fetch", "lua"),
    ("src,map(/etc/passwd)]", "/etc/passwd", "outside"),
    ("req.fhdr(user-agent),51d.single(IsMobile)]", "51d.single", "device"),
    ("str(a),concat(,txn.x,),env(PATH)]", "env", "environment"),
]
# (section, the directive before its log-format argument)
_LOG_FORMAT_DIRECTIVES = [
    ("listen", "http-request set-header X-Probe"),
    ("listen", "http-request add-header X-Probe"),
    ("backend", "http-response set-header X-Probe"),
    ("listen", "http-after-response add-header X-Probe"),
    ("listen", "http-request replace-header X-Probe ^(.*)$"),
    ("listen", "http-request return status 200 content-type text/plain lf-string"),
    ("listen", "http-request return status 200 content-type text/plain hdr X-Probe"),
    ("frontend", "http-error status 503 content-type text/plain lf-string"),
    ("defaults", "log-format"),
    ("defaults", "unique-id-format"),
    ("listen", "http-request set-var-fmt(txn.probe)"),
    ("frontend", "use_backend"),
    ("backend", "http-check send meth GET uri / hdr X-Probe"),
    ("listen", "http-request redirect location"),
    ("listen", "http-request set-path"),
    ("listen", "http-request set-uri"),
    ("listen", "http-request early-hint Link"),
    ("listen", "http-request deny status 403 content-type text/plain lf-string"),
]


def _log_format_bases() -> list[tuple[str, str, str, str]]:
    bases = []
    # every opening with every host-reading expression, in one directive ...
    section, directive = _LOG_FORMAT_DIRECTIVES[0]
    for opening in _LOG_FORMAT_OPENINGS:
        for expression, word, why in _HOST_EXPRESSIONS:
            bases.append((section, f"{directive} {opening}{expression}", word, why))
    # ... and every directive, each with a different opening and expression
    for number, (section, directive) in enumerate(_LOG_FORMAT_DIRECTIVES[1:]):
        opening = _LOG_FORMAT_OPENINGS[number % len(_LOG_FORMAT_OPENINGS)]
        expression, word, why = _HOST_EXPRESSIONS[number % len(_HOST_EXPRESSIONS)]
        bases.append((section, f"{directive} {opening}{expression}", word, why))
    # directives that send the host's name (the manual: "the system's hostname")
    bases += [
        ("global", "log-send-hostname", "log-send-hostname", "not an allowed"),
        ("backend", "http-check send-state", "send-state", "host"),
        ("listen", "email-alert myhostname", "myhostname", "not an allowed"),
    ]
    # the hostname as a log-format variable (%H), in every flag form
    for number, opening in enumerate(["%", "%{+Q}", "%{-E,+X}", "%{}", "%(name)", "x%{+Q,+E}"]):
        section, directive = _LOG_FORMAT_DIRECTIVES[number * 3 % len(_LOG_FORMAT_DIRECTIVES)]
        bases.append((section, f"{directive} {opening}H", f"{opening}H", "host"))
    # nested in a converter's arguments, and written after literal text and other blocks
    bases += [
        ("listen", "http-request set-header X %[str(%{+Q}[env(HOME)])]", "env", "environment"),
        ("listen", "http-request set-header X %[src,concat(%{-E,+X}[hostname])]", "hostname", "host"),
        ("listen", 'http-request set-header X %[str("%{+Q}[env(HOME)]"),lower]', "env", "environment"),
        (
            "listen",
            "http-request set-header X %[str(\\'%{+Q}[e\\'\\'nv(HOME)]\\'),lower]",
            "nv(HOME)",
            "environment",
        ),
        ("listen", "http-request set-header X abc%%%{+Q}[env(HOME)]", "env", "environment"),
        ("listen", "http-request set-header X %{+Q}r%{+Q}[env(HOME)]", "env", "environment"),
        ("listen", "http-request set-header X %[src]%{+X}[env(HOME)]", "env", "environment"),
    ]
    return bases


_BASES += _log_format_bases()


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
    # issue 28's probes
    Hostile("listen", "http-response set-header X-P %{+Q}[env(PATH)]", "environment"),
    Hostile("listen", "http-response set-header X-P %{-E,+X}[env(PATH)]", "environment"),
    Hostile("backend", "stick-table type ip size 1k size 2g", "cap"),
    Hostile("backend", "stick-table type string len 32 size 1k len 100000000", "cap"),
    Hostile("listen", "http-request return status 200 errorfile /etc/passwd", "outside"),
    Hostile("frontend", "http-request deny errorfile /etc/passwd", "outside"),
    Hostile("listen", "http-request tarpit errorfile /etc/passwd", "outside"),
    Hostile("backend", "http-response deny errorfile /etc/passwd", "outside"),
    Hostile("frontend", "http-error status 503 errorfile /etc/passwd", "outside"),
    Hostile(
        "listen",
        'http-request set-var(txn.ok) req.hdr(authorization),jwt_verify(RS256,"/etc/ssl/private/k.pem")',
        "outside",
    ),
    # issue 10's probes
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
    # blanks inside the flags need quotes, which HAProxy removes before the log-format parser
    Hostile("listen", 'http-response set-header X-P "%{ +Q }[env(PATH)]"', "environment"),
    Hostile("listen", 'http-response set-header X-P "%{+Q, +E}[hostname]"', "host"),
    Hostile("listen", "http-response set-header X-P %{+Q}[\\x65nv(PATH)]", "environment"),
    Hostile("listen", "http-response set-header X-P %{+Q}[e\\x6ev(PATH)]", "environment"),
    Hostile("listen", "http-response set-header X-P %{+Q}[en\\x76(PATH)]", "environment"),
]

_VARIANTS = [Hostile(section, v, why) for section, line, word, why in _BASES for v in variants(line, word)]
# The issue's probes first; a variant that happens to spell one of them is not repeated.
CORPUS: list[Hostile] = [
    *ISSUE_PROBES,
    *(h for h in _VARIANTS if h.line not in {p.line for p in ISSUE_PROBES}),
]
