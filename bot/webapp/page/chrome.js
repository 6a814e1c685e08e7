// The page's frame in Telegram: its colours from the user's theme, every
// text made legible on its background (at least 4.5:1, WCAG AA), the safe
// areas kept clear, and full screen on request (Mini Apps 8.0). It speaks
// to the Telegram app as core.telegram.org/api/web-events says, without
// Telegram's script: it posts events through window.TelegramWebviewProxy
// (mobile and desktop apps) or to the parent window (Telegram Web), and
// takes the app's events through window.Telegram.WebView.receiveEvent or
// a message from the parent. app.js hands it the page's words with an
// "umpire-labels" event.
"use strict";

(function () {
  const hash = new URLSearchParams(location.hash.slice(1));
  const root = document.documentElement.style;
  const version = parseFloat(hash.get("tgWebAppVersion") || "0");
  const AA = 4.55; // WCAG AA's 4.5:1, and a little to spare

  // ---- colours ----

  const hex = (s) => typeof s === "string" && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(s);
  function rgb(s) {
    let h = s.replace("#", "");
    if (h.length === 3) h = h.split("").map((c) => c + c).join("");
    return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
  }
  const toHex = (c) => "#" + c.map((v) => v.toString(16).padStart(2, "0")).join("");
  // mix is a colour t of the way from a to b, in whole steps as CSS takes
  // it, so that what is measured here is what is painted.
  const mix = (a, b, t) => a.map((v, i) => Math.round(v + (b[i] - v) * t));
  function luminance(c) {
    const lin = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
  }
  function contrast(a, b) {
    const x = luminance(a), y = luminance(b);
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
  }
  const WHITE = [255, 255, 255], BLACK = [0, 0, 0];
  // pole is black or white, whichever stands out more on c.
  const pole = (c) => (contrast(WHITE, c) >= contrast(BLACK, c) ? WHITE : BLACK);

  // legible moves fg towards the pole of bg, as little as it takes to be
  // read on bg; one of the poles always reaches 4.58:1.
  function legible(fg, bg) {
    for (let t = 0; t <= 1.0001; t += 0.05) {
      const c = mix(fg, pole(bg), t);
      if (contrast(c, bg) >= AA) return c;
    }
    return pole(bg);
  }

  // behind moves bg away from fg, as little as it takes for fg to be read
  // on it: a button keeps its text's colour and darkens (or lightens).
  function behind(fg, bg) {
    const away = pole(fg);
    for (let t = 0; t <= 1.0001; t += 0.05) {
      const c = mix(bg, away, t);
      if (contrast(fg, c) >= AA) return c;
    }
    return away;
  }

  const cssColor = (name) => rgb(getComputedStyle(document.documentElement).getPropertyValue(name).trim() || "#000000");

  // theme sets the colours of params (Telegram's ThemeParams: bg_color,
  // text_color, …), derives those it lacks from the others, and makes
  // every pair of text and background legible.
  function theme(params) {
    const p = params || {};
    const vars = { bg_color: "--bg", text_color: "--text", hint_color: "--hint", link_color: "--link",
      button_color: "--button", button_text_color: "--button-text", secondary_bg_color: "--secondary-bg" };
    for (const k in vars) if (hex(p[k])) root.setProperty(vars[k], p[k]);
    const bg = cssColor("--bg"), text = hex(p.text_color) ? rgb(p.text_color) : legible(cssColor("--text"), bg);
    const dark = luminance(bg) < 0.18;
    document.body.classList.toggle("dark", dark);
    if (!hex(p.secondary_bg_color) && hex(p.bg_color)) root.setProperty("--secondary-bg", toHex(mix(bg, text, 0.12)));
    if (!hex(p.hint_color) && hex(p.bg_color)) root.setProperty("--hint", toHex(mix(text, bg, 0.4)));
    const second = cssColor("--secondary-bg");
    root.setProperty("--text", toHex(legible(text, bg)));
    root.setProperty("--hint", toHex(legible(cssColor("--hint"), bg)));
    root.setProperty("--link", toHex(legible(cssColor("--link"), bg)));
    root.setProperty("--secondary-text", toHex(legible(text, second)));
    root.setProperty("--button", toHex(behind(cssColor("--button-text"), cssColor("--button"))));
  }

  function firstTheme() {
    const tg = window.Telegram && window.Telegram.WebApp;
    let p = (tg && tg.themeParams) || null;
    try { p = p || JSON.parse(hash.get("tgWebAppThemeParams") || "null"); } catch (e) { p = null; }
    theme(p);
  }

  // ---- the Telegram app ----

  const inTelegram = !!(window.TelegramWebviewProxy || (window.external && "notify" in window.external) ||
    window.parent !== window);

  // post sends an event to the Telegram app.
  function post(type, data) {
    const body = data === undefined ? null : data;
    try {
      if (window.TelegramWebviewProxy) {
        window.TelegramWebviewProxy.postEvent(type, JSON.stringify(body));
      } else if (window.external && "notify" in window.external) {
        window.external.notify(JSON.stringify({ eventType: type, eventData: body }));
      } else if (window.parent !== window) {
        window.parent.postMessage(JSON.stringify({ eventType: type, eventData: body }), "*");
      }
    } catch (e) { /* the app is gone, or is no Telegram */ }
  }

  const insets = { safe: {}, content: {} };
  const fullscreen = { on: false, labels: null };

  // receive takes an event of the Telegram app.
  function receive(type, data) {
    const d = data || {};
    switch (type) {
      case "theme_changed":
        theme(d.theme_params);
        break;
      case "safe_area_changed":
        insets.safe = d;
        pad();
        break;
      case "content_safe_area_changed":
        insets.content = d;
        pad();
        break;
      case "fullscreen_changed":
        fullscreen.on = !!d.is_fullscreen;
        label();
        break;
      case "fullscreen_failed":
        if (d.error === "UNSUPPORTED") document.getElementById("fullscreen").hidden = true;
        break;
    }
  }

  // pad keeps the page clear of the device's safe area and of Telegram's
  // own controls over the content (in full screen): both, on each side.
  function pad() {
    for (const side of ["top", "bottom", "left", "right"]) {
      const px = (Number(insets.safe[side]) || 0) + (Number(insets.content[side]) || 0);
      root.setProperty("--safe-" + side, px + "px");
    }
  }

  // label words the full-screen button for the state it would change.
  function label() {
    const b = document.getElementById("fullscreen");
    const L = fullscreen.labels;
    if (!b || !L) return;
    b.textContent = fullscreen.on ? L["exit-fullscreen"] : L.fullscreen;
    b.setAttribute("aria-pressed", String(fullscreen.on));
  }

  window.Telegram = window.Telegram || {};
  const view = window.Telegram.WebView = window.Telegram.WebView || {};
  const theirs = view.receiveEvent;
  view.receiveEvent = function (type, data) {
    receive(type, data);
    if (typeof theirs === "function") theirs.call(view, type, data);
  };
  window.addEventListener("message", (e) => {
    if (e.source !== window.parent || typeof e.data !== "string") return;
    try {
      const m = JSON.parse(e.data);
      if (m && m.eventType) receive(m.eventType, m.eventData);
    } catch (err) { /* not the app's */ }
  });

  window.addEventListener("umpire-labels", (e) => {
    fullscreen.labels = e.detail;
    label();
  });

  firstTheme();
  pad();
  if (inTelegram) {
    post("web_app_ready");
    post("web_app_expand");
    post("web_app_request_theme");
    if (version >= 8) {
      post("web_app_request_safe_area");
      post("web_app_request_content_safe_area");
      const b = document.getElementById("fullscreen");
      b.hidden = false;
      b.addEventListener("click", () => post(fullscreen.on ? "web_app_exit_fullscreen" : "web_app_request_fullscreen"));
    }
  }
})();
