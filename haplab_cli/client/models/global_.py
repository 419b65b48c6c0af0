from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.global_log_type_0 import GlobalLogType0
from ..types import UNSET, Unset

T = TypeVar("T", bound="Global")


@_attrs_define
class Global:
    """Process-wide settings (the `global` section).

    Attributes:
        maxconn (int | None | Unset): Most concurrent connections the whole process accepts (at most 9900 here: about
            two file descriptors each); also sizes the default frontend maxconn.
        log (GlobalLogType0 | None | Unset): Where HAProxy writes logs (httplog and tcplog need it); empty = no logging.
        nbthread (int | None | Unset): Worker threads; usually one per CPU core the proxy may use.
        cpu_map (list[str] | Unset): Pin threads to CPUs, e.g. '1/all 0-1' or '1/1 0' (thread 1 on CPU 0).
        tune_bufsize (int | None | Unset): Size in bytes of each request/response buffer; larger headers or bodies need
            more.
        ssl_default_bind_ciphers (None | str | Unset): OpenSSL cipher list for TLS <= 1.2 on every ssl bind.
        ssl_default_bind_ciphersuites (None | str | Unset): TLS 1.3 cipher suites on every ssl bind.
        ssl_default_bind_options (list[str] | Unset): TLS options on every ssl bind, e.g. 'ssl-min-ver TLSv1.2'.
        ssl_default_server_options (list[str] | Unset): TLS options on every ssl server connection.
        extra (list[str] | Unset): Raw directives for this section, one per line, checked against an allowlist (no Lua,
            external programs, environment changes, or files outside {runtime_dir}/).
    """

    maxconn: int | None | Unset = UNSET
    log: GlobalLogType0 | None | Unset = UNSET
    nbthread: int | None | Unset = UNSET
    cpu_map: list[str] | Unset = UNSET
    tune_bufsize: int | None | Unset = UNSET
    ssl_default_bind_ciphers: None | str | Unset = UNSET
    ssl_default_bind_ciphersuites: None | str | Unset = UNSET
    ssl_default_bind_options: list[str] | Unset = UNSET
    ssl_default_server_options: list[str] | Unset = UNSET
    extra: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        maxconn: int | None | Unset
        if isinstance(self.maxconn, Unset):
            maxconn = UNSET
        else:
            maxconn = self.maxconn

        log: None | str | Unset
        if isinstance(self.log, Unset):
            log = UNSET
        elif isinstance(self.log, GlobalLogType0):
            log = self.log.value
        else:
            log = self.log

        nbthread: int | None | Unset
        if isinstance(self.nbthread, Unset):
            nbthread = UNSET
        else:
            nbthread = self.nbthread

        cpu_map: list[str] | Unset = UNSET
        if not isinstance(self.cpu_map, Unset):
            cpu_map = self.cpu_map

        tune_bufsize: int | None | Unset
        if isinstance(self.tune_bufsize, Unset):
            tune_bufsize = UNSET
        else:
            tune_bufsize = self.tune_bufsize

        ssl_default_bind_ciphers: None | str | Unset
        if isinstance(self.ssl_default_bind_ciphers, Unset):
            ssl_default_bind_ciphers = UNSET
        else:
            ssl_default_bind_ciphers = self.ssl_default_bind_ciphers

        ssl_default_bind_ciphersuites: None | str | Unset
        if isinstance(self.ssl_default_bind_ciphersuites, Unset):
            ssl_default_bind_ciphersuites = UNSET
        else:
            ssl_default_bind_ciphersuites = self.ssl_default_bind_ciphersuites

        ssl_default_bind_options: list[str] | Unset = UNSET
        if not isinstance(self.ssl_default_bind_options, Unset):
            ssl_default_bind_options = self.ssl_default_bind_options

        ssl_default_server_options: list[str] | Unset = UNSET
        if not isinstance(self.ssl_default_server_options, Unset):
            ssl_default_server_options = self.ssl_default_server_options

        extra: list[str] | Unset = UNSET
        if not isinstance(self.extra, Unset):
            extra = self.extra

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if maxconn is not UNSET:
            field_dict["maxconn"] = maxconn
        if log is not UNSET:
            field_dict["log"] = log
        if nbthread is not UNSET:
            field_dict["nbthread"] = nbthread
        if cpu_map is not UNSET:
            field_dict["cpu_map"] = cpu_map
        if tune_bufsize is not UNSET:
            field_dict["tune_bufsize"] = tune_bufsize
        if ssl_default_bind_ciphers is not UNSET:
            field_dict["ssl_default_bind_ciphers"] = ssl_default_bind_ciphers
        if ssl_default_bind_ciphersuites is not UNSET:
            field_dict["ssl_default_bind_ciphersuites"] = ssl_default_bind_ciphersuites
        if ssl_default_bind_options is not UNSET:
            field_dict["ssl_default_bind_options"] = ssl_default_bind_options
        if ssl_default_server_options is not UNSET:
            field_dict["ssl_default_server_options"] = ssl_default_server_options
        if extra is not UNSET:
            field_dict["extra"] = extra

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_maxconn(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        maxconn = _parse_maxconn(d.pop("maxconn", UNSET))

        def _parse_log(data: object) -> GlobalLogType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                log_type_0 = GlobalLogType0(data)

                return log_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GlobalLogType0 | None | Unset, data)

        log = _parse_log(d.pop("log", UNSET))

        def _parse_nbthread(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        nbthread = _parse_nbthread(d.pop("nbthread", UNSET))

        cpu_map = cast(list[str], d.pop("cpu_map", UNSET))

        def _parse_tune_bufsize(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        tune_bufsize = _parse_tune_bufsize(d.pop("tune_bufsize", UNSET))

        def _parse_ssl_default_bind_ciphers(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ssl_default_bind_ciphers = _parse_ssl_default_bind_ciphers(
            d.pop("ssl_default_bind_ciphers", UNSET)
        )

        def _parse_ssl_default_bind_ciphersuites(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ssl_default_bind_ciphersuites = _parse_ssl_default_bind_ciphersuites(
            d.pop("ssl_default_bind_ciphersuites", UNSET)
        )

        ssl_default_bind_options = cast(
            list[str], d.pop("ssl_default_bind_options", UNSET)
        )

        ssl_default_server_options = cast(
            list[str], d.pop("ssl_default_server_options", UNSET)
        )

        extra = cast(list[str], d.pop("extra", UNSET))

        global_ = cls(
            maxconn=maxconn,
            log=log,
            nbthread=nbthread,
            cpu_map=cpu_map,
            tune_bufsize=tune_bufsize,
            ssl_default_bind_ciphers=ssl_default_bind_ciphers,
            ssl_default_bind_ciphersuites=ssl_default_bind_ciphersuites,
            ssl_default_bind_options=ssl_default_bind_options,
            ssl_default_server_options=ssl_default_server_options,
            extra=extra,
        )

        return global_
