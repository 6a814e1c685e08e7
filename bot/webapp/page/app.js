// The umpire's Mini App: a seat's own board, moves by taps. Everything it
// shows comes from the server's state for the seat (bot/webapp/state.go);
// every action is a line sent as the player would type it.
"use strict";

(function () {
  const hash = new URLSearchParams(location.hash.slice(1));
  const tg = window.Telegram && window.Telegram.WebApp;
  const initData = hash.get("tgWebAppData") || (tg && tg.initData) || "";
  const game = new URLSearchParams(location.search).get("game");
  const $ = (id) => document.getElementById(id);

  let st = null;        // the state shown
  let sel = null;       // the cell of the man picked
  let tries = [];       // an attempt list being written
  let stones = [];      // stones being placed: {cell, kind}
  let stoneMode = false;
  let growing = null;   // the pawn picked to grow

  // The theme's colours, the safe areas and full screen are chrome.js's;
  // it words its button with the page's words, told here.
  function told(labels) { window.dispatchEvent(new CustomEvent("umpire-labels", { detail: labels })); }

  async function api(path, body) {
    const opts = { headers: { "X-Telegram-Init-Data": initData } };
    if (body) {
      opts.method = "POST";
      opts.headers["Content-Type"] = "application/json";
      opts.body = JSON.stringify(body);
    }
    const r = await fetch(path, opts);
    if (r.status === 404) return null;
    if (!r.ok) throw new Error("status " + r.status);
    return r.json();
  }

  function newID() {
    const a = new Uint8Array(12);
    crypto.getRandomValues(a);
    return Array.from(a, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  // The list of games, from the menu button.
  async function showGames() {
    const list = await api("api/games");
    const L = list.labels;
    told(L);
    $("games-title").textContent = L.games;
    const ul = $("games-list");
    ul.replaceChildren();
    for (const g of list.games) {
      const a = document.createElement("a");
      a.href = "?game=" + g.game + location.hash;
      a.textContent = g.title;
      if (g.mine) { a.className = "mine"; a.dataset.mine = L["your-move"]; }
      const li = document.createElement("li");
      li.append(a);
      ul.append(li);
    }
    $("games-none").textContent = L.none;
    $("games-none").hidden = list.games.length > 0;
    $("games").hidden = false;
  }

  async function nothing() {
    let text = "There is no such game here.";
    try { text = (await api("api/games")).labels.nothing; } catch (e) { /* keep the English */ }
    $("play").hidden = true;
    $("nothing").textContent = text;
    $("nothing").hidden = false;
  }

  async function showGame() {
    let s;
    try { s = await api("api/state?game=" + encodeURIComponent(game)); } catch (e) { return offline(showGame); }
    if (!s) return nothing();
    show(s);
    $("play").hidden = false;
    follow();
  }

  // follow waits for news of the game, for as long as the page is open.
  async function follow() {
    for (;;) {
      let s;
      try {
        s = await api("api/wait?game=" + encodeURIComponent(game) + "&version=" + st.version);
      } catch (e) {
        $("offline").textContent = st.labels.offline;
        $("offline").hidden = false;
        await new Promise((r) => setTimeout(r, 3000));
        continue;
      }
      $("offline").hidden = true;
      if (!s) return nothing();
      if (s.version !== st.version) show(s);
    }
  }

  function offline(again) {
    $("offline").textContent = "…";
    $("offline").hidden = false;
    setTimeout(again, 3000);
  }

  function show(s) {
    const changed = !st || st.version !== s.version;
    st = s;
    if (changed) told(st.labels);
    if (changed) { sel = null; growing = null; }
    if (!st.stones) { stoneMode = false; stones = []; }
    const words = $("words");
    words.replaceChildren();
    for (const line of st.words) {
      const p = document.createElement("p");
      p.textContent = line;
      words.append(p);
    }
    drawBoard();
    drawControls();
  }

  function armyOf(man) { return man && man !== "?" ? man[0] : ""; }

  function drawBoard() {
    const board = $("board");
    board.replaceChildren();
    const marks = {};
    for (const kind in st.marks) for (const name of st.marks[kind]) (marks[name] = marks[name] || []).push(kind);
    if (st.shape) return board.append(shapeBoard(st.shape, marks));
    st.rows.forEach((row, r) => {
      const div = document.createElement("div");
      div.className = "row";
      const label = document.createElement("span");
      label.className = "label";
      label.textContent = st.names[row[0]].replace(/^[a-z]+/, "");
      div.append(label);
      row.forEach((c, f) => div.append(cell(c, (r + f) % 2 === 1, marks[st.names[c]] || [])));
      board.append(div);
    });
    board.append(fileRow(st.rows[st.rows.length - 1], (n) => n[0]));
  }

  // shapeBoard draws a board whose cells are not squares in rows (the
  // three-player hexagon) as the picture draws it: each cell the polygon
  // the server gives, tappable where it is drawn, its man at its centre.
  function shapeBoard(shape, marks) {
    const NS = "http://www.w3.org/2000/svg";
    const el = (name, attrs) => {
      const e = document.createElementNS(NS, name);
      for (const k in attrs) e.setAttribute(k, attrs[k]);
      return e;
    };
    const svg = el("svg", { viewBox: "0 0 " + shape.width + " " + shape.height, class: "shape" });
    const rings = [];
    shape.cells.forEach((pts, c) => {
      const points = [];
      for (let i = 0; i < pts.length; i += 2) points.push(pts[i] + "," + pts[i + 1]);
      const g = el("g", { class: "cell" + (shape.dark[c] ? " dark" : "") + (st.cells[c] === "?" ? " fog" : "") });
      for (const m of marks[st.names[c]] || []) g.classList.add(m);
      g.dataset.cell = st.names[c];
      g.append(el("polygon", { points: points.join(" ") }));
      const [x, y, side] = centre(pts);
      const man = st.cells[c];
      if (man && man !== "?") {
        const t = el("text", { x: x, y: y, "font-size": (0.8 * side).toFixed(1), class: "man man-" + man[0] });
        t.textContent = st.shown[c];
        g.append(t);
      }
      g.addEventListener("click", () => tap(c));
      svg.append(g);
      if (c === sel || c === growing) rings.push(el("polygon", { points: points.join(" "), class: "ring sel" }));
      if (shape.thrones[c]) rings.push(el("polygon", { points: points.join(" "), class: "ring throne" }));
    });
    for (const l of shape.labels) {
      const t = el("text", { x: l.x, y: l.y, "font-size": shape.text, class: "coord" });
      t.textContent = l.text;
      svg.append(t);
    }
    svg.append(...rings); // over the cells, so that no neighbour hides them
    return svg;
  }

  // centre is a polygon's centroid and the side of a square of its area.
  function centre(pts) {
    let a = 0, cx = 0, cy = 0;
    for (let i = 0; i < pts.length; i += 2) {
      const j = (i + 2) % pts.length;
      const cross = pts[i] * pts[j + 1] - pts[j] * pts[i + 1];
      a += cross; cx += (pts[i] + pts[j]) * cross; cy += (pts[i + 1] + pts[j + 1]) * cross;
    }
    a /= 2;
    return [cx / (6 * a), cy / (6 * a), Math.sqrt(Math.abs(a))];
  }

  function fileRow(row, name) {
    const div = document.createElement("div");
    div.className = "row";
    div.append(document.createElement("span"));
    for (const c of row) {
      const l = document.createElement("span");
      l.className = "label";
      l.textContent = name(st.names[c]);
      div.append(l);
    }
    return div;
  }

  function cell(c, dark, marks) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "cell" + (dark ? " dark" : "") + (st.cells[c] === "?" ? " fog" : "");
    for (const m of marks) b.classList.add(m);
    if (c === sel || c === growing) b.classList.add("sel");
    b.dataset.cell = st.names[c];
    const man = st.cells[c];
    if (man && man !== "?") {
      const s = document.createElement("span");
      s.className = "man-" + man[0] + (st.shown[c].length === 1 && !"♚♛♜♝♞♟".includes(st.shown[c]) ? " letter" : "");
      s.textContent = st.shown[c];
      b.append(s);
    }
    const placed = stones.find((x) => x.cell === c);
    if (placed) {
      const s = document.createElement("span");
      s.className = "stone";
      s.textContent = placed.kind;
      b.append(s);
    }
    b.addEventListener("click", () => tap(c));
    return b;
  }

  function tap(c) {
    if (!st || st.over) return;
    const man = st.cells[c];
    if (stoneMode) {
      if (man) return;
      const i = stones.findIndex((x) => x.cell === c);
      if (i < 0) stones.push({ cell: c, kind: "S" });
      else if (stones[i].kind === "S" && st.stones.mine) stones[i].kind = "X";
      else stones.splice(i, 1);
      return drawBoard();
    }
    if (st.grow) {
      if (man && man[1] === "P" && armyOf(man) === st.seat[0]) { growing = c; drawBoard(); choose(st.grow, (p) => send("grow " + st.names[c] + " " + p)); }
      return;
    }
    if (man && armyOf(man) in st.armies) { sel = c; return drawBoard(); }
    if (sel === null) return;
    const from = sel;
    sel = null;
    const text = st.armies[armyOf(st.cells[from])] + st.names[from] + st.names[c];
    const done = (t) => {
      if (st.lists) { tries.push(t); drawBoard(); drawControls(); } else send(t);
    };
    if (promotes(from, c)) {
      if (st.promotions.length === 1) done(text + st.promotions[0].send);
      else choose(st.promotions, (p) => done(text + p));
      return drawBoard();
    }
    done(text);
  }

  // promotes reports whether a pawn's move from one cell to another ends
  // on its last rank: rank 8 or 1 on the 8×8 board, rank 1 of another
  // third on the triad board.
  function promotes(from, to) {
    const man = st.cells[from];
    if (!man || man[1] !== "P") return false;
    const n = st.names[to];
    if (st.shape) return n[2] === "1" && n[0] !== man[0];
    return n[1] === (man[0] === "w" ? "8" : "1");
  }

  function choose(pieces, then) {
    const box = $("chooser-pieces");
    box.replaceChildren();
    $("chooser-title").textContent = st.grow ? st.labels.grow : st.labels.promote;
    for (const p of pieces) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = p.show;
      b.addEventListener("click", () => { $("chooser").hidden = true; then(p.send); });
      box.append(b);
    }
    $("chooser").hidden = false;
  }

  function drawControls() {
    const L = st.labels;
    $("hint").textContent = st.over ? "" : stoneMode ? L["stones-hint"] : st.grow ? L.grow : st.lists ? L["hint-list"] : L.hint;
    if (!st.grow && !growing) $("chooser").hidden = true;
    $("tries").hidden = tries.length === 0 && !stoneMode;
    const list = $("tries-list");
    list.replaceChildren();
    for (const t of tries) {
      const s = document.createElement("span");
      s.textContent = t;
      list.append(s);
    }
    $("tries-send").textContent = L.send;
    $("tries-clear").textContent = L.clear;
    const btns = $("buttons");
    btns.replaceChildren();
    for (const b of st.buttons) {
      const e = document.createElement("button");
      e.type = "button";
      e.className = "secondary";
      e.textContent = b.label;
      e.addEventListener("click", () => {
        if (b.confirm && !window.confirm(L.confirm)) return;
        send(b.command);
      });
      btns.append(e);
    }
    if (st.stones) {
      const e = document.createElement("button");
      e.type = "button";
      e.className = "secondary";
      e.textContent = L.stones;
      e.addEventListener("click", () => { stoneMode = !stoneMode; stones = []; drawBoard(); drawControls(); });
      btns.append(e);
    }
    $("line-label").textContent = L.line;
    $("line-send").textContent = L.send;
  }

  $("tries-send").addEventListener("click", () => {
    if (stoneMode) {
      const text = stones.map((x) => x.kind + "@" + st.names[x.cell]).join(",");
      stoneMode = false; stones = [];
      if (text) send(text);
      return;
    }
    const text = tries.join(", ");
    tries = [];
    if (text) send(text);
  });
  $("tries-clear").addEventListener("click", () => { tries = []; stones = []; stoneMode = false; drawBoard(); drawControls(); });
  $("line").addEventListener("submit", (e) => {
    e.preventDefault();
    const text = $("line-text").value.trim();
    if (text) { $("line-text").value = ""; send(text); }
  });

  async function send(text) {
    $("said").textContent = "";
    let r;
    try { r = await api("api/act", { game: Number(game), text: text, id: newID() }); } catch (e) { return offline(() => {}); }
    if (!r) return nothing();
    show(r.state);
    $("said").textContent = r.said || "";
  }

  if (tg && tg.ready) tg.ready();
  if (game) showGame(); else showGames();
})();
