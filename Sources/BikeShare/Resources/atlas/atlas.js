"use strict";
const book = JSON.parse(document.getElementById("atlas-data").textContent);
const marks = { acceptable: "\u25cb ok", forbidden: "\u2716 FORBIDDEN",
  deadlock: "\u25a0 DEADLOCK", livelock: "\u21bb LIVELOCK" };
const riderName = (i) => String.fromCharCode(65 + i);
function el(tag, attrs, ...kids) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "text") node.textContent = v; else node.setAttribute(k, v);
  }
  for (const kid of kids) if (kid !== null && kid !== undefined) node.append(kid);
  return node;
}
function badge(expect) {
  return el("span", { class: "badge " + expect, text: marks[expect] || expect });
}
function replayCommand(atlas, schedule) {
  return "swift run bikes-" + atlas.era + " replay --mode " + atlas.mode + " --story " +
    atlas.story + " --riders " + atlas.riders + " --schedule '" + schedule + "'";
}
// A command that wraps between its words only (a break after "--" misreads).
function command(text, attrs) {
  const code = el("code", Object.assign({ class: "command" }, attrs || {}));
  text.split(" ").forEach((word, i) => {
    if (i > 0) code.append(" ");
    code.append(el("span", { class: "word", text: word }));
  });
  return code;
}
let current = null;

const eras = Array.from(new Set(book.atlases.map((a) => a.era)));

// Tabs: one row of eras (side by side), one of the chosen era's modes.
function showTabs(selected) {
  const tabs = document.getElementById("tabs");
  tabs.textContent = "";
  const atlas = book.atlases[selected];
  if (eras.length > 1) {
    const row = el("div", { role: "tablist", "aria-label": "Eras" });
    for (const era of eras) {
      let target = book.atlases.findIndex((a) => a.era === era && a.mode === atlas.mode);
      if (target < 0) target = book.atlases.findIndex((a) => a.era === era);
      row.append(tab(era, era === atlas.era, target, "Eras"));
    }
    tabs.append(row);
  }
  const modes = [];
  book.atlases.forEach((a, i) => { if (a.era === atlas.era) modes.push([a, i]); });
  if (modes.length > 1) {
    const row = el("div", { role: "tablist", "aria-label": "Modes" });
    for (const [a, i] of modes) row.append(tab(a.mode + " mode", i === selected, i, "Modes"));
    tabs.append(row);
  }
}

function tab(label, isSelected, target, rowLabel) {
  const b = el("button", { role: "tab", "aria-selected": String(isSelected),
    tabindex: isSelected ? "0" : "-1", text: label });
  b.addEventListener("click", () => select(target, rowLabel));
  b.addEventListener("keydown", (e) => {
    const sibling = e.key === "ArrowRight" ? b.nextElementSibling :
      e.key === "ArrowLeft" ? b.previousElementSibling : null;
    if (sibling) { sibling.click(); e.preventDefault(); }
  });
  return b;
}

function select(i, rowLabel) {
  showTabs(i);
  show(book.atlases[i]);
  const chosen = document.querySelector('#tabs [aria-label="' + (rowLabel || "Modes") +
    '"] [aria-selected="true"]');
  if (chosen) chosen.focus({ preventScroll: true });
}

// Side by side: every era's counts in one table, and which trees are the same.
function showSummary() {
  const box = document.getElementById("summary");
  if (eras.length < 2) return;
  const stuck = book.atlases.some((a) => a.canGetStuck);
  const table = el("table", { id: "every-era" });
  const head = el("tr", {}, el("th", { text: "era" }), el("th", { text: "mode" }),
    el("th", { text: "schedules" }), el("th", { text: "forbidden" }));
  if (stuck) head.append(el("th", { text: "deadlocked" }), el("th", { text: "livelocked" }));
  head.append(el("th", { text: "the tree" }), el("th", { text: "a bad schedule" }));
  table.append(head);
  book.atlases.forEach((a, i) => {
    const others = book.atlases.filter((b) => b.shape === a.shape).length - 1;
    const same = others === 0 ? "its own" : "the same as " + others + " other" +
      (others === 1 ? "" : "s");
    const bad = a.outcomes.filter((o) => o.expect !== "acceptable").sort((x, y) =>
      x.exampleSwitches - y.exampleSwitches)[0];
    const row = el("tr", {}, el("td", { text: a.era }), el("td", { text: a.mode }),
      el("td", { text: String(a.schedules) }), el("td", { text: String(a.forbidden) }));
    if (stuck) row.append(el("td", { text: String(a.deadlocked) }),
      el("td", { text: String(a.livelocked) }));
    row.append(el("td", { text: same }),
      el("td", {}, bad ? el("code", { text: bad.example }) : "-"));
    table.append(row);
  });
  // Folded away with one key, so that the tree comes up on a projector; a
  // table longer than a screen (the transfer's 19 rows; the slot story has
  // 11) starts folded, with the tabs and the play in view.
  const fold = el("details", book.atlases.length <= 12 ? { open: "open" } : {}, el("summary", {},
    el("h2", { style: "display: inline", text: "Every era, side by side" })),
    el("p", { text: book.atlases[0].setting }), table);
  box.append(fold);
}

