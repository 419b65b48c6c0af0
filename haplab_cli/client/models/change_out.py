from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.change_out_status import ChangeOutStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.change_difference import ChangeDifference
    from ..models.change_out_params import ChangeOutParams


T = TypeVar("T", bound="ChangeOut")


@_attrs_define
class ChangeOut:
    """A change of level of one figure of one sweep point.

    Attributes:
        id (int):
        experiment_id (int):
        experiment_name (str):
        params (ChangeOutParams): The sweep point's values.
        metric (str): A run metric key (GET /metrics).
        metric_label (str):
        metric_unit (str):
        run_id (int): The first run of the new level.
        before_run_id (int): The last run before it.
        before_mean (float): The figure's mean over the runs of the level before.
        after_mean (float): Its mean over the runs of the new level (so far).
        before_n (int):
        after_n (int):
        change_pct (float): 100 x (after - before) / before.
        worse (bool | None): Changed the wrong way by the metric's `better`; None: no way is better.
        p_value (float): Student's t-test of the two levels, corrected for the search (Bonferroni).
        differences (list[ChangeDifference]): What differs between the runs either side.
        status (ChangeOutStatus):
        status_at (datetime.datetime | None):
        created_at (datetime.datetime):
        status_by_email (None | str | Unset):
    """

    id: int
    experiment_id: int
    experiment_name: str
    params: ChangeOutParams
    metric: str
    metric_label: str
    metric_unit: str
    run_id: int
    before_run_id: int
    before_mean: float
    after_mean: float
    before_n: int
    after_n: int
    change_pct: float
    worse: bool | None
    p_value: float
    differences: list[ChangeDifference]
    status: ChangeOutStatus
    status_at: datetime.datetime | None
    created_at: datetime.datetime
    status_by_email: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        experiment_id = self.experiment_id

        experiment_name = self.experiment_name

        params = self.params.to_dict()

        metric = self.metric

        metric_label = self.metric_label

        metric_unit = self.metric_unit

        run_id = self.run_id

        before_run_id = self.before_run_id

        before_mean = self.before_mean

        after_mean = self.after_mean

        before_n = self.before_n

        after_n = self.after_n

        change_pct = self.change_pct

        worse: bool | None
        worse = self.worse

        p_value = self.p_value

        differences = []
        for differences_item_data in self.differences:
            differences_item = differences_item_data.to_dict()
            differences.append(differences_item)

        status = self.status.value

        status_at: None | str
        if isinstance(self.status_at, datetime.datetime):
            status_at = self.status_at.isoformat()
        else:
            status_at = self.status_at

        created_at = self.created_at.isoformat()

        status_by_email: None | str | Unset
        if isinstance(self.status_by_email, Unset):
            status_by_email = UNSET
        else:
            status_by_email = self.status_by_email

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "experiment_id": experiment_id,
                "experiment_name": experiment_name,
                "params": params,
                "metric": metric,
                "metric_label": metric_label,
                "metric_unit": metric_unit,
                "run_id": run_id,
                "before_run_id": before_run_id,
                "before_mean": before_mean,
                "after_mean": after_mean,
                "before_n": before_n,
                "after_n": after_n,
                "change_pct": change_pct,
                "worse": worse,
                "p_value": p_value,
                "differences": differences,
                "status": status,
                "status_at": status_at,
                "created_at": created_at,
            }
        )
        if status_by_email is not UNSET:
            field_dict["status_by_email"] = status_by_email

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.change_difference import ChangeDifference
        from ..models.change_out_params import ChangeOutParams

        d = dict(src_dict)
        id = d.pop("id")

        experiment_id = d.pop("experiment_id")

        experiment_name = d.pop("experiment_name")

        params = ChangeOutParams.from_dict(d.pop("params"))

        metric = d.pop("metric")

        metric_label = d.pop("metric_label")

        metric_unit = d.pop("metric_unit")

        run_id = d.pop("run_id")

        before_run_id = d.pop("before_run_id")

        before_mean = d.pop("before_mean")

        after_mean = d.pop("after_mean")

        before_n = d.pop("before_n")

        after_n = d.pop("after_n")

        change_pct = d.pop("change_pct")

        def _parse_worse(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        worse = _parse_worse(d.pop("worse"))

        p_value = d.pop("p_value")

        differences = []
        _differences = d.pop("differences")
        for differences_item_data in _differences:
            differences_item = ChangeDifference.from_dict(differences_item_data)

            differences.append(differences_item)

        status = ChangeOutStatus(d.pop("status"))

        def _parse_status_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_at_type_0 = datetime.datetime.fromisoformat(data)

                return status_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        status_at = _parse_status_at(d.pop("status_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_status_by_email(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        status_by_email = _parse_status_by_email(d.pop("status_by_email", UNSET))

        change_out = cls(
            id=id,
            experiment_id=experiment_id,
            experiment_name=experiment_name,
            params=params,
            metric=metric,
            metric_label=metric_label,
            metric_unit=metric_unit,
            run_id=run_id,
            before_run_id=before_run_id,
            before_mean=before_mean,
            after_mean=after_mean,
            before_n=before_n,
            after_n=after_n,
            change_pct=change_pct,
            worse=worse,
            p_value=p_value,
            differences=differences,
            status=status,
            status_at=status_at,
            created_at=created_at,
            status_by_email=status_by_email,
        )

        change_out.additional_properties = d
        return change_out

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
