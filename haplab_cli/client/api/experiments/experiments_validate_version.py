from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.server_error_body import ServerErrorBody
from ...models.validation_refused import ValidationRefused
from ...models.validation_report import ValidationReport
from ...types import UNSET, Response, Unset


def _get_kwargs(
    experiment_id: int,
    *,
    version: int | None | Unset = UNSET,
    lab_id: int | None | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_version: int | None | Unset
    if isinstance(version, Unset):
        json_version = UNSET
    else:
        json_version = version
    params["version"] = json_version

    json_lab_id: int | None | Unset
    if isinstance(lab_id, Unset):
        json_lab_id = UNSET
    else:
        json_lab_id = lab_id
    params["lab_id"] = json_lab_id

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/experiments/{experiment_id}/validate".format(
            experiment_id=quote(str(experiment_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | ValidationRefused | ServerErrorBody | ValidationReport | None:
    if response.status_code == 200:
        response_200 = ValidationReport.from_dict(response.json())

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

        def _parse_response_422(data: object) -> ErrorBody | ValidationRefused:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_422_type_0 = ValidationRefused.from_dict(data)

                return response_422_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_422_type_1 = ErrorBody.from_dict(data)

            return response_422_type_1

        response_422 = _parse_response_422(response.json())

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
) -> Response[ErrorBody | ValidationRefused | ServerErrorBody | ValidationReport]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    experiment_id: int,
    *,
    client: AuthenticatedClient | Client,
    version: int | None | Unset = UNSET,
    lab_id: int | None | Unset = UNSET,
) -> Response[ErrorBody | ValidationRefused | ServerErrorBody | ValidationReport]:
    """Validate Version

     Check a stored version as it is now: the renderer and haproxy may have changed since.

    Args:
        experiment_id (int):
        version (int | None | Unset): The latest when empty.
        lab_id (int | None | Unset): Check addresses against this lab's boundary.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | ErrorBody | ValidationRefused | ServerErrorBody | ValidationReport]
    """

    kwargs = _get_kwargs(
        experiment_id=experiment_id,
        version=version,
        lab_id=lab_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    experiment_id: int,
    *,
    client: AuthenticatedClient | Client,
    version: int | None | Unset = UNSET,
    lab_id: int | None | Unset = UNSET,
) -> ErrorBody | ValidationRefused | ServerErrorBody | ValidationReport | None:
    """Validate Version

     Check a stored version as it is now: the renderer and haproxy may have changed since.

    Args:
        experiment_id (int):
        version (int | None | Unset): The latest when empty.
        lab_id (int | None | Unset): Check addresses against this lab's boundary.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | ErrorBody | ValidationRefused | ServerErrorBody | ValidationReport
    """

    return sync_detailed(
        experiment_id=experiment_id,
        client=client,
        version=version,
        lab_id=lab_id,
    ).parsed


async def asyncio_detailed(
    experiment_id: int,
    *,
    client: AuthenticatedClient | Client,
    version: int | None | Unset = UNSET,
    lab_id: int | None | Unset = UNSET,
) -> Response[ErrorBody | ValidationRefused | ServerErrorBody | ValidationReport]:
    """Validate Version

     Check a stored version as it is now: the renderer and haproxy may have changed since.

    Args:
        experiment_id (int):
        version (int | None | Unset): The latest when empty.
        lab_id (int | None | Unset): Check addresses against this lab's boundary.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | ErrorBody | ValidationRefused | ServerErrorBody | ValidationReport]
    """

    kwargs = _get_kwargs(
        experiment_id=experiment_id,
        version=version,
        lab_id=lab_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    experiment_id: int,
    *,
    client: AuthenticatedClient | Client,
    version: int | None | Unset = UNSET,
    lab_id: int | None | Unset = UNSET,
) -> ErrorBody | ValidationRefused | ServerErrorBody | ValidationReport | None:
    """Validate Version

     Check a stored version as it is now: the renderer and haproxy may have changed since.

    Args:
        experiment_id (int):
        version (int | None | Unset): The latest when empty.
        lab_id (int | None | Unset): Check addresses against this lab's boundary.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | ErrorBody | ValidationRefused | ServerErrorBody | ValidationReport
    """

    return (
        await asyncio_detailed(
            experiment_id=experiment_id,
            client=client,
            version=version,
            lab_id=lab_id,
        )
    ).parsed
