/* This device's switch on the notification settings page (templates/notifications/
   push_settings.html, notifications/push_views.py): registers the service worker (/sw.js),
   subscribes through the browser's PushManager with the site's VAPID key, and posts the
   subscription to the site; turning off unsubscribes here and tells the site. The page's
   words come in data-msg-* attributes (translated by the template). */
"use strict";

(function () {
  const box = document.querySelector("[data-push]");
  if (!box) {
    return;
  }
  const status = box.querySelector("[data-push-status]");
  const on = box.querySelector("[data-push-on]");
  const off = box.querySelector("[data-push-off]");
  const csrf = box.querySelector("input[name=csrfmiddlewaretoken]").value;
  const known = JSON.parse(document.getElementById("push-endpoints").textContent);

  function say(key) {
    status.textContent = box.dataset[key];
  }

  function show(subscribed) {
    on.hidden = subscribed;
    off.hidden = !subscribed;
    on.disabled = off.disabled = false;
    say(subscribed ? "msgOn" : "msgOff");
  }

  function keyBytes(base64url) {
    const padded = base64url.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (base64url.length % 4)) % 4);
    return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  }

  function sameKey(subscription, key) {
    const current = subscription.options && subscription.options.applicationServerKey;
    if (!current) {
      return true; // the browser does not say: keep it
    }
    const a = new Uint8Array(current);
    return a.length === key.length && a.every((byte, i) => byte === key[i]);
  }

  function post(url, data) {
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf },
      body: JSON.stringify(data),
    });
  }

  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    say("msgUnsupported");
    return;
  }

  const key = keyBytes(box.dataset.pushKey);
  const ready = navigator.serviceWorker
    .register(box.dataset.pushWorker, { scope: "/" })
    .then(() => navigator.serviceWorker.ready);

  async function current() {
    const registration = await ready;
    return registration.pushManager.getSubscription();
  }

  async function turnOn() {
    on.disabled = true;
    say("msgWorking");
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        on.disabled = false;
        say("msgDenied");
        return;
      }
      const registration = await ready;
      let subscription = await registration.pushManager.getSubscription();
      if (subscription && !sameKey(subscription, key)) {
        await subscription.unsubscribe(); // made for another key: it cannot take our pushes
        subscription = null;
      }
      if (!subscription) {
        subscription = await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: key,
        });
      }
      const response = await post(box.dataset.pushSubscribe, subscription.toJSON());
      if (!response.ok) {
        throw new Error(`subscribe answered ${response.status}`);
      }
      window.location.reload(); // the list of devices shows this one
    } catch (error) {
      on.disabled = false;
      say("msgFailed");
    }
  }

  async function turnOff() {
    off.disabled = true;
    say("msgWorking");
    const subscription = await current();
    if (subscription) {
      await post(box.dataset.pushUnsubscribe, { endpoint: subscription.endpoint });
      await subscription.unsubscribe();
    }
    window.location.reload();
  }

  on.addEventListener("click", turnOn);
  off.addEventListener("click", turnOff);

  if (Notification.permission === "denied") {
    say("msgDenied");
    return;
  }
  current().then(
    (subscription) => show(Boolean(subscription && known.includes(subscription.endpoint))),
    () => say("msgUnsupported"),
  );
})();
