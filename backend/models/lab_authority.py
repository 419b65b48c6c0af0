from __future__ import annotations

from sqlalchemy import ForeignKey, Text
from sqlalchemy.orm import Mapped, mapped_column

from backend.models.base import Base, CreatedAtMixin


class LabAuthority(CreatedAtMixin, Base):
    """A lab's certificate authority (backend/labs/certificates.py): made on the lab's first TLS
    run, then it signs every server certificate of the lab's runs.

    A table of its own, not `lab.settings`: the private key must never appear in an API reply,
    and settings are user-editable JSON returned by GET /labs/{id}.
    """

    __tablename__ = "lab_authority"

    lab_id: Mapped[int] = mapped_column(ForeignKey("lab.id", ondelete="CASCADE"), primary_key=True)
    certificate_pem: Mapped[str] = mapped_column(Text)
    private_key_pem: Mapped[str] = mapped_column(Text)
