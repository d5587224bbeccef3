"""MCP prompts: the checks an operator runs most, as ready-made requests an editor offers
(Claude Desktop and Cursor show them as slash commands).

Each prompt asks the model to run named skills and report in a fixed shape; it is offered
only to a connection that is offered every tool it names. An unknown prompt, or a missing
or blank required argument, is JSON-RPC -32602 (invalid params), as the MCP
specification's prompts page says.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from mcp.shared.exceptions import MCPError
from mcp.types import (
    INVALID_PARAMS,
    GetPromptResult,
    Prompt,
    PromptArgument,
    PromptMessage,
    TextContent,
)

LICENCE = PromptArgument(
    name="license_number",
    description="The facility's licence number (list_facilities shows yours).",
    required=True,
)


@dataclass(frozen=True, slots=True)
class McpPrompt:
    """A prompt template: its arguments, the tools it needs, and the request it makes."""

    name: str
    title: str
    description: str
    arguments: tuple[PromptArgument, ...]
    tools: frozenset[str]
    template: str

    def listed(self) -> Prompt:
        """The prompt as `prompts/list` shows it."""
        return Prompt(
            name=self.name,
            title=self.title,
            description=self.description,
            arguments=list(self.arguments),
        )

    def render(self, arguments: Mapping[str, str] | None) -> GetPromptResult:
        """The prompt filled in with the caller's arguments.

        Raises:
            MCPError: -32602 when a required argument is missing or blank.
        """
        given = {name: value.strip() for name, value in (arguments or {}).items()}
        values: dict[str, str] = {}
        for argument in self.arguments:
            value = given.get(argument.name, "")
            if argument.required and not value:
                raise MCPError(
                    code=INVALID_PARAMS,
                    message=f"The prompt {self.name} needs the argument {argument.name}.",
                    data={"name": self.name, "argument": argument.name},
                )
            values[argument.name] = value or "(not given)"
        text = self.template.format(**values)
        message = PromptMessage(role="user", content=TextContent(type="text", text=text))
        return GetPromptResult(description=self.description, messages=[message])


PROMPTS: dict[str, McpPrompt] = {
    prompt.name: prompt
    for prompt in (
        McpPrompt(
            name="morning_check",
            title="Morning compliance check",
            description="What needs doing today at one facility: overdue and urgent items first.",
            arguments=(LICENCE,),
            tools=frozenset({"needs_attention", "expiration_tracker"}),
            template=(
                "Run needs_attention and expiration_tracker for licence {license_number}. "
                "List what needs doing today, the most severe first; for each item name the "
                "package, plant batch or transfer, what is wrong and the action to take. "
                "End with the counts per severity. Use only what the tools return."
            ),
        ),
        McpPrompt(
            name="audit_prep",
            title="Prepare for a state audit",
            description="Audit readiness of one facility, with the gaps to close first.",
            arguments=(LICENCE,),
            tools=frozenset({"audit_ready", "compliance_check"}),
            template=(
                "Run audit_ready and compliance_check for licence {license_number}. Say "
                "whether the facility is ready for an audit, then list every gap with the "
                "records involved and how to close it, the most serious first. Use only what "
                "the tools return."
            ),
        ),
        McpPrompt(
            name="package_investigation",
            title="Investigate a package",
            description="The full history of one package and anything wrong with it.",
            arguments=(
                LICENCE,
                PromptArgument(
                    name="package_label",
                    description="The package's tag (its label), e.g. 1A4FF0100000022000000123.",
                    required=True,
                ),
            ),
            tools=frozenset({"package_history"}),
            template=(
                "Run package_history for package {package_label} at licence "
                "{license_number}. Tell its story from source to today (harvest or parent "
                "packages, lab results, adjustments, transfers, sales) and point out anything "
                "a regulator would question. Use only what the tool returns."
            ),
        ),
        McpPrompt(
            name="waste_review",
            title="Review waste and destruction",
            description="Waste and destruction records of one facility, and what is incomplete.",
            arguments=(LICENCE,),
            tools=frozenset({"waste_report"}),
            template=(
                "Run waste_report for licence {license_number}. Summarise what was wasted or "
                "destroyed, by type and reason, and list each record that is incomplete or "
                "out of rule with what is missing. Use only what the tool returns."
            ),
        ),
    )
}


def unknown_prompt(name: str) -> MCPError:
    """The -32602 of a prompt this connection is not offered."""
    return MCPError(
        code=INVALID_PARAMS,
        message=f"Unknown prompt: {name}. prompts/list shows the prompts offered.",
        data={"name": name},
    )
