"""`haplab`: validate and run experiment files against a haplab, for people and for CI.

    haplab login --url https://haplab.example            # stores URL + token (mode 600), bound together
    haplab validate exp.yaml                              # field and haproxy -c errors at their line
    haplab import haproxy.cfg -o exp.yaml [--env NAME=VALUE]  # a production config as an experiment
    haplab run exp.yaml --lab NAME [--set spec.load.rate=500] [--junit out.xml] [--json out.json]
    haplab runs list | runs show ID | cancel ID | export ID... --format csv|json | compare ID...
    haplab agents list --lab NAME | agents revoke --lab NAME AGENT [--yes]   # revoke: lab admins

Exit codes: haplab_cli/outcome.py (0 passed, 1 a threshold failed, 2 a run failed, 3 bad input).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any, NoReturn, TypeVar

import typer
from pydantic import ValidationError
from rich.text import Text

from contract.experiment import ExperimentSpec
from contract.run_state import TERMINAL_STATES
from haplab_cli import config, importing
from haplab_cli.api import Api, ApiRefusedError, UnreachableError
from haplab_cli.client.api.auth import auth_get_session
from haplab_cli.client.api.experiments import (
    experiments_create_experiment,
    experiments_create_version,
    experiments_get_experiment,
    experiments_import_haproxy_cfg,
    experiments_launch_experiment,
    experiments_list_experiments,
    experiments_update_experiment,
    experiments_validate_spec,
)
from haplab_cli.client.api.labs import labs_get_lab, labs_list_labs, labs_revoke_agent
from haplab_cli.client.api.metrics import metrics_get_metric_registry
from haplab_cli.client.api.runs import (
    runs_cancel_run,
    runs_compare_runs,
    runs_export_runs_csv,
    runs_export_runs_json,
    runs_get_launch,
    runs_get_run,
    runs_list_runs,
)
from haplab_cli.client.models.runs_list_runs_order import RunsListRunsOrder
from haplab_cli.files import ExperimentFileDoc, ExperimentFileError, read_experiment_file, with_settings
from haplab_cli.outcome import (
    BAD_INPUT,
    RUN_FAILED,
    exit_code,
    point_label,
    point_title,
    probe_text,
    run_title,
    run_verdict,
    write_reports,
)
from haplab_cli.terminal import err, out, styled, visible

POLL_S = 2.0
PROGRESS_S = 10.0  # how often a measuring run's progress is printed (a CI log stays short)

app = typer.Typer(help="Run and judge haplab experiments from a terminal or a CI job.", no_args_is_help=True)
runs_app = typer.Typer(help="Runs of the team.", no_args_is_help=True)
app.add_typer(runs_app, name="runs")
agents_app = typer.Typer(help="The agents of a lab.", no_args_is_help=True)
app.add_typer(agents_app, name="agents")

UrlOption = Annotated[
    str | None, typer.Option("--url", help="haplab's address (else HAPLAB_URL, else haplab login).")
]
TokenOption = Annotated[
    str | None, typer.Option("--token", help="An API token (else HAPLAB_TOKEN, else haplab login).")
]
SetOption = Annotated[
    list[str] | None,
    typer.Option("--set", help="path=value into the file, e.g. spec.load.duration_s=10 (repeatable)."),
]


def fail(message: str, code: int = BAD_INPUT) -> NoReturn:
    err.line(styled("error:", "red"), f" {message}")
    raise typer.Exit(code)


def connect(url: str | None, token: str | None) -> Api:
    try:
        url, token = config.resolve(url, token)
    except config.CredentialsError as exc:
        fail(str(exc))
    if not url:
        fail("no haplab URL: pass --url, set HAPLAB_URL, or run haplab login")
    if not token:
        fail("no API token: pass --token, set HAPLAB_TOKEN, or run haplab login (tokens: the Team page)")
    return Api(url, token)


T = TypeVar("T")


def refused(exc: ApiRefusedError, file: ExperimentFileDoc | None = None, code: int = BAD_INPUT) -> NoReturn:
    """Say an API refusal plainly (each field at its line of the file) and exit with what it
    means: auth and bad input 3, anything else `code`."""
    for field in exc.fields:
        where = file.where(field["field"]) if file is not None else field["field"]
        err.line(f"{where}: {field['field']}: {field['message']}")
    if exc.status in (401, 403):
        fail(f"not allowed ({exc.status}): {exc.body.get('message')}", BAD_INPUT)
    fail(exc.body.get("message") or str(exc), BAD_INPUT if exc.status in (404, 409, 422) else code)


def guarded(call: Callable[[], T], file: ExperimentFileDoc | None = None, code: int = BAD_INPUT) -> T:
    """`call`, or the exit its failure means (refused)."""
    try:
        return call()
    except UnreachableError as exc:
        fail(f"haplab did not answer: {exc}", code)
    except ApiRefusedError as exc:
        refused(exc, file, code)


def load_file(path: Path, settings: Sequence[str] | None) -> ExperimentFileDoc:
    try:
        return with_settings(read_experiment_file(path), list(settings or []))
    except ExperimentFileError as exc:
        fail(str(exc))


@app.command()
def login(
    url: Annotated[str, typer.Option("--url", prompt="haplab URL", help="e.g. https://haplab.example")],
    token: Annotated[
        str, typer.Option("--token", prompt="API token", hide_input=True, help="From the Team page.")
    ],
) -> None:
    """Check a token against haplab and store it for the next commands (mode 600), for that
    haplab only: later commands send it to no other --url."""
    try:
        config.origin_of(url)
    except ValueError as exc:
        fail(str(exc))
    api = Api(url, token)
    session = guarded(lambda: api.call(auth_get_session))
    try:
        path = config.save(url, token)
    except config.CredentialsError as exc:
        fail(str(exc))
    who = session.get("user", {}).get("email", "?")
    out.line(f"signed in to {url} as {who}; token stored in {path} (mode 600)")


@app.command()
def validate(
    file: Annotated[Path, typer.Argument(help="An experiment file (YAML or JSON).")],
    set_: SetOption = None,
    url: UrlOption = None,
    token: TokenOption = None,
) -> None:
    """Check an experiment file: the spec's fields and haproxy -c on its rendered configs."""
    doc = load_file(file, set_)
    api = connect(url, token)
    try:
        report = api.call(experiments_validate_spec, body={"spec": doc.doc["spec"]})
    except ApiRefusedError as exc:
        if exc.status != 422 or "valid" not in exc.body:
            refused(exc, doc)
        report = exc.body  # ValidationRefused: the report with the field errors
    except UnreachableError as exc:
        fail(f"haplab did not answer: {exc}")
    for warning in report.get("warnings", []):
        out.line(f"{doc.where(warning['field'])}: warning: {warning['field']}: {warning['message']}")
    if report["valid"]:
        out.line(
            f"{doc.path}: valid ({report.get('run_count')} runs, "
            f"{report.get('sweep_configs_checked')} configs checked by haproxy -c)"
        )
        return
    problems = report.get("fields") or report.get("field_errors") or []
    for problem in problems:
        err.line(f"{doc.where(problem['field'])}: {problem['field']}: {problem['message']}")
    check = report.get("haproxy_check") or {}
    for check_error in check.get("errors", []):
        if check_error.get("field"):
            continue  # named above, at its line of the file
        err.line(f"haproxy.cfg:{check_error.get('line') or '?'}: {check_error['message']}")
    fail(f"{doc.path}: not valid ({len(problems)} problem{'s' if len(problems) != 1 else ''})")


