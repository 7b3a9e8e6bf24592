// Buttons with a data-confirm question ask it before their form is sent (in place of inline onclick
// handlers, which the Content-Security-Policy forbids).
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("[data-confirm]") : null;
    if (button && !window.confirm(button.getAttribute("data-confirm"))) {
      event.preventDefault();
    }
  });
})();
