"""The use case: prepare an admitted call's answer (off the event loop) and meter it."""

from __future__ import annotations

from dataclasses import dataclass, replace

import anyio

from trichome.accounts.principal import Principal
from trichome.ads.inventory import AdInventory, sponsored_line
from trichome.agents.service import AgentService, ChatRequest, PreparedAnswer
from trichome.answering.admission import Admitted
from trichome.answering.outcome import Outcome
from trichome.limits.service import Limiter
from trichome.limits.usage_log import UsageLog
from trichome.plans import PublicModel


@dataclass(frozen=True, slots=True)
class AnswerCall:
    """A call ready to answer: the prepared answer and what to do when it ends."""

    prepared: PreparedAnswer
    outcome: Outcome


@dataclass(frozen=True, slots=True)
class Answering:
    """What answering a call needs: the agents, the counters, the ads and the usage log."""

    agents: AgentService
    limiter: Limiter
    ads: AdInventory
    usage_log: UsageLog

    async def prepare(
        self, principal: Principal, model: PublicModel, admitted: Admitted, chat: ChatRequest
    ) -> AnswerCall:
        """Route and retrieve (CPU work, run in a worker thread so no request holds the event
        loop), then add the sponsored line on models that carry ads."""
        prepared = await anyio.to_thread.run_sync(self.agents.prepare, chat)
        return await self.meter(principal, model, admitted, prepared)

    async def meter(
        self, principal: Principal, model: PublicModel, admitted: Admitted, prepared: PreparedAnswer
    ) -> AnswerCall:
        """The answer with its sponsored line (on models that carry ads), and its outcome:
        refund the reserved call on failure; count the impression and the call on success."""
        ad = await self.ads.pick(prepared.agent.name) if model.carries_ads else None
        if ad is not None:
            prepared = replace(prepared, notes=(*prepared.notes, sponsored_line(ad)))
        ads, usage_log, limiter = self.ads, self.usage_log, self.limiter

        def succeeded(notes_sent: bool) -> None:
            if ad is not None and notes_sent:
                ads.count_impression(ad)
            if principal.organization_id is not None:
                usage_log.count(principal.organization_id, model.id, limiter.now())

        outcome = Outcome(refund=lambda: limiter.release(admitted.window), succeeded=succeeded)
        return AnswerCall(prepared, outcome)
