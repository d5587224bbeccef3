// The openai Node SDK and the Vercel AI SDK against running Trichome servers.
//
// Run by tests/e2e/test_compat_chat.py with Node 22 from this folder's node_modules. The
// only argument is the same JSON object as python_clients.py takes; it prints one JSON
// object: each scenario's observations, or what the client threw.
import OpenAI from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateObject, generateText, streamText, tool } from 'ai';
import { z } from 'zod';

const QUESTION = 'What is the THC limit per serving for edibles in Colorado?';
const FACTOR = 'What is the decarboxylation factor for THCA?';
const KB_QUESTION = 'Why does my winterization filter keep clogging?';
const Factor = z.object({ factor: z.number(), explanation: z.string() });
const LOOKUP = {
  type: 'function',
  function: {
    name: 'lookup_rule',
    description: "Look up a state's edible rule in the caller's own system.",
    parameters: { type: 'object', properties: { state: { type: 'string' } }, required: ['state'] },
  },
};

function failure(error) {
  const seen = { raised: error?.constructor?.name ?? 'Error', message: String(error?.message ?? error).slice(0, 500) };
  for (const name of ['status', 'statusCode', 'code']) {
    const value = error?.[name];
    if (typeof value === 'number' || typeof value === 'string') seen[name] = value;
  }
  if (error?.error?.code) seen.code = error.error.code;
  if (error?.responseBody) {
    try { seen.code = JSON.parse(error.responseBody).error.code; } catch { /* not JSON */ }
  }
  return seen;
}

async function refused(call) {
  try { await call(); } catch (error) { return failure(error); }
  return { raised: null };
}

function openaiScenarios(config) {
  const client = (server) => new OpenAI({ baseURL: `${config[server].url}/v1`, apiKey: config[server].key, maxRetries: 0 });
  const ask = (extra = {}, server = 'grounded') => client(server).chat.completions.create({
    model: 'operator-agent', messages: [{ role: 'user', content: extra.question ?? QUESTION }], ...extra.body,
  });
  return {
    'chat completion': async () => {
      const completion = await ask();
      return { type: typeof completion, object: completion.object, content: completion.choices[0].message.content,
               finish_reason: completion.choices[0].finish_reason };
    },
    streaming: async () => {
      const pieces = [];
      for await (const chunk of await ask({ body: { stream: true } })) pieces.push(chunk.choices[0]?.delta?.content ?? '');
      return { chunks: pieces.length, content: pieces.join('') };
    },
    max_tokens: async () => {
      const completion = await ask({ body: { max_tokens: 20 } });
      return { finish_reason: completion.choices[0].finish_reason, completion_tokens: completion.usage.completion_tokens };
    },
    'JSON mode': async () => {
      const completion = await ask({ body: { response_format: { type: 'json_object' } } });
      return { parsed: JSON.parse(completion.choices[0].message.content) };
    },
    'structured output/grounded': () => refused(() => client('grounded').chat.completions.parse({
      model: 'operator-agent', messages: [{ role: 'user', content: FACTOR }], response_format: zodResponseFormat(Factor, 'factor'),
    })),
    'structured output/llm': async () => {
      const completion = await client('llm').chat.completions.parse({
        model: 'operator-agent', messages: [{ role: 'user', content: FACTOR }], response_format: zodResponseFormat(Factor, 'factor'),
      });
      return { parsed: completion.choices[0].message.parsed };
    },
    'tool calls/llm': async () => {
      const completion = await ask({ body: { tools: [LOOKUP], tool_choice: 'required' } }, 'llm');
      return { tool_calls: completion.choices[0].message.tool_calls.map((c) => ({ name: c.function.name, args: JSON.parse(c.function.arguments) })) };
    },
    'tool calls/grounded': () => refused(() => ask({ body: { tools: [LOOKUP], tool_choice: 'required' } })),
    'knowledge base': async () => {
      const kb = new OpenAI({ baseURL: `${config.kb}/v1`, apiKey: 'anonymous', maxRetries: 0 });
      const completion = await kb.chat.completions.create({ model: 'knowledge-base', messages: [{ role: 'user', content: KB_QUESTION }] });
      const pieces = [];
      for await (const chunk of await kb.chat.completions.create({ model: 'knowledge-base', stream: true, messages: [{ role: 'user', content: KB_QUESTION }] })) {
        pieces.push(chunk.choices[0]?.delta?.content ?? '');
      }
      return { content: completion.choices[0].message.content, streamed: pieces.join('') };
    },
  };
}

