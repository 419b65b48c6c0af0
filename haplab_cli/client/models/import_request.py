from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.import_request_target import ImportRequestTarget
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.import_request_environment import ImportRequestEnvironment
    from ..models.import_request_files import ImportRequestFiles


T = TypeVar("T", bound="ImportRequest")


@_attrs_define
class ImportRequest:
    """A production haproxy.cfg to turn into an experiment (nothing is created).

    Attributes:
        text (str): The haproxy.cfg text, as HAProxy reads it.
        environment (ImportRequestEnvironment | Unset): Values of the environment variables the config reads
            ("${NAME}"), listed by the report.
        target (ImportRequestTarget | Unset): managed: the servers become the lab's own servers (one per distinct
            address); external: they stay at their production addresses (the lab's boundary must allow them). Default:
            ImportRequestTarget.MANAGED.
        lab_id (int | None | Unset): Check the config's addresses against this lab's boundary (empty: the team's labs).
        files (ImportRequestFiles | Unset): Content of pattern files the config names (acl ... -f <path>): inlined as
            patterns.
    """

    text: str
    environment: ImportRequestEnvironment | Unset = UNSET
    target: ImportRequestTarget | Unset = ImportRequestTarget.MANAGED
    lab_id: int | None | Unset = UNSET
    files: ImportRequestFiles | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        text = self.text

        environment: dict[str, Any] | Unset = UNSET
        if not isinstance(self.environment, Unset):
            environment = self.environment.to_dict()

        target: str | Unset = UNSET
        if not isinstance(self.target, Unset):
            target = self.target.value

        lab_id: int | None | Unset
        if isinstance(self.lab_id, Unset):
            lab_id = UNSET
        else:
            lab_id = self.lab_id

        files: dict[str, Any] | Unset = UNSET
        if not isinstance(self.files, Unset):
            files = self.files.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "text": text,
            }
        )
        if environment is not UNSET:
            field_dict["environment"] = environment
        if target is not UNSET:
            field_dict["target"] = target
        if lab_id is not UNSET:
            field_dict["lab_id"] = lab_id
        if files is not UNSET:
            field_dict["files"] = files

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.import_request_environment import ImportRequestEnvironment
        from ..models.import_request_files import ImportRequestFiles

        d = dict(src_dict)
        text = d.pop("text")

        _environment = d.pop("environment", UNSET)
        environment: ImportRequestEnvironment | Unset
        if isinstance(_environment, Unset):
            environment = UNSET
        else:
            environment = ImportRequestEnvironment.from_dict(_environment)

        _target = d.pop("target", UNSET)
        target: ImportRequestTarget | Unset
        if isinstance(_target, Unset):
            target = UNSET
        else:
            target = ImportRequestTarget(_target)

        def _parse_lab_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        lab_id = _parse_lab_id(d.pop("lab_id", UNSET))

        _files = d.pop("files", UNSET)
        files: ImportRequestFiles | Unset
        if isinstance(_files, Unset):
            files = UNSET
        else:
            files = ImportRequestFiles.from_dict(_files)

        import_request = cls(
            text=text,
            environment=environment,
            target=target,
            lab_id=lab_id,
            files=files,
        )

        return import_request
