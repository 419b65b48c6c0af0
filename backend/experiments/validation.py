"""The designer's live validator: is this spec valid, what config does it render to, and does
the real HAProxy accept that config?

The config is rendered as on a lab host, except that upstreams get placeholder addresses
(127.0.0.1:18080+i, one per upstream the target provides) and the runtime directory is a
temporary one holding a throwaway certificate for every certificate the config names and an
empty file for every other file it names, so `haproxy -c` checks the configuration itself.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from backend.errors import FieldError
from backend.experiments import haproxy_check
from backend.experiments.schemas import CheckError, HaproxyCheck, ValidationRefused, ValidationReport
from backend.experiments.spec_errors import SPEC_FIELD, spec_field_errors, sweep_point_problems
from backend.experiments.throwaway_cert import throwaway_pem
from spec.experiment import ExperimentSpec
from spec.haproxy.raw_lines import RUNTIME_DIR_PLACEHOLDER
from spec.haproxy.render import RenderContext, RenderError, render

PLACEHOLDER_HOST = "127.0.0.1"
PLACEHOLDER_FIRST_PORT = 18080
CERTS_DIR = "certs"
# Files the agent creates itself; haproxy -c does not need them to exist.
_AGENT_OWNED = frozenset({"haproxy.sock", "haproxy.pid"})


def placeholder_addresses(spec: ExperimentSpec) -> list[str]:
    return [f"{PLACEHOLDER_HOST}:{PLACEHOLDER_FIRST_PORT + i}" for i in range(spec.target.upstream_count())]


def validate_document(document: Any) -> ValidationReport:
    """The full verdict on a spec document; never raises for a bad spec."""
    try:
        spec = ExperimentSpec.model_validate(document)
    except ValidationError as exc:
        return _invalid(spec_field_errors(exc))
    return validate_spec(spec)


def validate_spec(spec: ExperimentSpec) -> ValidationReport:
    problems = sweep_point_problems(spec)
    with tempfile.TemporaryDirectory(prefix="haplab-validate-") as tmp:
        runtime_dir = Path(tmp)
        ctx = RenderContext(target_addresses=placeholder_addresses(spec), runtime_dir=str(runtime_dir))
        try:
            config = render(spec.proxy, ctx)
        except RenderError as exc:
            return _invalid([*problems, FieldError(field=f"{SPEC_FIELD}.proxy", message=str(exc))])
        _provide_referenced_files(config, runtime_dir)
        result = haproxy_check.check_config(config, runtime_dir)

    # Show the temporary directory as the placeholder users write in raw lines; the lines
    # (and so haproxy's line numbers) stay the same.
    def shown(text: str) -> str:
        return text.replace(str(runtime_dir), RUNTIME_DIR_PLACEHOLDER)

    check = HaproxyCheck(
        ok=result.ok,
        output=shown(result.output),
        errors=[CheckError(line=e.line, message=shown(e.message)) for e in result.errors],
    )
    return ValidationReport(
        valid=result.ok and not problems,
        field_errors=problems,
        rendered_config=shown(config),
        haproxy_check=check,
        run_count=spec.run_count(),
    )


def refusal(report: ValidationReport) -> ValidationRefused:
    """The 422 body of a report that is not valid: every problem also as a FieldError."""
    fields = list(report.field_errors)
    if report.haproxy_check is not None:
        fields += [
            FieldError(
                field=f"{SPEC_FIELD}.proxy",
                message=f"haproxy -c, line {e.line} of the rendered config: {e.message}"
                if e.line is not None
                else f"haproxy -c: {e.message}",
            )
            for e in report.haproxy_check.errors
        ]
    summary = "; ".join(f"{f.field}: {f.message}" for f in fields[:5]) or "the spec is not valid"
    return ValidationRefused(**report.model_dump(), error="validation_error", message=summary, fields=fields)


def _invalid(problems: list[FieldError]) -> ValidationReport:
    return ValidationReport(
        valid=False, field_errors=problems, rendered_config=None, haproxy_check=None, run_count=None
    )


def _provide_referenced_files(config: str, runtime_dir: Path) -> None:
    """Create every file under `runtime_dir` the config refers to (see the module docstring)."""
    pattern = re.compile(re.escape(str(runtime_dir)) + r"/([A-Za-z0-9_.\-/]+)")
    for relative in sorted(set(pattern.findall(config))):
        if relative in _AGENT_OWNED or ".." in relative.split("/"):
            continue
        path = runtime_dir / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if relative.startswith(f"{CERTS_DIR}/"):
            path.write_bytes(throwaway_pem())
        elif not path.exists():
            path.write_bytes(b"")
