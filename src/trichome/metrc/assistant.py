"""Questions in plain language about a caller's Metrc data, answered with the tools.

With an LLM configured (`TRICHOME_ENGINE=openai`) the question goes to the agents' engine,
which calls the tools by function calling. Offline (the default) the question is mapped to
the skill or tool that answers it, with the parameters the question gives (the licence, a
package label, a period), and the answer is the tool's own summary and findings.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date, timedelta
from typing import TYPE_CHECKING, Any, Literal

import orjson
from mcp.server.mcpserver.utilities.func_metadata import func_metadata
from pydantic import BaseModel, Field, ValidationError

from trichome.knowledge.jurisdictions import detect_jurisdictions, is_us_state
from trichome.metrc.errors import MetrcError, MetrcRateLimited
from trichome.metrc.states import METRC_V2_STATES
from trichome.metrc.tools import TOOLS, ToolProblem, ToolSpec, access, tool_succeeded
from trichome.metrc.tools.files import without_content

if TYPE_CHECKING:
    from trichome.agents.service import AgentService

MAX_FINDINGS_SHOWN = 6
MAX_ITEMS_SHOWN = 8
LABEL = re.compile(r"\b(1A4[0-9A-Z]{21})\b")
LICENCE = re.compile(r"\b([A-Z0-9]{2,}(?:-[A-Z0-9]{1,}){2,})\b")
ISO_DAY = re.compile(r"\b(\d{4}-\d{2}-\d{2})\b")
LAST_PERIOD = re.compile(r"\b(?:last|past|previous)\s+(\d+)?\s*(day|week|month|year)s?\b")


class ToolUse(BaseModel):
    """One tool the answer used, with its arguments and what it returned."""

    tool: str
    arguments: dict[str, Any]
    result: dict[str, Any] | None = None
    error: str | None = None


class ChatAnswer(BaseModel):
    """`POST /api/chat`'s answer."""

    answer: str = Field(description="The answer, in plain text (Markdown lists allowed).")
    engine: Literal["grounded", "openai"]
    tool_calls: list[ToolUse] = Field(description="The tools used, in order.")


@dataclass(frozen=True, slots=True)
class Intent:
    """A kind of question and the tool that answers it."""

    tool: str
    pattern: re.Pattern[str]
    # The capability a facility needs for this question (to pick the licence when the
    # question names none and only one facility fits).
    capability: str | None = None


def _intent(tool: str, words: str, capability: str | None = None) -> Intent:
    return Intent(tool, re.compile(words, re.IGNORECASE), capability)


# First match wins: specific questions before general ones.
INTENTS: tuple[Intent, ...] = (
    _intent("audit_ready", r"\baudit"),
    _intent("fifo", r"\bfifo\b|first[- ]in|oldest (stock|package)s? first"),
    _intent(
        "purchase_limit_check",
        r"purchase (limit|cap)s?|(sales?|transaction|possession) (limit|cap)s?|over the limit|"
        r"(sold|sell(ing)?) (too much|over)|per[- ](sale|transaction) (limit|cap)",
        "CanSellToConsumers",
    ),
    _intent("expiration_tracker", r"expir|use[- ]by|sell[- ]by|going (off|stale)"),
    _intent("compliance_check", r"complian|validat|violat|breach|rule check"),
    _intent(
        "needs_attention",
        r"attention|urgent|action|to-?do|what should|problems?|issues?|wrong|fix",
    ),
    _intent(
        "yield_analysis", r"\byields?\b|grams? per plant|wet weight|dry weight", "CanGrowPlants"
    ),
    _intent("strain_performance", r"\bstrains?\b|cultivars?|genetics", "CanGrowPlants"),
    _intent("waste_report", r"\bwaste|destr(oy|uction)|disposal|spoil"),
    _intent(
        "sales_analysis",
        r"\bsales?\b|\bsold\b|revenue|receipts?|best[- ]sellers?|basket|customers?",
        "CanSellToConsumers",
    ),
    _intent("transfer_summary", r"transfers?|manifests?|shipments?|deliver|incoming|outgoing"),
    _intent("inventory_snapshot", r"inventory|on hand|in stock|\bstock\b|snapshot|how much"),
    _intent("list_facilities", r"facilit|licen[cs]es?\b|which licen"),
)


