"""`GET /v1/models`: the knowledge base's one model."""

from __future__ import annotations

from fastapi import APIRouter

from trichome.config import KB_MODEL
from trichome.http.openai.completions import MODELS_CREATED, OWNED_BY, ModelEntry, ModelList
from trichome.http.openapi import PUBLIC

router = APIRouter()


@router.get(
    "/v1/models",
    response_model=ModelList,
    summary="The knowledge base's one model",
    openapi_extra=PUBLIC,
)
async def models() -> ModelList:
    entry = ModelEntry(id=KB_MODEL, object="model", created=MODELS_CREATED, owned_by=OWNED_BY)
    return ModelList(object="list", data=[entry])