@app.command("import")
def import_config(
    cfg: Annotated[Path, typer.Argument(help="A haproxy.cfg, as production HAProxy reads it.")],
    output: Annotated[
        Path | None,
        typer.Option("-o", "--output", help="The experiment file to write; standard output without."),
    ] = None,
    env: Annotated[
        list[str] | None,
        typer.Option("--env", help='NAME=VALUE for each "${NAME}" the config reads (repeatable).'),
    ] = None,
    target: Annotated[
        str,
        typer.Option(
            "--target",
            help="managed: servers become the lab's own servers; external: they keep their addresses.",
        ),
    ] = "managed",
    pattern_file: Annotated[
        list[str] | None,
        typer.Option(
            "--pattern-file",
            help="PATH=LOCAL: the content of a pattern file the config names (acl ... -f PATH), inlined.",
        ),
    ] = None,
    lab: Annotated[
        str | None, typer.Option("--lab", help="Check addresses against this lab's boundary.")
    ] = None,
    report: Annotated[
        Path | None, typer.Option("--report", help="Also write the whole report (every line's fate) as JSON.")
    ] = None,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Show every line's fate.")] = False,
    url: UrlOption = None,
    token: TokenOption = None,
) -> None:
    """Import a production haproxy.cfg as an experiment file; print what became of its lines."""
    try:
        text = cfg.read_text()
    except (OSError, UnicodeDecodeError) as exc:
        fail(f"{cfg}: cannot read it: {exc}")
    try:
        environment = importing.parse_assignments(env, "--env")
        locals_ = importing.parse_assignments(pattern_file, "--pattern-file")
        files = {path: Path(local).read_text() for path, local in locals_.items()}
    except (ValueError, OSError, UnicodeDecodeError) as exc:
        fail(str(exc))
    if target not in ("managed", "external"):
        fail("--target: managed or external")
    api = connect(url, token)
    body: dict[str, Any] = {"text": text, "environment": environment, "target": target, "files": files}
    if lab is not None:
        body["lab_id"] = guarded(lambda: find_lab(api, lab))["id"]
    answer = guarded(lambda: api.call(experiments_import_haproxy_cfg, body=body))
    for line in importing.report_lines(str(cfg), answer, verbose):
        err.line(line)
    if report is not None:
        importing.write_report(report, answer)
    text_out = importing.experiment_file_text(answer, cfg.name)
    if output is None:
        sys.stdout.write(text_out)
    else:
        output.write_text(text_out)
        err.line(f"wrote {output}: haplab validate {output}, then haplab run {output} --lab NAME")


