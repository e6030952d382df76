/* seedc predictor: runs the model on the examples read from stdin and prints one prediction per line
 * (the label; for a tensor-valued model its outputs: raw integers, or floats in the float build).
 *
 *     ./predictor [--labels N] [--tsv] < examples.csv
 *
 * It accepts exactly the rows `seedc run --data FILE.csv|FILE.tsv --labels N` accepts (seedc's
 * seedc.io.DelimitedText), so the two never read one file differently:
 *  - lines end in LF or CRLF and may be of any length; a UTF-8 byte-order mark at the start is skipped;
 *    blank lines (only whitespace) are skipped; a line holding a NUL byte is an error;
 *  - fields are separated by ',' (as in a .csv) or, with --tsv, by tabs (as in a .tsv); each is trimmed of
 *    whitespace (Java's Character.isWhitespace: ASCII and the Unicode spaces other than no-break ones),
 *    then of one pair of enclosing double quotes and trimmed again; a separator between quotes still
 *    separates;
 *  - the first non-blank line is a header, and skipped, when none of its fields is a number (spellings of
 *    NaN and infinity count as numbers here, so a first row holding "nan" is reported, not skipped);
 *  - every row, a header included, has N label fields (--labels N, default 1) and then SEEDC_INPUT_LEN
 *    feature fields; the labels are checked and not used;
 *  - every field of a data row is a plain decimal, [+-] digits [. digits] [(e|E) [+-] digits] with at least
 *    one digit before the exponent, finite as a double: no empty field, nan, inf, hexadecimal, 1f or 1e400;
 *  - there is at least one data row.
 * The first line that breaks a rule ends the run with "predictor: line L, field F: ..." (or "line L: ...")
 * on stderr, saying what was found and what was expected, and exit status 1; the rows before it have been
 * predicted. */
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "predict.h"

#ifdef SEEDC_FLOAT_BUILD
typedef float seedc_input_t;
static float quantize(double x, int shift) { (void)shift; return (float)x; }
#define SD_SHIFT(i) 0
#define seedc_predict seedc_predict_float
#define seedc_output seedc_output_float
#define SD_OUT_FMT "%.6g"
#define SD_OUT(v) ((double)(v))
#else
#define SD_OUT_FMT "%ld"
#define SD_OUT(v) ((long)(v))
#ifdef SEEDC_INPUT_SHIFTS
static const int input_shift[SEEDC_INPUT_LEN] = SEEDC_INPUT_SHIFTS;
#define SD_SHIFT(i) input_shift[i]
#else
#define SD_SHIFT(i) 0
#endif
/* x is finite (the reader rejects the rest), so round() of it is too, or +-inf after ldexp: the clamps
 * below then keep the conversion to the integer type defined. */
static seedc_input_t quantize(double x, int shift) {
    double v = round(ldexp(x, SEEDC_INPUT_SCALE + shift));
    double hi = (double)(((int64_t)1 << (SEEDC_INPUT_BITS - 1)) - 1), lo = -hi - 1;
    if (v >= hi) return (seedc_input_t)hi;
    if (v <= lo) return (seedc_input_t)lo;
    return (seedc_input_t)v;
}
#endif

#ifdef __GNUC__
#define SD_FAILS __attribute__((noreturn, format(printf, 3, 4)))
#else
#define SD_FAILS
#endif

/* Prints "predictor: line L, field F: MESSAGE" (no field when F is 0; no line when L is 0) and exits 1. */
static void fail(unsigned long line, size_t field, const char *fmt, ...) SD_FAILS;
static void fail(unsigned long line, size_t field, const char *fmt, ...) {
    va_list ap;
    fputs("predictor: ", stderr);
    if (line > 0 && field > 0) fprintf(stderr, "line %lu, field %zu: ", line, field);
    else if (line > 0) fprintf(stderr, "line %lu: ", line);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(1);
}

