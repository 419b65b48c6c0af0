from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.config_check import ConfigCheck
    from ..models.environment_reference import EnvironmentReference
    from ..models.file_reference import FileReference
    from ..models.import_report_counts import ImportReportCounts
    from ..models.lab_mapping import LabMapping
    from ..models.line_fate import LineFate


T = TypeVar("T", bound="ImportReport")


@_attrs_define
class ImportReport:
    """Every line's fate, what was mapped, what the config reads from outside, and the result.

    Attributes:
        lines (list[LineFate]):
        counts (ImportReportCounts): How many lines met each fate.
        environment (list[EnvironmentReference] | Unset):
        mappings (list[LabMapping] | Unset):
        files (list[FileReference] | Unset):
        notes (list[str] | Unset): What applies to the whole import (choices made, caveats).
        rendered (str | Unset): The haproxy.cfg the imported spec renders to. Default: ''.
        check (ConfigCheck | None | Unset): haproxy -c on the rendered config.
    """

    lines: list[LineFate]
    counts: ImportReportCounts
    environment: list[EnvironmentReference] | Unset = UNSET
    mappings: list[LabMapping] | Unset = UNSET
    files: list[FileReference] | Unset = UNSET
    notes: list[str] | Unset = UNSET
    rendered: str | Unset = ""
    check: ConfigCheck | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.config_check import ConfigCheck

        lines = []
        for lines_item_data in self.lines:
            lines_item = lines_item_data.to_dict()
            lines.append(lines_item)

        counts = self.counts.to_dict()

        environment: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.environment, Unset):
            environment = []
            for environment_item_data in self.environment:
                environment_item = environment_item_data.to_dict()
                environment.append(environment_item)

        mappings: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.mappings, Unset):
            mappings = []
            for mappings_item_data in self.mappings:
                mappings_item = mappings_item_data.to_dict()
                mappings.append(mappings_item)

        files: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.files, Unset):
            files = []
            for files_item_data in self.files:
                files_item = files_item_data.to_dict()
                files.append(files_item)

        notes: list[str] | Unset = UNSET
        if not isinstance(self.notes, Unset):
            notes = self.notes

        rendered = self.rendered

        check: dict[str, Any] | None | Unset
        if isinstance(self.check, Unset):
            check = UNSET
        elif isinstance(self.check, ConfigCheck):
            check = self.check.to_dict()
        else:
            check = self.check

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "lines": lines,
                "counts": counts,
            }
        )
        if environment is not UNSET:
            field_dict["environment"] = environment
        if mappings is not UNSET:
            field_dict["mappings"] = mappings
        if files is not UNSET:
            field_dict["files"] = files
        if notes is not UNSET:
            field_dict["notes"] = notes
        if rendered is not UNSET:
            field_dict["rendered"] = rendered
        if check is not UNSET:
            field_dict["check"] = check

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.config_check import ConfigCheck
        from ..models.environment_reference import EnvironmentReference
        from ..models.file_reference import FileReference
        from ..models.import_report_counts import ImportReportCounts
        from ..models.lab_mapping import LabMapping
        from ..models.line_fate import LineFate

        d = dict(src_dict)
        lines = []
        _lines = d.pop("lines")
        for lines_item_data in _lines:
            lines_item = LineFate.from_dict(lines_item_data)

            lines.append(lines_item)

        counts = ImportReportCounts.from_dict(d.pop("counts"))

        _environment = d.pop("environment", UNSET)
        environment: list[EnvironmentReference] | Unset = UNSET
        if _environment is not UNSET:
            environment = []
            for environment_item_data in _environment:
                environment_item = EnvironmentReference.from_dict(environment_item_data)

                environment.append(environment_item)

        _mappings = d.pop("mappings", UNSET)
        mappings: list[LabMapping] | Unset = UNSET
        if _mappings is not UNSET:
            mappings = []
            for mappings_item_data in _mappings:
                mappings_item = LabMapping.from_dict(mappings_item_data)

                mappings.append(mappings_item)

        _files = d.pop("files", UNSET)
        files: list[FileReference] | Unset = UNSET
        if _files is not UNSET:
            files = []
            for files_item_data in _files:
                files_item = FileReference.from_dict(files_item_data)

                files.append(files_item)

        notes = cast(list[str], d.pop("notes", UNSET))

        rendered = d.pop("rendered", UNSET)

        def _parse_check(data: object) -> ConfigCheck | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                check_type_0 = ConfigCheck.from_dict(data)

                return check_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ConfigCheck | None | Unset, data)

        check = _parse_check(d.pop("check", UNSET))

        import_report = cls(
            lines=lines,
            counts=counts,
            environment=environment,
            mappings=mappings,
            files=files,
            notes=notes,
            rendered=rendered,
            check=check,
        )

        return import_report
