/*
 * vision._refine: candidate outlines moved onto a card's real edges, in C.
 *
 * The fast implementation of vision.outline.refine_all (vision/outline.py checks the
 * arguments, passes its constants: SAMPLES_PER_SIDE as the along-side positions, SLOPES,
 * CROSSINGS, PAPER_LIKE, and falls back on its NumPy version of the same steps where this
 * module was not built). It is C because an outline's refinement is a few hundred small
 * steps: as NumPy array operations their per-call overhead costs far more than their
 * arithmetic (about 8 ms of a frame's refinements in NumPy, 1 ms here).
 *
 * It also traces a segmentation mask's outer contours for vision.detect
 * (outer_contours): what cv2.findContours(RETR_EXTERNAL, CHAIN_APPROX_SIMPLE) gives,
 * OpenCV's rules kept to the pixel, in about a quarter of its time, as its scan stops at
 * every run of a mask's pixels and this one only where a traced border is met; the
 * contours of a textured table's specks, too small to hold a card, are traced (their
 * marks decide what follows) but not handed over. Everything else of card vision calls
 * OpenCV and NumPy.
 *
 * The profiles are sampled as cv2.remap(INTER_LINEAR, BORDER_REPLICATE) samples a picture
 * (positions rounded to 1/32 pixel), in float32 where the NumPy version has float32, so
 * that the two agree within a small tolerance (tests/vision/test_outline.py).
 *
 * Plain C API and buffer protocol, no NumPy headers: it builds against any NumPy.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The functions whose loops gcc vectorises are built twice on x86-64, for AVX2 and for
   any x86-64 (SSE2), and the processor's own chooses when the module loads; elsewhere
   (the Pi's ARM) once. */
#if defined(__x86_64__) && defined(__GNUC__) && defined(__has_attribute)
#if __has_attribute(target_clones)
#define VECTORISED __attribute__((target_clones("avx2", "default")))
#endif
#endif
#ifndef VECTORISED
#define VECTORISED
#endif

/* --- the rules ------------------------------------------------------------------------ */

/* The two refinement passes: the reach across a side is this share of the outline's
   first side, and at least this many pixels; the second pass looks closer. */
static const struct {
    double share, least;
} PASSES[] = {{0.15, 4.0}, {0.05, 3.0}};
#define PASS_COUNT (sizeof PASSES / sizeof PASSES[0])

#define SUPPORT_REACH 3.0   /* the reach of the last look, which measures the support */
#define ON_EDGE 1.5f        /* a side lies on an edge where one is found this near it */
#define PICTURE_MARGIN 2.0  /* a sample point nearer the picture's border is not seen */
#define SEEN_SHARE 0.6      /* the support needs this share of the sample points seen */
#define MOST_MOVED 0.3      /* a corner may move at most this share of the first side */
#define LEAST_VOTES 4.0f    /* a side's line needs at least this many votes, */
#define VOTE_SHARE 0.5f     /* and at least this share of its side's best line's */
#define NEIGHBOUR 0.5       /* a vote counts this much in each neighbouring cell (vote()
                               counts in halves, so this must stay one half) */
#define CELL_MARGIN 2       /* vote cells beyond the reach and the tilts, each way */
#define NEAR_LINE 1.5       /* edge candidates this near the chosen cell fit the line */
#define LEAST_FITTED 3.0    /* a side is placed only through this many of them */
#define TINY 1e-6           /* keeps divisions finite (lengths, counts, spreads) */

/* OpenCV's remap rounds positions to 1/2^INTER_BITS pixel (its INTER_BITS). */
#define INTER_BITS 5
#define INTER_STEPS (1 << INTER_BITS)

/* Corners farther than this from the origin are refused: no card in a camera frame lies
   there, and it keeps every sample position (a corner can move by 0.3 and a profile
   reach 0.15 of a side) within the 16-bit pixel positions of OpenCV's remap, so that
   sampling here stays as there, and the scratch memory small. */
#define MAX_COORDINATE 8192.0

/* More samples, crossings or tilts than any outline needs; keeps the scratch sizes far
   from overflow. */
#define MAX_RULE_COUNT 1024

/* --- data ----------------------------------------------------------------------------- */

/* The grey picture, row after row: float32 `pixels`, or uint8 `levels` (the other NULL). */
typedef struct {
    const float *pixels;
    const unsigned char *levels;
    Py_ssize_t width, height;
} Picture;

/* The constants of vision/outline.py, and the call's arguments. */
typedef struct {
    const double *along;  /* where along a side the profiles are taken, as fractions */
    int samples;          /* SAMPLES_PER_SIDE: how many */
    const double *slopes; /* SLOPES: the tilts tried in the vote, ascending */
    int tilts;            /* how many */
    int crossings;        /* CROSSINGS */
    float paper_like;     /* PAPER_LIKE */
    float edge_contrast;  /* paper minus table, at least, for a profile to count */
    double aspect;        /* the card's width over its height */
} Rules;

/* What side_edges finds across one outline's sides (S samples a side, C crossings). */
typedef struct {
    double *along;       /* 4 × S: the sample points' distances from the side's start */
    float *found;        /* 4 × S × C: edge candidates' offsets along the outward
                            normal, outermost first, NaN for none */
    float *contrast;     /* 4 × S: paper minus table of each profile */
    double *points;      /* 4 × S × 2: the sample points */
    float normals[4][2]; /* the sides' outward normals */
} Edges;

/* Scratch memory for one call: fixed sizes from the rules, the rest grown as needed. */
typedef struct {
    Edges edges;
    double *x;       /* 4 × S: along-side positions less their side's mean */
    double *terms;   /* 5 × S × C: the terms of a side's least-squares sums */
    float *profile;  /* one profile across a side */
    double *across;  /* 2 × a profile's length: its samples' offsets along a side's normal,
                        x then y (the same for every profile of the side) */
    int *where;      /* 3 × a profile's length: its samples' pixels and fractions */
    size_t profile_room;
    int *votes;      /* tilts × (cells + 2) of one side: each tilt's cells between two
                        empty ones */
    int *smooth;     /* tilts × cells: each cell with half its neighbours' votes, in halves */
    int *best;       /* cells: the best tilt's, in halves */
    size_t vote_room; /* cells */
} Work;

static void work_free(Work *w)
{
    free(w->edges.along);
    free(w->edges.found);
    free(w->edges.contrast);
    free(w->edges.points);
    free(w->x);
    free(w->terms);
    free(w->profile);
    free(w->across);
    free(w->where);
    free(w->votes);
    free(w->smooth);
    free(w->best);
}

/* Allocate the scratch memory whose size the rules fix; 0, or -1 when out of memory
   (what was allocated is freed by work_free). */