/* A field fit for a message, as seedc run prints one: quoted, control bytes escaped, cut after 40 bytes
 * (a field may be megabytes long). The text lives until the next call. */
static const char *quoted(const char *s, size_t n) {
    static char out[2 + 40 * 4 + 3 + 1];
    size_t cut = n > 40 ? 40 : n, k = 0;
    while (cut < n && cut > 0 && ((unsigned char)s[cut] & 0xC0) == 0x80) cut--; /* not inside a UTF-8 character */
    out[k++] = '\'';
    for (size_t i = 0; i < cut; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x20 || c == 0x7F) k += (size_t)sprintf(out + k, "\\x%02x", c);
        else out[k++] = (char)c;
    }
    if (cut < n) { memcpy(out + k, "...", 3); k += 3; }
    out[k++] = '\'';
    out[k] = 0;
    return out;
}

/* The length of the whitespace character that starts s[0..n), 0 if none. seedc run trims with Java's
 * Character.isWhitespace: \t \n \v \f \r, 0x1C-0x1F and space, and (here in UTF-8) U+1680, U+2000-U+2006,
 * U+2008-U+200A, U+2028, U+2029, U+205F and U+3000. */
static size_t space_at(const char *p, size_t n) {
    const unsigned char *s = (const unsigned char *)p;
    if (n == 0) return 0;
    if ((s[0] >= 0x09 && s[0] <= 0x0D) || (s[0] >= 0x1C && s[0] <= 0x20)) return 1;
    if (n < 3) return 0;
    unsigned a = s[0], b = s[1], c = s[2];
    int space = (a == 0xE1 && b == 0x9A && c == 0x80)
            || (a == 0xE2 && b == 0x80 && ((c >= 0x80 && c <= 0x8A && c != 0x87) || c == 0xA8 || c == 0xA9))
            || (a == 0xE2 && b == 0x81 && c == 0x9F) || (a == 0xE3 && b == 0x80 && c == 0x80);
    return space ? 3 : 0;
}

/* Narrows [*a, *b) of s to its text without leading and trailing whitespace. */
static void trim(const char *s, size_t *a, size_t *b) {
    size_t k;
    while ((k = space_at(s + *a, *b - *a)) > 0) *a += k;
    while (*b > *a) {
        if (space_at(s + *b - 1, 1)) *b -= 1;
        else if (*b - *a >= 3 && space_at(s + *b - 3, 3) == 3) *b -= 3;
        else break;
    }
}

/* The field of line[*pos..len) before the next separator, as seedc run splits it: [*a, *b) after trimming,
 * removing one pair of enclosing quotes and trimming again. Moves *pos past the separator, or to len + 1
 * after the last field. */
static void next_field(const char *line, size_t len, char sep, size_t *pos, size_t *a, size_t *b) {
    const char *at = memchr(line + *pos, sep, len - *pos);
    size_t end = at ? (size_t)(at - line) : len;
    *a = *pos;
    *b = end;
    trim(line, a, b);
    if (*b - *a >= 2 && line[*a] == '"' && line[*b - 1] == '"') {
        (*a)++;
        (*b)--;
        trim(line, a, b);
    }
    *pos = end + 1;
}

/* Spellings of NaN and infinity (numpy, pandas, C, Java), any case, optionally signed: 'n' for NaN, 'i' for
 * infinity, 0 for anything else. */
static int non_finite(const char *s, size_t n) {
    char t[9];
    if (n > 0 && (s[0] == '+' || s[0] == '-')) { s++; n--; }
    if (n >= sizeof t) return 0;
    for (size_t i = 0; i < n; i++) t[i] = (char)(s[i] >= 'A' && s[i] <= 'Z' ? s[i] - 'A' + 'a' : s[i]);
    t[n] = 0;
    if (strcmp(t, "nan") == 0) return 'n';
    return strcmp(t, "inf") == 0 || strcmp(t, "infinity") == 0 ? 'i' : 0;
}

