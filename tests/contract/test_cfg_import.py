"""Importing a production haproxy.cfg (contract.cfg_import): every line gets a fate, the result is
a valid spec, and a config read back from its own rendering imports to the same spec.

The corpus (tests/contract/haproxy_corpus, sources and licenses in SOURCES.toml) is real configs
from public repositories; the seed templates are haplab's own. `haproxy -c` on the imported
configs is tests/api/test_import.py's (it needs the API host's sandbox).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from contract.cfg_import import ConfigImportError, Imported, import_config
from contract.cfg_import.conditions import ConditionError, evaluate
from contract.examples import seed_examples
from contract.haproxy.cfg_words import join_words, split_words
from contract.haproxy.render import RenderContext, render
from contract.target import ExternalTarget, ManagedTarget

CORPUS = Path(__file__).parent / "haproxy_corpus"
CASES = Path(__file__).parent / "cfg_import_cases"
# The public corpus and haplab's own cases (each exercising what the corpus lacks).
CORPUS_FILES = [*sorted(CORPUS.glob("*.cfg")), *sorted(CASES.glob("*.cfg"))]
ACCEPTANCE = (CASES / "three-backends-tls-userlist-lua.cfg").read_text()


def rendered(imported: Imported) -> str:
    upstreams = imported.spec.target.upstream_count()
    ctx = RenderContext(
        target_addresses=[f"127.0.0.1:{18080 + i}" for i in range(upstreams)], runtime_dir="/haplab/run"
    )
    return render(imported.spec.proxy, ctx)


def fates(imported: Imported) -> dict[int, str]:
    return {line.line: line.fate for line in imported.report.lines}


@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.stem)
def test_every_corpus_config_imports_with_every_line_accounted_for(path: Path) -> None:
    text = path.read_bytes().decode()
    imported = import_config(text)
    numbered = {n for n, line in enumerate(text.split("\n"), start=1) if line.strip(" \t\r")}
    assert set(fates(imported)) == numbered  # one fate per non-blank line, and no other
    assert sum(imported.report.counts.values()) == len(numbered)
    for line in imported.report.lines:
        assert line.detail, line
        if line.fate in ("modelled", "kept"):
            assert line.field is not None and line.field.startswith("proxy."), line


@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.stem)
def test_a_corpus_config_read_back_from_its_rendering_is_the_same_spec(path: Path) -> None:
    imported = import_config(path.read_bytes().decode())
    assert import_config(rendered(imported)).spec == imported.spec


@pytest.mark.parametrize("template", sorted(seed_examples()))
def test_a_template_rendered_and_imported_twice_is_the_same_spec(template: str) -> None:
    spec = seed_examples()[template]
    ctx = RenderContext(
        target_addresses=[f"127.0.0.1:{18080 + i}" for i in range(spec.target.upstream_count())],
        runtime_dir="/haplab/run",
    )
    first = import_config(render(spec.proxy, ctx))
    assert import_config(rendered(first)).spec == first.spec
    # The template's own settings come back as fields, not raw lines.
    assert first.spec.proxy.global_.maxconn == spec.proxy.global_.maxconn
    assert first.spec.proxy.defaults.timeouts == spec.proxy.defaults.timeouts


def test_the_acceptance_config_keeps_routing_maps_tls_and_reports_what_it_leaves_out() -> None:
    imported = import_config(ACCEPTANCE, environment={"APP3": "10.0.0.13:8080"})
    spec, report = imported.spec, imported.report
    by_text = {line.text.strip(): line for line in report.lines}
    lua = by_text["lua-load /etc/haproxy/cors.lua"]
    assert lua.fate == "refused" and "Lua" in lua.detail
    for text in ("userlist admins", "user alice password $5$abc$xyz", "group ops users alice"):
        assert by_text[text].fate == "not_imported"
    assert by_text["chroot /var/lib/haproxy"].fate == "refused"
    # TLS: the crt path becomes the lab certificate; the load enters over TLS; :80 is kept beside it.
    frontend = spec.proxy.frontends[0]
    assert frontend.bind.port == 443 and frontend.bind.ssl is not None and frontend.bind.ssl.cert == "lab"
    assert frontend.bind.ssl.alpn == ["h2", "http/1.1"]
    assert [b.port for b in frontend.extra_binds] == [80]
    assert spec.load.tls
    assert ("certificate", "/etc/ssl/private/site.pem") in {(m.kind, m.original) for m in report.mappings}
    # Routing: three backends, use_backend rules kept in order, the default backend modelled.
    assert [b.name for b in spec.proxy.backends] == ["app", "api", "static"]
    assert frontend.default_backend == "app"
    assert [line for line in frontend.extra if line.startswith("use_backend")] == [
        "use_backend api if is_api",
        "use_backend static if is_static",
    ]
    # Servers: one lab upstream per distinct address, weights, maxconn and checks kept.
    assert isinstance(spec.target, ManagedTarget) and spec.target.servers == 6
    app = spec.proxy.backends[0]
    assert [(s.name, s.target, s.weight, s.maxconn) for s in app.servers] == [
        ("app1", 1, 10, 200),
        ("app2", 2, 20, 200),
        ("app3", 3, None, None),
    ]
    assert app.servers[2].check is not None and app.servers[2].check.inter_ms == 3000
    assert app.servers[0].extra == ["cookie a1"]
    assert app.health_check is not None and app.health_check.kind == "http"
    assert app.health_check.path == "/health" and app.health_check.expect_status == 200
    api = spec.proxy.backends[1]
    assert (api.balance, api.http_reuse) == ("leastconn", "always")
    assert spec.proxy.backends[2].balance == "roundrobin"  # from defaults, which the model lacks
    assert spec.proxy.global_.maxconn == 4000 and spec.proxy.global_.nbthread == 2
    assert spec.proxy.defaults.timeouts.server == 50000  # "50000": milliseconds by default


def test_a_variable_without_a_value_refuses_its_line_and_is_listed() -> None:
    imported = import_config(ACCEPTANCE)
    app3 = next(line for line in imported.report.lines if "APP3" in line.text)
    assert app3.fate == "refused" and "${APP3}" in app3.detail
    assert [(e.name, e.lines) for e in imported.report.environment] == [("APP3", [app3.line])]
    assert [s.name for s in imported.spec.proxy.backends[0].servers] == ["app1", "app2"]


def test_variables_read_as_haproxy_reads_them() -> None:
    values = {"HOST": "10.1.1.1", "WORDS": "a  b c"}

    def lookup(name: str, default: str | None) -> str:
        return values.get(name, default if default is not None else "")

    assert split_words('server s "${HOST}:80"', lookup) == ["server", "s", "10.1.1.1:80"]
    assert split_words('x "$HOST"y', lookup) == ["x", "10.1.1.1y"]
    assert split_words('x "${NONE-fallback}"', lookup) == ["x", "fallback"]
    assert split_words('x "${WORDS[*]}" z', lookup) == ["x", "a", "b", "c", "z"]
    assert split_words("x '${HOST}' ${HOST}", lookup) == ["x", "${HOST}", "${HOST}"]  # not in double quotes


@pytest.mark.parametrize(
    "value",
    ['a" lua-load "/x', "a\\x20b", "it's $HOME", "#not-a-comment", "tab\there", "back\\slash"],
)
def test_a_value_given_for_a_variable_stays_one_word_of_its_line(value: str) -> None:
    text = "\n".join(
        [
            "frontend fe",
            "    bind :8080",
            '    http-request set-header X-A "${V}"',
            "    default_backend be",
            "backend be",
            "    server s 10.0.0.1:80",
        ]
    )
    imported = import_config(text, environment={"V": value})
    line = imported.spec.proxy.frontends[0].extra
    if "\t" in value:
        assert line == []  # a control character in a word: HAProxy would read a different line
        return
    assert split_words(line[0]) == ["http-request", "set-header", "X-A", value]


def test_join_words_reads_back_as_the_same_words() -> None:
    for words in (["a b"], ["it's"], ["#x"], ["$y"], [""], ['say "hi" $x \\'], ["a", "b c", "d'e\"f"]):
        assert split_words(join_words(words)) == words


def test_if_blocks_are_evaluated_as_haproxy_26_evaluates_them() -> None:
    text = "\n".join(
        [
            "global",
            ".if defined(TUNED)",
            "    nbthread 4",
            ".elif version_atleast(2.4) && !feature(QUIC)",
            "    nbthread 2",
            ".else",
            "    nbthread 1",
            ".endif",
            ".if streq(a,b) || (version_before(2.0))",
            "    maxconn 10",
            ".endif",
            "listen l",
            "    bind :8080",
            "    server s 10.0.0.1:80",
        ]
    )
    assert import_config(text).spec.proxy.global_.nbthread == 2
    assert import_config(text, environment={"TUNED": "1"}).spec.proxy.global_.nbthread == 4
    imported = import_config(text)
    assert imported.spec.proxy.global_.maxconn is None
    skipped = {line.line for line in imported.report.lines if line.fate == "skipped"}
    assert {2, 3, 6, 7, 9, 10}.issubset(skipped)


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        (["1"], True),
        (["0"], False),
        (["defined(X)"], True),
        (["!defined(Y)"], True),
        (["feature(OPENSSL)", "&&", "feature(LUA)"], True),
        (["streq(a,a)", "&&", "strneq(a,a)"], False),
        (["(0", "||", "1)", "&&", "1"], True),
        (["version_atleast(2.6.12)"], True),
        (["version_atleast(2.7)"], False),
    ],
)
def test_conditions(words: list[str], expected: bool) -> None:
    assert evaluate(words, lambda name: name == "X") is expected


@pytest.mark.parametrize("words", [["nosuch(1)"], ["(1"], ["1", "&&"], []])
def test_conditions_haproxy_refuses(words: list[str]) -> None:
    with pytest.raises(ConditionError):
        evaluate(words, lambda name: False)


def test_named_defaults_go_to_the_sections_that_inherit_them() -> None:
    text = """
