/* The site's own behaviour, kept out of the pages: the Content-Security-Policy allows no
 * inline <script>, no on*= attribute and no eval (so no hx-on). Pages ask for a behaviour
 * with a data-* attribute; every listener is delegated from the document, so it also works
 * for content htmx swaps in later. Without JavaScript each page still works (plain forms).
 */
"use strict";

(function () {
  // A websocket message carrying an element with data-redirect-to (the table page when its
  // game starts: games.consumers.TableConsumer.table_changed) sends the browser there.
  // Only a path on this site is followed.
  document.addEventListener("htmx:wsAfterMessage", function () {
    var marker = document.querySelector("[data-redirect-to]");
    if (!marker) return;
    var path = marker.getAttribute("data-redirect-to") || "";
    if (path.charAt(0) === "/" && path.charAt(1) !== "/") {
      window.location.assign(path);
    }
  });

  // <input data-select-on-click>: one click selects the whole value (the invite link).
  document.addEventListener("click", function (event) {
    var target = event.target;
    if (target instanceof HTMLInputElement && target.hasAttribute("data-select-on-click")) {
      target.select();
    }
  });

  // <form data-pick-exactly="3">: counts the ticked boxes into its [data-pick-count] element
  // and enables the submit button only at exactly that many (the server checks it again).
  document.addEventListener("input", function (event) {
    var target = event.target;
    if (!(target instanceof Element)) return;
    var form = target.closest("form[data-pick-exactly]");
    if (!form) return;
    var wanted = Number(form.getAttribute("data-pick-exactly"));
    var ticked = form.querySelectorAll("input[type=checkbox]:checked").length;
    var count = form.querySelector("[data-pick-count]");
    if (count) count.textContent = String(ticked);
    var submit = form.querySelector("button[type=submit]");
    if (submit) submit.disabled = ticked !== wanted;
  });

  // <form data-reset-on-success>: an htmx form (the chat) is emptied once it was accepted.
  document.addEventListener("htmx:afterRequest", function (event) {
    var form = event.target;
    if (form instanceof HTMLFormElement && form.hasAttribute("data-reset-on-success")
        && event.detail && event.detail.successful) {
      form.reset();
    }
  });
})();
