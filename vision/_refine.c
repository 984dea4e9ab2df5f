/*
 * vision._refine: candidate outlines moved onto a card's real edges, in C.
 *
 * The one implementation of vision.outline.refine_all; vision/outline.py checks the
 * arguments and passes its constants (SAMPLES_PER_SIDE as the along-side positions,
 * SLOPES, CROSSINGS, PAPER_LIKE). It is C because an outline's refinement is a few
 * hundred small steps: as NumPy array operations, their per-call overhead cost far more
 * than their arithmetic.
 *
 * Each step keeps the arithmetic of the NumPy code it replaced where rounding can decide
 * a tie: float (float32) where that code had float32, sums in NumPy's order, and the
 * profiles sampled as cv2.remap(INTER_LINEAR, BORDER_REPLICATE) samples a float32
 * picture in OpenCV 4 (the Pi's): positions rounded to 1/32 pixel. Build with
 * -ffp-contract=off (setup.py does) so that no multiply and add are fused.
 *
 * It also traces a segmentation mask's outer contours for vision.detect
 * (outer_contours): what cv2.findContours(RETR_EXTERNAL, CHAIN_APPROX_SIMPLE) gives,
 * OpenCV's rules kept to the pixel, at less than half its time, as its scan stops at
 * every run of a mask's pixels and this one only where a traced border is met; the
 * contours of a textured table's specks, too small to hold a card, are traced (their
 * marks decide what follows) but not handed over. And it makes vision.detect's edge mask
 * (edge_mask): the bits of cv2.dilate(cv2.Canny(grey, low, high), 3×3 square), OpenCV's
 * rules kept to the comparison, in one pass of 16-bit arithmetic that vectorises, at
 * about half the time of those two calls. And it measures a blob's depth for
 * vision.detect._split (distances): the bits of cv2.distanceTransform(DIST_L2, 3) as
 * OpenCV's own fixed-point code gives them (Debian's 4.6, the Pi's, has no Intel IPP;
 * OpenCV 5 on a PC uses IPP's float sums, which differ in the last places), its passes'
 * steps along a row taken as a running least that vectorises, at under half IPP's time.
 * And it makes vision.detect's brighter-than-around mask (brighter_mask): the bits of
 * cv2.threshold(cv2.subtract(grey, cv2.boxFilter(grey, ...)), ...), in one pass over the
 * rows of whole-number sums (a window's column sums moved down a row, their running sum
 * along it as a vectorised scan; the mean's rounding, OpenCV's for the windows taken,
 * folded into a comparison), at about 0.4 of those calls' time.
 *
 * And it does vision.describe's pixel work on upright card images, bit for bit as OpenCV
 * (4 and 5) and NumPy did it: the slight blur (blur: cv2.GaussianBlur's 8-bit fixed-point
 * filter), the white balance with the grey levels in one pass (white_balance: NumPy's
 * float32 gains, cv2.COLOR_BGR2GRAY's fixed point), and the shrinks (shrink:
 * cv2.resize(INTER_AREA), by whole factors and by shares, OpenCV's rounding and order of
 * float32 sums kept), each in a few loops that vectorise, at about half the time of the
 * calls they replace; and the gradient histograms (gradient_histograms: cv2.Sobel's
 * gradients, cv2.cartToPolar's lengths and its arctangent's polynomial to the bit, with
 * its fused multiply-adds, direction bins as NumPy cut them, and np.bincount's float64
 * sums in pixel order), at under half the time of those calls.
 *
 * And it computes vision.model's squared distances from the descriptors of the cards seen
 * to every prototype (squared_distances): the projection of the descriptors and their
 * products with the projected prototypes, |s|^2 + |p|^2 - 2 s.p, in float32 (|s|^2 in
 * double) with every sum's terms added in order, so that every build gives the same bits.
 * For a frame's 10 rows it takes about three quarters of the time of OpenBLAS, which
 * first copies both large matrices into its own layout on every call; this reads them as
 * the model keeps them, in panels of 16 columns, a panel at a time for all the rows.
 *
 * And it does vision.detect's arithmetic on quads, bit for bit as its Python, NumPy and
 * OpenCV did it, without the NumPy calls that cost far more than their arithmetic (each
 * a few times a frame's candidates): the test for a card's shape (card_shaped: float32
 * side lengths, OpenCV's convexity and area of a float contour), the corners' clockwise
 * order (clockwise_short_first: Python's atan2, stable sort and ** 2), whether a
 * candidate repeats a quad tried (repeats), and the cards placed at a region's square
 * corners (corner_cards) and around a quad (cards_around).
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
   (the Pi's ARM) once. Both give the same bits: the loops are whole-number arithmetic,
   or float32 operations that neither version fuses or reorders (-ffp-contract=off, no
   -ffast-math), each rounded alike. The products of the squared distances are built a
   third time, for AVX-512, whose registers hold a panel's 16 columns (PANEL): half the
   instructions, up to a fifth less time (for 20 rows). */
#if defined(__x86_64__) && defined(__GNUC__) && defined(__has_attribute)
#if __has_attribute(target_clones)
#define VECTORISED __attribute__((target_clones("avx2", "default")))
#define VECTORISED_WIDE __attribute__((target_clones("avx512f", "avx2", "default")))
#endif
#endif
#ifndef VECTORISED
#define VECTORISED
#define VECTORISED_WIDE
#endif

/* The functions that fuse multiply-adds (fmaf) as OpenCV's vectorised code does are built
   for x86-64-v3 (AVX2 with FMA), where fmaf is one instruction that vectorises, and for any
   x86-64, where it is the C library's; fmaf is correctly rounded in both, and on the Pi's
   ARM, so all give the same bits. */
#if defined(__x86_64__) && defined(__GNUC__) && defined(__has_attribute)
#if __has_attribute(target_clones)
#define FUSED __attribute__((target_clones("arch=x86-64-v3", "default")))
#endif
#endif
#ifndef FUSED
#define FUSED
#endif

/* INLINED: a helper of such a function, built into each of its versions (and specialised
   to its constant arguments) rather than called as one shared any-x86-64 function.
   NOT_INLINED: a function kept apart from its callers (see block_products). */
#if defined(__GNUC__)
#define INLINED inline __attribute__((always_inline))
#define NOT_INLINED __attribute__((noinline))
#else
#define INLINED inline
#define NOT_INLINED
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

/* --- edges ------------------------------------------------------------------------------ */

/* The marks of the padded edge map (edge_mask): a pixel that cannot be an edge, a weak
   edge (a local maximum above the low threshold), a strong one (above the high threshold
   too), and a pixel found to be an edge by the hysteresis. */
enum { NOT_EDGE = 0, WEAK = 1, STRONG = 2, EDGE = 4 };

/* Row r's 3×3 Sobel derivatives of the `height` × `width` uint8 picture `grey` (rows
   one after the other), the picture's outside its border pixels repeated (OpenCV's
   BORDER_REPLICATE), and their L1 magnitude into mag[0 … width) (mag[−1] and
   mag[width] are left as they are). `sums` and `differences` are scratch rows of
   width + 2. */
VECTORISED
static void sobel_row(const unsigned char *grey, int height, int width, int r, int16_t *dx, int16_t *dy,
                      int16_t *mag, int16_t *sums, int16_t *differences)
{
    const unsigned char *above = grey + (size_t)(r > 0 ? r - 1 : 0) * (size_t)width;
    const unsigned char *at = grey + (size_t)r * (size_t)width;
    const unsigned char *below = grey + (size_t)(r + 1 < height ? r + 1 : r) * (size_t)width;
    int16_t *s = sums + 1, *d = differences + 1;

    for (int x = 0; x < width; x++) {
        s[x] = (int16_t)(above[x] + 2 * at[x] + below[x]);
        d[x] = (int16_t)(below[x] - above[x]);
    }
    s[-1] = s[0];
    s[width] = s[width - 1];
    d[-1] = d[0];
    d[width] = d[width - 1];
    for (int x = 0; x < width; x++) {
        dx[x] = (int16_t)(s[x + 1] - s[x - 1]);
        dy[x] = (int16_t)(d[x - 1] + 2 * d[x] + d[x + 1]);
        mag[x] = (int16_t)(abs(dx[x]) + abs(dy[x]));
    }
}

/* Mark row `out` (width pixels) as cv2.Canny's non-maximum suppression does: a pixel of
   magnitude m (row `at`, its derivatives dx and dy) above `low` is kept (WEAK, or STRONG
   when m > `high`) when m exceeds its neighbour before it along the gradient's direction
   and is at least its neighbour after it (exceeds it too where the direction is
   diagonal). The direction is horizontal where |dy| · 2^15 < |dx| · 13573 (OpenCV's
   tan 22.5°), vertical where |dy| · 2^15 > |dx| · (13573 + 2^16) (tan 67.5°), else
   diagonal: up-left to down-right where dx and dy have the same sign (a zero counts as
   positive), up-right to down-left where not. `above`, `at` and `below` are magnitude
   rows with a zero at −1 and `width`. */
VECTORISED
static void suppress_row(const int16_t *above, const int16_t *at, const int16_t *below, const int16_t *dx,
                         const int16_t *dy, int width, int16_t low, int16_t high, unsigned char *out)
{
    /* branch-free and in 16 bits, so that it vectorises (also under -fwrapv, as Python
       builds extensions): every neighbour is read and the right ones chosen */
    for (int x = 0; x < width; x++) {
        int16_t ax = (int16_t)abs(dx[x]), ay = (int16_t)abs(dy[x]);
        /* With q = ⌊ax · 13573 / 2^15⌋ (a high half-product): ay · 2^15 < ax · 13573 ⇔
           ay ≤ q, and ay · 2^15 > ax · (13573 + 2^16) ⇔ ay > 2 ax + q, as ax · 13573 / 2^15
           is not whole for 0 < ax < 2^15 (13573 is odd). At ax = 0 the first takes ay = 0
           for horizontal, where OpenCV has diagonal: there m = 0, no maximum either way. */
        int16_t q = (int16_t)(((int32_t)ax * 27146) >> 16);
        int16_t limit = (int16_t)(2 * ax + q);
        int16_t horizontal = (int16_t)(ay <= q), vertical = (int16_t)(ay > limit);
        int16_t opposite = (int16_t)((int16_t)(dx[x] ^ dy[x]) < 0);
        int16_t m = at[x];
        int16_t left = at[x - 1], right = at[x + 1], up = above[x], down = below[x];
        int16_t up_left = above[x - 1], up_right = above[x + 1], down_left = below[x - 1], down_right = below[x + 1];
        int16_t diagonal_before = opposite ? up_right : up_left;
        int16_t diagonal_after = opposite ? down_left : down_right;
        int16_t straight_before = horizontal ? left : up;
        int16_t straight_after = (int16_t)((horizontal ? right : down) - 1); /* m ≥ it + 1 ⇔ m > it */
        int16_t straight = horizontal | vertical;
        int16_t before = straight ? straight_before : diagonal_before;
        int16_t after = straight ? straight_after : diagonal_after;
        int16_t kept = (int16_t)((m > low) & (m > before) & (m > after));
        out[x] = (unsigned char)(kept + (kept & (m > high)));
    }
}

/* Mark the suppressed edges of the `height` × `width` picture `grey` into `map`, a
   (height + 2) × (width + 2) picture whose border is NOT_EDGE: pixel (x, y) at
   map[(y + 1) · (width + 2) + x + 1]. Magnitudes beyond the picture count as 0. 0, or −1
   when out of memory. */
static int suppress(const unsigned char *grey, int height, int width, int16_t low, int16_t high,
                    unsigned char *map)
{
    size_t step = (size_t)width + 2;
    int16_t *rows = calloc(9 * step, sizeof *rows);

    if (!rows)
        return -1;
    /* three magnitude rows (zero at −1 and width), two of derivatives, two of sums */
    int16_t *mag[3] = {rows + 1, rows + step + 1, rows + 2 * step + 1};
    int16_t *dx[2] = {rows + 3 * step, rows + 4 * step}, *dy[2] = {rows + 5 * step, rows + 6 * step};
    int16_t *sums = rows + 7 * step, *differences = rows + 8 * step;

    sobel_row(grey, height, width, 0, dx[0], dy[0], mag[1], sums, differences);
    for (int y = 0; y < height; y++) {
        int next = y % 2 == 0; /* the derivatives' slot for row y + 1 */
        if (y + 1 < height)
            sobel_row(grey, height, width, y + 1, dx[next], dy[next], mag[2], sums, differences);
        else
            memset(mag[2], 0, (size_t)width * sizeof **mag);
        suppress_row(mag[0], mag[1], mag[2], dx[!next], dy[!next], width, low, high, map + (size_t)(y + 1) * step + 1);
        int16_t *oldest = mag[0];
        mag[0] = mag[1];
        mag[1] = mag[2];
        mag[2] = oldest;
    }
    free(rows);
    return 0;
}

