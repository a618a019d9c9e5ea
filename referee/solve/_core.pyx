# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, nonecheck=False
"""The compiled node loop of ``referee.solve.search`` (see its module note, "The core").

The same alpha-beta as the pure-Python closures ``trick`` and ``follow`` of
``Solver._build`` (the general search: every objective but "only tricks count", which takes
the winning-ranks search), on C ints: hands and live cards as 64-bit masks, the rules and the
objective as arrays, and a transposition table of C records. Nothing in the node loop is a
Python object, and the search runs without the GIL from its start to its answer (a suit's
live cards' relative-rank code is computed here too, ``_intern``).

Sections of ``Engine``: the deal's tables (``__init__``, from ``Solver._build``'s
``params``); the Python side (``trick``, ``follow``: one search each, the GIL released); the
general table (``_slot``, ``_grow``, ``_store``) and key (``_key``); the rules' helpers
(``_runs``, ``_escapes``, ``_follow_moves``); what both searches share (``_spent``,
``_last_trick``, ``_leads``, and ``_reverse``, ``_first`` below the class); the general
search (``_trick``, ``_follow``: ``Solver._build``'s sections 6-7); the winning-ranks search
(``_sure_bounds``, ``_rel_of``, ``_run_rel``, ``_trick_r``, ``_follow_r``: section 9).

The table keeps every bound, as the Python dicts do (it grows, it never drops one), and keys
a position on its relative ranks in the same classes as the Python code, so both cores visit
the same nodes in the same order: equal node counts are the differential test's first check.
"""

cimport cython
from libc.stdint cimport int32_t, int64_t, uint64_t
from libc.stdlib cimport calloc, free, malloc, realloc
from libc.string cimport memset

cdef extern from *:
    """
    #include <stdint.h>
    #if defined(_MSC_VER)
    #include <intrin.h>
    static inline int rc_pop(uint64_t x) { return (int)__popcnt64(x); }
    static inline int rc_low(uint64_t x) { unsigned long i; _BitScanForward64(&i, x); return (int)i; }
    static inline int rc_high(uint64_t x) { unsigned long i; _BitScanReverse64(&i, x); return (int)i; }
    #else
    static inline int rc_pop(uint64_t x) { return __builtin_popcountll(x); }
    static inline int rc_low(uint64_t x) { return __builtin_ctzll(x); }
    static inline int rc_high(uint64_t x) { return 63 - __builtin_clzll(x); }
    #endif
    """
    int rc_pop(uint64_t x) nogil
    int rc_low(uint64_t x) nogil   # the lowest set bit of a non-empty mask
    int rc_high(uint64_t x) nogil  # the highest set bit of a non-empty mask

DEF MAXC = 64   # cards
DEF MAXS = 8    # seats
DEF MAXT = 16   # tricks
DEF MAXR = 6    # runs (effective suits)
DEF MAXM = 64   # candidate moves at a node

cdef int INF = 1 << 30
cdef int BIG = 1 << 12


cdef struct Table:
    # one suit's subset sums: base (first card), width mask, 1 << cards entries
    int base
    uint64_t width
    int *sums


cdef struct Map:
    # a growing open-addressing map from keys of L words to an int32 (no entry is dropped)
    int L
    int64_t cap, used
    uint64_t *keys
    unsigned char *full
    int32_t *vals


cdef int map_init(Map *m, int L) noexcept nogil:
    m.L = L
    m.cap = 1 << 10
    m.used = 0
    m.keys = <uint64_t *>malloc(m.cap * L * sizeof(uint64_t))
    m.full = <unsigned char *>calloc(m.cap, 1)
    m.vals = <int32_t *>malloc(m.cap * sizeof(int32_t))
    return m.keys != NULL and m.full != NULL and m.vals != NULL


cdef void map_free(Map *m) noexcept nogil:
    free(m.keys)
    free(m.full)
    free(m.vals)
    m.keys = NULL
    m.full = NULL
    m.vals = NULL


cdef inline int64_t map_slot(Map *m, const uint64_t *key) noexcept nogil:
    cdef uint64_t h = 0x243F6A8885A308D3, mask = <uint64_t>m.cap - 1
    cdef int i
    cdef bint same
    for i in range(m.L):
        h = (h ^ key[i]) * <uint64_t>0x9E3779B97F4A7C15
        h ^= h >> 31
    h &= mask
    while m.full[h]:
        same = True
        for i in range(m.L):
            if m.keys[h * m.L + i] != key[i]:
                same = False
                break
        if same:
            return <int64_t>h
        h = (h + 1) & mask
    return <int64_t>h


cdef int32_t map_get(Map *m, const uint64_t *key) noexcept nogil:
    """The value of ``key``, or -1."""
    cdef int64_t h = map_slot(m, key)
    return m.vals[h] if m.full[h] else -1


cdef int map_put(Map *m, const uint64_t *key, int32_t val) noexcept nogil:
    cdef int64_t h, i, old_cap
    cdef int j
    cdef uint64_t *ok
    cdef unsigned char *of
    cdef int32_t *ov
    if (m.used + 1) * 2 > m.cap:
        ok, of, ov, old_cap = m.keys, m.full, m.vals, m.cap
        m.cap *= 2
        m.keys = <uint64_t *>malloc(m.cap * m.L * sizeof(uint64_t))
        m.full = <unsigned char *>calloc(m.cap, 1)
        m.vals = <int32_t *>malloc(m.cap * sizeof(int32_t))
        if m.keys == NULL or m.full == NULL or m.vals == NULL:
            return 0
        for i in range(old_cap):
            if of[i]:
                h = map_slot(m, ok + i * m.L)
                m.full[h] = 1
                m.vals[h] = ov[i]
                for j in range(m.L):
                    m.keys[h * m.L + j] = ok[i * m.L + j]
        free(ok)
        free(of)
        free(ov)
    h = map_slot(m, key)
    if not m.full[h]:
        m.full[h] = 1
        m.used += 1
        for j in range(m.L):
            m.keys[h * m.L + j] = key[j]
    m.vals[h] = val
    return 1


cdef int grow32(int32_t **arr, int64_t *cap, int64_t need, int width) noexcept nogil:
    """Room for ``need`` records of ``width`` int32 in a growing array."""
    cdef int32_t *a
    if need <= cap[0]:
        return 1
    a = <int32_t *>realloc(arr[0], cap[0] * 2 * width * sizeof(int32_t))
    if a == NULL:
        return 0
    arr[0] = a
    cap[0] *= 2
    return 1


