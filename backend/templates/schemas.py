from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from spec.experiment import ExperimentSpec

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
