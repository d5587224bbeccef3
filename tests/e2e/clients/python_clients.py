"""LangChain, LiteLLM and LlamaIndex calls against running Trichome servers.

Run by `tests/e2e/test_compat_chat.py` with `.venv-clients/bin/python` (these frameworks
need openai<3, the project uses openai 3). The only argument is a JSON object: `grounded`
and `llm` (chat API base URLs, each `{url, key}`; `llm` runs the `openai` engine in front
of a scripted model) and `kb` (the knowledge base's base URL). It prints one JSON object:
each scenario's observations, or the exception a client raised, so the tests can assert
what a user of each library would see.
"""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

QUESTION = "What is the THC limit per serving for edibles in Colorado?"
FACTOR = "What is the decarboxylation factor for THCA?"


class Factor(BaseModel):
    """A structured answer a client asks for."""

    factor: float
    explanation: str


class GroundedJson(BaseModel):
    """The JSON object the grounded engine answers with under json_object."""

    answer: str
    agent: str
    sources: list[dict[str, Any]]


def lookup_rule(state: str) -> str:
    """Look up a state's edible rule in the caller's own system."""
    return f"rule of {state}"


LOOKUP_TOOL = {
    "type": "function",
    "function": {
        "name": "lookup_rule",
        "description": "Look up a state's edible rule in the caller's own system.",
        "parameters": {
            "type": "object",
            "properties": {"state": {"type": "string"}},
            "required": ["state"],
        },
    },
}


def failure(error: BaseException) -> dict[str, Any]:
    """What a client raised: its type, status and the server's error code when it has them."""
    seen: dict[str, Any] = {"raised": type(error).__name__, "message": str(error)[:500]}
    for attribute in ("status_code", "code"):
        value = getattr(error, attribute, None)
        if isinstance(value, int | str):
            seen[attribute] = value
    return seen


# ----------------------------------------------------------------------------- LangChain


def langchain(config: dict[str, Any]) -> dict[str, Callable[[], Any]]:
    from langchain_core.tools import tool
    from langchain_openai import ChatOpenAI

    def chat(server: str, **options: Any) -> ChatOpenAI:
        endpoint = config[server]
        return ChatOpenAI(
            base_url=f"{endpoint['url']}/v1",
            api_key=endpoint["key"],
            model=options.pop("model", "operator-agent"),
            max_retries=0,
            **options,
        )

    def invoke() -> dict[str, Any]:
        message = chat("grounded").invoke(QUESTION)
        return {"type": type(message).__name__, "content": message.content,
                "finish_reason": message.response_metadata.get("finish_reason")}  # fmt: skip

    def stream() -> dict[str, Any]:
        pieces = [chunk.content for chunk in chat("grounded").stream(QUESTION)]
        return {"chunks": len(pieces), "content": "".join(map(str, pieces))}

    def max_tokens() -> dict[str, Any]:
        message = chat("grounded", max_tokens=20).invoke(QUESTION)
        usage = message.response_metadata.get("token_usage") or {}
        return {"finish_reason": message.response_metadata.get("finish_reason"),
                "completion_tokens": usage.get("completion_tokens"), "content": message.content}  # fmt: skip

    def json_mode() -> dict[str, Any]:
        structured = chat("grounded").with_structured_output(GroundedJson, method="json_mode")
        answer = structured.invoke(QUESTION)
        return {"type": type(answer).__name__, "answer": answer.answer, "agent": answer.agent}

    def structured_grounded() -> dict[str, Any]:
        try:
            chat("grounded").with_structured_output(Factor).invoke(FACTOR)
        except Exception as error:
            return failure(error)
        return {"raised": None}

    def structured_llm() -> dict[str, Any]:
        answer = chat("llm").with_structured_output(Factor).invoke(FACTOR)
        return {"type": type(answer).__name__, "factor": answer.factor}

    lookup = tool(lookup_rule)

    def tools_llm() -> dict[str, Any]:
        message = chat("llm").bind_tools([lookup], tool_choice="required").invoke(QUESTION)
        return {"tool_calls": [{"name": c["name"], "args": c["args"]} for c in message.tool_calls]}

    def tools_grounded() -> dict[str, Any]:
        try:
            chat("grounded").bind_tools([lookup], tool_choice="required").invoke(QUESTION)
        except Exception as error:
            return failure(error)
        return {"raised": None}

    def knowledge_base() -> dict[str, Any]:
        kb = ChatOpenAI(base_url=f"{config['kb']}/v1", api_key="anonymous",
                        model="knowledge-base", max_retries=0)  # fmt: skip
        message = kb.invoke("Why does my winterization filter keep clogging?")
        streamed = "".join(str(c.content) for c in kb.stream("How do I clean a rosin press?"))
        return {"content": message.content, "streamed": streamed}

    return {
        "chat completion": invoke,
        "streaming": stream,
        "max_tokens": max_tokens,
        "JSON mode": json_mode,
        "structured output/grounded": structured_grounded,
        "structured output/llm": structured_llm,
        "tool calls/llm": tools_llm,
        "tool calls/grounded": tools_grounded,
        "knowledge base": knowledge_base,
    }


