// The MCP TypeScript SDK's client connecting to the tool server with only its URL: the
// SDK discovers the authorization server, registers, and sends the user's browser to sign
// in; here the "browser" is fetch with a cookie jar, signing in with a one-time login link
// and allowing the client on the consent page. The code comes back from the redirect, as a
// callback listener would read it. Prints one JSON line: what the client saw.
//
// Environment: MCP_URL (the tool server's /api/mcp), LOGIN_LINK (from
// `trichome dashboard login-link`).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const MCP_URL = process.env.MCP_URL;
const LOGIN_LINK = process.env.LOGIN_LINK;
const REDIRECT_URL = "http://127.0.0.1:33419/callback";

/** The user's browser: cookies per name, redirects followed by hand. */
class Browser {
  cookies = new Map();

  async fetch(url, init = {}) {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const response = await fetch(url, {
      ...init,
      redirect: "manual",
      headers: { ...(init.headers ?? {}), ...(cookie ? { cookie } : {}) },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const [name, ...value] = pair.split("=");
      const expired = attributes.some((a) => a.trim().toLowerCase() === "max-age=0");
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.join("="));
    }
    return response;
  }

  /** Open the authorization URL, sign in when asked, allow: the redirect to the client. */
  async authorize(url) {
    let page = await this.fetch(url);
    let html = await page.text();
    if (html.includes("Sign in to connect")) {
      const back = await this.fetch(LOGIN_LINK);
      if (back.status !== 303) throw new Error(`login link answered ${back.status}`);
      page = await this.fetch(new URL(back.headers.get("location"), url));
      html = await page.text();
    }
    if (page.status !== 200) throw new Error(`consent page answered ${page.status}: ${html}`);
    const form = new URLSearchParams();
    for (const input of html.matchAll(/<input ([^>]*)>/g)) {
      const attribute = (name) => input[1].match(new RegExp(`${name}="([^"]*)"`))?.[1];
      const type = attribute("type");
      const checked = /\bchecked\b/.test(input[1]);
      if (!attribute("name") || ((type === "radio" || type === "checkbox") && !checked)) continue;
      form.set(attribute("name"), decodeEntities(attribute("value") ?? "on"));
    }
    form.set("decision", "allow");
    const answer = await this.fetch(new URL("/oauth/authorize", url), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    });
    if (answer.status !== 303) throw new Error(`consent answered ${answer.status}`);
    return new URL(answer.headers.get("location"));
  }
}

function decodeEntities(text) {
  return text
    .replaceAll("&#34;", '"').replaceAll("&#39;", "'").replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">").replaceAll("&amp;", "&");
}

/** The SDK's auth provider, keeping everything in memory. */
class MemoryProvider {
  browser = new Browser();
  redirectedTo = undefined;
  saved = {};

  get redirectUrl() { return REDIRECT_URL; }
  get clientMetadata() {
    return {
      client_name: "MCP TypeScript SDK e2e",
      redirect_uris: [REDIRECT_URL],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  state() { return (this.saved.state = crypto.randomUUID()); }
  clientInformation() { return this.saved.client; }
  saveClientInformation(client) { this.saved.client = client; }
  tokens() { return this.saved.tokens; }
  saveTokens(tokens) { this.saved.tokens = tokens; }
  saveCodeVerifier(verifier) { this.saved.verifier = verifier; }
  codeVerifier() { return this.saved.verifier; }
  async redirectToAuthorization(url) {
    this.authorizationUrl = url.href;
    this.redirectedTo = await this.browser.authorize(url);
  }
}

const provider = new MemoryProvider();
const client = new Client({ name: "trichome-e2e", version: "1.0.0" });
try {
  await client.connect(new StreamableHTTPClientTransport(new URL(MCP_URL), { authProvider: provider }));
  throw new Error("connected without signing in");
} catch (error) {
  if (!(error instanceof UnauthorizedError)) throw error;
}
const callback = provider.redirectedTo;
if (callback.searchParams.get("state") !== provider.saved.state) throw new Error("state mismatch");
const transport = new StreamableHTTPClientTransport(new URL(MCP_URL), { authProvider: provider });
await transport.finishAuth(callback.searchParams.get("code"));
const connected = new Client({ name: "trichome-e2e", version: "1.0.0" });
await connected.connect(transport);
const { tools } = await connected.listTools();
const facilities = await connected.callTool({ name: "list_facilities", arguments: {} });
await connected.close();
console.log(JSON.stringify({
  authorization_url: provider.authorizationUrl,
  callback: callback.href,
  client_id: provider.saved.client.client_id,
  scope: provider.saved.tokens.scope,
  has_refresh_token: Boolean(provider.saved.tokens.refresh_token),
  tools: tools.length,
  read_only: tools.every((tool) => tool.annotations?.readOnlyHint),
  facilities_error: Boolean(facilities.isError),
  facilities: facilities.content.map((block) => block.text ?? "").join(" "),
}));