function show(atlas) {
  current = { atlas: atlas, path: [atlas.tree] };
  const main = document.getElementById("atlas");
  main.textContent = "";
  main.append(el("h2", { text: atlas.era + ", " + atlas.mode + " mode: the " + atlas.story +
    " story, " + atlas.riders + " " + atlas.participants }));
  main.append(el("p", { id: "setting", text: atlas.setting }));
  const counts = el("p", { class: "counts", id: "counts" });
  counts.append(el("span", { text: "schedules " + atlas.schedules }));
  counts.append(el("span", { class: "forbidden", text: "forbidden " + atlas.forbidden }));
  if (atlas.canGetStuck) {
    counts.append(el("span", { class: "deadlock", text: "deadlocked " + atlas.deadlocked }));
    counts.append(el("span", { class: "livelock", text: "livelocked " + atlas.livelocked }));
  }
  main.append(counts);
  main.append(command(atlas.command, { id: "command" }));
  main.append(outcomeTable(atlas));
  const columns = el("div", { class: "columns" });
  const treeSection = el("section", { "aria-labelledby": "tree-title" },
    el("h2", { id: "tree-title", text: "Every schedule" }),
    el("p", { class: "hint", text: "Arrow keys walk the tree: right opens, left closes, " +
      "Enter picks a schedule. Each step shows what the era logged when it ran." }));
  const tree = el("ul", { role: "tree", id: "tree", "aria-labelledby": "tree-title" });
  tree.append(treeItem(atlas, atlas.tree, [], true));
  treeSection.append(tree);
  const side = el("section", {},
    el("h2", { text: "Play: who goes next?" }), el("div", { id: "play", class: "panel" }),
    el("h2", { text: "The chosen schedule" }), el("div", { id: "leaf", class: "panel",
      text: "Pick a leaf of the tree, or play to one." }));
  columns.append(treeSection, side);
  main.append(columns);
  tree.addEventListener("keydown", treeKeys);
  renderPlay();
}

function outcomeTable(atlas) {
  const table = el("table", { id: "outcomes" });
  table.append(el("tr", {}, el("th", { text: "schedules" }), el("th", { text: "expect" }),
    el("th", { text: "result" }), el("th", { text: "fewest-switch example" })));
  for (const o of atlas.outcomes) {
    table.append(el("tr", {}, el("td", { text: String(o.schedules) }),
      el("td", {}, badge(o.expect)), el("td", { text: o.result }),
      el("td", {}, el("code", { text: o.example }))));
  }
  return table;
}

function treeItem(atlas, node, path, open) {
  const isLeaf = node.next.length === 0;
  const item = el("li", { role: "treeitem", tabindex: path.length === 0 ? "0" : "-1",
    "aria-selected": "false" });
  if (isLeaf) item.setAttribute("data-leaf", atlas.outcomes[node.outcome] ?
    atlas.outcomes[node.outcome].expect : "unknown");
  item._node = node;
  item._path = path;
  const row = el("span", { class: "row" });
  row.append(el("span", { class: "twist", "aria-hidden": "true",
    text: isLeaf ? "" : (open ? "\u25be" : "\u25b8") }));
  row.append(el("span", { class: "mono", text: path.length === 0 ? "start" : node.step }));
  if (isLeaf) {
    const outcome = atlas.outcomes[node.outcome];
    if (outcome) {
      row.append(badge(outcome.expect));
      const end = outcome.result.lastIndexOf(" \u00b7 ");
      row.append(el("span", { class: "n", text: "  " + (end < 0 ? outcome.result :
        outcome.result.slice(end + 3)) }));
    }
  } else {
    row.append(el("span", { class: "n", text: "  " + node.leaves + " schedule" +
      (node.leaves === 1 ? "" : "s") }));
  }
  item.append(row);
  if (!isLeaf) {
    item.setAttribute("aria-expanded", String(open));
    if (open) item.append(group(atlas, node, path));
  }
  row.addEventListener("click", () => activate(item));
  return item;
}

