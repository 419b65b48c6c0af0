from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.line_fate_fate import LineFateFate
from ..types import UNSET, Unset

T = TypeVar("T", bound="LineFate")


@_attrs_define
class LineFate:
    """What became of one line of the original config.

    Attributes:
        line (int): Line number in the original text (1-based).
        text (str): The line as written.
        section (str): The section it belongs to, e.g. 'backend app' ('' before any).
        fate (LineFateFate): What became of it: modelled: became a structured field of the spec; kept: kept as a raw
            line of its section, checked by the allowlist and haproxy -c; mapped: replaced by its lab equivalent (addresses,
            certificates, log destination ...); refused: left out: the allowlist, the model or haproxy -c refused it (the
            reason says which); not_imported: left out: a section or setting the spec cannot hold; skipped: comments, .if
            blocks and lines inside a false .if: HAProxy does not apply them either
        detail (str): One sentence: what became of it and why.
        field (None | str | Unset): The spec field it became or went into, e.g. proxy.global.maxconn.
    """

    line: int
    text: str
    section: str
    fate: LineFateFate
    detail: str
    field: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        line = self.line

        text = self.text

        section = self.section

        fate = self.fate.value

        detail = self.detail

        field: None | str | Unset
        if isinstance(self.field, Unset):
            field = UNSET
        else:
            field = self.field

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "line": line,
                "text": text,
                "section": section,
                "fate": fate,
                "detail": detail,
            }
        )
        if field is not UNSET:
            field_dict["field"] = field

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        line = d.pop("line")

        text = d.pop("text")

        section = d.pop("section")

        fate = LineFateFate(d.pop("fate"))

        detail = d.pop("detail")

        def _parse_field(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        field = _parse_field(d.pop("field", UNSET))

        line_fate = cls(
            line=line,
            text=text,
            section=section,
            fate=fate,
            detail=detail,
            field=field,
        )

        return line_fate
