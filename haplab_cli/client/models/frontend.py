from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.frontend_mode_type_0 import FrontendModeType0
from ..models.frontend_options_item import FrontendOptionsItem
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.bind import Bind
    from ..models.frontend_timeouts import FrontendTimeouts


T = TypeVar("T", bound="Frontend")


@_attrs_define
class Frontend:
    """Where clients connect (a `frontend` section).

    Attributes:
        name (str): Section name, unique across frontends, backends and listens.
        bind (Bind): Where a frontend listens.
        mode (FrontendModeType0 | None | Unset): http or tcp; empty inherits defaults.mode.
        extra_binds (list[Bind] | Unset): More listeners of this section (e.g. :80 beside :443); the load uses `bind`.
        maxconn (int | None | Unset): Most concurrent client connections; more wait in the kernel backlog (never
            accepted).
        options (list[FrontendOptionsItem] | Unset): Options of this frontend.
        timeouts (FrontendTimeouts | Unset): Timeouts that act on the client side.
        default_backend (None | str | Unset): Backend (or listen) that receives the traffic.
        extra (list[str] | Unset): Raw directives for this section, one per line, checked against an allowlist (no Lua,
            external programs, environment changes, or files outside {runtime_dir}/).
    """

    name: str
    bind: Bind
    mode: FrontendModeType0 | None | Unset = UNSET
    extra_binds: list[Bind] | Unset = UNSET
    maxconn: int | None | Unset = UNSET
    options: list[FrontendOptionsItem] | Unset = UNSET
    timeouts: FrontendTimeouts | Unset = UNSET
    default_backend: None | str | Unset = UNSET
    extra: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        bind = self.bind.to_dict()

        mode: None | str | Unset
        if isinstance(self.mode, Unset):
            mode = UNSET
        elif isinstance(self.mode, FrontendModeType0):
            mode = self.mode.value
        else:
            mode = self.mode

        extra_binds: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.extra_binds, Unset):
            extra_binds = []
            for extra_binds_item_data in self.extra_binds:
                extra_binds_item = extra_binds_item_data.to_dict()
                extra_binds.append(extra_binds_item)

        maxconn: int | None | Unset
        if isinstance(self.maxconn, Unset):
            maxconn = UNSET
        else:
            maxconn = self.maxconn

        options: list[str] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = []
            for options_item_data in self.options:
                options_item = options_item_data.value
                options.append(options_item)

        timeouts: dict[str, Any] | Unset = UNSET
        if not isinstance(self.timeouts, Unset):
            timeouts = self.timeouts.to_dict()

        default_backend: None | str | Unset
        if isinstance(self.default_backend, Unset):
            default_backend = UNSET
        else:
            default_backend = self.default_backend

        extra: list[str] | Unset = UNSET
        if not isinstance(self.extra, Unset):
            extra = self.extra

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "bind": bind,
            }
        )
        if mode is not UNSET:
            field_dict["mode"] = mode
        if extra_binds is not UNSET:
            field_dict["extra_binds"] = extra_binds
        if maxconn is not UNSET:
            field_dict["maxconn"] = maxconn
        if options is not UNSET:
            field_dict["options"] = options
        if timeouts is not UNSET:
            field_dict["timeouts"] = timeouts
        if default_backend is not UNSET:
            field_dict["default_backend"] = default_backend
        if extra is not UNSET:
            field_dict["extra"] = extra

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.bind import Bind
        from ..models.frontend_timeouts import FrontendTimeouts

        d = dict(src_dict)
        name = d.pop("name")

        bind = Bind.from_dict(d.pop("bind"))

        def _parse_mode(data: object) -> FrontendModeType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                mode_type_0 = FrontendModeType0(data)

                return mode_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FrontendModeType0 | None | Unset, data)

        mode = _parse_mode(d.pop("mode", UNSET))

        _extra_binds = d.pop("extra_binds", UNSET)
        extra_binds: list[Bind] | Unset = UNSET
        if _extra_binds is not UNSET:
            extra_binds = []
            for extra_binds_item_data in _extra_binds:
                extra_binds_item = Bind.from_dict(extra_binds_item_data)

                extra_binds.append(extra_binds_item)

        def _parse_maxconn(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        maxconn = _parse_maxconn(d.pop("maxconn", UNSET))

        _options = d.pop("options", UNSET)
        options: list[FrontendOptionsItem] | Unset = UNSET
        if _options is not UNSET:
            options = []
            for options_item_data in _options:
                options_item = FrontendOptionsItem(options_item_data)

                options.append(options_item)

        _timeouts = d.pop("timeouts", UNSET)
        timeouts: FrontendTimeouts | Unset
        if isinstance(_timeouts, Unset):
            timeouts = UNSET
        else:
            timeouts = FrontendTimeouts.from_dict(_timeouts)

        def _parse_default_backend(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        default_backend = _parse_default_backend(d.pop("default_backend", UNSET))

        extra = cast(list[str], d.pop("extra", UNSET))

        frontend = cls(
            name=name,
            bind=bind,
            mode=mode,
            extra_binds=extra_binds,
            maxconn=maxconn,
            options=options,
            timeouts=timeouts,
            default_backend=default_backend,
            extra=extra,
        )

        return frontend