def _normalized(spec: dict[str, Any]) -> dict[str, Any] | None:
    """The spec as the API stores it (defaults filled), to tell whether the file changed it."""
    try:
        return ExperimentSpec.model_validate(spec).model_dump(mode="json", by_alias=True)
    except ValidationError:
        return None  # the API refuses it next, naming each field


def find_experiment(api: Api, name: str) -> dict[str, Any] | None:
    offset = 0
    while True:
        page = api.call(experiments_list_experiments, q=name, limit=200, offset=offset)
        for item in page["items"]:
            if item["name"] == name.strip():
                return api.call(experiments_get_experiment, experiment_id=item["id"])  # type: ignore[no-any-return]
        offset += len(page["items"])
        if not page["items"] or offset >= page["total"]:
            return None


def save_experiment(api: Api, doc: ExperimentFileDoc) -> tuple[int, str]:
    """Create the experiment, or update it (a new version when the file's spec changed); its id
    and what was done."""
    body = doc.body()
    existing = find_experiment(api, body["name"])
    if existing is None:
        created = api.call(experiments_create_experiment, body=body)
        return created["id"], f"created experiment {created['id']}"
    done = []
    meta = {k: body[k] for k in ("description", "tags") if k in body and body[k] != existing[k]}
    if meta:
        api.call(experiments_update_experiment, experiment_id=existing["id"], body=meta)
        done.append("updated its " + " and ".join(meta))
    if _normalized(body["spec"]) != existing["spec"]:
        version = api.call(
            experiments_create_version,
            experiment_id=existing["id"],
            body={"spec": body["spec"], "note": f"haplab run {Path(doc.path).name}"},
        )
        done.append(f"new version {version['version']}")
    return existing["id"], f"experiment {existing['id']}: " + (", ".join(done) or "unchanged")


def find_lab(api: Api, name: str) -> dict[str, Any]:
    labs = api.call(labs_list_labs)
    for lab in labs:
        if lab["name"] == name:
            return lab  # type: ignore[no-any-return]
    fail(f"no lab named {name!r}; the team's labs: {', '.join(repr(lab['name']) for lab in labs) or 'none'}")


def _figures(run: dict[str, Any]) -> str:
    f = run.get("figures") or {}
    parts = []
    if f.get("rps") is not None:
        parts.append(f"{f['rps']:,.1f} req/s")
    if f.get("latency_p99_ms") is not None:
        parts.append(f"p99 {f['latency_p99_ms']:,.2f} ms")
    if f.get("error_pct") is not None:
        parts.append(f"errors {f['error_pct']:.2f}%")
    return " · ".join(parts)


