from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

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
        files (ImportRequestFiles | Unset): Content of pattern files the config names (acl ... -f <path>): inlined as
            patterns.
    """

    text: str
    environment: ImportRequestEnvironment | Unset = UNSET
    target: ImportRequestTarget | Unset = ImportRequestTarget.MANAGED
    files: ImportRequestFiles | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        text = self.text

        environment: dict[str, Any] | Unset = UNSET
        if not isinstance(self.environment, Unset):
            environment = self.environment.to_dict()

        target: str | Unset = UNSET
        if not isinstance(self.target, Unset):
            target = self.target.value

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
            files=files,
        )

        return import_request
