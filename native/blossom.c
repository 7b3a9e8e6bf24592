/*
 * Exact maximum-weight matching on general graphs with integer weights of any size.
 *
 * Module tournaments.pairing._blossom, its main function:
 *
 *     max_weight_matching(n, edges, maxcardinality=False) -> list[int]
 *
 * ``edges`` is a dict {(u, v): weight} or a sequence of (u, v, weight) triples over the vertices
 * 0 .. n-1 (Python ints of any size, any sign); the answer gives, for every vertex, its mate or
 * -1. With ``maxcardinality`` the matching has the largest number of edges first and the
 * largest weight among those.
 *
 * The algorithm is Edmonds' blossom method in its primal-dual form with Galil's O(n^3)
 * bookkeeping (every vertex and blossom keeps its least-slack edge to the S-blossoms, so a dual
 * change costs O(n)). Duals stay integral because they are kept in half-units: the slack of
 * an edge (u, v) between two top-level blossoms is  y[u] + y[v] - 2 w(u, v),  vertex duals start
 * at max(w). The parity argument: every S-vertex is joined to an exposed vertex by tight edges
 * and all exposed vertices carry the same dual, so all S-vertices have duals of one parity and
 * the slack of an S-S edge is even; halving it is exact. (A stage of the warm start grows one
 * tree only, whose S-vertices share the parity of its root.)
 *
 * The bracket loop's calls -- a dict changed in place, maximum cardinality, positive edges only
 * -- start from the previous such call's optimum when little changed, and the answer is kept only
 * with its optimality certificate: see "warm start" below. stats() and set_checking() serve the
 * tests and the benchmark.
 *
 * Numbers are fixed-width two's complement integers of K 64-bit words, K chosen per call from
 * the largest weight with head room for the duals.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t word;

/* ---------------------------------------------------------------- multi-word numbers */

typedef unsigned __int128 dword;
typedef __int128 sdword;

static inline void num_add(word *r, const word *a, const word *b, int K)
{
    dword acc = 0;
    for (int i = 0; i < K; i++) {
        acc += (dword)a[i] + b[i];
        r[i] = (word)acc;
        acc >>= 64;
    }
}

static inline void num_sub(word *r, const word *a, const word *b, int K)
{
    sdword acc = 0;
    for (int i = 0; i < K; i++) {
        acc += (sdword)a[i] - (sdword)b[i];
        r[i] = (word)acc;
        acc >>= 64; /* arithmetic: the borrow is -1 or 0 */
    }
}

/* r = a + b - c in one pass */
static inline void num_add_sub(word *r, const word *a, const word *b, const word *c, int K)
{
    sdword acc = 0;
    for (int i = 0; i < K; i++) {
        acc += (sdword)a[i] + (sdword)b[i] - (sdword)c[i];
        r[i] = (word)acc;
        acc >>= 64;
    }
}

static inline int num_neg(const word *a, int K) { return (int)(a[K - 1] >> 63); }

static inline int num_cmp(const word *a, const word *b, int K)
{
    int na = num_neg(a, K), nb = num_neg(b, K);
    if (na != nb)
        return na ? -1 : 1;
    for (int i = K - 1; i >= 0; i--) {
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    }
    return 0;
}

static inline int num_is_zero(const word *a, int K)
{
    for (int i = 0; i < K; i++)
        if (a[i])
            return 0;
    return 1;
}

/* arithmetic shift right by one */
static inline void num_half(word *r, const word *a, int K)
{
    for (int i = 0; i < K; i++) {
        word hi = (i + 1 < K) ? a[i + 1] : (word)(num_neg(a, K) ? ~(word)0 : 0);
        r[i] = (a[i] >> 1) | (hi << 63);
    }
}

static inline void num_copy(word *r, const word *a, int K) { memcpy(r, a, sizeof(word) * (size_t)K); }

/* ---------------------------------------------------------------- the matcher's state */

typedef struct {
    int n, m, K, maxcard;
    int *endpoint;   /* 2m: endpoint[2k] = u, endpoint[2k+1] = v of edge k */
    word *w2;        /* m*K: twice the weight of edge k */
    int *nb_start;   /* n+1: CSR of the remote endpoints p around each vertex */
    int *nb;         /* 2m */
    int *nbv;        /* 2m: the vertex at the far end, nbv[q] = endpoint[nb[q]] (read in order) */
    int *mate;       /* n: remote endpoint of the matched edge, -1 */
    int *label;      /* 2n: 0 free, 1 S, 2 T (5 while scanning) */
    int *labelend;   /* 2n */
    int *inblossom;  /* n: top-level blossom of each vertex */
    int *parent;     /* 2n */
    int **childs;    /* 2n: sub-blossoms of a blossom, around the cycle from the base */
    int **endps;     /* 2n: endps[b][i] joins childs[b][i] and childs[b][i+1] */
    int *nchilds;    /* 2n */
    int *base;       /* 2n: -1 for an unused blossom */
    int *bestedge;   /* 2n */
    int **bestlist;  /* 2n: least-slack edges to other S-blossoms, NULL when not known */
    int *nbestlist;  /* 2n */
    int *unused;     /* stack of unused blossom numbers */
    int nunused;
    word *dual;      /* 2n*K */
    char *allowedge; /* m */
    int *queue;      /* n */
    int nqueue;
    int *scratch;    /* 2n */
    int *scratch2;   /* 2n */
    int *bestto;     /* 2n */
    word *slacks;       /* m*K: the slack of each edge as of dual version sver[k] */
    unsigned *sver;     /* m */
    char *stight;       /* m: slack <= 0, as of sver[k] */
    unsigned version;   /* bumped by every change of the duals */
    word *t1, *t2, *t3; /* K each */
    long *slot;         /* m: the dict slot each edge was read from (dict calls) */
    long call;          /* the number of the dict call that read it */
} M;

#define DUAL(M_, i) ((M_)->dual + (size_t)(i) * (size_t)(M_)->K)
#define W2(M_, k) ((M_)->w2 + (size_t)(k) * (size_t)(M_)->K)

/* The slack of edge k, computed once per change of the duals: a stage that augments without
 * changing the duals (most of them) rescans the edges without recomputing their slack. */
static inline const word *slack(M *g, int k)
{
    word *out = g->slacks + (size_t)k * (size_t)g->K;
    if (g->sver[k] != g->version) {
        num_add_sub(out, DUAL(g, g->endpoint[2 * k]), DUAL(g, g->endpoint[2 * k + 1]), W2(g, k), g->K);
        g->stight[k] = (char)(num_neg(out, g->K) || num_is_zero(out, g->K));
        g->sver[k] = g->version;
    }
    return out;
}

/* every vertex inside blossom b (b itself when b is a vertex), appended to out */
static int leaves(M *g, int b, int *out, int count)
{
    if (b < g->n) {
        out[count++] = b;
        return count;
    }
    for (int i = 0; i < g->nchilds[b]; i++)
        count = leaves(g, g->childs[b][i], out, count);
    return count;
}

static void set_inblossom(M *g, int b, int top)
{
    if (b < g->n) {
        g->inblossom[b] = top;
        return;
    }
    for (int i = 0; i < g->nchilds[b]; i++)
        set_inblossom(g, g->childs[b][i], top);
}

static void assign_label(M *g, int w, int t, int p)
{
    int b = g->inblossom[w];
    g->label[w] = g->label[b] = t;
    g->labelend[w] = g->labelend[b] = p;
    g->bestedge[w] = g->bestedge[b] = -1;
    if (t == 1) {
        g->nqueue = leaves(g, b, g->queue, g->nqueue);
    } else {
        int mb = g->mate[g->base[b]];
        assign_label(g, g->endpoint[mb], 1, mb ^ 1);
    }
}

/* Trace back from the S-vertices v and w: the base of the blossom they close, or -1 when the
 * two trees differ (an augmenting path). */
static int scan_blossom(M *g, int v, int w)
{
    int *path = g->scratch, npath = 0, found = -1;
    while (v != -1 || w != -1) {
        int b = g->inblossom[v];
        if (g->label[b] & 4) {
            found = g->base[b];
            break;
        }
        path[npath++] = b;
        g->label[b] = 5;
        if (g->labelend[b] == -1) {
            v = -1;
        } else {
            v = g->endpoint[g->labelend[b]];
            b = g->inblossom[v];
            v = g->endpoint[g->labelend[b]];
        }
        if (w != -1) {
            int x = v;
            v = w;
            w = x;
        }
    }
    for (int i = 0; i < npath; i++)
        g->label[path[i]] = 1;
    return found;
}

static void reverse(int *a, int len)
{
    for (int i = 0, j = len - 1; i < j; i++, j--) {
        int x = a[i];
        a[i] = a[j];
        a[j] = x;
    }
}