@functools.cache
def _arguments_model(spec: ToolSpec) -> type[BaseModel]:
    """The tool's argument model, as the MCP server builds it (once per tool: it is costly)."""
    model: type[BaseModel] = func_metadata(spec.fn).arg_model
    return model


@functools.cache
def _schema_of(spec: ToolSpec) -> dict[str, Any]:
    """The tool's argument JSON schema (shared: read it, do not change it)."""
    schema: dict[str, Any] = _arguments_model(spec).model_json_schema(by_alias=True)
    return schema


def _validated(spec: ToolSpec, arguments: dict[str, Any]) -> dict[str, Any]:
    model = _arguments_model(spec)
    validated = model.model_validate(arguments)
    return {name: getattr(validated, name) for name in model.model_fields}


async def run_tool(name: str, arguments: dict[str, Any]) -> ToolUse:
    """Run a registered tool with JSON arguments; failures come back as the use's error.

    Raises:
        MetrcRateLimited: Metrc's rate limit held after the client's retries.
    """
    spec = TOOLS.get(name)
    if spec is None:
        return ToolUse(tool=name, arguments=arguments, error=f"There is no tool {name}.")
    try:
        result = await spec.fn(**_validated(spec, arguments))
    except ValidationError as error:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in error.errors()
        )
        return ToolUse(tool=name, arguments=arguments, error=f"Invalid arguments: {problems}")
    except MetrcRateLimited:
        raise  # the caller answers 429 with Metrc's wait
    except (ToolProblem, MetrcError, ValueError) as problem:
        return ToolUse(tool=name, arguments=arguments, error=str(problem))
    tool_succeeded()
    if spec.attachment:  # a model reads the file's description, not its bytes
        result = without_content(result)
    return ToolUse(tool=name, arguments=arguments, result=result)


class MetrcServerTools:
    """The Metrc tools as function tools of an LLM engine, with a log of their calls."""

    def __init__(self, allowed: Sequence[str]) -> None:
        self._specs = [TOOLS[name] for name in allowed if name in TOOLS]
        self.calls: list[ToolUse] = []

    @property
    def definitions(self) -> tuple[dict[str, Any], ...]:
        """OpenAI function definitions of the allowed tools."""
        return tuple(
            {
                "type": "function",
                "function": {
                    "name": spec.name,
                    "description": spec.description,
                    "parameters": _schema_of(spec),
                },
            }
            for spec in self._specs
        )

    @property
    def names(self) -> frozenset[str]:
        """The allowed tools' names."""
        return frozenset(spec.name for spec in self._specs)

    async def run(self, name: str, arguments: str) -> str:
        """Run one call for the engine; the JSON it reads back."""
        try:
            parsed = orjson.loads(arguments or "{}")
        except orjson.JSONDecodeError:
            parsed = None
        if not isinstance(parsed, dict):
            use = ToolUse(tool=name, arguments={}, error="The arguments must be a JSON object.")
        else:
            use = await run_tool(name, parsed)
        self.calls.append(use)
        payload = use.result if use.error is None else {"error": use.error}
        return orjson.dumps(payload).decode()


async def ask(
    message: str,
    license_number: str | None,
    allowed: Sequence[str],
    service: AgentService | None = None,
) -> ChatAnswer:
    """Answer a question about the caller's Metrc data with the allowed (read) tools.

    Raises:
        MetrcRateLimited: Metrc's rate limit held after the client's retries.
    """
    if service is not None and service.engine.name == "openai":
        return await _ask_model(message, license_number, allowed, service)
    return await _ask_offline(message, license_number, allowed)