/* A growable stack of positions in the edge map. */
typedef struct {
    size_t *at;
    size_t count, room;
} Stack;

/* Mark map[p] EDGE and push it; 0, or −1 when out of memory. */
static inline int stack_mark(Stack *stack, unsigned char *map, size_t p)
{
    if (stack->count == stack->room) {
        size_t room = stack->room == 0 ? 4096 : 2 * stack->room;
        size_t *grown = realloc(stack->at, room * sizeof *grown);
        if (!grown)
            return -1;
        stack->at = grown;
        stack->room = room;
    }
    map[p] = EDGE;
    stack->at[stack->count++] = p;
    return 0;
}

/* Mark EDGE every WEAK or STRONG pixel of the padded `map` (suppress) that is
   8-connected through such pixels to a STRONG one; other marks stay. 0, or −1 when out
   of memory. */
static int follow_edges(unsigned char *map, int height, int width)
{
    const size_t step = (size_t)width + 2, end = (size_t)(height + 1) * step;
    const ptrdiff_t around[8] = {-(ptrdiff_t)step - 1, -(ptrdiff_t)step, -(ptrdiff_t)step + 1, -1, 1,
                                 (ptrdiff_t)step - 1,  (ptrdiff_t)step,  (ptrdiff_t)step + 1};
    const uint64_t strong = 0x0101010101010101u * STRONG;
    Stack stack = {NULL, 0, 0};
    int status = 0;

    for (size_t p = step; p < end && status == 0; p++) {
        uint64_t word;
        if (p + 8 <= end && (memcpy(&word, map + p, 8), !(word & strong))) {
            p += 7; /* no STRONG among these eight */
            continue;
        }
        if (map[p] != STRONG)
            continue;
        status = stack_mark(&stack, map, p);
        while (stack.count > 0 && status == 0) {
            size_t q = stack.at[--stack.count];
            for (int k = 0; k < 8 && status == 0; k++)
                if (map[q + around[k]] & (WEAK | STRONG))
                    status = stack_mark(&stack, map, q + around[k]);
        }
    }
    free(stack.at);
    return status;
}

/* Write to the `height` × `width` picture `out` 255 where the padded `map` has an EDGE
   in the 3×3 pixels around (within the picture), else 0: cv2.dilate with a 3×3 square,
   the outside adding nothing. `column` is scratch of width + 2 (a row's three map rows,
   column by column). */
VECTORISED
static void dilate_edges(const unsigned char *map, int height, int width, unsigned char *restrict out,
                         unsigned char *restrict column)
{
    const size_t step = (size_t)width + 2, w = (size_t)width;

    for (size_t y = 0; y < (size_t)height; y++) {
        const unsigned char *row = map + y * step;
        unsigned char *o = out + y * w;
        for (size_t x = 0; x < step; x++)
            column[x] = (row[x] | row[x + step] | row[x + 2 * step]) & EDGE;
        for (size_t x = 0; x < w; x++)
            o[x] = (column[x] | column[x + 1] | column[x + 2]) ? 255 : 0;
    }
}

/* cv2.dilate(cv2.Canny(grey, low, high), 3×3 square) of the `height` × `width` uint8
   picture `grey` (aperture 3, L1 gradient; low and high swapped when low > high) into
   `out`, the same size (not overlapping grey). 0, or −1 when out of memory. */
static int canny_dilated(const unsigned char *grey, int height, int width, int low, int high, unsigned char *out)
{
    const size_t step = (size_t)width + 2;
    unsigned char *map = malloc((size_t)(height + 2) * step + step); /* and dilate_edges' scratch */
    int status = -1;

    if (low > high) {
        int t = low;
        low = high;
        high = t;
    }
    /* L1 magnitudes lie in 0 … 2040: thresholds beyond it act as these do */
    low = low < -1 ? -1 : low > 2040 ? 2040 : low;
    high = high < -1 ? -1 : high > 2040 ? 2040 : high;
    if (map) {
        memset(map, NOT_EDGE, step);
        memset(map + (size_t)(height + 1) * step, NOT_EDGE, step);
        for (int y = 1; y <= height; y++)
            map[(size_t)y * step] = map[(size_t)y * step + step - 1] = NOT_EDGE;
        if (suppress(grey, height, width, (int16_t)low, (int16_t)high, map) == 0 &&
            follow_edges(map, height, width) == 0) {
            dilate_edges(map, height, width, out, map + (size_t)(height + 2) * step);
            status = 0;
        }
    }
    free(map);
    return status;
}

/* --- brighter than around ---------------------------------------------------------------- */

/* The widest window brighter_than_around takes. For every odd side up to it, OpenCV's
   uint8 box mean (cv2.boxFilter, normalised) is the window's sum over its area rounded to
   the nearest whole number, in OpenCV 4.6 and 5 alike, for every sum the window can have:
   its 16-bit fixed point (areas up to 256), its float32 product (its vectorised columns)
   and its double product (the last columns of a row) each give that. At a side of 165 the
   float32 product is off by one for 17 sums. It keeps a window's column sums within
   uint16 as well (255 · 163 < 2^16). */
#define WIDEST_WINDOW 163

/* column[x] += enter[x] − leave[x] for x in [0, width): a window's column sums moved down
   a row (uint16 arithmetic that wraps, exact as the sums lie in 0 … 65535). */
VECTORISED
static void columns_down(uint16_t *restrict column, const unsigned char *restrict enter,
                         const unsigned char *restrict leave, size_t width)
{
    for (size_t x = 0; x < width; x++)
        column[x] = (uint16_t)(column[x] + enter[x] - leave[x]);
}

/* sums[x] = start + column[x − reach] + … + column[x + reach] for x in [0, width), where
   `column` has reach + 1 values before its start and `reach` after its end: a running sum
   along the row, each sum the one before it plus the column entering the window less the
   one leaving it. That is a scan, which gcc vectorises under -fopenmp-simd (setup.py asks
   for it); the sums are whole numbers, the same in any order. */
VECTORISED
static void window_sums(const uint16_t *restrict column, int reach, size_t width, int32_t start,
                        int32_t *restrict sums)
{
    int32_t sum = start;

    for (int k = -reach - 1; k < reach; k++)
        sum += column[k];
#pragma omp simd reduction(inscan, + : sum)
    for (size_t x = 0; x < width; x++) {
        sum += column[(ptrdiff_t)x + reach] - column[(ptrdiff_t)x - 1 - reach];
#pragma omp scan inclusive(sum)
        sums[x] = sum;
    }
}

/* out[x] = 255 where sums[x] ≤ grey[x] · area, else 0, for x in [0, width). */
VECTORISED
static void brighter_row(const int32_t *restrict sums, const unsigned char *restrict grey, int32_t area,
                         unsigned char *restrict out, size_t width)
{
    for (size_t x = 0; x < width; x++)
        out[x] = sums[x] <= grey[x] * area ? 255 : 0;
}

/* Into `out` (the same size, not overlapping `grey`): 255 where a pixel of the `height` ×
   `width` uint8 picture `grey` exceeds the mean of the side × side window around it (odd
   side up to WIDEST_WINDOW; the picture's outside its border pixels repeated), rounded to
   the nearest whole number, by more than `above` levels (at most 255; the difference
   taken as 0 where the mean is the greater, so that every pixel exceeds it by more than a
   negative `above`), else 0. 0, or −1 when out of memory.

   With S the window's sum and n = side² its area (odd: S / n is never halfway between
   whole numbers), the rounded mean is below grey − above, as it must be, exactly when
   S / n < grey − above − 1/2, that is 2 S + n < 2 (grey − above) n, and, the left side
   being odd and the right even, S + (n + 1) / 2 + above · n ≤ grey · n. */
static int brighter_than_around(const unsigned char *grey, int height, int width, int side, int above,
                                unsigned char *out)
{
    const size_t w = (size_t)width;
    const int reach = side / 2, area = side * side;

    if (above < 0) {
        memset(out, 255, (size_t)height * w);
        return 0;
    }
    int32_t *sums = malloc(w * sizeof *sums + (w + 2 * (size_t)reach + 1) * sizeof(uint16_t));
    if (!sums)
        return -1;
    /* the window's column sums, with room for reach + 1 before and reach after them */
    uint16_t *column = (uint16_t *)(sums + w) + reach + 1;
    /* the window at row −reach holds the first row, side times; then moved down to row 0 */
    for (size_t x = 0; x < w; x++)
        column[x] = (uint16_t)(side * grey[x]);
    for (int y = 1 - reach; y <= 0; y++)
        columns_down(column, grey + (size_t)(y + reach < height ? y + reach : height - 1) * w, grey, w);
    for (int y = 0; y < height; y++) {
        if (y > 0) {
            int enter = y + reach < height ? y + reach : height - 1, leave = y - 1 - reach > 0 ? y - 1 - reach : 0;
            columns_down(column, grey + (size_t)enter * w, grey + (size_t)leave * w, w);
        }
        for (int k = 1; k <= reach + 1; k++)
            column[-k] = column[0];
        for (size_t k = 1; k <= (size_t)reach; k++)
            column[w - 1 + k] = column[w - 1];
        window_sums(column, reach, w, (area + 1) / 2 + above * area, sums);
        brighter_row(sums, grey + (size_t)y * w, area, out + (size_t)y * w, w);
    }
    free(sums);
    return 0;
}

/* --- distances --------------------------------------------------------------------------- */

/* OpenCV's 3×3 chamfer steps for DIST_L2 in its fixed point (2^-16 pixel): 0.955f and
   1.3693f times 2^16, rounded to the nearest whole number (its CV_FLT_TO_FIX). */
#define DIST_SHIFT 16
#define STRAIGHT_STEP 62587 /* 62586.88 */
#define DIAGONAL_STEP 89738 /* 89738.445 */
/* OpenCV writes any distance beyond DIST_MAX as DIST_MAX (8192 pixels). FAR stands for
   a distance beyond it (no zero pixel on the way, or none at all): capping every
   distance at FAR leaves those up to DIST_MAX as they are and the others beyond it. */
#define DIST_MAX (INT_MAX >> 2)
#define FAR (DIST_MAX + 1)
/* The widest mask: a row's distances less a straight step per pixel stay within int32. */
#define DIST_WIDEST 16384
/* along() takes the least of this many values at once (a vector of int32 in AVX2). */
#define RUN 8

/* A row from its neighbouring row `near` (which has a value at −1 and `width`): the
   least of FAR, `limit` and near[x − 1 … x + 1] plus their steps, for the first pass
   row[x], limit the FAR where mask[x] is not 0 and 0 where it is; for the second
   (mask NULL) row[x], limit the first pass's value there, and `row` and `near` run from
   right to left (mirrored), `first` from left to right, so that along() serves both. */
VECTORISED
static void from_near(const unsigned char *restrict mask, const int32_t *restrict first,
                      const int32_t *restrict near, int32_t *restrict row, size_t width)
{
    if (mask)
        for (size_t x = 0; x < width; x++) {
            int32_t d = near[(ptrdiff_t)x - 1] + DIAGONAL_STEP, s = near[x] + STRAIGHT_STEP;
            int32_t e = near[x + 1] + DIAGONAL_STEP;
            d = d < s ? d : s;
            d = d < e ? d : e;
            d = d < FAR ? d : FAR;
            row[x] = mask[x] ? d : 0;
        }
    else
        for (size_t x = 0; x < width; x++) {
            int32_t d = near[(ptrdiff_t)x - 1] + DIAGONAL_STEP, s = near[x] + STRAIGHT_STEP;
            int32_t e = near[x + 1] + DIAGONAL_STEP, r = first[width - 1 - x];
            d = d < s ? d : s;
            d = d < e ? d : e;
            row[x] = r < d ? r : d;
        }
}

/* Each of row[0 … width) (width ≤ DIST_WIDEST) the least of itself and, for every k
   before it, row[k] plus a straight step per pixel between them, FAR before the row: a
   pass's step along the row (each value the least of itself and the one before it,
   changed, plus a straight step), done as a running least of row[x] − x steps, RUN
   values at a time. `scratch` holds 2 · (width + RUN). */
VECTORISED
static void along(int32_t *restrict row, int width, int32_t *restrict scratch)
{
    int32_t *less = scratch + RUN, *least = scratch + width + 2 * RUN;

    /* before the row: FAR at −1, which is FAR + a step less −1 steps (farther ones
       count as it does, no nearer) */
    for (int k = 1; k <= RUN; k++)
        less[-k] = least[-k] = FAR + STRAIGHT_STEP;
    int32_t steps = 0; /* x straight steps */
    for (int x = 0; x < width; x++, steps += STRAIGHT_STEP)
        less[x] = row[x] - steps;
    steps = 0;
    for (int x = 0; x < width; x++, steps += STRAIGHT_STEP) {
        int32_t m = least[x - RUN];
        for (int k = 0; k < RUN; k++)
            m = m < less[x - k] ? m : less[x - k];
        least[x] = m;
        row[x] = m + steps;
    }
}