static int digit(char c) { return c >= '0' && c <= '9'; }

/* A plain decimal such as -1, 2., .5 or 6.02e23; stricter than strtod, which also takes hexadecimal,
 * nan and inf. */
static int is_decimal(const char *s, size_t n) {
    size_t i = 0, digits = 0, exponent = 0;
    if (i < n && (s[i] == '+' || s[i] == '-')) i++;
    for (; i < n && digit(s[i]); i++) digits++;
    if (i < n && s[i] == '.') for (i++; i < n && digit(s[i]); i++) digits++;
    if (digits == 0) return 0;
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        i++;
        if (i < n && (s[i] == '+' || s[i] == '-')) i++;
        for (; i < n && digit(s[i]); i++) exponent++;
        if (exponent == 0) return 0;
    }
    return i == n;
}

/* seedc run's hint for a field holding another common separator (a ';'-separated file, or tabs without
 * --tsv). */
static const char *separator_hint(const char *s, size_t n, char sep) {
    static const char others[] = ",;\t|";
    for (const char *c = others; *c; c++) {
        if (*c != sep && memchr(s, *c, n)) return sep == ',' ? " (fields are separated by ','; --tsv reads tabs)" : " (--tsv: fields are separated by tabs)";
    }
    return "";
}

/* The value of field f of a data row, line[a..b); ends the run unless it is a finite plain decimal. The
 * byte at b (whitespace, a quote, the separator or the end) becomes the NUL strtod needs. */
static double number(char *line, size_t a, size_t b, char sep, unsigned long lineno, size_t f) {
    const char *s = line + a;
    size_t n = b - a;
    int nf;
    if (n == 0) fail(lineno, f, "empty field, expected a number");
    if ((nf = non_finite(s, n)) != 0) {
        fail(lineno, f, "%s: %s is not allowed, expected a finite number", quoted(s, n), nf == 'n' ? "NaN" : "infinity");
    }
    if (!is_decimal(s, n)) fail(lineno, f, "%s is not a number%s", quoted(s, n), separator_hint(s, n, sep));
    line[b] = 0;
    double v = strtod(s, NULL);
    if (isinf(v)) fail(lineno, f, "%s is out of range (beyond +-1.8e308)", quoted(s, n));
    return v;
}

/* Whether the line is a header by seedc run's rule: none of its fields is a number (nor NaN or infinity). */
static int is_header(const char *line, size_t len, char sep) {
    size_t pos = 0, a, b;
    while (pos <= len) {
        next_field(line, len, sep, &pos, &a, &b);
        if (is_decimal(line + a, b - a) || non_finite(line + a, b - a)) return 0;
    }
    return 1;
}

static size_t count_fields(const char *line, size_t len, char sep) {
    size_t n = 1;
    for (const char *p = line; (p = memchr(p, sep, len - (size_t)(p - line))) != NULL; p++) n++;
    return n;
}

/* Reads the next line of stdin, without its '\n', into *buf (grown as needed and NUL-terminated): no limit
 * on its length but memory. Returns 0 at the end of the input, else 1 with its length in *len. */
static int read_line(char **buf, size_t *cap, size_t *len, unsigned long lineno) {
    size_t n = 0;
    int c;
    while ((c = getc(stdin)) != EOF && c != '\n') {
        if (n + 1 >= *cap) {
            char *grown = *cap <= ((size_t)-1) / 2 ? realloc(*buf, *cap * 2) : NULL;
            if (grown == NULL) fail(lineno, 0, "out of memory for a line of more than %zu bytes", n);
            *buf = grown;
            *cap *= 2;
        }
        (*buf)[n++] = (char)c;
    }
    if (ferror(stdin)) fail(lineno, 0, "cannot read the input");
    if (c == EOF && n == 0) return 0;
    (*buf)[n] = 0;
    *len = n;
    return 1;
}

