from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.listen_balance_type_0 import ListenBalanceType0
from ..models.listen_http_reuse_type_0 import ListenHttpReuseType0
from ..models.listen_mode_type_0 import ListenModeType0
from ..models.listen_options_item import ListenOptionsItem
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.bind import Bind
    from ..models.http_check import HttpCheck
    from ..models.mysql_check import MysqlCheck
    from ..models.server import Server
    from ..models.server_options import ServerOptions
    from ..models.tcp_check import TcpCheck
    from ..models.timeouts import Timeouts


T = TypeVar("T", bound="Listen")


@_attrs_define
class Listen:
    """A frontend and its backend in one section (a `listen` section).

    Attributes:
        name (str): Section name, unique across frontends, backends and listens.
        bind (Bind): Where a frontend listens.
        mode (ListenModeType0 | None | Unset): http or tcp; empty inherits defaults.mode.
        extra_binds (list[Bind] | Unset): More listeners of this section (e.g. :80 beside :443); the load uses `bind`.
        maxconn (int | None | Unset): Most concurrent client connections; more wait in the kernel backlog (never
            accepted).
        balance (ListenBalanceType0 | None | Unset): How requests are spread: roundrobin, leastconn (fewest active),
            source/uri (hash), first (fill servers in order), random.
        fullconn (int | None | Unset): Backend load at which servers reach their full maxconn (only with minconn).
        http_reuse (ListenHttpReuseType0 | None | Unset): Sharing idle server connections between clients: never; safe
            (default: a client's first request gets its own); aggressive (reuse connections used once); always.
        health_check (HttpCheck | MysqlCheck | None | TcpCheck | Unset): How servers with `check` are probed; default is
            a TCP connect.
        retries (int | None | Unset): Connection attempts to a server before giving up.
        servers (list[Server] | Unset): Explicit server lines.
        target_servers (None | ServerOptions | Unset): One server line (t1..tN) per upstream address of the experiment's
            target, with these settings.
        options (list[ListenOptionsItem] | Unset): Options of this section.
        timeouts (Timeouts | Unset): Every timeout; used by defaults and listen sections, which have both sides.
        extra (list[str] | Unset): Raw directives for this section, one per line, checked against an allowlist (no Lua,
            external programs, environment changes, or files outside {runtime_dir}/).
    """

    name: str
    bind: Bind
    mode: ListenModeType0 | None | Unset = UNSET
    extra_binds: list[Bind] | Unset = UNSET
    maxconn: int | None | Unset = UNSET
    balance: ListenBalanceType0 | None | Unset = UNSET
    fullconn: int | None | Unset = UNSET
    http_reuse: ListenHttpReuseType0 | None | Unset = UNSET
    health_check: HttpCheck | MysqlCheck | None | TcpCheck | Unset = UNSET
    retries: int | None | Unset = UNSET
    servers: list[Server] | Unset = UNSET
    target_servers: None | ServerOptions | Unset = UNSET
    options: list[ListenOptionsItem] | Unset = UNSET
    timeouts: Timeouts | Unset = UNSET
    extra: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.http_check import HttpCheck
        from ..models.mysql_check import MysqlCheck
        from ..models.server_options import ServerOptions
        from ..models.tcp_check import TcpCheck

        name = self.name

        bind = self.bind.to_dict()

        mode: None | str | Unset
        if isinstance(self.mode, Unset):
            mode = UNSET
        elif isinstance(self.mode, ListenModeType0):
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

        balance: None | str | Unset
        if isinstance(self.balance, Unset):
            balance = UNSET
        elif isinstance(self.balance, ListenBalanceType0):
            balance = self.balance.value
        else:
            balance = self.balance

        fullconn: int | None | Unset
        if isinstance(self.fullconn, Unset):
            fullconn = UNSET
        else:
            fullconn = self.fullconn

        http_reuse: None | str | Unset
        if isinstance(self.http_reuse, Unset):
            http_reuse = UNSET
        elif isinstance(self.http_reuse, ListenHttpReuseType0):
            http_reuse = self.http_reuse.value
        else:
            http_reuse = self.http_reuse

        health_check: dict[str, Any] | None | Unset
        if isinstance(self.health_check, Unset):
            health_check = UNSET
        elif (
            isinstance(self.health_check, HttpCheck)
            or isinstance(self.health_check, MysqlCheck)
            or isinstance(self.health_check, TcpCheck)
        ):
            health_check = self.health_check.to_dict()
        else:
            health_check = self.health_check

        retries: int | None | Unset
        if isinstance(self.retries, Unset):
            retries = UNSET
        else:
            retries = self.retries

        servers: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.servers, Unset):
            servers = []
            for servers_item_data in self.servers:
                servers_item = servers_item_data.to_dict()
                servers.append(servers_item)

        target_servers: dict[str, Any] | None | Unset
        if isinstance(self.target_servers, Unset):
            target_servers = UNSET
        elif isinstance(self.target_servers, ServerOptions):
            target_servers = self.target_servers.to_dict()
        else:
            target_servers = self.target_servers

        options: list[str] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = []
            for options_item_data in self.options:
                options_item = options_item_data.value
                options.append(options_item)

        timeouts: dict[str, Any] | Unset = UNSET
        if not isinstance(self.timeouts, Unset):
            timeouts = self.timeouts.to_dict()

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
        if balance is not UNSET:
            field_dict["balance"] = balance
        if fullconn is not UNSET:
            field_dict["fullconn"] = fullconn
        if http_reuse is not UNSET:
            field_dict["http_reuse"] = http_reuse
        if health_check is not UNSET:
            field_dict["health_check"] = health_check
        if retries is not UNSET:
            field_dict["retries"] = retries
        if servers is not UNSET:
            field_dict["servers"] = servers
        if target_servers is not UNSET:
            field_dict["target_servers"] = target_servers
        if options is not UNSET:
            field_dict["options"] = options
        if timeouts is not UNSET:
            field_dict["timeouts"] = timeouts
        if extra is not UNSET:
            field_dict["extra"] = extra

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.bind import Bind
        from ..models.http_check import HttpCheck
        from ..models.mysql_check import MysqlCheck
        from ..models.server import Server
        from ..models.server_options import ServerOptions
        from ..models.tcp_check import TcpCheck
        from ..models.timeouts import Timeouts

        d = dict(src_dict)
        name = d.pop("name")

        bind = Bind.from_dict(d.pop("bind"))

        def _parse_mode(data: object) -> ListenModeType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                mode_type_0 = ListenModeType0(data)

                return mode_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ListenModeType0 | None | Unset, data)

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

        def _parse_balance(data: object) -> ListenBalanceType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                balance_type_0 = ListenBalanceType0(data)

                return balance_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ListenBalanceType0 | None | Unset, data)

        balance = _parse_balance(d.pop("balance", UNSET))

        def _parse_fullconn(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        fullconn = _parse_fullconn(d.pop("fullconn", UNSET))

        def _parse_http_reuse(data: object) -> ListenHttpReuseType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                http_reuse_type_0 = ListenHttpReuseType0(data)

                return http_reuse_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ListenHttpReuseType0 | None | Unset, data)

        http_reuse = _parse_http_reuse(d.pop("http_reuse", UNSET))

        def _parse_health_check(
            data: object,
        ) -> HttpCheck | MysqlCheck | None | TcpCheck | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                health_check_type_0_type_0 = HttpCheck.from_dict(data)

                return health_check_type_0_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                health_check_type_0_type_1 = MysqlCheck.from_dict(data)

                return health_check_type_0_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                health_check_type_0_type_2 = TcpCheck.from_dict(data)

                return health_check_type_0_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(HttpCheck | MysqlCheck | None | TcpCheck | Unset, data)

        health_check = _parse_health_check(d.pop("health_check", UNSET))

        def _parse_retries(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        retries = _parse_retries(d.pop("retries", UNSET))

        _servers = d.pop("servers", UNSET)
        servers: list[Server] | Unset = UNSET
        if _servers is not UNSET:
            servers = []
            for servers_item_data in _servers:
                servers_item = Server.from_dict(servers_item_data)

                servers.append(servers_item)

        def _parse_target_servers(data: object) -> None | ServerOptions | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                target_servers_type_0 = ServerOptions.from_dict(data)

                return target_servers_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ServerOptions | Unset, data)

        target_servers = _parse_target_servers(d.pop("target_servers", UNSET))

        _options = d.pop("options", UNSET)
        options: list[ListenOptionsItem] | Unset = UNSET
        if _options is not UNSET:
            options = []
            for options_item_data in _options:
                options_item = ListenOptionsItem(options_item_data)

                options.append(options_item)

        _timeouts = d.pop("timeouts", UNSET)
        timeouts: Timeouts | Unset
        if isinstance(_timeouts, Unset):
            timeouts = UNSET
        else:
            timeouts = Timeouts.from_dict(_timeouts)

        extra = cast(list[str], d.pop("extra", UNSET))

        listen = cls(
            name=name,
            bind=bind,
            mode=mode,
            extra_binds=extra_binds,
            maxconn=maxconn,
            balance=balance,
            fullconn=fullconn,
            http_reuse=http_reuse,
            health_check=health_check,
            retries=retries,
            servers=servers,
            target_servers=target_servers,
            options=options,
            timeouts=timeouts,
            extra=extra,
        )

        return listen
