import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.run_page import RunPage
from ...models.run_state import RunState
from ...models.runs_list_runs_direction_type_0 import RunsListRunsDirectionType0
from ...models.runs_list_runs_order import RunsListRunsOrder
from ...models.runs_list_runs_sort import RunsListRunsSort
from ...models.runs_list_runs_thresholds_type_0 import RunsListRunsThresholdsType0
from ...models.server_error_body import ServerErrorBody
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    experiment_id: int | None | Unset = UNSET,
    launch_id: int | None | Unset = UNSET,
    lab_id: int | None | Unset = UNSET,
    state: list[RunState] | None | Unset = UNSET,
    tag: None | str | Unset = UNSET,
    since: datetime.datetime | None | Unset = UNSET,
    until: datetime.datetime | None | Unset = UNSET,
    q: None | str | Unset = UNSET,
    thresholds: None | RunsListRunsThresholdsType0 | Unset = UNSET,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    cursor: None | str | Unset = UNSET,
    sort: RunsListRunsSort | Unset = RunsListRunsSort.CREATED,
    direction: None | RunsListRunsDirectionType0 | Unset = UNSET,
    order: RunsListRunsOrder | Unset = RunsListRunsOrder.NEWEST,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_experiment_id: int | None | Unset
    if isinstance(experiment_id, Unset):
        json_experiment_id = UNSET
    else:
        json_experiment_id = experiment_id
    params["experiment_id"] = json_experiment_id

    json_launch_id: int | None | Unset
    if isinstance(launch_id, Unset):
        json_launch_id = UNSET
    else:
        json_launch_id = launch_id
    params["launch_id"] = json_launch_id

    json_lab_id: int | None | Unset
    if isinstance(lab_id, Unset):
        json_lab_id = UNSET
    else:
        json_lab_id = lab_id
    params["lab_id"] = json_lab_id

    json_state: list[str] | None | Unset
    if isinstance(state, Unset):
        json_state = UNSET
    elif isinstance(state, list):
        json_state = []
        for state_type_0_item_data in state:
            state_type_0_item = state_type_0_item_data.value
            json_state.append(state_type_0_item)

    else:
        json_state = state
    params["state"] = json_state

    json_tag: None | str | Unset
    if isinstance(tag, Unset):
        json_tag = UNSET
    else:
        json_tag = tag
    params["tag"] = json_tag

    json_since: None | str | Unset
    if isinstance(since, Unset):
        json_since = UNSET
    elif isinstance(since, datetime.datetime):
        json_since = since.isoformat()
    else:
        json_since = since
    params["since"] = json_since

    json_until: None | str | Unset
    if isinstance(until, Unset):
        json_until = UNSET
    elif isinstance(until, datetime.datetime):
        json_until = until.isoformat()
    else:
        json_until = until
    params["until"] = json_until

    json_q: None | str | Unset
    if isinstance(q, Unset):
        json_q = UNSET
    else:
        json_q = q
    params["q"] = json_q

    json_thresholds: None | str | Unset
    if isinstance(thresholds, Unset):
        json_thresholds = UNSET
    elif isinstance(thresholds, RunsListRunsThresholdsType0):
        json_thresholds = thresholds.value
    else:
        json_thresholds = thresholds
    params["thresholds"] = json_thresholds

    params["limit"] = limit

    params["offset"] = offset

    json_cursor: None | str | Unset
    if isinstance(cursor, Unset):
        json_cursor = UNSET
    else:
        json_cursor = cursor
    params["cursor"] = json_cursor

    json_sort: str | Unset = UNSET
    if not isinstance(sort, Unset):
        json_sort = sort.value

    params["sort"] = json_sort

    json_direction: None | str | Unset
    if isinstance(direction, Unset):
        json_direction = UNSET
    elif isinstance(direction, RunsListRunsDirectionType0):
        json_direction = direction.value
    else:
        json_direction = direction
    params["direction"] = json_direction

    json_order: str | Unset = UNSET
    if not isinstance(order, Unset):
        json_order = order.value

    params["order"] = json_order

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/runs",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | RunPage | ServerErrorBody | None:
    if response.status_code == 200:
        response_200 = RunPage.from_dict(response.json())

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
) -> Response[ErrorBody | RunPage | ServerErrorBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    experiment_id: int | None | Unset = UNSET,
    launch_id: int | None | Unset = UNSET,
    lab_id: int | None | Unset = UNSET,
    state: list[RunState] | None | Unset = UNSET,
    tag: None | str | Unset = UNSET,
    since: datetime.datetime | None | Unset = UNSET,
    until: datetime.datetime | None | Unset = UNSET,
    q: None | str | Unset = UNSET,
    thresholds: None | RunsListRunsThresholdsType0 | Unset = UNSET,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    cursor: None | str | Unset = UNSET,
    sort: RunsListRunsSort | Unset = RunsListRunsSort.CREATED,
    direction: None | RunsListRunsDirectionType0 | Unset = UNSET,
    order: RunsListRunsOrder | Unset = RunsListRunsOrder.NEWEST,
) -> Response[ErrorBody | RunPage | ServerErrorBody]:
    """List Runs

     The team's runs, filtered, searched and sorted, with their headline figures; ties by id.

    Args:
        experiment_id (int | None | Unset):
        launch_id (int | None | Unset):
        lab_id (int | None | Unset):
        state (list[RunState] | None | Unset): Repeat for several states.
        tag (None | str | Unset): A tag of the run's experiment.
        since (datetime.datetime | None | Unset): Created at or after.
        until (datetime.datetime | None | Unset): Created before.
        q (None | str | Unset): Text in the experiment's name, description or tags, or the run's
            version note (case-insensitive; % and _ match themselves).
        thresholds (None | RunsListRunsThresholdsType0 | Unset): passed: every threshold rule
            passed; failed: one did not; judged: either.
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.
        cursor (None | str | Unset): A page's next_cursor: the page after it (same filters, sort,
            direction; no offset).
        sort (RunsListRunsSort | Unset): Creation, finish time or a figure (metric key); runs
            without it come last. Default: RunsListRunsSort.CREATED.
        direction (None | RunsListRunsDirectionType0 | Unset): desc unless said (or order=oldest).
        order (RunsListRunsOrder | Unset): Older spelling of direction: newest = desc, oldest =
            asc. Default: RunsListRunsOrder.NEWEST.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | RunPage | ServerErrorBody]
    """

    kwargs = _get_kwargs(
        experiment_id=experiment_id,
        launch_id=launch_id,
        lab_id=lab_id,
        state=state,
        tag=tag,
        since=since,
        until=until,
        q=q,
        thresholds=thresholds,
        limit=limit,
        offset=offset,
        cursor=cursor,
        sort=sort,
        direction=direction,
        order=order,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    experiment_id: int | None | Unset = UNSET,
    launch_id: int | None | Unset = UNSET,
    lab_id: int | None | Unset = UNSET,
    state: list[RunState] | None | Unset = UNSET,
    tag: None | str | Unset = UNSET,
    since: datetime.datetime | None | Unset = UNSET,
    until: datetime.datetime | None | Unset = UNSET,
    q: None | str | Unset = UNSET,
    thresholds: None | RunsListRunsThresholdsType0 | Unset = UNSET,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    cursor: None | str | Unset = UNSET,
    sort: RunsListRunsSort | Unset = RunsListRunsSort.CREATED,
    direction: None | RunsListRunsDirectionType0 | Unset = UNSET,
    order: RunsListRunsOrder | Unset = RunsListRunsOrder.NEWEST,
) -> ErrorBody | RunPage | ServerErrorBody | None:
    """List Runs

     The team's runs, filtered, searched and sorted, with their headline figures; ties by id.

    Args:
        experiment_id (int | None | Unset):
        launch_id (int | None | Unset):
        lab_id (int | None | Unset):
        state (list[RunState] | None | Unset): Repeat for several states.
        tag (None | str | Unset): A tag of the run's experiment.
        since (datetime.datetime | None | Unset): Created at or after.
        until (datetime.datetime | None | Unset): Created before.
        q (None | str | Unset): Text in the experiment's name, description or tags, or the run's
            version note (case-insensitive; % and _ match themselves).
        thresholds (None | RunsListRunsThresholdsType0 | Unset): passed: every threshold rule
            passed; failed: one did not; judged: either.
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.
        cursor (None | str | Unset): A page's next_cursor: the page after it (same filters, sort,
            direction; no offset).
        sort (RunsListRunsSort | Unset): Creation, finish time or a figure (metric key); runs
            without it come last. Default: RunsListRunsSort.CREATED.
        direction (None | RunsListRunsDirectionType0 | Unset): desc unless said (or order=oldest).
        order (RunsListRunsOrder | Unset): Older spelling of direction: newest = desc, oldest =
            asc. Default: RunsListRunsOrder.NEWEST.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | RunPage | ServerErrorBody
    """

    return sync_detailed(
        client=client,
        experiment_id=experiment_id,
        launch_id=launch_id,
        lab_id=lab_id,
        state=state,
        tag=tag,
        since=since,
        until=until,
        q=q,
        thresholds=thresholds,
        limit=limit,
        offset=offset,
        cursor=cursor,
        sort=sort,
        direction=direction,
        order=order,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    experiment_id: int | None | Unset = UNSET,
    launch_id: int | None | Unset = UNSET,
    lab_id: int | None | Unset = UNSET,
    state: list[RunState] | None | Unset = UNSET,
    tag: None | str | Unset = UNSET,
    since: datetime.datetime | None | Unset = UNSET,
    until: datetime.datetime | None | Unset = UNSET,
    q: None | str | Unset = UNSET,
    thresholds: None | RunsListRunsThresholdsType0 | Unset = UNSET,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    cursor: None | str | Unset = UNSET,
    sort: RunsListRunsSort | Unset = RunsListRunsSort.CREATED,
    direction: None | RunsListRunsDirectionType0 | Unset = UNSET,
    order: RunsListRunsOrder | Unset = RunsListRunsOrder.NEWEST,
) -> Response[ErrorBody | RunPage | ServerErrorBody]:
    """List Runs

     The team's runs, filtered, searched and sorted, with their headline figures; ties by id.

    Args:
        experiment_id (int | None | Unset):
        launch_id (int | None | Unset):
        lab_id (int | None | Unset):
        state (list[RunState] | None | Unset): Repeat for several states.
        tag (None | str | Unset): A tag of the run's experiment.
        since (datetime.datetime | None | Unset): Created at or after.
        until (datetime.datetime | None | Unset): Created before.
        q (None | str | Unset): Text in the experiment's name, description or tags, or the run's
            version note (case-insensitive; % and _ match themselves).
        thresholds (None | RunsListRunsThresholdsType0 | Unset): passed: every threshold rule
            passed; failed: one did not; judged: either.
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.
        cursor (None | str | Unset): A page's next_cursor: the page after it (same filters, sort,
            direction; no offset).
        sort (RunsListRunsSort | Unset): Creation, finish time or a figure (metric key); runs
            without it come last. Default: RunsListRunsSort.CREATED.
        direction (None | RunsListRunsDirectionType0 | Unset): desc unless said (or order=oldest).
        order (RunsListRunsOrder | Unset): Older spelling of direction: newest = desc, oldest =
            asc. Default: RunsListRunsOrder.NEWEST.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | RunPage | ServerErrorBody]
    """

    kwargs = _get_kwargs(
        experiment_id=experiment_id,
        launch_id=launch_id,
        lab_id=lab_id,
        state=state,
        tag=tag,
        since=since,
        until=until,
        q=q,
        thresholds=thresholds,
        limit=limit,
        offset=offset,
        cursor=cursor,
        sort=sort,
        direction=direction,
        order=order,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    experiment_id: int | None | Unset = UNSET,
    launch_id: int | None | Unset = UNSET,
    lab_id: int | None | Unset = UNSET,
    state: list[RunState] | None | Unset = UNSET,
    tag: None | str | Unset = UNSET,
    since: datetime.datetime | None | Unset = UNSET,
    until: datetime.datetime | None | Unset = UNSET,
    q: None | str | Unset = UNSET,
    thresholds: None | RunsListRunsThresholdsType0 | Unset = UNSET,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    cursor: None | str | Unset = UNSET,
    sort: RunsListRunsSort | Unset = RunsListRunsSort.CREATED,
    direction: None | RunsListRunsDirectionType0 | Unset = UNSET,
    order: RunsListRunsOrder | Unset = RunsListRunsOrder.NEWEST,
) -> ErrorBody | RunPage | ServerErrorBody | None:
    """List Runs

     The team's runs, filtered, searched and sorted, with their headline figures; ties by id.

    Args:
        experiment_id (int | None | Unset):
        launch_id (int | None | Unset):
        lab_id (int | None | Unset):
        state (list[RunState] | None | Unset): Repeat for several states.
        tag (None | str | Unset): A tag of the run's experiment.
        since (datetime.datetime | None | Unset): Created at or after.
        until (datetime.datetime | None | Unset): Created before.
        q (None | str | Unset): Text in the experiment's name, description or tags, or the run's
            version note (case-insensitive; % and _ match themselves).
        thresholds (None | RunsListRunsThresholdsType0 | Unset): passed: every threshold rule
            passed; failed: one did not; judged: either.
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.
        cursor (None | str | Unset): A page's next_cursor: the page after it (same filters, sort,
            direction; no offset).
        sort (RunsListRunsSort | Unset): Creation, finish time or a figure (metric key); runs
            without it come last. Default: RunsListRunsSort.CREATED.
        direction (None | RunsListRunsDirectionType0 | Unset): desc unless said (or order=oldest).
        order (RunsListRunsOrder | Unset): Older spelling of direction: newest = desc, oldest =
            asc. Default: RunsListRunsOrder.NEWEST.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | RunPage | ServerErrorBody
    """

    return (
        await asyncio_detailed(
            client=client,
            experiment_id=experiment_id,
            launch_id=launch_id,
            lab_id=lab_id,
            state=state,
            tag=tag,
            since=since,
            until=until,
            q=q,
            thresholds=thresholds,
            limit=limit,
            offset=offset,
            cursor=cursor,
            sort=sort,
            direction=direction,
            order=order,
        )
    ).parsed
