"""Answering a call on its own, without HTTP: admission reserves the call (or refuses a
conversation over the model's cap), the answer carries the model's sponsored line, and its
end is metered: counted when it finished, refunded when it failed. On SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncEngine

from trichome.accounts.principal import Principal
from trichome.ads.inventory import AdInventory
from trichome.agents.service import AgentService, ChatRequest, build_agent_service
from trichome.answering.admission import admit
from trichome.answering.calls import AnswerCall, Answering
from trichome.answering.outcome import Outcome, settled
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.db.models import Ad
from trichome.limits.base import CountersUnavailable
from trichome.limits.service import Limiter, LimitExceeded, create_counter_store
from trichome.limits.windows import monthly_calls
from trichome.llm.base import AnswerEvent, ChatTurn, Finished, TextDelta, collect
from trichome.plans import PUBLIC_MODELS, Tier

pytestmark = pytest.mark.anyio

QUESTION = ChatTurn("user", "I have 500 mg THCA, how much THC after decarb?")


@dataclass
class Parts:
    engine: AsyncEngine
    limiter: Limiter
    ads: AdInventory
    answering: Answering
    agents: AgentService


@pytest.fixture
async def parts(settings: Settings) -> AsyncIterator[Parts]:
    engine = create_engine(settings)
    limiter = Limiter(create_counter_store(settings, engine))
    ads = AdInventory(create_sessionmaker(engine), settings.upgrade_url)
    agents = build_agent_service(settings)
    yield Parts(engine, limiter, ads, Answering(agents, limiter, ads), agents)
    await agents.engine.aclose()
    await engine.dispose()


async def impressions(parts: Parts) -> int:
    """Every ad's impressions, as the dashboard reads them."""
    async with create_sessionmaker(parts.engine)() as session:
        return int(await session.scalar(select(func.sum(Ad.impressions))) or 0)


def caller(tier: Tier) -> Principal:
    return Principal(tier=tier, organization_id=f"org-{tier.value}", organization_name="Test",
                     api_key_id="key")  # fmt: skip


async def test_an_admitted_answer_counts_once_and_a_failed_one_gives_the_call_back(
    parts: Parts,
) -> None:
    principal, model = caller(Tier.OPERATOR), PUBLIC_MODELS["operator-agent"]
    window = monthly_calls("org-operator", Tier.OPERATOR, parts.limiter.now())
    chat = ChatRequest(model=model, messages=(QUESTION,))

    admitted = await admit(parts.limiter, window, principal, model, user_messages=1)
    assert admitted.usage.used == 1
    call = await parts.answering.prepare(principal, model, admitted, chat)
    answer = await collect(settled(parts.agents.stream(call.prepared), call.outcome))
    assert answer.text.startswith("500 mg of THCA gives at most 438.5 mg THC")
    assert (await parts.limiter.usage(window)).used == 1  # kept: the answer finished

    admitted = await admit(parts.limiter, window, principal, model, user_messages=1)
    assert admitted.usage.used == 2
    call = await parts.answering.prepare(principal, model, admitted, chat)

    async def breaks_off() -> AsyncIterator[AnswerEvent]:
        yield TextDelta("500 mg of THCA")
        raise ConnectionError("upstream went away")

    with pytest.raises(ConnectionError):
        await collect(settled(breaks_off(), call.outcome))
    assert (await parts.limiter.usage(window)).used == 1  # refunded


async def test_a_conversation_over_the_free_cap_is_refused_before_anything_is_reserved(
    parts: Parts,
) -> None:
    principal, model = caller(Tier.FREE), PUBLIC_MODELS["free-agent"]
    window = monthly_calls("org-free", Tier.FREE, parts.limiter.now())
    assert model.conversation_cap is not None
    with pytest.raises(LimitExceeded) as refused:
        await admit(parts.limiter, window, principal, model, model.conversation_cap + 1)
    assert refused.value.code == "conversation_limit_exceeded"
    assert (await parts.limiter.usage(window)).used == 0


async def test_the_sponsored_line_is_counted_only_when_it_went_out(parts: Parts) -> None:
    principal, model = caller(Tier.FREE), PUBLIC_MODELS["free-agent"]
    window = monthly_calls("org-free", Tier.FREE, parts.limiter.now())

    async def new_call() -> AnswerCall:
        admitted = await admit(parts.limiter, window, principal, model, user_messages=1)
        chat = ChatRequest(model=model, messages=(QUESTION,))
        return await parts.answering.prepare(principal, model, admitted, chat)

    async def cut_short() -> AsyncIterator[AnswerEvent]:
        yield Finished("length", None, notes_sent=False)

    before = await impressions(parts)
    short = await new_call()
    assert short.prepared.notes[-1].startswith("---\n*Sponsored:*")
    await collect(settled(cut_short(), short.outcome))
    assert await impressions(parts) == before
    call = await new_call()
    sponsored = call.prepared.notes[-1]
    answer = await collect(settled(parts.agents.stream(call.prepared), call.outcome))
    assert answer.text.endswith(sponsored)
    assert await impressions(parts) == before + 1


async def test_an_answer_whose_settlement_fails_still_goes_out_and_is_not_refunded() -> None:
    refunds: list[str] = []

    async def store_went_away(notes_sent: bool) -> None:
        raise CountersUnavailable("database", ConnectionError("connection closed in COMMIT"))

    async def refund() -> None:
        refunds.append("refunded")

    async def whole_answer() -> AsyncIterator[AnswerEvent]:
        yield TextDelta("500 mg of THCA gives at most 438.5 mg THC")
        yield Finished("stop", None)

    outcome = Outcome(refund=refund, succeeded=store_went_away)
    answer = await collect(settled(whole_answer(), outcome))
    assert answer.text == "500 mg of THCA gives at most 438.5 mg THC"
    # In doubt whether the COMMIT landed: no refund (it would give back a call that may be
    # settled); a call still held is given back by the sweep.
    assert refunds == []
