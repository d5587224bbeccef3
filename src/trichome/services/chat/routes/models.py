"""`GET /v1/models` and `/v1/models/{id}`: the models of the caller's tier."""

from __future__ import annotations

from fastapi import APIRouter

from trichome.http.deps import PrincipalDep
from trichome.http.errors import ApiError, error_responses
from trichome.http.openai.completions import MODELS_CREATED, OWNED_BY, ModelEntry, ModelList
from trichome.plans import PUBLIC_MODELS, PublicModel, listed_model

router = APIRouter()


def _model_entry(model: PublicModel) -> ModelEntry:
    return ModelEntry(id=model.id, object="model", created=MODELS_CREATED, owned_by=OWNED_BY)


@router.get(
    "/v1/models",
    response_model=ModelList,
    responses=error_responses(401, 503),
    summary="The models of the caller's tier",
)
async def list_models(principal: PrincipalDep) -> ModelList:
    model = listed_model(principal.tier)
    return ModelList(object="list", data=[_model_entry(model)])


@router.get(
    "/v1/models/{model_id}",
    response_model=ModelEntry,
    responses=error_responses(401, 404, 503),
    summary="One model, if the caller's tier includes it",
)
async def retrieve_model(model_id: str, principal: PrincipalDep) -> ModelEntry:
    model = PUBLIC_MODELS.get(model_id)
    if model is None or not model.allowed_for(principal.tier):
        raise ApiError(
            404,
            f"The model '{model_id}' does not exist or is not on your tier.",
            type="invalid_request_error",
            code="model_not_found",
            param="model_id",
        )
    return _model_entry(model)
