from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.defaults_mode import DefaultsMode
from ..models.defaults_options_item import DefaultsOptionsItem
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.timeouts import Timeouts


T = TypeVar("T", bound="Defaults")


@_attrs_define
class Defaults:
    """Settings every frontend, backend and listen section inherits (the `defaults` section).

    Attributes:
        mode (DefaultsMode | Unset): http parses requests (layer 7); tcp forwards bytes (layer 4). Default:
            DefaultsMode.HTTP.
        timeouts (Timeouts | Unset): Every timeout; used by defaults and listen sections, which have both sides.
        options (list[DefaultsOptionsItem] | Unset): Options inherited by every section.
        retries (int | None | Unset): Connection attempts to a server before giving up.
        maxconn (int | None | Unset): Default per-frontend limit of concurrent client connections.
        extra (list[str] | Unset): Raw directives for this section, one per line, checked against an allowlist (no Lua,
            external programs, environment changes, or files outside {runtime_dir}/).
    """

    mode: DefaultsMode | Unset = DefaultsMode.HTTP
    timeouts: Timeouts | Unset = UNSET
    options: list[DefaultsOptionsItem] | Unset = UNSET
    retries: int | None | Unset = UNSET
    maxconn: int | None | Unset = UNSET
    extra: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        mode: str | Unset = UNSET
        if not isinstance(self.mode, Unset):
            mode = self.mode.value

        timeouts: dict[str, Any] | Unset = UNSET
        if not isinstance(self.timeouts, Unset):
            timeouts = self.timeouts.to_dict()

        options: list[str] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = []
            for options_item_data in self.options:
                options_item = options_item_data.value
                options.append(options_item)

        retries: int | None | Unset
        if isinstance(self.retries, Unset):
            retries = UNSET
        else:
            retries = self.retries

        maxconn: int | None | Unset
        if isinstance(self.maxconn, Unset):
            maxconn = UNSET
        else:
            maxconn = self.maxconn

        extra: list[str] | Unset = UNSET
        if not isinstance(self.extra, Unset):
            extra = self.extra

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if mode is not UNSET:
            field_dict["mode"] = mode
        if timeouts is not UNSET:
            field_dict["timeouts"] = timeouts
        if options is not UNSET:
            field_dict["options"] = options
        if retries is not UNSET:
            field_dict["retries"] = retries
        if maxconn is not UNSET:
            field_dict["maxconn"] = maxconn
        if extra is not UNSET:
            field_dict["extra"] = extra

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.timeouts import Timeouts

        d = dict(src_dict)
        _mode = d.pop("mode", UNSET)
        mode: DefaultsMode | Unset
        if isinstance(_mode, Unset):
            mode = UNSET
        else:
            mode = DefaultsMode(_mode)

        _timeouts = d.pop("timeouts", UNSET)
        timeouts: Timeouts | Unset
        if isinstance(_timeouts, Unset):
            timeouts = UNSET
        else:
            timeouts = Timeouts.from_dict(_timeouts)

        _options = d.pop("options", UNSET)
        options: list[DefaultsOptionsItem] | Unset = UNSET
        if _options is not UNSET:
            options = []
            for options_item_data in _options:
                options_item = DefaultsOptionsItem(options_item_data)

                options.append(options_item)

        def _parse_retries(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        retries = _parse_retries(d.pop("retries", UNSET))

        def _parse_maxconn(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        maxconn = _parse_maxconn(d.pop("maxconn", UNSET))

        extra = cast(list[str], d.pop("extra", UNSET))

        defaults = cls(
            mode=mode,
            timeouts=timeouts,
            options=options,
            retries=retries,
            maxconn=maxconn,
            extra=extra,
        )

        return defaults
