"""/templates: the seed experiments, ready to open in the designer (read-only), and whether an
experiment's description is still true to its spec where it is a template's sentence."""

from __future__ import annotations

from fastapi import APIRouter

from backend.api.deps import ViewerDep
from backend.api.storable import StorableRoute
from backend.templates.catalog import list_templates
from backend.templates.descriptions import check_description
from backend.templates.schemas import DescriptionCheck, DescriptionCheckRequest, Template

router = APIRouter(tags=["templates"], route_class=StorableRoute)


@router.get("/templates")
def list_experiment_templates(who: ViewerDep) -> list[Template]:
    """The five seed experiments with one sentence each and what a lab needs to run them."""
    del who  # any member may read them; the templates belong to no team
    return list_templates()


@router.post("/templates/description-check")
def check_template_description(body: DescriptionCheckRequest, who: ViewerDep) -> DescriptionCheck:
    """Whether an experiment's description is a template's sentence its spec no longer bears out
    (the designer's "update the description?"), with the sentence that template writes for it."""
    del who  # reads nothing of the team's: the templates belong to no team
    titles = {t.id: t.title for t in list_templates()}
    found = check_description(body.description, body.spec, list(titles))
    return DescriptionCheck(
        template_id=found.template_id,
        template_title=titles.get(found.template_id or ""),
        stale=found.stale,
        proposed=found.proposed,
    )
