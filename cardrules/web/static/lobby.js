// The lobby: make a table (each human seat gets its own secret link) or watch one.
"use strict";
const $ = (id) => document.getElementById(id);

async function load() {
  const variants = (await (await fetch("/api/variants")).json()).variants;
  $("variant").replaceChildren(...variants.map((v) => {
    const option = document.createElement("option");
    option.value = v.name;
    option.textContent = `${v.title} (${v.players[0]}\u2013${v.players[1]} players)`;
    return option;
  }));
  $("variant").onchange = () => {
    const chosen = variants.find((v) => v.name === $("variant").value);
    $("players").min = chosen.players[0];
    $("players").max = chosen.players[1];
    $("players").value = chosen.players[0];
  };
  $("variant").onchange();
  await listTables();
}

async function listTables() {
  const tables = (await (await fetch("/api/tables")).json()).tables;
  $("tables").replaceChildren(...tables.map((t) => {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = `/t/${t.table}`;
    a.textContent = `${t.variant}, ${t.players} players, ${t.step} moves` +
      (t.over ? " (over)" : "") + " \u2014 watch";
    li.appendChild(a);
    return li;
  }));
  if (tables.length === 0) $("tables").textContent = "No table yet.";
}

$("new").onsubmit = async (event) => {
  event.preventDefault();
  const body = {
    variant: $("variant").value,
    players: Number($("players").value),
    match: $("match").checked,
    seats: $("seats").value.split(",").map((s) => s.trim()).filter((s) => s),
  };
  const answer = await fetch("/api/tables", {method: "POST", body: JSON.stringify(body),
                                             headers: {"Content-Type": "application/json"}});
  const made = await answer.json();
  if (!answer.ok) {
    $("made").textContent = `Refused: ${made.reason}`;
    return;
  }
  const list = document.createElement("ul");
  for (const seat of made.seats) {
    const li = document.createElement("li");
    if (seat.link) {
      const a = document.createElement("a");
      a.href = seat.link;
      a.textContent = `P${seat.seat}: play (keep this link secret)`;
      li.appendChild(a);
    } else {
      li.textContent = `P${seat.seat}: ${seat.bot}`;
    }
    list.appendChild(li);
  }
  $("made").replaceChildren(list);
  await listTables();
};

load();
