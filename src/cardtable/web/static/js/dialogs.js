// One modal dialog at a time (the page's <dialog id="modal">), short notices (toasts), and
// the notices that stand in for a page: loading, or what could not be opened.

export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2).toLowerCase(), value);
    } else if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.appendChild(typeof child === "string" || typeof child === "number"
      ? document.createTextNode(String(child)) : child);
  }
  return node;
}

/** Replace a node's children, skipping null, undefined and false. */
export function fill(node, ...children) {
  node.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
}

/** The spinner shown while a table is being fetched. */
export function loadingNotice() {
  return h("div", { class: "loading" }, h("div", { class: "spinner" }), "Shuffling…");
}

/** What stands in for a page that could not be opened: why, and the way back to the lobby. */
export function lobbyNotice(title, text) {
  return h("section", { class: "panel notice" },
    h("h2", {}, title),
    h("p", {}, text),
    h("a", { class: "btn primary", href: "#/" }, "Back to the lobby"));
}

let closeHandler = null;

/** Whether the modal is open (and, given a class name, whether it is that dialog). */
export function modalOpen(className = null) {
  const dialog = document.getElementById("modal");
  return dialog.open && (className === null || dialog.classList.contains(className));
}

/**
 * Open the modal. actions: [{label, primary, onClick, id, key}] (onClick returning false
 * keeps it open). Returns a close function.
 */
export function openModal({ title, body, actions = [], className = "", onClose = null, dismissible = true }) {
  const dialog = document.getElementById("modal");
  if (dialog.open) closeModal(false);
  dialog.className = className;
  dialog.replaceChildren();
  const close = h("button", { class: "modal-close", type: "button", "aria-label": "Close", text: "×" });
  close.addEventListener("click", () => closeModal());
  const footer = h("div", { class: "modal-actions" });
  for (const action of actions) {
    const button = h("button", {
      type: "button",
      class: action.primary ? "btn primary" : "btn",
      id: action.id || null,
    }, action.label);
    button.addEventListener("click", async () => {
      const keep = action.onClick ? await action.onClick() : undefined;
      if (keep !== false) closeModal();
    });
    footer.appendChild(button);
  }
  fill(dialog,
    h("header", { class: "modal-head" }, h("h2", { id: "modal-title" }, title), dismissible ? close : null),
    h("div", { class: "modal-body" }, body),
    actions.length ? footer : null,
  );
  closeHandler = onClose;
  dialog.oncancel = (event) => {
    if (!dismissible) event.preventDefault();
  };
  dialog.onclose = () => {
    placeToast();
    const handler = closeHandler;
    closeHandler = null;
    if (handler) handler();
  };
  dialog.showModal();
  placeToast(); // the dialog's filling took the toast out: back in, above the backdrop
  const primary = footer.querySelector(".primary");
  if (primary) primary.focus({ preventScroll: true });
  dialog.scrollTop = 0;
  const scroller = dialog.querySelector(".modal-body");
  if (scroller) scroller.scrollTop = 0;
  return () => closeModal();
}

export function closeModal(runHandler = true) {
  const dialog = document.getElementById("modal");
  if (!runHandler) closeHandler = null;
  if (dialog.open) dialog.close();
}

let toastTimer = null;
let toastNode = null;

/**
 * Put the toast where it can be read: a modal dialog is in the top layer, above everything
 * else and its backdrop, so while one is open the toast lives inside it (its position is
 * fixed to the window all the same), and back in the page once it closes.
 */
function placeToast() {
  toastNode = toastNode || document.getElementById("toast");
  const dialog = document.getElementById("modal");
  const host = dialog && dialog.open ? dialog : document.body;
  if (toastNode.parentNode !== host) host.appendChild(toastNode);
  return toastNode;
}

export function toast(message, kind = "info") {
  const node = placeToast();
  node.textContent = message;
  node.className = `show ${kind}`;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    node.className = "";
  }, kind === "error" ? 5000 : 3000);
}