@cython.final  # (no subclass: its cdef methods are called directly, and may be inlined)
cdef class Engine:
    """One deal's general search (built by ``Solver._build``, hands set per call)."""

    cdef int n, size, tricks, last
    cdef uint64_t hands[MAXS]
    cdef int suit[MAXC]
    cdef int keys[5][MAXC]
    cdef uint64_t smask[5]
    cdef uint64_t lead_ok, trump_mask
    cdef bint may_trump, wants, has_game
    cdef int game_value
    cdef bint side[MAXS]
    cdef bint maxi[MAXS]
    cdef int team_slot[MAXS]
    cdef int side_seats[MAXS]
    cdef int n_side
    cdef int opp_seats[MAXS]
    cdef int n_opp
    cdef int cv[MAXC]
    cdef int gp[MAXC]
    cdef int tv[MAXT]
    cdef int pos_suffix[MAXT + 1]
    cdef int neg_suffix[MAXT + 1]
    cdef int kind[MAXC]
    cdef Table pos_tables[MAXR]
    cdef Table neg_tables[MAXR]
    cdef Table gp_tables[MAXR]
    cdef int n_pos, n_neg, n_gp
    # the penalty escape (-1: none)
    cdef int esc_seat
    cdef uint64_t esc_masks[5]
    cdef int n_esc
    # the valued trumps that go to their team (bit, value, the trumps above)
    cdef uint64_t sure_bit[MAXC]
    cdef int sure_v[MAXC]
    cdef uint64_t sure_above[MAXC]
    cdef int n_sure
    # the relative-rank key: per run its first card, cards, mask, offset in the key, ids
    cdef int run_base[MAXR]
    cdef int run_cnt[MAXR]
    cdef uint64_t run_width[MAXR]
    cdef int run_off[MAXR]
    cdef int32_t *run_ids[MAXR]
    cdef int n_runs
    cdef int wide
    # the ids: per run, its live cards' code (the symbols of their holders and worths from
    # the lowest, a byte each: ``search.py``'s ``code``) -> a small id, in order of meeting
    cdef Map run_codes[MAXR]
    cdef int32_t run_count[MAXR]
    cdef int sym[MAXC]
    cdef bint have_sym
    # the transposition table: open addressing on key + 1 (0: empty)
    cdef uint64_t *tt_key
    cdef int32_t *tt_head  # the first record of the key (-1: none)
    cdef int32_t *tt_best  # the best lead (-1: none)
    cdef int64_t tt_cap, tt_used
    # the records: (ca, cb, lo, hi) and the next record of the same key
    cdef int32_t *rec
    cdef int64_t rec_cap, rec_used
    # winning ranks (only tricks count; see search.py): the cards j and above, above j
    cdef bint ranks
    cdef uint64_t up[MAXC]
    cdef uint64_t upx[MAXC]
    cdef uint64_t beats[5][MAXC]  # the cards that beat card j in a trick of suit led
    cdef int holder[MAXC]
    cdef bint have_holder
    cdef int hb, trump_top
    cdef int cum[MAXT + 1]
    cdef int least[MAXT + 1][MAXT + 1]
    cdef uint64_t suit_list[5]
    cdef int n_suits
    cdef int rs_base[MAXR]
    cdef uint64_t rs_width[MAXR]
    # per suit, by its live cards (a suit of at most 16 cards): the counts per seat and the
    # holders, as the rank key puts them (0 counts: not yet computed)
    cdef uint64_t *rs_memo[MAXR]
    cdef uint64_t rs_mask[MAXR]
    cdef int n_rs
    cdef uint64_t rel_out
    cdef Map buckets  # (counts per seat per suit, leader) -> its first ks entry
    cdef Map pats  # (ks entry, per suit the holders of its top k) -> its bounds
    cdef int32_t *ks_rec  # per ks entry: k per suit (MAXR), then the next entry
    cdef int64_t ks_cap, ks_used
    cdef int32_t *bnd  # per bounds record: lo, hi
    cdef int64_t bnd_cap, bnd_used
    # the search's state
    cdef public long long nodes
    cdef public long long limit
    cdef public int stopped  # 1: the budget ran out; 2: out of memory

    def __cinit__(self):
        self.tt_key = NULL
        self.tt_head = NULL
        self.tt_best = NULL
        self.rec = NULL
        self.ks_rec = NULL
        self.bnd = NULL
        self.buckets.keys = self.pats.keys = NULL
        self.buckets.full = self.pats.full = NULL
        self.buckets.vals = self.pats.vals = NULL
        for r in range(MAXR):
            self.rs_memo[r] = NULL
            self.run_ids[r] = NULL
            self.run_codes[r].keys = NULL
            self.run_codes[r].full = NULL
            self.run_codes[r].vals = NULL
            self.pos_tables[r].sums = NULL
            self.neg_tables[r].sums = NULL
            self.gp_tables[r].sums = NULL

    def __dealloc__(self):
        map_free(&self.buckets)
        map_free(&self.pats)
        free(self.ks_rec)
        free(self.bnd)
        free(self.tt_key)
        free(self.tt_head)
        free(self.tt_best)
        free(self.rec)
        for r in range(MAXR):
            free(self.rs_memo[r])
            free(self.run_ids[r])
            map_free(&self.run_codes[r])
            free(self.pos_tables[r].sums)
            free(self.neg_tables[r].sums)
            free(self.gp_tables[r].sums)

    def __init__(self, dict p):
        cdef int i, j, r, led
        self.n = p["n"]
        self.size = p["size"]
        self.tricks = p["tricks"]
        if self.n > MAXS or self.size + 3 > MAXC or self.tricks > MAXT:
            raise ValueError("a deal too large for the compiled core")
        self.last = self.n - 1
        for j in range(self.size):
            self.suit[j] = p["suit"][j]
            self.cv[j] = p["cv"][j]
            self.gp[j] = p["gp"][j]
            self.kind[j] = p["kind"][j]
            for led in range(5):
                self.keys[led][j] = p["keys"][led][j]
        for led in range(5):
            self.smask[led] = p["smask"][led]
        self.lead_ok = p["lead_ok"]
        self.trump_mask = p["trump_mask"]
        self.may_trump = p["may_trump"]
        self.wants = p["wants"]
        self.has_game = p["has_game"]
        self.game_value = p["game_value"]
        self.n_side = self.n_opp = 0
        for i in range(self.n):
            self.side[i] = p["side"][i]
            self.maxi[i] = p["maxi"][i]
            self.team_slot[i] = p["team_slot"][i]
        for i in p["side_seats"]:
            self.side_seats[self.n_side] = i
            self.n_side += 1
        for i in p["opp_seats"]:
            self.opp_seats[self.n_opp] = i
            self.n_opp += 1
        for i in range(self.tricks):
            self.tv[i] = p["tv"][i]
        for i in range(self.tricks + 1):
            self.pos_suffix[i] = p["pos_suffix"][i]
            self.neg_suffix[i] = p["neg_suffix"][i]
        self.n_pos = _tables(self.pos_tables, p["pos_tables"])
        self.n_neg = _tables(self.neg_tables, p["neg_tables"])
        self.n_gp = _tables(self.gp_tables, p["gp_tables"])
        self.esc_seat = p["esc_seat"]
        self.n_esc = 0
        for m in p["esc_masks"]:
            self.esc_masks[self.n_esc] = m
            self.n_esc += 1
        self.n_sure = 0
        for bit, v, above in p["sure_cards"]:
            self.sure_bit[self.n_sure] = bit
            self.sure_v[self.n_sure] = v
            self.sure_above[self.n_sure] = above
            self.n_sure += 1
        self.n_runs = 0
        off = 0
        for base, cnt in reversed(p["runs"]):  # the first run in the highest bits
            r = self.n_runs
            self.run_base[r] = base
            self.run_cnt[r] = cnt
            self.run_width[r] = (<uint64_t>1 << cnt) - 1
            self.run_off[r] = off
            self.run_ids[r] = <int32_t *>malloc(sizeof(int32_t) << cnt)
            if self.run_ids[r] == NULL:
                raise MemoryError
            memset(self.run_ids[r], 0xff, sizeof(int32_t) << cnt)  # -1: not met yet
            if not map_init(&self.run_codes[r], (8 * cnt + 63) // 64):
                raise MemoryError
            self.run_count[r] = 0
            off += cnt
            self.n_runs += 1
        self.wide = off
        if p["radix"] > 256:  # (a symbol is a byte of the code)
            raise ValueError("a deal too large for the compiled core")
        self.have_sym = False
        self.tt_cap = 1 << 12
        self.tt_key = <uint64_t *>calloc(self.tt_cap, sizeof(uint64_t))
        self.tt_head = <int32_t *>malloc(self.tt_cap * sizeof(int32_t))
        self.tt_best = <int32_t *>malloc(self.tt_cap * sizeof(int32_t))
        self.rec_cap = 1 << 12
        self.rec = <int32_t *>malloc(self.rec_cap * 5 * sizeof(int32_t))
        if not (self.tt_key and self.tt_head and self.tt_best and self.rec):
            raise MemoryError
        self.tt_used = self.rec_used = 0
        self.ranks = p.get("ranks", False)
        for j in range(self.size):
            m = self.smask[self.suit[j]]
            self.up[j] = m & ~((<uint64_t>1 << j) - 1)
            self.upx[j] = m & ~((<uint64_t>2 << j) - 1)
            for led in range(5):
                self.beats[led][j] = 0
                for x in range(self.size):
                    if self.keys[led][x] > self.keys[led][j]:
                        self.beats[led][j] |= <uint64_t>1 << x
        self.have_holder = False
        if self.ranks:
            self.hb = p["hb"]
            self.trump_top = p["trump_top"]
            for i in range(self.tricks + 1):
                self.cum[i] = p["cum"][i]
                for j in range(len(p["least"][i])):
                    self.least[i][j] = p["least"][i][j]
            self.n_suits = 0
            for led in range(5):
                if self.smask[led]:
                    self.suit_list[self.n_suits] = self.smask[led]
                    self.n_suits += 1
            self.n_rs = 0
            for base, cnt in p["runs"]:
                self.rs_base[self.n_rs] = base
                self.rs_width[self.n_rs] = (<uint64_t>1 << cnt) - 1
                self.rs_mask[self.n_rs] = self.smask[self.suit[base]]
                self.n_rs += 1
            if self.n > 8 or self.n_rs > 5:
                raise ValueError("a deal too large for the compiled core")
            if not (map_init(&self.buckets, 3) and map_init(&self.pats, 1 + self.n_rs)):
                raise MemoryError
            self.ks_cap = self.bnd_cap = 1 << 10
            self.ks_rec = <int32_t *>malloc(self.ks_cap * (MAXR + 1) * sizeof(int32_t))
            self.bnd = <int32_t *>malloc(self.bnd_cap * 2 * sizeof(int32_t))
            if self.ks_rec == NULL or self.bnd == NULL:
                raise MemoryError
            self.ks_used = self.bnd_used = 0
        self.nodes = 0
        self.limit = INF
        self.stopped = 0

    # -- the Python side: one search from a trick boundary or inside a trick ------------------

    def set_hands(self, hands):
        cdef int i
        for i in range(self.n):
            self.hands[i] = hands[i]

    def set_holder(self, holder):
        """Who held each card at the start (``Solver._holder``, known from the first
        position asked about): the winning-ranks table keys on it."""
        cdef int j, r
        for j in range(self.size):
            self.holder[j] = holder[j]
        self.have_holder = True
        for r in range(self.n_rs):
            free(self.rs_memo[r])
            self.rs_memo[r] = NULL
            if self.rs_width[r] < (<uint64_t>1 << 16):
                self.rs_memo[r] = <uint64_t *>calloc(2 * (self.rs_width[r] + 1),
                                                      sizeof(uint64_t))

    def set_sym(self, sym):
        """Each card's symbol (``Solver._sym``: its holder and worth, known from the first
        position asked about): the table's key is made of them."""
        cdef int j
        for j in range(self.size):
            self.sym[j] = sym[j]
        self.have_sym = True

    @property
    def needs_sym(self):
        return not self.have_sym

    @property
    def needs_holder(self):
        return self.ranks and not self.have_holder

    def trick(self, int leader, uint64_t live, int ga, int gb, int alpha, int beta):
        cdef int v
        self.stopped = 0
        with nogil:
            if self.ranks:
                v = self._trick_r(leader, live, alpha, beta)
            else:
                v = self._trick(leader, live, ga, gb, alpha, beta)
        return self._answer(v)

    def follow(self, int pos, int leader, int led, int best, int winner, uint64_t tmask,
               uint64_t live, int ga, int gb, int alpha, int beta):
        cdef int v
        self.stopped = 0
        with nogil:
            if self.ranks:
                v = self._follow_r(pos, leader, led, best, winner, tmask, live, alpha, beta)
            else:
                v = self._follow(pos, leader, led, best, winner, tmask, live, ga, gb,
                                 alpha, beta)
        return self._answer(v)

    cdef object _answer(self, int v):
        if self.stopped == 2:
            raise MemoryError
        return None if self.stopped else v

    def entries(self):
        """The bounds the tables hold: (the general table's records, the winning-ranks
        table's)."""
        return self.rec_used, self.bnd_used

    # -- the table ----------------------------------------------------------------------------

    cdef inline int64_t _slot(self, uint64_t key) noexcept nogil:
        """The slot of ``key`` or of the empty place where it goes."""
        cdef uint64_t mask = <uint64_t>self.tt_cap - 1
        cdef uint64_t h = (key + 1) * <uint64_t>0x9E3779B97F4A7C15
        h = (h ^ (h >> 29)) & mask
        while self.tt_key[h] != 0 and self.tt_key[h] != key + 1:
            h = (h + 1) & mask
        return <int64_t>h

    cdef int _grow(self) noexcept nogil:
        cdef int64_t old_cap = self.tt_cap, i, h
        cdef uint64_t *ok = self.tt_key
        cdef int32_t *oh = self.tt_head
        cdef int32_t *ob = self.tt_best
        cdef int64_t cap = old_cap * 2
        self.tt_key = <uint64_t *>calloc(cap, sizeof(uint64_t))
        self.tt_head = <int32_t *>malloc(cap * sizeof(int32_t))
        self.tt_best = <int32_t *>malloc(cap * sizeof(int32_t))
        if not (self.tt_key and self.tt_head and self.tt_best):
            free(self.tt_key)
            free(self.tt_head)
            free(self.tt_best)
            self.tt_key, self.tt_head, self.tt_best = ok, oh, ob
            return 0
        self.tt_cap = cap
        for i in range(old_cap):
            if ok[i]:
                h = self._slot(ok[i] - 1)
                self.tt_key[h] = ok[i]
                self.tt_head[h] = oh[i]
                self.tt_best[h] = ob[i]
        free(ok)
        free(oh)
        free(ob)
        return 1

    cdef int _store(self, uint64_t key, int ca, int cb, int nlo, int nhi, int move) noexcept nogil:
        """Keep the bounds (nlo, nhi) at the differences (ca, cb) and the best lead."""
        cdef int64_t h
        cdef int32_t i, prev
        cdef int32_t *rc
        if (self.tt_used + 1) * 2 > self.tt_cap:
            if not self._grow():
                return 0
        h = self._slot(key)
        if self.tt_key[h] == 0:
            self.tt_key[h] = key + 1
            self.tt_head[h] = -1
            self.tt_used += 1
        i = self.tt_head[h]
        prev = -1
        while i >= 0:
            rc = self.rec + 5 * i
            if rc[0] == ca and rc[1] == cb:
                if nlo > rc[2]:
                    rc[2] = nlo
                if nhi < rc[3]:
                    rc[3] = nhi
                self.tt_best[h] = move
                return 1
            prev = i
            i = rc[4]
        if self.rec_used == self.rec_cap:
            rc = <int32_t *>realloc(self.rec, self.rec_cap * 2 * 5 * sizeof(int32_t))
            if rc == NULL:
                return 0
            self.rec = rc
            self.rec_cap *= 2
        i = <int32_t>self.rec_used
        self.rec_used += 1
        rc = self.rec + 5 * i
        rc[0] = ca
        rc[1] = cb
        rc[2] = nlo
        rc[3] = nhi
        rc[4] = -1
        if prev < 0:
            self.tt_head[h] = i
        else:
            self.rec[5 * prev + 4] = i
        self.tt_best[h] = move
        return 1

    # -- the key: relative ranks --------------------------------------------------------------

    cdef uint64_t _key(self, int leader, uint64_t live) noexcept nogil:
        cdef uint64_t key = 0, m
        cdef int r
        cdef int32_t got
        for r in range(self.n_runs):
            m = (live >> self.run_base[r]) & self.run_width[r]
            got = self.run_ids[r][m]
            if got < 0:
                got = self._intern(r, m)
                self.run_ids[r][m] = got
            key |= <uint64_t>got << self.run_off[r]
        return key | <uint64_t>leader << self.wide

    cdef int32_t _intern(self, int r, uint64_t m) noexcept nogil:
        """The id of run ``r``'s live cards ``m``: the same for the same sequence of
        symbols from the lowest card (relative ranks: ``code`` in ``search.py``), so the
        same classes as the Python key; in order of first meeting, as there."""
        cdef uint64_t code[8]
        cdef int i = 0, w
        cdef int32_t got
        for w in range(8):
            code[w] = 0
        while m:
            code[i >> 3] |= <uint64_t>self.sym[self.run_base[r] + rc_low(m)] << (8 * (i & 7))
            m &= m - 1
            i += 1
        got = map_get(&self.run_codes[r], code)
        if got < 0:
            got = self.run_count[r]
            self.run_count[r] += 1
            if not map_put(&self.run_codes[r], code, got):
                self.stopped = 2
        return got

    # -- the rules' helpers -------------------------------------------------------------------

    cdef int _runs(self, uint64_t ok, uint64_t others, int *out) noexcept nogil:
        """``compact.one_of_each_run``: one card of each run of equivalent cards, lowest
        first; returns how many."""
        cdef int k = 0, prev = -1, c
        cdef uint64_t low
        while ok:
            low = ok & (~ok + 1)
            c = rc_low(ok)
            ok ^= low
            if prev < 0 or self.kind[prev] != self.kind[c] or \
                    others & (low - (<uint64_t>2 << prev)):
                out[k] = c
                k += 1
            prev = c
        return k

    cdef bint _escapes(self, int leader, uint64_t live) noexcept nogil:
        """``search._penalty_escape``: the player surely wins no more trick."""
        cdef int seat = self.esc_seat, i
        cdef uint64_t mine = self.hands[seat], others = live & ~mine, my, theirs, ok
        for i in range(self.n_esc):
            my = mine & self.esc_masks[i]
            theirs = others & self.esc_masks[i]
            if my and theirs and not _ducks(my, theirs, 0):
                return False
        if leader != seat:
            return True
        ok = mine & self.lead_ok
        if not ok:
            ok = mine
        for i in range(self.n_esc):
            my = ok & self.esc_masks[i]
            theirs = others & self.esc_masks[i]
            if my and theirs and _ducks(mine & self.esc_masks[i], theirs, 1):
                return True
        return False

    cdef int _follow_moves(self, int seat, uint64_t hand, int led, int best, int winner,
                           uint64_t tmask, uint64_t live, int *out) noexcept nogil:
        """``follow_moves``: the seat's moves inside a trick, in the order tried."""
        cdef uint64_t ok = hand & self.smask[led]
        cdef int runs[MAXM]
        cdef int win[MAXM]
        cdef int lose[MAXM]
        cdef int k, nw = 0, nl = 0, i, c, top = self.keys[led][best], m = 0
        cdef bint maximize = self.maxi[seat]
        if not ok:
            ok = hand
        elif self.may_trump:
            ok |= hand & self.trump_mask
        k = self._runs(ok, (live & ~hand & ~tmask) | (<uint64_t>1 << best), runs)
        for i in range(k):
            c = runs[i]
            if self.keys[led][c] > top:
                win[nw] = c
                nw += 1
            else:
                lose[nl] = c
                nl += 1
        if self.wants:
            if self.side[winner] == maximize or self.side[seat] != maximize:
                for i in range(nl):
                    out[m] = lose[i]
                    m += 1
                for i in range(nw):
                    out[m] = win[i]
                    m += 1
            else:
                for i in range(nw):
                    out[m] = win[i]
                    m += 1
                for i in range(nl):
                    out[m] = lose[i]
                    m += 1
        else:
            for i in range(nl - 1, -1, -1):
                out[m] = lose[i]
                m += 1
            for i in range(nw - 1, -1, -1):
                out[m] = win[i]
                m += 1
        return m

    # -- what both searches share -----------------------------------------------------------

    cdef inline bint _spent(self) noexcept nogil:
        """Count a trick-boundary node; True (``stopped``) past the budget."""
        self.nodes += 1
        if self.nodes > self.limit:
            self.stopped = 1
            return True
        return False

    cdef inline int _last_trick(self, int leader) noexcept nogil:
        """The last trick, one card in each hand, played out: its winner and the winning
        card, as ``MAXC * winner + card``."""
        cdef int lead = rc_high(self.hands[leader]), top = -1, nwin = leader, i, seat, c
        cdef int *power = &self.keys[self.suit[lead]][0]
        cdef int w = lead
        for i in range(self.n):
            seat = (leader + i) % self.n
            c = rc_high(self.hands[seat])
            if power[c] > top:
                top = power[c]
                nwin = seat
                w = c
        return MAXC * nwin + w

    cdef inline int _leads(self, uint64_t hand, uint64_t others, int *out) noexcept nogil:
        """The leader's moves, one of each run, lowest first (a card that may not be led
        only when the hand holds nothing else)."""
        cdef uint64_t ok = hand & self.lead_ok
        if not ok:
            ok = hand
        return self._runs(ok, others, out)

    # -- the search ---------------------------------------------------------------------------

    cdef int _trick(self, int leader, uint64_t live, int ga, int gb, int alpha,
                    int beta) noexcept nogil:
        """The rest of the deal from a trick boundary (value relative to now)."""
        cdef int n = self.n, i, c, nwin, gain, pts, slot, x
        cdef int number, lo, hi, ca, cb, left, a, b, a0, b0, g, move, v, nlo, nhi, k, hint
        cdef int *power
        cdef uint64_t mm, mine, upm, hand, ok, others, bit, key = 0
        cdef bint have_key = False, maximize, found
        cdef int64_t h
        cdef int32_t ri
        cdef int32_t *rc
        cdef int cands[MAXM]
        cdef int tmp[MAXM]
        cdef int nc, nt, j
        if not live:
            return self.game_value if ga > 0 and gb > 0 else 0
        if self._spent():
            return 0
        if rc_pop(live) == n:  # the last trick plays itself
            nwin = self._last_trick(leader) // MAXC
            pts = 0
            if self.side[nwin]:
                gain = self.tv[self.tricks - 1]
                mm = live
                while mm:
                    x = rc_low(mm)
                    gain += self.cv[x]
                    pts += self.gp[x]
                    mm &= mm - 1
                ga += pts
                gb += pts
            else:
                gain = 0
                if self.has_game:
                    slot = self.team_slot[nwin]
                    mm = live
                    while mm:
                        pts += self.gp[rc_low(mm)]
                        mm &= mm - 1
                    if slot == 0:
                        ga -= pts
                    elif slot == 1:
                        gb -= pts
            return gain + (self.game_value if ga > 0 and gb > 0 else 0)
        if self.esc_seat >= 0:
            key = self._key(leader, live)
            have_key = True
            if self._escapes(leader, live):
                return 0
        number = self.tricks - rc_pop(live) // n
        # bounds on what is still to be won or lost
        hi = self.pos_suffix[number]
        lo = self.neg_suffix[number]
        for i in range(self.n_pos):
            hi += self.pos_tables[i].sums[(live >> self.pos_tables[i].base)
                                          & self.pos_tables[i].width]
        for i in range(self.n_neg):
            lo += self.neg_tables[i].sums[(live >> self.neg_tables[i].base)
                                          & self.neg_tables[i].width]
        if lo >= beta or (hi <= alpha and not self.has_game):  # decided already
            return lo if lo >= beta else hi
        if not have_key:
            key = self._key(leader, live)
        if self.n_sure:  # a valued trump with every live trump above it on its team
            mine = 0
            for i in range(self.n_side):
                mine |= self.hands[self.side_seats[i]]
            for i in range(self.n_sure):
                if live & self.sure_bit[i]:
                    upm = live & self.sure_above[i]
                    v = self.sure_v[i]
                    if mine & self.sure_bit[i]:
                        if not upm & ~mine:
                            if v > 0:
                                lo += v
                            else:
                                hi += v
                    elif not upm & mine:
                        if v > 0:
                            hi -= v
                        else:
                            lo -= v
        if self.has_game:
            left = 0
            for i in range(self.n_gp):
                left += self.gp_tables[i].sums[(live >> self.gp_tables[i].base)
                                               & self.gp_tables[i].width]
            ca = ga if ga <= left else left + 1
            cb = gb if gb <= left else left + 1
            if ca <= -left or cb <= -left:
                ca = cb = -BIG  # the Game point is lost whatever happens
            else:
                hi += self.game_value
                if ca > left and cb > left:
                    lo += self.game_value  # won whatever happens
        else:
            ca = cb = 0
        if hi <= alpha:
            return hi
        if lo >= beta:
            return lo
        # the table: bounds at several differences of game points (see search.py)
        h = self._slot(key)
        found = self.tt_key[h] != 0
        hint = -1
        if found:
            hint = self.tt_best[h]
            ri = self.tt_head[h]
            while ri >= 0:
                rc = self.rec + 5 * ri
                if rc[0] <= ca and rc[1] <= cb and rc[2] > lo:
                    lo = rc[2]
                if rc[0] >= ca and rc[1] >= cb and rc[3] < hi:
                    hi = rc[3]
                ri = rc[4]
            if hi <= alpha:
                return hi
            if lo >= beta:
                return lo
            if lo == hi:
                return lo
        a, b = alpha, beta
        if lo > a:
            a = lo
        if hi < b:
            b = hi
        a0, b0 = a, b
        hand = self.hands[leader]
        others = live & ~hand
        nc = self._leads(hand, others, cands)  # lowest first
        if self.wants and self.side[leader] == self.maxi[leader]:
            if self.side[leader]:
                # the side, where cards are worth points (the general search): its masters
                # first, highest first; then its low cards
                nt = 0
                for i in range(nc - 1, -1, -1):
                    c = cands[i]
                    if not others & self.smask[self.suit[c]] & ~((<uint64_t>2 << c) - 1):
                        tmp[nt] = c
                        nt += 1
                for i in range(nc):
                    c = cands[i]
                    if others & self.smask[self.suit[c]] & ~((<uint64_t>2 << c) - 1):
                        tmp[nt] = c
                        nt += 1
                for i in range(nc):
                    cands[i] = tmp[i]
            else:
                _reverse(cands, nc)
        elif self.esc_seat >= 0 and nc > 1:
            nt = 0
            for k in range(2):  # the sure ones, then the rest
                for i in range(nc):
                    c = cands[i]
                    if self._sure_lead(leader, c) == (k == 0):
                        tmp[nt] = c
                        nt += 1
            for i in range(nc):
                cands[i] = tmp[i]
        _first(cands, nc, hint)
        maximize = self.maxi[leader]
        g = -INF if maximize else INF
        move = cands[0]
        for i in range(nc):
            c = cands[i]
            bit = <uint64_t>1 << c
            self.hands[leader] = hand ^ bit
            v = self._follow(1, leader, self.suit[c], c, leader, bit, live, ga, gb, a, b)
            self.hands[leader] = hand
            if self.stopped:
                return 0
            if maximize:
                if v > g:
                    g = v
                    move = c
                    if g > a:
                        a = g
                        if a >= b:
                            break
            else:
                if v < g:
                    g = v
                    move = c
                    if g < b:
                        b = g
                        if a >= b:
                            break
        if g <= a0:
            nlo, nhi = -INF, g
        elif g >= b0:
            nlo, nhi = g, INF
        else:
            nlo = nhi = g
        if not self._store(key, ca, cb, nlo, nhi, move):
            self.stopped = 2
            return 0
        return g

    cdef bint _sure_lead(self, int leader, int c) noexcept nogil:
        """``covered_first`` (the player leads) and ``forcing_first`` (an opponent leads):
        whether the lead ``c`` surely loses the trick for the player."""
        cdef uint64_t m = self.smask[self.suit[c]], h, bit = <uint64_t>1 << c
        cdef int i
        if self.side[leader]:
            for i in range(self.n_opp):
                h = self.hands[self.opp_seats[i]] & m
                if h and (h & (~h + 1)) > bit:
                    return True
            return False
        h = self.hands[self.side_seats[0]] & m
        return h != 0 and (h & (~h + 1)) > bit

    cdef int _follow(self, int pos, int leader, int led, int best, int winner, uint64_t tmask,
                     uint64_t live, int ga, int gb, int alpha, int beta) noexcept nogil:
        """The rest of the deal inside a trick: ``pos`` cards played, ``best`` the winning
        card so far and ``winner`` its seat, ``tmask`` the trick's cards, ``live`` every
        card in a hand or in the trick."""
        cdef int seat = (leader + pos) % self.n
        cdef uint64_t hand = self.hands[seat], bit, tm, nlive, mm
        cdef int top = self.keys[led][best]
        cdef bint maximize = self.maxi[seat]
        cdef int cands[MAXM]
        cdef int nc = self._follow_moves(seat, hand, led, best, winner, tmask, live, cands)
        cdef int g = -INF if maximize else INF
        cdef int a = alpha, b = beta, i, c, nbest, nwin, v, gain, pts, na, nb, slot, x
        cdef int number, trick_cv = 0, trick_gp = 0
        cdef bint at_last = pos == self.last
        if at_last:  # the worth of the cards already in the trick, once
            number = self.tricks - 1 - rc_pop(live & ~tmask) // self.n
            trick_cv = self.tv[number]
            mm = tmask
            while mm:
                x = rc_low(mm)
                trick_cv += self.cv[x]
                trick_gp += self.gp[x]
                mm &= mm - 1
        for i in range(nc):
            c = cands[i]
            bit = <uint64_t>1 << c
            if self.keys[led][c] > top:
                nbest, nwin = c, seat
            else:
                nbest, nwin = best, winner
            if at_last:
                tm = tmask | bit
                nlive = live & ~tm
                pts = trick_gp + self.gp[c]
                if self.side[nwin]:
                    gain = trick_cv + self.cv[c]
                    na, nb = ga + pts, gb + pts
                else:
                    slot = self.team_slot[nwin]
                    na = ga - pts if slot == 0 else ga
                    nb = gb - pts if slot == 1 else gb
                    gain = 0
                self.hands[seat] = hand ^ bit
                v = gain + self._trick(nwin, nlive, na, nb, a - gain, b - gain)
                self.hands[seat] = hand
            else:
                self.hands[seat] = hand ^ bit
                v = self._follow(pos + 1, leader, led, nbest, nwin, tmask | bit, live, ga, gb,
                                 a, b)
                self.hands[seat] = hand
            if self.stopped:
                return 0
            if maximize:
                if v > g:
                    g = v
                    if g > a:
                        a = g
                        if a >= b:
                            break
            else:
                if v < g:
                    g = v
                    if g < b:
                        b = g
                        if a >= b:
                            break
        return g


    # -- winning ranks (only tricks count) ----------------------------------------------------

    cdef int _set_best(self, uint64_t key, int move) noexcept nogil:
        """The best lead at a key (the rank search keeps no bounds in this table)."""
        cdef int64_t h
        if (self.tt_used + 1) * 2 > self.tt_cap:
            if not self._grow():
                return 0
        h = self._slot(key)
        if self.tt_key[h] == 0:
            self.tt_key[h] = key + 1
            self.tt_head[h] = -1
            self.tt_used += 1
        self.tt_best[h] = move
        return 1

    cdef int _unpaired(self, uint64_t mine, uint64_t theirs) noexcept nogil:
        """``TrickRules._unpaired`` (trumps are a run of bits in power order)."""
        cdef uint64_t both = mine | theirs, b
        cdef int k = 0, free_ = 0, i
        while both:
            i = rc_high(both)
            b = <uint64_t>1 << i
            both ^= b
            if theirs & b:
                free_ += 1
            elif free_:
                free_ -= 1
            else:
                k += 1
        return k

    cdef int _sure_trumps(self, int *seats, int count, uint64_t other) noexcept nogil:
        """``TrickRules.sure_trump_tricks`` of the hands of ``seats``."""
        cdef uint64_t theirs = other & self.trump_mask, mine
        cdef int best = 0, i, k
        for i in range(count):
            mine = self.hands[seats[i]] & self.trump_mask
            if not mine:
                continue
            k = rc_pop(mine) if not theirs else self._unpaired(mine, theirs)
            if k > best:
                best = k
        return best

    cdef int _quick(self, int leader, uint64_t live, int number,
                    uint64_t *tq_out) noexcept nogil:
        """``quick_of``: the leader's quick tricks as trick values from trick ``number`` on,
        and the cards they rest on."""
        cdef uint64_t hand = self.hands[leader], m = 0, mine, cut_m, elsewhere, theirs
        cdef uint64_t tq = 0
        cdef int q, sure, i, cut, top
        for i in range(self.n_suits):  # the masters (each suit a run of bits)
            mine = hand & self.suit_list[i]
            if mine:
                cut_m = live & ~hand & self.suit_list[i]
                cut = rc_high(cut_m) + 1 if cut_m else 0
                m |= mine >> cut << cut
        if self.trump_mask & live & ~hand:
            m &= self.trump_mask
        if hand & self.lead_ok & ~m:
            m &= self.lead_ok
        q = rc_pop(m)
        sure = self.cum[number + q] - self.cum[number] if q else 0
        if q:
            elsewhere = live & ~hand
            if self.trump_mask & elsewhere:
                theirs = elsewhere & self.trump_mask
                if theirs and hand & self.trump_mask:
                    top = rc_high(theirs)
                    if hand & self.upx[top]:
                        tq |= self.up[top]
            else:
                for i in range(self.n_suits):
                    theirs = elsewhere & self.suit_list[i]
                    if theirs and hand & self.suit_list[i]:
                        top = rc_high(theirs)
                        if hand & self.upx[top]:
                            tq |= self.up[top]
        tq_out[0] = tq
        return sure

    cdef void _sure_bounds(self, int leader, uint64_t live, int number,
                           int *dlo, int *dhi, uint64_t *tlo, uint64_t *thi) noexcept nogil:
        """``sure_bounds`` of search.py: the side's sure tricks, its sure losses and the
        cards each rests on."""
        cdef uint64_t mine, t
        cdef uint64_t tq = 0
        cdef int sure, i, ks, ko, a1, b1
        sure = self._quick(leader, live, number, &tq)
        dlo[0] = dhi[0] = 0
        tlo[0] = thi[0] = 0
        if self.trump_top:
            mine = 0
            for i in range(self.n_side):
                mine |= self.hands[self.side_seats[i]]
            ks = self._sure_trumps(self.side_seats, self.n_side, live & ~mine)
            ko = self._sure_trumps(self.opp_seats, self.n_opp, mine)
            a1 = sure if self.maxi[leader] else 0
            if a1 >= self.least[number][ks]:
                dlo[0] = a1
                tlo[0] = tq if a1 else 0
            else:
                t = live & ~mine & self.trump_mask
                dlo[0] = self.least[number][ks]
                tlo[0] = self.up[rc_low(t)] if t else 0
            b1 = sure if not self.side[leader] else 0
            if b1 >= self.least[number][ko]:
                dhi[0] = b1
                thi[0] = tq if b1 else 0
            else:
                t = mine & self.trump_mask
                dhi[0] = self.least[number][ko]
                thi[0] = self.up[rc_low(t)] if t else 0
        elif sure:
            if self.maxi[leader]:
                dlo[0] = sure
                tlo[0] = tq
            elif not self.side[leader]:
                dhi[0] = sure
                thi[0] = tq

    cdef uint64_t _rel_of(self, int32_t entry, uint64_t live) noexcept nogil:
        """The cards a table entry's bound rests on: per suit, its top k live cards and
        every card above them."""
        cdef uint64_t t = 0, m
        cdef int i, k, j
        cdef int32_t *ks = self.ks_rec + entry * (MAXR + 1)
        for i in range(self.n_rs):
            k = ks[i]
            if k:
                m = live & self.rs_mask[i]
                while k > 1:
                    m ^= <uint64_t>1 << rc_high(m)
                    k -= 1
                j = rc_high(m)
                t |= self.rs_mask[i] & ~((<uint64_t>1 << j) - 1)
        return t

    cdef inline uint64_t _run_rel(self, uint64_t crel, int c, uint64_t hand,
                                  uint64_t others) noexcept nogil:
        """A run of the seat's cards from ``c``: all or none relevant."""
        cdef uint64_t sm = self.smask[self.suit[c]], above, lim
        if crel & sm:
            above = others & self.upx[c]
            lim = sm & ((above & (~above + 1)) - 1) if above else sm
            if hand & lim & self.upx[c] and crel & lim:
                crel |= self.up[c]
        return crel

    cdef int _trick_r(self, int leader, uint64_t live, int alpha, int beta) noexcept nogil:
        """``trick_r``: the rest of the deal from a trick boundary where only tricks count,
        with winning ranks; sets ``rel_out``."""
        cdef int n = self.n, i, c, nwin, w, number, lo, hi, dlo, dhi
        cdef int a, b, a0, b0, g, move, v, nlo, nhi, nc, hint, j, k, r
        cdef int *power
        cdef uint64_t tlo, thi, hand, ok, others, bit, key, crel, grel, urel, rel, mm
        cdef uint64_t bkey[3]
        cdef uint64_t hs[MAXR]
        cdef uint64_t pk[MAXR + 1]
        cdef uint64_t cnt, hh
        cdef uint64_t *memo
        cdef int32_t head, e, lo_e = -1, hi_e = -1, got, last_e, found_e
        cdef int32_t *ks
        cdef int cands[MAXM]
        cdef int kv[MAXR]
        cdef bint maximize, have_bucket
        cdef int64_t h
        if not live:
            self.rel_out = 0
            return 0
        if self._spent():
            return 0
        if rc_pop(live) == n:  # the last trick plays itself
            w = self._last_trick(leader)
            nwin = w // MAXC
            w = w % MAXC
            # the winner's rank decided it when it beat a card of its suit
            self.rel_out = self.up[w] if live & self.smask[self.suit[w]] != (<uint64_t>1 << w) \
                else 0
            return self.tv[self.tricks - 1] if self.side[nwin] else 0
        number = self.tricks - rc_pop(live) // n
        hi = self.pos_suffix[number]
        lo = 0
        if hi <= alpha or lo >= beta:
            self.rel_out = 0
            return lo if lo >= beta else hi
        self._sure_bounds(leader, live, number, &dlo, &dhi, &tlo, &thi)
        lo += dlo
        hi -= dhi
        if hi <= alpha:
            self.rel_out = thi
            return hi
        if lo >= beta:
            self.rel_out = tlo
            return lo
        # the rank key: per suit the counts per seat and the holders from the top
        bkey[0] = bkey[1] = 0
        bkey[2] = <uint64_t>leader << 40
        for r in range(self.n_rs):
            mm = (live >> self.rs_base[r]) & self.rs_width[r]
            memo = self.rs_memo[r] + 2 * mm if self.rs_memo[r] != NULL else NULL
            if memo != NULL and memo[0]:
                cnt = memo[0]
                hh = memo[1]
            else:
                cnt = hh = 0
                while mm:
                    j = self.rs_base[r] + rc_low(mm)
                    hh = hh << self.hb | <uint64_t>self.holder[j]
                    cnt += <uint64_t>1 << 4 * self.holder[j]
                    mm &= mm - 1
                if memo != NULL:
                    memo[0] = cnt
                    memo[1] = hh
            hs[r] = hh
            bkey[r >> 1] |= cnt << (32 * (r & 1))  # (suit 4 in the third word, with the leader)
        head = map_get(&self.buckets, bkey)
        have_bucket = head >= 0
        if have_bucket:
            e = head
            while e >= 0:
                ks = self.ks_rec + e * (MAXR + 1)
                pk[0] = <uint64_t>e
                for r in range(self.n_rs):
                    pk[r + 1] = hs[r] & ((<uint64_t>1 << self.hb * ks[r]) - 1)
                got = map_get(&self.pats, pk)
                if got >= 0:
                    if self.bnd[2 * got] > lo:
                        lo = self.bnd[2 * got]
                        lo_e = e
                        if lo >= beta:
                            break
                    if self.bnd[2 * got + 1] < hi:
                        hi = self.bnd[2 * got + 1]
                        hi_e = e
                        if hi <= alpha:
                            break
                e = ks[MAXR]
            if hi <= alpha:
                self.rel_out = self._rel_of(hi_e, live) if hi_e >= 0 else thi
                return hi
        if lo >= beta or lo >= hi:
            rel = self._rel_of(lo_e, live) if lo_e >= 0 else tlo
            if lo >= hi:
                rel |= self._rel_of(hi_e, live) if hi_e >= 0 else thi
            self.rel_out = rel
            return lo
        a, b = alpha, beta
        if lo > a:
            a = lo
        if hi < b:
            b = hi
        a0, b0 = a, b
        hand = self.hands[leader]
        others = live & ~hand
        nc = self._leads(hand, others, cands)  # lowest first
        if self.wants and self.side[leader] == self.maxi[leader]:
            _reverse(cands, nc)
        key = self._key(leader, live)
        h = self._slot(key)
        hint = self.tt_best[h] if self.tt_key[h] != 0 else -1
        _first(cands, nc, hint)
        maximize = self.maxi[leader]
        g = -INF if maximize else INF
        move = cands[0]
        grel = urel = 0
        for i in range(nc):
            c = cands[i]
            bit = <uint64_t>1 << c
            self.hands[leader] = hand ^ bit
            v = self._follow_r(1, leader, self.suit[c], c, leader, bit, live, a, b)
            self.hands[leader] = hand
            if self.stopped:
                return 0
            crel = self._run_rel(self.rel_out, c, hand, others)
            urel |= crel
            if maximize:
                if v > g:
                    g, move, grel = v, c, crel
                    if g > a:
                        a = g
                        if a >= b:
                            break
            else:
                if v < g:
                    g, move, grel = v, c, crel
                    if g < b:
                        b = g
                        if a >= b:
                            break
        if g <= a0:
            nlo, nhi = -INF, g
            rel = grel if not maximize else urel
        elif g >= b0:
            nlo, nhi = g, INF
            rel = grel if maximize else urel
        else:
            nlo = nhi = g
            rel = urel
        # store under the ranks the answer rests on: per suit, its top k live cards
        for r in range(self.n_rs):
            kv[r] = rc_pop(live & rel & self.rs_mask[r])
        head = map_get(&self.buckets, bkey)  # (the search below may have added it)
        e = head
        last_e = -1
        found_e = -1
        while e >= 0:
            ks = self.ks_rec + e * (MAXR + 1)
            k = 1
            for r in range(self.n_rs):
                if ks[r] != kv[r]:
                    k = 0
                    break
            if k:
                found_e = e
                break
            last_e = e
            e = ks[MAXR]
        if found_e < 0:
            if not grow32(&self.ks_rec, &self.ks_cap, self.ks_used + 1, MAXR + 1):
                self.stopped = 2
                return 0
            found_e = <int32_t>self.ks_used
            self.ks_used += 1
            ks = self.ks_rec + found_e * (MAXR + 1)
            for r in range(MAXR):
                ks[r] = kv[r] if r < self.n_rs else 0
            ks[MAXR] = -1
            if last_e < 0:
                if not map_put(&self.buckets, bkey, found_e):
                    self.stopped = 2
                    return 0
            else:
                self.ks_rec[last_e * (MAXR + 1) + MAXR] = found_e
        pk[0] = <uint64_t>found_e
        for r in range(self.n_rs):
            pk[r + 1] = hs[r] & ((<uint64_t>1 << self.hb * kv[r]) - 1)
        got = map_get(&self.pats, pk)
        if got < 0:
            if not grow32(&self.bnd, &self.bnd_cap, self.bnd_used + 1, 2):
                self.stopped = 2
                return 0
            got = <int32_t>self.bnd_used
            self.bnd_used += 1
            self.bnd[2 * got] = nlo
            self.bnd[2 * got + 1] = nhi
            if not map_put(&self.pats, pk, got):
                self.stopped = 2
                return 0
        else:
            if nlo > self.bnd[2 * got]:
                self.bnd[2 * got] = nlo
            if nhi < self.bnd[2 * got + 1]:
                self.bnd[2 * got + 1] = nhi
        if not self._set_best(key, move):
            self.stopped = 2
            return 0
        self.rel_out = rel
        return g

    cdef inline bint _taken(self, int w, int number, uint64_t rest, uint64_t rel, int alpha,
                            int beta, int *got, uint64_t *rel_at) noexcept nogil:
        """``search.py``'s ``taken``: trick ``number`` surely goes to ``w``'s team, ``w``
        leading next with ``rest`` live; True with the bound (``got``) and the cards it rests
        on (``rel_at``) where it decides the window."""
        cdef uint64_t tq = 0
        cdef int v
        if self.side[w]:
            v = self.tv[number]
            if v < beta and self.maxi[w] and number + 1 < self.tricks:
                v += self._quick(w, rest, number + 1, &tq)
                rel |= tq
            if v < beta:
                return False
        else:
            v = self.pos_suffix[number + 1]
            if v > alpha and number + 1 < self.tricks:
                v -= self._quick(w, rest, number + 1, &tq)
                rel |= tq
            if v > alpha:
                return False
        got[0] = v
        rel_at[0] = rel
        return True

    cdef int _follow_r(self, int pos, int leader, int led, int best, int winner,
                       uint64_t tmask, uint64_t live, int alpha, int beta) noexcept nogil:
        """``follow_r``: inside a trick where only tricks count; sets ``rel_out``."""
        cdef int seat = (leader + pos) % self.n
        cdef uint64_t hand = self.hands[seat], bit, tm, crel, grel = 0, urel = 0
        cdef uint64_t others = (live & ~hand & ~tmask) | (<uint64_t>1 << best)
        cdef int top = self.keys[led][best]
        cdef bint maximize = self.maxi[seat]
        cdef int cands[MAXM]
        cdef int nc, number, got
        cdef int g = -INF if maximize else INF
        cdef int a = alpha, b = beta, a0 = alpha, b0 = beta, i, c, nbest, nwin, v, gain
        cdef int trick_v = 0
        cdef bint at_last = pos == self.last
        cdef uint64_t to_play = 0, rel = 0, mine, cand, rest, low = 0
        cdef int s
        cdef bint found
        for i in range(pos, self.n):  # the trick settled (search.py's follow_r)
            to_play |= self.hands[(leader + i) % self.n]
        if not to_play & self.beats[led][best]:
            number = self.tricks - 1 - rc_pop(live & ~tmask) // self.n
            if self._taken(winner, number, live & ~tmask, self.up[best], alpha, beta, &got,
                           &rel):
                if self._spent():  # (a trick boundary reached: counted)
                    return 0
                self.rel_out = rel
                return got
        else:  # or a seat still to play takes it whatever the others play
            number = -1
            for i in range(pos, self.n):
                s = (leader + i) % self.n
                if self.side[s] != self.maxi[s]:
                    continue
                mine = self.hands[s]
                cand = mine & self.smask[led] & self.beats[led][best]
                rest = to_play & ~mine
                c = -1
                while cand:
                    low = cand & (~cand + 1)
                    if not rest & self.beats[led][rc_low(cand)]:
                        c = rc_low(cand)
                        break
                    cand ^= low
                if c < 0:
                    continue
                if number < 0:
                    number = self.tricks - 1 - rc_pop(live & ~tmask) // self.n
                self.hands[s] = mine ^ low
                found = self._taken(s, number, live & ~tmask & ~low, self.up[c], alpha, beta,
                                    &got, &rel)
                self.hands[s] = mine
                if found:
                    if self._spent():
                        return 0
                    self.rel_out = rel
                    return got
        nc = self._follow_moves(seat, hand, led, best, winner, tmask, live, cands)
        if maximize and self.wants and self.side[seat] and not self.side[winner] \
                and not hand & self.smask[led]:
            self._discards(cands, nc, live & ~hand & ~tmask, led, top)
        if at_last:
            trick_v = self.tv[self.tricks - 1 - rc_pop(live & ~tmask) // self.n]
        for i in range(nc):
            c = cands[i]
            bit = <uint64_t>1 << c
            if self.keys[led][c] > top:
                nbest, nwin = c, seat
            else:
                nbest, nwin = best, winner
            self.hands[seat] = hand ^ bit
            if at_last:
                tm = tmask | bit
                gain = trick_v if self.side[nwin] else 0
                v = gain + self._trick_r(nwin, live & ~tm, a - gain, b - gain)
                self.hands[seat] = hand
                crel = self.rel_out
                if tm & self.smask[self.suit[nbest]] != (<uint64_t>1 << nbest):
                    crel |= self.up[nbest]  # it beat a card of its suit
            else:
                v = self._follow_r(pos + 1, leader, led, nbest, nwin, tmask | bit, live, a, b)
                self.hands[seat] = hand
                crel = self.rel_out
            if self.stopped:
                return 0
            crel = self._run_rel(crel, c, hand, others)
            urel |= crel
            if maximize:
                if v > g:
                    g, grel = v, crel
                    if g > a:
                        a = g
                        if a >= b:
                            break
            else:
                if v < g:
                    g, grel = v, crel
                    if g < b:
                        b = g
                        if a >= b:
                            break
        if maximize:
            self.rel_out = grel if g >= b0 else urel
        else:
            self.rel_out = grel if g <= a0 else urel
        return g

    cdef void _discards(self, int *cands, int nc, uint64_t rest, int led,
                        int top) noexcept nogil:
        """A discard of the claimer's side (``follow_r``): after the cards that take the
        trick, the card most beaten first (the most cards of its suit above it elsewhere),
        a stable sort."""
        cdef int i, j, c, kc, w = 0
        cdef int key[MAXM]
        while w < nc and self.keys[led][cands[w]] > top:
            w += 1
        for i in range(w, nc):
            key[i] = -rc_pop(rest & self.upx[cands[i]])
        for i in range(w + 1, nc):
            c = cands[i]
            kc = key[i]
            j = i
            while j > w and key[j - 1] > kc:
                cands[j] = cands[j - 1]
                key[j] = key[j - 1]
                j -= 1
            cands[j] = c
            key[j] = kc

cdef inline void _reverse(int *cands, int nc) noexcept nogil:
    cdef int i, c
    for i in range(nc // 2):
        c = cands[i]
        cands[i] = cands[nc - 1 - i]
        cands[nc - 1 - i] = c


cdef inline void _first(int *cands, int nc, int hint) noexcept nogil:
    """The table's best lead ``hint`` (-1: none) to the front, the others in order."""
    cdef int i, j
    if hint < 0 or cands[0] == hint:
        return
    for i in range(1, nc):
        if cands[i] == hint:
            j = i
            while j > 0:
                cands[j] = cands[j - 1]
                j -= 1
            cands[0] = hint
            return


cdef bint _ducks(uint64_t mine, uint64_t theirs, int shift) noexcept nogil:
    """``search._ducks``."""
    cdef int k = rc_pop(mine), t = 0, last, need
    cdef uint64_t low
    last = rc_pop(theirs)
    if k < last:
        last = k
    last -= shift
    while theirs:
        low = theirs & (~theirs + 1)
        theirs ^= low
        t += 1
        if t > 1 and t > last:
            return True
        need = t + shift if t <= last else 1
        if rc_pop(mine & (low - 1)) < need:
            return False
    return True


cdef int _tables(Table *out, tables) except -1:
    cdef int k = 0, i
    for base, width, sums in tables:
        out[k].base = base
        out[k].width = width
        out[k].sums = <int *>malloc(len(sums) * sizeof(int))
        if out[k].sums == NULL:
            raise MemoryError
        for i in range(len(sums)):
            out[k].sums[i] = sums[i]
        k += 1
    return k
