// The official MCP TypeScript SDK client against the tool server, for
// tests/e2e/test_mcp_clients.py. It reads one JSON argument:
//   {"transport": "stdio", "command": ..., "args": [...], "env": {...}, "calls": [...]}
//   {"transport": "http", "url": ..., "headers": {...}, "calls": [...]}
// where each call is {"name": ..., "arguments": {...}}. It lists the tools, then makes the
// calls; the SDK itself checks each structuredContent against the tool's outputSchema
// (it throws when they disagree). Then it lists the prompts and gets morning_check for the
// first call's licence. It prints what it saw as one JSON object.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const config = JSON.parse(process.argv[2]);
const transport =
  config.transport === "stdio"
    ? new StdioClientTransport({ command: config.command, args: config.args, env: config.env })
    : new StreamableHTTPClientTransport(new URL(config.url), {
        requestInit: { headers: config.headers },
      });
const client = new Client({ name: "trichome-ts-test", version: "1.0.0" });
await client.connect(transport);
const listed = await client.listTools();
const calls = [];
for (const call of config.calls) {
  const result = await client.callTool({ name: call.name, arguments: call.arguments });
  calls.push({
    name: call.name,
    isError: result.isError ?? false,
    structuredContent: result.structuredContent ?? null,
    text: result.content?.[0]?.text ?? null,
  });
}
const prompts = await client.listPrompts();
const dispensary = config.calls[0]?.arguments?.license_number;
const prompt = await client.getPrompt({ name: "morning_check", arguments: { license_number: dispensary } });
console.log(
  JSON.stringify({
    prompts: prompts.prompts.map((entry) => entry.name),
    prompt: prompt.messages[0].content.text,
    protocolVersion: transport.protocolVersion ?? null,
    server: client.getServerVersion(),
    capabilities: client.getServerCapabilities(),
    tools: listed.tools.map((tool) => ({
      name: tool.name,
      outputSchema: tool.outputSchema ?? null,
    })),
    calls,
  }),
);
await client.close();
