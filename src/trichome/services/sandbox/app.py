"""The track-and-trace sandbox (port 8004): a Metrc v2-compatible API over seeded data."""

from __future__ import annotations

import time
from typing import Any

from fastapi import Depends, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import Response

from trichome import __version__
from trichome.config import Settings
from trichome.http.apidocs import install_docs
from trichome.http.errors import allowed_methods
from trichome.http.health import check_database, utc_timestamp
from trichome.http.middleware import RequestIdMiddleware
from trichome.http.openapi import PUBLIC, install_openapi
from trichome.services.sandbox.routes import (
    additives,
    archives,
    biotrack,
    catalog,
    checkins,
    connect,
    cultivation_additives,
    deliveries,
    delivery_changes,
    harvest_restore,
    harvests,
    item_media,
    lab_documents,
    labtests,
    package_changes,
    package_flags,
    package_plantings,
    package_reads,
    packages,
    patients,
    plant_changes,
    plantbatch_changes,
    plantbatches,
    plants,
    processing,
    processing_types,
    reference,
    retail_id,
    retailer_deliveries,
    retailer_sales,
    sales,
    sublocations,
    transfer_changes,
    transfer_details,
    transfers,
    transporters,
)
from trichome.services.sandbox.rules import MetrcHttpError, check_credentials, message
from trichome.services.sandbox.state import SandboxDep, sandbox_lifespan

METRC_BASIC = "MetrcBasic"


class SandboxHealth(BaseModel):
    """`GET /api/health` of the sandbox (no credentials)."""

    status: str
    uptime: int
    version: str
    timestamp: str
    objects: int
    reasons: list[str]


def create_app(settings: Settings | None = None) -> FastAPI:
    """The sandbox application."""
    settings = settings or Settings()

    async def authenticate(request: Request) -> None:
        key = settings.sandbox_vendor_key.get_secret_value()
        check_credentials(request, key, settings.sandbox_user_key.get_secret_value())

    app = FastAPI(
        title="Trichome track-and-trace sandbox",
        version=__version__,
        description=(
            "A Metrc v2-compatible API (HTTP Basic: vendor key, user key) over seeded data."
        ),
        docs_url=None,
        redoc_url=None,
        lifespan=sandbox_lifespan(settings),
    )
    app.add_middleware(RequestIdMiddleware)
    install_docs(app)
    install_openapi(
        app,
        security_schemes={
            METRC_BASIC: {
                "type": "http",
                "scheme": "basic",
                "description": "The vendor key as the user name, the user key as the password.",
            }
        },
        security=[{METRC_BASIC: []}],
    )

    async def on_metrc_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, MetrcHttpError)
        return exc.response()

    async def on_http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, StarletteHTTPException)
        if exc.status_code == 404:
            return message(
                404, f"No such endpoint: {request.method} {request.url.path}."
            ).response()
        if exc.status_code == 405:
            allowed = ", ".join(allowed_methods(request))
            refusal = f"The requested resource does not support http method '{request.method}'."
            return MetrcHttpError(405, {"Message": refusal}, {"Allow": allowed}).response()
        return message(exc.status_code, str(exc.detail)).response()

    async def on_invalid_request(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, RequestValidationError)
        problems = "; ".join(
            f"{'.'.join(str(part) for part in error['loc'][1:]) or error['loc'][0]}: {error['msg']}"
            for error in exc.errors()
        )
        return message(400, f"The request is invalid: {problems}.").response()

    app.add_exception_handler(RequestValidationError, on_invalid_request)
    app.add_exception_handler(MetrcHttpError, on_metrc_error)
    app.add_exception_handler(StarletteHTTPException, on_http_error)
    guarded: dict[str, Any] = {"dependencies": [Depends(authenticate)]}
    routers = (
        reference,
        sublocations,
        catalog,
        item_media,
        archives,
        plantbatches,
        plantbatch_changes,
        plants,
        plant_changes,
        additives,
        cultivation_additives,
        processing_types,
        processing,
        harvests,
        harvest_restore,
        packages,
        package_changes,
        package_flags,
        package_plantings,
        package_reads,
        retail_id,
        labtests,
        lab_documents,
        transfers,
        transfer_details,
        transfer_changes,
        transporters,
        sales,
        retailer_deliveries,
        retailer_sales,
        delivery_changes,
        deliveries,
        patients,
        checkins,
        connect,
    )
    for module in routers:
        app.include_router(module.router, **guarded)
    # BioTrack's API logs in with its own `login` action and session ids, not Metrc's keys.
    app.include_router(biotrack.router)

    @app.get("/api/health", response_model=SandboxHealth, openapi_extra=PUBLIC)
    async def health(sandbox: SandboxDep) -> SandboxHealth:
        reason = await check_database(sandbox.engine)
        objects = 0 if reason else await sandbox.store.count()
        return SandboxHealth(
            status="degraded" if reason else "healthy",
            uptime=int(time.monotonic() - sandbox.started),
            version=__version__,
            timestamp=utc_timestamp(),
            objects=objects,
            reasons=[reason] if reason else [],
        )

    return app
