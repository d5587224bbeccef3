"""`GET /v1/endpoints`: where the organisation's clients call, and what serves each plan."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from fastapi import APIRouter
from pydantic import BaseModel, Field

from trichome.accounts.endpoints import DEFAULT_ENDPOINT, list_endpoints
from trichome.config import Settings
from trichome.db.models import Endpoint
from trichome.http.deps import PrincipalDep
from trichome.http.errors import error_responses
from trichome.http.state import CoreDep
from trichome.plans import Tier, listed_model

router = APIRouter()


class PlanAssignment(BaseModel):
    """The public model a plan (tier) calls through this endpoint, and what serves it."""

    plan: Literal["free", "pro", "operator", "team"]
    model: str = Field(description="The public model id of the plan.")
    upstream_model: str | None = Field(
        description="The upstream model behind it under the `openai` engine; null under `grounded`."
    )


class EndpointOut(BaseModel):
    """One endpoint of the caller's organisation."""

    id: str
    object: Literal["endpoint"]
    name: str
    url: str = Field(description="The base URL clients use (append /chat/completions).")
    default: bool = Field(description="The organisation's default endpoint.")
    current: bool = Field(description="The endpoint the calling credential is served by.")
    engine: Literal["grounded", "openai"]
    plans: list[PlanAssignment]


class EndpointList(BaseModel):
    object: Literal["list"]
    data: list[EndpointOut]


def describe_endpoint(
    endpoint_id: str,
    name: str,
    url: str | None,
    overrides: dict[str, str],
    *,
    default: bool,
    current: bool,
    settings: Settings,
) -> EndpointOut:
    """One endpoint as `/v1/endpoints` (and the dashboard's endpoints page) shows it."""
    plans = []
    for tier in Tier:
        model = listed_model(tier)
        upstream = None
        if settings.engine == "openai":
            upstream = overrides.get(model.id) or settings.upstream_model_for(model.id)
        plans.append(PlanAssignment(plan=tier.value, model=model.id, upstream_model=upstream))
    return EndpointOut(
        id=endpoint_id,
        object="endpoint",
        name=name,
        url=url or f"{settings.chat_base_url}/v1",
        default=default,
        current=current,
        engine=settings.engine,
        plans=plans,
    )


def describe_endpoints(
    endpoints: Sequence[Endpoint], current_id: str | None, settings: Settings
) -> list[EndpointOut]:
    """An organisation's endpoints as `/v1/endpoints` lists them; `current_id` is the caller's."""
    return [
        describe_endpoint(
            endpoint.id,
            endpoint.name,
            endpoint.url,
            dict(endpoint.upstream_models or {}),
            default=endpoint.is_default,
            current=endpoint.id == current_id,
            settings=settings,
        )
        for endpoint in endpoints
    ]


@router.get(
    "/v1/endpoints",
    response_model=EndpointList,
    responses=error_responses(401, 503),
    summary="The organisation's endpoints and their model assignments per plan",
)
async def get_endpoints(principal: PrincipalDep, core: CoreDep) -> EndpointList:
    settings = core.settings
    if principal.organization_id is None:  # anonymous mode: only the service's own endpoint
        only = describe_endpoint(
            "default", DEFAULT_ENDPOINT, None, {}, default=True, current=True, settings=settings
        )
        return EndpointList(object="list", data=[only])
    async with core.sessions() as session:
        endpoints: list[Endpoint] = await list_endpoints(session, principal.organization_id)
    return EndpointList(
        object="list", data=describe_endpoints(endpoints, principal.endpoint_id, settings)
    )
