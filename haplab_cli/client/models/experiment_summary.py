from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.run_state import RunState

if TYPE_CHECKING:
    from ..models.owner import Owner
    from ..models.run_counts import RunCounts


T = TypeVar("T", bound="ExperimentSummary")


@_attrs_define
class ExperimentSummary:
    """An experiment in a list (no spec).

    Attributes:
        id (int):
        name (str):
        description (str):
        tags (list[str]):
        owner (None | Owner):
        latest_version (int):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        run_counts (RunCounts):
        last_run_state (None | RunState):
    """

    id: int
    name: str
    description: str
    tags: list[str]
    owner: None | Owner
    latest_version: int
    created_at: datetime.datetime
    updated_at: datetime.datetime
    run_counts: RunCounts
    last_run_state: None | RunState
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.owner import Owner

        id = self.id

        name = self.name

        description = self.description

        tags = self.tags

        owner: dict[str, Any] | None
        if isinstance(self.owner, Owner):
            owner = self.owner.to_dict()
        else:
            owner = self.owner

        latest_version = self.latest_version

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        run_counts = self.run_counts.to_dict()

        last_run_state: None | str
        if isinstance(self.last_run_state, RunState):
            last_run_state = self.last_run_state.value
        else:
            last_run_state = self.last_run_state

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "description": description,
                "tags": tags,
                "owner": owner,
                "latest_version": latest_version,
                "created_at": created_at,
                "updated_at": updated_at,
                "run_counts": run_counts,
                "last_run_state": last_run_state,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.owner import Owner
        from ..models.run_counts import RunCounts

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        description = d.pop("description")

        tags = cast(list[str], d.pop("tags"))

        def _parse_owner(data: object) -> None | Owner:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                owner_type_0 = Owner.from_dict(data)

                return owner_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Owner, data)

        owner = _parse_owner(d.pop("owner"))

        latest_version = d.pop("latest_version")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        run_counts = RunCounts.from_dict(d.pop("run_counts"))

        def _parse_last_run_state(data: object) -> None | RunState:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_run_state_type_0 = RunState(data)

                return last_run_state_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RunState, data)

        last_run_state = _parse_last_run_state(d.pop("last_run_state"))

        experiment_summary = cls(
            id=id,
            name=name,
            description=description,
            tags=tags,
            owner=owner,
            latest_version=latest_version,
            created_at=created_at,
            updated_at=updated_at,
            run_counts=run_counts,
            last_run_state=last_run_state,
        )

        experiment_summary.additional_properties = d
        return experiment_summary

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