static int add_blossom(M *g, int bbase, int k)
{
    int n = g->n;
    int v = g->endpoint[2 * k], w = g->endpoint[2 * k + 1];
    int bb = g->inblossom[bbase], bv = g->inblossom[v], bw = g->inblossom[w];
    int b = g->unused[--g->nunused];
    int *path = g->scratch, *ends = g->scratch2, len = 0;
    g->base[b] = bbase;
    g->parent[b] = -1;
    g->parent[bb] = b;
    while (bv != bb) {
        g->parent[bv] = b;
        path[len] = bv;
        ends[len] = g->labelend[bv];
        len++;
        v = g->endpoint[g->labelend[bv]];
        bv = g->inblossom[v];
    }
    path[len] = bb;
    len++;
    reverse(path, len);
    reverse(ends, len - 1);
    ends[len - 1] = 2 * k;
    while (bw != bb) {
        g->parent[bw] = b;
        path[len] = bw;
        ends[len] = g->labelend[bw] ^ 1;
        len++;
        w = g->endpoint[g->labelend[bw]];
        bw = g->inblossom[w];
    }
    g->childs[b] = malloc(sizeof(int) * (size_t)len);
    g->endps[b] = malloc(sizeof(int) * (size_t)len);
    if (!g->childs[b] || !g->endps[b])
        return -1;
    memcpy(g->childs[b], path, sizeof(int) * (size_t)len);
    memcpy(g->endps[b], ends, sizeof(int) * (size_t)len);
    g->nchilds[b] = len;
    g->label[b] = 1;
    g->labelend[b] = g->labelend[bb];
    memset(DUAL(g, b), 0, sizeof(word) * (size_t)g->K);

    /* the T-vertices of the new blossom become S-vertices */
    int nleaf = leaves(g, b, g->scratch, 0);
    for (int i = 0; i < nleaf; i++) {
        int x = g->scratch[i];
        if (g->label[g->inblossom[x]] == 2)
            g->queue[g->nqueue++] = x;
        g->inblossom[x] = b;
    }

    /* least-slack edge from the new blossom to every other S-blossom */
    int *bestto = g->bestto;
    for (int i = 0; i < 2 * n; i++)
        bestto[i] = -1;
    for (int c = 0; c < len; c++) {
        int sub = g->childs[b][c];
        if (g->bestlist[sub]) {
            for (int e = 0; e < g->nbestlist[sub]; e++) {
                int kk = g->bestlist[sub][e];
                int i = g->endpoint[2 * kk], j = g->endpoint[2 * kk + 1];
                if (g->inblossom[j] == b)
                    j = i;
                int bj = g->inblossom[j];
                if (bj != b && g->label[bj] == 1) {
                    if (bestto[bj] == -1) {
                        bestto[bj] = kk;
                    } else {
                        if (num_cmp(slack(g, kk), slack(g, bestto[bj]), g->K) < 0)
                            bestto[bj] = kk;
                    }
                }
            }
            free(g->bestlist[sub]);
            g->bestlist[sub] = NULL;
        } else {
            int nl = leaves(g, sub, g->scratch, 0);
            for (int li = 0; li < nl; li++) {
                int x = g->scratch[li];
                for (int q = g->nb_start[x]; q < g->nb_start[x + 1]; q++) {
                    int p = g->nb[q];
                    int kk = p >> 1;
                    int j = g->endpoint[p];
                    int bj = g->inblossom[j];
                    if (bj != b && g->label[bj] == 1) {
                        if (bestto[bj] == -1) {
                            bestto[bj] = kk;
                        } else {
                            if (num_cmp(slack(g, kk), slack(g, bestto[bj]), g->K) < 0)
                                bestto[bj] = kk;
                        }
                    }
                }
            }
        }
        g->bestedge[sub] = -1;
    }
    int count = 0;
    for (int i = 0; i < 2 * n; i++)
        if (bestto[i] != -1)
            count++;
    g->bestlist[b] = malloc(sizeof(int) * (size_t)(count ? count : 1));
    if (!g->bestlist[b])
        return -1;
    g->nbestlist[b] = 0;
    g->bestedge[b] = -1;
    for (int i = 0; i < 2 * n; i++) {
        int kk = bestto[i];
        if (kk == -1)
            continue;
        g->bestlist[b][g->nbestlist[b]++] = kk;
        if (g->bestedge[b] == -1) {
            g->bestedge[b] = kk;
        } else {
            if (num_cmp(slack(g, kk), slack(g, g->bestedge[b]), g->K) < 0)
                g->bestedge[b] = kk;
        }
    }
    return 0;
}

static inline int wrap(int j, int len) { return ((j % len) + len) % len; }

static int index_of(const int *a, int len, int x)
{
    for (int i = 0; i < len; i++)
        if (a[i] == x)
            return i;
    return -1;
}

static void expand_blossom(M *g, int b, int endstage)
{
    int n = g->n, len = g->nchilds[b];
    int *ch = g->childs[b], *en = g->endps[b];
    for (int i = 0; i < len; i++) {
        int s = ch[i];
        g->parent[s] = -1;
        if (s < n)
            g->inblossom[s] = s;
        else if (endstage && num_is_zero(DUAL(g, s), g->K))
            expand_blossom(g, s, endstage);
        else
            set_inblossom(g, s, s);
    }
    if (!endstage && g->label[b] == 2) {
        /* the sub-blossoms on the even path from the entry to the base become T and S */
        int entry = g->inblossom[g->endpoint[g->labelend[b] ^ 1]];
        int j = index_of(ch, len, entry), jstep, trick;
        if (j & 1) {
            j -= len;
            jstep = 1;
            trick = 0;
        } else {
            jstep = -1;
            trick = 1;
        }
        int p = g->labelend[b];
        while (j != 0) {
            g->label[g->endpoint[p ^ 1]] = 0;
            g->label[g->endpoint[en[wrap(j - trick, len)] ^ trick ^ 1]] = 0;
            assign_label(g, g->endpoint[p ^ 1], 2, p);
            g->allowedge[en[wrap(j - trick, len)] >> 1] = 1;
            j += jstep;
            p = en[wrap(j - trick, len)] ^ trick;
            g->allowedge[p >> 1] = 1;
            j += jstep;
        }
        int bv = ch[wrap(j, len)];
        g->label[g->endpoint[p ^ 1]] = g->label[bv] = 2;
        g->labelend[g->endpoint[p ^ 1]] = g->labelend[bv] = p;
        g->bestedge[bv] = -1;
        j += jstep;
        while (ch[wrap(j, len)] != entry) {
            bv = ch[wrap(j, len)];
            if (g->label[bv] == 1) {
                j += jstep;
                continue;
            }
            int nl = leaves(g, bv, g->scratch, 0), v = -1;
            for (int i = 0; i < nl; i++) {
                if (g->label[g->scratch[i]] != 0) {
                    v = g->scratch[i];
                    break;
                }
            }
            if (v != -1) {
                g->label[v] = 0;
                g->label[g->endpoint[g->mate[g->base[bv]]]] = 0;
                assign_label(g, v, 2, g->labelend[v]);
            }
            j += jstep;
        }
    }
    g->label[b] = 0;
    g->labelend[b] = -1;
    free(g->childs[b]);
    free(g->endps[b]);
    g->childs[b] = g->endps[b] = NULL;
    g->nchilds[b] = 0;
    g->base[b] = -1;
    free(g->bestlist[b]);
    g->bestlist[b] = NULL;
    g->bestedge[b] = -1;
    g->unused[g->nunused++] = b;
}

/* Swap matched and unmatched edges inside blossom b along the path from vertex v to the base;
 * v becomes the base. */
static int augment_blossom(M *g, int b, int v)
{
    int n = g->n, len = g->nchilds[b];
    int t = v;
    while (g->parent[t] != b)
        t = g->parent[t];
    if (t >= n && augment_blossom(g, t, v) < 0)
        return -1;
    int *ch = g->childs[b], *en = g->endps[b];
    int i = index_of(ch, len, t), j = i, jstep, trick;
    if (i & 1) {
        j -= len;
        jstep = 1;
        trick = 0;
    } else {
        jstep = -1;
        trick = 1;
    }
    while (j != 0) {
        j += jstep;
        t = ch[wrap(j, len)];
        int p = en[wrap(j - trick, len)] ^ trick;
        if (t >= n && augment_blossom(g, t, g->endpoint[p]) < 0)
            return -1;
        j += jstep;
        t = ch[wrap(j, len)];
        if (t >= n && augment_blossom(g, t, g->endpoint[p ^ 1]) < 0)
            return -1;
        g->mate[g->endpoint[p]] = p ^ 1;
        g->mate[g->endpoint[p ^ 1]] = p;
    }
    /* rotate so that the new base's sub-blossom comes first */
    int *tmp = malloc(sizeof(int) * (size_t)len);
    if (!tmp)
        return -1;
    for (int x = 0; x < len; x++)
        tmp[x] = ch[(i + x) % len];
    memcpy(ch, tmp, sizeof(int) * (size_t)len);
    for (int x = 0; x < len; x++)
        tmp[x] = en[(i + x) % len];
    memcpy(en, tmp, sizeof(int) * (size_t)len);
    free(tmp);
    g->base[b] = g->base[ch[0]];
    return 0;
}

/* Swap matched and unmatched edges along the tree path from the S-vertex s up to its root; s takes
 * the remote endpoint p as its mate (-1: s is left exposed). */
