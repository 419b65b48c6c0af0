"""Only HAProxy's messages about lines of haplab's config reach users: never another file's text."""

from __future__ import annotations

import subprocess
from pathlib import Path

from contract.haproxy.check_output import WITHHELD, alerts, config_messages, shown

REAL_OUTPUT = """\
[NOTICE]   (12820) : haproxy version is 2.6.12-1+deb12u4
[NOTICE]   (12820) : path to executable is /usr/sbin/haproxy
[ALERT]    (12820) : config : parsing [haproxy.cfg:10] : error detected while parsing ACL 'x' : \
'root:x:0:0:root:/root:/bin/bash' is not a valid number range at line 1 of file '/etc/passwd'.
[ALERT]    (12820) : config : parsing [haproxy.cfg:11] : unknown keyword 'bogus' in 'listen' section
[WARNING]  (12820) : config : missing timeouts for proxy 'x'.
[ALERT]    (12820) : config : parsing [/etc/haproxy.cfg:1] : 'secret-line' unknown
root:x:0:0:root:/root:/bin/bash
[ALERT]    (12820) : config : Error(s) found in configuration file : haproxy.cfg
[ALERT]    (12820) : config : Fatal errors found in configuration.
"""


def test_keeps_messages_about_config_lines_and_withholds_other_files() -> None:
    messages = config_messages(REAL_OUTPUT, "haproxy.cfg")

    assert [(m.level, m.line) for m in messages] == [
        ("ALERT", 10),
        ("ALERT", 11),
        ("WARNING", None),
        ("ALERT", None),
    ]
    assert messages[0].message == WITHHELD
    assert messages[1].message == "unknown keyword 'bogus' in 'listen' section"
    assert messages[3].message == WITHHELD  # a file that merely ends in the config's name
    text = shown(messages)
    assert "root:" not in text and "secret-line" not in text and "NOTICE" not in text
    assert [m.line for m in alerts(REAL_OUTPUT, "haproxy.cfg")] == [10, 11, None]


def test_files_in_the_config_directory_may_be_named() -> None:
    output = (
        "[ALERT]    (1) : config : parsing [haproxy.cfg:9] : 'bind :443' : unable to load "
        "certificate from file '/run/x/certs/lab.pem'.\n"
        "[ALERT]    (1) : config : parsing [haproxy.cfg:9] : cannot open file '/run/x/../etc/shadow'.\n"
    )

    messages = config_messages(output, "haproxy.cfg", "/run/x")

    assert "/run/x/certs/lab.pem" in messages[0].message
    assert messages[1].message == WITHHELD


def test_real_haproxy_reading_a_secret_file_is_withheld(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("s3cr3t-token-value\n")
    (tmp_path / "haproxy.cfg").write_text(
        "defaults\n    mode http\n    timeout client 1s\n    timeout server 1s\n    timeout connect 1s\n"
        f"listen x\n    bind 127.0.0.1:18999\n    acl a dst_port -f {secret}\n    server s 127.0.0.1:1\n"
    )
    done = subprocess.run(
        ["haproxy", "-c", "-f", "haproxy.cfg"], cwd=tmp_path, capture_output=True, text=True, check=False
    )
    assert "s3cr3t-token-value" in done.stdout + done.stderr  # HAProxy itself echoes it

    messages = config_messages(done.stdout + done.stderr, "haproxy.cfg", str(tmp_path / "run"))

    assert [(m.line, m.message) for m in messages] == [(8, WITHHELD)]
    assert "s3cr3t" not in shown(messages)
