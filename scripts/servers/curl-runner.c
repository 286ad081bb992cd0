/*
 * curl-runner: answers URL requests with libcurl's URL API (Debian 12's
 * libcurl 7.88.1), one JSON line per request, for the server-parser oracles
 * in tests/data/servers/.
 *
 *   gcc -O2 -o curl-runner curl-runner.c -lcurl     (scripts/servers/install does this)
 *   curl-runner [--transfer] < requests.jsonl > answers.jsonl
 *   curl-runner --version
 *   curl-runner --echo    (self-test: writes back {"input":..,"base":..}
 *                          as decoded, to check the JSON round trip)
 *
 * Input: one JSON object a line, {"input": STRING, "base": STRING or null}
 * (other keys are ignored). Output, in the same order, one object a line:
 *
 *   success: {"ok":true,"href":...,"scheme":...,"user":...,"password":...,
 *             "options":...,"host":...,"zoneid":...,"port":...,"path":...,
 *             "query":...,"fragment":...}
 *            a part that curl_url_get reports missing (CURLUE_NO_USER, ...)
 *            is null; "href" is null with "href_error" when the URL can't be
 *            assembled (e.g. CURLUE_NO_SCHEME).
 *   failure: {"ok":false,"code":21,"error":"CURLUE_BAD_HOSTNAME","message":"Bad hostname"}
 *   either may carry "base_error" (code, name and message of the failed
 *   base set: the handle then stays empty, so libcurl parses the input alone)
 *   and "nul":true when the input or base held U+0000: the C API takes
 *   NUL-terminated strings, so libcurl sees only the text before it.
 *
 * What is asked of libcurl (the project's definition):
 *   h = curl_url();
 *   if base: curl_url_set(h, CURLUPART_URL, base,  CURLU_NON_SUPPORT_SCHEME)
 *            curl_url_set(h, CURLUPART_URL, input, CURLU_NON_SUPPORT_SCHEME)
 *            (the second call resolves a relative reference against the first)
 *   else:    curl_url_set(h, CURLUPART_URL, input, CURLU_NON_SUPPORT_SCHEME)
 *   then the parts with curl_url_get(h, PART, &s, 0), HOST before URL
 *   (getting CURLUPART_URL rewrites a stored host's '%' as "%25" in place),
 *   and last curl_url_get(h, CURLUPART_URL, &s, 0).
 * No other flag: CURLU_GUESS_SCHEME/DEFAULT_SCHEME would turn scheme-less
 * input ("example.com/x") into http(s) URLs, which a server that receives a
 * URL does not do (and curl's own transfer code only adds it for
 * CURLOPT_URL); CURLU_URLENCODE/ALLOW_SPACE are what libcurl adds when it
 * follows a redirect; PATH_AS_IS keeps dot segments; DEFAULT_PORT fills in
 * ports.
 *
 * --transfer models what libcurl's transfer engine itself passes instead
 * (lib/url.c parseurlandfillconn and lib/transfer.c Curl_follow, 7.88.1):
 * the base (CURLOPT_URL) with CURLU_GUESS_SCHEME|CURLU_NON_SUPPORT_SCHEME,
 * the input as a followed Location with CURLU_URLENCODE|CURLU_ALLOW_SPACE
 * (no NON_SUPPORT_SCHEME: unknown schemes fail); an input without a base is
 * set like CURLOPT_URL.
 *
 * Strings: input JSON is decoded to UTF-8 (\uXXXX pairs joined; a lone
 * surrogate becomes U+FFFD). Output strings that are valid UTF-8 are written
 * as JSON strings (exactly, every control character escaped); a string that
 * is not valid UTF-8 (curl percent-decodes hosts, so "%ff" gives byte 0xff)
 * is written as {"bytes":"<lowercase hex>"}.
 */
#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- output --------------------------------------------------------- */