def _checks(run: dict[str, Any], probe: bool = False) -> Text:
    report = run.get("thresholds")
    if not report or not report["results"]:
        return Text("no rule judges this run on its own")
    if probe:  # a search's probe: its rules are the objective, and going over it is no failure
        return Text(probe_text(run))
    failed = [r for r in report["results"] if not r["passed"]]
    if not failed:
        return styled(f"{len(report['results'])} threshold(s) passed", "green")
    lost = "; ".join(
        f"{r['text']}: {'not measured' if r['value'] is None else format(r['value'], 'g')}" for r in failed
    )
    return Text.assemble(
        styled(f"{len(failed)} of {len(report['results'])} threshold(s) failed", "red"), f" ({visible(lost)})"
    )


def _measured_s(run: dict[str, Any]) -> float | None:
    """Seconds of measured load so far: a run enters `running` at the load's t0."""
    if run["state"] != "running" or not run.get("state_changed_at"):
        return None
    since = datetime.fromisoformat(run["state_changed_at"])
    return max(0.0, (datetime.now(UTC) - since).total_seconds())


def wait_for(
    api: Api, launch_id: int, run_ids: list[int], timeout_s: float, *, searching: bool = False
) -> tuple[list[dict[str, Any]], bool]:
    """Every run of the launch once it ended (or the deadline passed): each state change said,
    and while a run measures, every PROGRESS_S how far its load is and how long it has left.
    `searching`: a capacity search's launch, whose probes are queued one after another by the
    worker; it waits for them all, until every search has its answer."""
    deadline = time.monotonic() + timeout_s
    said: dict[int, str] = {}
    durations: dict[int, int] = {}
    progress_at = 0.0
    while True:
        page = guarded(
            lambda: api.call(runs_list_runs, launch_id=launch_id, limit=500, order=RunsListRunsOrder.OLDEST),
            code=RUN_FAILED,
        )
        if searching:  # the probes queued since
            run_ids = sorted({*run_ids, *(r["id"] for r in page["items"])})
        by_id = {r["id"]: r for r in page["items"] if r["id"] in run_ids}
        finished = sum(r["state"] in TERMINAL_STATES for r in by_id.values())
        for run_id, run in sorted(by_id.items()):
            if said.get(run_id) != run["state"]:
                said[run_id] = run["state"]
                figures = _figures(run) if run["state"] in TERMINAL_STATES else ""
                said_now = run_verdict(run) if run["state"] in TERMINAL_STATES else run["state"]
                line = f"[{finished}/{len(run_ids)} done] {run_title(run)}: {said_now}"
                out.line(line + (f" · {figures}" if figures else ""))
            measured = _measured_s(run)
            if measured is not None and time.monotonic() >= progress_at:
                if run_id not in durations:
                    durations[run_id] = detail(api, run_id)["spec"]["load"]["duration_s"]
                total = durations[run_id]
                left = max(0.0, total - measured)
                out.line(
                    f"  {run_title(run)}: {min(measured, total):.0f} s of {total} s measured, "
                    f"~{left:.0f} s left"
                )
                progress_at = time.monotonic() + PROGRESS_S
        if finished == len(run_ids) and (not searching or _searches_answered(api, launch_id)):
            break
        if time.monotonic() > deadline:
            err.line(
                styled(f"gave up waiting after {timeout_s:g} s", "red"),
                f": {len(run_ids) - finished} run(s) still going",
            )
            break
        time.sleep(POLL_S)
    details = [detail(api, run_id) for run_id in run_ids]
    return details, all(r["state"] in TERMINAL_STATES for r in details)


def _searches_answered(api: Api, launch_id: int) -> bool:
    launch = guarded(lambda: api.call(runs_get_launch, launch_id=launch_id), code=RUN_FAILED)
    return bool((launch.get("capacity") or {}).get("done"))


def detail(api: Api, run_id: int) -> dict[str, Any]:
    return guarded(lambda: api.call(runs_get_run, run_id=run_id), code=RUN_FAILED)


def print_runs(runs: Sequence[dict[str, Any]], base_url: str, searching: bool = False) -> None:
    rows: list[list[str | Text]] = []
    for run in runs:
        params = point_label(run.get("params") or {})
        state = run_verdict(run) + (
            f" ({run['error']})" if run.get("error") and run["state"] != "succeeded" else ""
        )
        rows.append([f"{run['id']}", params or "-", state, _figures(run), _checks(run, searching)])
    out.table(("run", "point", "outcome", "figures", "objective" if searching else "thresholds"), rows)
    if runs:
        out.line(f"compare them: {base_url}/compare?runs={','.join(str(r['id']) for r in runs)}")


