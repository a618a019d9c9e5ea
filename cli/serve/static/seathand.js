// "Show the referee my hand" on a seat's page (templates/seathand.html): the taps pick the
// cards (kept across the page's updates, which redraw the part), the typed text adds to them,
// and one request sends the whole hand (POST hand, with the version of the view).
(function () {
  'use strict';

  var picked = {};  // card -> true

  function $(id) { return document.getElementById(id); }

  function typed() {
    var i = $('hand-typed');
    return i && i.value.trim() ? i.value.trim().split(/[\s,]+/) : [];
  }

  var offered = null;  // the held cards last picked for the seat (data-held)

  function sync() {
    var f = $('hand-form');
    var held = f ? (f.dataset.held || '') : '';
    if (held !== offered) {  // its hand as it is now: the cards the referee holds, picked
      offered = held;
      picked = {};
      held.split(' ').forEach(function (c) { if (c) { picked[c] = true; } });
    }
    Array.prototype.forEach.call(document.querySelectorAll('button.pick-card'), function (b) {
      var on = picked[b.dataset.card] ? 'true' : 'false';
      if (b.getAttribute('aria-pressed') !== on) { b.setAttribute('aria-pressed', on); }
    });
    var n = $('hand-count');
    var count = String(Object.keys(picked).length + typed().length);
    if (n && n.textContent !== count) { n.textContent = count; }  // (no change: no loop)
  }

  function say(state, text) {
    var said = $('said');
    if (!said) { return; }
    said.dataset.state = state;
    said.textContent = text;
  }

  function send(cards) {
    var body = document.body;
    say('sending', 'sending…');
    return fetch(body.dataset.hand, {
      method: 'POST', credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ cards: cards.join(' '), version: Number(body.dataset.version || 0) })
    }).then(function (r) {
      return r.json().catch(function () { return { message: r.statusText }; }).then(function (x) {
        if (r.ok) {
          picked = {};
          say('accepted', 'your hand is shown to the referee alone');
          if (x.version) { body.dataset.version = String(x.version); }
        } else {
          say('refused', (r.status === 409 ? 'the table changed: send it again' : (x.message || r.statusText)) +
            (x.rule ? ' — rule ' + x.rule : ''));
        }
      });
    }).catch(function () { say('refused', 'not sent: no connection'); });
  }

  document.addEventListener('DOMContentLoaded', function () {
    if (document.body.dataset.page !== 'seat' || !$('register')) { return; }
    document.addEventListener('click', function (e) {
      var b = e.target.closest ? e.target.closest('button.pick-card') : null;
      if (!b) { return; }
      if (picked[b.dataset.card]) { delete picked[b.dataset.card]; } else { picked[b.dataset.card] = true; }
      sync();
    });
    document.addEventListener('input', function (e) {
      if (e.target && e.target.id === 'hand-typed') { sync(); }
    });
    document.addEventListener('submit', function (e) {
      var f = e.target;
      if (!f || f.id !== 'hand-form') { return; }
      e.preventDefault();
      send(Object.keys(picked).concat(typed()));
    });
    // the part is redrawn on every update of the table: the taps are put back
    new MutationObserver(sync).observe($('register'), { childList: true, subtree: true });
    sync();
  });
}());
