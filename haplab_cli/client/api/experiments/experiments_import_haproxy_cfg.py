from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.import_answer import ImportAnswer
from ...models.import_request import ImportRequest
from ...models.server_error_body import ServerErrorBody
from ...types import Response


def _get_kwargs(
    *,
    body: ImportRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/experiments/import",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | ImportAnswer | ServerErrorBody | None:
    if response.status_code == 200:
        response_200 = ImportAnswer.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ErrorBody.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ErrorBody.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ErrorBody.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = ErrorBody.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = ErrorBody.from_dict(response.json())

        return response_409

    if response.status_code == 422:
        response_422 = ErrorBody.from_dict(response.json())

        return response_422

    if response.status_code == 500:
        response_500 = ServerErrorBody.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = ErrorBody.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ErrorBody | ImportAnswer | ServerErrorBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ImportRequest,
) -> Response[ErrorBody | ImportAnswer | ServerErrorBody]:
    """Import Haproxy Cfg

     Turn a production haproxy.cfg into an experiment spec and a report of every line's fate
    (modelled, kept raw, mapped onto the lab, refused with why). Creates nothing: save the spec
    with POST /experiments.

    Args:
        body (ImportRequest): A production haproxy.cfg to turn into an experiment (nothing is
            created).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | ImportAnswer | ServerErrorBody]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: ImportRequest,
) -> ErrorBody | ImportAnswer | ServerErrorBody | None:
    """Import Haproxy Cfg

     Turn a production haproxy.cfg into an experiment spec and a report of every line's fate
    (modelled, kept raw, mapped onto the lab, refused with why). Creates nothing: save the spec
    with POST /experiments.

    Args:
        body (ImportRequest): A production haproxy.cfg to turn into an experiment (nothing is
            created).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | ImportAnswer | ServerErrorBody
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ImportRequest,
) -> Response[ErrorBody | ImportAnswer | ServerErrorBody]:
    """Import Haproxy Cfg

     Turn a production haproxy.cfg into an experiment spec and a report of every line's fate
    (modelled, kept raw, mapped onto the lab, refused with why). Creates nothing: save the spec
    with POST /experiments.

    Args:
        body (ImportRequest): A production haproxy.cfg to turn into an experiment (nothing is
            created).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | ImportAnswer | ServerErrorBody]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: ImportRequest,
) -> ErrorBody | ImportAnswer | ServerErrorBody | None:
    """Import Haproxy Cfg

     Turn a production haproxy.cfg into an experiment spec and a report of every line's fate
    (modelled, kept raw, mapped onto the lab, refused with why). Creates nothing: save the spec
    with POST /experiments.

    Args:
        body (ImportRequest): A production haproxy.cfg to turn into an experiment (nothing is
            created).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | ImportAnswer | ServerErrorBody
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
