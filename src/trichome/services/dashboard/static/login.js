// The auth provider returns the access token in the URL fragment, which never reaches the
// server; post it, once, to /login/token, which verifies it and starts a session.
(function () {
  "use strict";
  var fragment = new URLSearchParams(window.location.hash.slice(1));
  var token = fragment.get("access_token");
  history.replaceState(null, "", window.location.pathname);
  if (!token) {
    document.querySelector("h1").textContent = "Sign-in did not return a token";
    return;
  }
  document.getElementById("token").value = token;
  document.getElementById("token-form").submit();
})();
