// The page's own script (no other): the live table follows the server's events, the replay
// steps through the game. Every part it puts in place was drawn (and escaped) by the server.
(function () {
  'use strict';

  function $(id) { return document.getElementById(id); }

  function put(el, html) {
    var doc = new DOMParser().parseFromString('<!doctype html><body>' + html, 'text/html');
    el.replaceChildren.apply(el, Array.prototype.slice.call(doc.body.childNodes));
  }

  function live(onApply) {
    var body = document.body;
    var conn = $('conn');
    var source = null;
    var version = Number(body.dataset.version || 0);

    function state(s, text) {
      conn.dataset.state = s;
      conn.textContent = text;
    }

    function apply(doc) {
      var html = doc.html || {};
      Object.keys(html).forEach(function (id) {
        var el = $(id);
        if (el) { put(el, html[id]); }
      });
      var err = $('error');
      err.textContent = doc.error || '';
      err.hidden = !doc.error;
      version = doc.version;
      body.dataset.version = String(version);
      if (onApply) { onApply(doc); }
    }

    function connect() {
      source = new EventSource(body.dataset.events);
      source.addEventListener('open', function () { state('connected', 'connected'); });
      source.addEventListener('update', function (e) {
        state('connected', 'connected');
        apply(JSON.parse(e.data));
      });
      source.addEventListener('error', function () {
        state('reconnecting', 'reconnecting…');
        if (source.readyState === EventSource.CLOSED) {  // refused: try again by ourselves
          source.close();
          window.setTimeout(connect, 2000);
        }
      });
    }

    connect();
    // the view again from the server (a write refused as stale: the fresh view at once,
    // without waiting for the feed)
    return { again: function () { if (source) { source.close(); } connect(); } };
  }

  // A seat's page: the live table (its own feed), and each button's entry (the referee's
  // answer, drawn by the server) sent with the version of the view it was made on.
  function seat() {
    var body = document.body;
    var said = $('said');

    function send(url, doc) {
      doc.version = Number(body.dataset.version || 0);
      said.dataset.state = 'sending';
      said.textContent = 'sending…';
      return fetch(url, {
        method: 'POST', credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(doc)
      }).then(function (r) {
        return r.json().catch(function () { return { message: r.statusText }; }).then(function (x) {
          if (r.ok) {
            said.dataset.state = 'accepted';
            said.textContent = 'accepted';
            // (the page's version moves with its view, when the update is drawn: a button
            // still on the screen was made on the view before, and says so when sent)
          } else {
            said.dataset.state = 'refused';
            said.textContent = (r.status === 409 ? 'the table changed' : (x.message || r.statusText)) +
              (x.rule ? ' — rule ' + x.rule : '');
            if (r.status === 409 && table) { table.again(); }
          }
        });
      }).catch(function () {
        said.dataset.state = 'refused';
        said.textContent = 'not sent: no connection';
      });
    }

    document.addEventListener('click', function (e) {
      var b = e.target.closest ? e.target.closest('button.choice') : null;
      if (b && !b.disabled) { send(body.dataset.entry, { entry: b.dataset.entry }); }
    });
    $('typed').addEventListener('submit', function (e) {
      e.preventDefault();
      var input = $('typed-entry');
      if (input.value.trim()) { send(body.dataset.entry, { entry: input.value }).then(function () { input.value = ''; }); }
    });
    $('undo').addEventListener('click', function () { send(body.dataset.undo, {}); });
    // a claim (the form is drawn by the server when this seat may claim) and the answers
    document.addEventListener('click', function (e) {
      var b = e.target.closest ? e.target.closest('button.claim-answer') : null;
      if (b) { send(body.dataset.answer, { accept: b.dataset.accept === 'true' }); }
    });
    document.addEventListener('submit', function (e) {
      var f = e.target;
      if (!f || f.id !== 'claim-form') { return; }
      e.preventDefault();
      var some = f.elements.tricks.value === 'some';
      var doc = { tricks: some ? Number(f.elements.count.value) : 'rest', hand: null, held: {} };
      if (f.elements.hand && f.elements.hand.value.trim()) { doc.hand = f.elements.hand.value; }
      Array.prototype.forEach.call(f.querySelectorAll('[data-card]'), function (i) {
        if (i.value.trim()) { doc.held[i.dataset.card] = i.value.trim(); }
      });
      if (f.elements.game_points && f.elements.game_points.value.trim()) {
        doc.game_points = Number(f.elements.game_points.value);
      }
      send(body.dataset.claim, doc);
    });
    // the card picker (drawn by the server with the plays the referee lists): the cards
    // tapped are looked up in that list; the play button sends the play listed for them
    var picked = {};
    var down = false;
    var folded = false;  // a picker folded (out of turn) left open by the seat
    function pick() {
      var root = $('picker');
      var play = $('pick-play');
      if (!root || !play) { picked = {}; down = false; return; }
      var fold = $('pick-box');
      if (fold) { fold.open = folded; }
      var have = {};
      Array.prototype.forEach.call(root.querySelectorAll('button.pick'), function (b) {
        have[b.dataset.card] = true;
        b.setAttribute('aria-pressed', picked[b.dataset.card] ? 'true' : 'false');
      });
      Object.keys(picked).forEach(function (c) { if (!have[c]) { delete picked[c]; } });
      var box = $('pick-down');
      if (box) { box.checked = down; } else { down = false; }
      var key = Object.keys(picked).sort().join(' ');
      var match = null;
      Array.prototype.forEach.call(root.querySelectorAll('li[data-entry]'), function (li) {
        if (li.dataset.cards === key && (li.dataset.down === '1') === down) { match = li; }
      });
      delete play.dataset.entry;
      play.dataset.rule = '';
      if (!key) {
        play.disabled = true;
        play.textContent = 'tap cards first';
      } else if (!match && root.dataset.form) {
        formed(root, play, down);
      } else if (!match) {
        play.disabled = true;
        play.textContent = 'not a play of yours now';
      } else {
        play.dataset.entry = match.dataset.entry;
        play.dataset.rule = match.dataset.rule;
        play.disabled = match.dataset.allowed !== '1';
        play.textContent = (play.disabled ? '' : 'play ') + match.textContent;
        if (play.disabled && match.dataset.rule) {
          var small = document.createElement('small');
          small.className = 'rule';
          small.textContent = match.dataset.rule;
          play.appendChild(small);
        }
      }
      Array.prototype.forEach.call(root.querySelectorAll('button.pick-more'), function (b) {
        other(root, b);
      });
    }
    // another pick of the seat (its own button): its form with the cards tapped, in its
    // order, when they are as many as it takes and all among its cards
    function other(root, b) {
      var order = b.dataset.cards.split(' ');
      var bs = Array.prototype.filter.call(root.querySelectorAll('button.pick'),
        function (x) { return picked[x.dataset.card]; });
      bs.sort(function (x, y) { return order.indexOf(x.dataset.card) - order.indexOf(y.dataset.card); });
      var n = bs.length;
      var lo = Number(b.dataset.min), hi = Number(b.dataset.max);
      var foreign = bs.some(function (x) { return order.indexOf(x.dataset.card) < 0; });
      delete b.dataset.entry;
      b.disabled = !n || n < lo || n > hi || foreign;
      if (b.disabled) {
        b.textContent = b.dataset.label + (foreign ? ': not these cards' : n ?
          ': pick ' + (lo === hi ? String(lo) : lo + '–' + hi) + ' cards' : '');
        return;
      }
      b.dataset.entry = b.dataset.form.replace('{cards}', bs.map(function (x) { return x.dataset.card; }).join(' '));
      b.textContent = b.dataset.label + ' ' + bs.map(function (x) { return x.textContent; }).join(' ');
    }
    // a set the list does not hold, with a pick (the referee's form of the entry and how
    // many cards it takes): the entry is the form with the cards tapped, in the pick's order;
    // whether it is legal is the referee's to say when it is sent
    function formed(root, play, down) {
      var bs = Array.prototype.filter.call(root.querySelectorAll('button.pick'),
        function (b) { return picked[b.dataset.card]; });
      bs.sort(function (a, b) { return Number(a.dataset.order) - Number(b.dataset.order); });
      var n = bs.length;
      var lo = Number(root.dataset.min), hi = Number(root.dataset.max);
      var form = down ? root.dataset.formDown : root.dataset.form;
      var foreign = bs.some(function (b) { return b.dataset.order === undefined; });
      if (n < lo || n > hi || !form || foreign) {
        play.disabled = true;
        play.textContent = !form || foreign ? 'not a play of yours now' :
          'pick ' + (lo === hi ? String(lo) : lo + '–' + hi) + ' card' + (hi === 1 ? '' : 's');
        return;
      }
      play.dataset.entry = form.replace('{cards}', bs.map(function (b) { return b.dataset.card; }).join(' '));
      play.disabled = false;
      play.textContent = (root.dataset.label || 'play') + ' ' + bs.map(function (b) { return b.textContent; }).join(' ') +
        (down ? ' face down' : '');
    }
    document.addEventListener('click', function (e) {
      var b = e.target.closest ? e.target.closest('button.pick') : null;
      if (b) { picked[b.dataset.card] = !picked[b.dataset.card]; if (!picked[b.dataset.card]) { delete picked[b.dataset.card]; } pick(); }
    });
    document.addEventListener('change', function (e) {
      if (e.target && e.target.id === 'pick-down') { down = e.target.checked; pick(); }
    });
    // the claim form is drawn again with every update: what was typed in it, and whether it
    // was open, is put back (until the claim is sent)
    var typed = {};
    var open = false;
    document.addEventListener('input', function (e) {
      var f = e.target && e.target.form;
      if (f && f.id === 'claim-form' && e.target.name) {
        typed[e.target.name] = e.target.value;
        if (e.target.name === 'count') { f.elements.tricks.value = 'some'; typed.tricks = 'some'; }
      }
    });
    document.addEventListener('toggle', function (e) {
      if (e.target && e.target.id === 'claim-box') { open = e.target.open; }
      if (e.target && e.target.id === 'pick-box') { folded = e.target.open; }
    }, true);
    function claimForm() {
      var box = $('claim-box');
      var f = $('claim-form');
      if (!box || !f) { return; }
      box.open = open;
      Array.prototype.forEach.call(f.elements, function (el) {
        if (!el.name || typed[el.name] === undefined) { return; }
        if (el.type === 'radio') { el.checked = typed[el.name] === el.value; } else { el.value = typed[el.name]; }
      });
    }
    document.addEventListener('submit', function (e) {
      if (e.target && e.target.id === 'claim-form') { sentClaim = true; }
    }, true);
    var sentClaim = false;
    var table = live(function () {
      pick();
      if (sentClaim && !$('claim-form')) { typed = {}; open = false; sentClaim = false; }
      claimForm();
    });
    pick();
  }

  // The replay is fetched a deal at a time: replay.json is its index (each deal's first
  // step and number of steps, over the whole game), replay.json?deal=N that deal's steps.
  function replay() {
    var root = $('replay');
    if (!root || !root.dataset.json) { return; }
    var slider = $('slider');
    var i = Number(root.dataset.index || 0);
    var index = null;
    var pages = {};  // deal number -> its page (or the promise of it)
    var pending = null;  // a step asked for (a key pressed) before the index arrived

    function get(url) {
      return fetch(url, { credentials: 'same-origin' }).then(function (r) {
        if (!r.ok) { throw new Error(r.status); }
        return r.json();
      });
    }

    function dealAt(k) {
      var lo = 0, hi = index.deals.length - 1;
      while (lo < hi) {  // the last deal whose first step is at or before k
        var mid = (lo + hi + 1) >> 1;
        if (index.deals[mid].first_step <= k) { lo = mid; } else { hi = mid - 1; }
      }
      return index.deals[lo];
    }

    function page(d) {
      if (!pages[d.number]) {
        pages[d.number] = get(root.dataset.json + '?deal=' + d.number).then(function (p) {
          if (p.version !== index.version) {  // the file changed: the index again, first
            return get(root.dataset.json).then(function (x) {
              pages = {};
              ready(x);
              throw new Error('changed');
            });
          }
          return p;
        }, function (e) { delete pages[d.number]; throw e; });
      }
      return pages[d.number];
    }

    function label(s) {
      var unit = index.unit || 'deal';
      var head = unit.charAt(0).toUpperCase() + unit.slice(1) + ' ' + s.deal;
      return s.kind === 'deal' ? head : head + ' · ' + s.label;
    }

    function draw(s, k) {
      put($('replay-trick'), s.html.trick);
      put($('explain'), s.html.explain);
      $('step-label').textContent = label(s);
      slider.value = String(k);
      $('back').value = String(Math.max(0, k - 1));
      $('forward').value = String(Math.min(index.steps - 1, k + 1));
      root.dataset.index = String(k);
      window.history.replaceState(null, '', '?deal=' + s.deal + '&step=' + s.step);
    }

    function show(k) {
      if (!index) { pending = Math.max(0, k); i = pending; return; }
      k = Math.max(0, Math.min(index.steps - 1, k));
      i = k;
      var d = dealAt(k);
      page(d).then(function (p) {
        if (i !== k) { return; }  // another step was asked for meanwhile
        var s = p.steps[k - d.first_step];
        if (s) { draw(s, k); }
        var next = index.deals[index.deals.indexOf(d) + 1];
        if (next && k === d.first_step + d.steps - 1) { page(next).catch(function () {}); }
      }).catch(function () {});
    }

    function ready(x) {
      index = x;
      slider.max = String(Math.max(0, x.steps - 1));
      root.dataset.steps = String(x.steps);
      root.dataset.ready = 'true';
      if (pending !== null) { show(pending); pending = null; } else { show(i); }
    }

    $('back').addEventListener('click', function (e) { if (index) { e.preventDefault(); show(i - 1); } });
    $('forward').addEventListener('click', function (e) { if (index) { e.preventDefault(); show(i + 1); } });
    slider.addEventListener('input', function () { show(Number(slider.value)); });
    document.addEventListener('keydown', function (e) {
      if (e.target === slider || e.altKey || e.ctrlKey || e.metaKey) { return; }
      if (e.key === 'ArrowLeft') { e.preventDefault(); show(i - 1); }
      if (e.key === 'ArrowRight') { e.preventDefault(); show(i + 1); }
    });
    document.addEventListener('click', function (e) {
      var a = e.target.closest ? e.target.closest('a.jump') : null;
      if (a && index && a.dataset.step !== undefined && a.dataset.step !== '') {
        e.preventDefault();
        show(Number(a.dataset.step));
      }
    });
    get(root.dataset.json).then(ready).catch(function () {});
  }

  document.addEventListener('DOMContentLoaded', function () {
    var page = document.body.dataset.page;
    if (page === 'live') { live(); }
    if (page === 'seat') { seat(); }
    if (page === 'replay') { replay(); }
  });
}());
