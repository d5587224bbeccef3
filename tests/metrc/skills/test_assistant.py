"""`/api/chat`'s offline answers: a question mapped to the skill or tool that answers it."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from datetime import timedelta
from typing import Any

import pytest

from tests.conftest import reconfigured
from tests.support.sandbox import AS_OF, CULTIVATOR, DISPENSARY, KEYS, sandbox_client
from trichome.config import Settings
from trichome.metrc.assistant import ChatAnswer, ask
from trichome.metrc.errors import MetrcRateLimited
from trichome.metrc.retry import RetryPolicy
from trichome.metrc.tools import TOOLS, MetrcAccess, load_all, using

pytestmark = pytest.mark.anyio

READS = [name for name, spec in load_all().items() if spec.read_only]


@contextlib.asynccontextmanager
async def sandbox_access(settings: Settings, **options: Any) -> AsyncIterator[MetrcAccess]:
    """Metrc access to the sandbox app in process, with client options."""
    async with sandbox_client(settings, **options) as client:
        yield MetrcAccess(client, KEYS, today=AS_OF)


@pytest.fixture
async def metrc(shared_year: Settings) -> AsyncIterator[MetrcAccess]:
    async with sandbox_access(shared_year) as access:
        yield access


async def asked(metrc: MetrcAccess, message: str, licence: str | None = None) -> ChatAnswer:
    with using(metrc):
        return await ask(message, licence, READS)


@pytest.mark.parametrize(
    ("message", "tool"),
    [
        (f"Are we ready for an audit at {DISPENSARY}?", "audit_ready"),
        (f"Is {DISPENSARY} selling oldest stock first (FIFO)?", "fifo"),
        (f"What expires soon at {DISPENSARY}?", "expiration_tracker"),
        (f"Run the compliance checks for {DISPENSARY}", "compliance_check"),
        (f"How much do we have in stock at {DISPENSARY}?", "inventory_snapshot"),
        (f"Summarise the incoming manifests of {DISPENSARY}", "transfer_summary"),
        (f"How much waste did {CULTIVATOR} record?", "waste_report"),
        (f"Did {DISPENSARY} sell anyone over the purchase limit?", "purchase_limit_check"),
    ],
)
async def test_questions_reach_the_skill_that_answers_them(
    metrc: MetrcAccess, message: str, tool: str
) -> None:
    answer = await asked(metrc, message)
    assert [use.tool for use in answer.tool_calls] == [tool], answer.answer
    use = answer.tool_calls[0]
    assert use.error is None, use.error
    assert use.arguments["license_number"] in message
    assert use.result is not None and use.result["summary"] in answer.answer


async def test_a_purchase_limit_question_takes_the_state_it_names_or_the_licences(
    metrc: MetrcAccess,
) -> None:
    named = await asked(metrc, f"Hold {DISPENSARY}'s sales to Michigan's per-sale caps")
    from_licence = await asked(metrc, f"any sales over the limit at {DISPENSARY} last week?")
    assert named.tool_calls[0].arguments["state"] == "MI"
    assert from_licence.tool_calls[0].arguments["state"] == "CO"  # SF-SBX-CO-24-...
    assert from_licence.tool_calls[0].error is None
    assert "(MI, per transaction)" in named.answer or "MI" in str(named.tool_calls[0].result)


async def test_a_period_and_a_missing_licence_are_worked_out(metrc: MetrcAccess) -> None:
    # Only the store sells to consumers, so a sales question without a licence goes there.
    answer = await asked(metrc, "What were our sales over the last 2 weeks?")
    use = answer.tool_calls[0]
    assert use.tool == "sales_analysis"
    assert use.arguments == {
        "license_number": DISPENSARY,
        "start": (AS_OF - timedelta(days=14)).isoformat(),
        "end": AS_OF.isoformat(),
    }
    assert use.result is not None and use.result["counts"]["receipts"] > 0


async def test_a_package_label_asks_for_its_history(metrc: MetrcAccess) -> None:
    with using(metrc):
        packages = await TOOLS["list_active_packages"].fn(license_number=DISPENSARY)
    label = packages["items"][0]["Label"]
    answer = await asked(metrc, f"Where did {label} come from?", DISPENSARY)
    use = answer.tool_calls[0]
    assert use.tool == "package_history"
    assert use.arguments == {"license_number": DISPENSARY, "label": label}
    assert label in answer.answer


async def test_an_ambiguous_licence_is_asked_for_and_a_vague_question_gets_guidance(
    metrc: MetrcAccess,
) -> None:
    which = await asked(metrc, "What needs attention?")
    assert which.tool_calls == [] and "Which licence?" in which.answer
    assert CULTIVATOR in which.answer and DISPENSARY in which.answer
    vague = await asked(metrc, "Tell me a joke")
    assert vague.tool_calls == [] and "needs_attention" in vague.answer


async def test_a_tool_error_is_reported_not_raised(metrc: MetrcAccess) -> None:
    answer = await asked(metrc, f"What is the yield at {DISPENSARY}?")
    use = answer.tool_calls[0]
    assert use.tool == "yield_analysis" and use.error
    assert "could not answer" in answer.answer


async def test_metrcs_rate_limit_is_raised_for_a_429(shared_year: Settings) -> None:
    limited = reconfigured(shared_year, sandbox_get_rate_limit=1)
    async with sandbox_access(limited, retry=RetryPolicy(max_attempts=1)) as metrc:
        with pytest.raises(MetrcRateLimited) as raised:
            await asked(metrc, f"What needs attention at {DISPENSARY}?")
    assert raised.value.retry_after == 1


@pytest.mark.parametrize(
    ("message", "start", "refusal"),
    [
        # Shaped like dates but not dates: no period is read from them.
        ("What were our sales from 2026-13-45 to 2026-02-30?", None, None),
        # Further back than any date: from the first one, which the skill refuses clearly.
        ("What were our sales over the last 99999999999999 days?", "0001-01-01", "366 days"),
        ("What were our sales over the last 9999999 years?", "0001-01-01", "366 days"),
    ],
)
async def test_a_period_beyond_the_calendar_is_read_not_crashed_on(
    metrc: MetrcAccess, message: str, start: str | None, refusal: str | None
) -> None:
    answer = await asked(metrc, message, DISPENSARY)
    use = answer.tool_calls[0]
    assert use.tool == "sales_analysis"
    assert use.arguments.get("start") == start
    if refusal is None:
        assert use.error is None, use.error
    else:
        assert use.error is not None and refusal in use.error and refusal in answer.answer
