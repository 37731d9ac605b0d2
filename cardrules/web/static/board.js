// The table drawn from the seat's view: the JSON the server sends the seat (`frame.view`),
// nothing more, so it shows no card the seat may not see. Each seat in a box (cards held,
// its figures, dealer, whose turn), then the cards in play as faces: the trick with who
// played each card, the pile and its top card, a bout's attacks and covers, the layout
// on the table, the board, the house's cards, the combination to beat. Entries no family
// is drawn for specially still show: cards as faces, a per-seat figure in the seat's box,
// any other number or word as a "name: value" fact. No build step: plain functions.
"use strict";

// Entries drawn elsewhere on the page, or too long to be useful here (the text table,
// under "Table as text", shows them all).
const BOARD_SKIP = new Set(["variant", "player", "players", "current_player", "events",
  "legal_actions", "hands", "dealer", "trumps", "trump_order", "bidders", "holder",
  "top_owner", "face_down", "leader", "last", "hand_number", "crib_stock"]);
// Per-seat entries that are card lists shown only as a count (a seat's winnings).
const COUNTED = new Set(["won", "taken", "seen"]);
// Per-seat flags shown as a word when set.
const FLAGS = {folded: "folded", passed: "passed", done: "done", gone: "go", out: "out"};

function words(key) {
  return key.replace(/_/g, " ");
}

function isCardList(value, cards) {
  return Array.isArray(value) && value.length > 0 &&
    value.every((c) => typeof c === "string" && cards.has(c));
}

function isScalar(value) {
  return value === null || ["string", "number", "boolean"].includes(typeof value);
}

// A card face (a name of the pack) or a card's back (null).
function face(name, cards) {
  const el = document.createElement("span");
  if (name === null || !cards.has(name)) {
    el.className = "face back";
    el.textContent = name === null ? "" : String(name);
    return el;
  }
  el.className = "face" + (RED_SUITS.has(suitOf(name)) ? " red" : "");
  el.dataset.card = name;
  el.textContent = cardLabel(name);
  return el;
}

function faces(names, cards, limit) {
  const row = document.createElement("span");
  row.className = "faces";
  const shown = limit && names.length > limit ? names.slice(-limit) : names;
  if (shown.length < names.length) {
    const more = document.createElement("span");
    more.className = "more";
    more.textContent = `+${names.length - shown.length}`;
    row.appendChild(more);
  }
  for (const name of shown) row.appendChild(face(name, cards));
  return row;
}

// A labelled area of the centre: `label` above what it holds.
function area(label, className, ...children) {
  const box = document.createElement("div");
  box.className = "area " + className;
  const title = document.createElement("div");
  title.className = "area-label";
  title.textContent = label;
  box.append(title, ...children);
  return box;
}

function seatName(p, me) {
  return p === me ? `P${p} you` : `P${p}`;
}

const BY_SEAT = new Set(["numbers_by_seat", "cards_by_seat", "seats_in",
  "suit_classes_by_seat"]);
// Per-seat entries inside another drawn elsewhere (a match's totals, under each seat).
const DOTTED_SKIP = new Set(["match.totals"]);

// The entry at `key`; a key with a dot names an entry inside another
// ("trumps.classes": the `classes` of the `trumps` entry).
function at(view, key) {
  return key.split(".").reduce(
    (v, k) => (v && typeof v === "object" && !Array.isArray(v) ? v[k] : undefined), view);
}

// The kind of an entry: as the welcome's `fields` say (the game's observation fields),
// else guessed from the value (a list with one value per seat is a per-seat entry).
function kindOf(key, value, fields, players, cards) {
  if (fields && fields[key]) return fields[key];
  if (typeof value === "string" && cards.has(value)) return "card";
  if (isCardList(value, cards)) return "cards";
  if (Array.isArray(value) && value.length === players &&
      value.every((v) => isScalar(v) || Array.isArray(v))) {
    return value.some(Array.isArray) ? "cards_by_seat" : "numbers_by_seat";
  }
  return "other";
}

// The per-seat entries, shown in each seat's box: the view's own, and those inside
// another entry that the welcome's `fields` name (each seat's trump suits).
function perSeat(view, fields, players, cards) {
  const keys = Object.keys(view).filter((key) => !BOARD_SKIP.has(key) &&
    BY_SEAT.has(kindOf(key, view[key], fields, players, cards)) && Array.isArray(view[key]));
  for (const key of Object.keys(fields || {})) {
    const value = at(view, key);
    if (key.includes(".") && !DOTTED_SKIP.has(key) && BY_SEAT.has(fields[key]) &&
        Array.isArray(value) && value.length === players) keys.push(key);
  }
  return keys;
}

// A seat's suits by class ({"H": 1}), highest class first, as suit symbols.
function suitClasses(value) {
  return Object.entries(value).sort((a, b) => b[1] - a[1])
    .map(([suit]) => SUIT_SYMBOLS[suit] || suit).join(" ");
}

