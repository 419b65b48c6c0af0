"""/templates: the seed experiments, ready to open in the designer (read-only)."""

from __future__ import annotations

from fastapi import APIRouter

from backend.api.deps import ViewerDep
from backend.api.storable import StorableRoute
from backend.templates.catalog import list_templates
from backend.templates.schemas import Template

router = APIRouter(tags=["templates"], route_class=StorableRoute)


@router.get("/templates")
def list_experiment_templates(who: ViewerDep) -> list[Template]:
    """The five seed experiments with one sentence each and what a lab needs to run them."""
    del who  # any member may read them; the templates belong to no team
    return list_templates()
