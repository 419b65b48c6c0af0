from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.compare_row import CompareRow
    from ..models.config_warning import ConfigWarning


T = TypeVar("T", bound="CompareTable")


@_attrs_define
class CompareTable:
    """Runs side by side: `param_columns` and `metric_columns` fix the column order.

    Attributes:
        param_columns (list[str]):
        metric_columns (list[str]):
        rows (list[CompareRow]):
        no_op_params (list[ConfigWarning] | Unset): Parameters that differ between these runs but do nothing (a run's
            config lint says so).
    """

    param_columns: list[str]
    metric_columns: list[str]
    rows: list[CompareRow]
    no_op_params: list[ConfigWarning] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        param_columns = self.param_columns

        metric_columns = self.metric_columns

        rows = []
        for rows_item_data in self.rows:
            rows_item = rows_item_data.to_dict()
            rows.append(rows_item)

        no_op_params: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.no_op_params, Unset):
            no_op_params = []
            for no_op_params_item_data in self.no_op_params:
                no_op_params_item = no_op_params_item_data.to_dict()
                no_op_params.append(no_op_params_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "param_columns": param_columns,
                "metric_columns": metric_columns,
                "rows": rows,
            }
        )
        if no_op_params is not UNSET:
            field_dict["no_op_params"] = no_op_params

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.compare_row import CompareRow
        from ..models.config_warning import ConfigWarning

        d = dict(src_dict)
        param_columns = cast(list[str], d.pop("param_columns"))

        metric_columns = cast(list[str], d.pop("metric_columns"))

        rows = []
        _rows = d.pop("rows")
        for rows_item_data in _rows:
            rows_item = CompareRow.from_dict(rows_item_data)

            rows.append(rows_item)

        _no_op_params = d.pop("no_op_params", UNSET)
        no_op_params: list[ConfigWarning] | Unset = UNSET
        if _no_op_params is not UNSET:
            no_op_params = []
            for no_op_params_item_data in _no_op_params:
                no_op_params_item = ConfigWarning.from_dict(no_op_params_item_data)

                no_op_params.append(no_op_params_item)

        compare_table = cls(
            param_columns=param_columns,
            metric_columns=metric_columns,
            rows=rows,
            no_op_params=no_op_params,
        )

        compare_table.additional_properties = d
        return compare_table

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
