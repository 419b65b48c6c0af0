"""User accounts: creation and lookup by email (case-insensitive, as the unique index is)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from backend.accounts.passwords import hash_password
from backend.errors import ApiError, FieldError
from backend.models import User


@dataclass(frozen=True)
class UserRecord:
    """A user as a request's caller: plain values, read with the credential on every request (an
    ORM object would cost its loading and identity-map bookkeeping each time)."""

    id: int
    email: str
    name: str
    is_active: bool

    @classmethod
    def of(cls, user: User) -> UserRecord:
        return cls(id=user.id, email=user.email, name=user.name, is_active=user.is_active)


def user_record_columns() -> tuple[Any, ...]:
    """The columns a UserRecord is read from, in its fields' order (for a caller's one query)."""
    return (User.id, User.email, User.name, User.is_active)


def normalize_email(email: str) -> str:
    return email.strip()


def find_user_by_email(db: Session, email: str) -> User | None:
    return db.scalar(select(User).where(func.lower(User.email) == normalize_email(email).lower()))


def create_user(
    db: Session,
    email: str,
    name: str = "",
    password: str | None = None,
    password_hash: str | None = None,
) -> User:
    """A new active user. Give `password` (hashed here) or an already computed `password_hash`."""
    if (password is None) == (password_hash is None):
        raise ValueError("give exactly one of password or password_hash")
    email = normalize_email(email)
    user = User(
        email=email,
        name=name or email.split("@")[0],
        password_hash=password_hash or hash_password(password or ""),
    )
    try:
        with db.begin_nested():
            db.add(user)
            db.flush()
    except IntegrityError:
        raise ApiError(
            409,
            "conflict",
            f"a user with email {email} already exists",
            [FieldError(field="email", message="already registered")],
        ) from None
    return user


def emails_of(db: Session, user_ids: Iterable[int | None]) -> dict[int, str]:
    """Each user's email by id, in one query (ids of deleted users, and None, are left out)."""
    ids = {user_id for user_id in user_ids if user_id is not None}
    if not ids:
        return {}
    return {
        user_id: email for user_id, email in db.execute(select(User.id, User.email).where(User.id.in_(ids)))
    }