function group(atlas, node, path) {
  const list = el("ul", { role: "group" });
  node.next.forEach((child, i) => list.append(treeItem(atlas, child, path.concat([i]), false)));
  return list;
}

function toggle(item, open) {
  if (item._node.next.length === 0) return;
  const isOpen = item.getAttribute("aria-expanded") === "true";
  if (open === isOpen) return;
  item.setAttribute("aria-expanded", String(open));
  item.querySelector(".twist").textContent = open ? "\u25be" : "\u25b8";
  if (open) item.append(group(current.atlas, item._node, item._path));
  else item.querySelector("ul").remove();
}

function activate(item) {
  focusItem(item);
  if (item._node.next.length === 0) chooseLeaf(item._path);
  else toggle(item, item.getAttribute("aria-expanded") !== "true");
}

function visibleItems() {
  return Array.from(document.querySelectorAll("#tree li[role=treeitem]")).filter((li) =>
    li.offsetParent !== null);
}

function focusItem(item) {
  document.querySelectorAll("#tree li[role=treeitem]").forEach((li) => li.tabIndex = -1);
  item.tabIndex = 0;
  item.focus({ preventScroll: true });
}

function treeKeys(e) {
  const item = e.target.closest("li[role=treeitem]");
  if (!item) return;
  const items = visibleItems();
  const at = items.indexOf(item);
  let handled = true;
  switch (e.key) {
    case "ArrowDown": if (at + 1 < items.length) focusItem(items[at + 1]); break;
    case "ArrowUp": if (at > 0) focusItem(items[at - 1]); break;
    case "ArrowRight":
      if (item.getAttribute("aria-expanded") === "false") toggle(item, true);
      else if (item.getAttribute("aria-expanded") === "true") focusItem(visibleItems()[at + 1]);
      break;
    case "ArrowLeft":
      if (item.getAttribute("aria-expanded") === "true") toggle(item, false);
      else { const up = item.parentElement.closest("li[role=treeitem]"); if (up) focusItem(up); }
      break;
    case "Home": focusItem(items[0]); break;
    case "End": focusItem(items[items.length - 1]); break;
    case "Enter": case " ": activate(item); break;
    default: handled = false;
  }
  if (handled) e.preventDefault();
}

function nodesOf(path) {
  const nodes = [current.atlas.tree];
  for (const i of path) nodes.push(nodes[nodes.length - 1].next[i]);
  return nodes;
}

function chooseLeaf(path) {
  document.querySelectorAll("#tree li[aria-selected=true]").forEach((li) =>
    li.setAttribute("aria-selected", "false"));
  const li = document.activeElement && document.activeElement.closest("li[role=treeitem]");
  if (li) li.setAttribute("aria-selected", "true");
  const atlas = current.atlas;
  const nodes = nodesOf(path);
  const leaf = nodes[nodes.length - 1];
  const outcome = atlas.outcomes[leaf.outcome];
  const box = document.getElementById("leaf");
  box.textContent = "";
  if (outcome) {
    box.append(el("p", {}, badge(outcome.expect), " ", outcome.result));
    if (outcome.cycle) {
      box.append(el("p", { id: "cycle", text: (outcome.expect === "deadlock" ?
        "Who waits for whom: " : "Round: ") + outcome.cycle }));
    }
  }
  box.append(el("p", {}, "Schedule: ", el("code", { id: "schedule", text: leaf.schedule })));
  const replay = replayCommand(atlas, leaf.schedule);
  const copy = el("button", { type: "button", text: "Copy the replay command" });
  copy.addEventListener("click", () => {
    if (navigator.clipboard) navigator.clipboard.writeText(replay);
  });
  box.append(command(replay), copy);
  box.append(el("p", { class: "hint", text: "Another era replays it too (put its name " +
    "after bikes-); where its tree is the same (side by side says which), it ends the same." }));
  box.append(lanes(atlas, nodes));
}

function lanes(atlas, nodes) {
  const table = el("table", { id: "lanes" });
  const head = el("tr", {}, el("th", { text: "step" }));
  for (let r = 0; r < atlas.riders; r++) head.append(el("th", { text: riderName(r) }));
  head.append(el("th", { text: "after it" }));
  table.append(head);
  table.append(el("tr", {}, el("td", { text: "start" }),
    ...Array.from({ length: atlas.riders }, () => el("td")), el("td", { text: atlas.start })));
  nodes.slice(1).forEach((node, i) => {
    const row = el("tr", {}, el("td", { class: "mono", text: (i + 1) + ". " + node.step }));
    for (let r = 0; r < atlas.riders; r++) {
      const cell = el("td");
      if (r === node.rider) {
        const list = el("ul", { class: "lines" });
        for (const line of node.lines) list.append(el("li", { text: line }));
        if (node.lines.length === 0) list.append(el("li", { text: "(goes on; nothing logged)" }));
        cell.append(list);
      }
      row.append(cell);
    }
    row.append(el("td", { text: node.state }));
    table.append(row);
  });
  return table;
}