static int work_init(Work *w, const Rules *r)
{
    size_t side_samples = 4 * (size_t)r->samples;
    size_t crossings = side_samples * (size_t)r->crossings;

    memset(w, 0, sizeof *w);
    w->edges.along = malloc(side_samples * sizeof(double));
    w->edges.found = malloc(crossings * sizeof(float));
    w->edges.contrast = malloc(side_samples * sizeof(float));
    w->edges.points = malloc(2 * side_samples * sizeof(double));
    w->x = malloc(side_samples * sizeof(double));
    w->terms = malloc(5 * (size_t)r->samples * (size_t)r->crossings * sizeof(double));
    if (!w->edges.along || !w->edges.found || !w->edges.contrast || !w->edges.points || !w->x || !w->terms)
        return -1;
    return 0;
}

/* Room for profiles of `length` samples; 0, or -1 when out of memory. */
static int work_profile_room(Work *w, size_t length)
{
    if (length <= w->profile_room)
        return 0;
    free(w->profile);
    free(w->across);
    free(w->where);
    w->profile = malloc(length * sizeof(float));
    w->across = malloc(2 * length * sizeof(double));
    w->where = malloc(3 * length * sizeof(int));
    w->profile_room = (w->profile && w->across && w->where) ? length : 0;
    return w->profile_room ? 0 : -1;
}

/* Room for `tilts` (the same on every call) × `cells` votes; 0, or -1 when out of
   memory. */
static int work_vote_room(Work *w, size_t tilts, size_t cells)
{
    if (cells <= w->vote_room)
        return 0;
    free(w->votes);
    free(w->smooth);
    free(w->best);
    w->votes = malloc(tilts * (cells + 2) * sizeof(int));
    w->smooth = malloc(tilts * cells * sizeof(int));
    w->best = malloc(cells * sizeof(int));
    w->vote_room = (w->votes && w->smooth && w->best) ? cells : 0;
    return w->vote_room ? 0 : -1;
}

/* --- arithmetic as NumPy and OpenCV do it ---------------------------------------------- */

/* The sum of a[0 … n) in the order NumPy sums a contiguous axis (pairwise: eight partial
   sums in blocks of up to 128), so that it rounds alike. */
static double numpy_sum(const double *a, size_t n)
{
    if (n < 8) {
        double sum = 0.0;
        for (size_t i = 0; i < n; i++)
            sum += a[i];
        return sum;
    }
    if (n <= 128) {
        double r[8];
        size_t i;
        for (int j = 0; j < 8; j++)
            r[j] = a[j];
        for (i = 8; i < n - n % 8; i += 8)
            for (int j = 0; j < 8; j++)
                r[j] += a[i + j];
        double sum = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
        for (; i < n; i++)
            sum += a[i];
        return sum;
    }
    size_t half = n / 2;
    half -= half % 8;
    return numpy_sum(a, half) + numpy_sum(a + half, n - half);
}

static Py_ssize_t clamp_index(Py_ssize_t i, Py_ssize_t size)
{
    return i < 0 ? 0 : i >= size ? size - 1 : i;
}

/* The picture's level at row `row`, column `column`, as float32. */
static inline float level(const Picture *pic, Py_ssize_t row, Py_ssize_t column)
{
    Py_ssize_t at = row * pic->width + column;
    return pic->levels ? (float)pic->levels[at] : pic->pixels[at];
}

/* The picture at (x, y) as OpenCV 4's cv2.remap(INTER_LINEAR, BORDER_REPLICATE) samples
   a float32 picture (a uint8 one is sampled as its float32 copy would be): the position
   rounded to 1/32 pixel, the four pixels around it (clamped to the picture) weighted
   bilinearly and summed in OpenCV's order. */
static float sample(const Picture *pic, float x, float y)
{
    long ix = lrintf(x * INTER_STEPS), iy = lrintf(y * INTER_STEPS);
    long fx = ix & (INTER_STEPS - 1), fy = iy & (INTER_STEPS - 1);
    Py_ssize_t x0 = (ix - fx) / INTER_STEPS, y0 = (iy - fy) / INTER_STEPS;
    float wx = (float)fx * (1.0f / INTER_STEPS), wy = (float)fy * (1.0f / INTER_STEPS);
    Py_ssize_t left = clamp_index(x0, pic->width), right = clamp_index(x0 + 1, pic->width);
    Py_ssize_t top = clamp_index(y0, pic->height), bottom = clamp_index(y0 + 1, pic->height);
    return level(pic, top, left) * ((1.0f - wy) * (1.0f - wx)) + level(pic, top, right) * ((1.0f - wy) * wx) +
           level(pic, bottom, left) * (wy * (1.0f - wx)) + level(pic, bottom, right) * (wy * wx);
}

/* The weighted sum of a uint8 picture's four levels around a position, `fx` and `fy`
   its 1/32-pixel fractions, as sample() sums them, in integers: each weight is exactly
   (32 − fx or fx) · (32 − fy or fy) / 1024 in float32 too, and every product and
   partial sum of sample()'s is a whole number of 1/1024 below 2^24 of them, so exact
   in float32 as well; the result is the same bit for bit. */
static inline float bilinear_levels(int top_left, int top_right, int bottom_left, int bottom_right, int fx, int fy)
{
    int top = top_left * (INTER_STEPS - fx) + top_right * fx;
    int bottom = bottom_left * (INTER_STEPS - fx) + bottom_right * fx;
    return (float)(top * (INTER_STEPS - fy) + bottom * fy) * (1.0f / (INTER_STEPS * INTER_STEPS));
}

/* The whole pixel of a position `i` in 1/32 pixels: floor(i / 32), also below zero. */
static inline long whole_pixel(long i)
{
    return (i - (i & (INTER_STEPS - 1))) / INTER_STEPS;
}

/* The position of profile sample j: the sample point `point` moved by the offset
   across[j], across[length + j] (x, y), rounded to float32 as the NumPy code did, and
   then to 1/32 pixel as remap does (`ix`, `iy`). */
static inline void profile_position(const double point[2], const double *across, long length, long j, long *ix,
                                    long *iy)
{
    float x = (float)(point[0] + across[j]), y = (float)(point[1] + across[length + j]);
    *ix = lrintf(x * INTER_STEPS);
    *iy = lrintf(y * INTER_STEPS);
}

/* lrintf(v) for |v| < 2^22, where float32 arithmetic is evaluated in float32
   (FLT_EVAL_METHOD 0: x86-64, ARM) as two float32 additions, which gcc vectorises
   (lrintf it does not): from 2^23 on float32 steps by whole numbers, so adding
   1.5 · 2^23 rounds v to one, to even on a tie, as lrintf does. */
#define ROUNDING_LIMIT (1L << (22 - INTER_BITS)) /* pixels: positions in 1/32 below 2^22 */
static inline int round_small(float v)
{
#if FLT_EVAL_METHOD == 0
    return (int)((v + 0x1.8p23f) - 0x1.8p23f);
#else
    return (int)lrintf(v);
#endif
}

