"""The API as the CLI calls it: each operation's request is built by the client generated from
haplab's OpenAPI (haplab_cli/client/, dev/gen_api_client.sh): its path, method and parameters.

Bodies and answers pass as plain JSON, not through the generated attrs models: an experiment
file's spec goes to the API exactly as written (a model would silently drop a misspelt key the
API must refuse, naming it), and an answer is read as the JSON it is (a field this CLI does not
know yet never breaks it).
"""

from __future__ import annotations

import json
from types import ModuleType
from typing import Any

import httpx

from haplab_cli.client import AuthenticatedClient


class Body:
    """A request body given as JSON; the generated operations only call `to_dict()` on it."""

    def __init__(self, doc: dict[str, Any]) -> None:
        self.doc = doc

    def to_dict(self) -> dict[str, Any]:
        return self.doc


class ApiRefusedError(Exception):
    """The API answered an error: its status and the error body (`fields` names the inputs)."""

    def __init__(self, status: int, body: dict[str, Any]) -> None:
        self.status = status
        self.body = body
        super().__init__(f"HTTP {status}: {body.get('message') or body}")

    @property
    def fields(self) -> list[dict[str, str]]:
        return list(self.body.get("fields") or [])


class UnreachableError(Exception):
    """No answer from the API at all (wrong URL, down, timeout)."""


class Api:
    def __init__(self, base_url: str, token: str, timeout_s: float = 60.0) -> None:
        self.base_url = base_url.rstrip("/")
        self.client = AuthenticatedClient(
            base_url=self.base_url, token=token, timeout=httpx.Timeout(timeout_s)
        )

    def call(self, operation: ModuleType, **arguments: Any) -> Any:
        """Send one generated operation (`runs_get_run`, ...) and return its JSON answer."""
        if isinstance(arguments.get("body"), dict):
            arguments["body"] = Body(arguments["body"])
        request = operation._get_kwargs(**arguments)
        try:
            response = self.client.get_httpx_client().request(**request)
        except httpx.HTTPError as exc:
            raise UnreachableError(f"{self.base_url}: {exc}") from None
        return self._answer(response)

    @staticmethod
    def _answer(response: httpx.Response) -> Any:
        try:
            body = response.json() if response.content else None
        except json.JSONDecodeError:
            body = response.text
        if response.status_code >= 400:
            raise ApiRefusedError(
                response.status_code, body if isinstance(body, dict) else {"message": str(body)[:500]}
            )
        return body

    def raw(self, operation: ModuleType, **arguments: Any) -> bytes:
        """An operation whose answer is a file (CSV, text): its bytes."""
        request = operation._get_kwargs(**arguments)
        try:
            response = self.client.get_httpx_client().request(**request)
        except httpx.HTTPError as exc:
            raise UnreachableError(f"{self.base_url}: {exc}") from None
        if response.status_code >= 400:
            self._answer(response)
        return response.content