static int swap_to_root(M *g, int s, int p)
{
    int n = g->n;
    for (;;) {
        int bs = g->inblossom[s];
        if (bs >= n && augment_blossom(g, bs, s) < 0)
            return -1;
        g->mate[s] = p;
        if (g->labelend[bs] == -1)
            break;
        int t = g->endpoint[g->labelend[bs]];
        int bt = g->inblossom[t];
        s = g->endpoint[g->labelend[bt]];
        int j = g->endpoint[g->labelend[bt] ^ 1];
        if (bt >= n && augment_blossom(g, bt, j) < 0)
            return -1;
        g->mate[j] = g->labelend[bt];
        p = g->labelend[bt] ^ 1;
    }
    return 0;
}

/* the augmenting path through edge k: both ends' paths to their roots swapped */
static int augment_matching(M *g, int k)
{
    if (swap_to_root(g, g->endpoint[2 * k], 2 * k + 1) < 0)
        return -1;
    return swap_to_root(g, g->endpoint[2 * k + 1], 2 * k);
}

/* Labels cleared for a new stage. */
static void stage_reset(M *g)
{
    int n = g->n;
    for (int i = 0; i < 2 * n; i++) {
        g->label[i] = 0;
        g->bestedge[i] = -1;
    }
    for (int b = n; b < 2 * n; b++) {
        free(g->bestlist[b]);
        g->bestlist[b] = NULL;
    }
    memset(g->allowedge, 0, (size_t)g->m);
    g->nqueue = 0;
}

/* The tree path from the S-vertex s to its root swapped: the root becomes matched, s exposed. */
static int expose(M *g, int s) { return swap_to_root(g, s, -1); }

/* One stage of the primal-dual method.
 *
 * root < 0: the usual stage, every exposed vertex a root of the alternating forest.
 * root >= 0: a stage of the warm start (see warm_start) grown from that exposed vertex alone,
 * while the other exposed vertices carry the dual floor c0 and wait unlabelled; the stage ends
 * with an augmenting path to one of them, or when an S-vertex's dual comes down to c0 -- the
 * path from the root to that vertex is then swapped, so the vertex is exposed at the floor.
 *
 * Returns 1 after an augmentation, 2 after such a swap, 0 when no augmenting path is left (a last
 * dual change leaves the duals feasible), -1 when memory ran out. */
static int stage_search(M *g, int root, const word *c0, word *delta, word *d)
{
    int n = g->n, K = g->K;
    stage_reset(g);
    if (root < 0) {
        /* Two exposed vertices outside any blossom joined by a tight edge are an augmenting
         * path by themselves: match them at once, as a stage would, without its search. Most
         * augmentations of the pairing graphs are of this kind (240 of 250 at 500 players). */
        for (int v = 0; v < n; v++) {
            if (g->mate[v] != -1 || g->inblossom[v] != v)
                continue;
            for (int q = g->nb_start[v]; q < g->nb_start[v + 1]; q++) {
                int p = g->nb[q], k = p >> 1, w = g->nbv[q];
                if (g->mate[w] != -1 || g->inblossom[w] != w)
                    continue;
                slack(g, k);
                if (g->stight[k]) {
                    g->mate[v] = p;
                    g->mate[w] = p ^ 1;
                    break;
                }
            }
        }
        for (int v = 0; v < n; v++)
            if (g->mate[v] == -1 && g->label[g->inblossom[v]] == 0)
                assign_label(g, v, 1, -1);
    } else {
        assign_label(g, root, 1, -1);
    }
    for (;;) {
        while (g->nqueue > 0) {
            int v = g->queue[--g->nqueue];
            for (int q = g->nb_start[v]; q < g->nb_start[v + 1]; q++) {
                int p = g->nb[q], k = p >> 1, w = g->nbv[q];
                if (g->inblossom[v] == g->inblossom[w])
                    continue;
                const word *kslack = NULL;
                if (!g->allowedge[k]) {
                    kslack = slack(g, k);
                    if (g->stight[k])
                        g->allowedge[k] = 1;
                }
                int bw = g->inblossom[w];
                if (g->allowedge[k]) {
                    if (g->label[bw] == 0) {
                        if (g->mate[g->base[bw]] == -1) {
                            /* only when one root grows: an exposed vertex waiting at the floor */
                            g->labelend[bw] = -1;
                            return augment_matching(g, k) < 0 ? -1 : 1;
                        }
                        assign_label(g, w, 2, p ^ 1);
                    } else if (g->label[bw] == 1) {
                        int bbase = scan_blossom(g, v, w);
                        if (bbase >= 0) {
                            if (add_blossom(g, bbase, k) < 0)
                                return -1;
                        } else {
                            return augment_matching(g, k) < 0 ? -1 : 1;
                        }
                    } else if (g->label[w] == 0) {
                        g->label[w] = 2;
                        g->labelend[w] = p ^ 1;
                    }
                } else if (g->label[bw] == 1) {
                    int b = g->inblossom[v];
                    if (g->bestedge[b] == -1) {
                        g->bestedge[b] = k;
                    } else {
                        if (num_cmp(kslack, slack(g, g->bestedge[b]), K) < 0)
                            g->bestedge[b] = k;
                    }
                } else if (g->label[w] == 0) {
                    if (g->bestedge[w] == -1) {
                        g->bestedge[w] = k;
                    } else {
                        if (num_cmp(kslack, slack(g, g->bestedge[w]), K) < 0)
                            g->bestedge[w] = k;
                    }
                }
            }
        }

        /* no tight edge left to use: change the duals */
        int dtype = -1, dedge = -1, dblossom = -1, lowest = -1;
        if (root >= 0) {
            /* an S-vertex may come down to the floor, no lower */
            for (int v = 0; v < n; v++) {
                if (g->label[g->inblossom[v]] != 1)
                    continue;
                num_sub(d, DUAL(g, v), c0, K);
                if (dtype == -1 || num_cmp(d, delta, K) < 0) {
                    num_copy(delta, d, K);
                    dtype = 1;
                    lowest = v;
                }
            }
        } else if (!g->maxcard) {
            dtype = 1;
            num_copy(delta, DUAL(g, 0), K);
            for (int v = 1; v < n; v++)
                if (num_cmp(DUAL(g, v), delta, K) < 0)
                    num_copy(delta, DUAL(g, v), K);
        }
        for (int v = 0; v < n; v++) {
            if (g->label[g->inblossom[v]] == 0 && g->bestedge[v] != -1) {
                const word *sv = slack(g, g->bestedge[v]);
                if (dtype == -1 || num_cmp(sv, delta, K) < 0) {
                    num_copy(delta, sv, K);
                    dtype = 2;
                    dedge = g->bestedge[v];
                }
            }
        }
        for (int b = 0; b < 2 * n; b++) {
            if (g->parent[b] == -1 && g->label[b] == 1 && g->bestedge[b] != -1 &&
                (b < n || g->base[b] >= 0)) {
                num_half(d, slack(g, g->bestedge[b]), K);
                if (dtype == -1 || num_cmp(d, delta, K) < 0) {
                    num_copy(delta, d, K);
                    dtype = 3;
                    dedge = g->bestedge[b];
                }
            }
        }
        for (int b = n; b < 2 * n; b++) {
            if (g->base[b] >= 0 && g->parent[b] == -1 && g->label[b] == 2 &&
                (dtype == -1 || num_cmp(DUAL(g, b), delta, K) < 0)) {
                num_copy(delta, DUAL(g, b), K);
                dtype = 4;
                dblossom = b;
            }
        }
        if (dtype == -1) {
            /* maximum cardinality reached: a last change that leaves the duals feasible */
            dtype = 1;
            num_copy(delta, DUAL(g, 0), K);
            for (int v = 1; v < n; v++)
                if (num_cmp(DUAL(g, v), delta, K) < 0)
                    num_copy(delta, DUAL(g, v), K);
            if (num_neg(delta, K))
                memset(delta, 0, sizeof(word) * (size_t)K);
        }
        for (int v = 0; v < n; v++) {
            int l = g->label[g->inblossom[v]];
            if (l == 1)
                num_sub(DUAL(g, v), DUAL(g, v), delta, K);
            else if (l == 2)
                num_add(DUAL(g, v), DUAL(g, v), delta, K);
        }
        for (int b = n; b < 2 * n; b++) {
            if (g->base[b] >= 0 && g->parent[b] == -1) {
                if (g->label[b] == 1)
                    num_add(DUAL(g, b), DUAL(g, b), delta, K);
                else if (g->label[b] == 2)
                    num_sub(DUAL(g, b), DUAL(g, b), delta, K);
            }
        }
        g->version++;
        if (dtype == 1) {
            if (lowest < 0)
                return 0;
            return expose(g, lowest) < 0 ? -1 : 2;
        } else if (dtype == 2) {
            g->allowedge[dedge] = 1;
            int i = g->endpoint[2 * dedge], j = g->endpoint[2 * dedge + 1];
            if (g->label[g->inblossom[i]] == 0)
                i = j;
            g->queue[g->nqueue++] = i;
        } else if (dtype == 3) {
            g->allowedge[dedge] = 1;
            g->queue[g->nqueue++] = g->endpoint[2 * dedge];
        } else {
            expand_blossom(g, dblossom, 0);
        }
    }
}

