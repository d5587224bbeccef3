"""Subscription tiers and the public models each one may call."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Tier(StrEnum):
    """A subscription tier; the order of declaration is the order of rank."""

    FREE = "free"
    PRO = "pro"
    OPERATOR = "operator"
    TEAM = "team"

    @property
    def rank(self) -> int:
        """Position in the upgrade path; Operator and Team share a rank."""
        return _RANK[self]

    @property
    def label(self) -> str:
        """The tier's name as customers see it."""
        return self.value.capitalize()


_RANK = {Tier.FREE: 0, Tier.PRO: 1, Tier.OPERATOR: 2, Tier.TEAM: 2}


@dataclass(frozen=True, slots=True)
class PublicModel:
    """A model id the chat API exposes, and the tier it needs."""

    id: str
    min_tier: Tier
    carries_ads: bool
    # At most this many user messages in one conversation (spec 2, "Message limit").
    conversation_cap: int | None = None

    def allowed_for(self, tier: Tier) -> bool:
        """Whether a caller on `tier` may call this model (any model at or below its rank)."""
        return tier.rank >= self.min_tier.rank


FREE_AGENT = PublicModel("free-agent", Tier.FREE, carries_ads=True, conversation_cap=5)
PRO_AGENT = PublicModel("pro-agent", Tier.PRO, carries_ads=True)
OPERATOR_AGENT = PublicModel("operator-agent", Tier.OPERATOR, carries_ads=False)

PUBLIC_MODELS: dict[str, PublicModel] = {
    model.id: model for model in (FREE_AGENT, PRO_AGENT, OPERATOR_AGENT)
}
PUBLIC_MODEL_IDS: tuple[str, ...] = tuple(PUBLIC_MODELS)


def listed_model(tier: Tier) -> PublicModel:
    """The model `GET /v1/models` lists for a tier (spec 4.3: one model per tier)."""
    if tier.rank >= Tier.OPERATOR.rank:
        return OPERATOR_AGENT
    return PRO_AGENT if tier is Tier.PRO else FREE_AGENT


_MB = 1024 * 1024

# Bytes of uploaded files an organisation may keep (`POST /v1/files`), per tier: a few
# SOPs and COAs on Free, a facility's documents on Pro, a licence holder's archive above.
STORAGE_QUOTA_BYTES: dict[Tier, int] = {
    Tier.FREE: 25 * _MB,
    Tier.PRO: 500 * _MB,
    Tier.OPERATOR: 5 * 1024 * _MB,
    Tier.TEAM: 20 * 1024 * _MB,
}


def tiers_for(model: PublicModel) -> str:
    """Human wording of the tiers that include a model, for upgrade messages."""
    names = [tier.label for tier in Tier if tier.rank == model.min_tier.rank]
    return " or ".join(names)
