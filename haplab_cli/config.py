"""Where the CLI finds haplab and its token: --url/--token, else HAPLAB_URL/HAPLAB_TOKEN, else
what `haplab login` stored in ~/.config/haplab/credentials.json.

A stored token belongs to the haplab it was stored for: it is sent only to that origin (scheme,
host and port, compared normalized), so `--url https://elsewhere` never carries it away; a
token given explicitly (--token, HAPLAB_TOKEN) goes where the user says.

The file is a secret, kept the way ssh keeps a private key: written atomically as a new file of
mode 600, never read through a symbolic link (O_NOFOLLOW), and refused when it is not a regular
file of this user that no one else may read, or sits in a directory others may write to.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
import tempfile
from pathlib import Path
from typing import NamedTuple

import httpx

DEFAULT_PORTS = {"http": 80, "https": 443}


class CredentialsError(Exception):
    """The stored credentials cannot be used (unsafe file, or saved for another haplab)."""


class Origin(NamedTuple):
    scheme: str
    host: str
    port: int

    def __str__(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{self.scheme}://{host}:{self.port}"


def origin_of(url: str) -> Origin:
    """The URL's origin, normalized: scheme and host lower case, an international host name in
    its ASCII (IDNA) form, the port explicit. ValueError when it is no http(s) URL with a host."""
    try:
        parsed = httpx.URL(url.strip())
        scheme = parsed.scheme.lower()
        host = parsed.raw_host.decode("ascii").lower().rstrip(".")
    except (httpx.InvalidURL, UnicodeError) as exc:
        raise ValueError(f"{url!r} is not a valid URL: {exc}") from None
    if scheme not in DEFAULT_PORTS or not host:
        raise ValueError(f"{url!r} is not an http:// or https:// URL with a host name")
    port = parsed.port or DEFAULT_PORTS[scheme]
    if not 0 < port < 65536:
        raise ValueError(f"{url!r} has no valid port")
    return Origin(scheme, host, port)


def credentials_path() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "haplab" / "credentials.json"


def _refuse_unsafe_directory(directory: Path) -> None:
    info = directory.stat()
    if info.st_uid != os.getuid() or info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        raise CredentialsError(
            f"{directory} is writable by others or not yours, so the token file in it could be"
            f" swapped: chmod 700 {directory} (as its owner), or set XDG_CONFIG_HOME elsewhere"
        )


def stored() -> dict[str, str]:
    """What `haplab login` stored ({} when nothing was); CredentialsError when the file is unsafe."""
    path = credentials_path()
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK)
    except FileNotFoundError:
        return {}
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise CredentialsError(
                f"{path} is a symbolic link; haplab does not follow one to a token: remove it and run"
                " haplab login again"
            ) from None
        raise CredentialsError(f"cannot read {path}: {exc.strerror}") from None
    with os.fdopen(fd, "rb") as file:
        info = os.fstat(file.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise CredentialsError(f"{path} is not a regular file: remove it and run haplab login again")
        if info.st_uid != os.getuid():
            raise CredentialsError(f"{path} belongs to another user: remove it and run haplab login again")
        if info.st_mode & 0o077:
            raise CredentialsError(
                f"{path} may be read by others (mode {stat.S_IMODE(info.st_mode):o}), so its token is"
                f" no secret any more: revoke that token on the Team page, chmod 600 {path}, and run"
                " haplab login again"
            )
        _refuse_unsafe_directory(path.parent)
        raw = file.read()
    try:
        data = json.loads(raw)
    except ValueError:
        return {}
    return {k: v for k, v in data.items() if isinstance(v, str)} if isinstance(data, dict) else {}


def resolve(url: str | None, token: str | None) -> tuple[str | None, str | None]:
    """The URL and token to use. A stored token only goes with a URL of the origin it was stored
    for (CredentialsError otherwise, saying what to do)."""
    url = url or os.environ.get("HAPLAB_URL")
    token = token or os.environ.get("HAPLAB_TOKEN")
    if url and token:
        return url, token  # both explicit: the stored file is not even read
    saved = stored()
    url = url or saved.get("url")
    saved_token, saved_url = saved.get("token"), saved.get("url")
    if token or not saved_token or not url:
        return url, token
    if not saved_url or not _same_origin(url, saved_url):
        raise CredentialsError(
            f"the stored token was saved for {saved_url or 'an unknown haplab'}, not {url}: run"
            f" haplab login --url {url}, or pass a token for it (--token or HAPLAB_TOKEN)"
        )
    return url, saved_token


def _same_origin(url: str, saved_url: str) -> bool:
    try:
        return origin_of(url) == origin_of(saved_url)
    except ValueError:
        return False


def save(url: str, token: str) -> Path:
    """Store the URL and token for later commands, readable by this user only.

    A new file (mode 600 from its creation) renamed over the old one: a reader never sees half
    of it, and a symbolic link at the path is replaced, never followed."""
    origin_of(url)  # only an http(s) URL is stored
    path = credentials_path()
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    _refuse_unsafe_directory(path.parent)
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=".credentials-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w") as file:  # mkstemp: O_EXCL, mode 600
            json.dump({"url": url, "token": token}, file)
            file.write("\n")
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
        raise
    directory = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(directory)  # the rename itself survives a crash
    finally:
        os.close(directory)
    return path
