// ZÈRTZ's move picker on the game page: the hooks of the shared picker (static/js/play.js,
// PlayPage.register), declared by arbiter/zertz/spec.py (``script``) and served by the service.
//
// ZÈRTZ's turns (arbiter/zertz/notation.py): "Wd4,d1" a white marble placed on d4, then the free
// ring d1 removed ("Wd4" when no ring can be); "xg2We4Wc3" the marble on g2 jumps the white marble
// between g2 and e4 to e4, then the white one between e4 and c3 to c3. The points picked on the
// board (the SVG's data-point, one a ring left) are a placement's ring, then the ring removed (the
// colour, which the board does not show, is asked last, by buttons naming it with its picture from
// the key); a capture's marble, then each landing, one jump a click: a chain with a free choice of
// branch is picked landing by landing, the next landings lit. Here: what the next click does is said
// before it; the board shows the marble placed and the ring removed, or the marble's path with the
// marbles it jumps taken off; the turn chosen is said in words beside its notation.
(function () {
  "use strict";
  var page = window.PlayPage;
  if (!page) {
    return;
  }
  var PLACED = /^([WGB])([a-h][1-9])(?:,([a-h][1-9]))?$/;
  var CAPTURE = /^x([a-h][1-9])((?:[WGB][a-h][1-9])+)$/;
  var JUMP = /([WGB])([a-h][1-9])/g;
  var CSS = { W: "white", G: "grey", B: "black" };

  var say = page.say;

  // a ring's name as (column, row on the board's skew axes): "d5" is (3, 5), "e1" is (4, 2); two
  // rings a jump apart have the ring jumped halfway between them on both axes
  function pair(name) {
    var x = name.charCodeAt(0) - 97;
    return [x, parseInt(name.slice(1), 10) + Math.max(0, x - 3)];
  }

  function between(a, b) {
    var p = pair(a);
    var q = pair(b);
    var x = (p[0] + q[0]) / 2;
    return String.fromCharCode(97 + x) + ((p[1] + q[1]) / 2 - Math.max(0, x - 3));
  }

  // a capture's marble, its jumps ({colour, over, to}) and every ring of its path
  function capture(notation) {
    var found = CAPTURE.exec(notation || "");
    if (!found) {
      return null;
    }
    var jumps = [];
    var at = found[1];
    var step;
    JUMP.lastIndex = 0;
    while ((step = JUMP.exec(found[2])) !== null) {
      jumps.push({ colour: step[1], over: between(at, step[2]), to: step[2] });
      at = step[2];
    }
    return { from: found[1], jumps: jumps };
  }

  function capturing(pick) {
    return pick.candidates.some(function (m) {
      return CAPTURE.test(m.notation);
    });
  }

  function colours(pick) {
    var seen = [];
    pick.complete.forEach(function (m) {
      var placed = PLACED.exec(m.notation);
      if (placed && seen.indexOf(placed[1]) < 0) {
        seen.push(placed[1]);
      }
    });
    return seen;
  }

  function prompt(pick) {
    if (capturing(pick)) {
      return say(pick.words, pick.prefix.length ? "jump" : "capture");
    }
    if (pick.prefix.length === 0) {
      return say(pick.words, "place");
    }
    if (pick.next.length) {
      return say(pick.words, "remove");
    }
    var named = colours(pick).map(function (code) {
      return say(pick.words, code);
    });
    return say(pick.words, "colour", { colours: named.join(", ") });
  }

  function targets(pick) {
    var jumping = capturing(pick);
    return pick.next.map(function (name) {
      var key = "target place";
      if (jumping) {
        key = pick.prefix.length ? "target jump" : "target capture";
      } else if (pick.prefix.length) {
        key = "target remove";
      }
      return { point: name, picks: [name], label: say(pick.words, key, { point: name }) || name };
    });
  }

  function choice(notation, pick) {
    var placed = PLACED.exec(notation);
    if (!placed) {
      return null;
    }
    return { name: say(pick.words, placed[1]), picture: page.picture(placed[1]), kind: placed[1] };
  }

  function marbleAt(board, ring) {
    return board.svg.querySelector('g.marble[data-ring="' + ring + '"]');
  }

  function drawMarble(board, code, xy) {
    var r = Math.min(13, board.radius * 0.8);
    var group = board.element("g", { class: "marble " + CSS[code] + " play-preview" });
    var disc = board.element("circle", { class: "marble " + CSS[code], cx: xy[0], cy: xy[1], r: r });
    var letter = board.element("text", { class: "marble-letter", x: xy[0], y: xy[1] });
    letter.textContent = code;
    group.appendChild(disc);
    group.appendChild(letter);
  }

  function preview(pick, board) {
    var notation = pick.chosen || pick.pointed;
    if (capturing(pick) || CAPTURE.test(notation || "")) {
      var path = notation ? capture(notation) : null;
      var rings = path
        ? [path.from].concat(
            path.jumps.map(function (j) {
              return j.to;
            })
          )
        : pick.prefix;
      var start = rings.length ? marbleAt(board, rings[0]) : null;
      var a = rings.length ? board.at(rings[0]) : null;
      var b = rings.length ? board.at(rings[rings.length - 1]) : null;
      if (!start || !a || !b || rings.length < 2) {
        return;
      }
      for (var i = 1; i < rings.length; i++) {
        var over = between(rings[i - 1], rings[i]);
        var jumped = marbleAt(board, over);
        var xy = board.at(over);
        if (jumped && xy) {
          board.hide(jumped);
          board.circle("play-removed", xy, board.radius * 0.8);
        }
      }
      board.hide(start);
      board.copy(start, b[0] - a[0], b[1] - a[1]);
      return;
    }
    var removed = pick.prefix.length > 1 ? pick.prefix[1] : null;
    var placed = notation ? PLACED.exec(notation) : null;
    if (placed) {
      removed = placed[3] || null;
      var here = board.at(placed[2]);
      if (here) {
        drawMarble(board, placed[1], here);
      }
    }
    var gone = removed ? board.at(removed) : null;
    if (gone) {
      board.circle("play-removed", gone, board.radius * 0.9);
    }
  }

  function describe(notation, pick) {
    var placed = PLACED.exec(notation);
    if (placed) {
      var marble = say(pick.words, placed[1]);
      return placed[3]
        ? say(pick.words, "said place", { marble: marble, point: placed[2], removed: placed[3] })
        : say(pick.words, "said place alone", { marble: marble, point: placed[2] });
    }
    var path = capture(notation);
    if (!path) {
      return "";
    }
    var taken = path.jumps.map(function (j) {
      return say(pick.words, "said jumped", { marble: say(pick.words, j.colour), point: j.over });
    });
    return say(pick.words, "said capture", {
      from: path.from,
      to: path.jumps[path.jumps.length - 1].to,
      marbles: taken.join(", "),
    });
  }

  page.register({
    prompt: prompt,
    targets: targets,
    choice: choice,
    preview: preview,
    describe: describe,
  });
})();
