"""The request's database session as a dependency.

scope="function": the session commits (or rolls back) when the route function returns, BEFORE
the response is sent. With FastAPI's default ("request") the commit would run after the client
already has its 201, so a script's next request could miss what it just created.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends
from sqlalchemy.orm import Session

from backend.db import get_db

SessionDep = Annotated[Session, Depends(get_db, scope="function")]