function vercelScenarios(config) {
  const provider = (server, options = {}) => createOpenAICompatible({
    name: 'trichome', baseURL: `${config[server].url}/v1`, apiKey: config[server].key, ...options,
  });
  const model = (server = 'grounded', options = {}) => provider(server, options)('operator-agent');
  const lookup = tool({
    description: "Look up a state's edible rule in the caller's own system.",
    inputSchema: z.object({ state: z.string() }),
  });
  return {
    'chat completion': async () => {
      const result = await generateText({ model: model(), prompt: QUESTION, maxRetries: 0 });
      return { content: result.text, finish_reason: result.finishReason };
    },
    streaming: async () => {
      const result = streamText({ model: model(), prompt: QUESTION, maxRetries: 0 });
      const pieces = [];
      for await (const piece of result.textStream) pieces.push(piece);
      return { chunks: pieces.length, content: pieces.join('') };
    },
    max_tokens: async () => {
      const result = await generateText({ model: model(), prompt: QUESTION, maxOutputTokens: 20, maxRetries: 0 });
      return { finish_reason: result.finishReason, completion_tokens: result.usage.outputTokens };
    },
    'JSON mode': async () => {
      const schema = z.object({ answer: z.string(), agent: z.string(), sources: z.array(z.object({ url: z.string() })) });
      const result = await generateObject({ model: model(), schema, prompt: QUESTION, maxRetries: 0 });
      return { parsed: result.object };
    },
    'structured output/grounded': () => refused(() => generateObject({
      model: model('grounded', { supportsStructuredOutputs: true }), schema: Factor, prompt: FACTOR, maxRetries: 0,
    })),
    'structured output/llm': async () => {
      const result = await generateObject({ model: model('llm', { supportsStructuredOutputs: true }), schema: Factor, prompt: FACTOR, maxRetries: 0 });
      return { parsed: result.object };
    },
    'tool calls/llm': async () => {
      const result = await generateText({ model: model('llm'), prompt: QUESTION, tools: { lookup_rule: lookup }, toolChoice: 'required', maxRetries: 0 });
      return { tool_calls: result.toolCalls.map((c) => ({ name: c.toolName, args: c.input })) };
    },
    'tool calls/grounded': () => refused(() => generateText({
      model: model(), prompt: QUESTION, tools: { lookup_rule: lookup }, toolChoice: 'required', maxRetries: 0,
    })),
    'knowledge base': async () => {
      const kb = createOpenAICompatible({ name: 'kb', baseURL: `${config.kb}/v1`, apiKey: 'anonymous' });
      const result = await generateText({ model: kb('knowledge-base'), prompt: KB_QUESTION, maxRetries: 0 });
      return { content: result.text };
    },
  };
}

const CLIENTS = { 'openai (Node)': openaiScenarios, 'Vercel AI SDK': vercelScenarios };

async function run(name, config) {
  const observed = {};
  for (const [scenario, call] of Object.entries(CLIENTS[name](config))) {
    try { observed[scenario] = await call(); } catch (error) { observed[scenario] = { ...failure(error), unexpected: String(error?.stack ?? error).slice(0, 2000) }; }
  }
  return observed;
}

const config = JSON.parse(process.argv[2]);
const results = {};
for (const name of config.clients) results[name] = await run(name, config);
process.stdout.write(JSON.stringify(results));