# ----------------------------------------------------------------------------- LiteLLM


def litellm_scenarios(config: dict[str, Any]) -> dict[str, Callable[[], Any]]:
    import litellm

    def complete(server: str = "grounded", **options: Any) -> Any:
        endpoint = config[server]
        return litellm.completion(
            model=f"openai/{options.pop('model', 'operator-agent')}",
            api_base=f"{endpoint['url']}/v1",
            api_key=endpoint["key"],
            messages=[{"role": "user", "content": options.pop("question", QUESTION)}],
            num_retries=0,
            **options,
        )

    def plain() -> dict[str, Any]:
        response = complete()
        return {"type": type(response).__name__,
                "content": response.choices[0].message.content,
                "finish_reason": response.choices[0].finish_reason}  # fmt: skip

    def explicit_false() -> dict[str, Any]:
        response = complete(stream=False)
        return {"content": response.choices[0].message.content}

    def stream() -> dict[str, Any]:
        pieces = [chunk.choices[0].delta.content or "" for chunk in complete(stream=True)]
        return {"chunks": len(pieces), "content": "".join(pieces)}

    def max_tokens() -> dict[str, Any]:
        response = complete(max_tokens=20)
        return {"finish_reason": response.choices[0].finish_reason,
                "completion_tokens": response.usage.completion_tokens}  # fmt: skip

    def json_mode() -> dict[str, Any]:
        response = complete(response_format={"type": "json_object"})
        return {"parsed": json.loads(response.choices[0].message.content)}

    def structured_grounded() -> dict[str, Any]:
        try:
            complete(response_format=Factor, question=FACTOR)
        except Exception as error:
            return failure(error)
        return {"raised": None}

    def structured_llm() -> dict[str, Any]:
        response = complete("llm", response_format=Factor, question=FACTOR)
        return {"parsed": Factor.model_validate_json(response.choices[0].message.content).factor}

    def tools_llm() -> dict[str, Any]:
        response = complete("llm", tools=[LOOKUP_TOOL], tool_choice="required")
        calls = response.choices[0].message.tool_calls or []
        return {"tool_calls": [{"name": c.function.name, "args": json.loads(c.function.arguments)}
                               for c in calls]}  # fmt: skip

    def tools_grounded() -> dict[str, Any]:
        try:
            complete(tools=[LOOKUP_TOOL], tool_choice="required")
        except Exception as error:
            return failure(error)
        return {"raised": None}

    def knowledge_base() -> dict[str, Any]:
        response = litellm.completion(
            model="openai/knowledge-base", api_base=f"{config['kb']}/v1", api_key="anonymous",
            messages=[{"role": "user", "content": "Why does my winterization filter keep clogging?"}],
            num_retries=0,
        )  # fmt: skip
        return {"content": response.choices[0].message.content}

    return {
        "chat completion": plain,
        "chat completion/stream false": explicit_false,
        "streaming": stream,
        "max_tokens": max_tokens,
        "JSON mode": json_mode,
        "structured output/grounded": structured_grounded,
        "structured output/llm": structured_llm,
        "tool calls/llm": tools_llm,
        "tool calls/grounded": tools_grounded,
        "knowledge base": knowledge_base,
    }


