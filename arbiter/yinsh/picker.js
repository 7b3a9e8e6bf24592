// YINSH's move picker on the game page: the hooks of the shared picker (static/js/play.js,
// PlayPage.register), declared by arbiter/yinsh/spec.py (``script``) and served by the service.
//
// A YINSH turn is written decision by decision (arbiter/yinsh/notation.py): "e5" a ring placed,
// "e5-e8" a ring moved (a marker left on e5, the markers jumped turned over), "xe5-e9" a row taken by
// its two end markers, "rf3" a ring removed, "pass"; joined by ";". The points picked on the board
// are those of the decisions, in order (a row: its two ends). Here:
//  - what the next click does is said before it (place a ring, move one, where it goes, take a row,
//    remove a ring);
//  - a row is taken by a click on any of its markers (not only on its ends); one row alone to take,
//    or one ring alone to remove, is taken for the player at once and shown (undone with his click
//    before it);
//  - the board shows the turn as far as it is picked: the ring moved, the marker it left, the
//    markers turned over, the row taken and the ring removed;
//  - the move chosen is said in words beside its notation.
(function () {
  "use strict";
  var page = window.PlayPage;
  if (!page) {
    return;
  }
  var MARKER_R = 11;

  var say = page.say;

  // a point's name read as (column, number): "i10" is column 8, number 10
  function read(name) {
    var found = /^([a-k])(1[01]|[1-9])$/.exec(name || "");
    return found ? [found[1].charCodeAt(0) - 97, parseInt(found[2], 10)] : null;
  }

  function written(cell) {
    return String.fromCharCode(97 + cell[0]) + cell[1];
  }

  // the points from a to b on their line, both included (a line: a column, a number, or the
  // diagonal where both grow together); [] when a and b are on no common line
  function line(a, b) {
    var p = read(a);
    var q = read(b);
    if (!p || !q) {
      return [];
    }
    var dc = q[0] - p[0];
    var dn = q[1] - p[1];
    if (!(dc === 0 || dn === 0 || dc === dn)) {
      return [];
    }
    var steps = Math.max(Math.abs(dc), Math.abs(dn));
    var out = [];
    for (var k = 0; k <= steps; k++) {
      out.push(written([p[0] + k * Math.sign(dc), p[1] + k * Math.sign(dn)]));
    }
    return out;
  }

  // a turn's decisions, each with its kind and the points picked for it
  function decisions(notation) {
    return String(notation || "")
      .split(";")
      .filter(Boolean)
      .map(function (token) {
        if (token === "pass") {
          return { kind: "pass", points: [] };
        }
        if (token.charAt(0) === "x") {
          return { kind: "row", points: token.slice(1).split("-") };
        }
        if (token.charAt(0) === "r") {
          return { kind: "remove", points: [token.slice(1)] };
        }
        var points = token.split("-");
        return { kind: points.length === 2 ? "move" : "place", points: points };
      });
  }

  // how far ``picked`` points go into a turn: the decisions picked whole, the one being picked (or
  // null at the end) and how many of its points are picked
  function progress(notation, picked) {
    var done = [];
    var used = 0;
    var all = decisions(notation);
    for (var i = 0; i < all.length; i++) {
      if (used + all[i].points.length > picked) {
        return { done: done, current: all[i], within: picked - used };
      }
      used += all[i].points.length;
      done.push(all[i]);
    }
    return { done: done, current: null, within: 0 };
  }

  // the decision being picked, the same in every move left (null when they differ or none is left)
  function current(pick) {
    var found = null;
    var same = pick.candidates.every(function (m) {
      var at = progress(m.notation, pick.prefix.length);
      if (!at.current) {
        return false;
      }
      if (found === null) {
        found = { kind: at.current.kind, within: at.within, options: [] };
      }
      if (at.current.kind !== found.kind) {
        return false;
      }
      var key = at.current.points.join("-");
      if (found.options.indexOf(key) < 0) {
        found.options.push(key);
      }
      return true;
    });
    return same ? found : null;
  }

  function forcedNote(pick) {
    // the last decision picked for the player, said
    if (!pick.forced.length || !pick.candidates.length) {
      return "";
    }
    var at = progress(pick.candidates[0].notation, pick.prefix.length);
    var last = at.done[at.done.length - 1];
    if (!last || pick.forced.indexOf(pick.prefix.length - 1) < 0) {
      return "";
    }
    if (last.kind === "row") {
      return say(pick.words, "row taken for you", { from: last.points[0], to: last.points[1] });
    }
    if (last.kind === "remove") {
      return say(pick.words, "ring removed for you", { point: last.points[0] });
    }
    return "";
  }

  function prompt(pick) {
    var now = current(pick);
    var before = forcedNote(pick);
    var next = "";
    if (now) {
      if (now.kind === "place") {
        next = say(pick.words, "place");
      } else if (now.kind === "move") {
        next = say(pick.words, now.within === 0 ? "ring" : "to");
      } else if (now.kind === "row") {
        next = say(pick.words, now.options.length > 1 ? "rows" : "row", { count: now.options.length });
      } else if (now.kind === "remove") {
        next = say(pick.words, "remove");
      }
    }
    return [before, next].filter(Boolean).join(" ");
  }

  // A row is offered by every marker that is in it and in no other row offered: a click on it takes
  // that row. The other decisions offer their next points.
  function targets(pick) {
    var now = current(pick);
    if (now && now.kind === "row" && now.within === 0) {
      var rows = now.options.map(function (key) {
        var ends = key.split("-");
        return { ends: ends, markers: line(ends[0], ends[1]) };
      });
      var count = {};
      rows.forEach(function (row) {
        row.markers.forEach(function (name) {
          count[name] = (count[name] || 0) + 1;
        });
      });
      var out = [];
      rows.forEach(function (row) {
        row.markers.forEach(function (name) {
          if (count[name] === 1) {
            out.push({
              point: name,
              picks: row.ends,
              label: say(pick.words, "target row", { from: row.ends[0], to: row.ends[1] }),
            });
          }
        });
      });
      return out;
    }
    var key = !now ? "" : now.kind === "move" ? (now.within === 0 ? "target ring" : "target to") : "target " + now.kind;
    return pick.next.map(function (name) {
      return { point: name, picks: [name], label: say(pick.words, key, { point: name }) || name };
    });
  }

  // One row alone to take, or one ring alone to remove: the rules leave no choice, it is taken for
  // the player.
  function forced(pick) {
    var now = current(pick);
    if (!now || now.within !== 0 || now.options.length !== 1) {
      return [];
    }
    return now.kind === "row" || now.kind === "remove" ? now.options[0].split("-") : [];
  }

  function colourOf(svg, name) {
    var ring = svg.querySelector('g.ring[data-piece="' + name + '"]');
    if (ring) {
      return ring.classList.contains("ring-w") ? "white" : "black";
    }
    return null;
  }

  // the turn drawn as far as it is picked (all of it when chosen or pointed at)
  function preview(pick, board) {
    var notation = pick.notation;
    if (!notation) {
      return;
    }
    var whole = Boolean(pick.chosen || pick.pointed);
    var at = progress(notation, pick.prefix.length);
    var shown = whole ? decisions(notation) : at.done;
    var svg = board.svg;
    var mover = pick.mover === 1 ? "black" : "white";
    shown.forEach(function (decision) {
      var p = decision.points;
      if (decision.kind === "place") {
        var xy = board.at(p[0]);
        if (xy) {
          board.circle("ring-edge play-preview", xy, 18);
          board.circle("ring-" + (mover === "white" ? "w" : "b") + " play-preview", xy, 15);
        }
      } else if (decision.kind === "move") {
        var ring = svg.querySelector('g.ring[data-piece="' + p[0] + '"]');
        var from = board.at(p[0]);
        var to = board.at(p[1]);
        if (!ring || !from || !to) {
          return;
        }
        mover = colourOf(svg, p[0]) || mover;
        board.hide(ring);
        board.circle("marker " + mover + " play-preview", from, MARKER_R);
        board.copy(ring, to[0] - from[0], to[1] - from[1]);
        line(p[0], p[1])
          .slice(1, -1)
          .forEach(function (name) {
            var marker = svg.querySelector('circle.marker[data-piece="' + name + '"]');
            var xy2 = board.at(name);
            if (marker && xy2) {
              var turned = marker.classList.contains("white") ? "black" : "white";
              board.hide(marker);
              board.circle("marker " + turned + " play-preview", xy2, MARKER_R);
              board.circle("flipped", xy2, MARKER_R + 4);
            }
          });
      } else if (decision.kind === "row") {
        var a = board.at(p[0]);
        var b = board.at(p[1]);
        if (a && b) {
          board.element("path", { class: "row-taken", d: "M" + a[0] + " " + a[1] + "L" + b[0] + " " + b[1] });
        }
        line(p[0], p[1]).forEach(function (name) {
          var xy3 = board.at(name);
          if (xy3) {
            board.circle("play-removed", xy3, MARKER_R + 2);
          }
        });
      } else if (decision.kind === "remove") {
        var xy4 = board.at(p[0]);
        if (xy4) {
          board.circle("play-removed", xy4, 18);
        }
      }
    });
    // the rows still to choose from, struck through
    var now = !whole && at.current ? current(pick) : null;
    if (now && now.kind === "row" && now.options.length > 1) {
      now.options.forEach(function (key) {
        var ends = key.split("-");
        var a2 = board.at(ends[0]);
        var b2 = board.at(ends[1]);
        if (a2 && b2) {
          board.element("path", {
            class: "row-taken play-row-offered",
            d: "M" + a2[0] + " " + a2[1] + "L" + b2[0] + " " + b2[1],
          });
        }
      });
    }
  }

  function describe(notation, pick) {
    return decisions(notation)
      .map(function (d) {
        var p = d.points;
        if (d.kind === "place") {
          return say(pick.words, "said place", { point: p[0] });
        }
        if (d.kind === "move") {
          return say(pick.words, "said move", { from: p[0], to: p[1] });
        }
        if (d.kind === "row") {
          return say(pick.words, "said row", { from: p[0], to: p[1] });
        }
        if (d.kind === "remove") {
          return say(pick.words, "said remove", { point: p[0] });
        }
        return say(pick.words, "pass");
      })
      .filter(Boolean)
      .join("; ");
  }

  function choice(notation, pick) {
    return notation === "pass" ? { name: say(pick.words, "pass") } : null;
  }

  page.register({
    prompt: prompt,
    targets: targets,
    forced: forced,
    preview: preview,
    describe: describe,
    choice: choice,
  });
})();
