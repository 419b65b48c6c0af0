from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="WebhookOut")


@_attrs_define
class WebhookOut:
    """A webhook as listed: never its secret.

    Attributes:
        id (int):
        name (str):
        url (str):
        events (list[str]):
        payload_format (str):
        active (bool):
        created_at (datetime.datetime):
        last_delivery_status (None | str | Unset):
        last_delivery_at (datetime.datetime | None | Unset):
    """

    id: int
    name: str
    url: str
    events: list[str]
    payload_format: str
    active: bool
    created_at: datetime.datetime
    last_delivery_status: None | str | Unset = UNSET
    last_delivery_at: datetime.datetime | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        url = self.url

        events = self.events

        payload_format = self.payload_format

        active = self.active

        created_at = self.created_at.isoformat()

        last_delivery_status: None | str | Unset
        if isinstance(self.last_delivery_status, Unset):
            last_delivery_status = UNSET
        else:
            last_delivery_status = self.last_delivery_status

        last_delivery_at: None | str | Unset
        if isinstance(self.last_delivery_at, Unset):
            last_delivery_at = UNSET
        elif isinstance(self.last_delivery_at, datetime.datetime):
            last_delivery_at = self.last_delivery_at.isoformat()
        else:
            last_delivery_at = self.last_delivery_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "url": url,
                "events": events,
                "payload_format": payload_format,
                "active": active,
                "created_at": created_at,
            }
        )
        if last_delivery_status is not UNSET:
            field_dict["last_delivery_status"] = last_delivery_status
        if last_delivery_at is not UNSET:
            field_dict["last_delivery_at"] = last_delivery_at

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        url = d.pop("url")

        events = cast(list[str], d.pop("events"))

        payload_format = d.pop("payload_format")

        active = d.pop("active")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_last_delivery_status(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        last_delivery_status = _parse_last_delivery_status(
            d.pop("last_delivery_status", UNSET)
        )

        def _parse_last_delivery_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_delivery_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_delivery_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        last_delivery_at = _parse_last_delivery_at(d.pop("last_delivery_at", UNSET))

        webhook_out = cls(
            id=id,
            name=name,
            url=url,
            events=events,
            payload_format=payload_format,
            active=active,
            created_at=created_at,
            last_delivery_status=last_delivery_status,
            last_delivery_at=last_delivery_at,
        )

        webhook_out.additional_properties = d
        return webhook_out

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
