"""Request and response models of /experiments. Pydantic schemas only; never ORM objects."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, SkipValidation, StringConstraints

from backend.api.storable import INT4_MAX
from backend.errors import FieldError
from contract.cfg_import.report import MAX_IMPORT_BYTES, ImportReport
from contract.experiment import ExperimentSpec
from contract.experiment_file import MAX_TAGS, Description, Name, Tag
from contract.run_state import RunState
from contract.sweep import JsonScalar

# A spec as the client sent it. The OpenAPI schema (and so the generated client) shows the
# full ExperimentSpec, but FastAPI passes the raw JSON through: the service validates it
# itself, to name cross-field errors by their own path (spec.load.tls rather than spec) and,
# for /validate, to report problems as data instead of a 422.
SpecDocument = Annotated[ExperimentSpec, SkipValidation]

Note = Annotated[str, StringConstraints(max_length=2_000)]


class ExperimentCreate(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: Name
    description: Description = ""
    tags: list[Tag] = Field(default_factory=list, max_length=MAX_TAGS)
    spec: SpecDocument


class ExperimentPatch(BaseModel):
    """Only what is sent changes. The spec changes through a new version, never here."""

    model_config = ConfigDict(extra="forbid")

    name: Name | None = None
    description: Description | None = None
    tags: list[Tag] | None = Field(default=None, max_length=MAX_TAGS)


class VersionCreate(BaseModel):
    model_config = ConfigDict(extra="forbid")

    spec: SpecDocument
    note: Note = ""


class CloneRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: Name


class Owner(BaseModel):
    id: int
    name: str
    email: str


class RunCounts(BaseModel):
    total: int = 0
    queued: int = 0
    active: int = 0
    succeeded: int = 0
    partial: int = 0  # ended, but the load did not cover its window
    failed: int = 0
    cancelled: int = 0


class ExperimentSummary(BaseModel):
    """An experiment in a list (no spec)."""

    id: int
    name: str
    description: str
    tags: list[str]
    owner: Owner | None
    latest_version: int
    created_at: datetime
    updated_at: datetime
    run_counts: RunCounts
    last_run_state: RunState | None


class ExperimentPage(BaseModel):
    items: list[ExperimentSummary]
    total: int
    limit: int
    offset: int


class VersionSummary(BaseModel):
    version: int
    spec_version: int
    note: str
    created_at: datetime
    created_by_id: int | None


class VersionDetail(VersionSummary):
    experiment_id: int
    spec: ExperimentSpec


class ExperimentDetail(ExperimentSummary):
    spec: ExperimentSpec = Field(description="The spec of the latest version.")


class CheckError(BaseModel):
    line: int | None = Field(description="Line of rendered_config haproxy complains about (1-based).")
    message: str
    field: str | None = Field(
        default=None,
        description="The raw line's field (spec.proxy.<section>.extra.<index>) when the line is one.",
    )


class HaproxyCheck(BaseModel):
    ok: bool
    output: str = Field(
        description="HAProxy's messages about lines of the config (anything else it printed is withheld)."
    )
    errors: list[CheckError]


class ValidateRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    spec: SpecDocument
    lab_id: int | None = Field(
        default=None,
        description=(
            "Check the addresses the spec names against this lab's boundary; empty: against what "
            "any lab of the team allows."
        ),
    )


class ValidationReport(BaseModel):
    """The designer's live verdict: the rendered config and what `haproxy -c` said of it."""

    valid: bool
    field_errors: list[FieldError]
    warnings: list[FieldError] = Field(
        default_factory=list,
        description="Valid settings that do nothing or contradict each other (contract.lint), by field.",
    )
    rendered_config: str | None = Field(
        description="haproxy.cfg as rendered with placeholder upstreams (127.0.0.1:18080+i)."
    )
    haproxy_check: HaproxyCheck | None
    run_count: int | None
    sweep_configs: int = Field(description="Distinct haproxy.cfg the spec and its sweep points render to.")
    sweep_configs_checked: int = Field(
        description=(
            "How many of them haproxy -c checked now: all up to 200, beyond that every axis value "
            "at least once; a launch checks every one."
        )
    )


class ValidationRefused(ValidationReport):
    """A spec that is not valid (422): the report, with the API's error shape beside it, so a
    client reads `fields` like any other 422 and the designer still gets the rendered config."""

    error: str
    message: str
    fields: list[FieldError] = Field(
        description="Every problem by dotted path: the spec's field errors, then haproxy -c's (spec.proxy)."
    )


class LaunchRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    lab_id: int
    version: int | None = Field(
        default=None, ge=1, le=INT4_MAX, description="Experiment version; the latest when empty."
    )
    overrides: dict[str, JsonScalar] = Field(
        default_factory=dict,
        max_length=50,
        description='Values for this launch only, by dotted path: {"load.duration_s": 5}.',
    )


# ---------------------------------------------------------------- importing a haproxy.cfg

EnvironmentName = Annotated[str, StringConstraints(pattern=r"^[A-Za-z_][A-Za-z0-9_]{0,127}$")]
EnvironmentValue = Annotated[str, StringConstraints(max_length=4_096)]
FilePath = Annotated[str, StringConstraints(min_length=1, max_length=1_024)]
FileContent = Annotated[str, StringConstraints(max_length=256 * 1024)]


class ImportRequest(BaseModel):
    """A production haproxy.cfg to turn into an experiment (nothing is created)."""

    model_config = ConfigDict(extra="forbid")

    text: str = Field(
        min_length=1, max_length=MAX_IMPORT_BYTES, description="The haproxy.cfg text, as HAProxy reads it."
    )
    environment: dict[EnvironmentName, EnvironmentValue] = Field(
        default_factory=dict,
        max_length=256,
        description='Values of the environment variables the config reads ("${NAME}"), listed by the report.',
    )
    target: Literal["managed", "external"] = Field(
        default="managed",
        description=(
            "managed: the servers become the lab's own servers (one per distinct address); external: they "
            "stay at their production addresses (the lab's boundary must allow them)."
        ),
    )
    lab_id: int | None = Field(
        default=None,
        description="Check the config's addresses against this lab's boundary (empty: the team's labs).",
    )
    files: dict[FilePath, FileContent] = Field(
        default_factory=dict,
        max_length=32,
        description="Content of pattern files the config names (acl ... -f <path>): inlined as patterns.",
    )


class ImportAnswer(BaseModel):
    """The experiment the config would become, and what became of every line."""

    name: str = Field(description="A name for the new experiment.")
    description: str = Field(description="A description saying where it came from.")
    spec: ExperimentSpec
    report: ImportReport
