// The widget's styles, inside its shadow root. Host-page rules cannot select anything in
// there; they can reach only the host element and what it inherits, so `:host` resets both
// with !important (which, across a shadow boundary, the inner rule wins) and every length is
// in px (rem would follow the page's root font size).

const DARK = `--bg:#16191d;--fg:#e8eaed;--muted:#a3abb5;--border:#343a42;--reply:#23282e;
--field:#1d2126;--code:#2b3138;--link:#8ab4f8;--error-bg:#3d1f1c;--error-fg:#ffb4a9;`;

/** The stylesheet's text; `zIndex` is a validated integer. */
export function styles(zIndex) {
  return `
:host{all:initial!important;display:block!important;position:fixed!important;top:0!important;
left:0!important;width:0!important;height:0!important;overflow:visible!important;
z-index:${zIndex}!important;visibility:visible!important;opacity:1!important}
.root{--bg:#fff;--fg:#1b1f23;--muted:#57606a;--border:#d0d7de;--reply:#f1f3f5;--field:#fff;
--code:#eaeef2;--link:#0b5cad;--error-bg:#fdecea;--error-fg:#8a1c12;
font:400 15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;
color:var(--fg);text-align:left;letter-spacing:normal;word-spacing:normal;text-transform:none}
.root[data-theme=dark]{${DARK}}
@media (prefers-color-scheme:dark){.root[data-theme=auto]{${DARK}}}
*,*::before,*::after{box-sizing:border-box}
[hidden]{display:none!important}
button{font:inherit;color:inherit;margin:0;cursor:pointer;-webkit-tap-highlight-color:transparent}
:focus{outline:none}
:focus-visible{outline:2px solid var(--link);outline-offset:2px}
.bubble{position:fixed;bottom:20px;right:20px;width:56px;height:56px;padding:0;border:0;
border-radius:50%;display:grid;place-items:center;background:var(--primary);
color:var(--on-primary);box-shadow:0 4px 14px rgba(0,0,0,.25)}
.bubble:focus-visible{outline:3px solid var(--primary);outline-offset:3px;
box-shadow:0 0 0 3px #fff,0 4px 14px rgba(0,0,0,.25)}
[data-position=bottom-left] .bubble{right:auto;left:20px}
svg{width:24px;height:24px;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;
stroke-linejoin:round;display:block}
.panel{position:fixed;bottom:88px;right:20px;width:380px;height:min(600px,calc(100vh - 108px));
display:flex;flex-direction:column;overflow:hidden;background:var(--bg);color:var(--fg);
border:1px solid var(--border);border-radius:14px;box-shadow:0 8px 30px rgba(0,0,0,.3)}
[data-position=bottom-left] .panel{right:auto;left:20px}
.header{display:flex;align-items:center;gap:4px;padding:8px 8px 8px 16px;
background:var(--primary);color:var(--on-primary)}
.header :focus-visible{outline-color:currentColor}
h2{flex:1;margin:0;font-size:16px;font-weight:600;line-height:1.3;overflow:hidden;
text-overflow:ellipsis;white-space:nowrap}
.tool{background:transparent;border:0;border-radius:8px;padding:6px 8px;font-size:13px;
display:grid;place-items:center;min-width:36px;min-height:36px}
.tool:hover{background:rgba(127,127,127,.25)}
.log{flex:1;overflow-y:auto;overscroll-behavior:contain;padding:16px;display:flex;
flex-direction:column;gap:10px}
.msg{max-width:88%;padding:8px 12px;border-radius:12px;overflow-wrap:anywhere}
.user{align-self:flex-end;background:var(--primary);color:var(--on-primary);white-space:pre-wrap}
.assistant{align-self:flex-start;background:var(--reply)}
.msg p,.msg ul,.msg ol,.msg pre,.msg blockquote,.msg table{margin:0 0 8px}
.msg>div>:last-child{margin-bottom:0}
.msg ul,.msg ol{padding-left:20px}
.msg h1,.msg h2,.msg h3,.msg h4,.msg h5,.msg h6{font-size:15px;margin:0 0 6px}
.msg a[href]{color:var(--link);text-decoration:underline}
.msg code{font:13px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;
background:var(--code);border-radius:4px;padding:1px 4px}
.msg pre{overflow-x:auto;background:var(--code);padding:8px;border-radius:6px}
.msg pre code{padding:0}
.msg blockquote{border-left:3px solid var(--border);padding-left:8px;color:var(--muted)}
.typing::after{content:"…";color:var(--muted)}
.status{margin:0 12px 8px;padding:8px 12px;border-radius:8px;display:flex;gap:8px;
align-items:center;background:var(--error-bg);color:var(--error-fg)}
.status p{flex:1;margin:0}
.retry{border:1px solid currentColor;background:transparent;border-radius:8px;padding:4px 10px}
form{display:flex;gap:8px;align-items:flex-end;margin:0;padding:10px 12px;
border-top:1px solid var(--border)}
textarea{flex:1;resize:none;min-height:40px;max-height:120px;margin:0;padding:8px 10px;
font:inherit;color:var(--fg);background:var(--field);border:1px solid var(--border);
border-radius:10px}
textarea::placeholder{color:var(--muted);opacity:1}
.send{width:40px;height:40px;border:0;border-radius:10px;display:grid;place-items:center;
background:var(--primary);color:var(--on-primary)}
.send:disabled{opacity:.5;cursor:default}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);
white-space:nowrap}
@media (max-width:639.98px){
.root[data-position] .panel{inset:0;width:auto;height:auto;border:0;border-radius:0}
.open .bubble{display:none}}
`;
}
