from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.webhook_create_events_item import WebhookCreateEventsItem
from ..models.webhook_create_payload_format import WebhookCreatePayloadFormat
from ..types import UNSET, Unset

T = TypeVar("T", bound="WebhookCreate")


@_attrs_define
class WebhookCreate:
    """
    Attributes:
        name (str):
        url (str): http(s) URL to a public address on port 80 or 443 (others only where the operator allows them); an
            international host name is sent IDNA-encoded.
        events (list[WebhookCreateEventsItem]):
        payload_format (WebhookCreatePayloadFormat | Unset): haplab: signed JSON event; slack: {text}. Default:
            WebhookCreatePayloadFormat.HAPLAB.
    """

    name: str
    url: str
    events: list[WebhookCreateEventsItem]
    payload_format: WebhookCreatePayloadFormat | Unset = (
        WebhookCreatePayloadFormat.HAPLAB
    )

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        url = self.url

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.value
            events.append(events_item)

        payload_format: str | Unset = UNSET
        if not isinstance(self.payload_format, Unset):
            payload_format = self.payload_format.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "url": url,
                "events": events,
            }
        )
        if payload_format is not UNSET:
            field_dict["payload_format"] = payload_format

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        url = d.pop("url")

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = WebhookCreateEventsItem(events_item_data)

            events.append(events_item)

        _payload_format = d.pop("payload_format", UNSET)
        payload_format: WebhookCreatePayloadFormat | Unset
        if isinstance(_payload_format, Unset):
            payload_format = UNSET
        else:
            payload_format = WebhookCreatePayloadFormat(_payload_format)

        webhook_create = cls(
            name=name,
            url=url,
            events=events,
            payload_format=payload_format,
        )

        return webhook_create