/* out[x] = the mirrored row[width − 1 − x] in pixels, as OpenCV writes it: capped at
   DIST_MAX, made a float32 (rounded to nearest) and scaled by 2^-16. */
VECTORISED
static void in_pixels(const int32_t *restrict row, float *restrict out, size_t width)
{
    for (size_t x = 0; x < width; x++) {
        int32_t capped = row[width - 1 - x] < DIST_MAX ? row[width - 1 - x] : DIST_MAX;
        out[x] = (float)capped * (1.0f / (1 << DIST_SHIFT));
    }
}

/* What cv2.distanceTransform(mask, DIST_L2, 3) of the `height` × `width` uint8 `mask`
   (width ≤ DIST_WIDEST) gives without Intel's IPP (OpenCV 4.6's own code), into `out`,
   the same size: each pixel's chamfer distance to the nearest zero pixel of `mask` (the
   shortest path of straight and diagonal steps, in 2^-16 pixel; 8192 where there is
   none). OpenCV's two passes, their minima taken in another order: down the rows, each
   from the row above and then along itself to the right; then up, each from the row
   below and along itself to the left. 0, or −1 when out of memory. */
static int chamfer_distances(const unsigned char *mask, size_t height, size_t width, float *out)
{
    const size_t step = width + 2;
    /* the first pass's rows, two mirrored rows of the second's, along()'s scratch */
    int32_t *rows = malloc(((height + 3) * step + 2 * (width + RUN)) * sizeof *rows);

    if (!rows)
        return -1;
    /* row y at rows + (y + 1) · step + 1, FAR beyond the mask all round */
    int32_t *below = rows + (height + 1) * step + 1, *row = below + step, *scratch = row + width + 1;
    for (size_t x = 0; x < step; x++)
        rows[x] = below[(ptrdiff_t)x - 1] = FAR;
    for (size_t y = 0; y < height; y++) {
        int32_t *first = rows + (y + 1) * step + 1;
        first[-1] = first[width] = FAR;
        from_near(mask + y * width, NULL, first - step, first, width);
        along(first, (int)width, scratch);
    }
    row[-1] = row[width] = FAR;
    for (size_t y = height; y-- > 0;) {
        from_near(NULL, rows + (y + 1) * step + 1, below, row, width);
        along(row, (int)width, scratch);
        in_pixels(row, out + y * width, width);
        int32_t *done = below;
        below = row;
        row = done;
    }
    free(rows);
    return 0;
}

/* --- describing cards: blur, white balance and shrinking ------------------------------- */

/* OpenCV's saturate_cast<uchar>(float): the nearest whole level, halves to even, within
   0 … 255. */
static inline unsigned char level_of(float value)
{
    long level = lrintf(value);
    return (unsigned char)(level < 0 ? 0 : level > 255 ? 255 : level);
}

/* Add the `numbers` numbers of `rows` rows of a uint8 picture at `src` (rows `step` apart)
   column by column into `sums`. */
VECTORISED
static void column_sums(const unsigned char *src, size_t step, int rows, int numbers, int *restrict sums)
{
    for (int i = 0; i < numbers; i++)
        sums[i] = 0;
    for (int y = 0; y < rows; y++)
        for (int i = 0; i < numbers; i++)
            sums[i] += src[(size_t)y * step + (size_t)i];
}

/* One row of cv2.resize(INTER_AREA)'s shrink by whole factors `fx` × `fy` of a uint8
   picture of `cn` channels: `dw` pixels of the block means of the column sums `sums`
   (column_sums of fy rows), rounded as OpenCV rounds them: half up for 2 × 2 blocks of 1,
   3 or 4 channels, else halves to even of the sum times 1 / (fx·fy) in float32. */
static void block_means(const int *sums, int dw, int cn, int fx, int fy, unsigned char *dst)
{
    const float scale = 1.f / (float)(fx * fy);
    const int half_up = fx == 2 && fy == 2 && cn != 2;

    for (int x = 0; x < dw; x++)
        for (int c = 0; c < cn; c++) {
            const int *at = sums + (size_t)(x * fx * cn + c);
            int sum = 0;
            for (int k = 0; k < fx; k++)
                sum += at[k * cn];
            dst[x * cn + c] = half_up ? (unsigned char)((sum + 2) >> 2) : level_of((float)sum * scale);
        }
}

/* cv2.resize(INTER_AREA) of the `sh` × `sw` uint8 picture `src` of `cn` channels into `dst`
   by the whole factors `fx` and `fy` (sw = fx·dw, sh = fy·dh); `sums` is scratch of a
   row's numbers. */
static void shrink_whole(const unsigned char *src, int sw, int cn, int fx, int fy, unsigned char *dst, int dh, int dw,
                         int *sums)
{
    const size_t step = (size_t)sw * (size_t)cn;

    for (int y = 0; y < dh; y++) {
        column_sums(src + (size_t)(y * fy) * step, step, fy, sw * cn, sums);
        block_means(sums, dw, cn, fx, fy, dst + (size_t)y * (size_t)dw * (size_t)cn);
    }
}

/* The levels of one channel of a card white balanced by the gain `gain`: each level
   times the gain (float32), cut to a whole level, at most 255, as NumPy's product,
   np.minimum(…, 255) and a cast to uint8 make them; and those levels times `weight`. */
static void balance_table(float gain, int weight, unsigned char levels[256], int weighted[256])
{
    for (int level = 0; level < 256; level++) {
        float scaled = (float)level * gain;
        levels[level] = (unsigned char)(int)(scaled < 255.f ? scaled : 255.f);
        weighted[level] = weight * levels[level];
    }
}

/* One `height` × `width` BGR card white balanced into `out`, and its grey levels
   (OpenCV's COLOR_BGR2GRAY of the balanced pixels: the weights 0.114, 0.587 and 0.299 in
   15-bit fixed point, rounded; the same in OpenCV 4 and 5, checked on all 2^24 pixels)
   into `grey`. The gains are white / max(level, least) (float32) of the channels of its
   brightest `patch` × `patch` block (of the block means as shrink_whole makes them, the
   greatest sum of the three; the first in row order of equals). `sums` holds 3 × width
   ints. */
static void white_balance_card(const unsigned char *card, int height, int width, int patch, float white, float least,
                               unsigned char *restrict out, unsigned char *restrict grey, int *sums)
{
    static const int WEIGHTS[3] = {3735, 19235, 9798};
    const size_t step = 3 * (size_t)width, pixels = (size_t)height * (size_t)width;
    int brightest = -1, weighted[3][256];
    unsigned char bright[3] = {0, 0, 0}, means[3 * 256], levels[3][256];

    for (int y = 0; y < height; y += patch) {
        column_sums(card + (size_t)y * step, step, patch, (int)step, sums);
        block_means(sums, width / patch, 3, patch, patch, means);
        for (int x = 0; x < width / patch; x++) {
            const unsigned char *mean = means + 3 * x;
            if (mean[0] + mean[1] + mean[2] > brightest) {
                brightest = mean[0] + mean[1] + mean[2];
                memcpy(bright, mean, sizeof bright);
            }
        }
    }
    for (int c = 0; c < 3; c++)
        balance_table(white / ((float)bright[c] > least ? (float)bright[c] : least), WEIGHTS[c], levels[c],
                      weighted[c]);
    for (size_t p = 0; p < pixels; p++) {
        const unsigned char b = card[3 * p], g = card[3 * p + 1], r = card[3 * p + 2];
        out[3 * p] = levels[0][b];
        out[3 * p + 1] = levels[1][g];
        out[3 * p + 2] = levels[2][r];
        grey[p] = (unsigned char)((weighted[0][b] + weighted[1][g] + weighted[2][r] + (1 << 14)) >> 15);
    }
}

/* The taps of blur_card's kernel, and its reach each way. */
#define TAPS 5
#define REACH (TAPS / 2)

/* The index of item `i` of `n` under OpenCV's BORDER_REFLECT_101 (… 2 1 | 0 1 2 … n−1 |
   n−2 …), for −n < i < 2n − 1. */
static inline int reflected(int i, int n)
{
    return i < 0 ? -i : i >= n ? 2 * n - 2 - i : i;
}

/* One row of `numbers` numbers (pixels of `cn`) of `padded` (the row with REACH pixels
   reflected at each end) filtered by the TAPS taps `taps` (summing to 256: at most
   255 × 256, so 16 bits hold it) into `out`. */
VECTORISED
static void filter_row(const unsigned char *restrict padded, int numbers, int cn, const uint16_t *restrict taps,
                       uint16_t *restrict out)
{
    const unsigned char *restrict p0 = padded, *restrict p1 = p0 + cn, *restrict p2 = p1 + cn,
                                  *restrict p3 = p2 + cn, *restrict p4 = p3 + cn;

    for (int i = 0; i < numbers; i++)
        out[i] = (uint16_t)(taps[0] * p0[i] + taps[1] * p1[i] + taps[2] * p2[i] + taps[3] * p3[i] + taps[4] * p4[i]);
}

/* One row of `numbers` levels: the TAPS rows `rows` (filter_row's) weighted by the taps
   `taps` (summing to 256), over 2^16, rounded half up. */
VECTORISED
static void filter_column(const uint16_t *const *rows, int numbers, const uint16_t *restrict taps,
                          unsigned char *restrict out)
{
    const uint16_t *restrict r0 = rows[0], *restrict r1 = rows[1], *restrict r2 = rows[2], *restrict r3 = rows[3],
                             *restrict r4 = rows[4];

    for (int i = 0; i < numbers; i++)
        out[i] = (unsigned char)(((uint32_t)taps[0] * r0[i] + (uint32_t)taps[1] * r1[i] + (uint32_t)taps[2] * r2[i] +
                                  (uint32_t)taps[3] * r3[i] + (uint32_t)taps[4] * r4[i] + (1u << 15)) >> 16);
}

/* One `height` × `width` card of `cn` channels blurred into `out` as OpenCV's 8-bit
   GaussianBlur blurs it (BORDER_REFLECT_101) given its fixed-point kernel `taps` (TAPS
   whole numbers summing to 256, each 1/256; REACH < width, height): the rows filtered
   (exactly, in 16 bits), then the columns (exactly, in 32 bits), the sum over 2^16
   rounded half up. `filtered` holds height × width × cn, `padded` (width + 2·REACH) × cn
   scratch. */
static void blur_card(const unsigned char *card, int height, int width, int cn, const uint16_t *taps,
                      unsigned char *restrict out, uint16_t *filtered, unsigned char *padded)
{
    const int numbers = width * cn;
    const uint16_t *rows[TAPS];

    for (int y = 0; y < height; y++) {
        const unsigned char *row = card + (size_t)y * (size_t)numbers;
        memcpy(padded + REACH * cn, row, (size_t)numbers);
        for (int x = 1; x <= REACH; x++)
            for (int c = 0; c < cn; c++) {
                padded[(REACH - x) * cn + c] = row[reflected(-x, width) * cn + c];
                padded[(REACH + width - 1 + x) * cn + c] = row[reflected(width - 1 + x, width) * cn + c];
            }
        filter_row(padded, numbers, cn, taps, filtered + (size_t)y * (size_t)numbers);
    }
    for (int y = 0; y < height; y++) {
        for (int t = 0; t < TAPS; t++)
            rows[t] = filtered + (size_t)reflected(y + t - REACH, height) * (size_t)numbers;
        filter_column(rows, numbers, taps, out + (size_t)y * (size_t)numbers);
    }
}

/* One step of cv2.resize(INTER_AREA)'s shrink by factors that are not whole, along one
   axis: destination item `to` takes `share` of source item `from` (both counted in
   numbers, pixels times channels). */
typedef struct {
    int from, to;
    float share;
} Share;

/* The shares of a shrink of `size` pixels to `shrunk`, `scale` = size / shrunk as OpenCV
   computes it (1 / (shrunk / size), in double), `cn` numbers a pixel: OpenCV's
   computeResizeAreaTab, step for step; a destination's shares follow each other.
   `shares` holds 2 × size; returns how many. */
static int area_shares(int size, int shrunk, int cn, double scale, Share *shares)
{
    int k = 0;

    for (int d = 0; d < shrunk; d++) {
        double first = d * scale, last = first + scale;
        double cell = scale < size - first ? scale : size - first;
        int s1 = (int)ceil(first), s2 = (int)floor(last);

        s2 = s2 < size - 1 ? s2 : size - 1;
        s1 = s1 < s2 ? s1 : s2;
        if (s1 - first > 1e-3)
            shares[k++] = (Share){(s1 - 1) * cn, d * cn, (float)((s1 - first) / cell)};
        for (int s = s1; s < s2; s++)
            shares[k++] = (Share){s * cn, d * cn, (float)(1.0 / cell)};
        if (last - s2 > 1e-3) {
            double part = last - s2 < 1.0 ? last - s2 : 1.0;
            shares[k++] = (Share){s2 * cn, d * cn, (float)((part < cell ? part : cell) / cell)};
        }
    }
    return k;
}

