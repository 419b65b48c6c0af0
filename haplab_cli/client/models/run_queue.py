from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="RunQueue")


@_attrs_define
class RunQueue:
    """Where a queued run stands on its lab (runs there execute one at a time, in id order).

    Attributes:
        position (int): Place among the lab's queued runs; 1 starts next.
        runs_ahead (int): Runs the lab executes before this one: its active run and the queued runs ahead.
        active_run_id (int | None): The run holding the lab now; None when it is free.
        expected_start_at (datetime.datetime): Estimate: now + what the active run still needs + each queued run ahead's
            warm-up + duration, each run with the lab's orchestration overhead (overhead_s).
    """

    position: int
    runs_ahead: int
    active_run_id: int | None
    expected_start_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        position = self.position

        runs_ahead = self.runs_ahead

        active_run_id: int | None
        active_run_id = self.active_run_id

        expected_start_at = self.expected_start_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "position": position,
                "runs_ahead": runs_ahead,
                "active_run_id": active_run_id,
                "expected_start_at": expected_start_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        position = d.pop("position")

        runs_ahead = d.pop("runs_ahead")

        def _parse_active_run_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        active_run_id = _parse_active_run_id(d.pop("active_run_id"))

        expected_start_at = datetime.datetime.fromisoformat(d.pop("expected_start_at"))

        run_queue = cls(
            position=position,
            runs_ahead=runs_ahead,
            active_run_id=active_run_id,
            expected_start_at=expected_start_at,
        )

        run_queue.additional_properties = d
        return run_queue

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
