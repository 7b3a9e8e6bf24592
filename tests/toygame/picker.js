// Stones' move picker (a test-only game): the hooks of the shared picker (static/js/play.js,
// PlayPage.register), declared by its spec (``script``) like a built-in game's and served by the
// service from this package. A move's point is the first stone it takes (s1 the leftmost); a click
// on a stone takes it and every stone right of it. Said before the click, shown before it is sent.
(function () {
  "use strict";
  var page = window.PlayPage;
  if (!page) {
    return;
  }

  var say = page.say;

  function left(board) {
    return board ? board.svg.querySelectorAll("circle.stone[data-point]").length : document.querySelectorAll("#play-board circle.stone[data-point]").length;
  }

  page.register({
    prompt: function (pick) {
      return say(pick.words, "take");
    },
    targets: function (pick) {
      var stones = left(null);
      return pick.next.map(function (name) {
        var count = stones - parseInt(name.slice(1), 10) + 1;
        return { point: name, picks: [name], label: say(pick.words, "target", { count: count }) };
      });
    },
    preview: function (pick, board) {
      if (!pick.chosen) {
        return;
      }
      var stones = left(board);
      for (var n = stones - parseInt(pick.chosen, 10) + 1; n <= stones; n++) {
        var stone = board.svg.querySelector('circle.stone[data-point="s' + n + '"]');
        if (stone) {
          board.hide(stone);
          board.circle("play-removed", board.at("s" + n), 12);
        }
      }
    },
    describe: function (notation, pick) {
      return say(pick.words, "said", { count: notation, left: left(null) - parseInt(notation, 10) });
    },
  });
})();
