"""A lab's certificate authority: made the first time a run of the lab needs TLS, then reused.

Two workers may ask at once (runs of one lab never overlap, but a validator or a second worker
could): the insert is `ON CONFLICT DO NOTHING` and everyone reads the row that won.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import Session

from backend.labs.certificates import KeyPair, new_authority
from backend.models import Lab, LabAuthority


def lab_authority(db: Session, lab_id: int) -> KeyPair:
    """The CA of `lab_id`, created on first use."""
    row = db.get(LabAuthority, lab_id)
    if row is None:
        label = db.scalar(select(Lab.name).where(Lab.id == lab_id)) or str(lab_id)
        made = new_authority(label)
        db.execute(
            insert(LabAuthority)
            .values(lab_id=lab_id, certificate_pem=made.certificate_pem, private_key_pem=made.private_key_pem)
            .on_conflict_do_nothing(index_elements=["lab_id"])
        )
        db.flush()
        row = db.get(LabAuthority, lab_id, populate_existing=True)
        if row is None:
            raise LookupError(f"lab {lab_id} does not exist")
    return KeyPair(certificate_pem=row.certificate_pem, private_key_pem=row.private_key_pem)