/* Rows spread together by spread_rows: a vector of floats for each number of a row. */
#define BLOCK_ROWS 8

/* The `rows` (≤ BLOCK_ROWS) rows at `src` (`step` numbers each, rows `step` apart) spread
   over shrunk rows of `numbers` float32 in `out` (rows `numbers` apart) by the column
   shares `xs` (`nx`, counted in numbers, `cn` a pixel): each destination number the sum,
   from 0 and in the shares' order, of its source numbers times their shares (0 if none),
   as OpenCV's ResizeArea_Invoker makes it. BLOCK_ROWS rows at once, each row a lane of a
   vector: `source` holds step × BLOCK_ROWS floats. */
VECTORISED
static void spread_rows(const unsigned char *src, size_t step, int rows, int cn, const Share *xs, int nx, int numbers,
                        float *restrict out, float *restrict source)
{
    if (rows < BLOCK_ROWS)
        for (size_t i = 0; i < step * BLOCK_ROWS; i++)
            source[i] = 0.f;
    for (int r = 0; r < rows; r++)
        for (size_t i = 0; i < step; i++)
            source[i * BLOCK_ROWS + (size_t)r] = (float)src[(size_t)r * step + i];
    for (size_t i = 0; i < (size_t)rows * (size_t)numbers; i++)
        out[i] = 0.f;
    for (int k = 0, end; k < nx; k = end) {
        for (end = k + 1; end < nx && xs[end].to == xs[k].to;)
            end++;
        for (int c = 0; c < cn; c++) {
            float sum[BLOCK_ROWS] = {0.f};
            for (int i = k; i < end; i++) {
                const float *from = source + (size_t)(xs[i].from + c) * BLOCK_ROWS;
                for (int r = 0; r < BLOCK_ROWS; r++)
                    sum[r] += from[r] * xs[i].share;
            }
            for (int r = 0; r < rows; r++)
                out[(size_t)r * (size_t)numbers + (size_t)(xs[k].to + c)] = sum[r];
        }
    }
}

/* level_of each of the `count` floats `sum` (each in 0 … 2^23, where adding and taking
   away 2^23 rounds it to the nearest whole number, halves to even, as lrintf does), into
   `out`. */
VECTORISED
static void levels_of(const float *restrict sum, int count, unsigned char *restrict out)
{
    for (int i = 0; i < count; i++) {
        float level = (sum[i] + 8388608.f) - 8388608.f;
        out[i] = (unsigned char)(int)(level < 255.f ? level : 255.f);
    }
}

/* Add `share` times `row` to `sum` (or set `sum` to it, when `first`): `numbers` float32. */
VECTORISED
static void add_row(const float *restrict row, float share, int first, int numbers, float *restrict sum)
{
    if (first)
        for (int d = 0; d < numbers; d++)
            sum[d] = share * row[d];
    else
        for (int d = 0; d < numbers; d++)
            sum[d] += share * row[d];
}

/* cv2.resize(INTER_AREA) of the `sh` rows of a uint8 picture at `src` (rows `step`
   numbers apart, `cn` channels) by factors that are not both whole: each source row
   spread over a float32 row by the column shares (spread_rows), each shrunk row the sum
   of those rows times their row shares (in their order), rounded (level_of); OpenCV's
   ResizeArea_Invoker, step for step. `xs`, `ys`: the shares (area_shares) of the columns
   and rows; `scratch`: shrink_scratch floats. */
static void shrink_by_shares(const unsigned char *src, int sh, size_t step, int cn, const Share *xs, int nx,
                             const Share *ys, int ny, unsigned char *dst, int numbers, float *scratch)
{
    float *sum = scratch, *source = sum + numbers, *rows = source + step * BLOCK_ROWS;

    for (int y = 0; y < sh; y += BLOCK_ROWS)
        spread_rows(src + (size_t)y * step, step, sh - y < BLOCK_ROWS ? sh - y : BLOCK_ROWS, cn, xs, nx, numbers,
                    rows + (size_t)y * (size_t)numbers, source);
    for (int j = 0; j < ny; j++) {
        const int first = j == 0 || ys[j].to != ys[j - 1].to;
        if (first && j > 0)
            levels_of(sum, numbers, dst + (size_t)ys[j - 1].to * (size_t)numbers);
        add_row(rows + (size_t)ys[j].from * (size_t)numbers, ys[j].share, first, numbers, sum);
    }
    levels_of(sum, numbers, dst + (size_t)ys[ny - 1].to * (size_t)numbers);
}

/* The floats shrink_by_shares needs of scratch for `sh` rows of `step` numbers shrunk to
   rows of `numbers`. */
static size_t shrink_scratch(int sh, size_t step, int numbers)
{
    return (size_t)numbers * (1 + (size_t)sh) + step * BLOCK_ROWS;
}

/* cv2.resize(src, (dw, dh), interpolation=cv2.INTER_AREA) of the `sh` × `sw` uint8
   picture `src` of 1 … 4 channels `cn` into `dst`, a shrink (1 ≤ dw ≤ sw, 1 ≤ dh ≤ sh):
   by whole factors (shrink_whole) when OpenCV's scales are whole, else by shares
   (shrink_by_shares). 0, or −1 when out of memory. */
static int shrink_area(const unsigned char *src, int sh, int sw, int cn, unsigned char *dst, int dh, int dw)
{
    const double scale_x = 1.0 / ((double)dw / sw), scale_y = 1.0 / ((double)dh / sh);
    const int fx = (int)lrint(scale_x), fy = (int)lrint(scale_y), numbers = dw * cn;
    const int whole = fabs(scale_x - fx) < DBL_EPSILON && fabs(scale_y - fy) < DBL_EPSILON;
    Share *xs = whole ? NULL : malloc(sizeof(Share) * 2 * ((size_t)sw + (size_t)sh));
    void *scratch = malloc(whole ? sizeof(int) * (size_t)sw * (size_t)cn
                                 : sizeof(float) * shrink_scratch(sh, (size_t)sw * (size_t)cn, numbers));
    int status = -1;

    if (scratch && whole) {
        shrink_whole(src, sw, cn, fx, fy, dst, dh, dw, scratch);
        status = 0;
    } else if (scratch && xs) {
        Share *ys = xs + 2 * (size_t)sw;
        int nx = area_shares(sw, dw, cn, scale_x, xs), ny = area_shares(sh, dh, 1, scale_y, ys);
        shrink_by_shares(src, sh, (size_t)sw * (size_t)cn, cn, xs, nx, ys, ny, dst, numbers, scratch);
        status = 0;
    }
    free(xs);
    free(scratch);
    return status;
}

/* --- describing cards: gradient histograms --------------------------------------------- */

/* π as OpenCV's CV_PI. */
#define OPENCV_PI 3.1415926535897932384626433832795

/* The coefficients of OpenCV's arctangent (fastAtan32f, which cv2.cartToPolar uses): an
   odd polynomial in degrees, rounded to float32 as OpenCV rounds them. */
static const float ATAN_P1 = 0.9997878412794807f * (float)(180 / OPENCV_PI),
                   ATAN_P3 = -0.3258083974640975f * (float)(180 / OPENCV_PI),
                   ATAN_P5 = 0.1555786518463281f * (float)(180 / OPENCV_PI),
                   ATAN_P7 = -0.04432655554792128f * (float)(180 / OPENCV_PI);

/* The direction slot of the gradient (gx, gy) (whole numbers, |gx|, |gy| ≤ 1020): int(angle
   × per_radian) & mask, in float32, of the angle in radians (0 to 2π) that cv2.cartToPolar
   gives in OpenCV 4 and 5: its vectorised arctangent, with fused multiply-adds as on AVX2
   and ARMv8 (the same angles, checked on all such gradients). Its turns to 90° − a for
   steep gradients, 180° − a for backward and 360° − a for upward ones are taken without
   branches, as 0° or that angle plus a times +1 or −1: the same bits, in a loop that
   vectorises. */
static inline int direction_slot(int gx, int gy, float per_radian, int mask)
{
    const int ax = abs(gx), ay = abs(gy), steep = ax < ay, back = gx < 0, up = gy < 0;
    const float c = (float)(steep ? ax : ay) / ((float)(steep ? ay : ax) + (float)DBL_EPSILON), cc = c * c;
    float degrees = fmaf(fmaf(fmaf(cc, ATAN_P7, ATAN_P5), cc, ATAN_P3), cc, ATAN_P1) * c;

    degrees = 90.f * (float)steep + (float)(1 - 2 * steep) * degrees;
    degrees = 180.f * (float)back + (float)(1 - 2 * back) * degrees;
    degrees = 360.f * (float)up + (float)(1 - 2 * up) * degrees;
    return (int)(degrees * (float)(OPENCV_PI / 180) * per_radian) & mask;
}

/* The gradients of a `height` × `width` (each ≥ 2) uint8 grey image, cv2.Sobel's 3×3
   (ksize=3) with the image reflected (BORDER_REFLECT_101) at each side: their lengths
   (float32, exact as cv2.cartToPolar's: whole gradients' squares sum exactly) into `length`
   and their direction slots (direction_slot) into `direction`, each pixel (y, x) at
   y × (width + 2) + x + 1 (the numbers between rows are not the image's). `across` and
   `down` are scratch of height × (width + 2) ints, as are `length` and `direction`. */
FUSED
static void image_gradients(const unsigned char *grey, int height, int width, float per_radian, int mask,
                            int *restrict across, int *restrict down, float *restrict length, int *restrict direction)
{
    const size_t padded = (size_t)width + 2, total = (size_t)height * padded;

    for (int y = 0; y < height; y++) {
        const unsigned char *above = grey + (size_t)reflected(y - 1, height) * (size_t)width,
                            *row = grey + (size_t)y * (size_t)width,
                            *below = grey + (size_t)reflected(y + 1, height) * (size_t)width;
        int *restrict sums = across + (size_t)y * padded + 1, *restrict differences = down + (size_t)y * padded + 1;
        for (int x = 0; x < width; x++) {
            sums[x] = above[x] + 2 * row[x] + below[x];
            differences[x] = below[x] - above[x];
        }
        sums[-1] = sums[1];
        differences[-1] = differences[1];
        sums[width] = sums[width - 2];
        differences[width] = differences[width - 2];
    }
    for (size_t i = 1; i + 1 < total; i++) {
        const int gx = across[i + 1] - across[i - 1], gy = down[i - 1] + 2 * down[i] + down[i + 1];
        length[i] = sqrtf((float)(gx * gx + gy * gy));
        direction[i] = direction_slot(gx, gy, per_radian, mask);
    }
}

/* The square roots (float32) of one `height` × `width` (each ≥ 2) uint8 grey image's
   histograms of gradient direction (image_gradients) in `cell` × `cell` cells, row by row,
   of `bins` slots each (a power of two), weighted by the gradients' lengths, summed in
   float64 in pixel order as np.bincount sums them, into `out`. `sums` holds the image's
   slots (float64), `cell_slot` width ints; the rest is image_gradients' scratch. */
static void image_histograms(const unsigned char *grey, int height, int width, int cell, int bins, float *out,
                             double *sums, int *cell_slot, int *across, int *down, float *lengths, int *directions)
{
    const int row_slots = width / cell * bins;
    const size_t padded = (size_t)width + 2, total = (size_t)(height / cell) * (size_t)row_slots;

    image_gradients(grey, height, width, (float)(bins / (2 * OPENCV_PI)), bins - 1, across, down, lengths,
                    directions);
    memset(sums, 0, sizeof(double) * total);
    for (int x = 0; x < width; x++)
        cell_slot[x] = x / cell * bins;
    for (int y = 0; y < height; y++) {
        double *row_sums = sums + (size_t)(y / cell) * (size_t)row_slots;
        const float *length = lengths + (size_t)y * padded + 1;
        const int *direction = directions + (size_t)y * padded + 1;
        for (int x = 0; x < width; x++)
            row_sums[cell_slot[x] + direction[x]] += length[x];
    }
    for (size_t i = 0; i < total; i++)
        out[i] = (float)sqrt(sums[i]);
}

/* --- squared distances ------------------------------------------------------------------ */

/* The products of a few rows with a matrix are taken a block of the matrix's columns at a
   time: 4 (or 3) rows times PANEL columns, each product's sum in a lane of its own, its
   terms added in order. The lanes are independent, so they run side by side (a row's
   PANEL lanes are one AVX-512 register, two AVX2 ones, four SSE2 or NEON ones), and every
   build adds the same numbers in the same order: all give the same bits. The matrices
   come as panels: each PANEL columns' rows one after another (PANEL floats each), so that
   a block's columns are read as they lie. */
