"""An organisation's endpoints: where its clients call and which upstream model serves each plan."""

from __future__ import annotations

from collections.abc import Mapping

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from trichome.db.models import Endpoint
from trichome.ids import new_id
from trichome.plans import PUBLIC_MODEL_IDS

DEFAULT_ENDPOINT = "default"


class EndpointError(ValueError):
    """An endpoint that cannot be added as asked; the message says why."""


def default_endpoint(organization_id: str) -> Endpoint:
    """The endpoint every organisation starts with: the service's own URL and models."""
    return Endpoint(
        id=new_id("ep"),
        organization_id=organization_id,
        name=DEFAULT_ENDPOINT,
        url=None,
        upstream_models={},
        is_default=True,
    )


async def list_endpoints(session: AsyncSession, organization_id: str) -> list[Endpoint]:
    """The organisation's endpoints, the default first."""
    rows = await session.scalars(
        select(Endpoint)
        .where(Endpoint.organization_id == organization_id)
        .order_by(Endpoint.is_default.desc(), Endpoint.created_at)
    )
    return list(rows)


async def find_endpoint(session: AsyncSession, organization_id: str, name: str) -> Endpoint | None:
    """The organisation's endpoint called `name`."""
    return await session.scalar(
        select(Endpoint).where(Endpoint.organization_id == organization_id, Endpoint.name == name)
    )


async def add_endpoint(
    session: AsyncSession,
    organization_id: str,
    name: str,
    url: str | None,
    upstream_models: Mapping[str, str],
) -> Endpoint:
    """A new endpoint for the organisation.

    Raises:
        EndpointError: the name is taken or a model id is not a public model.
    """
    unknown = sorted(set(upstream_models) - set(PUBLIC_MODEL_IDS))
    if unknown:
        raise EndpointError(f"not public models: {', '.join(unknown)}")
    if await find_endpoint(session, organization_id, name) is not None:
        raise EndpointError(f"the organisation already has an endpoint called {name!r}")
    endpoint = Endpoint(
        id=new_id("ep"),
        organization_id=organization_id,
        name=name,
        url=url,
        upstream_models=dict(upstream_models),
        is_default=False,
    )
    session.add(endpoint)
    await session.flush()
    return endpoint