/* end of a stage that changed the matching: S-blossoms whose dual reached zero are taken apart */
static void end_stage(M *g)
{
    for (int b = g->n; b < 2 * g->n; b++) {
        if (g->parent[b] == -1 && g->base[b] >= 0 && g->label[b] == 1 && num_is_zero(DUAL(g, b), g->K))
            expand_blossom(g, b, 1);
    }
}

/* The primal-dual method from the current state; 0 on success, -1 when memory ran out. */
static int solve(M *g)
{
    int K = g->K, status = 0;
    word *delta = malloc(sizeof(word) * (size_t)K), *d = malloc(sizeof(word) * (size_t)K);
    if (!delta || !d) {
        free(delta);
        free(d);
        return -1;
    }
    for (int stage = 0; stage <= g->n; stage++) {
        int r = stage_search(g, -1, NULL, delta, d);
        if (r < 0) {
            status = -1;
            break;
        }
        if (r == 0)
            break;
        end_stage(g);
    }
    free(delta);
    free(d);
    return status;
}

/* ---------------------------------------------------------------- Python interface */

static void free_state(M *g)
{
    if (g->childs) {
        for (int b = 0; b < 2 * g->n; b++) {
            free(g->childs[b]);
            free(g->endps[b]);
            free(g->bestlist[b]);
        }
    }
    free(g->endpoint);
    free(g->w2);
    free(g->nb_start);
    free(g->nb);
    free(g->nbv);
    free(g->mate);
    free(g->label);
    free(g->labelend);
    free(g->inblossom);
    free(g->parent);
    free(g->childs);
    free(g->endps);
    free(g->nchilds);
    free(g->base);
    free(g->bestedge);
    free(g->bestlist);
    free(g->nbestlist);
    free(g->unused);
    free(g->dual);
    free(g->allowedge);
    free(g->queue);
    free(g->scratch);
    free(g->scratch2);
    free(g->bestto);
    free(g->slacks);
    free(g->sver);
    free(g->stight);
    free(g->t1);
    free(g->t2);
    free(g->t3);
    free(g->slot);
}

/* one edge's endpoints and weight, from a dict item or a triple; borrowed weight reference */
static int read_vertex(PyObject *obj, int n, int *out)
{
    long x = PyLong_AsLong(obj);
    if (x == -1 && PyErr_Occurred())
        return -1;
    if (x < 0 || x >= n) {
        PyErr_Format(PyExc_ValueError, "vertex %ld is not in 0..%d", x, n - 1);
        return -1;
    }
    *out = (int)x;
    return 0;
}

static int int_to_words(PyObject *value, word *out, int K)
{
    unsigned char *buf = (unsigned char *)out;
#if PY_VERSION_HEX >= 0x030D0000
    Py_ssize_t got = PyLong_AsNativeBytes(value, buf, (Py_ssize_t)(sizeof(word) * (size_t)K),
                                          Py_ASNATIVEBYTES_LITTLE_ENDIAN);
    if (got < 0)
        return -1;
#else
    if (_PyLong_AsByteArray((PyLongObject *)value, buf, sizeof(word) * (size_t)K, 1, 1) < 0)
        return -1;
#endif
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    for (int i = 0; i < K; i++)
        out[i] = __builtin_bswap64(out[i]);
#endif
    return 0;
}

/* ---------------------------------------------------------------- warm start
 *
 * The Dutch bracket loop calls the matcher a few hundred times a round on one edge dict that it
 * changes in place between calls, the edges of a few players each time. A cold solve starts from
 * nothing: all duals equal, no blossom, nothing matched. The warm start begins from the previous
 * call's optimum instead -- its matching, vertex and blossom duals and blossoms -- repaired around
 * the players whose edges changed:
 *
 *  1. the edges added, removed or reweighted are covered by dirty vertices: one end of each, the
 *     end with more such edges (usually one player whose edges all changed);
 *  2. every blossom holding a dirty vertex is dissolved from the top: its dual z moves to the
 *     vertices inside it (each gets z in the duals' half-units), which keeps the slack of every
 *     edge inside it and adds z to those leaving it, so its base's matched edge -- no longer
 *     tight when z > 0 -- is unmatched;
 *  3. a dirty vertex whose matched edge is no longer tight is unmatched, and its dual is raised
 *     until each of its edges has a slack >= 0 (it is unmatched when that changes its dual);
 *  4. now the duals are feasible, matched edges and blossoms tight, and every dual is still at
 *     least c0, the previous optimum's smallest vertex dual (the dual of its exposed vertices).
 *     The exposed vertices above c0 are brought down one at a time (stage_search with a root):
 *     each ends matched by an augmenting path, or stays exposed with the dual c0, or hands that
 *     place to a vertex of its tree whose dual reached c0 first. Then every exposed vertex has
 *     the smallest vertex dual, the invariant of the usual stages, which finish the matching.
 *
 * The result is accepted only with its certificate (certify): a feasible dual solution, tight
 * on the matching, with the exposed vertices at the smallest vertex dual and only full blossoms
 * with a positive dual -- the matching has the largest weight among those of its size -- and the
 * last stage's alternating forest showing that no larger matching exists (Tutte-Berge). Without
 * it the call is solved cold. So the warm start changes how fast the answer comes, never the
 * answer's weight. */

static M *previous;      /* the last bracket-loop call's solved state */
static int *slot_edge;   /* the edge read from each dict slot in the call being solved, -1 */
static long slot_edge_cap;
static long dict_calls;  /* dict calls so far: each call's number */
static long count_cold, count_warm, count_fallback;
static int checking;     /* tests: certify every solve, cold ones too */
static int spoiling;     /* tests: spoil each cold optimum this way before certifying it (spoil) */
static int spoilt_passed; /* whether the last spoilt optimum still passed its certificate */

#define WARM_MAX_VERTICES 4096 /* larger fields are always solved cold (a bound on the kept state) */

static void forget_previous(void)
{
    if (previous) {
        free_state(previous);
        free(previous);
        previous = NULL;
    }
}

/* the starting point of a cold solve: every vertex dual the largest weight, nothing else */
static void cold_init(M *g)
{
    int n = g->n, K = g->K;
    word *maxw = g->t3;
    memset(maxw, 0, sizeof(word) * (size_t)K);
    for (int k = 0; k < g->m; k++)
        if (num_cmp(W2(g, k), maxw, K) > 0)
            num_copy(maxw, W2(g, k), K);
    num_half(maxw, maxw, K);
    for (int b = n; b < 2 * n; b++) {
        free(g->childs[b]);
        free(g->endps[b]);
        free(g->bestlist[b]);
        g->childs[b] = g->endps[b] = g->bestlist[b] = NULL;
        g->nchilds[b] = 0;
    }
    memset(g->dual, 0, sizeof(word) * (size_t)K * (2 * (size_t)n + 1));
    for (int v = 0; v < n; v++) {
        num_copy(DUAL(g, v), maxw, K);
        g->mate[v] = -1;
        g->inblossom[v] = v;
    }
    for (int b = 0; b < 2 * n + 1; b++) {
        g->parent[b] = -1;
        g->base[b] = b < n ? b : -1;
        g->labelend[b] = -1;
        g->label[b] = 0;
    }
    g->nunused = 0;
    for (int b = 2 * n - 1; b >= n; b--)
        g->unused[g->nunused++] = b;
    g->version++;
}

static void unmatch(M *g, int v)
{
    if (g->mate[v] < 0)
        return;
    g->mate[g->endpoint[g->mate[v]]] = -1;
    g->mate[v] = -1;
}

/* take the top-level blossom b apart, its dual moved to the vertices inside (step 2) */
static void dissolve(M *g, int b)
{
    int n = g->n, K = g->K;
    int nl = leaves(g, b, g->scratch, 0);
    for (int i = 0; i < nl; i++)
        num_add(DUAL(g, g->scratch[i]), DUAL(g, g->scratch[i]), DUAL(g, b), K);
    if (!num_is_zero(DUAL(g, b), K))
        unmatch(g, g->base[b]);
    for (int i = 0; i < g->nchilds[b]; i++) {
        int s = g->childs[b][i];
        g->parent[s] = -1;
        set_inblossom(g, s, s);
    }
    free(g->childs[b]);
    free(g->endps[b]);
    free(g->bestlist[b]);
    g->childs[b] = g->endps[b] = g->bestlist[b] = NULL;
    g->nchilds[b] = 0;
    g->base[b] = -1;
    memset(DUAL(g, b), 0, sizeof(word) * (size_t)K);
    g->unused[g->nunused++] = b;
    (void)n;
}

/* P's endpoint p renumbered in g (the edge read from the same dict slot, joining the same two
 * vertices); -1 when g has no such edge */
static inline int endpoint_in(const M *g, const M *P, int p)
{
    long sl = P->slot[p >> 1];
    int k = sl < slot_edge_cap ? slot_edge[sl] : -1;
    if (k < 0)
        return -1;
    int a = P->endpoint[p ^ 1], c = P->endpoint[p];
    if (g->endpoint[2 * k] == c && g->endpoint[2 * k + 1] == a)
        return 2 * k;
    if (g->endpoint[2 * k] == a && g->endpoint[2 * k + 1] == c)
        return 2 * k + 1;
    return -1;
}

