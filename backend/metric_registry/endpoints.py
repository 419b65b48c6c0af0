"""/metrics: what every metric key means (label, unit, who measures it), from contract/metrics.py."""

from __future__ import annotations

from fastapi import APIRouter

from backend.api.deps import ViewerDep
from backend.api.storable import StorableRoute
from contract.metrics import REGISTRY, MetricRegistry

router = APIRouter(tags=["metrics"], route_class=StorableRoute)


@router.get("/metrics")
def get_metric_registry(who: ViewerDep) -> MetricRegistry:
    """Every run metric (compare columns, exports) and per-second series, with labels and units."""
    del who  # the vocabulary belongs to no team
    return REGISTRY