#define ROWS_AT_ONCE 4
#define PANEL 16

/* Add to sums[j][c] the product of rows[j * length] and line[c], for j < count and
   c < PANEL. (restrict, and the loops in this order: gcc then keeps the sums in
   registers, a row's lanes a vector.) */
static INLINED void add_line(float sums[restrict ROWS_AT_ONCE][PANEL], const float *restrict line,
                             const float *restrict rows, int count, size_t length)
{
    for (int c = 0; c < PANEL; c++)
        for (int j = 0; j < count; j++)
            sums[j][c] += rows[j * length] * line[c];
}

/* block[j][c] = the sum over i < length of rows[j * length + i] * panel[i * PANEL + c],
   in order of i, for j < count (3 or ROWS_AT_ONCE) and c < PANEL. */
static INLINED void block_sums(const float *panel, const float *rows, int count, size_t length,
                               float block[ROWS_AT_ONCE][PANEL])
{
    float sums[ROWS_AT_ONCE][PANEL];

    for (int j = 0; j < count; j++)
        for (int c = 0; c < PANEL; c++)
            sums[j][c] = 0.0f;
    for (size_t i = 0; i < length; i++)
        add_line(sums, panel + i * PANEL, rows + i, count, length);
    for (int j = 0; j < count; j++)
        for (int c = 0; c < PANEL; c++)
            block[j][c] = sums[j][c];
}

/* block_sums for 3 or ROWS_AT_ONCE rows (`count`), the count made a constant. A function
   of its own, and never for fewer rows: then gcc keeps the sums in registers (inside its
   caller's loops, or for one or two rows, it does not). */
VECTORISED_WIDE NOT_INLINED
static void block_products(const float *panel, const float *rows, int count, size_t length,
                           float block[ROWS_AT_ONCE][PANEL])
{
    if (count == 3)
        block_sums(panel, rows, 3, length, block);
    else
        block_sums(panel, rows, ROWS_AT_ONCE, length, block);
}

/* How the products of `count` rows are taken: in blocks of ROWS_AT_ONCE or 3 rows, as
   few as can be and as few of 3 as those allow; *fours is set to how many of
   ROWS_AT_ONCE, which come first. Returns how many rows the blocks hold: more than `count`
   only when all are of 3, the last padded. */
static size_t blocks_of(size_t count, size_t *fours)
{
    size_t blocks = (count + ROWS_AT_ONCE - 1) / ROWS_AT_ONCE;
    size_t padded = count > 3 * blocks ? count : 3 * blocks;

    *fours = padded - 3 * blocks;
    return padded;
}

/* out (count × columns) = rows (count × length) times the matrix (length × columns) of
   `panels` (⌈columns / PANEL⌉ panels of length × PANEL), each product summed in order;
   `last` is scratch for 3 rows (a last block padded with zeros). */
static void products(const float *panels, size_t length, size_t columns, const float *rows, size_t count,
                     float *out, float *last)
{
    float block[ROWS_AT_ONCE][PANEL];
    size_t fours, padded = blocks_of(count, &fours);

    if (padded > count) {
        memset(last, 0, 3 * length * sizeof *last);
        memcpy(last, rows + (padded - 3) * length, (count - (padded - 3)) * length * sizeof *last);
    }
    for (size_t c0 = 0; c0 < columns; c0 += PANEL) {
        size_t width = columns - c0 < PANEL ? columns - c0 : PANEL;
        for (size_t m = 0; m < padded; m += m < ROWS_AT_ONCE * fours ? ROWS_AT_ONCE : 3) {
            int at_once = m < ROWS_AT_ONCE * fours ? ROWS_AT_ONCE : 3;
            block_products(panels + c0 * length, m + at_once <= count ? rows + m * length : last, at_once, length,
                           block);
            for (size_t j = 0; j < (size_t)at_once && m + j < count; j++)
                memcpy(out + (m + j) * columns + c0, block[j], width * sizeof *out);
        }
    }
}

/* The squared distances (count × prototypes, into `out`) from the `count` rows of `seen`
   (each `length` floats), projected by the projection (length × directions, as
   `projection_panels`), to the prototypes (directions × prototypes: the projected
   prototypes as columns, as `prototype_panels`), whose squared norms are `squares`:
   (|s|² + |p|²) − 2 s·p, each sum in order, in float32 but for |s|² (in double, rounded
   once). 0, or −1 when out of memory. */
VECTORISED_WIDE
static int squared_distances_of(const float *seen, size_t count, size_t length, const float *projection_panels,
                                size_t directions, const float *prototype_panels, const float *squares,
                                size_t prototypes, float *out)
{
    size_t longer = length > directions ? length : directions, room = 3 * longer + 1;
    float *flat, *last;

    if (directions > 0 && count > (SIZE_MAX / sizeof *flat - room) / directions)
        return -1;
    flat = malloc((count * directions + room) * sizeof *flat);
    if (!flat)
        return -1;
    last = flat + count * directions;
    products(projection_panels, length, directions, seen, count, flat, last);
    products(prototype_panels, directions, prototypes, flat, count, out, last);
    for (size_t m = 0; m < count; m++) {
        double sum = 0.0;
        float norm, *row = out + m * prototypes;
        for (size_t p = 0; p < directions; p++)
            sum += (double)flat[m * directions + p] * flat[m * directions + p];
        norm = (float)sum;
        for (size_t k = 0; k < prototypes; k++)
            row[k] = (norm + squares[k]) - 2.0f * row[k];
    }
    free(flat);
    return 0;
}

/* --- card shapes -------------------------------------------------------------------------- */

/* NumPy's float32 arithmetic of vision.detect's card-shape test, and OpenCV's
   isContourConvex and contourArea of a float32 contour, on one quad's corners (clockwise,
   short side first): its sides as sqrt(dx·dx + dy·dy) in float32, the ratio of the mean
   short to the mean long side within `tolerance` of `aspect` (both as float32), each side
   at least 0.8 of its opposite one, convex (OpenCV's test: a turn the other way, or none,
   is not), and an area (double, OpenCV's sum) from `least` to `most`. NaN fails every
   test. */
static int card_shaped_quad(const float *q, float aspect, float tolerance, double least, double most)
{
    float sides[4];
    for (int k = 0; k < 4; k++) {
        const float dx = q[2 * ((k + 1) & 3)] - q[2 * k], dy = q[2 * ((k + 1) & 3) + 1] - q[2 * k + 1];
        sides[k] = sqrtf(dx * dx + dy * dy);
    }
    const float shorter = (sides[0] + sides[2]) / 2.0f, longer = (sides[1] + sides[3]) / 2.0f;
    if (!(longer > 0.0f) || fabsf(shorter / longer - aspect) > tolerance)
        return 0;
    for (int a = 0; a < 2; a++) {
        const float x = sides[a], y = sides[a + 2];
        if (isnan(x) || isnan(y) || !((x < y ? x : y) >= 0.8f * (x < y ? y : x)))
            return 0;
    }
    /* OpenCV's isContourConvex_: the turn at each corner, from the side before it */
    float dx0 = q[6] - q[4], dy0 = q[7] - q[5];
    int orientation = 0;
    for (int k = 0; k < 4; k++) {
        const int before = (k + 3) & 3;
        const float dx = q[2 * k] - q[2 * before], dy = q[2 * k + 1] - q[2 * before + 1];
        const float dxdy0 = dx * dy0, dydx0 = dy * dx0;
        orientation |= dydx0 > dxdy0 ? 1 : dydx0 < dxdy0 ? 2 : 3;
        if (orientation == 3)
            return 0;
        dx0 = dx;
        dy0 = dy;
    }
    /* OpenCV's contourArea: the shoelace sum in double, from the last corner round */
    double area = 0.0;
    for (int k = 0, before = 3; k < 4; before = k++)
        area += (double)q[2 * before] * q[2 * k + 1] - (double)q[2 * before + 1] * q[2 * k];
    area = fabs(area * 0.5);
    return least <= area && area <= most;
}

/* The corners of a quad (x, y pairs, in place) clockwise in image coordinates (y down),
   ordered by their angles about the corners' mean (atan2, as Python's math.atan2 gives
   it for finite numbers; equal angles keep their order, as Python's stable sort keeps
   them), then turned by one when the first side is longer than the second (squared
   lengths summed from libm's pow(d, 2), as Python's d ** 2 takes them): the order
   vision.detect's Python gave, to the bit. Corners that are not all finite are left as
   they are. */
static void clockwise_short_first_of(double q[8])
{
    volatile double two = 2.0; /* pow itself, as Python calls it, never folded into d * d */
    double angle[4], sorted[8];
    int order[4];

    for (int k = 0; k < 8; k++)
        if (!isfinite(q[k]))
            return;
    const double cx = (q[0] + q[2] + q[4] + q[6]) / 4, cy = (q[1] + q[3] + q[5] + q[7]) / 4;
    for (int k = 0; k < 4; k++) {
        angle[k] = atan2(q[2 * k + 1] - cy, q[2 * k] - cx);
        int j = k;
        for (; j > 0 && angle[order[j - 1]] > angle[k]; j--)
            order[j] = order[j - 1];
        order[j] = k;
    }
    for (int k = 0; k < 4; k++) {
        sorted[2 * k] = q[2 * order[k]];
        sorted[2 * k + 1] = q[2 * order[k] + 1];
    }
    const double first = pow(sorted[2] - sorted[0], two) + pow(sorted[3] - sorted[1], two);
    const double second = pow(sorted[4] - sorted[2], two) + pow(sorted[5] - sorted[3], two);
    const int turn = first > second;
    for (int k = 0; k < 8; k++)
        q[k] = sorted[(k + 2 * turn) & 7];
}

/* Two card outlines, `shorter` × `longer` and `longer` × `shorter`, with a corner at (x, y)
   and their sides from it along the unit vectors (ux, uy) and (vx, vy), each in clockwise
   order (clockwise_short_first_of), as float32 into `out` (16 floats): vision.detect's
   Python sums, in its order. */
static void cards_at(double x, double y, double ux, double uy, double vx, double vy, double shorter, double longer,
                     float *out)
{
    const double sides[2][2] = {{shorter, longer}, {longer, shorter}};
    for (int k = 0; k < 2; k++) {
        const double a = sides[k][0], b = sides[k][1];
        double q[8] = {x, y, x + a * ux, y + a * uy, x + a * ux + b * vx, y + a * uy + b * vy, x + b * vx, y + b * vy};
        clockwise_short_first_of(q);
        for (int i = 0; i < 8; i++)
            out[8 * k + i] = (float)q[i];
    }
}

/* The cards (cards_at) at the square corners of the closed polygon `poly` (`count`
   corners, x and y each): where two of its sides at least a quarter of `shorter` long,
   with at most two sides between them that add up to at most a tenth of `shorter`, meet
   at 75–105° (the cosine of their directions within ±0.25), at the point where their
   lines cross. As vision.detect's NumPy did it, but the directions' cosine summed
   plainly (NumPy's dot product may fuse it, which differs in the last bit: it decides
   only a cosine of exactly 0.25). Into `out` (16 floats a corner, room for 2 · count
   corners); the number of cards written. */
static size_t square_corner_cards(const double *poly, size_t count, double shorter, double longer, float *out,
                                  double *scratch)
{
    double *sides = scratch, *lengths = scratch + 2 * count;
    size_t *first = (size_t *)(lengths + count), runs = 0, written = 0;

    if (count < 3)
        return 0;
    for (size_t i = 0; i < count; i++) {
        const size_t next = (i + 1) % count;
        sides[2 * i] = poly[2 * next] - poly[2 * i];
        sides[2 * i + 1] = poly[2 * next + 1] - poly[2 * i + 1];
        lengths[i] = hypot(sides[2 * i], sides[2 * i + 1]);
        if (lengths[i] >= 0.25 * shorter)
            first[runs++] = i;
    }
    if (runs < 2)
        return 0;
    for (size_t j = 0; j < runs; j++) {
        const size_t f = first[j], g = first[(j + 1) % runs], between = ((g + count) - f - 1) % count;
        const double rounding = (between >= 1 ? lengths[(f + 1) % count] : 0.0) +
                                (between >= 2 ? lengths[(f + 2) % count] : 0.0);
        if (between > 2 || rounding > 0.1 * shorter)
            continue;
        const double ux = sides[2 * f] / lengths[f], uy = sides[2 * f + 1] / lengths[f];
        const double vx = sides[2 * g] / lengths[g], vy = sides[2 * g + 1] / lengths[g];
        const double cross = ux * vy - uy * vx;
        if (fabs(ux * vx + uy * vy) > 0.25 || fabs(cross) < 1e-6)
            continue;
        const double x0 = poly[2 * f], y0 = poly[2 * f + 1], x1 = poly[2 * g], y1 = poly[2 * g + 1];
        const double along = ((x1 - x0) * vy - (y1 - y0) * vx) / cross;
        cards_at(x0 + along * ux, y0 + along * uy, -ux, -uy, vx, vy, shorter, longer, out + 8 * written);
        written += 2;
    }
    return written;
}

