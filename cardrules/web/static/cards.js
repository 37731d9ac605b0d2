// Card names in words and symbols, shared by the table and the lobby (no build step).
"use strict";
const SUIT_SYMBOLS = {S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663"};
const RED_SUITS = new Set(["H", "D"]);

function suitOf(name) {
  const last = name.slice(-1);
  return SUIT_SYMBOLS[last] ? last : "";
}

function cardLabel(name) {
  const suit = suitOf(name);
  return suit ? name.slice(0, -1) + SUIT_SYMBOLS[suit] : name;
}

// An element showing text in which the pack's card names become coloured symbols.
function cardText(text, cards) {
  const out = document.createElement("span");
  const words = String(text).split(/(\s+|[,.;:()\[\]/])/);
  for (const word of words) {
    if (cards.has(word)) {
      const span = document.createElement("span");
      span.className = "card-word" + (RED_SUITS.has(suitOf(word)) ? " red" : "");
      span.textContent = cardLabel(word);
      out.appendChild(span);
    } else {
      out.appendChild(document.createTextNode(word));
    }
  }
  return out;
}
