"""The tool server benchmark: MCP overhead over the Metrc client, and each skill's run time."""