/* The cards (cards_at) at each corner of `quad` (4 corners, x and y each), along its two
   sides there: the unit vectors to the next corner and to the one before, each side's
   length at least 1e-6 (as vision.detect's NumPy did it). Into `out` (64 floats). */
static void cards_around_quad(const double *quad, double shorter, double longer, float *out)
{
    double along[8];
    for (int k = 0; k < 4; k++) {
        const int next = (k + 1) & 3;
        const double dx = quad[2 * next] - quad[2 * k], dy = quad[2 * next + 1] - quad[2 * k + 1];
        const double length = hypot(dx, dy) < 1e-6 ? 1e-6 : hypot(dx, dy); /* NaN stays NaN */
        along[2 * k] = dx / length;
        along[2 * k + 1] = dy / length;
    }
    for (int k = 0; k < 4; k++) {
        const int before = (k + 3) & 3;
        cards_at(quad[2 * k], quad[2 * k + 1], along[2 * k], along[2 * k + 1], -along[2 * before],
                 -along[2 * before + 1], shorter, longer, out + 16 * k);
    }
}

/* Whether every corner of `candidate` (8 floats) is within 3 of the same corner of one of
   the `count` quads: NumPy's float32 |quad − candidate|, its greatest per quad, their
   least below 3; a NaN in any difference makes it false, as NumPy's maximum and minimum
   carry NaN through. */
static int repeats_of(const float *quads, size_t count, const float *candidate)
{
    float least = INFINITY;
    for (size_t i = 0; i < count; i++) {
        float most = 0.0f;
        for (int k = 0; k < 8; k++) {
            const float d = fabsf(quads[8 * i + k] - candidate[k]);
            if (isnan(d))
                return 0;
            most = d > most ? d : most;
        }
        least = most < least ? most : least;
    }
    return least < 3.0f;
}

/* --- the module ------------------------------------------------------------------------- */

/* The size and name of items of struct format `type` ('B' uint8, 'i' int32, 'f' float32,
   'd' float64). */
static const struct {
    char type;
    Py_ssize_t size;
    const char *name;
} ITEMS[] = {{'B', 1, "uint8"}, {'i', 4, "int32"}, {'f', 4, "float32"}, {'d', 8, "float64"}};

/* The struct format letter of the items of `view` (one that get_array took). */
static char item_type(const Py_buffer *view)
{
    return view->format ? view->format[strlen(view->format) - 1] : 'B';
}

/* The `count` numbers of `view` (items 'i', 'f' or 'd') as doubles into `numbers`. */
static void as_doubles(const Py_buffer *view, size_t count, double *numbers)
{
    const char type = item_type(view);
    for (size_t i = 0; i < count; i++)
        numbers[i] = type == 'i' ? ((const int32_t *)view->buf)[i]
                     : type == 'f' ? ((const float *)view->buf)[i] : ((const double *)view->buf)[i];
}

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

PyDoc_STRVAR(edge_mask_doc,
             "edge_mask(grey, low, high, out)\n"
             "--\n\n"
             "Write to `out` (H x W uint8, C-contiguous, writable, not sharing memory with `grey`)\n"
             "cv2.dilate(cv2.Canny(grey, low, high), numpy.ones((3, 3), numpy.uint8)) of `grey`\n"
             "(H x W uint8, C-contiguous): Canny's edges (aperture 3, L1 gradient; the thresholds\n"
             "whole numbers, swapped when low > high) grown by a pixel each way, 255 or 0.");

/* Whether the `count` buffers share no memory; else a ValueError naming `names`. */
static int apart(const Py_buffer *const *views, int count, const char *names)
{
    for (int i = 0; i < count; i++)
        for (int j = i + 1; j < count; j++) {
            const char *a = views[i]->buf, *b = views[j]->buf;
            if (views[i]->len > 0 && views[j]->len > 0 && a < b + views[j]->len && b < a + views[i]->len) {
                PyErr_Format(PyExc_ValueError, "%s must not share memory", names);
                return 0;
            }
        }
    return 1;
}

/* Get `grey_object` as a C-contiguous 2-D uint8 picture and `out_object` as a writable
   one to write a picture made from it into: 0, or −1 with a TypeError or ValueError (grey
   empty or too large for int indices, out not its size or sharing memory with it), each
   view then released. */
static int get_picture_and_out(PyObject *grey_object, PyObject *out_object, Py_buffer *grey, Py_buffer *out)
{
    if (get_array(grey_object, grey, "grey", "B", 2, 0) < 0)
        return -1;
    if (get_array(out_object, out, "out", "B", 2, 1) < 0) {
        PyBuffer_Release(grey);
        return -1;
    }
    if (grey->shape[0] < 1 || grey->shape[1] < 1)
        PyErr_SetString(PyExc_ValueError, "grey must not be empty");
    else if (grey->shape[0] >= INT_MAX / 2 || grey->shape[1] >= INT_MAX / 2)
        PyErr_SetString(PyExc_ValueError, "grey is too large");
    else if (out->shape[0] != grey->shape[0] || out->shape[1] != grey->shape[1])
        PyErr_Format(PyExc_ValueError, "out must be %zd x %zd as grey is, not %zd x %zd", grey->shape[0],
                     grey->shape[1], out->shape[0], out->shape[1]);
    else if (apart((const Py_buffer *const[]){grey, out}, 2, "grey and out"))
        return 0;
    PyBuffer_Release(grey);
    PyBuffer_Release(out);
    return -1;
}

static PyObject *edge_mask(PyObject *module, PyObject *args)
{
    PyObject *grey_object, *out_object;
    int low, high, status;
    Py_buffer grey, out;
    (void)module;

    if (!PyArg_ParseTuple(args, "OiiO:edge_mask", &grey_object, &low, &high, &out_object) ||
        get_picture_and_out(grey_object, out_object, &grey, &out) < 0)
        return NULL;
    Py_BEGIN_ALLOW_THREADS
    status = canny_dilated(grey.buf, (int)grey.shape[0], (int)grey.shape[1], low, high, out.buf);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&grey);
    PyBuffer_Release(&out);
    return status < 0 ? PyErr_NoMemory() : Py_NewRef(Py_None);
}

PyDoc_STRVAR(brighter_mask_doc,
             "brighter_mask(grey, side, contrast, out)\n"
             "--\n\n"
             "Write to `out` (H x W uint8, C-contiguous, writable, not sharing memory with `grey`)\n"
             "cv2.threshold(cv2.subtract(grey, mean), contrast, 255, cv2.THRESH_BINARY)[1] of `grey`\n"
             "(H x W uint8, C-contiguous), where mean = cv2.boxFilter(grey, -1, (side, side),\n"
             "borderType=cv2.BORDER_REPLICATE | cv2.BORDER_ISOLATED): 255 where a pixel exceeds the\n"
             "mean of the side x side window around it, rounded to the nearest whole number, by\n"
             "more than `contrast` (a finite number) grey levels, else 0. `side` is odd, 1 to\n"
             "WIDEST_WINDOW: for those OpenCV's means are rounded to nearest, so these are its bits.");

static PyObject *brighter_mask(PyObject *module, PyObject *args)
{
    PyObject *grey_object, *out_object;
    int side, status;
    double contrast;
    Py_buffer grey, out;
    (void)module;

    if (!PyArg_ParseTuple(args, "OidO:brighter_mask", &grey_object, &side, &contrast, &out_object))
        return NULL;
    if (side < 1 || side > WIDEST_WINDOW || side % 2 == 0) {
        PyErr_Format(PyExc_ValueError, "side must be odd, 1 to %d, not %d", WIDEST_WINDOW, side);
        return NULL;
    }
    if (!isfinite(contrast)) {
        PyErr_SetString(PyExc_ValueError, "contrast must be a finite number");
        return NULL;
    }
    if (get_picture_and_out(grey_object, out_object, &grey, &out) < 0)
        return NULL;
    /* a whole-number difference exceeds contrast when it exceeds its floor; every
       difference (0 … 255) exceeds −1, none exceeds 255 */
    int above = contrast < -1 ? -1 : contrast > 255 ? 255 : (int)floor(contrast);
    Py_BEGIN_ALLOW_THREADS
    status = brighter_than_around(grey.buf, (int)grey.shape[0], (int)grey.shape[1], side, above, out.buf);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&grey);
    PyBuffer_Release(&out);
    return status < 0 ? PyErr_NoMemory() : Py_NewRef(Py_None);
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

PyDoc_STRVAR(distances_doc,
             "distances(mask, out)\n"
             "--\n\n"
             "Write to `out` (H x W float32, C-contiguous, writable) what\n"
             "cv2.distanceTransform(mask, cv2.DIST_L2, 3) gives for `mask` (H x W uint8, C-contiguous;\n"
             "any non-zero pixel is foreground) in OpenCV built without Intel's IPP (Debian's 4.6, the\n"
             "Pi's), to the bit: each pixel's distance to the nearest zero pixel along 3 x 3 chamfer\n"
             "steps (0.955 straight, 1.3693 diagonal) in OpenCV's fixed point of 2^-16 pixel, 8192.0\n"
             "everywhere when there is no zero pixel.");

static PyObject *distances(PyObject *module, PyObject *args)
{
    PyObject *mask_object, *out_object;
    Py_buffer mask = {0}, out = {0};
    PyObject *result = NULL;
    int status = 0;
    (void)module;

    if (!PyArg_ParseTuple(args, "OO:distances", &mask_object, &out_object))
        return NULL;
    if (get_array(mask_object, &mask, "mask", "B", 2, 0) == 0 && get_array(out_object, &out, "out", "f", 2, 1) == 0) {
        if (out.shape[0] != mask.shape[0] || out.shape[1] != mask.shape[1])
            PyErr_Format(PyExc_ValueError, "out must be %zd x %zd as mask is, not %zd x %zd", mask.shape[0],
                         mask.shape[1], out.shape[0], out.shape[1]);
        else if (mask.shape[1] > DIST_WIDEST || mask.shape[0] >= PY_SSIZE_T_MAX / 4 / (DIST_WIDEST + 2) - 5)
            PyErr_Format(PyExc_ValueError, "mask is too large (at most %d columns)", DIST_WIDEST);
        else {
            Py_BEGIN_ALLOW_THREADS
            status = chamfer_distances(mask.buf, (size_t)mask.shape[0], (size_t)mask.shape[1], out.buf);
            Py_END_ALLOW_THREADS
            result = status < 0 ? PyErr_NoMemory() : Py_NewRef(Py_None);
        }
    }
    PyBuffer_Release(&mask);
    PyBuffer_Release(&out);
    return result;
}

PyDoc_STRVAR(blur_doc,
             "blur(cards, taps, out)\n"
             "--\n\n"
             "Write to `out` (N x H x W x C uint8) each of the cards `cards` (N x H x W x C uint8)\n"
             "blurred as cv2.GaussianBlur blurs a uint8 image (BORDER_REFLECT_101) with a kernel of 5\n"
             "taps whose fixed-point form (getGaussianKernelBitExact, in 1/256) is `taps`: 5 whole\n"
             "numbers summing to 256; each card alone. `cards` and `out` C-contiguous, not sharing\n"
             "memory; H and W at least 3.");

static PyObject *blur(PyObject *module, PyObject *args)
{
    PyObject *cards_object, *out_object;
    Py_buffer cards = {0}, out = {0};
    int given[TAPS];
    uint16_t taps[TAPS];
    PyObject *result = NULL;
    (void)module;

    if (!PyArg_ParseTuple(args, "O(iiiii)O:blur", &cards_object, &given[0], &given[1], &given[2], &given[3], &given[4],
                          &out_object))
        return NULL;
    for (int t = 0, total = 0; t < TAPS; t++) {
        total += given[t];
        if (given[t] < 0 || given[t] > 256 || (t == TAPS - 1 && total != 256)) {
            PyErr_SetString(PyExc_ValueError, "taps must be 5 whole numbers 0 to 256 summing to 256");
            return NULL;
        }
        taps[t] = (uint16_t)given[t];
    }
    if (get_array(cards_object, &cards, "cards", "B", 4, 0) == 0 &&
        get_array(out_object, &out, "out", "B", 4, 1) == 0 &&
        apart((const Py_buffer *const[]){&cards, &out}, 2, "cards and out")) {
        const Py_ssize_t *shape = cards.shape;
        if (memcmp(out.shape, shape, 4 * sizeof *shape) != 0)
            PyErr_SetString(PyExc_ValueError, "out must be shaped as cards");
        else if (shape[1] <= REACH || shape[2] <= REACH || shape[1] > INT_MAX / 4 || shape[2] * shape[3] > INT_MAX / 4)
            PyErr_SetString(PyExc_ValueError, "the cards' height and width must be 3 to a large number");
        else {
            const int height = (int)shape[1], width = (int)shape[2], cn = (int)shape[3];
            const size_t numbers = (size_t)width * (size_t)cn, size = (size_t)height * numbers;
            uint16_t *filtered = malloc(sizeof(uint16_t) * size + numbers + 2 * REACH * (size_t)cn);
            Py_BEGIN_ALLOW_THREADS
            for (Py_ssize_t i = 0; filtered && i < shape[0]; i++)
                blur_card((const unsigned char *)cards.buf + size * (size_t)i, height, width, cn, taps,
                          (unsigned char *)out.buf + size * (size_t)i, filtered, (unsigned char *)(filtered + size));
            Py_END_ALLOW_THREADS
            result = filtered ? Py_NewRef(Py_None) : PyErr_NoMemory();
            free(filtered);
        }
    }
    PyBuffer_Release(&cards);
    PyBuffer_Release(&out);
    return result;
}

