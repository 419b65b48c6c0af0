from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.boundary_entries import BoundaryEntries
from ...models.error_body import ErrorBody
from ...models.lab_detail import LabDetail
from ...models.server_error_body import ServerErrorBody
from ...types import Response


def _get_kwargs(
    lab_id: int,
    *,
    body: BoundaryEntries,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/api/v1/labs/{lab_id}/boundary".format(
            lab_id=quote(str(lab_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | LabDetail | ServerErrorBody | None:
    if response.status_code == 200:
        response_200 = LabDetail.from_dict(response.json())

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
) -> Response[ErrorBody | LabDetail | ServerErrorBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    lab_id: int,
    *,
    client: AuthenticatedClient | Client,
    body: BoundaryEntries,
) -> Response[ErrorBody | LabDetail | ServerErrorBody]:
    """Set Lab Boundary

     Replace the entries lab admins added to where this lab's runs may send traffic.

    Admins only: an entry can open loopback, link-local or haplab's own ports to the lab's runs.

    Args:
        lab_id (int):
        body (BoundaryEntries): A lab admin's entries (PUT body of /labs/{id}/boundary).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | LabDetail | ServerErrorBody]
    """

    kwargs = _get_kwargs(
        lab_id=lab_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    lab_id: int,
    *,
    client: AuthenticatedClient | Client,
    body: BoundaryEntries,
) -> ErrorBody | LabDetail | ServerErrorBody | None:
    """Set Lab Boundary

     Replace the entries lab admins added to where this lab's runs may send traffic.

    Admins only: an entry can open loopback, link-local or haplab's own ports to the lab's runs.

    Args:
        lab_id (int):
        body (BoundaryEntries): A lab admin's entries (PUT body of /labs/{id}/boundary).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | LabDetail | ServerErrorBody
    """

    return sync_detailed(
        lab_id=lab_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    lab_id: int,
    *,
    client: AuthenticatedClient | Client,
    body: BoundaryEntries,
) -> Response[ErrorBody | LabDetail | ServerErrorBody]:
    """Set Lab Boundary

     Replace the entries lab admins added to where this lab's runs may send traffic.

    Admins only: an entry can open loopback, link-local or haplab's own ports to the lab's runs.

    Args:
        lab_id (int):
        body (BoundaryEntries): A lab admin's entries (PUT body of /labs/{id}/boundary).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | LabDetail | ServerErrorBody]
    """

    kwargs = _get_kwargs(
        lab_id=lab_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    lab_id: int,
    *,
    client: AuthenticatedClient | Client,
    body: BoundaryEntries,
) -> ErrorBody | LabDetail | ServerErrorBody | None:
    """Set Lab Boundary

     Replace the entries lab admins added to where this lab's runs may send traffic.

    Admins only: an entry can open loopback, link-local or haplab's own ports to the lab's runs.

    Args:
        lab_id (int):
        body (BoundaryEntries): A lab admin's entries (PUT body of /labs/{id}/boundary).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | LabDetail | ServerErrorBody
    """

    return (
        await asyncio_detailed(
            lab_id=lab_id,
            client=client,
            body=body,
        )
    ).parsed