/* The `length` samples of one profile, at `point` moved by the offsets `across` (x
   offsets, then y), into `profile`: each sample(pic, x, y). A profile whose four
   pixels around each sample all lie in the picture (its positions move monotonically
   along a line, so its two ends tell) needs no clamping, and a uint8 picture is
   sampled in integers (bilinear_levels); the results are the same. `where` (3 ×
   length) is scratch. */
VECTORISED
static void sample_profile(const Picture *pic, const double point[2], const double *across, long length,
                           int *where, float *profile)
{
    long ix, iy, last_ix, last_iy;

    profile_position(point, across, length, 0, &ix, &iy);
    profile_position(point, across, length, length - 1, &last_ix, &last_iy);
    long left = whole_pixel(ix < last_ix ? ix : last_ix), right = whole_pixel(ix > last_ix ? ix : last_ix);
    long top = whole_pixel(iy < last_iy ? iy : last_iy), bottom = whole_pixel(iy > last_iy ? iy : last_iy);
    int within = left >= 0 && right + 1 < pic->width && top >= 0 && bottom + 1 < pic->height;

    if (pic->levels && within && right < ROUNDING_LIMIT && bottom < ROUNDING_LIMIT &&
        bottom + 1 < INT_MAX / pic->width) {
        const unsigned char *levels = pic->levels;
        const int width = (int)pic->width;
        int *at = where, *fx = where + length, *fy = where + 2 * length;
        /* the positions first (a loop gcc vectorises), then the levels there */
        for (long j = 0; j < length; j++) {
            float x = (float)(point[0] + across[j]), y = (float)(point[1] + across[length + j]);
            int sx = round_small(x * INTER_STEPS), sy = round_small(y * INTER_STEPS); /* ≥ 0 */
            at[j] = (sy >> INTER_BITS) * width + (sx >> INTER_BITS);
            fx[j] = sx & (INTER_STEPS - 1);
            fy[j] = sy & (INTER_STEPS - 1);
        }
        for (long j = 0; j < length; j++) {
            const unsigned char *p = levels + at[j];
            profile[j] = bilinear_levels(p[0], p[1], p[width], p[width + 1], fx[j], fy[j]);
        }
    } else {
        for (long j = 0; j < length; j++) {
            float x = (float)(point[0] + across[j]), y = (float)(point[1] + across[length + j]);
            profile[j] = sample(pic, x, y);
        }
    }
}

/* --- finding a side's edge -------------------------------------------------------------- */

/* The brightest of the profile `p`'s samples j − 2 … j: cv2.dilate with a 1 × 3 kernel
   anchored on the right, the border replicated, at j. */
static inline float brightest_of_three(const float *p, long j)
{
    float a = p[j > 1 ? j - 2 : 0], b = p[j > 0 ? j - 1 : 0];
    float most = a > b ? a : b;
    return p[j] > most ? p[j] : most;
}

/* The edge candidates of one profile `p` across a side, sampled at offsets −steps … steps
   along the outward normal (2·steps + 1 samples). The paper's level is the brightest
   sample inside the side (offsets ≤ 0), the table's the darkest of its outer two thirds
   (a neighbouring card may lie at its end). A candidate is where the profile falls
   through the level halfway between, and the brightest of the three samples up to the
   fall comes within `paper_like` of the contrast of the paper's level (the fall from
   the table to a dark object or a shadow beyond a card is not its edge). Writes the
   `crossings` outermost candidates' offsets (interpolated, outermost first, NaN for
   none) to `found` and paper minus table to `contrast`. */
VECTORISED
static void profile_edges(const float *p, long steps, const Rules *r, float *found, float *contrast)
{
    long length = 2 * steps + 1, table_from = steps + 1 - (2 * steps + 2) / 3;
    float paper = p[0], table = p[length - 1];

    for (long j = 1; j <= steps; j++)
        if (p[j] > paper)
            paper = p[j];
    for (long j = table_from + steps; j < length; j++)
        if (p[j] < table)
            table = p[j];

    float middle = (paper + table) / 2;
    float paper_like = paper - r->paper_like * (paper - table);
    int count = 0;
    for (long j = length - 2; j >= 0 && count < r->crossings; j--) {
        if (p[j] >= middle && !(p[j + 1] >= middle) && brightest_of_three(p, j) >= paper_like) {
            float fraction = (p[j] - middle) / fmaxf(p[j] - p[j + 1], (float)TINY);
            found[count++] = (float)(j - steps) + fminf(fmaxf(fraction, 0.0f), 1.0f);
        }
    }
    while (count < r->crossings)
        found[count++] = NAN;
    *contrast = paper - table;
}

/* Where each side's edge may be, for the outline `quad` (4 × 2, clockwise). At
   SAMPLES_PER_SIDE points along each side (away from the rounded corners) the grey
   level is sampled across the side from `reach` pixels inside to `reach` outside
   (rounded up), and profile_edges finds the edge candidates. Fills w->edges; 0, or −1
   when out of memory. */
static int side_edges(const Picture *pic, const Rules *r, const float quad[4][2], double reach, Work *w)
{
    const int samples = r->samples;
    const long steps = (long)ceil(reach);
    Edges *e = &w->edges;
    float centre[2];

    if (work_profile_room(w, (size_t)(2 * steps + 1)) < 0)
        return -1;
    for (int axis = 0; axis < 2; axis++)
        centre[axis] = ((quad[0][axis] + quad[1][axis]) + quad[2][axis]) + quad[3][axis];
    for (int k = 0; k < 4; k++) {
        const float *start = quad[k], *end = quad[(k + 1) % 4];
        float side[2] = {end[0] - start[0], end[1] - start[1]};
        float length = fmaxf(hypotf(side[0], side[1]), (float)TINY);
        float *normal = e->normals[k];

        /* turned a quarter, and outward: away from the centre */
        normal[0] = side[1] / length;
        normal[1] = -side[0] / length;
        float middle[2];
        for (int axis = 0; axis < 2; axis++)
            middle[axis] = (start[axis] + side[axis] / 2) - centre[axis] / 4;
        if (normal[0] * middle[0] + normal[1] * middle[1] < 0) {
            normal[0] = -normal[0];
            normal[1] = -normal[1];
        }
        /* the offsets −steps … steps along the normal, in float32 as the NumPy code had */
        for (long j = 0; j <= 2 * steps; j++) {
            float offset = (float)(j - steps);
            w->across[j] = (double)(offset * normal[0]);
            w->across[2 * steps + 1 + j] = (double)(offset * normal[1]);
        }
        for (int s = 0; s < samples; s++) {
            int at = k * samples + s;
            double *point = &e->points[2 * at];
            for (int axis = 0; axis < 2; axis++)
                point[axis] = (double)start[axis] + r->along[s] * (double)side[axis];
            e->along[at] = r->along[s] * (double)length;
            sample_profile(pic, point, w->across, 2 * steps + 1, w->where, w->profile);
            profile_edges(w->profile, steps, r, &e->found[at * r->crossings], &e->contrast[at]);
        }
    }
    return 0;
}