static int valid_utf8(const unsigned char *s, size_t n)
{
    size_t i = 0;
    while(i < n) {
        unsigned char c = s[i];
        if(c < 0x80) { i++; continue; }
        size_t len; unsigned int cp, min;
        if((c & 0xe0) == 0xc0) { len = 2; cp = c & 0x1f; min = 0x80; }
        else if((c & 0xf0) == 0xe0) { len = 3; cp = c & 0x0f; min = 0x800; }
        else if((c & 0xf8) == 0xf0) { len = 4; cp = c & 0x07; min = 0x10000; }
        else return 0;
        if(i + len > n) return 0;
        for(size_t k = 1; k < len; k++) {
            if((s[i + k] & 0xc0) != 0x80) return 0;
            cp = (cp << 6) | (s[i + k] & 0x3f);
        }
        if(cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return 0;
        i += len;
    }
    return 1;
}

static void put_bytes(FILE *o, const char *s, size_t n);

static void put_str(FILE *o, const char *s)
{
    if(!s) { fputs("null", o); return; }
    put_bytes(o, s, strlen(s));
}

static void put_bytes(FILE *o, const char *s, size_t n)
{
    if(!valid_utf8((const unsigned char *)s, n)) {
        fputs("{\"bytes\":\"", o);
        for(size_t i = 0; i < n; i++) fprintf(o, "%02x", (unsigned char)s[i]);
        fputs("\"}", o);
        return;
    }
    putc('"', o);
    for(size_t i = 0; i < n; i++) {
        unsigned char c = s[i];
        switch(c) {
        case '"': fputs("\\\"", o); break;
        case '\\': fputs("\\\\", o); break;
        case '\n': fputs("\\n", o); break;
        case '\r': fputs("\\r", o); break;
        case '\t': fputs("\\t", o); break;
        default:
            if(c < 0x20 || c == 0x7f) fprintf(o, "\\u%04x", c);
            else putc(c, o);
        }
    }
    putc('"', o);
}

static void put_key(FILE *o, const char *k, int *first)
{
    if(!*first) putc(',', o);
    *first = 0;
    fprintf(o, "\"%s\":", k);
}

/* ---- input ---------------------------------------------------------- */

struct buf { char *p; size_t len, cap; };

static void add(struct buf *b, const void *d, size_t n)
{
    if(b->len + n + 1 > b->cap) {
        b->cap = (b->len + n + 1) * 2;
        b->p = realloc(b->p, b->cap);
        if(!b->p) { perror("realloc"); exit(2); }
    }
    memcpy(b->p + b->len, d, n);
    b->len += n;
    b->p[b->len] = 0;
}

static void add_cp(struct buf *b, unsigned int cp)
{
    unsigned char t[4]; size_t n;
    if(cp < 0x80) { t[0] = cp; n = 1; }
    else if(cp < 0x800) { t[0] = 0xc0 | (cp >> 6); t[1] = 0x80 | (cp & 0x3f); n = 2; }
    else if(cp < 0x10000) { t[0] = 0xe0 | (cp >> 12); t[1] = 0x80 | ((cp >> 6) & 0x3f); t[2] = 0x80 | (cp & 0x3f); n = 3; }
    else { t[0] = 0xf0 | (cp >> 18); t[1] = 0x80 | ((cp >> 12) & 0x3f); t[2] = 0x80 | ((cp >> 6) & 0x3f); t[3] = 0x80 | (cp & 0x3f); n = 4; }
    add(b, t, n);
}

static const char *ws(const char *p) { while(*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') p++; return p; }

static int hex4(const char *p, unsigned int *v)
{
    *v = 0;
    for(int i = 0; i < 4; i++) {
        char c = p[i]; unsigned int d;
        if(c >= '0' && c <= '9') d = c - '0';
        else if(c >= 'a' && c <= 'f') d = c - 'a' + 10;
        else if(c >= 'A' && c <= 'F') d = c - 'A' + 10;
        else return 0;
        *v = (*v << 4) | d;
    }
    return 1;
}

/* Parses a JSON string at p (at the opening quote) into b; returns the
   position after it, or NULL on a syntax error. */
static const char *parse_string(const char *p, struct buf *b)
{
    if(*p != '"') return NULL;
    p++;
    b->len = 0; add(b, "", 0);
    for(;;) {
        unsigned char c = *p;
        if(!c) return NULL;
        if(c == '"') return p + 1;
        if(c != '\\') { add(b, p, 1); p++; continue; }
        p++;
        switch(*p) {
        case '"': add(b, "\"", 1); break;
        case '\\': add(b, "\\", 1); break;
        case '/': add(b, "/", 1); break;
        case 'b': add(b, "\b", 1); break;
        case 'f': add(b, "\f", 1); break;
        case 'n': add(b, "\n", 1); break;
        case 'r': add(b, "\r", 1); break;
        case 't': add(b, "\t", 1); break;
        case 'u': {
            unsigned int v, w;
            if(!hex4(p + 1, &v)) return NULL;
            p += 4;
            if(v >= 0xd800 && v <= 0xdbff && p[1] == '\\' && p[2] == 'u' && hex4(p + 3, &w) &&
               w >= 0xdc00 && w <= 0xdfff) {
                v = 0x10000 + ((v - 0xd800) << 10) + (w - 0xdc00);
                p += 6;
            }
            else if(v >= 0xd800 && v <= 0xdfff)
                v = 0xfffd; /* lone surrogate */
            add_cp(b, v);
            break;
        }
        default: return NULL;
        }
        p++;
    }
}

/* Skips any JSON value (for keys we ignore). */
static const char *skip_value(const char *p, struct buf *tmp)
{
    p = ws(p);
    if(*p == '"') return parse_string(p, tmp);
    if(*p == '{' || *p == '[') {
        int depth = 0;
        do {
            if(*p == '"') { p = parse_string(p, tmp); if(!p) return NULL; continue; }
            if(*p == '{' || *p == '[') depth++;
            else if(*p == '}' || *p == ']') depth--;
            else if(!*p) return NULL;
            p++;
        } while(depth);
        return p;
    }
    while(*p && *p != ',' && *p != '}') p++;
    return p;
}

/* Parses {"input":..., "base":...}; *has_base is 0 for null or absent. */
static int parse_request(const char *line, struct buf *input, int *has_input,
                         struct buf *base, int *has_base)
{
    struct buf key = {0}, tmp = {0};
    const char *p = ws(line);
    int ok = 0;
    *has_input = *has_base = 0;
    if(*p != '{') goto out;
    p = ws(p + 1);
    if(*p == '}') { ok = 1; goto out; }
    for(;;) {
        p = parse_string(ws(p), &key);
        if(!p) goto out;
        p = ws(p);
        if(*p != ':') goto out;
        p = ws(p + 1);
        if(!strcmp(key.p, "input") || !strcmp(key.p, "base")) {
            int is_input = !strcmp(key.p, "input");
            if(*p == '"') {
                p = parse_string(p, is_input ? input : base);
                if(!p) goto out;
                if(is_input) *has_input = 1; else *has_base = 1;
            }
            else if(!strncmp(p, "null", 4)) p += 4;
            else goto out;
        }
        else {
            p = skip_value(p, &tmp);
            if(!p) goto out;
        }
        p = ws(p);
        if(*p == ',') { p++; continue; }
        if(*p == '}') { ok = 1; break; }
        goto out;
    }
out:
    free(key.p); free(tmp.p);
    return ok;
}

/* ---- the request ---------------------------------------------------- */

static const char *code_name(CURLUcode c)
{
    static const char *names[] = {
        "CURLUE_OK", "CURLUE_BAD_HANDLE", "CURLUE_BAD_PARTPOINTER", "CURLUE_MALFORMED_INPUT",
        "CURLUE_BAD_PORT_NUMBER", "CURLUE_UNSUPPORTED_SCHEME", "CURLUE_URLDECODE",
        "CURLUE_OUT_OF_MEMORY", "CURLUE_USER_NOT_ALLOWED", "CURLUE_UNKNOWN_PART",
        "CURLUE_NO_SCHEME", "CURLUE_NO_USER", "CURLUE_NO_PASSWORD", "CURLUE_NO_OPTIONS",
        "CURLUE_NO_HOST", "CURLUE_NO_PORT", "CURLUE_NO_QUERY", "CURLUE_NO_FRAGMENT",
        "CURLUE_NO_ZONEID", "CURLUE_BAD_FILE_URL", "CURLUE_BAD_FRAGMENT", "CURLUE_BAD_HOSTNAME",
        "CURLUE_BAD_IPV6", "CURLUE_BAD_LOGIN", "CURLUE_BAD_PASSWORD", "CURLUE_BAD_PATH",
        "CURLUE_BAD_QUERY", "CURLUE_BAD_SCHEME", "CURLUE_BAD_SLASHES", "CURLUE_BAD_USER",
        "CURLUE_LACKS_IDN",
    };
    if((unsigned)c < sizeof(names) / sizeof(names[0])) return names[c];
    return "CURLUE_?";
}

static void put_code(FILE *o, CURLUcode c)
{
    fprintf(o, "\"code\":%d,\"error\":", (int)c);
    put_str(o, code_name(c));
    fputs(",\"message\":", o);
    put_str(o, curl_url_strerror(c));
}

static void answer(FILE *o, const struct buf *input, int has_base, const struct buf *base, int transfer)
{
    unsigned int base_flags = CURLU_NON_SUPPORT_SCHEME, input_flags = CURLU_NON_SUPPORT_SCHEME;
    if(transfer) {
        base_flags = CURLU_GUESS_SCHEME | CURLU_NON_SUPPORT_SCHEME;
        input_flags = has_base ? (CURLU_URLENCODE | CURLU_ALLOW_SPACE) : base_flags;
    }
    int nul = strlen(input->p) != input->len || (has_base && strlen(base->p) != base->len);
    CURLU *h = curl_url();
    CURLUcode base_rc = CURLUE_OK, rc;
    if(has_base) base_rc = curl_url_set(h, CURLUPART_URL, base->p, base_flags);
    rc = curl_url_set(h, CURLUPART_URL, input->p, input_flags);
    putc('{', o);
    if(rc) {
        fputs("\"ok\":false,", o);
        put_code(o, rc);
    }
    else {
        static const struct { const char *name; CURLUPart part; } parts[] = {
            {"scheme", CURLUPART_SCHEME}, {"user", CURLUPART_USER}, {"password", CURLUPART_PASSWORD},
            {"options", CURLUPART_OPTIONS}, {"host", CURLUPART_HOST}, {"zoneid", CURLUPART_ZONEID},
            {"port", CURLUPART_PORT}, {"path", CURLUPART_PATH}, {"query", CURLUPART_QUERY},
            {"fragment", CURLUPART_FRAGMENT},
        };
        int first = 1;
        put_key(o, "ok", &first); fputs("true", o);
        for(size_t i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
            char *s = NULL;
            curl_url_get(h, parts[i].part, &s, 0);
            put_key(o, parts[i].name, &first);
            put_str(o, s);
            curl_free(s);
        }
        char *href = NULL;
        CURLUcode hc = curl_url_get(h, CURLUPART_URL, &href, 0);
        put_key(o, "href", &first);
        put_str(o, href);
        curl_free(href);
        if(hc) {
            fputs(",\"href_error\":{", o);
            put_code(o, hc);
            putc('}', o);
        }
    }
    if(base_rc) {
        fputs(",\"base_error\":{", o);
        put_code(o, base_rc);
        putc('}', o);
    }
    if(nul) fputs(",\"nul\":true", o);
    fputs("}\n", o);
    curl_url_cleanup(h);
}

int main(int argc, char **argv)
{
    int transfer = 0, echo = 0;
    for(int i = 1; i < argc; i++) {
        if(!strcmp(argv[i], "--version")) {
            curl_version_info_data *v = curl_version_info(CURLVERSION_NOW);
            printf("libcurl %s (built against headers %s)\n", v->version, LIBCURL_VERSION);
            return 0;
        }
        else if(!strcmp(argv[i], "--transfer")) transfer = 1;
        else if(!strcmp(argv[i], "--echo")) echo = 1;
        else { fprintf(stderr, "usage: curl-runner [--transfer|--version] < requests.jsonl\n"); return 2; }
    }
    char *line = NULL; size_t cap = 0; ssize_t n;
    struct buf input = {0}, base = {0};
    long lineno = 0;
    while((n = getline(&line, &cap, stdin)) > 0) {
        lineno++;
        int has_input, has_base;
        if(!parse_request(line, &input, &has_input, &base, &has_base) || !has_input) {
            fprintf(stderr, "curl-runner: line %ld: not a {\"input\":...} object\n", lineno);
            return 1;
        }
        if(echo) {
            /* the decoded strings, NULs included, re-encoded */
            fputs("{\"input\":", stdout);
            put_bytes(stdout, input.p, input.len);
            fputs(",\"base\":", stdout);
            if(has_base) put_bytes(stdout, base.p, base.len); else fputs("null", stdout);
            fputs("}\n", stdout);
        }
        else
            answer(stdout, &input, has_base, &base, transfer);
    }
    free(line); free(input.p); free(base.p);
    return 0;
}