function seatBox(view, frame, p, keys, fields, cards) {
  const box = document.createElement("div");
  const me = frame.seat;
  box.className = "seat" + (p === me ? " me" : "") +
    (p === frame.turn && !frame.over ? " turn" : "");
  box.dataset.seat = String(p);
  const name = document.createElement("div");
  name.className = "seat-name";
  name.textContent = seatName(p, me);
  if (view.dealer === p) name.appendChild(badge("dealer"));
  if (p === frame.turn && !frame.over) name.appendChild(badge("to play"));
  box.appendChild(name);
  const hands = view.hands;
  const hand = Array.isArray(hands) ? hands[p] : null;
  const held = Array.isArray(hand) ? hand.length : typeof hand === "number" ? hand : null;
  const figures = [];
  if (held !== null) figures.push(`${held} card${held === 1 ? "" : "s"}`);
  const shown = [];
  for (const key of keys) {
    if (fields && fields[key] === "seats_in") {
      if (view[key].includes(p)) figures.push(FLAGS[key] || words(key));
      continue;
    }
    const value = at(view, key)[p];
    if (value === undefined) continue;
    if (fields && fields[key] === "suit_classes_by_seat") {
      if (value && typeof value === "object" && Object.keys(value).length) {
        figures.push(`${words(key.split(".")[0])} ${suitClasses(value)}`);
      }
      continue;
    }
    if (key in FLAGS) {
      if (value === true || value === 1) figures.push(FLAGS[key]);
      continue;
    }
    if (Array.isArray(value)) {
      if (value.length === 0) continue;
      if (COUNTED.has(key)) {
        figures.push(`${words(key)} ${value.length}`);
      } else if (isCardList(value, cards)) {
        shown.push([key, value]);
      } else if (value.every((v) => Array.isArray(v) && isCardList(v, cards))) {
        shown.push([key, value]);  // groups of cards (melds), each kept together
      }
    } else if (typeof value === "number" && COUNTED.has(key)) {
      figures.push(`${words(key)} ${value}`);
    } else if (typeof value === "number" || typeof value === "string") {
      figures.push(`${words(key)} ${value}`);
    }
  }
  if (Array.isArray(hand) && hand.length && p !== me) shown.unshift(["hand", hand]);
  const totals = view.match && Array.isArray(view.match.totals) ? view.match.totals : null;
  if (totals && typeof totals[p] === "number") figures.push(`match total ${totals[p]}`);
  const line = document.createElement("div");
  line.className = "seat-figures";
  line.textContent = figures.join(" \u00b7 ");
  box.appendChild(line);
  for (const [key, names] of shown) {
    const row = document.createElement("div");
    row.className = "seat-cards";
    row.dataset.key = key;
    if (names.every(Array.isArray)) {
      row.append(`${words(key)} `);
      for (const group of names) {
        const set = faces(group, cards);
        set.classList.add("group");
        row.appendChild(set);
      }
    } else {
      row.append(`${words(key)} `, faces(names, cards, key === "hand" ? 0 : 8));
    }
    box.appendChild(row);
  }
  return box;
}

function badge(text) {
  const el = document.createElement("span");
  el.className = "badge";
  el.textContent = text;
  return el;
}

// The trick: each card under the name of the seat that played it.
function trickArea(view, me, cards) {
  const row = document.createElement("div");
  row.className = "plays";
  for (const play of view.trick) {
    const fig = document.createElement("figure");
    fig.className = "play" + (view.holder === play.player ? " holding" : "");
    const names = Array.isArray(play.cards) ? play.cards : [];
    fig.append(play.face_down ? face(null, cards) : faces(names, cards));
    const who = document.createElement("figcaption");
    who.textContent = seatName(play.player, me);
    fig.appendChild(who);
    row.appendChild(fig);
  }
  if (view.trick.length === 0) row.textContent = "(no card played yet)";
  return area("Trick", "trick", row);
}

// Groups of cards with their facts (a fishing game's builds: cards, value, owner...):
// each group's cards as faces, the rest of its entries as a caption.
function groupsArea(label, groups, cards) {
  const row = document.createElement("div");
  row.className = "plays";
  for (const group of groups) {
    const fig = document.createElement("figure");
    fig.className = "group";
    fig.append(faces(group.cards, cards));
    const said = [];
    for (const [key, value] of Object.entries(group)) {
      if (key === "cards" || value === false || value === null) continue;
      if (key === "owner" || key === "player") said.push(`P${value}`);
      else if (value === true) said.push(words(key));
      else if (Array.isArray(value)) said.push(`${words(key)} ${value.join(" or ")}`);
      else said.push(`${words(key)} ${value}`);
    }
    const caption = document.createElement("figcaption");
    caption.textContent = said.join(" \u00b7 ");
    fig.appendChild(caption);
    row.appendChild(fig);
  }
  return area(label[0].toUpperCase() + label.slice(1), "groups", row);
}