PyDoc_STRVAR(white_balance_doc,
             "white_balance(cards, patch, white, least, balanced, grey)\n"
             "--\n\n"
             "Write to `balanced` (N x H x W x 3 uint8) each of the BGR cards `cards` (N x H x W x 3\n"
             "uint8; H and W multiples of `patch`, W at most 256 of them) white balanced, and to\n"
             "`grey` (N x H x W uint8) its cv2.COLOR_BGR2GRAY levels. A card's gains are\n"
             "white / max(level, least) (float32) of the channels of its brightest patch: of\n"
             "cv2.resize(card, (W / patch, H / patch), interpolation=cv2.INTER_AREA), the first pixel\n"
             "with the greatest sum; each level is multiplied by its channel's gain (float32) and cut\n"
             "to a whole level, at most 255. The three arrays are C-contiguous and do not share\n"
             "memory.");

static PyObject *white_balance(PyObject *module, PyObject *args)
{
    PyObject *cards_object, *balanced_object, *grey_object;
    int patch;
    double white, least;
    Py_buffer cards = {0}, balanced = {0}, grey = {0};
    PyObject *result = NULL;
    (void)module;

    if (!PyArg_ParseTuple(args, "OiddOO:white_balance", &cards_object, &patch, &white, &least, &balanced_object,
                          &grey_object))
        return NULL;
    if (get_array(cards_object, &cards, "cards", "B", 4, 0) == 0 &&
        get_array(balanced_object, &balanced, "balanced", "B", 4, 1) == 0 &&
        get_array(grey_object, &grey, "grey", "B", 3, 1) == 0 &&
        apart((const Py_buffer *const[]){&cards, &balanced, &grey}, 3, "cards, balanced and grey")) {
        const Py_ssize_t *shape = cards.shape;
        if (shape[3] != 3 || shape[1] > INT_MAX || shape[2] > INT_MAX)
            PyErr_SetString(PyExc_ValueError, "cards must be N x H x W x 3");
        else if (patch < 1 || shape[1] % patch != 0 || shape[2] % patch != 0 || shape[2] / patch > 256)
            PyErr_Format(PyExc_ValueError, "the cards' height and width must be multiples of patch (%d), "
                         "at most 256 patches wide", patch);
        else if (!(least > 0) || !isfinite(least) || !(white >= 0) || !isfinite(white))
            PyErr_SetString(PyExc_ValueError, "least must be positive and white not negative");
        else if (memcmp(balanced.shape, shape, 4 * sizeof *shape) != 0 ||
                 memcmp(grey.shape, shape, 3 * sizeof *shape) != 0)
            PyErr_SetString(PyExc_ValueError, "balanced must be shaped as cards, grey as cards less their channels");
        else {
            const size_t pixels = (size_t)shape[1] * (size_t)shape[2];
            int *scratch = malloc(3 * sizeof(int) * (size_t)shape[2]);
            Py_BEGIN_ALLOW_THREADS
            for (Py_ssize_t i = 0; scratch && i < shape[0]; i++)
                white_balance_card((const unsigned char *)cards.buf + 3 * pixels * (size_t)i, (int)shape[1],
                                   (int)shape[2], patch, (float)white, (float)least,
                                   (unsigned char *)balanced.buf + 3 * pixels * (size_t)i,
                                   (unsigned char *)grey.buf + pixels * (size_t)i, scratch);
            Py_END_ALLOW_THREADS
            result = scratch ? Py_NewRef(Py_None) : PyErr_NoMemory();
            free(scratch);
        }
    }
    PyBuffer_Release(&cards);
    PyBuffer_Release(&balanced);
    PyBuffer_Release(&grey);
    return result;
}

PyDoc_STRVAR(shrink_doc,
             "shrink(src, out)\n"
             "--\n\n"
             "Write to `out` (h x w x C uint8) cv2.resize(src, (w, h), interpolation=cv2.INTER_AREA)\n"
             "of `src` (H x W x C uint8, C of 1 to 4, 1 <= h <= H, 1 <= w <= W), bit for bit. Both\n"
             "C-contiguous, not sharing memory.");

static PyObject *shrink(PyObject *module, PyObject *args)
{
    PyObject *src_object, *out_object;
    Py_buffer src = {0}, out = {0};
    PyObject *result = NULL;
    int status;
    (void)module;

    if (!PyArg_ParseTuple(args, "OO:shrink", &src_object, &out_object))
        return NULL;
    if (get_array(src_object, &src, "src", "B", 3, 0) == 0 && get_array(out_object, &out, "out", "B", 3, 1) == 0 &&
        apart((const Py_buffer *const[]){&src, &out}, 2, "src and out")) {
        if (out.shape[2] != src.shape[2] || src.shape[2] < 1 || src.shape[2] > 4)
            PyErr_SetString(PyExc_ValueError, "src and out must have the same channels, 1 to 4");
        else if (src.shape[0] > INT_MAX / 4 || src.shape[1] > INT_MAX / 4)
            PyErr_SetString(PyExc_ValueError, "src is too large");
        else if (out.shape[0] < 1 || out.shape[1] < 1 || out.shape[0] > src.shape[0] || out.shape[1] > src.shape[1])
            PyErr_Format(PyExc_ValueError, "out must be 1 x 1 to %zd x %zd, not %zd x %zd", src.shape[0],
                         src.shape[1], out.shape[0], out.shape[1]);
        else {
            Py_BEGIN_ALLOW_THREADS
            status = shrink_area(src.buf, (int)src.shape[0], (int)src.shape[1], (int)src.shape[2], out.buf,
                                 (int)out.shape[0], (int)out.shape[1]);
            Py_END_ALLOW_THREADS
            result = status < 0 ? PyErr_NoMemory() : Py_NewRef(Py_None);
        }
    }
    PyBuffer_Release(&src);
    PyBuffer_Release(&out);
    return result;
}

PyDoc_STRVAR(squared_distances_doc,
             "squared_distances(seen, projection_panels, prototype_panels, squares, out)\n"
             "--\n\n"
             "Write to `out` (M x K float32, C-contiguous, writable; no two of the arrays sharing\n"
             "memory) the squared distances from the M rows of `seen` (M x D float32), projected\n"
             "as s = row @ projection, to the K prototypes p, whose squared norms are `squares`\n"
             "(K float32): (|s|^2 + squares[k]) - 2 s.p in float32 (|s|^2 summed in double), every\n"
             "sum's terms added in order, so that every build gives the same bits. The matrices\n"
             "come as panels of 16 columns, the last padded with zeros: `projection_panels`\n"
             "(B x D x 16 float32) holds the projection (D x P, P <= 16 B) and `prototype_panels`\n"
             "(ceil(K / 16) x 16 B x 16 float32) the projected prototypes as columns (P x K), their\n"
             "rows from P on zeros.");

static PyObject *squared_distances(PyObject *module, PyObject *args)
{
    PyObject *objects[5];
    static const char *names[5] = {"seen", "projection_panels", "prototype_panels", "squares", "out"};
    static const int dimensions[5] = {2, 3, 3, 1, 2};
    Py_buffer views[5] = {{0}};
    PyObject *result = NULL;
    int got = 0, status = 0;
    (void)module;

    if (!PyArg_ParseTuple(args, "OOOOO:squared_distances", &objects[0], &objects[1], &objects[2], &objects[3],
                          &objects[4]))
        return NULL;
    while (got < 5 && get_array(objects[got], &views[got], names[got], "f", dimensions[got], got == 4) == 0)
        got++;
    if (got == 5) {
        const Py_buffer *seen = &views[0], *projection = &views[1], *prototypes = &views[2], *squares = &views[3],
                        *out = &views[4];
        Py_ssize_t directions = PANEL * projection->shape[0], count = squares->shape[0];
        if (projection->shape[1] != seen->shape[1] || projection->shape[2] != PANEL)
            PyErr_Format(PyExc_ValueError, "projection_panels must be B x %zd x %d (seen's columns), not %zd x %zd x %zd",
                         seen->shape[1], PANEL, projection->shape[0], projection->shape[1], projection->shape[2]);
        else if (prototypes->shape[1] != directions || prototypes->shape[2] != PANEL)
            PyErr_Format(PyExc_ValueError, "prototype_panels must be N x %zd x %d (projection_panels' columns), not "
                         "%zd x %zd x %zd", directions, PANEL, prototypes->shape[0], prototypes->shape[1],
                         prototypes->shape[2]);
        else if ((count + PANEL - 1) / PANEL != prototypes->shape[0])
            PyErr_Format(PyExc_ValueError, "squares must have %zd to %zd items (prototype_panels' columns), not %zd",
                         prototypes->shape[0] > 0 ? PANEL * (prototypes->shape[0] - 1) + 1 : 0,
                         PANEL * prototypes->shape[0], count);
        else if (out->shape[0] != seen->shape[0] || out->shape[1] != count)
            PyErr_Format(PyExc_ValueError, "out must be %zd x %zd (seen's rows by squares' items), not %zd x %zd",
                         seen->shape[0], count, out->shape[0], out->shape[1]);
        else if (apart((const Py_buffer *const[]){seen, projection, prototypes, squares, out}, 5,
                       "seen, projection_panels, prototype_panels, squares and out")) {
            Py_BEGIN_ALLOW_THREADS
            status = squared_distances_of(seen->buf, (size_t)seen->shape[0], (size_t)seen->shape[1],
                                          projection->buf, (size_t)directions, prototypes->buf, squares->buf,
                                          (size_t)count, out->buf);
            Py_END_ALLOW_THREADS
            result = status < 0 ? PyErr_NoMemory() : Py_NewRef(Py_None);
        }
    }
    while (got > 0)
        PyBuffer_Release(&views[--got]);
    return result;
}

PyDoc_STRVAR(card_shaped_doc,
             "card_shaped(quads, aspect, tolerance, least, most)\n"
             "--\n\n"
             "For each of the N quads (N x 4 x 2 float32, C-contiguous; clockwise, the first side a\n"
             "short one) whether it has a card's shape, as a list of N bools: the mean short side over\n"
             "the mean long side (sides measured in float32, as NumPy does) within `tolerance` of\n"
             "`aspect`, each side at least 0.8 of the one opposite, convex (cv2.isContourConvex) and\n"
             "of an area (cv2.contourArea) from `least` to `most`; what vision.detect's card-shape\n"
             "test did with NumPy and OpenCV, bit for bit.");

static PyObject *card_shaped(PyObject *module, PyObject *args)
{
    PyObject *quads_object, *result = NULL;
    Py_buffer quads = {0};
    double aspect, tolerance, least, most;
    (void)module;

    if (!PyArg_ParseTuple(args, "Odddd:card_shaped", &quads_object, &aspect, &tolerance, &least, &most))
        return NULL;
    if (get_array(quads_object, &quads, "quads", "f", 3, 0) < 0)
        return NULL;
    if (quads.shape[1] != 4 || quads.shape[2] != 2)
        PyErr_Format(PyExc_ValueError, "quads must be N x 4 x 2, not %zd x %zd x %zd", quads.shape[0], quads.shape[1],
                     quads.shape[2]);
    else if ((result = PyList_New(quads.shape[0])) != NULL)
        for (Py_ssize_t i = 0; i < quads.shape[0]; i++)
            PyList_SET_ITEM(result, i, Py_NewRef(card_shaped_quad((const float *)quads.buf + 8 * i, (float)aspect,
                                                                  (float)tolerance, least, most) ? Py_True : Py_False));
    PyBuffer_Release(&quads);
    return result;
}

PyDoc_STRVAR(clockwise_short_first_doc,
             "clockwise_short_first(quad, out)\n"
             "--\n\n"
             "Write to `out` (4 x 2 float32, C-contiguous, writable) the corners of `quad` (a 4 x 2\n"
             "float32 or float64 C-contiguous array, or a list of four [x, y] lists) clockwise in\n"
             "image coordinates, the first side a short one: ordered by their angles about the\n"
             "corners' mean, turned by one if the first side is longer than the second, as\n"
             "vision.detect's Python did it, to the bit. Corners that are not all finite are\n"
             "written as given.");

