from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue

from contract.experiment import ExperimentSpec
from contract.experiment_file import Description

AgentRoleName = Literal["proxy", "injector", "target"]
TargetKind = Literal["managed", "database", "external"]


class TemplateRequirements(BaseModel):
    """What a lab needs to run the template, so the UI can warn before a run fails."""

    roles: list[AgentRoleName] = Field(description="agent roles the lab must have online")
    driver: str = Field(description="load driver the injector must have (its `drivers` capability)")
    target: TargetKind = Field(
        description="managed HTTP upstreams (nginx), a managed MariaDB, or external addresses"
    )
    link_shaping: bool = Field(
        False, description="the template is meant for a shaped (capped) link: set it in the lab's settings"
    )


class Template(BaseModel):
    id: str = Field(description="the seed number, e.g. '000'")
    title: str
    summary: str = Field(description="what the experiment shows, in one sentence")
    spec: ExperimentSpec
    requires: TemplateRequirements


class DescriptionCheckRequest(BaseModel):
    """An experiment's description and its spec as the designer holds them (possibly half-edited)."""

    model_config = ConfigDict(extra="forbid")

    description: Description
    # Plain JSON, not the ExperimentSpec schema: a spec mid-edit is read as far as it goes.
    spec: dict[str, JsonValue] = Field(description="The experiment's spec as the designer holds it.")


class DescriptionCheck(BaseModel):
    """Whether a description is a template's sentence that the spec no longer bears out."""

    template_id: str | None = Field(
        description=(
            "The template whose sentence the description is (its words unedited); None: the person's text."
        )
    )
    template_title: str | None = Field(description="That template's title.")
    stale: bool = Field(
        description=(
            "The description states facts the spec no longer has (a sweep's values, an endpoint's delay)."
        )
    )
    proposed: str | None = Field(
        description=(
            "The template's sentence for this spec, to offer instead; None when the spec no longer has "
            "what the sentence talks about (then offer to clear it)."
        )
    )