/* --- a side's line ---------------------------------------------------------------------- */

/* Each side's line, as offset = a + b · (along − mean) along the outward normal: of the
   lines through the edge candidates (w->edges) that enough profiles agree on, the
   outermost (a frame printed near the card's edge is not its edge).

   Candidates of profiles with enough contrast vote, for each tilt in SLOPES, for the
   offset cell (one pixel wide, clipped to the reach and the tilts) their line would
   have there; a cell counts its votes and half its neighbours'. A line needs at least
   LEAST_VOTES votes and half its side's best line's; the outermost such cell and its
   best tilt choose the candidates within NEAR_LINE of it, and a least-squares line
   through them is the side. Writes `fitted` (a, b per side) and `ok` (whether a side
   has a line through at least LEAST_FITTED candidates); 0, or −1 when out of memory. */
static int vote(const Rules *r, double reach, Work *w, double fitted[4][2], int ok[4])
{
    const Edges *e = &w->edges;
    const int samples = r->samples, crossings = r->crossings, tilts = r->tilts;
    const size_t terms = (size_t)samples * (size_t)crossings;
    double widest = 0.0;

    for (int k = 0; k < 4; k++) {
        double mean = numpy_sum(&e->along[k * samples], (size_t)samples) / samples;
        for (int s = 0; s < samples; s++) {
            double x = e->along[k * samples + s] - mean;
            w->x[k * samples + s] = x;
            if (fabs(x) > widest)
                widest = fabs(x);
        }
    }
    /* the steepest tilt, SLOPES being ascending and symmetric */
    const long radius = (long)ceil(reach + widest * r->slopes[tilts - 1]) + CELL_MARGIN;
    const long cells = 2 * radius + 1;
    if (work_vote_room(w, (size_t)tilts, (size_t)cells) < 0)
        return -1;

    for (int k = 0; k < 4; k++) {
        const float *found = &e->found[k * samples * crossings];
        const double *x = &w->x[k * samples];

        /* Each tilt's votes lie between two empty cells, so that every cell has two
           neighbours. The smoothed counts are kept in halves, as whole numbers: a tilt
           has at most samples × crossings (≤ 2^20) votes, so NumPy's float32 sums of
           votes and half votes were exact, and comparing these compares those. */
        const long row = cells + 2;
        memset(w->votes, 0, (size_t)tilts * (size_t)row * sizeof(int));
        for (int s = 0; s < samples; s++) {
            if (!(e->contrast[k * samples + s] >= r->edge_contrast))
                continue;
            for (int c = 0; c < crossings; c++) {
                float given = found[s * crossings + c];
                if (!isfinite(given))
                    continue;
                for (int t = 0; t < tilts; t++) {
                    long cell = lrint((double)given - r->slopes[t] * x[s]); /* as rint: small */
                    cell = cell < -radius ? -radius : cell > radius ? radius : cell;
                    w->votes[t * row + 1 + cell + radius]++;
                }
            }
        }
        for (long c = 0; c < cells; c++)
            w->best[c] = 0;
        for (int t = 0; t < tilts; t++) {
            const int *v = &w->votes[t * row + 1];
            int *smooth = &w->smooth[t * cells];
            for (long c = 0; c < cells; c++) {
                smooth[c] = 2 * v[c] + v[c - 1] + v[c + 1];
                w->best[c] = smooth[c] > w->best[c] ? smooth[c] : w->best[c];
            }
        }
        int top = 0;
        for (long c = 0; c < cells; c++)
            top = w->best[c] > top ? w->best[c] : top;
        const float enough = fmaxf(LEAST_VOTES, VOTE_SHARE * ((float)top / 2));
        long chosen = cells - 1; /* where NumPy's search ended when no cell was enough */
        int any = 0;
        for (long c = cells - 1; c >= 0 && !any; c--)
            if ((float)w->best[c] / 2 >= enough) {
                chosen = c;
                any = 1;
            }
        int tilt = 0;
        for (int t = 1; t < tilts; t++)
            if (w->smooth[t * cells + chosen] > w->smooth[tilt * cells + chosen])
                tilt = t;

        /* least squares through the candidates near the chosen cell, summed as NumPy did */
        double *weight = w->terms, *xw = weight + terms, *yw = xw + terms, *xxw = yw + terms, *xyw = xxw + terms;
        for (int s = 0; s < samples; s++) {
            int usable = e->contrast[k * samples + s] >= r->edge_contrast;
            for (int c = 0; c < crossings; c++) {
                size_t i = (size_t)s * crossings + c;
                float f = found[i];
                int valid = usable && isfinite(f);
                double given = valid ? (double)f : 0.0;
                double near = fabs((given - r->slopes[tilt] * x[s]) - (double)(chosen - radius));
                weight[i] = valid && near <= NEAR_LINE ? 1.0 : 0.0;
                xw[i] = x[s] * weight[i];
                yw[i] = given * weight[i];
                xxw[i] = x[s] * xw[i];
                xyw[i] = given * xw[i];
            }
        }
        double count = numpy_sum(weight, terms), sx = numpy_sum(xw, terms), sy = numpy_sum(yw, terms);
        double sxx = numpy_sum(xxw, terms), sxy = numpy_sum(xyw, terms);
        double spread = count * sxx - sx * sx;
        double b = spread > TINY ? (count * sxy - sx * sy) / fmax(spread, TINY) : 0.0;
        fitted[k][0] = (sy - b * sx) / fmax(count, 1.0);
        fitted[k][1] = b;
        ok[k] = any && count >= LEAST_FITTED;
    }
    return 0;
}

/* Each side's line as a point (the sample points' mean moved by the fitted offset) and
   a unit direction turned by the fitted tilt, from w->edges and `fitted`. */
static void side_lines(const Rules *r, const Edges *e, const double fitted[4][2], double points[4][2],
                       double directions[4][2])
{
    const int samples = r->samples;

    for (int k = 0; k < 4; k++) {
        const double *first = &e->points[2 * k * samples], *last = &e->points[2 * (k * samples + samples - 1)];
        double dx = last[0] - first[0], dy = last[1] - first[1];
        double length = fmax(hypot(dx, dy), TINY);
        for (int axis = 0; axis < 2; axis++) {
            double sum = 0.0;
            for (int s = 0; s < samples; s++)
                sum += e->points[2 * (k * samples + s) + axis];
            points[k][axis] = sum / samples + fitted[k][0] * (double)e->normals[k][axis];
        }
        directions[k][0] = dx / length + fitted[k][1] * (double)e->normals[k][0];
        directions[k][1] = dy / length + fitted[k][1] * (double)e->normals[k][1];
    }
}

