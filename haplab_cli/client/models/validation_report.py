from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.field_error import FieldError
    from ..models.haproxy_check import HaproxyCheck


T = TypeVar("T", bound="ValidationReport")


@_attrs_define
class ValidationReport:
    """The designer's live verdict: the rendered config and what `haproxy -c` said of it.

    Attributes:
        valid (bool):
        field_errors (list[FieldError]):
        rendered_config (None | str): haproxy.cfg as rendered with placeholder upstreams (127.0.0.1:18080+i).
        haproxy_check (HaproxyCheck | None):
        run_count (int | None):
        sweep_configs (int): Distinct haproxy.cfg the spec and its sweep points render to.
        sweep_configs_checked (int): How many of them haproxy -c checked now: all up to 200, beyond that every axis
            value at least once; a launch checks every one.
        warnings (list[FieldError] | Unset): Valid settings that do nothing or contradict each other (contract.lint), by
            field.
    """

    valid: bool
    field_errors: list[FieldError]
    rendered_config: None | str
    haproxy_check: HaproxyCheck | None
    run_count: int | None
    sweep_configs: int
    sweep_configs_checked: int
    warnings: list[FieldError] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.haproxy_check import HaproxyCheck

        valid = self.valid

        field_errors = []
        for field_errors_item_data in self.field_errors:
            field_errors_item = field_errors_item_data.to_dict()
            field_errors.append(field_errors_item)

        rendered_config: None | str
        rendered_config = self.rendered_config

        haproxy_check: dict[str, Any] | None
        if isinstance(self.haproxy_check, HaproxyCheck):
            haproxy_check = self.haproxy_check.to_dict()
        else:
            haproxy_check = self.haproxy_check

        run_count: int | None
        run_count = self.run_count

        sweep_configs = self.sweep_configs

        sweep_configs_checked = self.sweep_configs_checked

        warnings: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.warnings, Unset):
            warnings = []
            for warnings_item_data in self.warnings:
                warnings_item = warnings_item_data.to_dict()
                warnings.append(warnings_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "valid": valid,
                "field_errors": field_errors,
                "rendered_config": rendered_config,
                "haproxy_check": haproxy_check,
                "run_count": run_count,
                "sweep_configs": sweep_configs,
                "sweep_configs_checked": sweep_configs_checked,
            }
        )
        if warnings is not UNSET:
            field_dict["warnings"] = warnings

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.field_error import FieldError
        from ..models.haproxy_check import HaproxyCheck

        d = dict(src_dict)
        valid = d.pop("valid")

        field_errors = []
        _field_errors = d.pop("field_errors")
        for field_errors_item_data in _field_errors:
            field_errors_item = FieldError.from_dict(field_errors_item_data)

            field_errors.append(field_errors_item)

        def _parse_rendered_config(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        rendered_config = _parse_rendered_config(d.pop("rendered_config"))

        def _parse_haproxy_check(data: object) -> HaproxyCheck | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                haproxy_check_type_0 = HaproxyCheck.from_dict(data)

                return haproxy_check_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(HaproxyCheck | None, data)

        haproxy_check = _parse_haproxy_check(d.pop("haproxy_check"))

        def _parse_run_count(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        run_count = _parse_run_count(d.pop("run_count"))

        sweep_configs = d.pop("sweep_configs")

        sweep_configs_checked = d.pop("sweep_configs_checked")

        _warnings = d.pop("warnings", UNSET)
        warnings: list[FieldError] | Unset = UNSET
        if _warnings is not UNSET:
            warnings = []
            for warnings_item_data in _warnings:
                warnings_item = FieldError.from_dict(warnings_item_data)

                warnings.append(warnings_item)

        validation_report = cls(
            valid=valid,
            field_errors=field_errors,
            rendered_config=rendered_config,
            haproxy_check=haproxy_check,
            run_count=run_count,
            sweep_configs=sweep_configs,
            sweep_configs_checked=sweep_configs_checked,
            warnings=warnings,
        )

        validation_report.additional_properties = d
        return validation_report

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