static PyObject *clockwise_short_first(PyObject *module, PyObject *args)
{
    PyObject *quad_object, *out_object, *result = NULL;
    Py_buffer quad = {0}, out = {0};
    double q[8];
    int got = 0;
    (void)module;

    if (!PyArg_ParseTuple(args, "OO:clockwise_short_first", &quad_object, &out_object))
        return NULL;
    if (PyList_Check(quad_object)) {
        got = PyList_GET_SIZE(quad_object) == 4;
        for (int k = 0; got && k < 4; k++) {
            PyObject *corner = PyList_GET_ITEM(quad_object, k);
            got = PyList_Check(corner) && PyList_GET_SIZE(corner) == 2;
            for (int c = 0; got && c < 2; c++)
                got = (q[2 * k + c] = PyFloat_AsDouble(PyList_GET_ITEM(corner, c))) != -1.0 || !PyErr_Occurred();
        }
        if (!got && !PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "quad must be a list of four [x, y] lists");
    } else if (get_array(quad_object, &quad, "quad", "fd", 2, 0) == 0) {
        got = quad.shape[0] == 4 && quad.shape[1] == 2;
        if (!got)
            PyErr_Format(PyExc_ValueError, "quad must be 4 x 2, not %zd x %zd", quad.shape[0], quad.shape[1]);
        if (got)
            as_doubles(&quad, 8, q);
        PyBuffer_Release(&quad);
    }
    if (got && get_array(out_object, &out, "out", "f", 2, 1) == 0) {
        if (out.shape[0] != 4 || out.shape[1] != 2)
            PyErr_Format(PyExc_ValueError, "out must be 4 x 2, not %zd x %zd", out.shape[0], out.shape[1]);
        else {
            clockwise_short_first_of(q);
            for (int k = 0; k < 8; k++)
                ((float *)out.buf)[k] = (float)q[k];
            result = Py_NewRef(Py_None);
        }
        PyBuffer_Release(&out);
    }
    return result;
}

PyDoc_STRVAR(repeats_doc,
             "repeats(quads, count, candidate)\n"
             "--\n\n"
             "Whether every corner of `candidate` (4 x 2 float32) is within 3 of the same corner of\n"
             "one of the first `count` quads of `quads` (N x 4 x 2 float32, both C-contiguous), as\n"
             "NumPy's float32 arithmetic tells it (False when a difference is NaN).");

static PyObject *repeats(PyObject *module, PyObject *args)
{
    PyObject *quads_object, *candidate_object, *result = NULL;
    Py_buffer quads = {0}, candidate = {0};
    Py_ssize_t count;
    (void)module;

    if (!PyArg_ParseTuple(args, "OnO:repeats", &quads_object, &count, &candidate_object))
        return NULL;
    if (get_array(quads_object, &quads, "quads", "f", 3, 0) == 0 &&
        get_array(candidate_object, &candidate, "candidate", "f", 2, 0) == 0) {
        if (quads.shape[1] != 4 || quads.shape[2] != 2 || candidate.shape[0] != 4 || candidate.shape[1] != 2)
            PyErr_SetString(PyExc_ValueError, "quads must be N x 4 x 2 and candidate 4 x 2");
        else if (count < 0 || count > quads.shape[0])
            PyErr_Format(PyExc_ValueError, "count must be from 0 to %zd, not %zd", quads.shape[0], count);
        else
            result = PyBool_FromLong(repeats_of(quads.buf, (size_t)count, candidate.buf));
    }
    PyBuffer_Release(&quads);
    PyBuffer_Release(&candidate);
    return result;
}

PyDoc_STRVAR(gradient_histograms_doc,
             "gradient_histograms(greys, cell, bins, out)\n"
             "--\n\n"
             "Write to `out` (N x L float32, L = H / cell x W / cell x bins) the square roots of each\n"
             "grey image's of `greys` (N x H x W uint8; H and W multiples of `cell`, at least 2)\n"
             "histograms of gradient direction in `cell` x `cell` cells, row by row, of `bins` slots\n"
             "each (a power of two), weighted by the gradients' lengths, as\n"
             "np.sqrt(np.bincount(slots, lengths)).astype(np.float32) makes them from\n"
             "cv2.cartToPolar(cv2.Sobel(g, cv2.CV_32F, 1, 0), cv2.Sobel(g, cv2.CV_32F, 0, 1)) of the\n"
             "image reflected by a row at the top and bottom (BORDER_REFLECT_101, as at the sides), a\n"
             "slot being int(angle * (bins / (2 pi))) & (bins - 1) in float32; bit for bit in\n"
             "OpenCV 4 and 5. Both C-contiguous, not sharing memory.");

static PyObject *gradient_histograms(PyObject *module, PyObject *args)
{
    PyObject *greys_object, *out_object;
    Py_buffer greys = {0}, out = {0};
    int cell, bins;
    PyObject *result = NULL;
    (void)module;

    if (!PyArg_ParseTuple(args, "OiiO:gradient_histograms", &greys_object, &cell, &bins, &out_object))
        return NULL;
    if (bins < 1 || bins > 256 || (bins & (bins - 1)) != 0 || cell < 1) {
        PyErr_SetString(PyExc_ValueError, "bins must be a power of two to 256, cell positive");
        return NULL;
    }
    if (get_array(greys_object, &greys, "greys", "B", 3, 0) == 0 && get_array(out_object, &out, "out", "f", 2, 1) == 0 &&
        apart((const Py_buffer *const[]){&greys, &out}, 2, "greys and out")) {
        const Py_ssize_t *shape = greys.shape;
        if (shape[1] < 2 || shape[2] < 2 || shape[1] % cell != 0 || shape[2] % cell != 0 || shape[1] > INT_MAX / 4 ||
            shape[2] > INT_MAX / 4 / bins)
            PyErr_Format(PyExc_ValueError, "the images' height and width must be multiples of cell (%d), at least 2",
                         cell);
        else if (out.shape[0] != shape[0] || out.shape[1] != shape[1] / cell * (shape[2] / cell) * bins)
            PyErr_SetString(PyExc_ValueError, "out must be N x (H / cell x W / cell x bins)");
        else {
            const int height = (int)shape[1], width = (int)shape[2];
            const size_t pixels = (size_t)height * (size_t)width, slots = (size_t)out.shape[1],
                         padded = (size_t)height * ((size_t)width + 2);
            double *sums = malloc(sizeof(double) * slots + sizeof(int) * (size_t)width + 4 * sizeof(int) * padded);
            Py_BEGIN_ALLOW_THREADS
            if (sums) {
                int *cell_slot = (int *)(sums + slots), *across = cell_slot + width, *down = across + padded,
                    *directions = down + padded;
                float *lengths = (float *)(directions + padded);
                for (Py_ssize_t i = 0; i < shape[0]; i++)
                    image_histograms((const unsigned char *)greys.buf + pixels * (size_t)i, height, width, cell, bins,
                                     (float *)out.buf + slots * (size_t)i, sums, cell_slot, across, down, lengths,
                                     directions);
            }
            Py_END_ALLOW_THREADS
            result = sums ? Py_NewRef(Py_None) : PyErr_NoMemory();
            free(sums);
        }
    }
    PyBuffer_Release(&greys);
    PyBuffer_Release(&out);
    return result;
}

PyDoc_STRVAR(corner_cards_doc,
             "corner_cards(poly, shorter, longer)\n"
             "--\n\n"
             "The card outlines, shorter x longer and longer x shorter, placed at the square corners\n"
             "of the closed polygon `poly` (N x 2 int32 or float64, C-contiguous), as vision.detect's\n"
             "_corner_quads describes them: a bytearray of float32, 4 x 2 a card, each clockwise\n"
             "with a short side first.");

static PyObject *corner_cards(PyObject *module, PyObject *args)
{
    PyObject *poly_object, *result = NULL;
    Py_buffer poly = {0};
    double shorter, longer;
    (void)module;

    if (!PyArg_ParseTuple(args, "Odd:corner_cards", &poly_object, &shorter, &longer) ||
        get_array(poly_object, &poly, "poly", "id", 2, 0) < 0)
        return NULL;
    if (poly.shape[1] != 2)
        PyErr_Format(PyExc_ValueError, "poly must be N x 2, not %zd x %zd", poly.shape[0], poly.shape[1]);
    else {
        const size_t count = (size_t)poly.shape[0];
        /* the corners, then square_corner_cards' sides, lengths and runs */
        double *numbers = malloc((5 * count + 1) * sizeof(double) + count * sizeof(size_t));
        float *cards = malloc((16 * count + 1) * sizeof(float));
        if (!numbers || !cards)
            PyErr_NoMemory();
        else {
            as_doubles(&poly, 2 * count, numbers);
            const size_t written = square_corner_cards(numbers, count, shorter, longer, cards, numbers + 2 * count);
            result = PyByteArray_FromStringAndSize((const char *)cards, (Py_ssize_t)(written * 8 * sizeof(float)));
        }
        free(numbers);
        free(cards);
    }
    PyBuffer_Release(&poly);
    return result;
}

PyDoc_STRVAR(cards_around_doc,
             "cards_around(quad, shorter, longer)\n"
             "--\n\n"
             "The card outlines, shorter x longer and longer x shorter, placed at each corner of\n"
             "`quad` (4 x 2 float32 or float64, C-contiguous) along its two sides there, as\n"
             "vision.detect's _cards_around describes them: a bytearray of float32, 4 x 2 a card,\n"
             "each clockwise with a short side first.");

static PyObject *cards_around(PyObject *module, PyObject *args)
{
    PyObject *quad_object, *result = NULL;
    Py_buffer quad = {0};
    double shorter, longer, corners[8];
    float cards[64];
    (void)module;

    if (!PyArg_ParseTuple(args, "Odd:cards_around", &quad_object, &shorter, &longer) ||
        get_array(quad_object, &quad, "quad", "fd", 2, 0) < 0)
        return NULL;
    if (quad.shape[0] != 4 || quad.shape[1] != 2)
        PyErr_Format(PyExc_ValueError, "quad must be 4 x 2, not %zd x %zd", quad.shape[0], quad.shape[1]);
    else {
        as_doubles(&quad, 8, corners);
        cards_around_quad(corners, shorter, longer, cards);
        result = PyByteArray_FromStringAndSize((const char *)cards, sizeof cards);
    }
    PyBuffer_Release(&quad);
    return result;
}

static PyMethodDef methods[] = {
    {"refine", refine, METH_VARARGS, refine_doc},
    {"edge_mask", edge_mask, METH_VARARGS, edge_mask_doc},
    {"brighter_mask", brighter_mask, METH_VARARGS, brighter_mask_doc},
    {"outer_contours", outer_contours, METH_VARARGS, outer_contours_doc},
    {"distances", distances, METH_VARARGS, distances_doc},
    {"blur", blur, METH_VARARGS, blur_doc},
    {"white_balance", white_balance, METH_VARARGS, white_balance_doc},
    {"shrink", shrink, METH_VARARGS, shrink_doc},
    {"squared_distances", squared_distances, METH_VARARGS, squared_distances_doc},
    {"card_shaped", card_shaped, METH_VARARGS, card_shaped_doc},
    {"clockwise_short_first", clockwise_short_first, METH_VARARGS, clockwise_short_first_doc},
    {"repeats", repeats, METH_VARARGS, repeats_doc},
    {"corner_cards", corner_cards, METH_VARARGS, corner_cards_doc},
    {"cards_around", cards_around, METH_VARARGS, cards_around_doc},
    {"gradient_histograms", gradient_histograms, METH_VARARGS, gradient_histograms_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "vision._refine",
    .m_doc = "Candidate outlines moved onto a card's real edges: the work of vision.outline.refine_all; "
             "a mask's outer contours traced as cv2.findContours traces them, its specks left out "
             "(vision.detect._outer_contours); "
             "Canny's edges grown by a pixel (vision.detect.CardFinder.outlines); "
             "a blob's chamfer distances as OpenCV's own code gives them (vision.detect._split); "
             "where a picture is brighter than the mean around it (vision.detect._brighter_than_around); "
             "card images blurred, white balanced and shrunk, and their gradient histograms made, as OpenCV "
             "and NumPy do it (vision.describe); "
             "the squared distances of the matching (vision.model.DeckModel._distances); and "
             "quads tested for a card's shape, put in clockwise order, compared, and placed at corners "
             "(vision.detect).",
    .m_size = 0,
    .m_methods = methods,
};

PyMODINIT_FUNC PyInit__refine(void)
{
    PyObject *m = PyModule_Create(&module);

    if (m && PyModule_AddIntConstant(m, "WIDEST_WINDOW", WIDEST_WINDOW) < 0)
        Py_CLEAR(m);
    return m;
}