def print_point_checks(launch: dict[str, Any]) -> None:
    """The rules judged per sweep point (on its repetitions, or against another point)."""
    results = launch["point_thresholds"]
    if not results:
        return
    rows = []
    for r in results:
        value = "-" if r["value"] is None else f"{r['value']:g}"
        limit = "-" if r["limit"] is None else f"{r['rule']['operator']} {r['limit']:g}"
        verdict = styled("passed", "green") if r["passed"] else styled("failed", "red")
        note = f" ({r['note']})" if r.get("note") else ""
        rows.append([point_title(r), r["text"], value + note, limit, verdict])
    out.table(("point", "rule", "value", "limit", "outcome"), rows, title="thresholds judged per sweep point")


def print_capacity(launch: dict[str, Any]) -> None:
    """Each sweep point's capacity (bracket, safe point, the rule that failed above it), or why
    its search found none."""
    capacity = launch.get("capacity")
    if not capacity:
        return
    unit = capacity["unit"]
    rows = []
    for point in capacity["points"]:
        answers = [s["answer"] for s in point["searches"] if s["answer"]]
        if point["capacity"] is None:
            rows.append([point_title(point), "-", "-", "-", point["sentence"]])
            continue
        first = answers[0] if answers else {}
        bracket = (
            f"{first.get('bracket_low', 0):g} - {first.get('bracket_high', 0):g}"
            if len(answers) == 1
            else (
                f"95%: {point['ci_low']:.0f} - {point['ci_high']:.0f}" if point["ci_low"] is not None else "-"
            )
        )
        rows.append(
            [
                point_title(point),
                styled(f"{point['capacity']:,.0f} {unit}", "green"),
                bracket,
                f"{point['safe']:,.0f}",
                first.get("failed_rule") or "-",
            ]
        )
    out.table(("point", "capacity", "bracket", "safe point", "failed first above it"), rows, title="capacity")


@app.command()
def run(
    file: Annotated[Path, typer.Argument(help="An experiment file (YAML or JSON).")],
    lab: Annotated[str, typer.Option("--lab", help="The lab to run on, by name.")],
    set_: SetOption = None,
    wait: Annotated[
        bool, typer.Option("--wait/--no-wait", help="Wait for the runs and judge them (default).")
    ] = True,
    junit: Annotated[Path | None, typer.Option("--junit", help="Write a JUnit XML report here.")] = None,
    json_out: Annotated[Path | None, typer.Option("--json", help="Write a JSON report here.")] = None,
    timeout: Annotated[float, typer.Option("--timeout", help="Seconds to wait for the runs at most.")] = 3600,
    url: UrlOption = None,
    token: TokenOption = None,
) -> None:
    """Create or update the file's experiment, launch it on a lab, wait, and exit with its verdict."""
    doc = load_file(file, set_)
    api = connect(url, token)
    target = find_lab_guarded(api, lab)
    experiment_id, what = guarded(lambda: save_experiment(api, doc), doc)
    out.line(f"{doc.path}: {what}")
    launched = guarded(
        lambda: api.call(
            experiments_launch_experiment, experiment_id=experiment_id, body={"lab_id": target["id"]}
        ),
        doc,
    )
    run_ids = launched["run_ids"]
    out.line(
        f"launched {len(run_ids)} run(s) on lab {lab!r} (launch {launched['launch_id']}): "
        f"{api.base_url}/runs/{run_ids[0]}"
    )
    if not wait:
        return
    searching = bool(doc.doc.get("spec", {}).get("search"))
    runs, finished = wait_for(api, launched["launch_id"], run_ids, timeout, searching=searching)
    verdict_of = guarded(lambda: api.call(runs_get_launch, launch_id=launched["launch_id"]), code=RUN_FAILED)
    launch = verdict_of if finished and verdict_of["outcome"] != "running" else None
    code = exit_code(launch)
    print_runs(runs, api.base_url, searching)
    if launch is not None:
        print_capacity(launch)
        print_point_checks(launch)
    write_reports(runs, launch, doc.doc["name"], launched["launch_id"], code, api.base_url, junit, json_out)
    verdict = {
        0: styled("passed", "green"),
        1: styled("a threshold failed", "red"),
        2: styled("a run did not do what it was asked", "red"),
    }
    out.line("verdict: ", verdict.get(code, str(code)), f" (exit {code})")
    raise typer.Exit(code)


