"""The calculators offered as function tools whose arguments are checked against their
schemas (`tool_arguments.CheckedTool`), gathered from the modules that define them."""

from __future__ import annotations

from typing import Any

from trichome.agents import dose_tools, harvest_tools, kitchen_tools, price_tools, strength_tools
from trichome.agents.tool_arguments import CheckedTool

TOOLS: list[CheckedTool] = [
    *price_tools.TOOLS,
    *harvest_tools.TOOLS,
    *dose_tools.TOOLS,
    *strength_tools.TOOLS,
    *kitchen_tools.TOOLS,
]
BY_NAME: dict[str, CheckedTool] = {tool.name: tool for tool in TOOLS}
DEFINITIONS: list[dict[str, Any]] = [tool.definition for tool in TOOLS]