/* Steps 1-3 on g (edges read) from P. same[k]: edge k was read from the dict slot, key and
 * weight objects P read it from (so it is P's edge, unchanged). 0: ready for the stages from
 * the floor c0; 1: too much changed (g is left for a cold start); -1: memory ran out. */
static int warm_start(M *g, const M *P, const char *same, word *c0)
{
    int n = g->n, K = g->K, m = g->m, status = 1;
    long cap = 1;
    for (int k = 0; k < m; k++)
        if (g->slot[k] + 1 > cap)
            cap = g->slot[k] + 1;
    if (cap > slot_edge_cap) {
        free(slot_edge);
        slot_edge = malloc(sizeof(int) * (size_t)cap);
        slot_edge_cap = slot_edge ? cap : 0;
        if (!slot_edge)
            return -1;
        memset(slot_edge, 0xff, sizeof(int) * (size_t)cap);
    }
    char *dirty = calloc((size_t)n + 1, 1), *seen = calloc((size_t)m + 1, 1);
    if (!dirty || !seen) {
        status = -1;
        goto out;
    }
    for (int k = 0; k < m; k++)
        slot_edge[g->slot[k]] = k;
    /* the changed edges (added, removed, reweighted), then a cover of them: one end of each,
     * preferring the end with more changed edges (a player whose edges all changed) */
    int nchanged = 0, ndirty = 0;
    int *changed = malloc(sizeof(int) * 2 * ((size_t)m + (size_t)P->m + 1));
    int *count = calloc((size_t)n + 1, sizeof(int));
    if (!changed || !count) {
        free(changed);
        free(count);
        status = -1;
        goto out;
    }
    for (int k = 0; k < P->m; k++) {
        int e = P->slot[k] < slot_edge_cap ? slot_edge[P->slot[k]] : -1;
        if (e >= 0 && same[e] && !seen[e]) {
            seen[e] = 1;
        } else {
            changed[2 * nchanged] = P->endpoint[2 * k];
            changed[2 * nchanged++ + 1] = P->endpoint[2 * k + 1];
        }
    }
    for (int k = 0; k < m; k++) {
        if (!seen[k]) {
            changed[2 * nchanged] = g->endpoint[2 * k];
            changed[2 * nchanged++ + 1] = g->endpoint[2 * k + 1];
        }
    }
    for (int i = 0; i < 2 * nchanged; i++)
        count[changed[i]]++;
    for (int i = 0; i < nchanged; i++) {
        int u = changed[2 * i], v = changed[2 * i + 1];
        if (!dirty[u] && !dirty[v]) {
            dirty[count[v] > count[u] ? v : u] = 1;
            ndirty++;
        }
    }
    free(changed);
    free(count);
    if (ndirty * 4 > n)
        goto out;

    /* the previous optimum, its edges renumbered */
    num_copy(c0, DUAL(P, 0), K);
    for (int v = 1; v < n; v++)
        if (num_cmp(DUAL(P, v), c0, K) < 0)
            num_copy(c0, DUAL(P, v), K);
    memcpy(g->dual, P->dual, sizeof(word) * (size_t)K * 2 * (size_t)n);
    for (int v = 0; v < n; v++) {
        g->mate[v] = P->mate[v] >= 0 ? endpoint_in(g, P, P->mate[v]) : -1;
        g->inblossom[v] = P->inblossom[v];
        g->base[v] = v;
    }
    for (int v = 0; v < n; v++) /* an edge gone: both ends unmatched */
        if (g->mate[v] >= 0 && g->mate[g->endpoint[g->mate[v]]] < 0)
            g->mate[v] = -1;
    for (int b = 0; b < 2 * n; b++) {
        g->parent[b] = P->parent[b];
        g->labelend[b] = -1;
    }
    g->nunused = 0;
    for (int b = 2 * n - 1; b >= n; b--) {
        g->base[b] = P->base[b];
        if (g->base[b] < 0) {
            g->unused[g->nunused++] = b;
            continue;
        }
        int len = P->nchilds[b];
        g->childs[b] = malloc(sizeof(int) * (size_t)len);
        g->endps[b] = malloc(sizeof(int) * (size_t)len);
        if (!g->childs[b] || !g->endps[b]) {
            status = -1;
            goto out;
        }
        g->nchilds[b] = len;
        memcpy(g->childs[b], P->childs[b], sizeof(int) * (size_t)len);
        for (int i = 0; i < len; i++) {
            int p = P->endps[b][i];
            /* a cycle edge that is gone has dirty ends: the blossom is dissolved below */
            g->endps[b][i] = endpoint_in(g, P, p);
        }
    }

    /* step 2 */
    for (int v = 0; v < n; v++)
        while (dirty[v] && g->inblossom[v] != v)
            dissolve(g, g->inblossom[v]);
    /* step 3 */
    word *need = g->t1, *most = g->t2;
    for (int v = 0; v < n; v++) {
        if (!dirty[v])
            continue;
        if (g->mate[v] >= 0) {
            int p = g->mate[v];
            num_add_sub(need, DUAL(g, v), DUAL(g, g->endpoint[p]), W2(g, p >> 1), K);
            if (!num_is_zero(need, K))
                unmatch(g, v);
        }
        int any = 0;
        for (int q = g->nb_start[v]; q < g->nb_start[v + 1]; q++) {
            int k = g->nb[q] >> 1;
            /* w2 - y_v - y_x: what the slack lacks (v is alone at the top: no blossom dual) */
            num_sub(need, W2(g, k), DUAL(g, v), K);
            num_sub(need, need, DUAL(g, g->nbv[q]), K);
            if (!any || num_cmp(need, most, K) > 0) {
                num_copy(most, need, K);
                any = 1;
            }
        }
        if (any && !num_neg(most, K) && !num_is_zero(most, K)) {
            num_add(DUAL(g, v), DUAL(g, v), most, K);
            unmatch(g, v);
        }
    }
    g->version++;
    status = 0;
out:
    if (slot_edge)
        for (int k = 0; k < m; k++)
            slot_edge[g->slot[k]] = -1;
    free(dirty);
    free(seen);
    return status;
}

/* step 4: the exposed vertices above the floor c0 brought down one by one. 0: done; 1: gave up
 * (the state is not as expected; solve cold); -1: memory ran out. */
static int solve_roots(M *g, const word *c0)
{
    int n = g->n, K = g->K, status = 0, stages = 0;
    word *delta = malloc(sizeof(word) * (size_t)K), *d = malloc(sizeof(word) * (size_t)K);
    if (!delta || !d) {
        free(delta);
        free(d);
        return -1;
    }
    for (int v = 0; v < n && status == 0; v++) {
        while (g->mate[v] == -1 && num_cmp(DUAL(g, v), c0, K) > 0) {
            if (g->base[g->inblossom[v]] != v || ++stages > 2 * n + 2) {
                status = 1;
                break;
            }
            int r = stage_search(g, v, c0, delta, d);
            if (r <= 0) {
                status = r < 0 ? -1 : 1;
                break;
            }
            end_stage(g);
        }
    }
    free(delta);
    free(d);
    return status;
}

/* tests: an optimum made wrong in one way, for the certificate to refuse. how: 1 a matched
 * vertex's dual raised by 2 (its matched edge no longer tight); 2 a matched edge dropped (two
 * more exposed vertices than the last stage's forest shows); 3 every vertex dual lowered by 2
 * (the matched edges' slacks become negative). */
static void spoil(M *g, int how)
{
    for (int v = 0; v < g->n; v++) {
        if (g->mate[v] < 0)
            continue;
        if (how == 1) {
            word *two = g->t1;
            memset(two, 0, sizeof(word) * (size_t)g->K);
            two[0] = 2;
            num_add(DUAL(g, v), DUAL(g, v), two, g->K);
        } else if (how == 2) {
            unmatch(g, v);
        } else {
            word *two = g->t1;
            memset(two, 0, sizeof(word) * (size_t)g->K);
            two[0] = 2;
            for (int x = 0; x < g->n; x++)
                num_sub(DUAL(g, x), DUAL(g, x), two, g->K);
        }
        return;
    }
}

/* The certificate of the matching in g (see the warm start): 1 when it holds.
 *
 * The blossoms form a forest over the vertices; the dual of the blossoms holding both ends of an
 * edge is the running sum (zsum) at the ends' lowest common blossom, found by a binary search
 * along one end's chain of blossoms in a preorder numbering of the forest, and a blossom is full
 * when the matched edges whose lowest common blossom lies inside it number (leaves - 1) / 2.
 * O(m log n) word operations at most. */
