from __future__ import annotations

from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

from ..models.http_check_method import HttpCheckMethod
from ..types import UNSET, Unset

T = TypeVar("T", bound="HttpCheck")


@_attrs_define
class HttpCheck:
    """HTTP health check: a request whose reply must be 2xx/3xx (or expect_status).

    Attributes:
        kind (Literal['http'] | Unset):  Default: 'http'.
        method (HttpCheckMethod | Unset): Method of the check request. Default: HttpCheckMethod.GET.
        path (str | Unset): Path of the check request. Default: '/health'.
        expect_status (int | None | Unset): Exact status a healthy server returns.
    """

    kind: Literal["http"] | Unset = "http"
    method: HttpCheckMethod | Unset = HttpCheckMethod.GET
    path: str | Unset = "/health"
    expect_status: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        method: str | Unset = UNSET
        if not isinstance(self.method, Unset):
            method = self.method.value

        path = self.path

        expect_status: int | None | Unset
        if isinstance(self.expect_status, Unset):
            expect_status = UNSET
        else:
            expect_status = self.expect_status

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if kind is not UNSET:
            field_dict["kind"] = kind
        if method is not UNSET:
            field_dict["method"] = method
        if path is not UNSET:
            field_dict["path"] = path
        if expect_status is not UNSET:
            field_dict["expect_status"] = expect_status

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = cast(Literal["http"] | Unset, d.pop("kind", UNSET))
        if kind != "http" and not isinstance(kind, Unset):
            raise ValueError(f"kind must match const 'http', got '{kind}'")

        _method = d.pop("method", UNSET)
        method: HttpCheckMethod | Unset
        if isinstance(_method, Unset):
            method = UNSET
        else:
            method = HttpCheckMethod(_method)

        path = d.pop("path", UNSET)

        def _parse_expect_status(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        expect_status = _parse_expect_status(d.pop("expect_status", UNSET))

        http_check = cls(
            kind=kind,
            method=method,
            path=path,
            expect_status=expect_status,
        )

        return http_check
