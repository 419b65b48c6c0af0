from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="NoteOut")


@_attrs_define
class NoteOut:
    """
    Attributes:
        id (int):
        run_id (int | None):
        change_id (int | None):
        author_id (int | None):
        text (str):
        created_at (datetime.datetime):
        author_email (None | str | Unset):
    """

    id: int
    run_id: int | None
    change_id: int | None
    author_id: int | None
    text: str
    created_at: datetime.datetime
    author_email: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        run_id: int | None
        run_id = self.run_id

        change_id: int | None
        change_id = self.change_id

        author_id: int | None
        author_id = self.author_id

        text = self.text

        created_at = self.created_at.isoformat()

        author_email: None | str | Unset
        if isinstance(self.author_email, Unset):
            author_email = UNSET
        else:
            author_email = self.author_email

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "run_id": run_id,
                "change_id": change_id,
                "author_id": author_id,
                "text": text,
                "created_at": created_at,
            }
        )
        if author_email is not UNSET:
            field_dict["author_email"] = author_email

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        def _parse_run_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        run_id = _parse_run_id(d.pop("run_id"))

        def _parse_change_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        change_id = _parse_change_id(d.pop("change_id"))

        def _parse_author_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        author_id = _parse_author_id(d.pop("author_id"))

        text = d.pop("text")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_author_email(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        author_email = _parse_author_email(d.pop("author_email", UNSET))

        note_out = cls(
            id=id,
            run_id=run_id,
            change_id=change_id,
            author_id=author_id,
            text=text,
            created_at=created_at,
            author_email=author_email,
        )

        note_out.additional_properties = d
        return note_out

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
