"""The authenticated caller of a request."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime

from trichome.plans import Tier


@dataclass(frozen=True, slots=True)
class Principal:
    """Who is calling: an organisation through one of its keys, or an anonymous client."""

    tier: Tier
    organization_id: str | None
    organization_name: str | None
    api_key_id: str | None
    user_id: str | None = None
    billing_period_start: datetime | None = None
    billing_period_end: datetime | None = None
    endpoint_id: str | None = None
    # The endpoint's upstream model for each public model it overrides.
    upstream_models: Mapping[str, str] = field(default_factory=dict)

    @property
    def is_anonymous(self) -> bool:
        """True for requests served without a credential (anonymous mode)."""
        return self.organization_id is None


ANONYMOUS = Principal(tier=Tier.FREE, organization_id=None, organization_name=None, api_key_id=None)