/* Place side k's line (points[k], directions[k], changed) from its opposite side and
   the card's proportions `aspect` (width over height): for a side that cannot be seen,
   in glare or outside the picture. Side 0 runs along the card's width. */
static void place_opposite(double points[4][2], double directions[4][2], int k, double aspect)
{
    const double *point = points[(k + 2) % 4], *direction = directions[(k + 2) % 4];
    double across[2] = {points[(k + 1) % 4][0] - points[(k + 3) % 4][0],
                        points[(k + 1) % 4][1] - points[(k + 3) % 4][1]};
    double length = fmax(sqrt(direction[0] * direction[0] + direction[1] * direction[1]), TINY);
    double normal[2] = {-direction[1] / length, direction[0] / length};
    double other = fabs(across[0] * direction[0] + across[1] * direction[1]) / length;
    double distance = k % 2 == 0 ? other / aspect : other * aspect;

    if ((points[k][0] - point[0]) * normal[0] + (points[k][1] - point[1]) * normal[1] < 0) {
        normal[0] = -normal[0];
        normal[1] = -normal[1];
    }
    points[k][0] = point[0] + distance * normal[0];
    points[k][1] = point[1] + distance * normal[1];
    directions[k][0] = direction[0];
    directions[k][1] = direction[1];
}

/* Where each side's line (through points[k] along directions[k]) meets the previous
   side's: the corners. Whether they all exist (no two neighbouring sides parallel). */
static int corners(const double points[4][2], const double directions[4][2], double corner[4][2])
{
    int exists = 1;

    for (int k = 0; k < 4; k++) {
        const double *p = points[(k + 3) % 4], *d = directions[(k + 3) % 4], *e = directions[k];
        double cross = d[0] * e[1] - d[1] * e[0];
        if (fabs(cross) < TINY) {
            exists = 0;
            cross = 1.0;
        }
        double gap[2] = {points[k][0] - p[0], points[k][1] - p[1]};
        double s = (gap[0] * e[1] - gap[1] * e[0]) / cross;
        corner[k][0] = p[0] + s * d[0];
        corner[k][1] = p[1] + s * d[1];
    }
    return exists;
}

/* --- an outline ------------------------------------------------------------------------- */

/* The share of the outline `quad`'s sample points (inside the picture, PICTURE_MARGIN
   from its border) that lie on an edge (one within ON_EDGE) where the card is at least
   edge_contrast brighter than the table; NaN when too few are seen. Writes it to
   `support`; 0, or −1 when out of memory. */
static int support_of(const Picture *pic, const Rules *r, const float quad[4][2], Work *w, double *support)
{
    const Edges *e = &w->edges;
    const double right = (double)pic->width - 1 - PICTURE_MARGIN, bottom = (double)pic->height - 1 - PICTURE_MARGIN;
    int shown = 0, good = 0;

    if (side_edges(pic, r, quad, SUPPORT_REACH, w) < 0)
        return -1;
    for (int at = 0; at < 4 * r->samples; at++) {
        const double *point = &e->points[2 * at];
        int seen = point[0] >= PICTURE_MARGIN && point[0] <= right && point[1] >= PICTURE_MARGIN &&
                   point[1] <= bottom;
        int on_edge = 0;
        for (int c = 0; c < r->crossings; c++)
            on_edge |= fabsf(e->found[at * r->crossings + c]) <= ON_EDGE;
        shown += seen;
        good += seen && on_edge && e->contrast[at] >= r->edge_contrast;
    }
    *support = shown >= SEEN_SHARE * 4 * r->samples ? (double)good / (shown > 1 ? shown : 1) : NAN;
    return 0;
}

/* Refine one outline `quad` (4 × 2, clockwise; changed in place) in the two passes:
   each finds the sides' lines (placing one unseen side from its opposite) and moves the
   corners to where they meet, unless fewer than three sides are placed, two sides are
   parallel or a corner would move more than MOST_MOVED of the first side: then the
   outline stays as it is and its support is NaN. Otherwise `support` is support_of the
   refined outline. 0, or −1 when out of memory. */
static int refine_one(const Picture *pic, const Rules *r, Work *w, float quad[4][2], double *support)
{
    const double first = (double)hypotf(quad[1][0] - quad[0][0], quad[1][1] - quad[0][1]);

    *support = NAN;
    for (size_t pass = 0; pass < PASS_COUNT; pass++) {
        double reach = fmax(PASSES[pass].least, PASSES[pass].share * first);
        double fitted[4][2], points[4][2], directions[4][2], corner[4][2];
        int ok[4];

        if (side_edges(pic, r, quad, reach, w) < 0 || vote(r, reach, w, fitted, ok) < 0)
            return -1;
        side_lines(r, &w->edges, fitted, points, directions);
        int placed = ok[0] + ok[1] + ok[2] + ok[3];
        if (placed < 3)
            return 0;
        if (placed == 3)
            place_opposite(points, directions, !ok[0] ? 0 : !ok[1] ? 1 : !ok[2] ? 2 : 3, r->aspect);
        if (!corners(points, directions, corner))
            return 0;
        float moved[4][2];
        for (int k = 0; k < 4; k++)
            for (int axis = 0; axis < 2; axis++) {
                moved[k][axis] = (float)corner[k][axis];
                if (!((double)fabsf(moved[k][axis] - quad[k][axis]) <= MOST_MOVED * first))
                    return 0;
            }
        memcpy(quad, moved, sizeof moved);
    }
    return support_of(pic, r, quad, w, support);
}

/* --- words of bytes ----------------------------------------------------------------------- */

/* The index of the lowest set bit of `w` (not 0). */
#if defined(__GNUC__)
#define lowest_bit(w) __builtin_ctzll(w)
#else
static int lowest_bit(uint64_t w)
{
    int n = 0;
    while (!(w & 1)) {
        w >>= 1;
        n++;
    }
    return n;
}
#endif

