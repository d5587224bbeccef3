// The conversation, kept in localStorage so it survives reloads. Storage can be missing or
// full (private modes, sandboxed frames): then the widget simply forgets on reload.

const KEEP = 50;

function isMessage(message) {
  return (
    message &&
    (message.role === 'user' || message.role === 'assistant') &&
    typeof message.content === 'string'
  );
}

/** A saved message as the widget keeps it: its role, text and cited threads' pages. */
function kept({ role, content, pages }) {
  const valid =
    pages &&
    typeof pages === 'object' &&
    Object.values(pages).every((page) => typeof page === 'string' && /^https?:/i.test(page));
  return valid ? { role, content, pages } : { role, content };
}

/** The saved messages under `key`, oldest first. */
export function loadHistory(key) {
  try {
    const saved = JSON.parse(localStorage.getItem(key) || 'null');
    if (saved && saved.v === 1 && Array.isArray(saved.messages)) {
      return saved.messages.filter(isMessage).map(kept);
    }
  } catch {
    // Unreadable or unavailable: start afresh.
  }
  return [];
}

/** Keep the latest messages under `key` (none: remove it). */
export function saveHistory(key, messages) {
  try {
    if (messages.length) {
      localStorage.setItem(key, JSON.stringify({ v: 1, messages: messages.slice(-KEEP) }));
    } else {
      localStorage.removeItem(key);
    }
  } catch {
    // Unavailable or full: the conversation lasts as long as the page.
  }
}
