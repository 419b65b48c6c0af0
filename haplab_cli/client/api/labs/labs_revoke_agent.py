from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.agent_out import AgentOut
from ...models.error_body import ErrorBody
from ...models.server_error_body import ServerErrorBody
from ...types import Response


def _get_kwargs(
    lab_id: int,
    agent_id: int,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/labs/{lab_id}/agents/{agent_id}/revoke".format(
            lab_id=quote(str(lab_id), safe=""),
            agent_id=quote(str(agent_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AgentOut | ErrorBody | ServerErrorBody | None:
    if response.status_code == 200:
        response_200 = AgentOut.from_dict(response.json())

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
) -> Response[AgentOut | ErrorBody | ServerErrorBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    lab_id: int,
    agent_id: int,
    *,
    client: AuthenticatedClient | Client,
) -> Response[AgentOut | ErrorBody | ServerErrorBody]:
    """Revoke Agent

     Revoke an agent: its token is refused from now on, on every agent route, a poll it holds
    open included; a run using it fails, naming it. Admins only. It stays listed as revoked
    (runs name it); enroll its name again to bring the host back with a new token. Revoking a
    revoked agent changes nothing.

    Args:
        lab_id (int):
        agent_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AgentOut | ErrorBody | ServerErrorBody]
    """

    kwargs = _get_kwargs(
        lab_id=lab_id,
        agent_id=agent_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    lab_id: int,
    agent_id: int,
    *,
    client: AuthenticatedClient | Client,
) -> AgentOut | ErrorBody | ServerErrorBody | None:
    """Revoke Agent

     Revoke an agent: its token is refused from now on, on every agent route, a poll it holds
    open included; a run using it fails, naming it. Admins only. It stays listed as revoked
    (runs name it); enroll its name again to bring the host back with a new token. Revoking a
    revoked agent changes nothing.

    Args:
        lab_id (int):
        agent_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AgentOut | ErrorBody | ServerErrorBody
    """

    return sync_detailed(
        lab_id=lab_id,
        agent_id=agent_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    lab_id: int,
    agent_id: int,
    *,
    client: AuthenticatedClient | Client,
) -> Response[AgentOut | ErrorBody | ServerErrorBody]:
    """Revoke Agent

     Revoke an agent: its token is refused from now on, on every agent route, a poll it holds
    open included; a run using it fails, naming it. Admins only. It stays listed as revoked
    (runs name it); enroll its name again to bring the host back with a new token. Revoking a
    revoked agent changes nothing.

    Args:
        lab_id (int):
        agent_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AgentOut | ErrorBody | ServerErrorBody]
    """

    kwargs = _get_kwargs(
        lab_id=lab_id,
        agent_id=agent_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    lab_id: int,
    agent_id: int,
    *,
    client: AuthenticatedClient | Client,
) -> AgentOut | ErrorBody | ServerErrorBody | None:
    """Revoke Agent

     Revoke an agent: its token is refused from now on, on every agent route, a poll it holds
    open included; a run using it fails, naming it. Admins only. It stays listed as revoked
    (runs name it); enroll its name again to bring the host back with a new token. Revoking a
    revoked agent changes nothing.

    Args:
        lab_id (int):
        agent_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AgentOut | ErrorBody | ServerErrorBody
    """

    return (
        await asyncio_detailed(
            lab_id=lab_id,
            agent_id=agent_id,
            client=client,
        )
    ).parsed