# ----------------------------------------------------------------------------- LlamaIndex


def llamaindex(config: dict[str, Any]) -> dict[str, Callable[[], Any]]:
    from llama_index.core.llms import ChatMessage
    from llama_index.core.tools import FunctionTool
    from llama_index.llms.openai_like import OpenAILike

    def llm(server: str = "grounded", **options: Any) -> OpenAILike:
        endpoint = config[server] if server != "kb" else {"url": config["kb"], "key": "anonymous"}
        return OpenAILike(
            model=options.pop("model", "operator-agent"),
            api_base=f"{endpoint['url']}/v1",
            api_key=endpoint["key"],
            is_chat_model=True,
            is_function_calling_model=True,
            context_window=16000,
            max_retries=0,
            **options,
        )

    def chat() -> dict[str, Any]:
        response = llm().chat([ChatMessage(role="user", content=QUESTION)])
        return {"content": response.message.content,
                "finish_reason": response.raw.choices[0].finish_reason}  # fmt: skip

    def complete() -> dict[str, Any]:
        return {"text": llm().complete(QUESTION).text}

    def stream() -> dict[str, Any]:
        pieces = [
            r.delta or "" for r in llm().stream_chat([ChatMessage(role="user", content=QUESTION)])
        ]
        return {"chunks": len(pieces), "content": "".join(pieces)}

    def max_tokens() -> dict[str, Any]:
        response = llm(max_tokens=20).chat([ChatMessage(role="user", content=QUESTION)])
        return {"finish_reason": response.raw.choices[0].finish_reason,
                "completion_tokens": response.raw.usage.completion_tokens}  # fmt: skip

    tool = FunctionTool.from_defaults(fn=lookup_rule)

    def structured_grounded() -> dict[str, Any]:
        try:
            llm().as_structured_llm(Factor).complete(FACTOR)
        except Exception as error:
            return failure(error)
        return {"raised": None}

    def structured_llm() -> dict[str, Any]:
        response = llm("llm").as_structured_llm(Factor).complete(FACTOR)
        return {"factor": response.raw.factor}

    def tools_llm() -> dict[str, Any]:
        model = llm("llm")
        response = model.chat_with_tools([tool], user_msg=QUESTION, tool_required=True)
        calls = model.get_tool_calls_from_response(response, error_on_no_tool_call=False)
        return {"tool_calls": [{"name": c.tool_name, "args": c.tool_kwargs} for c in calls]}

    def tools_grounded() -> dict[str, Any]:
        try:
            llm().chat_with_tools([tool], user_msg=QUESTION, tool_required=True)
        except Exception as error:
            return failure(error)
        return {"raised": None}

    def knowledge_base() -> dict[str, Any]:
        response = llm("kb", model="knowledge-base").chat(
            [ChatMessage(role="user", content="Why does my winterization filter keep clogging?")]
        )
        return {"content": response.message.content}

    return {
        "chat completion": chat,
        "chat completion/complete": complete,
        "streaming": stream,
        "max_tokens": max_tokens,
        "structured output/grounded": structured_grounded,
        "structured output/llm": structured_llm,
        "tool calls/llm": tools_llm,
        "tool calls/grounded": tools_grounded,
        "knowledge base": knowledge_base,
    }


CLIENTS = {"LangChain": langchain, "LiteLLM": litellm_scenarios, "LlamaIndex": llamaindex}


def run(client: str, config: dict[str, Any]) -> dict[str, Any]:
    """Every scenario of one client: its observations, or what it raised unexpectedly."""
    observed: dict[str, Any] = {}
    for name, scenario in CLIENTS[client](config).items():
        try:
            observed[name] = scenario()
        except Exception as error:
            observed[name] = failure(error) | {"unexpected": traceback.format_exc()[-2000:]}
    return observed


if __name__ == "__main__":
    settings = json.loads(sys.argv[1])
    print(json.dumps({client: run(client, settings) for client in settings["clients"]}))
