// The playground: asks the chat API for a streamed answer (SSE) with a short-lived token
// minted for this session (never an API key), shows the agent that answered and the cited
// sources, and keeps the equivalent curl and Python snippets in step with the conversation.
(function () {
  "use strict";
  var form = document.getElementById("playground");
  if (!form) return;
  var chatUrl = form.getAttribute("data-chat-url");
  var csrf = form.getAttribute("data-csrf");
  var model = document.getElementById("model");
  var message = document.getElementById("message");
  var send = document.getElementById("send");
  var stop = document.getElementById("stop");
  var status = document.getElementById("status");
  var error = document.getElementById("error");
  var list = document.getElementById("conversation");
  var empty = document.getElementById("empty");
  var curl = document.getElementById("curl-snippet");
  var python = document.getElementById("python-snippet");
  var history = [];
  var controller = null;

  // The call the snippets make: the conversation with the message being written, or, with
  // none, the call that brought the last answer.
  function conversation() {
    var draft = message.value.trim();
    if (draft) return history.concat([{role: "user", content: draft}]);
    return history.length ? history.slice(0, -1) : [];
  }

  function shellQuote(text) { return "'" + text.replace(/'/g, "'\\''") + "'"; }

  // JSON strings are valid Python string literals, so the messages are written as JSON.
  function snippets() {
    var messages = conversation();
    if (!messages.length) messages = [{role: "user", content: "Your question"}];
    var body = JSON.stringify({model: model.value, stream: true, messages: messages});
    curl.value = "curl -N " + chatUrl + "/v1/chat/completions \\\n" +
      "  -H \"Authorization: Bearer $TRICHOME_API_KEY\" \\\n" +
      "  -H \"Content-Type: application/json\" \\\n" +
      "  -d " + shellQuote(body);
    python.value = [
      "import os",
      "",
      "from openai import OpenAI",
      "",
      "client = OpenAI(base_url=" + JSON.stringify(chatUrl + "/v1") +
        ", api_key=os.environ[\"TRICHOME_API_KEY\"])",
      "stream = client.chat.completions.create(",
      "    model=" + JSON.stringify(model.value) + ",",
      "    messages=" + JSON.stringify(messages, null, 4).replace(/\n/g, "\n    ") + ",",
      "    stream=True,",
      ")",
      "for chunk in stream:",
      "    if chunk.choices:",
      "        print(chunk.choices[0].delta.content or \"\", end=\"\", flush=True)",
      "print()"
    ].join("\n");
  }

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function turn(role, label) {
    var item = element("li", "turn " + role);
    var who = element("p", "speaker");
    who.appendChild(label);
    item.appendChild(who);
    var text = element("div", "text");
    item.appendChild(text);
    list.appendChild(item);
    empty.hidden = true;
    return {item: item, who: who, text: text};
  }

  // The answer's "Sources:" block becomes a list of links (only http and https ones).
  function showSources(reply, answer) {
    var at = answer.search(/\n\s*Sources:\s*\n/);
    if (at < 0) return 0;
    var lines = answer.slice(at).split("\n").slice(2);
    var sources = element("ol", "citations");
    lines.forEach(function (line) {
      var found = /^\s*\[(\d+)\]\s*(.*?)(?::\s*|\s+)(https?:\/\/\S+)\s*$/.exec(line);
      if (!found) return;
      var item = element("li");
      item.value = Number(found[1]);
      var link = element("a", "", found[2] || found[3]);
      link.href = found[3];
      link.rel = "noopener noreferrer";
      item.appendChild(link);
      sources.appendChild(item);
    });
    if (!sources.children.length) return 0;
    reply.text.textContent = answer.slice(0, at);
    reply.item.appendChild(element("h3", "sources-heading", "Sources"));
    reply.item.appendChild(sources);
    return sources.children.length;
  }

  async function playgroundToken() {
    var response = await fetch("/playground/token", {
      method: "POST",
      credentials: "same-origin",
      redirect: "manual",
      headers: {"Content-Type": "application/x-www-form-urlencoded"},
      body: "csrf_token=" + encodeURIComponent(csrf)
    });
    if (response.type === "opaqueredirect" || response.status === 303) {
      throw new Error("Your session has ended: sign in again to use the playground.");
    }
    if (!response.ok) throw new Error("This page is out of date: reload it and try again.");
    return (await response.json()).token;
  }

  async function failure(response) {
    try {
      var body = await response.json();
      if (body && body.error && body.error.message) return body.error.message;
    } catch (ignored) { /* not JSON */ }
    return "The chat API answered " + response.status + ".";
  }

  async function ask(question) {
    var chosen = model.value;
    var messages = history.concat([{role: "user", content: question}]);
    status.textContent = "Answering with " + chosen + "…";
    controller = new AbortController();
    var token = await playgroundToken();
    var response = await fetch(chatUrl + "/v1/chat/completions", {
      method: "POST",
      headers: {"Authorization": "Bearer " + token, "Content-Type": "application/json"},
      body: JSON.stringify({model: chosen, stream: true, messages: messages}),
      signal: controller.signal
    });
    if (!response.ok) throw new Error(await failure(response));
    var label = document.createDocumentFragment();
    label.appendChild(document.createTextNode(chosen));
    var reply = turn("assistant", label);
    reply.text.setAttribute("aria-busy", "true");
    var agent = response.headers.get("X-Trichome-Agent") || "unknown";
    reply.who.appendChild(document.createTextNode(" · answered by the "));
    reply.who.appendChild(element("strong", "agent", agent));
    reply.who.appendChild(document.createTextNode(" agent"));
    var reader = response.body.getReader();
    var decoder = new TextDecoder();
    var buffer = "", answer = "", finished = false;
    while (!finished) {
      var part = await reader.read();
      if (part.done) break;
      buffer += decoder.decode(part.value, {stream: true});
      var events = buffer.split("\n\n");
      buffer = events.pop();
      events.forEach(function (event) {
        event.split("\n").forEach(function (line) {
          if (line.indexOf("data: ") !== 0) return;
          var data = line.slice(6);
          if (data === "[DONE]") { finished = true; return; }
          var chunk = JSON.parse(data);
          if (chunk.error) throw new Error(chunk.error.message || "The answer failed.");
          var delta = chunk.choices && chunk.choices[0] && chunk.choices[0].delta;
          if (delta && delta.content) {
            answer += delta.content;
            reply.text.textContent = answer;
          }
        });
      });
    }
    reply.text.removeAttribute("aria-busy");
    var cited = showSources(reply, answer);
    history = messages.concat([{role: "assistant", content: answer}]);
    status.textContent = "Answered by the " + agent + " agent (" + chosen + "), " + cited +
      (cited === 1 ? " source." : " sources.");
  }

  form.addEventListener("submit", async function (event) {
    event.preventDefault();
    var question = message.value.trim();
    if (!question || controller) return;
    error.textContent = "";
    var before = list.children.length;
    var label = document.createDocumentFragment();
    label.appendChild(document.createTextNode("You"));
    turn("user", label).text.textContent = question;
    send.disabled = true;
    stop.disabled = false;
    try {
      await ask(question);
      message.value = "";
    } catch (problem) {
      // A question that got no whole answer leaves the conversation as it was (and stays in
      // the message box, to send again).
      while (list.children.length > before) list.lastElementChild.remove();
      empty.hidden = list.children.length > 0;
      status.textContent = "";
      error.textContent = problem.name === "AbortError" ? "Stopped." : problem.message;
    } finally {
      controller = null;
      send.disabled = false;
      stop.disabled = true;
      snippets();
      message.focus();
    }
  });
  stop.addEventListener("click", function () { if (controller) controller.abort(); });
  document.getElementById("reset").addEventListener("click", function () {
    if (controller) controller.abort();
    history = [];
    list.textContent = "";
    empty.hidden = false;
    status.textContent = "";
    error.textContent = "";
    snippets();
    message.focus();
  });
  message.addEventListener("keydown", function (event) {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      form.requestSubmit();
    }
  });
  message.addEventListener("input", snippets);
  model.addEventListener("change", snippets);
  snippets();
})();