static int certify(M *g)
{
    int n = g->n, K = g->K, m = g->m, ok = 0, exposed = 0;
    size_t nodes = 2 * (size_t)n + 1;
    int *depth = malloc(sizeof(int) * nodes), *order = malloc(sizeof(int) * nodes);
    int *inside = calloc(nodes, sizeof(int)), *nleaves = calloc(nodes, sizeof(int));
    int *size = calloc(nodes, sizeof(int)), *tin = calloc(nodes, sizeof(int));
    int *next = calloc(nodes, sizeof(int)), *top = calloc(nodes, sizeof(int));
    int *ancestors = malloc(sizeof(int) * nodes);
    word *zsum = calloc(nodes * (size_t)K, sizeof(word));
    word *s = malloc(sizeof(word) * (size_t)K), *low = malloc(sizeof(word) * (size_t)K);
    word *with_top = malloc(sizeof(word) * (size_t)K);
    if (!depth || !order || !inside || !nleaves || !size || !tin || !next || !top || !ancestors || !zsum || !s ||
        !low || !with_top)
        goto out;
    for (int v = 0; v < n; v++) {
        int p = g->mate[v];
        if (p == -1) {
            exposed++;
            continue;
        }
        if (p < 0 || p >= 2 * m || g->endpoint[p ^ 1] != v || g->mate[g->endpoint[p]] != (p ^ 1))
            goto out;
    }
    for (int b = n; b < 2 * n; b++)
        if (g->base[b] >= 0 && num_neg(DUAL(g, b), K))
            goto out;
    if (n > 0) {
        num_copy(low, DUAL(g, 0), K);
        for (int v = 1; v < n; v++)
            if (num_cmp(DUAL(g, v), low, K) < 0)
                num_copy(low, DUAL(g, v), K);
        for (int v = 0; v < n; v++)
            if (g->mate[v] == -1 && num_cmp(DUAL(g, v), low, K) != 0)
                goto out;
    }
    /* depths (a node is a vertex or a blossom in use), nodes ordered from the roots down */
    int count = 0, maxdepth = 0;
    for (int x = 0; x < 2 * n; x++)
        depth[x] = (x < n || g->base[x] >= 0) ? -1 : -2;
    for (int x = 0; x < 2 * n; x++) {
        if (depth[x] != -1)
            continue;
        int len = 0, y = x; /* climb to a node of known depth, then come back down */
        while (y != -1 && depth[y] == -1) {
            order[len++] = y;
            y = g->parent[y];
            if (len > 2 * n)
                goto out; /* a cycle: not a forest */
        }
        int d = y == -1 ? -1 : depth[y];
        while (len > 0) {
            depth[order[--len]] = ++d;
            if (d > maxdepth)
                maxdepth = d;
        }
    }
    {
        int *start = calloc((size_t)maxdepth + 2, sizeof(int));
        if (!start)
            goto out;
        for (int x = 0; x < 2 * n; x++)
            if (depth[x] >= 0)
                start[depth[x] + 1]++;
        for (int d = 0; d <= maxdepth; d++)
            start[d + 1] += start[d];
        for (int x = 0; x < 2 * n; x++)
            if (depth[x] >= 0)
                order[start[depth[x]]++] = x;
        free(start);
        for (int x = 0; x < 2 * n; x++)
            count += depth[x] >= 0;
    }
    /* running sums of blossom duals, subtree sizes, the top of each node and a preorder
     * numbering (tin): x holds v when tin[x] <= tin[v] < tin[x] + size[x] */
    for (int i = count - 1; i >= 0; i--) {
        int x = order[i], p = g->parent[x];
        size[x] += 1;
        if (p >= 0)
            size[p] += size[x];
    }
    int next_root = 0;
    for (int i = 0; i < count; i++) {
        int x = order[i], p = g->parent[x];
        if (p >= 0 && (p < n || g->base[p] < 0 || depth[p] != depth[x] - 1))
            goto out;
        word *z = zsum + (size_t)x * (size_t)K;
        if (p >= 0) {
            num_copy(z, zsum + (size_t)p * (size_t)K, K);
            tin[x] = next[p];
            next[p] += size[x];
            top[x] = top[p];
        } else {
            tin[x] = next_root;
            next_root += size[x];
            top[x] = x;
        }
        next[x] = tin[x] + 1;
        if (x >= n)
            num_add(z, z, DUAL(g, x), K);
    }
    for (int v = 0; v < n; v++)
        if (top[v] != g->inblossom[v])
            goto out;
    for (int u = 0; u < n; u++) {
        int chain = -1; /* the blossoms holding u, deepest first, once needed */
        for (int q = g->nb_start[u]; q < g->nb_start[u + 1]; q++) {
            if (!(g->nb[q] & 1))
                continue; /* the edge is checked from its other end */
            int k = g->nb[q] >> 1, v = g->nbv[q];
            num_add_sub(s, DUAL(g, u), DUAL(g, v), W2(g, k), K);
            int matched = g->mate[u] == 2 * k + 1;
            /* blossom duals are >= 0 (checked above), so the running sums grow downwards: an
             * unmatched edge whose slack is >= 0 without them, or with only its top-level
             * blossom's, is feasible with all of them; its lowest common blossom is not needed */
            if (!matched && !num_neg(s, K))
                continue;
            if (!matched) {
                if (top[u] != top[v] || top[u] < n)
                    goto out; /* no blossom holds both ends: a negative slack */
                const word *z = zsum + (size_t)top[u] * (size_t)K;
                num_add(with_top, s, z, K);
                num_add(with_top, with_top, z, K);
                if (!num_neg(with_top, K))
                    continue;
            }
            if (chain < 0) {
                chain = 0;
                for (int x = g->parent[u]; x >= 0; x = g->parent[x])
                    ancestors[chain++] = x;
            }
            /* the deepest ancestor of u holding v: holding is monotone along the chain */
            int lo = 0, hi = chain;
            while (lo < hi) {
                int mid = (lo + hi) / 2, x = ancestors[mid];
                if (tin[x] <= tin[v] && tin[v] < tin[x] + size[x])
                    hi = mid;
                else
                    lo = mid + 1;
            }
            if (lo < chain) {
                int x = ancestors[lo];
                num_add(s, s, zsum + (size_t)x * (size_t)K, K);
                num_add(s, s, zsum + (size_t)x * (size_t)K, K);
                if (matched)
                    inside[x]++;
            }
            if (num_neg(s, K))
                goto out;
            if (matched && !num_is_zero(s, K))
                goto out;
        }
    }
    /* full blossoms: matched edges and leaves summed from the bottom up */
    for (int i = count - 1; i >= 0; i--) {
        int x = order[i], p = g->parent[x];
        if (x < n)
            nleaves[x] = 1;
        else if (!num_is_zero(DUAL(g, x), K) && 2 * inside[x] != nleaves[x] - 1)
            goto out;
        if (p >= 0) {
            nleaves[p] += nleaves[x];
            inside[p] += inside[x];
        }
    }
    /* no larger matching: the last stage's forest, S-blossoms touching only T-vertices */
    int S = 0, T = 0;
    for (int b = 0; b < 2 * n; b++) {
        if (g->parent[b] != -1 || (b >= n && g->base[b] < 0))
            continue;
        if (g->label[b] == 1) {
            S++;
        } else if (g->label[b] == 2) {
            if (b >= n)
                goto out;
            T++;
        }
    }
    if (S - T != exposed)
        goto out;
    for (int k = 0; k < m; k++) {
        int bu = g->inblossom[g->endpoint[2 * k]], bv = g->inblossom[g->endpoint[2 * k + 1]];
        if (bu == bv)
            continue;
        if ((g->label[bu] == 1 && g->label[bv] != 2) || (g->label[bv] == 1 && g->label[bu] != 2))
            goto out;
    }
    ok = 1;
out:
    free(depth);
    free(order);
    free(inside);
    free(nleaves);
    free(size);
    free(tin);
    free(next);
    free(top);
    free(ancestors);
    free(zsum);
    free(s);
    free(low);
    free(with_top);
    return ok;
}

/* ---------------------------------------------------------------- the conversion cache
 *
 * The Dutch bracket loop calls the matcher a few hundred times a round on one edge dict that it
 * changes in place between calls (a few players' edges each time). Converting several hundred
 * thousand Python ints to words was a tenth of the matcher's time. The cache keeps, for each
 * dict slot (entry position) of the previous call's edges, the key and weight objects (strong
 * references, so neither can be freed and its address reused) with the endpoints, bit length
 * and words read from them. An edge in the same slot with the very same key and weight
 * objects (identity: tuples and ints are immutable) has the same endpoints and weight, so they
 * are taken from the cache; anything else is read afresh. The cache changes only the reading of
 * the input, never the matching; clear_cache() drops it. */
typedef struct {
    Py_ssize_t cap;    /* slots held: the dict's entry positions */
    int K;             /* width of the cached words */
    PyObject **keys;   /* cap: strong references, NULL for an empty slot */
    PyObject **values; /* cap: strong references */
    int *endpoint;     /* 2*cap */
    size_t *nbits;     /* cap */
    long *stamp;       /* cap: the number of the last call that read an edge from the slot */
    word *words;       /* cap*K: twice the weight, as the matcher keeps it */
} Cache;

static Cache cache;

static void cache_clear(void)
{
    for (Py_ssize_t i = 0; i < cache.cap; i++) {
        Py_XDECREF(cache.keys[i]);
        Py_XDECREF(cache.values[i]);
    }
    free(cache.keys);
    free(cache.values);
    free(cache.endpoint);
    free(cache.nbits);
    free(cache.words);
    free(cache.stamp);
    memset(&cache, 0, sizeof cache);
}