/* The eight bytes at `p` as one word, byte i the i-th lowest. */
static inline uint64_t bytes_at(const void *p)
{
    uint64_t v;

    memcpy(&v, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    return v;
}

/* --- outer contours ---------------------------------------------------------------------- */

/* cv2.findContours(mask, RETR_EXTERNAL, CHAIN_APPROX_SIMPLE), kept to OpenCV's rules
   (cvFindNextContour and icvFetchContour of modules/imgproc/src/contours.cpp; 4.9's
   contours_new.cpp keeps them). The mask is copied with a border of zeros, its non-zero
   pixels as 1, and scanned row by row. At a 1 after a 0 an outer border starts; it is
   traced unless the last mark the scan met in the row (OpenCV's lnbd) is positive: the
   scan is then inside a component already traced (in a hole of it, or a hole's
   component: RETR_EXTERNAL leaves both out). Tracing marks the border pixels it leaves:
   RIGHT_MARK where it found the right neighbour 0, else NEW_MARK where the pixel was
   still 1; a marked pixel never starts a border. The contours are listed as OpenCV lists
   them: the last traced first.

   The scan is where the time goes (a textured table leaves thousands of runs in a mask),
   so it does not stop at each run as OpenCV's does. The last mark met is the nearest
   mark left of the scan (marks change only while a contour is traced, and the start of
   the trace is then the nearest), so only marks that change its sign matter, and outer
   borders only where it is not positive: the scan of a row looks for a RIGHT_MARK while
   the nearest mark is positive (closed), and for a NEW_MARK or a 1 after a 0 while it is
   negative or there is none (open), eight bytes at a time (next_event). */

#define NEW_MARK 2      /* OpenCV's nbd for RETR_EXTERNAL */
#define RIGHT_MARK -126 /* nbd | -128 */

/* OpenCV's chain codes 0 … 7 as steps: right, up-right, up, up-left, left, down-left,
   down, down-right (counter-clockwise on the screen). */
static const int CODE_X[8] = {1, 1, 0, -1, -1, -1, 0, 1}, CODE_Y[8] = {0, -1, -1, -1, 0, 1, 1, 1};

/* The points of the contours traced so far, x and y after each other, and where each
   contour ends among them (in points), in the order traced. */
typedef struct {
    int32_t *xy;
    size_t count, room;
    size_t *ends;
    size_t contours, contour_room;
} Contours;

/* `items` (room for `*room` items of `size` bytes, `count` of them used) with room for
   one more: itself, or grown to twice the room (and `*room` with it); NULL when out of
   memory (`items` then kept). */
static void *room_for_one(void *items, size_t count, size_t *room, size_t size)
{
    size_t more = *room ? 2 * *room : 1024;
    void *grown;

    if (count < *room)
        return items;
    grown = more <= SIZE_MAX / size ? realloc(items, more * size) : NULL;
    if (grown)
        *room = more;
    return grown;
}

/* Append the point (x, y); 0, or −1 when out of memory. */
static inline int point_add(Contours *c, int x, int y)
{
    int32_t *xy = room_for_one(c->xy, c->count, &c->room, 2 * sizeof *xy);

    if (!xy)
        return -1;
    c->xy = xy;
    xy[2 * c->count] = x;
    xy[2 * c->count + 1] = y;
    c->count++;
    return 0;
}

/* End the contour whose points were appended since the last one ended; 0, or −1 when
   out of memory. */
static int contour_end(Contours *c)
{
    size_t *ends = room_for_one(c->ends, c->contours, &c->contour_room, sizeof *ends);

    if (!ends)
        return -1;
    c->ends = ends;
    ends[c->contours++] = c->count;
    return 0;
}

/* Trace the outer border that starts at `start` (a 1 whose left neighbour is 0), the
   picture's pixel (x, y), in the padded picture whose chain-code steps are `delta` (codes
   0 … 15, repeating), as icvFetchContour does: the neighbour it came from is found
   clockwise from the upper left; from each pixel the next is the first non-zero one
   counter-clockwise after the one it came from; it ends on coming back to the start
   along the first step again. The points appended are those where the chain code
   changes (CHAIN_APPROX_SIMPLE), a lone pixel's one point; the pixels are marked. 0,
   or −1 when out of memory. */
static int trace_outer(signed char *start, const ptrdiff_t delta[16], int x, int y, Contours *c)
{
    signed char *before, *at = start, *next;
    int s = 4, last;

    do {
        s = (s - 1) & 7;
        before = start + delta[s];
    } while (*before == 0 && s != 4);
    if (s == 4) { /* a lone pixel */
        *start = RIGHT_MARK;
        return point_add(c, x, y);
    }
    last = s ^ 4;
    for (;;) {
        int from = s; /* towards the pixel came from: non-zero, so the search stops by from + 8 */
        do
            next = at + delta[++s];
        while (*next == 0);
        s &= 7;
        if ((unsigned)(s - 1) < (unsigned)from) /* the search passed the right neighbour */
            *at = RIGHT_MARK;
        else if (*at == 1)
            *at = NEW_MARK;
        if (s != last && point_add(c, x, y) < 0)
            return -1;
        last = s;
        x += CODE_X[s];
        y += CODE_Y[s];
        if (next == start && at == before)
            return 0;
        at = next;
        s = (s + 4) & 7;
    }
}

#define BYTES(b) (0x0101010101010101u * (b)) /* the byte b eight times */

/* The column of the first event of the padded picture's `row` at or after column `x`
   (≥ 1): while the nearest mark left of it is positive (not `open`), a RIGHT_MARK; else
   a NEW_MARK or a 1 whose left neighbour is 0. `limit` + 1 when there is none up to
   column `limit`; it may read as far as column limit + 31 (beyond the row). */
static inline int next_event(const signed char *row, int x, int limit, int open)
{
    /* the many bytes of nothing, 32 at a time: zeros (open), or no byte ≥ 128 (closed) */
    const uint64_t seen = open ? ~(uint64_t)0 : BYTES(0x80);
    for (; x <= limit && !((bytes_at(row + x) | bytes_at(row + x + 8) | bytes_at(row + x + 16) |
                             bytes_at(row + x + 24)) & seen); x += 32)
        ;
    for (; x <= limit; x += 8) {
        uint64_t v = bytes_at(row + x), found; /* bytes 0, 1, NEW_MARK (2) or RIGHT_MARK (0x82) */
        if (open) {
            uint64_t before = bytes_at(row + x - 1);
            uint64_t before_zero = ~(before | before >> 1 | before >> 7) & BYTES(1);
            found = ((v & ~(v >> 6) & BYTES(2)) >> 1) | (v & before_zero & BYTES(1));
        } else {
            found = v & BYTES(0x80);
        }
        if (found) {
            x += lowest_bit(found) / 8;
            return x <= limit ? x : limit + 1;
        }
    }
    return limit + 1;
}

/* Whether the points of `c` from point `first` on span a box whose extent product
   (right − left) · (bottom − top) is at least `least`. */
static int spans(const Contours *c, size_t first, double least)
{
    int32_t left = c->xy[2 * first], right = left, top = c->xy[2 * first + 1], bottom = top;

    for (size_t i = first + 1; i < c->count; i++) {
        int32_t x = c->xy[2 * i], y = c->xy[2 * i + 1];
        left = x < left ? x : left;
        right = x > right ? x : right;
        top = y < top ? y : top;
        bottom = y > bottom ? y : bottom;
    }
    return (double)(right - left) * (double)(bottom - top) >= least;
}

/* Scan the padded picture `pad` (height + 2 rows of width + 2, its border 0, inside 0 or
   1, and 32 bytes of 0 after it) as cvFindNextContour does in RETR_EXTERNAL mode and
   trace each outer border it keeps into `c`, unless its points span less than `least`
   (spans()). 0, or −1 when out of memory. */
static int scan_outer(signed char *pad, int height, int width, double least, Contours *c)
{
    const size_t step = (size_t)width + 2;
    ptrdiff_t delta[16];

    for (int s = 0; s < 16; s++)
        delta[s] = CODE_X[s % 8] + CODE_Y[s % 8] * (ptrdiff_t)step;
    for (int y = 1; y <= height; y++) {
        signed char *row = pad + (size_t)y * step;
        int open = 1; /* no mark met yet: OpenCV's lnbd is the border's 0 */
        for (int x = 1; (x = next_event(row, x, width, open)) <= width; x++) {
            if (row[x] == 1) {
                size_t first = c->count;
                if (trace_outer(row + x, delta, x - 1, y - 1, c) < 0)
                    return -1;
                if (!spans(c, first, least))
                    c->count = first;
                else if (contour_end(c) < 0)
                    return -1;
            }
            open = row[x] < 0;
        }
    }
    return 0;
}

/* The outer contours of the `height` × `width` picture `mask` into `c` (empty), as
   cv2.findContours(RETR_EXTERNAL, CHAIN_APPROX_SIMPLE) traces them, in the order
   traced (OpenCV lists them the other way round). 0, or −1 when out of memory. */
static int outer_contours_of(const unsigned char *mask, int height, int width, double least, Contours *c)
{
    const size_t step = (size_t)width + 2;
    signed char *pad = malloc(((size_t)height + 2) * step + 32);
    int status = -1;

    if (pad) {
        memset(pad, 0, step);
        memset(pad + ((size_t)height + 1) * step, 0, step + 32);
        for (size_t y = 0; y < (size_t)height; y++) {
            const unsigned char *in = mask + y * (size_t)width;
            signed char *out = pad + (y + 1) * step;
            out[0] = out[width + 1] = 0;
            for (size_t x = 0; x < (size_t)width; x++)
                out[x + 1] = in[x] != 0;
        }
        status = scan_outer(pad, height, width, least, c);
    }
    free(pad);
    return status;
}

/* --- the module ------------------------------------------------------------------------- */

/* The size and name of items of struct format `type` ('B' uint8, 'f' float32, 'd' float64). */
static const struct {
    char type;
    Py_ssize_t size;
    const char *name;
} ITEMS[] = {{'B', 1, "uint8"}, {'f', 4, "float32"}, {'d', 8, "float64"}};

/* The names of the struct formats `types` (one or two of ITEMS), as "uint8 or float32". */
static void type_names(const char *types, char *names, size_t room)
{
    names[0] = '\0';
    for (const char *t = types; *t; t++)
        for (size_t i = 0; i < sizeof ITEMS / sizeof ITEMS[0]; i++)
            if (ITEMS[i].type == *t) {
                if (names[0])
                    strncat(names, " or ", room - strlen(names) - 1);
                strncat(names, ITEMS[i].name, room - strlen(names) - 1);
            }
}

/* Get `object`'s buffer as a C-contiguous array of `ndim` dimensions with items of one
   of the struct formats `types` (ITEMS), writable if asked; 0, or −1 with a TypeError
   (not an array) or ValueError (the wrong one) naming `name`. */
static int get_array(PyObject *object, Py_buffer *view, const char *name, const char *types, int ndim, int writable)
{
    const char *format;
    char names[64];
    int fits = 0;

    if (!PyObject_CheckBuffer(object)) {
        PyErr_Format(PyExc_TypeError, "%s must be an array, not %.100s", name, Py_TYPE(object)->tp_name);
        return -1;
    }
    if (PyObject_GetBuffer(object, view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0)) < 0) {
        view->obj = NULL;
        PyErr_Clear();
        type_names(types, names, sizeof names);
        PyErr_Format(PyExc_ValueError, "%s must be a C-contiguous%s array of %s", name, writable ? " writable" : "",
                     names);
        return -1;
    }
    format = view->format ? view->format : "B";
    if (*format == '@' || *format == '=')
        format++;
    for (size_t i = 0; i < sizeof ITEMS / sizeof ITEMS[0]; i++)
        fits |= format[0] == ITEMS[i].type && format[1] == '\0' && strchr(types, format[0]) != NULL &&
                view->itemsize == ITEMS[i].size;
    if (!fits || view->ndim != ndim) {
        type_names(types, names, sizeof names);
        PyErr_Format(PyExc_ValueError, "%s must be a %d-D array of %s, not %d-D of format '%s'", name, ndim,
                     names, view->ndim, view->format ? view->format : "B");
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

/* Whether the arrays and numbers refine() was given fit together (else a ValueError):
   a picture, N outlines of 4 corners within MAX_COORDINATE, N supports, the rules'
   counts within MAX_RULE_COUNT, a positive aspect. */
static int arguments_fit(const Py_buffer *grey, const Py_buffer *quads, const Py_buffer *support,
                         const Py_buffer *along, const Py_buffer *slopes, int crossings, double aspect)
{
    const float *corner = quads->buf;

    if (grey->shape[0] < 1 || grey->shape[1] < 1) {
        PyErr_SetString(PyExc_ValueError, "grey must not be empty");
        return 0;
    }
    if (quads->shape[1] != 4 || quads->shape[2] != 2) {
        PyErr_Format(PyExc_ValueError, "quads must be N x 4 x 2, not %zd x %zd x %zd", quads->shape[0],
                     quads->shape[1], quads->shape[2]);
        return 0;
    }
    if (support->shape[0] != quads->shape[0]) {
        PyErr_Format(PyExc_ValueError, "support must hold one value for each of the %zd outlines, not %zd",
                     quads->shape[0], support->shape[0]);
        return 0;
    }
    if (along->shape[0] < 1 || along->shape[0] > MAX_RULE_COUNT || slopes->shape[0] < 1 ||
        slopes->shape[0] > MAX_RULE_COUNT || crossings < 1 || crossings > MAX_RULE_COUNT) {
        PyErr_Format(PyExc_ValueError, "along, slopes and crossings must each count 1 to %d", MAX_RULE_COUNT);
        return 0;
    }
    if (!(aspect > 0) || !isfinite(aspect)) {
        PyErr_SetString(PyExc_ValueError, "aspect must be a positive number");
        return 0;
    }
    for (Py_ssize_t i = 0; i < 8 * quads->shape[0]; i++)
        if (!(fabsf(corner[i]) <= MAX_COORDINATE)) {
            PyErr_Format(PyExc_ValueError, "outline corners must be finite and within %d pixels of the origin",
                         (int)MAX_COORDINATE);
            return 0;
        }
    return 1;
}

/* Refine `count` outlines (changed in place) and write their supports, without the GIL
   (the camera watcher recognises in a thread of its own). 0, or −1 when out of memory. */
static int refine_outlines(const Picture *pic, const Rules *rules, float (*outlines)[4][2], double *support,
                           Py_ssize_t count)
{
    int status;
    Work work;

    Py_BEGIN_ALLOW_THREADS
    status = work_init(&work, rules);
    for (Py_ssize_t i = 0; i < count && status == 0; i++)
        status = refine_one(pic, rules, &work, outlines[i], &support[i]);
    work_free(&work);
    Py_END_ALLOW_THREADS
    return status;
}

PyDoc_STRVAR(refine_doc,
             "refine(grey, quads, support, aspect, edge_contrast, along, slopes, crossings, paper_like)\n"
             "--\n\n"
             "Refine the outlines `quads` (N x 4 x 2 float32, changed in place) on the picture `grey`\n"
             "(H x W uint8 or float32) and write their support (N float64) to `support`: what\n"
             "vision.outline.refine_all returns. `along` (float64, the along-side positions as\n"
             "fractions; SAMPLES_PER_SIDE of them), `slopes` (float64, SLOPES), `crossings`\n"
             "(CROSSINGS) and `paper_like` (PAPER_LIKE) are vision.outline's constants.");

static PyObject *refine(PyObject *module, PyObject *args)
{
    PyObject *grey_object, *quads_object, *support_object, *along_object, *slopes_object;
    double aspect, edge_contrast, paper_like;
    int crossings;
    Py_buffer grey = {0}, quads = {0}, support = {0}, along = {0}, slopes = {0};
    PyObject *result = NULL;
    (void)module;

    if (!PyArg_ParseTuple(args, "OOOddOOid:refine", &grey_object, &quads_object, &support_object, &aspect,
                          &edge_contrast, &along_object, &slopes_object, &crossings, &paper_like))
        return NULL;
    if (get_array(grey_object, &grey, "grey", "Bf", 2, 0) == 0 &&
        get_array(quads_object, &quads, "quads", "f", 3, 1) == 0 &&
        get_array(support_object, &support, "support", "d", 1, 1) == 0 &&
        get_array(along_object, &along, "along", "d", 1, 0) == 0 &&
        get_array(slopes_object, &slopes, "slopes", "d", 1, 0) == 0 &&
        arguments_fit(&grey, &quads, &support, &along, &slopes, crossings, aspect)) {
        int bytes = grey.itemsize == 1;
        Picture pic = {bytes ? NULL : grey.buf, bytes ? grey.buf : NULL, grey.shape[1], grey.shape[0]};
        Rules rules = {along.buf,  (int)along.shape[0],  slopes.buf, (int)slopes.shape[0],
                       crossings,  (float)paper_like,    (float)edge_contrast, aspect};
        if (refine_outlines(&pic, &rules, quads.buf, support.buf, quads.shape[0]) < 0)
            PyErr_NoMemory();
        else
            result = Py_NewRef(Py_None);
    }
    PyBuffer_Release(&grey);
    PyBuffer_Release(&quads);
    PyBuffer_Release(&support);
    PyBuffer_Release(&along);
    PyBuffer_Release(&slopes);
    return result;
}

PyDoc_STRVAR(outer_contours_doc,
             "outer_contours(mask, least_extent_product=0.0)\n"
             "--\n\n"
             "The outer contours of `mask` (H x W uint8, C-contiguous; any non-zero pixel is\n"
             "foreground) as cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)\n"
             "finds them, less those whose points span a box, w columns by h rows, with\n"
             "(w - 1) * (h - 1) < least_extent_product: (points, bounds), `points` a bytearray of\n"
             "int32 x, y pairs and `bounds` a tuple of N + 1 ints, contour i being points bounds[i]\n"
             "to bounds[i + 1] (not included), the contours in OpenCV's order. The mask is not\n"
             "changed.");

/* The result of outer_contours: the points of `c`'s contours, the last traced first, as
   a bytearray, and their bounds; NULL with an exception when out of memory. */
static PyObject *contours_result(const Contours *c)
{
    const size_t point_size = 2 * sizeof(int32_t);
    PyObject *points = PyByteArray_FromStringAndSize(NULL, (Py_ssize_t)(c->count * point_size));
    PyObject *bounds = PyTuple_New((Py_ssize_t)c->contours + 1);
    PyObject *result = NULL;
    size_t at = 0, i = 0;

    for (; points && bounds && i <= c->contours; i++) {
        PyObject *bound = PyLong_FromSize_t(at);
        if (!bound)
            break;
        PyTuple_SET_ITEM(bounds, (Py_ssize_t)i, bound);
        if (i < c->contours) { /* contour k, in OpenCV's order the i-th */
            size_t k = c->contours - 1 - i, start = k ? c->ends[k - 1] : 0;
            memcpy(PyByteArray_AS_STRING(points) + at * point_size, c->xy + 2 * start,
                   (c->ends[k] - start) * point_size);
            at += c->ends[k] - start;
        }
    }
    if (i == c->contours + 1)
        result = PyTuple_Pack(2, points, bounds);
    Py_XDECREF(points);
    Py_XDECREF(bounds);
    return result;
}

static PyObject *outer_contours(PyObject *module, PyObject *args)
{
    PyObject *mask_object;
    double least = 0.0;
    Py_buffer mask = {0};
    Contours contours = {NULL, 0, 0, NULL, 0, 0};
    PyObject *result = NULL;
    int status;
    (void)module;

    if (!PyArg_ParseTuple(args, "O|d:outer_contours", &mask_object, &least))
        return NULL;
    if (isnan(least)) {
        PyErr_SetString(PyExc_ValueError, "least_extent_product must be a number, not NaN");
        return NULL;
    }
    if (get_array(mask_object, &mask, "mask", "B", 2, 0) < 0)
        return NULL;
    if (mask.shape[0] > INT_MAX / 4 || mask.shape[1] > INT_MAX / 4 || mask.len > PY_SSIZE_T_MAX / 2) {
        PyErr_SetString(PyExc_ValueError, "mask is too large");
    } else {
        Py_BEGIN_ALLOW_THREADS
        status = outer_contours_of(mask.buf, (int)mask.shape[0], (int)mask.shape[1], least, &contours);
        Py_END_ALLOW_THREADS
        result = status < 0 ? PyErr_NoMemory() : contours_result(&contours);
    }
    free(contours.xy);
    free(contours.ends);
    PyBuffer_Release(&mask);
    return result;
}

static PyMethodDef methods[] = {
    {"refine", refine, METH_VARARGS, refine_doc},
    {"outer_contours", outer_contours, METH_VARARGS, outer_contours_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "vision._refine",
    .m_doc = "Candidate outlines moved onto a card's real edges: the work of vision.outline.refine_all; "
             "a mask's outer contours traced as cv2.findContours traces them, its specks left out "
             "(vision.detect._outer_contours).",
    .m_size = 0,
    .m_methods = methods,
};

PyMODINIT_FUNC PyInit__refine(void)
{
    return PyModule_Create(&module);
}
