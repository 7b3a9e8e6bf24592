// GIPF's move picker on the game page, for GIPF and GIPF with potentials (arbiter/gipf/potentials,
// whose spec declares this script too): the hooks of the shared picker (static/js/play.js,
// PlayPage.register), declared by the specs (``script``) and served by the service.
//
// GIPF's moves (arbiter/gipf/notation.py, arbiter/gipf/potentials/notation.py): a push "a1-c3" (the
// piece comes in from the dot a1 by the spot b2; "Ga1-c3" a GIPF-piece, "Ta1-c3" a loaded TAMSK piece
// and likewise Z, D, Y, P), removal lists "xh2,h3" before or after it, a potential used "Z:b2-d4"
// (PÜNCT's "P:d4-d5=G" converts), the TAMSK extra push "T:a1-b2". The points picked on the board:
// the push's dot and spot, or the potential and where it goes, then the extra push's dot and spot
// (from the arbiter's legal moves). Here:
//  - what the next click does is said before it;
//  - when several moves share the points, the piece brought in is chosen first (one button a kind,
//    with its name and picture), then the pieces removed (clicked on the board: the shared removal
//    step of play.js, fed by removals());
//  - a basic piece chosen while loaded pieces were offered is warned: it loses the potentials not
//    yet in play (docs/rules.md P-3);
//  - the board shows the push: the piece brought in and the pieces it pushes, one spot on.
(function () {
  "use strict";
  var page = window.PlayPage;
  if (!page) {
    return;
  }
  var PUSH = /^([A-Z]?)([a-i][1-9])-([a-i][1-9])$/;
  var USE = /^([A-Z]):([a-i][1-9])-([a-i][1-9])(=G)?$/;
  var PIECE_R = 15;

  var say = page.say;

  function parts(notation) {
    return String(notation || "").split(";");
  }

  // the part of a move that is picked on the board first: its push or its use of a potential
  function action(notation) {
    return (
      parts(notation).filter(function (part) {
        return part.charAt(0) !== "x";
      })[0] || ""
    );
  }

  // what the point at ``index`` of a move's points is: "dot", "spot", "potential", "to", or the
  // TAMSK extra push's "extra dot", "extra spot"
  function role(notation, index) {
    if (index >= 2) {
      return index === 2 ? "extra dot" : "extra spot";
    }
    if (USE.test(action(notation))) {
      return index === 0 ? "potential" : "to";
    }
    return index === 0 ? "dot" : "spot";
  }

  function kindOf(notation) {
    var push = PUSH.exec(action(notation));
    if (!push) {
      return "";
    }
    return push[1] || "basic";
  }

  function removals(notation) {
    var points = [];
    var rest = [];
    parts(notation).forEach(function (part) {
      if (part.charAt(0) === "x") {
        (part.match(/[a-i][1-9]/g) || []).forEach(function (name) {
          if (points.indexOf(name) < 0) {
            points.push(name);
          }
        });
      } else {
        rest.push(part);
      }
    });
    return { points: points, rest: rest.join(";") };
  }

  function prompt(pick) {
    var roles = [];
    pick.candidates.forEach(function (m) {
      if (m.points.length > pick.prefix.length) {
        var r = role(m.notation, pick.prefix.length);
        if (roles.indexOf(r) < 0) {
          roles.push(r);
        }
      }
    });
    if (!roles.length) {
      return "";
    }
    if (roles.length > 1) {
      return say(pick.words, "dot or potential") || say(pick.words, "dot");
    }
    return say(pick.words, roles[0]);
  }

  function targets(pick) {
    return pick.next.map(function (name) {
      var move = pick.candidates.filter(function (m) {
        return m.points[pick.prefix.length] === name;
      })[0];
      var label = say(pick.words, "target " + role(move.notation, pick.prefix.length), { point: name });
      return { point: name, picks: [name], label: label || name };
    });
  }

  function group(notation) {
    return parts(notation)[0];
  }

  // the piece's picture: a disc of the mover's colour, ringed with its kind's letter when loaded
  function picture(kind) {
    var SVG_NS = "http://www.w3.org/2000/svg";
    var svg = document.createElementNS(SVG_NS, "svg");
    svg.setAttribute("viewBox", "0 0 20 20");
    svg.setAttribute("width", "20");
    svg.setAttribute("height", "20");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("class", "kind-picture");
    var disc = document.createElementNS(SVG_NS, "circle");
    disc.setAttribute("cx", "10");
    disc.setAttribute("cy", "10");
    disc.setAttribute("r", "8");
    disc.setAttribute("class", kind === "basic" ? "kind-disc" : "kind-disc kind-loaded");
    svg.appendChild(disc);
    if (kind !== "basic") {
      var text = document.createElementNS(SVG_NS, "text");
      text.setAttribute("x", "10");
      text.setAttribute("y", "14");
      text.setAttribute("text-anchor", "middle");
      text.setAttribute("class", "kind-letter");
      text.textContent = kind;
      svg.appendChild(text);
    }
    return svg;
  }

  function choice(notation, pick) {
    var use = USE.exec(action(notation));
    if (use) {
      var converts = Boolean(use[4]);
      var other = pick.complete.some(function (m) {
        return m.notation !== notation && USE.test(action(m.notation));
      });
      return other ? { name: say(pick.words, converts ? "convert" : "neutralise") } : null;
    }
    var kind = kindOf(notation);
    if (!kind || !pick.words[kind]) {
      return null;
    }
    var removed = removals(notation).points;
    return {
      name: pick.words[kind],
      kind: kind,
      picture: picture(kind),
      detail: removed.length ? (pick.words.removed || "×") + " " + removed.join(", ") : "",
    };
  }

  // a basic piece chosen while loaded pieces were offered: it loses the potentials not yet in play
  function warning(notation, pick) {
    var text = pick.words["loses potentials"];
    if (!text || kindOf(notation) !== "basic") {
      return "";
    }
    var loaded = pick.moves.some(function (m) {
      var kind = kindOf(m.notation);
      return kind && kind !== "basic" && kind !== "G" && pick.words[kind];
    });
    return loaded ? text : "";
  }

  // a point's place on the board's three lines (columns a to i; the numbers of the columns right of
  // e start one higher per column, so that a line keeps its step across the board)
  function axial(name) {
    var found = /^([a-i])([1-9])$/.exec(name || "");
    if (!found) {
      return null;
    }
    var column = found[1].charCodeAt(0) - 97;
    return [column, parseInt(found[2], 10) + Math.max(0, column - 4)];
  }

  function named(cell) {
    var column = cell[0];
    var number = cell[1] - Math.max(0, column - 4);
    return column >= 0 && column < 9 && number >= 1 && number <= 9 ? String.fromCharCode(97 + column) + number : null;
  }

  // the push drawn: the piece brought in on its spot, each piece before it one spot on
  function preview(pick, board) {
    var notation = pick.notation;
    if (!notation || pick.prefix.length < 2) {
      return;
    }
    var move = pick.moves.filter(function (m) {
      return m.notation === notation;
    })[0];
    var push = move ? PUSH.exec(action(notation)) : null;
    if (!push) {
      return;
    }
    var dot = axial(move.points[0]);
    var spot = axial(move.points[1]);
    if (!dot || !spot) {
      return;
    }
    var step = [spot[0] - dot[0], spot[1] - dot[1]];
    var chain = [];
    var here = spot;
    for (var k = 0; k < 9; k++) {
      var name = named(here);
      var piece = name ? board.svg.querySelector('g.piece[data-spot="' + name + '"]') : null;
      if (!piece) {
        break;
      }
      chain.push([name, piece]);
      here = [here[0] + step[0], here[1] + step[1]];
    }
    chain.forEach(function (item) {
      var cell = axial(item[0]);
      var next = named([cell[0] + step[0], cell[1] + step[1]]);
      var a = board.at(item[0]);
      var b = next ? board.at(next) : null;
      if (a && b) {
        board.hide(item[1]);
        board.copy(item[1], b[0] - a[0], b[1] - a[1]);
      }
    });
    var at = board.at(move.points[1]);
    if (at) {
      var colour = pick.mover === 1 ? "black" : "white";
      var kind = pick.chosen || pick.pointed ? push[1] : ""; // the piece's kind once it is chosen
      if (kind === "G") {
        board.circle(colour + " play-preview", [at[0], at[1] + 3], PIECE_R);
        board.circle(colour + " play-preview", [at[0], at[1] - 3], PIECE_R);
      } else {
        board.circle(colour + " play-preview", at, PIECE_R);
        if (kind) {
          board.circle("ring play-preview", at, PIECE_R - 4);
          var letter = board.element("text", { class: "kind on-" + colour + " play-preview", x: at[0], y: at[1] });
          letter.textContent = kind;
        }
      }
    }
  }

  function describe(notation, pick) {
    var said = [];
    var move = pick.moves.filter(function (m) {
      return m.notation === notation;
    })[0];
    var use = USE.exec(action(notation));
    if (use) {
      said.push(say(pick.words, "said use", { from: use[2], to: use[3] }));
    } else if (move && move.points.length >= 2) {
      var kind = kindOf(notation);
      said.push(
        say(pick.words, "said push", { piece: pick.words[kind] || "", dot: move.points[0], spot: move.points[1] })
      );
    }
    var removed = removals(notation).points;
    if (removed.length) {
      said.push(say(pick.words, "said removed", { points: removed.join(", ") }));
    }
    return said.filter(Boolean).join("; ");
  }

  page.register({
    prompt: prompt,
    targets: targets,
    group: group,
    choice: choice,
    removals: removals,
    warning: warning,
    preview: preview,
    describe: describe,
  });
})();
