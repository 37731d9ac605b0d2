// The browser table: joins /ws with the seat's secret token (after '#' in the link),
// shows what the server sends for this seat and sends the moves chosen. It never sees
// more than the seat's view: the server builds every message from it.
"use strict";
const tableId = decodeURIComponent(location.pathname.split("/").pop());
const token = location.hash.slice(1) || null;
const $ = (id) => document.getElementById(id);
let socket = null;
let welcome = null;
let current = null;
let cards = new Set();
let selected = new Set();
let retry = 500;
let finished = false;

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws`);
  socket.onopen = () => {
    retry = 500;
    socket.send(JSON.stringify({type: "join", table: tableId, token: token}));
  };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = () => {
    if (finished) return;
    $("status").textContent = "Connection lost: reconnecting\u2026";
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  };
}

function receive(message) {
  if (message.type === "welcome") {
    welcome = message;
    cards = new Set(message.cards);
    document.title = `${message.title} \u00b7 cardrules`;
    $("title").textContent = message.title;
    $("who").textContent = message.seat === null ? "watching" : `you are P${message.seat}`;
    $("hand-panel").hidden = message.seat === null;
    $("moves-panel").hidden = message.seat === null;
    $("rules").replaceChildren(...message.rules.map((line) => {
      const p = document.createElement(line.startsWith("#") ? "h3" : "p");
      p.append(cardText(line.replace(/^#+\s*/, ""), cards));
      return p;
    }));
    $("summaries").replaceChildren();
  } else if (message.type === "view") {
    current = message;
    selected = new Set();
    $("refusal").hidden = true;
    render();
  } else if (message.type === "deal_summary" || message.type === "match_summary") {
    $("summary-panel").hidden = false;
    const box = document.createElement("div");
    box.className = "summary " + message.type;
    for (const line of message.lines) {
      const p = document.createElement("p");
      p.append(cardText(line, cards));
      box.appendChild(p);
    }
    $("summaries").prepend(box);
  } else if (message.type === "error") {
    $("refusal").hidden = false;
    $("refusal").replaceChildren(cardText(`Refused: ${message.reason}`, cards));
    if (message.code === "bad_token" || message.code === "no_table") finished = true;
  } else if (message.type === "notice") {
    $("notice").hidden = false;
    $("notice").textContent = message.text;
  }
}

function render() {
  const view = current;
  const me = view.seat;
  let status;
  if (view.over) status = "The game is over";
  else if (view.turn === me) status = "Your turn";
  else status = `P${view.turn} to play`;
  $("status").textContent = status;
  $("status").className = view.turn === me && !view.over ? "mine" : "";
  $("board").replaceChildren(renderBoard(view, cards, welcome ? welcome.fields : null));
  $("lines").replaceChildren(...view.lines.map((line) => {
    const row = document.createElement("div");
    row.append(cardText(line, cards));
    return row;
  }));
  $("events").replaceChildren(...view.events.map((text) => {
    const li = document.createElement("li");
    li.append(cardText(text, cards));
    return li;
  }));
  renderHand();
  renderMoves();
}

function playable(card) {
  return current.legal.filter((move) => move.cards.includes(card));
}

function renderHand() {
  const hands = current.view.hands;
  const mine = current.seat === null || !Array.isArray(hands) ? null : hands[current.seat];
  const hand = Array.isArray(mine) ? mine : [];
  $("hand").replaceChildren(...hand.map((card) => {
    const button = document.createElement("button");
    button.className = "card" + (RED_SUITS.has(suitOf(card)) ? " red" : "") +
      (selected.has(card) ? " selected" : "");
    button.textContent = cardLabel(card);
    button.dataset.card = card;
    const moves = playable(card);
    button.disabled = moves.length === 0;
    button.onclick = () => chooseCard(card);
    return button;
  }));
  if (hand.length === 0) $("hand").textContent = Array.isArray(mine) ? "(no cards)" : "";
}

function chooseCard(card) {
  const single = current.legal.filter((m) => m.cards.length === 1 && m.cards[0] === card);
  const all = playable(card);
  if (selected.size === 0 && single.length === 1 && all.length === 1) {
    send(single[0].action);
    return;
  }
  if (selected.has(card)) selected.delete(card); else selected.add(card);
  renderHand();
  renderMoves();
}

// A word offered with many amounts (a no-limit bet: "raise 4" ... "raise 400") is one
// number field and one button instead of a button per amount.
const MANY_AMOUNTS = 6;

function moveButton(move) {
  const button = document.createElement("button");
  button.className = "move";
  button.dataset.action = move.action;
  button.append(cardText(move.text, cards));
  button.onclick = () => send(move.action);
  return button;
}

function amountPicker(word, options) {
  const box = document.createElement("span");
  box.className = "amount";
  const input = document.createElement("input");
  input.type = "number";
  input.min = options[0][0];
  input.max = options[options.length - 1][0];
  input.value = input.min;
  input.setAttribute("aria-label", `${word}: ${input.min} to ${input.max}`);
  const button = document.createElement("button");
  button.className = "move";
  button.dataset.word = word;
  button.textContent = `${word} (${input.min}\u2013${input.max})`;
  button.onclick = () => {
    const chosen = options.find(([amount]) => amount === Number(input.value));
    if (chosen) send(chosen[1].action); else input.reportValidity();
  };
  box.append(input, button);
  return box;
}

function renderMoves() {
  const moves = current.legal.filter((m) => [...selected].every((c) => m.cards.includes(c)));
  const byWord = new Map();
  const parts = [];
  for (const move of moves) {
    const sized = move.cards.length === 0 ? /^([a-z]+) (\d+)$/.exec(move.text) : null;
    if (!sized) { parts.push(move); continue; }
    if (!byWord.has(sized[1])) { byWord.set(sized[1], []); parts.push(sized[1]); }
    byWord.get(sized[1]).push([Number(sized[2]), move]);
  }
  $("moves").replaceChildren(...parts.flatMap((part) => {
    if (typeof part !== "string") return [moveButton(part)];
    const options = byWord.get(part);
    return options.length > MANY_AMOUNTS ? [amountPicker(part, options)]
      : options.map(([, move]) => moveButton(move));
  }));
  if (current.legal.length === 0) {
    $("moves").textContent = current.over ? "" : "Waiting for the others\u2026";
  }
}

function send(action) {
  if (!socket || socket.readyState !== WebSocket.OPEN) return;
  socket.send(JSON.stringify({type: "act", action: action, step: current.step}));
}

connect();
