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

  // <form data-reset-on-success>: an htmx form (the chat) is emptied once it was accepted;
  // a refusal (too fast, muted, a private table) is said under it, the text kept to retry.
  document.addEventListener("htmx:afterRequest", function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-reset-on-success")
        || !event.detail) return;
    var said = form.querySelector("[data-form-refusal]");
    if (event.detail.successful) {
      form.reset();
      if (said) said.remove();
      return;
    }
    var xhr = event.detail.xhr;
    if (!xhr || xhr.status < 400 || xhr.status >= 500) return;
    if (!said) {
      said = document.createElement("p");
      said.className = "form-error";
      said.setAttribute("role", "alert");
      said.setAttribute("data-form-refusal", "");
      form.appendChild(said);
    }
    said.textContent = xhr.responseText;
  });

  // A request htmx could not complete (no network, or the server failing) is said at the top
  // of the page, in the words base.html translated, instead of a button that does nothing;
  // the next request that succeeds takes the notice away.
  function requestTrouble(kind) {
    var box = document.getElementById("request-trouble");
    if (!box) return;
    box.querySelector("p").textContent = box.getAttribute("data-" + kind) || "";
    box.hidden = !kind;
  }
  // Watched on the request itself: when a push replaced the form first, htmx's own events
  // fire on the detached form and never reach the document.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var xhr = event.detail && event.detail.xhr;
    if (!xhr) return;
    xhr.addEventListener("load", function () {
      requestTrouble(xhr.status >= 500 ? "failed" : "");
    });
    xhr.addEventListener("error", function () { requestTrouble("offline"); });
    xhr.addEventListener("timeout", function () { requestTrouble("offline"); });
  });

  // The site menu on a phone: [data-menu-toggle] shows and hides the list it controls. The
  // button is hidden in the HTML, so without JavaScript the list simply shows; the CSS folds
  // the list only once the page has class "js-menu" (and only on narrow screens).
  function initMenu() {
    var toggle = document.querySelector("[data-menu-toggle]");
    if (!toggle) return;
    toggle.hidden = false;
    document.documentElement.classList.add("js-menu");
    toggle.addEventListener("click", function () {
      var open = toggle.getAttribute("aria-expanded") !== "true";
      toggle.setAttribute("aria-expanded", open ? "true" : "false");
    });
  }

  // <section data-tabs>: its [role=tablist] (hidden in the HTML: without JavaScript every
  // panel shows) becomes tabs, each button showing the panel named by its aria-controls.
  // Keyboard: Left/Right move between tabs (and wrap), Home/End go to the first/last.
  var rememberedTab = {};  // data-tabs-remember key -> the chosen panel's id (live swaps)

  function selectTab(tabs, chosen, focus) {
    var root = chosen.closest("[data-tabs]");
    var key = root ? root.getAttribute("data-tabs-remember") : null;
    if (key) rememberedTab[key] = chosen.getAttribute("aria-controls");
    tabs.forEach(function (tab) {
      var on = tab === chosen;
      tab.setAttribute("aria-selected", on ? "true" : "false");
      tab.tabIndex = on ? 0 : -1;
      var panel = document.getElementById(tab.getAttribute("aria-controls") || "");
      if (panel) panel.hidden = !on;
    });
    if (focus) chosen.focus();
  }

  function initTabs(root) {
    if (root.classList.contains("tabs-on")) return;
    var list = root.querySelector("[role=tablist]");
    if (!list) return;
    var tabs = Array.prototype.slice.call(list.querySelectorAll("[role=tab]"));
    if (!tabs.length) return;
    tabs.forEach(function (tab) {
      var panel = document.getElementById(tab.getAttribute("aria-controls") || "");
      if (panel) {
        panel.setAttribute("role", "tabpanel");
        panel.setAttribute("aria-labelledby", tab.id);
        panel.tabIndex = 0;
      }
      tab.addEventListener("click", function () { selectTab(tabs, tab, false); });
    });
    list.addEventListener("keydown", function (event) {
      var at = tabs.indexOf(document.activeElement);
      if (at < 0) return;
      var next = null;
      if (event.key === "ArrowRight") next = tabs[(at + 1) % tabs.length];
      else if (event.key === "ArrowLeft") next = tabs[(at - 1 + tabs.length) % tabs.length];
      else if (event.key === "Home") next = tabs[0];
      else if (event.key === "End") next = tabs[tabs.length - 1];
      if (!next) return;
      event.preventDefault();
      selectTab(tabs, next, true);
    });
    list.hidden = false;
    root.classList.add("tabs-on");
    var chosen = tabs.filter(function (t) { return t.getAttribute("aria-selected") === "true"; })[0];
    // A link to #chat (the no-JavaScript chat form redirects there) opens that tab.
    var key = root.getAttribute("data-tabs-remember");
    var wanted = key && rememberedTab[key] ? rememberedTab[key] : window.location.hash.slice(1);
    tabs.forEach(function (t) { if (t.getAttribute("aria-controls") === wanted) chosen = t; });
    selectTab(tabs, chosen || tabs[0], false);
  }

  // <button data-copy="text">: copies the text to the clipboard and says so in the
  // element named by its aria-describedby (the invite link of a table).
  document.addEventListener("click", function (event) {
    var target = event.target;
    if (!(target instanceof Element)) return;
    var button = target.closest("[data-copy]");
    if (!button || !navigator.clipboard) return;
    var status = document.getElementById(button.getAttribute("aria-describedby") || "");
    navigator.clipboard.writeText(button.getAttribute("data-copy") || "").then(function () {
      if (status) status.textContent = button.getAttribute("data-copied") || "";
    });
  });

  // <input data-time-zone>: filled with the browser's time zone (the sign-up form; the
  // server checks it against the known zones and ignores anything else).
  function fillTimeZone() {
    var zone = "";
    try {
      zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
    } catch (e) {
      zone = "";
    }
    document.querySelectorAll("input[data-time-zone]").forEach(function (input) {
      if (!input.value) input.value = zone;
    });
  }

  function initAllTabs() {
    document.querySelectorAll("[data-tabs]").forEach(initTabs);
  }

  function showCopyButtons() {
    if (!navigator.clipboard) return;
    document.querySelectorAll("[data-copy][hidden]").forEach(function (b) { b.hidden = false; });
  }

  function init() {
    showCopyButtons();
    initMenu();
    initAllTabs();
    fillTimeZone();
  }
  // The table page's seats, refreshed live: a reader seated before and no more was
  // removed by the host, and the page (its "You took a seat." too) would not say so.
  var tableBody = document.getElementById("table-body");
  var wasSeated = !!(tableBody && tableBody.getAttribute("data-seated"));
  function noticeUnseated() {
    var body = document.getElementById("table-body");
    if (!body) return;
    var seated = !!body.getAttribute("data-seated");
    var notice = document.getElementById("table-unseated");
    if (wasSeated && !seated && notice) {
      // The flash messages of the page load ("You took a seat."), not the site's notices.
      document.querySelectorAll("section.messages[role=status]").forEach(function (m) { m.hidden = true; });
      notice.hidden = false;
    }
    if (seated && notice) notice.hidden = true;
    wasSeated = seated;
  }

  // Partials swapped in live (a move, a websocket push) may bring new tabs, and a table's
  // seats refreshed live bring its invite link's copy button anew (hidden until shown).
  document.addEventListener("htmx:load", function () {
    initAllTabs();
    showCopyButtons();
    noticeUnseated();
  });
  document.addEventListener("htmx:wsAfterMessage", initAllTabs);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }

  // The game page: the socket's pushes and a move's own response replace #actions, #board
  // and the rest in place. Keep the reader where they were (the page never jumps), put the
  // focus on what comes next, and tell the server what the player has seen.
  var phaseSeq = function () {
    var phase = document.getElementById("phase");
    return phase ? Number(phase.getAttribute("data-seq")) : NaN;
  };
  // The move an update shows (the seq of its #phase); NaN when it shows none (chat, panels).
  var seqOf = function (html) {
    var found = /id="phase"[^>]*data-seq="(\d+)"/.exec(String(html || ""));
    return found ? Number(found[1]) : NaN;
  };

  // A push older than the page (the move's response showed a newer state first: bots at
  // the table answer within the request in embedded mode) brings only its new log lines,
  // which nothing else shows: its panels are not swapped in.
  var olderPush = false;
  document.addEventListener("htmx:wsBeforeMessage", function (event) {
    olderPush = seqOf(event.detail && event.detail.message) < phaseSeq();
  });
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    var detail = event.detail || {};
    var target = detail.target;
    if (!olderPush || !(target instanceof Element)) return;
    // Lines added to the log (afterbegin), not the whole log of a full send replaced.
    var fragment = detail.fragment;
    var wholeLog = !!(fragment && fragment.querySelector && fragment.querySelector("#log-list"));
    if (wholeLog || !target.closest("#log-list")) detail.shouldSwap = false;
  });
  document.addEventListener("htmx:wsAfterMessage", function () {
    olderPush = false;
  });

  // Focus what comes next: the first control of the player's next move, else the banner
  // ("Waiting for Tristan and Percival."). Never scrolls.
  var focusNext = function () {
    var controls = document.querySelectorAll(
      "#actions .action input:not([type=hidden]), #actions .action button, #actions .action summary");
    for (var i = 0; i < controls.length; i++) {
      // A control inside a closed <details> or otherwise hidden cannot take the focus.
      if (!controls[i].disabled && controls[i].getClientRects().length) {
        controls[i].focus({ preventScroll: true });
        if (document.activeElement === controls[i]) return;
      }
    }
    var phase = document.getElementById("phase");
    if (phase) phase.focus({ preventScroll: true });
  };

  // The reader's focus was last on the game's controls (a move's button, the banner):
  // when a swap replaces the focused element, its successor takes the focus, rather than
  // the page's top.
  var focusInGame = false;
  document.addEventListener("focusin", function (event) {
    var target = event.target;
    focusInGame = !!(target instanceof Element && target.closest("#actions, #phase"));
  });
  document.addEventListener("htmx:oobAfterSwap", function () {
    var active = document.activeElement;
    if (focusInGame && (!active || active === document.body)) focusNext();
  });

  // #live-news (a polite live region that is never swapped) tells a screen reader what
  // changed: the log's new lines, oldest first, as the server rendered them in the reader's
  // language, then, when the move is newly theirs, "Your turn." and the banner's words.
  var announcedSeq = phaseSeq();
  var wasMine = !!document.querySelector("#phase.phase--mine");
  var announce = function () {
    var live = document.getElementById("live-news");
    var phase = document.getElementById("phase");
    var seq = phaseSeq();
    if (!live || !phase || !(seq > announcedSeq)) return;
    var said = [];
    document.querySelectorAll("#log-list .log__line[value]").forEach(function (line) {
      if (Number(line.getAttribute("value")) > announcedSeq) {
        var text = line.querySelector(".log__text");
        said.unshift((text || line).textContent.trim());
      }
    });
    var mine = phase.classList.contains("phase--mine");
    var banner = phase.querySelector(".phase__line");
    if ((mine && !wasMine) || phase.classList.contains("phase--over")) {
      if (mine) said.push(live.getAttribute("data-your-turn") || "");
      if (banner) said.push(banner.textContent.trim());
    }
    announcedSeq = seq;
    wasMine = mine;
    said = said.filter(Boolean);
    // A push that says nothing new (another seat's hidden vote) keeps the last words.
    if (said.length) live.textContent = said.join(" ");
  };

  // A swap keeps the reader where they were: the page never jumps.
  var keptY = null;
  var remember = function () {
    keptY = window.scrollY;
  };
  var restore = function () {
    if (keptY !== null && Math.abs(window.scrollY - keptY) > 1) window.scrollTo(0, keptY);
    keptY = null;
  };

  // A move's own response (an htmx form in #actions) replaces #actions: htmx then tells
  // no listener here that its request ended (the form is gone), so the swap is the sign.
  var isMoveForm = function (elt) {
    return elt instanceof HTMLFormElement && !!elt.querySelector("input[name=expected_seq]");
  };
  var moving = false;
  // Never back to an older move. The two ways a game page is updated race each other: a
  // move's own response is read after its commit, and a push of a later move (another
  // player's, a bot's played by the worker) can get here first; the socket then sends
  // nothing more, so the older response would stay on screen until the next move. So a
  // response older than the page is not swapped in. Listened for on the form itself: a
  // push may have replaced it meanwhile, and htmx tells a removed form's response to that
  // form alone.
  var notOlder = function (event) {
    var detail = event.detail || {};
    if (seqOf(detail.serverResponse) < phaseSeq()) {
      detail.shouldSwap = false;
      moving = false;
    }
  };
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (!isMoveForm(event.target)) return;
    event.target.addEventListener("htmx:beforeSwap", notOlder);
    moving = true;
    remember();
  });
  document.addEventListener("htmx:oobAfterSwap", function (event) {
    var swapped = event.target;
    if (!moving || !(swapped instanceof Element) || swapped.id !== "actions") return;
    moving = false;
    restore();
    // After the response's other swaps (#phase, the log), which htmx makes in this task.
    window.setTimeout(announce, 0);
    // "Since your last visit" ends with what was to do on arrival: done, unless refused.
    var now = document.querySelector("#since .since__now");
    if (now && !swapped.querySelector(".message--error")) now.hidden = true;
  });

  // What the page showed, the player has seen (only while it is on screen): the socket
  // records it as the seat's last seen seq, where "Since your last visit" starts next time.
  var socket = null;
  var acked = phaseSeq();
  var acknowledge = function () {
    var seq = phaseSeq();
    if (!socket || document.visibilityState !== "visible" || !(seq > acked)) return;
    acked = seq;
    socket.send(JSON.stringify({ type: "seen", seq: seq }));
  };
  document.addEventListener("htmx:wsOpen", function (event) {
    socket = event.detail && event.detail.socketWrapper;
  });
  document.addEventListener("htmx:wsBeforeMessage", function (event) {
    socket = (event.detail && event.detail.socketWrapper) || socket;
    remember();
  });
  // Its last line says what was to do (or whom the table waited for) on arrival: once
  // the table has moved on, the banner and #actions say it, and that line would not.
  var arrivedAt = phaseSeq();
  document.addEventListener("htmx:wsAfterMessage", function () {
    restore();
    acknowledge();
    announce();
    var now = document.querySelector("#since .since__now");
    if (now && phaseSeq() > arrivedAt) now.hidden = true;
  });
  document.addEventListener("visibilitychange", acknowledge);
})();
