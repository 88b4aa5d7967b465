/* The Checkout SDK (docs/embedded-checkout.md): draws the payment in a frame of this service and reports its
   events. Plain ES2017, no dependencies. Only messages from our frame's window and origin, of the right shape, count. */
(function () {
  "use strict";
  var script = document.currentScript;
  var SERVICE = new URL(script ? script.src : location.href).origin;
  var EVENTS = ["ready", "method_selected", "payment_started", "redirecting", "success", "failure", "cancel", "error"];
  var FIELDS = ["state", "reference_number", "redirect_url", "message", "pg_code"];
  var current = null;

  function frameUrl(options) {
    var query = new URLSearchParams({
      session_id: options.session_id,
      pk: options.apiKey,
      origin: location.origin,
      lang: options.lang === "ar" ? "ar" : "en",
    });
    if (options.theme) query.set("theme", JSON.stringify(options.theme));
    return SERVICE + "/b/checkout/sdk/v1/frame?" + query;
  }

  function call(callback, data) {
    if (typeof callback !== "function") return;
    try {
      callback(data);
    } catch (error) {
      setTimeout(function () { throw error; }); // the merchant's error, reported without stopping ours
    }
  }

  function render() {
    var iframe = document.createElement("iframe");
    iframe.src = frameUrl(current.options);
    iframe.title = current.options.lang === "ar" ? "الدفع" : "Checkout";
    iframe.style.cssText = "display:block;width:100%;border:0;height:320px";
    current.container.replaceChildren(iframe);
    current.iframe = iframe;
  }

  function tell(type) {
    current.iframe.contentWindow.postMessage({ source: "checkout-sdk", type: type, session_id: current.options.session_id }, SERVICE);
  }

  function report(data) {
    var options = current.options;
    call(options.onEvent, data);
    if (data.type === "success") call(options.successCallback, data);
    if (data.type === "cancel") call(options.cancelCallback, data);
    if (data.type === "failure" || data.type === "error") call(options.errorCallback, data);
    // The gateway's card page does not report its height: room for it until our result page does.
    if (data.type === "payment_started") current.iframe.style.height = Math.max(parseInt(current.iframe.style.height, 10), 640) + "px";
    if (data.type === "redirecting" && /^https?:\/\//.test(data.redirect_url || "")) location.assign(data.redirect_url);
    // A declined or canceled payment: the form again, where the customer can retry.
    if (data.type === "failure" || data.type === "cancel") render();
  }

  function payRequested() {
    var before = current.options.beforePayment;
    Promise.resolve()
      .then(function () { return typeof before === "function" ? before() : undefined; })
      .then(function () { tell("proceed"); }, function () { tell("abort"); });
  }

  function onMessage(event) {
    if (!current || !current.iframe || event.source !== current.iframe.contentWindow || event.origin !== SERVICE) return;
    var message = event.data;
    if (!message || typeof message !== "object" || message.source !== "checkout-frame") return;
    if (message.session_id !== current.options.session_id || typeof message.type !== "string") return;
    if (message.type === "resize") {
      if (typeof message.height === "number" && message.height > 0) current.iframe.style.height = Math.ceil(Math.min(message.height, 5000)) + "px";
      return;
    }
    if (message.type === "pay_requested") return payRequested();
    if (EVENTS.indexOf(message.type) < 0) return;
    var data = { type: message.type, session_id: message.session_id };
    FIELDS.forEach(function (field) {
      if (typeof message[field] === "string") data[field] = message[field];
    });
    report(data);
  }

  function init(options) {
    options = options || {};
    var id = String(options.selector || "").replace(/^#/, "");
    var container = id && document.getElementById(id);
    if (!container) throw new Error("Checkout.init: no element with the id \"" + id + "\" (selector).");
    current = { options: options, container: container, iframe: null };
    if (!options.session_id || !/^pk_/.test(options.apiKey || "")) {
      report({ type: "error", session_id: options.session_id || "", message: "Checkout.init needs a session_id and a public key (apiKey: pk_…)." });
      return;
    }
    render();
  }

  window.addEventListener("message", onMessage);
  window.Checkout = {
    version: "1",
    init: init,
    /** Draws the frame again, e.g. after the merchant's server changed the amount. */
    reload: function () {
      if (current && current.iframe) render();
    },
  };
})();