static const char USAGE[] = "usage: predictor [--labels N] [--tsv] < examples (label(s) first, then %d features)";

int main(int argc, char **argv) {
    static seedc_input_t x[SEEDC_INPUT_LEN];
    long labels = 1;
    char sep = ',';
    for (int i = 1; i < argc; i++) {
        char *end;
        if (strcmp(argv[i], "--tsv") == 0) {
            sep = '\t';
        } else if (strcmp(argv[i], "--labels") == 0 && i + 1 < argc) {
            labels = strtol(argv[++i], &end, 10);
            if (end == argv[i] || *end || labels < 1 || labels > INT_MAX - SEEDC_INPUT_LEN) {
                fail(0, 0, "--labels must be a whole number from 1 to %d, got '%s'", INT_MAX - SEEDC_INPUT_LEN, argv[i]);
            }
        } else {
            fail(0, 0, USAGE, SEEDC_INPUT_LEN);
        }
    }
    const size_t want = (size_t)labels + SEEDC_INPUT_LEN;
    const char *plural = labels == 1 ? "" : "s";
    size_t cap = 4096, len;
    char *line = malloc(cap);
    if (line == NULL) fail(0, 0, "out of memory");
    unsigned long lineno = 0, header = 0, rows = 0;
    size_t header_fields = 0;
    while (read_line(&line, &cap, &len, lineno + 1)) {
        size_t pos = 0, a, b;
        lineno++;
        if (len > 0 && line[len - 1] == '\r') line[--len] = 0;
        if (lineno == 1 && len >= 3 && memcmp(line, "\xEF\xBB\xBF", 3) == 0) pos = 3; /* spreadsheet exports */
        if (memchr(line, 0, len)) fail(lineno, 0, "contains a NUL byte; this is not a text file");
        char *text = line + pos;
        len -= pos;
        a = 0;
        b = len;
        trim(text, &a, &b);
        if (a == b) continue;
        size_t fields = count_fields(text, len, sep);
        if (rows == 0 && header == 0 && is_header(text, len, sep)) {
            header = lineno;
            header_fields = fields;
            continue;
        }
        /* The order of seedc run's checks, so that both name the same line: the header against the first
         * data row, then each row's count, then its fields. */
        const char *hint = fields == 1 ? separator_hint(text, len, sep) : "";
        if (rows == 0 && header > 0 && header_fields != fields) {
            fail(header, 0, "the header row has %zu field%s, but the first data row (line %lu) has %zu%s",
                    header_fields, header_fields == 1 ? "" : "s", lineno, fields, hint);
        }
        if (fields != want) {
            fail(lineno, 0, "%zu field%s, expected %zu: %ld label%s (--labels) and %d features%s",
                    fields, fields == 1 ? "" : "s", want, labels, plural, SEEDC_INPUT_LEN, hint);
        }
        pos = 0;
        for (size_t f = 1; f <= want; f++) {
            next_field(text, len, sep, &pos, &a, &b);
            double v = number(text, a, b, sep, lineno, f);
            if (f > (size_t)labels) {
                size_t i = f - (size_t)labels - 1;
                x[i] = quantize(v, SD_SHIFT(i));
            }
        }
        rows++;
        int32_t label = seedc_predict(x);
#if SEEDC_OUTPUT_LEN > 0
        (void)label;
        for (int i = 0; i < SEEDC_OUTPUT_LEN; i++) printf(i ? " " SD_OUT_FMT : SD_OUT_FMT, SD_OUT(seedc_output[i]));
        printf("\n");
#else
        printf("%ld\n", (long)label);
#endif
    }
    free(line);
    if (rows == 0 && header > 0) {
        fail(0, 0, "no data rows; line %lu was taken as a header because none of its fields is a number", header);
    }
    if (rows == 0) fail(0, 0, "no data rows on stdin");
    if (fflush(stdout) != 0 || ferror(stdout)) fail(0, 0, "cannot write the predictions");
    return 0;
}
