"""The use case: prepare an admitted call's answer (off the event loop) and meter it: the
call settles when the answer finishes (charged, usage logged, the ad impression counted, in
one transaction) and is refunded when it fails."""

from __future__ import annotations

from dataclasses import dataclass, replace

import anyio

from trichome.accounts.principal import Principal
from trichome.ads.inventory import AdInventory, AdSpot, impression_record, sponsored_line
from trichome.agents.service import AgentService, ChatRequest, PreparedAnswer
from trichome.agents.understanding import understand
from trichome.answering.admission import Admitted
from trichome.answering.outcome import Outcome
from trichome.documents.coa_answers import CertificateAnswers, asks_about_certificates
from trichome.documents.index import DocumentIndexes
from trichome.knowledge.retrieval import FactIndex
from trichome.limits.base import Record, in_order
from trichome.limits.service import Limiter
from trichome.limits.usage_log import calls_record
from trichome.plans import PublicModel


@dataclass(frozen=True, slots=True)
class AnswerCall:
    """A call ready to answer: the prepared answer and what to do when it ends."""

    prepared: PreparedAnswer
    outcome: Outcome


@dataclass(frozen=True, slots=True)
class Answering:
    """What answering a call needs: the agents, the counters, the ads and the
    organisations' own files."""

    agents: AgentService
    limiter: Limiter
    ads: AdInventory
    documents: DocumentIndexes | None = None
    certificates: CertificateAnswers | None = None

    async def own_documents(self, principal: Principal) -> FactIndex | None:
        """The index of the caller's organisation's files (None without any): the agents
        read it beside the packs, and no other organisation's."""
        if self.documents is None:
            return None
        return await self.documents.for_organization(principal.organization_id)

    async def certificate_report(self, principal: Principal, chat: ChatRequest) -> ChatRequest:
        """The request with the organisation's certificates of analysis checked, when its
        latest message asks how they fared (against the state the conversation names)."""
        asked = [turn.content for turn in chat.messages if turn.role == "user" and turn.content]
        if self.certificates is None or not asked or not asks_about_certificates(asked[-1]):
            return chat  # most questions: nothing more to work out
        state = (await anyio.to_thread.run_sync(understand, asked)).state
        report = await self.certificates.report(
            principal.organization_id, asked[-1], state, self.agents.knowledge
        )
        return replace(chat, report=report)

    async def prepare(
        self, principal: Principal, model: PublicModel, admitted: Admitted, chat: ChatRequest
    ) -> AnswerCall:
        """Route and retrieve from the packs and the organisation's files (CPU work, run in a
        worker thread so no request holds the event loop), then add the sponsored line on
        models that carry ads."""
        try:
            chat = replace(chat, documents=await self.own_documents(principal))
            chat = await self.certificate_report(principal, chat)
            prepared = await anyio.to_thread.run_sync(self.agents.prepare, chat)
        except BaseException:
            await self.outcome(principal, model, admitted, None).failed()
            raise
        return await self.meter(principal, model, admitted, prepared)

    async def meter(
        self, principal: Principal, model: PublicModel, admitted: Admitted, prepared: PreparedAnswer
    ) -> AnswerCall:
        """The answer with its sponsored line (on models that carry ads), and its outcome."""
        ad = await self.ads.pick(prepared.agent.name) if model.carries_ads else None
        if ad is not None:
            prepared = replace(prepared, notes=(*prepared.notes, sponsored_line(ad)))
        return AnswerCall(prepared, self.outcome(principal, model, admitted, ad))

    def outcome(
        self, principal: Principal, model: PublicModel, admitted: Admitted, ad: AdSpot | None
    ) -> Outcome:
        """Refund the held call on failure; on success settle it: the call charged, its
        usage logged and the impression of `ad` counted (if its line went out), in one
        transaction."""
        limiter, window, hold = self.limiter, admitted.window, admitted.hold

        async def succeeded(notes_sent: bool) -> None:
            records: list[Record] = []
            if principal.organization_id is not None:
                records.append(
                    calls_record(
                        principal.organization_id,
                        model.id,
                        principal.api_key_id,
                        limiter.now(),
                        principal.billing_period_start,
                        principal.billing_period_end,
                    )
                )
            if ad is not None and notes_sent:
                records.append(impression_record(ad))
            await limiter.settle(window, hold, in_order(records))

        return Outcome(refund=lambda: limiter.release(window, hold), succeeded=succeeded)
