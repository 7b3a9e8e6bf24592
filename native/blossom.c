/*
 * Exact maximum-weight matching on general graphs with integer weights of any size.
 *
 * Module tournaments.pairing._blossom, one function:
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
 * the slack of an S-S edge is even; halving it is exact.
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

static int augment_matching(M *g, int k)
{
    int n = g->n;
    int ends[2][2] = {{g->endpoint[2 * k], 2 * k + 1}, {g->endpoint[2 * k + 1], 2 * k}};
    for (int side = 0; side < 2; side++) {
        int s = ends[side][0], p = ends[side][1];
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
    }
    return 0;
}

/* The whole primal-dual method; 0 on success, -1 when memory ran out. */
static int solve(M *g)
{
    int n = g->n, K = g->K;
    word *delta = malloc(sizeof(word) * (size_t)K), *d = malloc(sizeof(word) * (size_t)K);
    if (!delta || !d) {
        free(delta);
        free(d);
        return -1;
    }
    int status = 0;
    for (int stage = 0; stage < n; stage++) {
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
        int augmented = 0;
        for (;;) {
            while (g->nqueue > 0 && !augmented) {
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
                            assign_label(g, w, 2, p ^ 1);
                        } else if (g->label[bw] == 1) {
                            int bbase = scan_blossom(g, v, w);
                            if (bbase >= 0) {
                                if (add_blossom(g, bbase, k) < 0) {
                                    status = -1;
                                    goto done;
                                }
                            } else {
                                if (augment_matching(g, k) < 0) {
                                    status = -1;
                                    goto done;
                                }
                                augmented = 1;
                                break;
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
            if (augmented)
                break;

            /* no tight edge left to use: change the duals */
            int dtype = -1, dedge = -1, dblossom = -1;
            if (!g->maxcard) {
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
                break;
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
        if (!augmented)
            break;
        /* end of stage: S-blossoms whose dual reached zero are taken apart */
        for (int b = n; b < 2 * n; b++) {
            if (g->parent[b] == -1 && g->base[b] >= 0 && g->label[b] == 1 && num_is_zero(DUAL(g, b), K))
                expand_blossom(g, b, 1);
        }
    }
done:
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
    word *words;       /* cap*K: the weight (not doubled) */
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
    memset(&cache, 0, sizeof cache);
}

static PyObject *py_clear_cache(PyObject *self, PyObject *unused)
{
    cache_clear();
    Py_RETURN_NONE;
}

/* the cache's slot holds this very key and weight object (slot -1: an edge given as a triple) */
static inline int cache_hit(Py_ssize_t slot, PyObject *key, PyObject *value)
{
    return slot >= 0 && slot < cache.cap && cache.keys[slot] == key && cache.values[slot] == value;
}

/* remember this call's edges, each in its dict slot (after the matcher's arrays are filled); on
 * failure the cache is simply dropped */
static void cache_store(PyObject **keys, PyObject **values, const Py_ssize_t *slots, const int *endpoint,
                        const size_t *nbits, const word *w2, Py_ssize_t m, int K)
{
    Py_ssize_t need = 0;
    for (Py_ssize_t k = 0; k < m; k++)
        if (slots[k] + 1 > need)
            need = slots[k] + 1;
    if (need == 0) {
        cache_clear();
        return;
    }
    for (Py_ssize_t k = 0; k < m; k++) {
        Py_INCREF(keys[k]);
        Py_INCREF(values[k]);
    }
    if (need > cache.cap || K != cache.K) {
        cache_clear();
        cache.keys = calloc((size_t)need, sizeof(PyObject *));
        cache.values = calloc((size_t)need, sizeof(PyObject *));
        cache.endpoint = malloc(sizeof(int) * 2 * (size_t)need);
        cache.nbits = malloc(sizeof(size_t) * (size_t)need);
        cache.words = malloc(sizeof(word) * (size_t)K * (size_t)need);
        cache.cap = need;
        cache.K = K;
        if (!cache.keys || !cache.values || !cache.endpoint || !cache.nbits || !cache.words) {
            free(cache.keys);
            free(cache.values);
            cache.keys = cache.values = NULL;
            cache.cap = 0;
            cache_clear();
            for (Py_ssize_t k = 0; k < m; k++) {
                Py_DECREF(keys[k]);
                Py_DECREF(values[k]);
            }
            return;
        }
    } else {
        for (Py_ssize_t i = 0; i < cache.cap; i++) {
            Py_CLEAR(cache.keys[i]);
            Py_CLEAR(cache.values[i]);
        }
    }
    for (Py_ssize_t k = 0; k < m; k++) {
        Py_ssize_t i = slots[k];
        cache.keys[i] = keys[k]; /* the references taken above */
        cache.values[i] = values[k];
        cache.endpoint[2 * i] = endpoint[2 * k];
        cache.endpoint[2 * i + 1] = endpoint[2 * k + 1];
        cache.nbits[i] = nbits[k];
        num_half(cache.words + (size_t)i * (size_t)K, w2 + (size_t)k * (size_t)K, K);
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
    g.endpoint = malloc(sizeof(int) * (size_t)(2 * m + 1));
    PyObject *result = NULL;
    if (!weights || !keys || !nbitsof || !slots || !g.endpoint) {
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
                    keys[k] = key;
                    slots[k] = slot;
                    weights[k++] = value;
                    continue;
                }
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
        word *maxw = g.t1;
        memset(maxw, 0, sizeof(word) * (size_t)K);
        for (Py_ssize_t k = 0; k < m; k++) {
            word *w = W2(&g, k);
            if (K == cache.K && cache_hit(slots[k], keys[k], weights[k]))
                num_copy(w, cache.words + (size_t)slots[k] * (size_t)K, K);
            else if (int_to_words(weights[k], w, K) < 0)
                goto out;
            if (num_cmp(w, maxw, K) > 0)
                num_copy(maxw, w, K);
            num_add(w, w, w, K);
        }
        for (int v = 0; v < n; v++) {
            num_copy(DUAL(&g, v), maxw, K);
            g.mate[v] = -1;
            g.inblossom[v] = v;
        }
        for (size_t b = 0; b < n2; b++) {
            g.parent[b] = -1;
            g.base[b] = b < (size_t)n ? (int)b : -1;
            g.labelend[b] = -1;
        }
        g.nunused = 0;
        for (int b = 2 * n - 1; b >= n; b--)
            g.unused[g.nunused++] = b;
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
        if (is_dict)
            cache_store(keys, weights, slots, g.endpoint, nbitsof, g.w2, m, K);
    }
    {
        int status;
        Py_BEGIN_ALLOW_THREADS
        status = solve(&g);
        Py_END_ALLOW_THREADS
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
out:
    free_state(&g);
    PyMem_Free(weights);
    PyMem_Free(keys);
    PyMem_Free(nbitsof);
    PyMem_Free(slots);
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
     "clear_cache() -> None: drop the edges kept from the last call (a pure speed-up of reading)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_blossom", "Exact maximum-weight matching with integer weights of any size.",
    -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__blossom(void) { return PyModule_Create(&module); }
