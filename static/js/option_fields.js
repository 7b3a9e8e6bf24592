// The start options of a form (the challenge form, an event's form): each option's field shown only
// while a game that takes it is chosen (data-option-games: those game keys, space-separated); a
// hidden one is disabled, so that it is not sent. Without this file every option's field is shown.
(function () {
  "use strict";
  Array.prototype.forEach.call(document.querySelectorAll("form"), function (form) {
    var parts = form.querySelectorAll("[data-option-games]");
    var game = form.querySelector('[name="game"]');
    if (!parts.length || !game) {
      return;
    }
    function arrange() {
      Array.prototype.forEach.call(parts, function (part) {
        var shown = part.getAttribute("data-option-games").split(" ").indexOf(game.value) >= 0;
        part.hidden = !shown;
        Array.prototype.forEach.call(part.querySelectorAll("input, select, textarea"), function (input) {
          input.disabled = !shown;
        });
      });
    }
    game.addEventListener("change", arrange);
    arrange();
  });
})();