// A bout: each attacking card with the card covering it, if any.
function boutArea(view, cards) {
  const row = document.createElement("div");
  row.className = "plays";
  const covers = Array.isArray(view.covers) ? view.covers : [];
  const pairs = Array.isArray(view.table) && view.table.every(Array.isArray) ? view.table
    : view.attacks.map((a, i) => (i < covers.length ? [a, covers[i]] : [a]));
  for (const pair of pairs) {
    const fig = document.createElement("figure");
    fig.className = "pair";
    fig.append(faces(pair, cards));
    row.appendChild(fig);
  }
  if (pairs.length === 0) row.textContent = "(no attack yet)";
  const label = typeof view.attacker === "number"
    ? `Bout: P${view.attacker} attacks, P${view.defender} defends` : "Bout";
  return area(label, "bout", row);
}

function centre(view, frame, players, fields, cards, used) {
  const box = document.createElement("div");
  box.className = "centre";
  const me = frame.seat;
  const facts = [];
  const mark = (...keys) => keys.forEach((k) => used.add(k));
  if (Array.isArray(view.trick)) {
    box.appendChild(trickArea(view, me, cards));
    mark("trick");
  }
  if (Array.isArray(view.attacks)) {
    box.appendChild(boutArea(view, cards));
    mark("attacks", "covers", "table", "attacker", "defender");
  }
  if ("pile" in view || "top" in view) {
    const pile = isCardList(view.pile, cards) ? view.pile
      : typeof view.top === "string" && cards.has(view.top) ? [view.top] : [];
    const label = (view.pile_name ? words(String(view.pile_name)) : "pile") +
      (typeof view.top_owner === "number" && pile.length ? `, top played by P${view.top_owner}` : "");
    const row = pile.length ? faces(pile, cards, 6) : document.createTextNode("(empty)");
    box.appendChild(area(label[0].toUpperCase() + label.slice(1), "pile", row));
    mark("pile", "top", "pile_name");
  }
  if (isCardList(view.table, cards) || (Array.isArray(view.table) && !used.has("table") &&
      view.table.length === 0)) {
    const label = typeof view.combination === "string"
      ? `To beat: ${view.combination}` + (typeof view.last === "number" ? ` by P${view.last}` : "")
      : "On the table";
    const row = view.table.length ? faces(view.table, cards) : document.createTextNode("(empty)");
    box.appendChild(area(label, "layout", row));
    mark("table", "combination");
  }
  // Every other entry by its kind: cards as faces, numbers, seats and words as facts.
  const seatKeys = new Set(perSeat(view, fields, players, cards));
  for (const [key, value] of Object.entries(view)) {
    if (used.has(key) || BOARD_SKIP.has(key) || seatKeys.has(key)) continue;
    const kind = kindOf(key, value, fields, players, cards);
    if (typeof value === "string" && cards.has(value)) {
      box.appendChild(area(words(key), "extra", faces([value], cards)));
    } else if (isCardList(value, cards)) {
      box.appendChild(area(words(key), "extra", faces(value, cards, 10)));
    } else if (kind === "seat") {
      if (typeof value === "number" && value >= 0) facts.push([words(key), `P${value}`]);
    } else if (Array.isArray(value) && value.length && value.every((v) => v &&
      typeof v === "object" && !Array.isArray(v) && isCardList(v.cards, cards))) {
      box.appendChild(groupsArea(words(key), value, cards));
    } else if (Array.isArray(value) && value.length && value.every((v) =>
      v && typeof v === "object" && !Array.isArray(v) && "player" in v)) {
      const said = value.map((v) => `P${v.player} ${Object.entries(v)
        .filter(([k]) => k !== "player").map(([, x]) => String(x)).join(" ")}`);
      facts.push([words(key), said.join(", ")]);
    } else if (Array.isArray(value) && value.length && value.every(isScalar)) {
      facts.push([words(key), value.join(", ")]);
    } else if (typeof value === "string" && SUIT_SYMBOLS[value]) {
      facts.push([words(key), `${SUIT_SYMBOLS[value]} ${value}`, RED_SUITS.has(value)]);
    } else if (value !== null && value !== "" && isScalar(value)) {
      facts.push([words(key), String(value)]);
    }
  }
  if (facts.length) {
    const list = document.createElement("div");
    list.className = "facts";
    for (const [name, value, red] of facts) {
      const chip = document.createElement("span");
      chip.className = "fact" + (red ? " red" : "");
      chip.dataset.key = name;
      chip.append(`${name}: `, cardText(value, cards));
      list.appendChild(chip);
    }
    box.prepend(list);
  }
  return box;
}

// The whole board for a `view` frame; `cards`: the pack's card names and `fields`: the
// kind of each entry of the views (both from `welcome`).
function renderBoard(frame, cards, fields) {
  const view = frame.view;
  const players = typeof view.players === "number" ? view.players
    : Array.isArray(view.hands) ? view.hands.length : 0;
  const board = document.createElement("div");
  board.className = "board";
  const seats = document.createElement("div");
  seats.className = "seats";
  const keys = perSeat(view, fields, players, cards);
  for (let p = 0; p < players; p++) {
    seats.appendChild(seatBox(view, frame, p, keys, fields, cards));
  }
  board.append(seats, centre(view, frame, players, fields, cards, new Set()));
  return board;
}