async def _ask_model(
    message: str, license_number: str | None, allowed: Sequence[str], service: AgentService
) -> ChatAnswer:
    from trichome.agents.service import ChatRequest
    from trichome.llm.base import ChatTurn, TextDelta
    from trichome.plans import PUBLIC_MODELS

    question = message if license_number is None else f"{message}\n\n(Licence: {license_number})"
    prepared = service.prepare(
        ChatRequest(model=PUBLIC_MODELS["operator-agent"], messages=(ChatTurn("user", question),))
    )
    tools = MetrcServerTools(allowed)
    request = replace(prepared.request, server_tools=tools)
    text: list[str] = []
    async for event in service.engine.stream(request, incremental=False):
        if isinstance(event, TextDelta):
            text.append(event.text)
    return ChatAnswer(answer="".join(text).strip(), engine="openai", tool_calls=tools.calls)


def _day(text: str) -> date | None:
    try:
        return date.fromisoformat(text)
    except ValueError:  # shaped like a date, but not one (2026-13-45)
        return None


def _period(message: str, today: date) -> tuple[date, date] | None:
    days = [day for day in map(_day, ISO_DAY.findall(message)) if day is not None]
    if len(days) >= 2:
        return min(days[:2]), max(days[:2])
    if len(days) == 1:
        return days[0], today
    match = LAST_PERIOD.search(message.lower())
    if match:
        count = int(match.group(1) or 1)
        span = {"day": 1, "week": 7, "month": 30, "year": 365}[match.group(2)] * count
        # "The last 99999 years" reach back to the first day a date can hold.
        return today - timedelta(days=min(span, (today - date.min).days)), today
    if re.search(r"\btoday\b", message, re.IGNORECASE):
        return today, today
    if re.search(r"\byesterday\b", message, re.IGNORECASE):
        return today - timedelta(days=1), today - timedelta(days=1)
    return None


def _arguments(spec: ToolSpec, licence: str | None, message: str, today: date) -> dict[str, Any]:
    """The parameters the question gives, for the parameters the tool has."""
    properties = _schema_of(spec).get("properties", {})
    arguments: dict[str, Any] = {}
    if licence is not None and "license_number" in properties:
        arguments["license_number"] = licence
    label = LABEL.search(message.upper())
    if label and "label" in properties:
        arguments["label"] = label.group(1)
    period = _period(message, today)
    if period is not None and "start" in properties and "end" in properties:
        arguments["start"], arguments["end"] = period[0].isoformat(), period[1].isoformat()
    state = _state(message, licence)
    if state is not None and "state" in properties:
        arguments["state"] = state
    return arguments


_STATE_URL = re.compile(r"^https://(?:sandbox-)?api-([a-z]{2})\.metrc\.com", re.IGNORECASE)
_STATE_IN_LICENCE = re.compile(r"-([A-Z]{2})-")


def _state(message: str, licence: str | None) -> str | None:
    """The US state a question is about: named in it, else the state of the Metrc URL the
    keys reach (api-xx.metrc.com), else the state code inside a licence (SF-SBX-CO-21-...)."""
    words = LICENCE.sub(" ", LABEL.sub(" ", message))  # a licence's "-CO-" is not a place named
    named = [code for code in detect_jurisdictions(words) if is_us_state(code)]
    if named:
        return named[0]
    url = _STATE_URL.match(access().client.base_url)
    if url:
        return url.group(1).upper()
    code = _STATE_IN_LICENCE.search(licence or "")
    return code.group(1) if code and code.group(1) in METRC_V2_STATES else None


async def _facilities() -> list[dict[str, Any]]:
    metrc = access()
    found: list[dict[str, Any]] = await metrc.client.facilities(credentials=metrc.credentials)
    return found


