{% load static %}/* Avalon Tables' service worker (avalon_site/pwa.py): shows the site's pushes
   (notifications/push.py sends {title, body, url, tag}) and opens the page a click names.
   It caches nothing: every page of the site is live. */
"use strict";

const ICON = "{% static 'icons/icon-192.png' %}";
const BADGE = "{% static 'icons/badge-96.png' %}";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (error) {
    data = {};
  }
  const options = {
    body: data.body || "",
    icon: ICON,
    badge: BADGE,
    data: { url: data.url || "/" },
  };
  if (data.tag) {
    // A newer notice about the same game replaces the older one, and still alerts.
    options.tag = data.tag;
    options.renotify = true;
  }
  event.waitUntil(self.registration.showNotification(data.title || "Avalon Tables", options));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || "/";
  const target = new URL(url, self.location.origin);
  if (target.origin !== self.location.origin) {
    return; // only pages of this site
  }
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if (new URL(client.url).pathname === target.pathname && "focus" in client) {
          return client.focus();
        }
      }
      return self.clients.openWindow(target.href);
    }),
  );
});
