// The loader: options from the script tag's data-* attributes and TrichomeWidget.init(),
// calls queued before the script arrived, and the public API on window.TrichomeWidget.
import { Widget } from './ui.js';

const VERSION = '1';
// Every option and its default, by its JS name (data-* attributes are the same names in
// kebab case). The README's table documents each one; tests/test_docs.py checks it does.
const DEFAULTS = {
  position: 'bottom-right',
  theme: 'auto',
  title: 'Ask the forum',
  greeting: 'Hi! Ask a question and I will answer from the forum threads, with links to them.',
  primaryColor: '#1f7a4d',
  placeholder: 'Ask a question…',
  apiKey: '',
  openOnLoad: false,
  zIndex: 2147483000,
  apiBase: '', // where this script came from, less /widget.js
};
const CHOICES = {
  position: ['bottom-right', 'bottom-left'],
  theme: ['auto', 'light', 'dark'],
};

// currentScript is set only while this (classic) script first runs, so read it now.
const script =
  document.currentScript ||
  [...document.querySelectorAll('script[src]')]
    .reverse()
    .find((tag) => /\/widget\.js(?:[?#]|$)/.test(tag.src));
const attributes = script ? { ...script.dataset } : {};
const scriptBase = script ? script.src.replace(/\/widget\.js(?:[?#].*)?$/, '') : location.origin;

function warn(message) {
  console.warn(`TrichomeWidget: ${message}`);
}

/** The options in force: defaults, then the script tag's attributes, then `given`. */
function settle(given) {
  const raw = { ...attributes, ...given };
  const options = { ...DEFAULTS };
  for (const [name, allowed] of Object.entries(CHOICES)) {
    if (allowed.includes(raw[name])) options[name] = raw[name];
    else if (raw[name] !== undefined) warn(`${name} must be one of ${allowed.join(', ')}`);
  }
  for (const name of ['title', 'greeting', 'placeholder']) {
    const value = typeof raw[name] === 'string' ? raw[name].trim() : '';
    if (value || (name === 'greeting' && raw[name] !== undefined)) options[name] = value;
  }
  const colour = raw.primaryColor;
  if (colour && CSS.supports('color', colour)) options.primaryColor = colour;
  else if (colour) warn('primaryColor is not a CSS colour');
  if (typeof raw.apiKey === 'string') options.apiKey = raw.apiKey.trim();
  options.openOnLoad = [true, '', 'true'].includes(raw.openOnLoad);
  const zIndex = Number(raw.zIndex ?? DEFAULTS.zIndex);
  if (Number.isInteger(zIndex) && zIndex >= 0 && zIndex <= 2147483647) options.zIndex = zIndex;
  else warn('zIndex must be an integer from 0 to 2147483647');
  options.apiBase = scriptBase;
  if (raw.apiBase) {
    try {
      options.apiBase = new URL(raw.apiBase, location.href).href.replace(/\/+$/, '');
    } catch {
      warn('apiBase is not a URL');
    }
  }
  return options;
}

let widget = null;

const api = {
  version: VERSION,
  /** Show the widget with these options (again: replace it; the conversation is kept). */
  init(options = {}) {
    widget?.destroy();
    widget = new Widget(settle(options));
    return api;
  },
  open: () => widget?.open(),
  close: () => widget?.close(),
  clear: () => widget?.clear(),
  destroy() {
    widget?.destroy();
    widget = null;
  },
};

const waiting = window.TrichomeWidget;
if (!waiting || waiting.version === undefined) {
  window.TrichomeWidget = api;
  const queued = Array.isArray(waiting?.q) ? waiting.q : [];
  if (!queued.some(([name]) => name === 'init')) api.init();
  for (const [name, ...args] of queued) {
    if (typeof api[name] === 'function') api[name](...args);
    else warn(`unknown call ${name}`);
  }
}
