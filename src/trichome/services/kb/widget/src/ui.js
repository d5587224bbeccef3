// The bubble and the chat panel, in a shadow root appended to the page's body.
import { ChatError, streamAnswer } from './chat.js';
import { loadHistory, saveHistory } from './history.js';
import { renderMarkdown } from './markdown.js';
import { styles } from './styles.js';

const PHONE = '(max-width: 639.98px)'; // the panel is full-screen, and modal, below 640 px
const SENT = 20; // the messages sent with a question (the server reads no more)
const ICONS = {
  chat: 'M4 5h16v11H10l-6 4z',
  down: 'M6 9l6 6 6-6',
  close: 'M6 6l12 12M18 6L6 18',
  send: 'M4 12l16-8-6 16-2-7-8-1z',
};

function h(tag, attributes, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes || {})) {
    if (name.startsWith('on')) element.addEventListener(name.slice(2), value);
    else if (value === true) element.setAttribute(name, '');
    else if (value !== false && value != null) element.setAttribute(name, value);
  }
  element.append(...children);
  return element;
}

function icon(name) {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  const path = document.createElementNS(svg.namespaceURI, 'path');
  path.setAttribute('d', ICONS[name]);
  svg.append(path);
  return svg;
}

/** Black or white, whichever reads better on `colour` (WCAG relative luminance). */
function readableOn(colour) {
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return '#fff';
  context.fillStyle = colour; // the browser normalises it to #rrggbb or rgba(...)
  const value = context.fillStyle;
  const channels = value.startsWith('#')
    ? [1, 3, 5].map((at) => Number.parseInt(value.slice(at, at + 2), 16))
    : value.match(/[\d.]+/g).slice(0, 3).map(Number);
  const [r, g, b] = channels.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#fff' : '#111';
}

/**
 * An answer's Markdown, rendered safely into `body`; links to a cited thread go to its page on
 * the knowledge base (`pages`, by forum address) when the server gave one.
 */
function showAnswer(body, text, pages) {
  body.innerHTML = renderMarkdown(text);
  if (!pages) return;
  for (const link of body.querySelectorAll('a[href]')) {
    const page = pages[link.getAttribute('href')];
    if (page) link.setAttribute('href', page);
  }
}

function adopt(shadow, css) {
  // A constructed sheet needs no 'unsafe-inline' in the host page's style-src.
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    shadow.adoptedStyleSheets = [sheet];
  } catch {
    shadow.append(h('style', {}, css));
  }
}

export class Widget {
  constructor(options) {
    this.options = options;
    this.storageKey = `trichome-widget:${options.apiBase}`;
    this.messages = loadHistory(this.storageKey);
    this.controller = null;
    this.phone = window.matchMedia(PHONE);
    this.onViewport = () => this.panel.setAttribute('aria-modal', String(this.phone.matches));

    this.host = document.createElement('trichome-widget');
    const shadow = this.host.attachShadow({ mode: 'open' });
    this.shadow = shadow;
    adopt(shadow, styles(options.zIndex));
    this.build();
    shadow.append(this.root);
    this.phone.addEventListener('change', this.onViewport);
    this.onViewport();

    const mount = () => {
      document.body.append(this.host);
      if (options.openOnLoad) this.open(false);
    };
    if (document.body) mount();
    else document.addEventListener('DOMContentLoaded', mount, { once: true });
  }

