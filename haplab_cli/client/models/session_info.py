from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.role import Role
from ..models.session_info_via import SessionInfoVia

if TYPE_CHECKING:
    from ..models.session_user import SessionUser
    from ..models.team_with_role import TeamWithRole


T = TypeVar("T", bound="SessionInfo")


@_attrs_define
class SessionInfo:
    """Who is signed in, where, and the CSRF token to echo in X-CSRF-Token on unsafe requests.

    Attributes:
        via (SessionInfoVia):
        user (SessionUser):
        current_team (None | TeamWithRole):
        role (None | Role):
        teams (list[TeamWithRole]):
        csrf_token (None | str): null when authenticated by API token (no CSRF needed)
        expires_at (datetime.datetime | None):
    """

    via: SessionInfoVia
    user: SessionUser
    current_team: None | TeamWithRole
    role: None | Role
    teams: list[TeamWithRole]
    csrf_token: None | str
    expires_at: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.team_with_role import TeamWithRole

        via = self.via.value

        user = self.user.to_dict()

        current_team: dict[str, Any] | None
        if isinstance(self.current_team, TeamWithRole):
            current_team = self.current_team.to_dict()
        else:
            current_team = self.current_team

        role: None | str
        if isinstance(self.role, Role):
            role = self.role.value
        else:
            role = self.role

        teams = []
        for teams_item_data in self.teams:
            teams_item = teams_item_data.to_dict()
            teams.append(teams_item)

        csrf_token: None | str
        csrf_token = self.csrf_token

        expires_at: None | str
        if isinstance(self.expires_at, datetime.datetime):
            expires_at = self.expires_at.isoformat()
        else:
            expires_at = self.expires_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "via": via,
                "user": user,
                "current_team": current_team,
                "role": role,
                "teams": teams,
                "csrf_token": csrf_token,
                "expires_at": expires_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.session_user import SessionUser
        from ..models.team_with_role import TeamWithRole

        d = dict(src_dict)
        via = SessionInfoVia(d.pop("via"))

        user = SessionUser.from_dict(d.pop("user"))

        def _parse_current_team(data: object) -> None | TeamWithRole:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                current_team_type_0 = TeamWithRole.from_dict(data)

                return current_team_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TeamWithRole, data)

        current_team = _parse_current_team(d.pop("current_team"))

        def _parse_role(data: object) -> None | Role:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                role_type_0 = Role(data)

                return role_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Role, data)

        role = _parse_role(d.pop("role"))

        teams = []
        _teams = d.pop("teams")
        for teams_item_data in _teams:
            teams_item = TeamWithRole.from_dict(teams_item_data)

            teams.append(teams_item)

        def _parse_csrf_token(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        csrf_token = _parse_csrf_token(d.pop("csrf_token"))

        def _parse_expires_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expires_at_type_0 = datetime.datetime.fromisoformat(data)

                return expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        expires_at = _parse_expires_at(d.pop("expires_at"))

        session_info = cls(
            via=via,
            user=user,
            current_team=current_team,
            role=role,
            teams=teams,
            csrf_token=csrf_token,
            expires_at=expires_at,
        )

        session_info.additional_properties = d
        return session_info

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