defaults web
    mode http
    timeout client 10s
    timeout connect 1s
    timeout server 10s
defaults db from web
    mode tcp
    timeout server 1m
frontend fe from web
    bind :8080
    default_backend app
backend app from web
    server a 10.0.0.1:80
listen mysql from db
    bind :3306
    server m 10.0.0.2:3306
"""
    spec = import_config(text).spec
    assert spec.proxy.defaults.mode == "http" and spec.proxy.defaults.timeouts.server == 10_000
    mysql = spec.proxy.listens[0]
    assert mysql.mode == "tcp" and mysql.timeouts.server == 60_000 and mysql.timeouts.client == 10_000


def test_a_frontend_and_a_backend_may_share_a_name_in_haproxy_not_in_the_spec() -> None:
    text = (
        "frontend www\n    bind :80\n    use_backend www if TRUE\n    default_backend www\n"
        "backend www\n    server s 10.0.0.1:80\n"
    )
    imported = import_config(text)
    assert imported.spec.proxy.backends[0].name == "www_backend"
    assert imported.spec.proxy.frontends[0].default_backend == "www_backend"
    assert imported.spec.proxy.frontends[0].extra == ["use_backend www_backend if TRUE"]
    assert import_config(rendered(imported)).spec == imported.spec


def test_server_templates_become_servers_and_external_targets_keep_addresses() -> None:
    text = (
        "listen l\n    bind :8080\n    server-template web 1-3 app.internal:80 check\n"
        "    server x 10.0.0.9:81\n"
    )
    managed = import_config(text).spec
    assert [(s.name, s.target) for s in managed.proxy.listens[0].servers] == [
        ("web1", 1),
        ("web2", 2),
        ("web3", 3),
        ("x", 4),
    ]
    external = import_config(text, target="external").spec
    assert isinstance(external.target, ExternalTarget)
    assert external.target.addresses == ["app.internal:80", "10.0.0.9:81"]
    assert [s.target for s in external.proxy.listens[0].servers] == [1, 1, 1, 2]


def test_a_later_directive_overrides_an_earlier_one_and_says_so() -> None:
    text = "global\n    maxconn 100\n    maxconn 200\nlisten l\n    bind :8080\n    server s 10.0.0.1:80\n"
    imported = import_config(text)
    assert imported.spec.proxy.global_.maxconn == 200
    first = next(line for line in imported.report.lines if line.line == 2)
    assert first.fate == "skipped" and "overridden by line 3" in first.detail


def test_a_config_without_any_proxy_section_gets_an_entry_point_said_in_the_notes() -> None:
    imported = import_config("global\n    maxconn 500\n")
    assert imported.spec.proxy.listens[0].name == "imported"
    assert any("added listen" in note for note in imported.report.notes)


@pytest.mark.parametrize("text", ["", "   \n# only a comment\n", "bogus line\n"])
def test_text_that_holds_no_config_still_imports_or_says_why(text: str) -> None:
    try:
        imported = import_config(text)
    except ConfigImportError as error:
        assert str(error)
        return
    assert imported.spec.proxy.listens or imported.spec.proxy.frontends


def test_no_line_of_the_hostile_corpus_is_kept_by_an_import() -> None:
    """The raw-line attacks (files, Lua, programs, the environment, caps ...) pasted into a
    production config are refused there too: an import keeps raw lines only through the same
    allowlist."""
    from tests.contract.hostile_corpus import CORPUS as HOSTILE

    for hostile in HOSTILE:
        section = "global" if hostile.section in ("global", "defaults") else "listen l"
        head = [section] if section == "global" else []
        tail = ["listen l", "    bind :8080", "    server s 10.0.0.1:80"]
        if section != "global":
            tail.append("    " + hostile.line)
        text = "\n".join([*head, *(["    " + hostile.line] if head else []), *tail])
        imported = import_config(text)
        fate = next(line for line in imported.report.lines if line.text.strip() == hostile.line.strip())
        kept = [line for s in (imported.spec.proxy.global_, *imported.spec.proxy.listens) for line in s.extra]
        assert hostile.line.strip() not in kept, hostile
        if fate.fate == "kept":
            # Only a variable's default, given in the text itself, was written in its place: the
            # import reads no environment but the values it is given.
            assert "${" in hostile.line and fate.field is not None, (hostile, fate)
            assert all("$" not in line for line in kept), kept
        else:
            assert fate.fate != "modelled", (hostile, fate)


def test_an_import_never_reads_the_api_hosts_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HAPLAB_IMPORT_PROBE", "leaked")
    text = (
        'listen l\n    bind :8080\n    http-request set-header X "${HAPLAB_IMPORT_PROBE}"\n'
        "    server s 10.0.0.1:80\n"
    )
    imported = import_config(text)
    assert "leaked" not in imported.spec.model_dump_json()
    (line,) = [line for line in imported.report.lines if "PROBE" in line.text]
    assert line.fate == "refused" and "no value" in line.detail


def test_http_options_of_defaults_go_to_the_http_sections_when_some_run_tcp() -> None:
    text = "\n".join(
        [
            "global",
            "    log stdout format raw local0",
            "defaults",
            "    mode http",
            "    option httplog",
            "    option forwardfor",
            "    timeout client 5s",
            "frontend web",
            "    bind :8080",
            "    default_backend app",
            "backend app",
            "    server a 10.0.0.1:80",
            "listen db",
            "    mode tcp",
            "    bind :3306",
            "    server d 10.0.0.2:3306",
        ]
    )
    imported = import_config(text)
    proxy = imported.spec.proxy
    assert proxy.defaults.options == []
    assert proxy.frontends[0].options == ["httplog", "forwardfor"]
    assert proxy.backends[0].options == ["forwardfor"]  # httplog is a frontend's
    assert proxy.listens[0].options == []
    httplog = next(line for line in imported.report.lines if line.text.strip() == "option httplog")
    assert httplog.fate == "mapped" and "frontend web" in httplog.detail
    assert import_config(rendered(imported)).spec == imported.spec


def test_a_pattern_files_content_given_with_the_import_is_inlined_and_said() -> None:
    text = (
        "frontend f\n  bind :80\n  acl blocked src -f /etc/haproxy/blocked.lst\n"
        "  http-request deny if blocked\n  default_backend b\nbackend b\n  server s 10.0.0.1:80\n"
    )
    without = import_config(text)
    (reference,) = without.report.files
    assert reference.path == "/etc/haproxy/blocked.lst" and not reference.inlined
    assert "pattern file" in reference.hint
    assert next(line for line in without.report.lines if line.line == 3).fate == "refused"
    given = import_config(text, files={"/etc/haproxy/blocked.lst": "10.0.0.1\n# a comment\n\n10.0.0.0/24\n"})
    assert given.spec.proxy.frontends[0].extra[0] == "acl blocked src 10.0.0.1 10.0.0.0/24"
    line = next(line for line in given.report.lines if line.line == 3)
    assert line.fate == "mapped" and "/etc/haproxy/blocked.lst" in line.detail
    assert given.report.files[0].inlined


def test_a_binds_tls_versions_and_ciphers_come_along() -> None:
    text = (
        "frontend f\n  bind :443 ssl crt /etc/ssl/a.pem ciphers ECDHE-RSA-AES128-GCM-SHA256 "
        "ciphersuites TLS_AES_128_GCM_SHA256 ssl-min-ver TLSv1.2 no-tls-tickets strict-sni\n"
        "  default_backend b\nbackend b\n  server s 10.0.0.1:80\n"
    )
    imported = import_config(text)
    tls = imported.spec.proxy.frontends[0].bind.ssl
    assert tls is not None
    assert (tls.ciphers, tls.ciphersuites) == ("ECDHE-RSA-AES128-GCM-SHA256", "TLS_AES_128_GCM_SHA256")
    assert tls.options == ["ssl-min-ver TLSv1.2", "no-tls-tickets"]
    bind_line = next(line for line in imported.report.lines if line.line == 2)
    assert "strict-sni (not modelled on a bind)" in bind_line.detail
    text_out = rendered(imported)
    assert (
        "ciphers ECDHE-RSA-AES128-GCM-SHA256 ciphersuites TLS_AES_128_GCM_SHA256 ssl-min-ver TLSv1.2"
        in text_out
    )
    assert import_config(text_out).spec == imported.spec


def test_a_statistics_page_frontend_is_not_where_the_load_enters() -> None:
    text = (
        "frontend stats\n  bind :8404\n  stats enable\n  stats uri /stats\n"
        "listen app\n  bind :80\n  server a 10.0.0.1:80\n"
    )
    imported = import_config(text)
    assert imported.spec.entry_point()[1].name == "app"
    assert [s.name for s in imported.spec.proxy.listens] == ["app", "stats"]
    assert imported.spec.proxy.listens[1].extra == ["stats enable", "stats uri /stats"]
    assert any("statistics page" in note for note in imported.report.notes)
    assert import_config(rendered(imported)).spec == imported.spec


def test_a_tcp_frontend_may_send_to_an_http_backend_as_haproxy_upgrades_it() -> None:
    text = (
        "frontend f\n  mode tcp\n  bind :443\n  default_backend web\n"
        "backend web\n  mode http\n  server w 10.0.0.1:80\n"
    )
    assert import_config(text).spec.proxy.frontends[0].default_backend == "web"


def test_a_repeated_server_name_is_refused_on_its_line() -> None:
    imported = import_config("listen l\n bind :80\n server s1 10.0.0.1:80\n server s1 10.0.0.2:80\n")
    assert [s.name for s in imported.spec.proxy.listens[0].servers] == ["s1"]
    line = next(line for line in imported.report.lines if line.line == 4)
    assert line.fate == "refused" and "appears twice" in line.detail


def test_configs_made_of_mixed_and_damaged_corpus_lines_import_or_say_why() -> None:
    """Lines of every corpus config, shuffled into sections and some damaged (quotes, escapes,
    braces, a stray CR): every one imports with a fate per line, or is refused with a reason;
    none raises anything else (the API would answer 500)."""
    import random

    pool = [line for path in CORPUS_FILES for line in path.read_bytes().decode().split("\n") if line.strip()]
    damage = list(" \t\"'\\#$%{}[]()!&|,:;-_./*@xy09\r")
    chance = random.Random(35)
    for _ in range(300):
        lines = []
        for line in chance.sample(pool, chance.randint(3, 40)):
            if chance.random() < 0.3:
                at = chance.randint(0, len(line))
                line = (
                    line[:at]
                    + "".join(chance.choice(damage) for _ in range(chance.randint(1, 4)))
                    + line[at:]
                )
            lines.append(line)
        text = "\n".join(lines)
        try:
            imported = import_config(
                text, environment={"APP3": '$x"y'}, target=chance.choice(["managed", "external"])
            )
        except ConfigImportError as refusal:
            assert str(refusal)
            continue
        numbered = {n for n, line in enumerate(text.split("\n"), start=1) if line.strip(" \t\r")}
        assert set(fates(imported)) == numbered, text