  build() {
    const { title, placeholder, position, theme, primaryColor } = this.options;
    this.bubble = h(
      'button',
      {
        type: 'button',
        class: 'bubble',
        'aria-label': `Chat: ${title}`,
        'aria-haspopup': 'dialog',
        'aria-expanded': 'false',
        'aria-controls': 'panel',
        onclick: () => (this.isOpen() ? this.close(true) : this.open()),
      },
      icon('chat'),
    );
    this.log = h('div', {
      class: 'log',
      role: 'log',
      'aria-live': 'polite',
      'aria-label': 'Conversation',
      tabindex: '0',
    });
    this.statusText = h('p');
    this.status = h(
      'div',
      { class: 'status', role: 'alert', hidden: true },
      this.statusText,
      h('button', { type: 'button', class: 'retry', onclick: () => this.answer() }, 'Retry'),
    );
    this.input = h('textarea', {
      id: 'question',
      rows: '1',
      placeholder,
      maxlength: '4000',
      onkeydown: (event) => {
        if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
          event.preventDefault();
          this.form.requestSubmit();
        }
      },
      oninput: () => this.fit(),
    });
    this.send = h(
      'button',
      { type: 'submit', class: 'send', 'aria-label': 'Send' },
      icon('send'),
    );
    this.form = h(
      'form',
      { onsubmit: (event) => this.submit(event) },
      h('label', { for: 'question', class: 'sr-only' }, 'Your question'),
      this.input,
      this.send,
    );
    this.panel = h(
      'div',
      {
        id: 'panel',
        class: 'panel',
        role: 'dialog',
        'aria-labelledby': 'title',
        hidden: true,
        onkeydown: (event) => this.keydown(event),
      },
      h(
        'div',
        { class: 'header' },
        h('h2', { id: 'title' }, title),
        h(
          'button',
          {
            type: 'button',
            class: 'tool',
            'aria-label': 'Clear the conversation',
            onclick: () => this.clear(),
          },
          'Clear',
        ),
        h(
          'button',
          { type: 'button', class: 'tool', 'aria-label': 'Close', onclick: () => this.close(true) },
          icon('close'),
        ),
      ),
      this.log,
      this.status,
      this.form,
    );
    this.root = h(
      'div',
      {
        class: 'root',
        'data-position': position,
        'data-theme': theme,
        onkeydown: (event) => event.key === 'Escape' && this.isOpen() && this.close(true),
      },
      this.panel,
      this.bubble,
    );
    this.root.style.setProperty('--primary', primaryColor);
    this.root.style.setProperty('--on-primary', readableOn(primaryColor));
    this.showConversation();
  }

  isOpen() {
    return !this.panel.hidden;
  }

  /** Open the panel; `focus` moves the keyboard into it (not when opened on load). */
  open(focus = true) {
    this.panel.hidden = false;
    this.root.classList.add('open');
    this.bubble.setAttribute('aria-expanded', 'true');
    this.bubble.replaceChildren(icon('down'));
    this.log.scrollTop = this.log.scrollHeight;
    if (focus) this.input.focus();
  }

  /** Close the panel; the keyboard goes back to the bubble (by default, if it was inside). */
  close(returnFocus = this.shadow.activeElement !== null) {
    this.panel.hidden = true;
    this.root.classList.remove('open');
    this.bubble.setAttribute('aria-expanded', 'false');
    this.bubble.replaceChildren(icon('chat'));
    if (returnFocus) this.bubble.focus();
  }

  keydown(event) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      this.close(true);
    } else if (event.key === 'Tab' && this.phone.matches) {
      // Full screen, the panel is modal: Tab cycles inside it.
      const focusable = [
        ...this.panel.querySelectorAll('button:not([disabled]),textarea,[tabindex="0"]'),
      ].filter((element) => element.offsetParent !== null); // not display:none
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      const active = this.shadow.activeElement;
      if (event.shiftKey && active === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    }
  }

  /** Forget the conversation, here and in storage. */
  clear() {
    this.controller?.abort();
    this.messages = [];
    saveHistory(this.storageKey, this.messages);
    this.showConversation();
    if (this.isOpen()) this.input.focus();
  }

  destroy() {
    this.controller?.abort();
    this.phone.removeEventListener('change', this.onViewport);
    this.host.remove();
  }

  showConversation() {
    this.status.hidden = true;
    const { greeting } = this.options;
    this.log.replaceChildren(
      ...(greeting ? [this.message('assistant', greeting, false)] : []),
      ...this.messages.map(({ role, content, pages }) => this.message(role, content, true, pages)),
    );
  }

  message(role, content, markdown = true, pages = null) {
    const body = h('div');
    if (role === 'assistant' && markdown) showAnswer(body, content, pages);
    else body.textContent = content;
    const who = h('span', { class: 'sr-only' }, role === 'user' ? 'You: ' : 'Answer: ');
    return h('div', { class: `msg ${role}` }, who, body);
  }

  fit() {
    this.input.style.height = 'auto';
    this.input.style.height = `${Math.min(this.input.scrollHeight + 2, 120)}px`;
  }

  submit(event) {
    event.preventDefault();
    const question = this.input.value.trim();
    if (!question || this.controller) return;
    this.input.value = '';
    this.fit();
    this.messages.push({ role: 'user', content: question });
    saveHistory(this.storageKey, this.messages);
    this.log.append(this.message('user', question));
    this.answer();
  }

  /** Stream the answer to the conversation so far, re-rendering it as it grows. */
  async answer() {
    if (this.controller) return;
    const controller = new AbortController();
    this.controller = controller;
    this.status.hidden = true;
    this.send.disabled = true;
    const reply = this.message('assistant', '');
    const body = reply.lastChild;
    body.className = 'typing';
    this.log.append(reply);
    this.log.setAttribute('aria-busy', 'true');
    this.log.scrollTop = this.log.scrollHeight;
    let text = '';
    let pages = null;
    let frame = 0;
    const paint = () => {
      frame = 0;
      const atEnd = this.log.scrollHeight - this.log.scrollTop - this.log.clientHeight < 40;
      body.className = '';
      showAnswer(body, text, pages);
      if (atEnd) this.log.scrollTop = this.log.scrollHeight;
    };
    try {
      const request = {
        apiBase: this.options.apiBase,
        apiKey: this.options.apiKey,
        messages: this.messages.slice(-SENT).map(({ role, content }) => ({ role, content })),
      };
      for await (const part of streamAnswer(request, controller.signal)) {
        if (part.pages) pages = part.pages;
        else text += part.text;
        frame ||= requestAnimationFrame(paint);
      }
      cancelAnimationFrame(frame);
      paint();
      this.messages.push(
        pages ? { role: 'assistant', content: text, pages } : { role: 'assistant', content: text },
      );
      saveHistory(this.storageKey, this.messages);
    } catch (error) {
      cancelAnimationFrame(frame);
      reply.remove();
      if (controller.signal.aborted) return;
      this.statusText.textContent =
        error instanceof ChatError ? error.message : 'Something went wrong. Please retry.';
      this.status.hidden = false;
    } finally {
      if (this.controller === controller) {
        this.controller = null;
        this.send.disabled = false;
        this.log.removeAttribute('aria-busy');
      }
    }
  }
}
