from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.injector_summary import InjectorSummary


T = TypeVar("T", bound="LoadFinished")


@_attrs_define
class LoadFinished:
    """
    Attributes:
        summary (InjectorSummary): One injector's view of the run.
        command_line (list[str]):
        exit_code (int | None | Unset):
        output_tail (str | Unset):  Default: ''.
        raw_output (str | Unset): What the tool printed (stdout, then stderr; bounded). Default: ''.
        driver_version (None | str | Unset):
    """

    summary: InjectorSummary
    command_line: list[str]
    exit_code: int | None | Unset = UNSET
    output_tail: str | Unset = ""
    raw_output: str | Unset = ""
    driver_version: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        summary = self.summary.to_dict()

        command_line = self.command_line

        exit_code: int | None | Unset
        if isinstance(self.exit_code, Unset):
            exit_code = UNSET
        else:
            exit_code = self.exit_code

        output_tail = self.output_tail

        raw_output = self.raw_output

        driver_version: None | str | Unset
        if isinstance(self.driver_version, Unset):
            driver_version = UNSET
        else:
            driver_version = self.driver_version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "summary": summary,
                "command_line": command_line,
            }
        )
        if exit_code is not UNSET:
            field_dict["exit_code"] = exit_code
        if output_tail is not UNSET:
            field_dict["output_tail"] = output_tail
        if raw_output is not UNSET:
            field_dict["raw_output"] = raw_output
        if driver_version is not UNSET:
            field_dict["driver_version"] = driver_version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.injector_summary import InjectorSummary

        d = dict(src_dict)
        summary = InjectorSummary.from_dict(d.pop("summary"))

        command_line = cast(list[str], d.pop("command_line"))

        def _parse_exit_code(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        exit_code = _parse_exit_code(d.pop("exit_code", UNSET))

        output_tail = d.pop("output_tail", UNSET)

        raw_output = d.pop("raw_output", UNSET)

        def _parse_driver_version(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        driver_version = _parse_driver_version(d.pop("driver_version", UNSET))

        load_finished = cls(
            summary=summary,
            command_line=command_line,
            exit_code=exit_code,
            output_tail=output_tail,
            raw_output=raw_output,
            driver_version=driver_version,
        )

        return load_finished
