// Copy buttons: a button with data-copy="<input id>" copies that field's value and says so.
// Hidden without JavaScript (the field stays selectable by hand).
(function () {
  "use strict";
  function copied(button, text) {
    var status = button.closest("section, main").querySelector(".copied");
    if (status) status.textContent = text;
  }
  document.querySelectorAll("button[data-copy]").forEach(function (button) {
    var field = document.getElementById(button.getAttribute("data-copy"));
    if (!field) return;
    button.hidden = false;
    button.addEventListener("click", function () {
      var done = function () { copied(button, "Copied to the clipboard."); };
      var fallback = function () {
        field.focus();
        field.select();
        try {
          if (document.execCommand("copy")) { done(); return; }
        } catch (error) { /* not allowed here */ }
        copied(button, "Press Ctrl+C (⌘C on a Mac) to copy the selected text.");
      };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(field.value).then(done, fallback);
      } else {
        fallback();
      }
    });
  });
})();
