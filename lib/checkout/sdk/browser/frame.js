/* The embedded checkout's frame (served with frame-ancestors = the merchant's origin): tells the merchant's page
   its height and events, asks it before paying (beforePayment), and listens to it only. No card data passes here. */
(function () {
  "use strict";
  var script = document.currentScript;
  var origin = script.dataset.origin;
  var sessionId = script.dataset.session;
  if (!origin || window.parent === window) return;

  function post(message) {
    message.source = "checkout-frame";
    message.session_id = sessionId;
    window.parent.postMessage(message, origin);
  }

  var height = 0;
  function resize() {
    var next = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (next !== height) post({ type: "resize", height: (height = next) });
  }
  new ResizeObserver(resize).observe(document.documentElement);
  if (script.dataset.event) post(JSON.parse(script.dataset.event));

  var form = document.getElementById("ck-pay");
  if (!form) return;
  var button = form.querySelector("button");
  var waiting = false;
  var chosen = function () {
    var input = form.querySelector("input[name=pg_code]:checked");
    return input ? input.value : "";
  };
  form.addEventListener("change", function () {
    post({ type: "method_selected", pg_code: chosen() });
  });
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    if (waiting || !chosen()) return;
    waiting = true;
    button.disabled = true;
    post({ type: "pay_requested", pg_code: chosen() });
  });
  window.addEventListener("message", function (event) {
    var message = event.data;
    if (event.source !== window.parent || event.origin !== origin || !waiting) return;
    if (!message || message.source !== "checkout-sdk" || message.session_id !== sessionId) return;
    waiting = false;
    if (message.type === "proceed") {
      post({ type: "payment_started", pg_code: chosen() });
      form.submit();
    } else {
      button.disabled = false;
    }
  });
})();
