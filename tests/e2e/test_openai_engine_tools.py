"""The calculators that became function tools for issue 20, through the `openai` engine: a
real chat server in front of the scripted upstream on 127.0.0.1, asked with the `openai`
SDK. The upstream calls the tool a test names, then answers with the summary the gateway
returned (or says the calculator refused); the tool's JSON is read off the second request.

By hand: $2,400 for a pound of 16 oz is $150/oz; $100 with 10% and 6% charged side by side
is $116; 22 g of rosin from 100 g of flower is a 22% return; 5 lb (2,267.96 g) over 10 plants
is 226.796 g a plant; 1 g of concentrate = 3.5 g of flower makes 4 g of concentrate 14 g.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import openai
import pytest

from tests.support.fake_upstream import INFUSION_CALL, FakeUpstream, fake_upstream
from tests.support.servers import chat_server, create_key, trichome_env

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def gateway(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[openai.OpenAI, FakeUpstream]]:
    tmp_path: Path = tmp_path_factory.mktemp("openai-engine-tools")
    with fake_upstream() as upstream:
        env = trichome_env(
            tmp_path / "data",
            engine="openai",
            llm_base_url=upstream.base_url,
            llm_api_key="sk-upstream-SECRET-5678",
            llm_model="upstream-default",
            llm_total_timeout="5",
            llm_max_retries="0",
        )
        key = create_key(env, "operator")
        with (
            chat_server(env, tmp_path / "server.log") as base_url,
            openai.OpenAI(base_url=f"{base_url}/v1", api_key=key, max_retries=0) as client,
        ):
            upstream.mode = "calculate"
            yield client, upstream
            upstream.calculator_call = INFUSION_CALL


def _ask(
    gateway: tuple[openai.OpenAI, FakeUpstream], call: tuple[str, object], question: str,
    stream: bool = False,
) -> tuple[str, dict[str, object], dict[str, object]]:  # fmt: skip
    """The answer, the tool offered and the tool's result, for a question the upstream
    answers by calling `call`."""
    client, upstream = gateway
    upstream.requests.clear()
    upstream.calculator_call = (call[0], json.dumps(call[1]))
    messages = [{"role": "user", "content": question}]
    if stream:
        chunks = client.chat.completions.create(
            model="operator-agent",
            messages=messages,
            stream=True,  # type: ignore[arg-type]
        )
        text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    else:
        completion = client.chat.completions.create(
            model="operator-agent",
            messages=messages,
            stream=False,  # type: ignore[arg-type]
        )
        assert completion.choices[0].finish_reason == "stop"
        text = completion.choices[0].message.content or ""
    first, second = upstream.requests[-2:]
    offered = {tool["function"]["name"]: tool["function"] for tool in first["tools"]}
    tool_message = second["messages"][-1]
    assert tool_message["role"] == "tool" and tool_message["tool_call_id"] == "call_calc"
    return text, offered[call[0]], json.loads(tool_message["content"])


@pytest.mark.parametrize("stream", [False, True])
@pytest.mark.parametrize(
    ("call", "question", "answer", "result"),
    [
        (("trichome_price_per_ounce", {"price": 2400, "amount": 1, "unit": "lb"}),
         "paying 2400 a pound, what's that per oz?",
         "$2,400 for 1 lb is $150 per ounce.", (150, "$/oz")),
        (("trichome_sales_tax", {"price": 100, "rates": [10, 6]}),
         "$100 order with 10% excise and 6% sales tax, what does the customer pay?",
         "The tax at 10% and 6% on $100.00 is $16.00, so the buyer pays $116.00 in all.",
         (116, "$")),
        (("trichome_extraction_return", {"started": 100, "started_unit": "g", "got": 22,
                                         "got_unit": "g", "material": "flower"}),
         "pressed 100 g of flower into 22 g of rosin, what return is that?",
         "The return is 22%", (22, "%")),
        (("trichome_yield_per_plant", {"harvest": 5, "harvest_unit": "lb", "plants": 10,
                                       "per_plant_unit": "g"}),
         "5 lb off 10 plants, grams per plant?", "226.7962 g per plant", (226.796185, "g per plant")),
        (("trichome_stated_equivalent", {
            "equals": {"amount": 1, "unit": "g", "kind": "concentrate"},
            "to": {"amount": 3.5, "unit": "g", "kind": "flower"},
            "amounts": [{"amount": 4, "unit": "g", "kind": "concentrate"}]}),
         "if 1 g of wax counts as 3.5 g of flower, what is 4 g of wax?",
         "4 g of concentrate counts as 14 g of flower", (14, "g flower")),
    ],
)  # fmt: skip
def test_the_model_works_a_new_calculator_through_its_tool(
    gateway: tuple[openai.OpenAI, FakeUpstream],
    call: tuple[str, object],
    question: str,
    answer: str,
    result: tuple[float, str],
    stream: bool,
) -> None:
    text, offered, worked = _ask(gateway, call, question, stream)
    assert text.startswith(answer), text
    assert (worked["result"], worked["unit"]) == result
    assert worked["working"] and worked["formula"] and worked["inputs"]
    parameters = offered["parameters"]
    assert parameters["additionalProperties"] is False
    assert set(parameters["required"]) <= set(parameters["properties"])


@pytest.mark.parametrize(
    ("call", "refusal"),
    [
        (("trichome_price_per_ounce", {"price": 2400, "amount": 1, "unit": "pounds"}),
         "unit must be one of lb, kg, oz, trade_oz; got 'pounds'"),
        (("trichome_sales_tax", {"price": 100, "rates": [10, 600]}),
         "rates[2] must be below 100, got 600"),
        (("trichome_yield_per_plant", {"harvest": 5, "harvest_unit": "lb", "plants": 0}),
         "plants must be at least 1, got 0"),
        (("trichome_extraction_return", {"started": 100, "started_unit": "g", "got": 120,
                                         "got_unit": "g"}),
         "more came out (120 g) than went in (100 g)"),
        (("trichome_mg_in_volume", {"mg_per_ml": 30}), "ml is required"),
    ],
)  # fmt: skip
def test_a_bad_argument_reaches_the_model_as_a_refusal_not_a_500(
    gateway: tuple[openai.OpenAI, FakeUpstream], call: tuple[str, object], refusal: str
) -> None:
    text, _, worked = _ask(gateway, call, "work it out")
    assert set(worked) == {"error"} and refusal in str(worked["error"]), worked
    assert text.startswith("The calculator refused: cannot calculate: ")