def find_lab_guarded(api: Api, name: str) -> dict[str, Any]:
    return guarded(lambda: find_lab(api, name))


@runs_app.command("list")
def runs_list(
    experiment: Annotated[int | None, typer.Option(help="Only this experiment's runs.")] = None,
    limit: Annotated[int, typer.Option(help="How many, newest first.")] = 20,
    url: UrlOption = None,
    token: TokenOption = None,
) -> None:
    """The team's latest runs with their figures and threshold outcome."""
    api = connect(url, token)
    page = guarded(lambda: api.call(runs_list_runs, experiment_id=experiment, limit=limit))
    rows = []
    for r in page["items"]:
        checks = {True: "passed", False: "failed", None: "-"}[r.get("thresholds_passed")]
        rows.append([str(r["id"]), r["experiment_name"], run_verdict(r), _figures(r), checks])
    out.table(("run", "experiment", "outcome", "figures", "thresholds"), rows)


@runs_app.command("show")
def runs_show(run_id: int, url: UrlOption = None, token: TokenOption = None) -> None:
    """One run: state, figures, verdict and every threshold with its value and limit."""
    api = connect(url, token)
    r = guarded(lambda: api.call(runs_get_run, run_id=run_id))
    out.line(f"{run_title(r)} of {r['experiment_name']} v{r['experiment_version']}: {run_verdict(r)}")
    if r.get("error"):
        out.line(f"  {r['error']}")
    if _figures(r):
        out.line(f"  {_figures(r)}")
    verdict = ((r.get("summary") or {}).get("verdict") or {}).get("sentence")
    if verdict:
        out.line(f"  {verdict}")
    for result in (r.get("thresholds") or {}).get("results", []):
        value = "not measured" if result["value"] is None else f"{result['value']:g}"
        mark = styled("passed", "green") if result["passed"] else styled("failed", "red")
        out.line("  ", mark, f" {result['text']}: measured {value}, limit {result['limit']:g}")
    out.line(f"  {api.base_url}/runs/{run_id}")


@app.command()
def cancel(run_id: int, url: UrlOption = None, token: TokenOption = None) -> None:
    """Cancel a queued or running run."""
    api = connect(url, token)
    answer = guarded(lambda: api.call(runs_cancel_run, run_id=run_id))
    out.line(f"run {run_id}: {answer['state']}")


@app.command()
def export(
    run_ids: Annotated[list[int], typer.Argument(help="Run ids.")],
    format_: Annotated[str, typer.Option("--format", help="csv or json.")] = "csv",
    output: Annotated[
        Path | None, typer.Option("-o", "--output", help="A file; standard output without.")
    ] = None,
    url: UrlOption = None,
    token: TokenOption = None,
) -> None:
    """The runs' figures side by side, as CSV or JSON (the Compare page's export)."""
    if format_ not in ("csv", "json"):
        fail("--format: csv or json")
    api = connect(url, token)
    operation = runs_export_runs_csv if format_ == "csv" else runs_export_runs_json
    data = guarded(lambda: api.raw(operation, run_ids=run_ids))
    if output is None:
        sys.stdout.buffer.write(data)
    else:
        output.write_bytes(data)


# The figures `haplab compare` shows without --metric.
COMPARE_METRICS = ("rps", "latency_p50_ms", "latency_p99_ms", "error_pct", "proxy_connects_per_request")


