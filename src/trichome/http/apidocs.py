"""`/docs`: Swagger UI served from the installed `swagger-ui-bundle-v2` package, offline.

FastAPI's own `/docs` and `/redoc` load their scripts from a CDN, which leaves a blank page
on a machine without internet. Each service passes `docs_url=None, redoc_url=None` to
FastAPI and calls `install_docs`: the page, its stylesheet, its scripts and the favicon all
come from the service itself (`/docs/assets/…`), and the page carries no inline script,
so it works under a Content-Security-Policy of `'self'`.
"""

from __future__ import annotations

import html
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, Response
from fastapi.staticfiles import StaticFiles
from swagger_ui_bundle import swagger_ui_path

ASSETS = "/docs/assets"
DOCS_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'"
)
# No validator badge: Swagger UI would fetch it from validator.swagger.io.
_INIT = """\
const root = document.getElementById("swagger-ui");
window.ui = SwaggerUIBundle({
  url: root.dataset.openapiUrl,
  dom_id: "#swagger-ui",
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: "BaseLayout",
});
"""
_PAGE = """\
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} - API documentation</title>
<link rel="stylesheet" href="{root}{assets}/swagger-ui.css">
<link rel="icon" type="image/png" href="{root}{assets}/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui" data-openapi-url="{root}{openapi}"></div>
<script src="{root}{assets}/swagger-ui-bundle.js"></script>
<script src="{root}/docs/init.js"></script>
</body>
</html>
"""


def install_docs(app: FastAPI) -> None:
    """Serve Swagger UI for the app's `/openapi.json` at `/docs`, assets included."""
    assets = Path(str(swagger_ui_path))
    openapi = app.openapi_url or "/openapi.json"

    @app.get("/docs", include_in_schema=False)
    async def docs(request: Request) -> HTMLResponse:
        root = html.escape(str(request.scope.get("root_path", "")).rstrip("/"))
        page = _PAGE.format(title=html.escape(app.title), root=root, assets=ASSETS, openapi=openapi)
        return HTMLResponse(page, headers={"Content-Security-Policy": DOCS_POLICY})

    @app.get("/docs/init.js", include_in_schema=False)
    async def docs_init() -> Response:
        return Response(_INIT, media_type="text/javascript")

    app.mount(ASSETS, StaticFiles(directory=assets), name="docs-assets")
