// The page's own script (no other): the live table follows the server's events, the replay
// steps through the game. Every part it puts in place was drawn (and escaped) by the server.
(function () {
  'use strict';

  function $(id) { return document.getElementById(id); }

  function put(el, html) {
    var doc = new DOMParser().parseFromString('<!doctype html><body>' + html, 'text/html');
    el.replaceChildren.apply(el, Array.prototype.slice.call(doc.body.childNodes));
  }

  function live() {
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
  }

  function replay() {
    var root = $('replay');
    if (!root || !root.dataset.json) { return; }
    var slider = $('slider');
    var i = Number(root.dataset.index || 0);
    var doc = null;
    var pending = null;  // a step asked for (a key pressed) before the steps arrived

    function label(s) {
      var unit = (doc.sheet && doc.sheet.unit) || 'deal';
      var head = unit.charAt(0).toUpperCase() + unit.slice(1) + ' ' + s.deal;
      return s.kind === 'deal' ? head : head + ' · ' + s.label;
    }

    function show(k) {
      if (!doc) { pending = Math.max(0, k); i = pending; return; }
      k = Math.max(0, Math.min(doc.steps.length - 1, k));
      i = k;
      var s = doc.steps[k];
      put($('replay-trick'), s.html.trick);
      put($('explain'), s.html.explain);
      $('step-label').textContent = label(s);
      slider.value = String(k);
      $('back').value = String(Math.max(0, k - 1));
      $('forward').value = String(Math.min(doc.steps.length - 1, k + 1));
      root.dataset.index = String(k);
      window.history.replaceState(null, '', '?deal=' + s.deal + '&step=' + s.step);
    }

    function ready(d) {
      doc = d;
      slider.max = String(d.steps.length - 1);
      root.dataset.ready = 'true';
      if (pending !== null) { show(pending); pending = null; }
    }

    $('back').addEventListener('click', function (e) { if (doc) { e.preventDefault(); show(i - 1); } });
    $('forward').addEventListener('click', function (e) { if (doc) { e.preventDefault(); show(i + 1); } });
    slider.addEventListener('input', function () { show(Number(slider.value)); });
    document.addEventListener('keydown', function (e) {
      if (e.target === slider || e.altKey || e.ctrlKey || e.metaKey) { return; }
      if (e.key === 'ArrowLeft') { e.preventDefault(); show(i - 1); }
      if (e.key === 'ArrowRight') { e.preventDefault(); show(i + 1); }
    });
    document.addEventListener('click', function (e) {
      var a = e.target.closest ? e.target.closest('a.jump') : null;
      if (a && doc && a.dataset.step !== undefined && a.dataset.step !== '') {
        e.preventDefault();
        show(Number(a.dataset.step));
      }
    });
    fetch(root.dataset.json, { credentials: 'same-origin' })
      .then(function (r) { return r.json(); })
      .then(ready);
  }

  document.addEventListener('DOMContentLoaded', function () {
    var page = document.body.dataset.page;
    if (page === 'live') { live(); }
    if (page === 'replay') { replay(); }
  });
}());