static PyObject *py_clear_cache(PyObject *self, PyObject *unused)
{
    cache_clear();
    forget_previous();
    free(slot_edge);
    slot_edge = NULL;
    slot_edge_cap = 0;
    Py_RETURN_NONE;
}

static PyObject *py_stats(PyObject *self, PyObject *unused)
{
    return Py_BuildValue("{s:l,s:l,s:l}", "cold", count_cold, "warm", count_warm, "fallback", count_fallback);
}

static PyObject *py_set_checking(PyObject *self, PyObject *args)
{
    int on, how = 0;
    if (!PyArg_ParseTuple(args, "p|i", &on, &how))
        return NULL;
    if (how < 0 || how > 3) {
        PyErr_SetString(PyExc_ValueError, "spoil must be 0, 1, 2 or 3");
        return NULL;
    }
    checking = on;
    spoiling = on ? how : 0;
    spoilt_passed = 0;
    Py_RETURN_NONE;
}

static PyObject *py_spoilt_passed(PyObject *self, PyObject *unused) { return PyBool_FromLong(spoilt_passed); }

/* the cache's slot holds this very key and weight object (slot -1: an edge given as a triple) */
static inline int cache_hit(Py_ssize_t slot, PyObject *key, PyObject *value)
{
    return slot >= 0 && slot < cache.cap && cache.keys[slot] == key && cache.values[slot] == value;
}

/* remember this call's edges, each in its dict slot (after the matcher's arrays are filled): only
 * the slots whose key or weight object changed are written; on failure the cache is dropped */
static void cache_store(PyObject **keys, PyObject **values, const Py_ssize_t *slots, const int *endpoint,
                        const size_t *nbits, const word *w2, Py_ssize_t m, int K, long call)
{
    Py_ssize_t need = 0;
    for (Py_ssize_t k = 0; k < m; k++)
        if (slots[k] + 1 > need)
            need = slots[k] + 1;
    if (need == 0)
        return;
    if (need > cache.cap || K != cache.K) {
        cache_clear();
        cache.keys = calloc((size_t)need, sizeof(PyObject *));
        cache.values = calloc((size_t)need, sizeof(PyObject *));
        cache.endpoint = malloc(sizeof(int) * 2 * (size_t)need);
        cache.nbits = malloc(sizeof(size_t) * (size_t)need);
        cache.words = malloc(sizeof(word) * (size_t)K * (size_t)need);
        cache.stamp = calloc((size_t)need, sizeof(long));
        cache.cap = need;
        cache.K = K;
        if (!cache.keys || !cache.values || !cache.endpoint || !cache.nbits || !cache.words || !cache.stamp) {
            free(cache.keys);
            free(cache.values);
            cache.keys = cache.values = NULL;
            cache.cap = 0;
            cache_clear();
            return;
        }
    }
    for (Py_ssize_t k = 0; k < m; k++) {
        Py_ssize_t i = slots[k];
        cache.stamp[i] = call;
        if (cache.keys[i] == keys[k] && cache.values[i] == values[k])
            continue; /* read from this very slot: nothing new */
        Py_INCREF(keys[k]);
        Py_INCREF(values[k]);
        Py_XSETREF(cache.keys[i], keys[k]);
        Py_XSETREF(cache.values[i], values[k]);
        cache.endpoint[2 * i] = endpoint[2 * k];
        cache.endpoint[2 * i + 1] = endpoint[2 * k + 1];
        cache.nbits[i] = nbits[k];
        num_copy(cache.words + (size_t)i * (size_t)K, w2 + (size_t)k * (size_t)K, K);
    }
}