def _licence_in(message: str, known: Sequence[str]) -> str | None:
    upper = message.upper()
    for licence in known:
        if licence.upper() in upper:
            return licence
    match = LICENCE.search(upper)
    return match.group(1) if match else None


def _choose(message: str, allowed: Sequence[str]) -> str | None:
    label = LABEL.search(message.upper())
    if label and "package_history" in allowed:
        return "package_history"
    for intent in INTENTS:
        if intent.tool in allowed and intent.pattern.search(message):
            return intent.tool
    return None


async def _ask_offline(
    message: str, license_number: str | None, allowed: Sequence[str]
) -> ChatAnswer:
    tool = _choose(message, allowed)
    if tool is None:
        names = ", ".join(name for name in allowed if TOOLS[name].skill) or "none"
        return ChatAnswer(
            answer=(
                "I could not tell which of the track-and-trace tools answers that. Ask about "
                "what needs attention, audit readiness, FIFO, expirations, compliance, "
                "inventory, transfers, a package's history (give its label), yields, sales, "
                "purchase limits, "
                f"strains or waste. Skills available: {names}."
            ),
            engine="grounded",
            tool_calls=[],
        )
    spec = TOOLS[tool]
    licence = license_number
    facilities: list[dict[str, Any]] = []
    needs_licence = "license_number" in _schema_of(spec).get("properties", {})
    if needs_licence and licence is None:
        try:
            facilities = await _facilities()
        except MetrcRateLimited:
            raise
        except MetrcError as error:
            return ChatAnswer(answer=str(error), engine="grounded", tool_calls=[])
        known = [f["License"]["Number"] for f in facilities]
        licence = _licence_in(message, known)
        if licence is None:
            capability = next((i.capability for i in INTENTS if i.tool == tool), None)
            fitting = [
                f["License"]["Number"]
                for f in facilities
                if capability is None or f.get("FacilityType", {}).get(capability)
            ]
            if len(fitting) == 1:
                licence = fitting[0]
            else:
                listing = "\n".join(
                    f"- {f['License']['Number']}: {f.get('DisplayName') or f.get('Name')}"
                    for f in facilities
                )
                return ChatAnswer(
                    answer=f"Which licence? Your keys reach:\n{listing}",
                    engine="grounded",
                    tool_calls=[],
                )
    arguments = _arguments(spec, licence, message, access().as_of())
    if "state" in _schema_of(spec).get("required", ()) and "state" not in arguments:
        return ChatAnswer(
            answer="Which state's caps should the sales be held to? Name it in the question.",
            engine="grounded",
            tool_calls=[],
        )
    use = await run_tool(tool, arguments)
    return ChatAnswer(answer=_compose(use), engine="grounded", tool_calls=[use])


def _compose(use: ToolUse) -> str:
    if use.error is not None:
        return f"{use.tool} could not answer: {use.error}"
    result = use.result or {}
    lines: list[str] = []
    if isinstance(result.get("summary"), str):
        lines.append(result["summary"])
    findings = result.get("findings")
    if isinstance(findings, list) and findings:
        lines.append("")
        for finding in findings[:MAX_FINDINGS_SHOWN]:
            lines.append(f"- [{finding.get('severity')}] {finding.get('message')}")
        if len(findings) > MAX_FINDINGS_SHOWN:
            lines.append(f"- … and {len(findings) - MAX_FINDINGS_SHOWN} more findings")
    items = result.get("items")
    if isinstance(items, list):
        lines.append(f"{result.get('total', len(items))} found.")
        for item in items[:MAX_ITEMS_SHOWN]:
            lines.append("- " + ", ".join(f"{k}: {v}" for k, v in list(item.items())[:5]))
    if not lines:
        lines.append(orjson.dumps(result, option=orjson.OPT_INDENT_2).decode()[:2000])
    arguments = ", ".join(f"{k}={v}" for k, v in use.arguments.items())
    lines.append(f"\n(From {use.tool}({arguments}).)")
    return "\n".join(lines)
