// The knowledge base's chat-completions adapter, streamed (OpenAI's SSE chunks, then [DONE]).

const MODEL = 'knowledge-base';

/** A failure to show the reader, in words they can act on. */
export class ChatError extends Error {}

function waitPhrase(seconds) {
  if (!(seconds > 0)) return 'a little later';
  const [count, unit] =
    seconds < 90 ? [seconds, 'seconds']
    : seconds < 5400 ? [seconds / 60, 'minutes']
    : seconds < 129600 ? [seconds / 3600, 'hours']
    : [seconds / 86400, 'days'];
  return `in about ${Math.ceil(count)} ${unit}`;
}

async function failure(response) {
  let message = '';
  try {
    message = (await response.json()).error.message || '';
  } catch {
    // Not our JSON error body (a proxy's page, say): the status is all there is.
  }
  if (response.status === 429) {
    const wait = waitPhrase(Number(response.headers.get('Retry-After')));
    return new ChatError(`Too many questions for now. Please retry ${wait}.`);
  }
  const said = message ? ` It said: ${message}` : '';
  if (response.status === 401) {
    return new ChatError(`The knowledge base refused this site's key.${said}`);
  }
  return new ChatError(`The knowledge base could not answer (HTTP ${response.status}).${said}`);
}

const OFFLINE = "Can't reach the knowledge base. Check your connection, then retry.";

/**
 * Where each cited thread's link should go: its page on the knowledge base (`page_url`, the
 * cited post anchored) by its forum address (`url`), for the citations that have one.
 */
export function threadPages(citations) {
  if (!Array.isArray(citations)) return null;
  const pages = {};
  for (const citation of citations) {
    const { url, page_url: page } = citation || {};
    if (typeof url === 'string' && typeof page === 'string' && /^https?:/i.test(page)) {
      pages[url] = page;
    }
  }
  return pages;
}

/**
 * The answer to the conversation, yielded as `{text}` deltas, then `{pages}` (see
 * `threadPages`) when the server names the threads it cites.
 * Throws ChatError for anything the reader should see (an abort is rethrown as it is).
 */
export async function* streamAnswer({ apiBase, apiKey, messages }, signal) {
  const headers = { 'Content-Type': 'application/json', Accept: 'text/event-stream' };
  if (apiKey) headers['X-API-Key'] = apiKey;
  let response;
  try {
    response = await fetch(`${apiBase}/v1/chat/completions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ model: MODEL, stream: true, messages }),
      credentials: 'omit',
      signal,
    });
  } catch (error) {
    throw signal.aborted ? error : new ChatError(OFFLINE);
  }
  if (!response.ok) throw await failure(response);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    let chunk;
    try {
      chunk = await reader.read();
    } catch (error) {
      throw signal.aborted ? error : new ChatError(OFFLINE);
    }
    if (chunk.done) break;
    buffer += decoder.decode(chunk.value, { stream: true });
    const events = buffer.split(/\r?\n\r?\n/);
    buffer = events.pop();
    for (const event of events) {
      const data = event
        .split(/\r?\n/)
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trim())
        .join('\n');
      if (data === '[DONE]') return;
      let parsed;
      try {
        parsed = JSON.parse(data);
      } catch {
        continue; // a comment or keep-alive
      }
      if (parsed.error) {
        throw new ChatError(`The answer stopped: ${parsed.error.message || 'the server failed'}.`);
      }
      const delta = parsed.choices?.[0]?.delta?.content;
      if (delta) yield { text: delta };
      const pages = threadPages(parsed.citations);
      if (pages) yield { pages };
    }
  }
  // The connection closed before [DONE]: the answer is cut short.
  throw new ChatError(OFFLINE);
}