static PyObject *py_max_weight_matching(PyObject *self, PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {"n", "edges", "maxcardinality", "positive_only", NULL};
    int n, maxcard = 0, positive_only = 0;
    PyObject *edges;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "iO|pp", keywords, &n, &edges, &maxcard, &positive_only))
        return NULL;
    if (n < 0 || n > (1 << 24)) {
        PyErr_SetString(PyExc_ValueError, "n must be between 0 and 2**24");
        return NULL;
    }
    /* the edges as (u, v, weight object) */
    PyObject *items = NULL;
    Py_ssize_t m;
    int is_dict = PyDict_Check(edges);
    if (is_dict) {
        m = PyDict_Size(edges);
    } else {
        items = PySequence_Fast(edges, "edges must be a dict or a sequence of (u, v, weight)");
        if (!items)
            return NULL;
        m = PySequence_Fast_GET_SIZE(items);
    }
    if (m > (Py_ssize_t)1 << 29) {
        Py_XDECREF(items);
        PyErr_SetString(PyExc_ValueError, "too many edges");
        return NULL;
    }
    M g;
    memset(&g, 0, sizeof g);
    g.n = n;
    g.m = (int)m;
    g.maxcard = maxcard;
    PyObject **weights = PyMem_Malloc(sizeof(PyObject *) * (size_t)(m ? m : 1));
    PyObject **keys = PyMem_Calloc((size_t)(m ? m : 1), sizeof(PyObject *));
    size_t *nbitsof = PyMem_Malloc(sizeof(size_t) * (size_t)(m ? m : 1));
    Py_ssize_t *slots = PyMem_Malloc(sizeof(Py_ssize_t) * (size_t)(m ? m : 1));
    char *same = PyMem_Calloc((size_t)(m ? m : 1), 1); /* read as the previous call read it */
    long previous_call = previous ? previous->call : -1;
    g.endpoint = malloc(sizeof(int) * (size_t)(2 * m + 1));
    PyObject *result = NULL;
    if (!weights || !keys || !nbitsof || !slots || !same || !g.endpoint) {
        PyErr_NoMemory();
        goto out;
    }
    {
        Py_ssize_t pos = 0, k = 0, next = 0, slot = -1;
        PyObject *key, *value;
        for (;;) {
            if (is_dict) {
                if (!PyDict_Next(edges, &pos, &key, &value))
                    break;
                slot = pos - 1; /* the entry PyDict_Next just read: a speed hint, checked below */
                if (cache_hit(slot, key, value)) { /* the same edge as last time in this slot */
                    g.endpoint[2 * k] = cache.endpoint[2 * slot];
                    g.endpoint[2 * k + 1] = cache.endpoint[2 * slot + 1];
                    if (g.endpoint[2 * k] >= n || g.endpoint[2 * k + 1] >= n) {
                        PyErr_Format(PyExc_ValueError, "vertex %d is not in 0..%d",
                                     g.endpoint[2 * k] >= n ? g.endpoint[2 * k] : g.endpoint[2 * k + 1], n - 1);
                        goto out;
                    }
                    if (positive_only && _PyLong_Sign(value) <= 0)
                        continue; /* left out, as if absent */
                    same[k] = cache.stamp[slot] == previous_call;
                    keys[k] = key;
                    slots[k] = slot;
                    weights[k++] = value;
                    continue;
                }
                if (positive_only && PyLong_Check(value) && _PyLong_Sign(value) <= 0)
                    continue; /* left out, as if absent (most of the loop's dict, late in a round) */
                if (!PyTuple_Check(key) || PyTuple_GET_SIZE(key) != 2) {
                    PyErr_SetString(PyExc_TypeError, "edge keys must be (u, v) tuples");
                    goto out;
                }
                if (read_vertex(PyTuple_GET_ITEM(key, 0), n, &g.endpoint[2 * k]) < 0 ||
                    read_vertex(PyTuple_GET_ITEM(key, 1), n, &g.endpoint[2 * k + 1]) < 0)
                    goto out;
            } else {
                if (next >= m)
                    break;
                PyObject *item = PySequence_Fast_GET_ITEM(items, next++);
                if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 3) {
                    PyErr_SetString(PyExc_TypeError, "edges must be (u, v, weight) tuples");
                    goto out;
                }
                if (read_vertex(PyTuple_GET_ITEM(item, 0), n, &g.endpoint[2 * k]) < 0 ||
                    read_vertex(PyTuple_GET_ITEM(item, 1), n, &g.endpoint[2 * k + 1]) < 0)
                    goto out;
                value = PyTuple_GET_ITEM(item, 2);
            }
            if (!PyLong_Check(value)) {
                PyErr_SetString(PyExc_TypeError, "edge weights must be integers");
                goto out;
            }
            if (positive_only && _PyLong_Sign(value) <= 0)
                continue; /* left out, as if absent */
            if (g.endpoint[2 * k] == g.endpoint[2 * k + 1]) {
                PyErr_SetString(PyExc_ValueError, "an edge joins a vertex to itself");
                goto out;
            }
            keys[k] = is_dict ? key : NULL;
            slots[k] = is_dict ? slot : -1;
            weights[k++] = value;
        }
        m = k;
        g.m = (int)m;
    }
    /* width: the largest weight, doubled, plus head room for duals and slacks */
    {
        size_t bits = 1;
        for (Py_ssize_t k = 0; k < m; k++) {
            size_t b = cache_hit(slots[k], keys[k], weights[k]) ? cache.nbits[slots[k]] : _PyLong_NumBits(weights[k]);
            if (b == (size_t)-1 && PyErr_Occurred())
                goto out;
            nbitsof[k] = b;
            if (b > bits)
                bits = b;
        }
        size_t nbits = 1;
        while (((size_t)1 << nbits) <= (size_t)n + 1)
            nbits++;
        size_t need = bits + 2 * nbits + 8;
        g.K = (int)((need + 63) / 64);
    }
    {
        int K = g.K;
        size_t n2 = 2 * (size_t)n + 1;
        g.w2 = malloc(sizeof(word) * (size_t)K * (size_t)(m ? m : 1));
        g.nb_start = calloc((size_t)n + 1, sizeof(int));
        g.nb = malloc(sizeof(int) * (size_t)(2 * m + 1));
        g.nbv = malloc(sizeof(int) * (size_t)(2 * m + 1));
        g.mate = malloc(sizeof(int) * (n2));
        g.label = calloc(n2, sizeof(int));
        g.labelend = malloc(sizeof(int) * n2);
        g.inblossom = malloc(sizeof(int) * n2);
        g.parent = malloc(sizeof(int) * n2);
        g.childs = calloc(n2, sizeof(int *));
        g.endps = calloc(n2, sizeof(int *));
        g.nchilds = calloc(n2, sizeof(int));
        g.base = malloc(sizeof(int) * n2);
        g.bestedge = malloc(sizeof(int) * n2);
        g.bestlist = calloc(n2, sizeof(int *));
        g.nbestlist = calloc(n2, sizeof(int));
        g.unused = malloc(sizeof(int) * n2);
        g.dual = calloc(n2 * (size_t)K, sizeof(word));
        g.allowedge = malloc((size_t)(m ? m : 1));
        g.queue = malloc(sizeof(int) * n2);
        g.scratch = malloc(sizeof(int) * n2);
        g.scratch2 = malloc(sizeof(int) * n2);
        g.bestto = malloc(sizeof(int) * n2);
        g.slacks = malloc(sizeof(word) * (size_t)K * (size_t)(m ? m : 1));
        g.sver = calloc((size_t)(m ? m : 1), sizeof(unsigned));
        g.stight = malloc((size_t)(m ? m : 1));
        g.version = 1;
        g.t1 = malloc(sizeof(word) * (size_t)K);
        g.t2 = malloc(sizeof(word) * (size_t)K);
        g.t3 = malloc(sizeof(word) * (size_t)K);
        if (!g.w2 || !g.nb_start || !g.nb || !g.nbv || !g.mate || !g.label || !g.labelend || !g.inblossom ||
            !g.parent || !g.childs || !g.endps || !g.nchilds || !g.base || !g.bestedge ||
            !g.bestlist || !g.nbestlist || !g.unused || !g.dual || !g.allowedge || !g.queue ||
            !g.scratch || !g.scratch2 || !g.bestto || !g.slacks || !g.sver || !g.stight || !g.t1 || !g.t2 || !g.t3) {
            PyErr_NoMemory();
            goto out;
        }
        for (Py_ssize_t k = 0; k < m; k++) {
            word *w = W2(&g, k);
            if (K == cache.K && cache_hit(slots[k], keys[k], weights[k])) {
                num_copy(w, cache.words + (size_t)slots[k] * (size_t)K, K);
            } else {
                if (int_to_words(weights[k], w, K) < 0)
                    goto out;
                num_add(w, w, w, K);
            }
        }
        /* adjacency: for edge k = (u, v), u sees endpoint 2k+1 and v sees 2k */
        for (Py_ssize_t k = 0; k < m; k++) {
            g.nb_start[g.endpoint[2 * k] + 1]++;
            g.nb_start[g.endpoint[2 * k + 1] + 1]++;
        }
        for (int v = 0; v < n; v++)
            g.nb_start[v + 1] += g.nb_start[v];
        int *fill = malloc(sizeof(int) * (size_t)(n ? n : 1));
        if (!fill) {
            PyErr_NoMemory();
            goto out;
        }
        memcpy(fill, g.nb_start, sizeof(int) * (size_t)n);
        for (Py_ssize_t k = 0; k < m; k++) {
            int u = g.endpoint[2 * k], v = g.endpoint[2 * k + 1];
            g.nbv[fill[u]] = v;
            g.nb[fill[u]++] = (int)(2 * k + 1);
            g.nbv[fill[v]] = u;
            g.nb[fill[v]++] = (int)(2 * k);
        }
        free(fill);
        if (is_dict) {
            g.call = ++dict_calls;
            g.slot = malloc(sizeof(long) * (size_t)(m ? m : 1));
            if (!g.slot) {
                PyErr_NoMemory();
                goto out;
            }
            for (Py_ssize_t k = 0; k < m; k++)
                g.slot[k] = (long)slots[k];
            cache_store(keys, weights, slots, g.endpoint, nbitsof, g.w2, m, K, g.call);
        }
    }
    {
        /* the bracket loop's calls (a dict, maximum cardinality, positive weights only) start
         * from the previous one's optimum when they can */
        int status = 0, done = 0;
        int warm = is_dict && maxcard && positive_only && previous && previous->n == n && previous->K == g.K && n <= WARM_MAX_VERTICES;
        word *c0 = warm ? malloc(sizeof(word) * (size_t)g.K) : NULL;
        if (warm && !c0) {
            PyErr_NoMemory();
            goto out;
        }
        /* The warm start reads the module's kept state (the previous optimum, the slot table),
         * so it runs holding the GIL: no other thread can replace that state meanwhile. A cold
         * solve touches only this call's arrays and lets other threads run. */
        if (warm) {
            status = warm_start(&g, previous, same, c0);
            if (status == 0) {
                status = solve_roots(&g, c0);
                if (status == 0)
                    status = solve(&g);
                if (status == 0 && certify(&g)) {
                    done = 1;
                    count_warm++;
                } else if (status >= 0) {
                    count_fallback++;
                }
            }
            if (!done && status >= 0) {
                cold_init(&g);
                status = 0;
            }
        } else {
            cold_init(&g);
        }
        if (!done && status == 0) {
            int check = checking, how = spoiling, passed = 0;
            count_cold++;
            Py_BEGIN_ALLOW_THREADS
            status = solve(&g);
            if (status == 0 && check && how) {
                spoil(&g, how);
                passed = certify(&g);
            } else if (status == 0 && check && !certify(&g)) {
                status = -2;
            }
            Py_END_ALLOW_THREADS
            if (check && how)
                spoilt_passed = passed;
        }
        free(c0);
        if (status == -2) {
            PyErr_SetString(PyExc_AssertionError, "a cold solve failed its own certificate");
            goto out;
        }
        if (status < 0) {
            PyErr_NoMemory();
            goto out;
        }
    }
    result = PyList_New(n);
    if (!result)
        goto out;
    for (int v = 0; v < n; v++) {
        PyObject *x = PyLong_FromLong(g.mate[v] >= 0 ? g.endpoint[g.mate[v]] : -1);
        if (!x) {
            Py_CLEAR(result);
            goto out;
        }
        PyList_SET_ITEM(result, v, x);
    }
    if (is_dict && maxcard && positive_only) { /* kept for the next call's warm start */
        M *kept = malloc(sizeof(M));
        forget_previous();
        if (kept) {
            *kept = g;
            previous = kept;
            memset(&g, 0, sizeof g);
        }
    }
out:
    free_state(&g);
    PyMem_Free(weights);
    PyMem_Free(keys);
    PyMem_Free(nbitsof);
    PyMem_Free(slots);
    PyMem_Free(same);
    Py_XDECREF(items);
    return result;
}

static PyMethodDef methods[] = {
    {"max_weight_matching", (PyCFunction)(void (*)(void))py_max_weight_matching, METH_VARARGS | METH_KEYWORDS,
     "max_weight_matching(n, edges, maxcardinality=False) -> list of mates (-1 for unmatched).\n\n"
     "edges: a dict {(u, v): weight} or a sequence of (u, v, weight) over vertices 0..n-1, with\n"
     "integer weights of any size. Exact maximum-weight matching (maximum cardinality first when\n"
     "maxcardinality is true). positive_only: edges of weight <= 0 are left out."},
    {"clear_cache", py_clear_cache, METH_NOARGS,
     "clear_cache() -> None: drop what was kept from the last call (its edges, read faster the next\n"
     "time, and its optimum, the next call's warm start); pure speed-ups."},
    {"stats", py_stats, METH_NOARGS,
     "stats() -> {'cold': solves from nothing, 'warm': warm starts accepted with their certificate,\n"
     "'fallback': warm starts refused and solved cold}, counted since the module was loaded."},
    {"spoilt_passed", py_spoilt_passed, METH_NOARGS,
     "spoilt_passed() -> bool: whether the last optimum spoilt by set_checking(True, spoil) passed."},
    {"set_checking", py_set_checking, METH_VARARGS,
     "set_checking(on, spoil=0) -> None: certify every solve, cold ones too (for tests: AssertionError\n"
     "when a cold solve fails the certificate the warm starts must pass). With spoil 1, 2 or 3 each\n"
     "cold optimum is first made wrong in that way (see spoil() in the source) and the certificate's\n"
     "verdict kept for spoilt_passed()."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_blossom", "Exact maximum-weight matching with integer weights of any size.",
    -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__blossom(void) { return PyModule_Create(&module); }
