// Answers are Markdown written from untrusted forum posts (or by an LLM): every render goes
// through DOMPurify, which keeps only the tags Markdown produces and only web and mail links.
import DOMPurify from 'dompurify';
import { Marked } from 'marked';

const marked = new Marked({ gfm: true, breaks: true });

const TAGS = [
  'p', 'br', 'strong', 'em', 'del', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'a', 'hr',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
];
// No images: one would make the reader's browser fetch from whatever host an answer names.
const SAFE_URL = /^(?:https?:|mailto:)/i;

DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName !== 'A') return;
  if (!SAFE_URL.test(node.getAttribute('href') || '')) {
    node.removeAttribute('href');
    return;
  }
  node.setAttribute('target', '_blank');
  node.setAttribute('rel', 'noopener noreferrer');
});

/** Markdown as sanitised HTML, safe to assign to innerHTML. */
export function renderMarkdown(text) {
  return DOMPurify.sanitize(marked.parse(text), {
    ALLOWED_TAGS: TAGS,
    ALLOWED_ATTR: ['href', 'title', 'start'],
    ALLOWED_URI_REGEXP: SAFE_URL,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}
