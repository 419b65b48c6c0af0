from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="EnrollmentTokenCreated")


@_attrs_define
class EnrollmentTokenCreated:
    """
    Attributes:
        id (int):
        prefix (str):
        roles (list[str]):
        created_at (datetime.datetime):
        expires_at (datetime.datetime):
        used_at (datetime.datetime | None):
        agent_id (int | None):
        token (str): the one-time secret; shown this once and never again
        command (str): paste on the lab host (replace NAME with the agent's name)
    """

    id: int
    prefix: str
    roles: list[str]
    created_at: datetime.datetime
    expires_at: datetime.datetime
    used_at: datetime.datetime | None
    agent_id: int | None
    token: str
    command: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        prefix = self.prefix

        roles = self.roles

        created_at = self.created_at.isoformat()

        expires_at = self.expires_at.isoformat()

        used_at: None | str
        if isinstance(self.used_at, datetime.datetime):
            used_at = self.used_at.isoformat()
        else:
            used_at = self.used_at

        agent_id: int | None
        agent_id = self.agent_id

        token = self.token

        command = self.command

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "prefix": prefix,
                "roles": roles,
                "created_at": created_at,
                "expires_at": expires_at,
                "used_at": used_at,
                "agent_id": agent_id,
                "token": token,
                "command": command,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        prefix = d.pop("prefix")

        roles = cast(list[str], d.pop("roles"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        def _parse_used_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                used_at_type_0 = datetime.datetime.fromisoformat(data)

                return used_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        used_at = _parse_used_at(d.pop("used_at"))

        def _parse_agent_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        agent_id = _parse_agent_id(d.pop("agent_id"))

        token = d.pop("token")

        command = d.pop("command")

        enrollment_token_created = cls(
            id=id,
            prefix=prefix,
            roles=roles,
            created_at=created_at,
            expires_at=expires_at,
            used_at=used_at,
            agent_id=agent_id,
            token=token,
            command=command,
        )

        enrollment_token_created.additional_properties = d
        return enrollment_token_created

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
