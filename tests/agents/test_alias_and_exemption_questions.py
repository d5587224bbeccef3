"""Issue 19: a question in shop talk (d8, "isomerise") finds the fact in the packs' words,
and a one-turn question whether a programme's people are spared another programme's rule
(patients and the adult-use excise) is answered by the rule that says so."""

from __future__ import annotations

import pytest

from tests.support.answers import answer_text as ask
from trichome.agents.service import AgentService, build_agent_service
from trichome.config import Settings


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


def test_converted_d8_in_lab_talk_gets_the_conversion_exclusion(service: AgentService) -> None:
    text = ask(
        service,
        "our lab isomerises cbd distillate to d8 in house - under the sec 781 hemp "
        "definition is that product still hemp?",
    )
    assert "synthesized or converted outside the plant" in text


@pytest.mark.parametrize(
    "question",
    [
        "wa medical endorsement shops: is patient product still exempt from the cannabis "
        "excise? till when?",
        "washington - recognition card holders, do they pay the 37% excise at a medically "
        "endorsed store?",
    ],
)
def test_patients_spared_the_adult_use_excise_get_the_exemption(
    service: AgentService, question: str
) -> None:
    text = ask(service, question)
    assert "30 June 2029" in text
