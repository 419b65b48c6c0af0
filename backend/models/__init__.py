"""Every ORM model, imported in one place so Alembic and the services see the whole schema."""

from backend.models.base import Base
from backend.models.baseline import Baseline
from backend.models.capacity_search import CapacitySearch
from backend.models.change_point import ChangePoint
from backend.models.experiment import Experiment, ExperimentVersion, Launch
from backend.models.lab import Agent, EnrollmentToken, Lab
from backend.models.lab_authority import LabAuthority
from backend.models.note import Note
from backend.models.run import Run
from backend.models.sample import Sample, SampleKey
from backend.models.schedule import Schedule, ScheduleFiring
from backend.models.team import ApiToken, Membership, Role, Team, User, UserSession
from backend.models.webhook import Webhook, WebhookDelivery

__all__ = [
    "Agent",
    "ApiToken",
    "Base",
    "Baseline",
    "CapacitySearch",
    "ChangePoint",
    "EnrollmentToken",
    "Experiment",
    "ExperimentVersion",
    "Lab",
    "LabAuthority",
    "Launch",
    "Membership",
    "Note",
    "Role",
    "Run",
    "Sample",
    "SampleKey",
    "Schedule",
    "ScheduleFiring",
    "Team",
    "User",
    "UserSession",
    "Webhook",
    "WebhookDelivery",
]
