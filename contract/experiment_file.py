"""An experiment as a file kept in a repository (YAML or JSON): its name, description, tags and
spec, exactly the body the designer saves (POST /api/v1/experiments), so a file and the UI
round-trip. `frontend/public/schemas/experiment.schema.json` is this model's JSON Schema
(written by dev/gen_api_client.sh), served by every haplab at /schemas/experiment.schema.json, so editors
complete and check the files; `$schema` may name it.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from contract.experiment import ExperimentSpec

Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=200)]
Tag = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=64)]
Description = Annotated[str, StringConstraints(max_length=10_000)]
MAX_TAGS = 32
SCHEMA_PATH = "/schemas/experiment.schema.json"


class ExperimentFile(BaseModel):
    """An experiment as a file: what the designer saves, plus the schema it follows."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True, title="haplab experiment")

    schema_: str | None = Field(
        default=None, alias="$schema", description="The JSON Schema this file follows (for editors)."
    )
    name: Name = Field(description="The experiment's name; unique in its team.")
    description: Description = Field(default="", description="What it asks, for the team.")
    tags: list[Tag] = Field(default_factory=list, max_length=MAX_TAGS, description="Labels to find it by.")
    spec: ExperimentSpec

    def body(self) -> dict[str, Any]:
        """The POST /experiments body: the file without `$schema`."""
        return self.model_dump(mode="json", by_alias=True, exclude={"schema_"})


def experiment_json_schema() -> dict[str, Any]:
    schema = ExperimentFile.model_json_schema(by_alias=True, mode="validation")
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": SCHEMA_PATH, **schema}