function renderPlay() {
  const atlas = current.atlas;
  const box = document.getElementById("play");
  box.textContent = "";
  const nodes = current.path;
  const here = nodes[nodes.length - 1];
  box.append(el("p", { text: atlas.setting }));
  const steps = el("ol", { id: "played" });
  for (const node of nodes.slice(1)) {
    const item = el("li", {}, el("span", { class: "mono", text: node.step }));
    const list = el("ul", { class: "lines" });
    for (const line of node.lines) list.append(el("li", { text: line }));
    list.append(el("li", { class: "hint", text: "after it: " + node.state }));
    item.append(list);
    steps.append(item);
  }
  if (nodes.length > 1) box.append(steps);
  if (here.next.length === 0 && nodes.length > 1) {
    const outcome = atlas.outcomes[here.outcome];
    const won = outcome && outcome.expect !== "acceptable";
    box.append(el("p", { id: "verdict", class: "win " + (outcome ? outcome.expect : ""),
      text: won ? "You win: " + outcome.why + "." : "No harm done: the stage ended as " +
        "promised. Try another order." }));
    if (outcome) box.append(el("p", {}, badge(outcome.expect), " ", outcome.result));
    const path = [];
    for (let k = 1; k < nodes.length; k++) path.push(nodes[k - 1].next.indexOf(nodes[k]));
    const show = el("button", { type: "button", text: "Show this schedule" });
    show.addEventListener("click", () => chooseLeaf(path));
    box.append(show);
  } else {
    box.append(el("p", { text: nodes.length === 1 ? "Everybody waits at the gate. " +
      "Who goes first?" : "Who goes next?" }));
    here.next.forEach((child, i) => {
      const b = el("button", { type: "button", class: "choice",
        text: (i + 1) + ". " + child.step });
      b.addEventListener("click", () => { current.path = nodes.concat([child]); renderPlay();
        const first = document.querySelector("#play button");
        if (first) first.focus({ preventScroll: true }); });
      box.append(b);
    });
  }
  if (nodes.length > 1) {
    const back = el("button", { type: "button", text: "Back one step" });
    back.addEventListener("click", () => { current.path = nodes.slice(0, -1); renderPlay(); });
    const again = el("button", { type: "button", text: "Start again" });
    again.addEventListener("click", () => { current.path = [atlas.tree]; renderPlay(); });
    box.append(el("div", {}, back, again));
  }
}

document.addEventListener("keydown", (e) => {
  if (!current || e.target.closest("#tree")) return;
  const n = parseInt(e.key, 10);
  const here = current.path[current.path.length - 1];
  if (n >= 1 && n <= here.next.length) {
    current.path = current.path.concat([here.next[n - 1]]);
    renderPlay();
  }
});

// The address can ask for a view (Scripts/atlas-check.sh and the
// chapters' screenshots): #tab=1&open=all&play=A:arrive+B:arrive&leaf=...
function fromAddress() {
  const asked = new URLSearchParams(location.hash.slice(1));
  const tab = parseInt(asked.get("tab") || "0", 10);
  if (tab > 0 && tab < book.atlases.length) { showTabs(tab); show(book.atlases[tab]); }
  if (asked.get("open") === "all") {
    let closed;
    while ((closed = document.querySelector("#tree li[aria-expanded=false]"))) toggle(closed, true);
  }
  const steps = (text) => text.split(/[ +]/).filter((w) => w.length > 0);
  if (asked.get("play") !== null) {
    for (const step of steps(asked.get("play"))) {
      const button = Array.from(document.querySelectorAll("#play button.choice")).find((b) =>
        b.textContent.endsWith(". " + step));
      if (!button) break;
      button.click();
    }
  }
  if (asked.get("leaf") !== null) {
    let item = document.querySelector("#tree li[role=treeitem]");
    for (const step of steps(asked.get("leaf"))) {
      toggle(item, true);
      const list = item.querySelector("ul");
      const next = list && Array.from(list.children).find((li) => li._node.step === step);
      if (!next) break;
      item = next;
    }
    activate(item);
  }
}

document.body.setAttribute("data-atlases", String(book.atlases.length));
showSummary();
if (book.atlases.length > 0) {
  showTabs(0);
  show(book.atlases[0]);
  fromAddress();
}
