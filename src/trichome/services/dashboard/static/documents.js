// The documents page's drop zone: a file dropped on it fills the form's file field and sends
// the form, as choosing it and pressing Upload does. Without JavaScript the field and the
// button work alone (and from the keyboard either way).
(function () {
  "use strict";
  var form = document.getElementById("upload-form");
  var zone = document.getElementById("dropzone");
  var field = document.getElementById("file");
  var status = document.getElementById("upload-status");
  if (!form || !zone || !field || typeof DataTransfer === "undefined") return;
  zone.classList.add("active");
  zone.querySelector(".drop-hint").hidden = false;
  function sending(file) {
    status.textContent = "Uploading “" + file.name + "”…";
  }
  ["dragenter", "dragover"].forEach(function (name) {
    zone.addEventListener(name, function (event) {
      event.preventDefault();
      zone.classList.add("over");
    });
  });
  ["dragleave", "dragend"].forEach(function (name) {
    zone.addEventListener(name, function () { zone.classList.remove("over"); });
  });
  zone.addEventListener("drop", function (event) {
    event.preventDefault();
    zone.classList.remove("over");
    var dropped = event.dataTransfer && event.dataTransfer.files;
    if (!dropped || dropped.length === 0) return;
    // One file per upload: the first of several is sent, and the page says so.
    var chosen = new DataTransfer();
    chosen.items.add(dropped[0]);
    field.files = chosen.files;
    sending(dropped[0]);
    if (dropped.length > 1) status.textContent += " (one file at a time)";
    form.requestSubmit();
  });
  form.addEventListener("submit", function () {
    if (field.files && field.files.length) sending(field.files[0]);
  });
})();