@app.command()
def compare(
    run_ids: Annotated[list[int], typer.Argument(help="Run ids, two or more.")],
    baseline: Annotated[int | None, typer.Option(help="A run of the list: changes are against it.")] = None,
    metric: Annotated[
        list[str] | None,
        typer.Option(
            "--metric",
            help="A run figure by its key in the metric registry (GET /metrics), repeated for several; "
            f"without: {', '.join(COMPARE_METRICS)}.",
        ),
    ] = None,
    url: UrlOption = None,
    token: TokenOption = None,
) -> None:
    """Runs side by side: key figures and their change against a baseline run."""
    api = connect(url, token)
    keys = list(metric or COMPARE_METRICS)
    known = [m["key"] for m in guarded(lambda: api.call(metrics_get_metric_registry))["run_metrics"]]
    if unknown := [key for key in keys if key not in known]:
        fail(f"--metric: no run figure {unknown[0]!r}; the registry's: {', '.join(known)}")
    table_data = guarded(lambda: api.call(runs_compare_runs, run_ids=run_ids, baseline_run_id=baseline))
    rows = []
    for row in table_data["rows"]:
        cells = []
        for key in keys:
            value = row["metrics"].get(key)
            change = (row.get("change_pct") or {}).get(key)
            text = "-" if value is None else f"{value:,.4g}"
            if change is not None and row["run_id"] != baseline:
                text += f" ({change:+.1f}%)"
            cells.append(text)
        report = row.get("thresholds")
        checks = "-" if not report else ("passed" if report["passed"] else "failed")
        rows.append([str(row["run_id"]), run_verdict(row), *cells, checks])
    out.table(("run", "outcome", *keys, "thresholds"), rows)


LabOption = Annotated[str, typer.Option("--lab", help="The lab's name.")]


def _agent_state(agent: dict[str, Any]) -> str:
    if agent["status"] == "revoked":
        return f"revoked {agent['revoked_at']}"
    if agent["status"] == "offline":
        return f"offline (last seen {agent['last_seen_at'] or 'never'})"
    return str(agent["status"])


def _agent_clock(agent: dict[str, Any]) -> str:
    """Its clock against the API's at its last hello (offset_ms: the API's minus the agent's)."""
    clock = agent.get("clock")
    if not clock:
        return "-"
    offset = float(clock["offset_ms"])
    side = "ahead" if offset < 0 else "behind"
    return f"{abs(offset):.1f} ms {side} (±{float(clock['round_trip_ms']) / 2:.1f})"


@agents_app.command("list")
def agents_list(lab: LabOption, url: UrlOption = None, token: TokenOption = None) -> None:
    """The lab's agents, live ones first, then the revoked (kept: runs name them), with each one's
    clock against the API's as measured at its last hello."""
    api = connect(url, token)
    detail = guarded(lambda: api.call(labs_get_lab, lab_id=find_lab(api, lab)["id"]))
    agents = [*detail["agents"], *detail["revoked_agents"]]
    rows = [
        [a["name"], str(a["id"]), ",".join(a["roles"]), _agent_state(a), a["version"] or "-", _agent_clock(a)]
        for a in agents
    ]
    out.table(("agent", "id", "roles", "state", "version", "clock"), rows)


@agents_app.command("revoke")
def agents_revoke(
    name: Annotated[str, typer.Argument(help="The agent's name in the lab.")],
    lab: LabOption,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")] = False,
    url: UrlOption = None,
    token: TokenOption = None,
) -> None:
    """Revoke an agent (lab admins): its token is refused at once, a run using it fails, the
    agent stops. To bring the host back, enroll it again (same name) with a new enrollment token."""
    api = connect(url, token)
    found = guarded(lambda: find_lab(api, lab))
    detail = guarded(lambda: api.call(labs_get_lab, lab_id=found["id"]))
    agent = next((a for a in detail["agents"] if a["name"] == name), None)
    if agent is None:
        if any(a["name"] == name for a in detail["revoked_agents"]):
            out.line(f"agent {name} of lab {lab!r} is already revoked")
            return
        names = ", ".join(repr(a["name"]) for a in detail["agents"]) or "none"
        fail(f"lab {lab!r} has no agent named {name!r}; its agents: {names}")
    busy = (
        f" (the lab is running run {detail['active_run_id']}: it fails if it uses {name})"
        if detail["busy"]
        else ""
    )
    if not yes and not typer.confirm(
        visible(f"Revoke agent {name} of lab {lab!r}{busy}? Its token stops working at once")
    ):
        fail("not revoked")
    revoked = guarded(lambda: api.call(labs_revoke_agent, lab_id=found["id"], agent_id=agent["id"]))
    out.line(
        f"agent {name} (id {revoked['id']}) of lab {lab!r} revoked at {revoked['revoked_at']}: its token is "
        "refused from now on. To bring the host back, enroll it again with a new enrollment token "
        f"(haplab-agent enroll --name {name} ...)."
    )


def main() -> None:
    app()


if __name__ == "__main__":
    main()
